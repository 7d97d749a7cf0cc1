// Command predict runs the prediction-market service and its tools.
//
//	predict serve     HTTP API and the chain side in one process
//	predict migrate   apply database migrations and exit
//	predict token     mint a development identity token (embedded mode only)
//	predict deploy    deploy the contract suite to a chain over JSON-RPC
//	predict devnode   run the embedded dev chain alone, serving JSON-RPC
//	predict demo      serve with sample markets (serve --demo)
//
// and the client verbs (package internal/cli): login, markets, market, buy, sell,
// claim, watch … a command line over the Go client for a person at a
// shell.
//
// Every command reads the same PREDICT_* environment variables (README.md).
// predict help lists them all; predict COMMAND -h prints one's flags.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"unicode/utf8"

	"github.com/predict-dev/predict/internal/cli"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr)
	stop()
	os.Exit(exitCode(err, os.Stderr))
}

// Exit statuses.
const (
	exitOK     = 0
	exitFailed = 1 // the command ran and failed
	exitUsage  = 2 // the command line cannot run: as the shells and flag.ExitOnError do
)

// exitCode reports err on stderr and returns the exit status for it.
func exitCode(err error, stderr io.Writer) int {
	if err == nil {
		return exitOK
	}
	var u *cli.UsageError
	if errors.As(err, &u) {
		if !u.Shown {
			fmt.Fprintln(stderr, "predict: "+u.Error())
		}
		return exitUsage
	}
	fmt.Fprintln(stderr, cli.ErrorLine(err))
	return exitFailed
}

// command is a command of the program itself: the service and the tools
// beside it. The client verbs are in package cli.
type command struct {
	name, args, summary string
	// config: the command reads the service's configuration.
	config bool
	run    func(ctx context.Context, e *commandEnv, args []string) error
}

// commandEnv is what a command runs with.
type commandEnv struct {
	cfg            *Config // nil unless the command's config is set
	getenv         func(string) string
	stdin          io.Reader
	stdout, stderr io.Writer
}

// commands lists the service's commands in the order of the usage text.
// help is not in the table: it reads the table. It is filled in init
// because the commands' usage reads it.
var commands []command

func init() {
	commands = []command{
		{"serve", "[--demo]", "run the service (the embedded default with no configuration)", true,
			func(ctx context.Context, e *commandEnv, args []string) error {
				return runServe(ctx, e.cfg, "serve", args, e.stderr)
			}},
		{"demo", "", "serve with sample markets on a new embedded default (serve --demo)", true,
			func(ctx context.Context, e *commandEnv, args []string) error {
				return runServe(ctx, e.cfg, "demo", args, e.stderr)
			}},
		{"migrate", "", "apply database migrations and exit", true,
			func(ctx context.Context, e *commandEnv, args []string) error {
				return runMigrate(ctx, e.cfg, args, e.stderr)
			}},
		{"token", "--sub DID [--ttl 1h]", "print a development identity token (embedded identity)", true,
			func(_ context.Context, e *commandEnv, args []string) error {
				return runToken(e.cfg, args, e.stdout, e.stderr)
			}},
		{"deploy", "--rpc URL", "deploy the contract suite to a chain and print its PREDICT_* settings", true,
			func(ctx context.Context, e *commandEnv, args []string) error {
				return runDeploy(ctx, e.cfg, args, e.stdout, e.stderr)
			}},
		{"devnode", "[--addr 127.0.0.1:8545]", "run the dev chain alone with JSON-RPC (like geth --dev)", true,
			func(ctx context.Context, e *commandEnv, args []string) error {
				return runDevnode(ctx, e.cfg, args, e.stdout, e.stderr)
			}},
		{"keygen", "--out FILE", "write a new smart-account owner key to FILE, print its address", false,
			func(_ context.Context, e *commandEnv, args []string) error {
				return runKeygen(args, e.stdout, e.stderr)
			}},
		{"sign", "--key-file FILE [--body JSON]", "sign a prepared UserOperation read on stdin, print the request body", false,
			func(_ context.Context, e *commandEnv, args []string) error {
				return runSign(args, e.getenv, e.stdin, e.stdout, e.stderr)
			}},
		{"sign-login", "--key-file FILE [--body JSON]", "sign a login challenge read on stdin, print the login body", false,
			func(_ context.Context, e *commandEnv, args []string) error {
				return runSignLogin(args, e.getenv, e.stdin, e.stdout, e.stderr)
			}},
		{"version", "", "this program's version, commit and Go version (also: predict --version)", false, runVersion},
	}
}

// findCommand returns the service command called name.
func findCommand(name string) (command, bool) {
	for _, c := range commands {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// usage is the help text of the program, wrapped at cli.HelpWidth.
func usage() string {
	width := 0
	for _, c := range commands {
		width = max(width, utf8.RuneCountInString(strings.TrimSpace("predict "+c.name+" "+c.args)))
	}
	for _, v := range cli.Verbs() {
		width = max(width, utf8.RuneCountInString(strings.TrimSpace("predict "+v.Name+" "+v.Args)))
	}
	width = cli.UsageColumn(width)
	var b strings.Builder
	b.WriteString("predict: a prediction-market service\n\nUsage: predict COMMAND [flags] [arguments]\n\nService:\n")
	for _, c := range commands {
		cli.UsageRow(&b, width, c.name, c.args, c.summary)
	}
	cli.UsageRow(&b, width, "help", "[COMMAND]", "this text, or a command's usage and flags")
	b.WriteString("\nClient (a command line over the HTTP API; predict login first):\n")
	b.WriteString(cli.Usage(width))
	b.WriteString(`
predict COMMAND -h (or predict help COMMAND) prints a command's usage and
flags. Every client verb takes --profile NAME (or PREDICT_PROFILE) and --json.

Exit status: 0 on success (and for -h), 1 when the command failed, 2 when
the command line is wrong (no or an unknown command, a bad flag or argument).

Configuration is read from PREDICT_* environment variables; see README.md.
`)
	return b.String()
}

// run dispatches a command. It takes its environment as arguments so
// tests can run the real program in-process. A help request returns nil;
// a command line that cannot run returns a *cli.UsageError.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage())
		return &cli.UsageError{Err: errors.New("no command"), Shown: true}
	}
	name, rest := args[0], args[1:]
	switch name {
	case "help", "-h", "-help", "--help":
		return runHelp(ctx, rest, getenv, stdout)
	case "--version", "-version":
		name = "version"
	}
	if v, ok := cli.Find(name); ok {
		return cli.HelpDone(cli.Run(ctx, v, rest, getenv, os.Stdin, stdout, stderr))
	}
	if c, ok := findCommand(name); ok {
		return runCommand(ctx, c, rest, getenv, stdout, stderr)
	}
	return cli.Usagef("unknown command %q: run predict help", name)
}
