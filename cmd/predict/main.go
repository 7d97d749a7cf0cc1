// Command predict runs the prediction-market service and its tools.
//
//	predict serve     HTTP API and the chain side in one process
//	predict migrate   apply database migrations and exit
//	predict token     mint a development identity token (embedded mode only)
//	predict deploy    deploy the contract suite to a chain over JSON-RPC
//	predict devnode   run the embedded dev chain alone, serving JSON-RPC
//	predict demo      serve with sample markets (serve --demo)
//
// and the client verbs (cli.go): login, markets, market, buy, sell,
// claim, watch … a command line over the Go client for a person at a
// shell.
//
// Every command reads the same PREDICT_* environment variables (README.md).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, errorLine(err))
		}
		os.Exit(1)
	}
}

// usage is the help text of the program.
var usage = `predict: a prediction-market service

Usage:
  predict serve             run the service (embedded default with no configuration)
  predict serve --demo      the same, with sample markets on a new embedded default (also: predict demo)
  predict migrate           apply database migrations and exit
  predict token --sub DID   print a development identity token (embedded mode)
  predict deploy --rpc URL  deploy the contract suite to a chain and print its PREDICT_* settings
  predict devnode           run the dev chain alone with JSON-RPC (like geth --dev)
  predict keygen --out F    write a new smart-account owner key to F, print its address
  predict sign --key-file F sign a prepared UserOperation read on stdin, print the request body
  predict sign-login --key-file F
                            sign a login challenge read on stdin, print the login body

Client (a command line over the HTTP API; predict login first):
` + cliUsage() + `
Every client verb takes --profile NAME (or PREDICT_PROFILE) and --json;
predict VERB -h lists its flags.

Configuration is read from PREDICT_* environment variables; see README.md.
`

// run dispatches a subcommand. It takes its environment as arguments so
// tests can run the real program in-process.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return flag.ErrHelp
	}
	// Client-side tools need no service configuration.
	switch args[0] {
	case "keygen":
		return runKeygen(args[1:], stdout, stderr)
	case "sign":
		return runSign(args[1:], os.Stdin, stdout, stderr)
	case "sign-login":
		return runSignLogin(args[1:], os.Stdin, stdout, stderr)
	}
	if v, ok := findVerb(args[0]); ok {
		return runCLI(ctx, v, args[1:], getenv, os.Stdin, stdout, stderr)
	}
	cfg, err := LoadConfig(getenv)
	if err != nil {
		return err
	}
	switch args[0] {
	case "serve":
		return runServe(ctx, cfg, args[1:], stderr)
	case "demo":
		return runServe(ctx, cfg, append([]string{"--demo"}, args[1:]...), stderr)
	case "migrate":
		return runMigrate(ctx, cfg, args[1:], stderr)
	case "token":
		return runToken(cfg, args[1:], stdout, stderr)
	case "deploy":
		return runDeploy(ctx, cfg, args[1:], stdout, stderr)
	case "devnode":
		return runDevnode(ctx, cfg, args[1:], stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	fmt.Fprint(stderr, usage)
	return fmt.Errorf("unknown command %q", args[0])
}
