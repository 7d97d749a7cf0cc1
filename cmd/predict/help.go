package main

// Help and version, the same for every command: predict COMMAND -h and
// predict help COMMAND print the command's usage and flags and succeed;
// predict version prints what the binary was built from.

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/predict-dev/predict/internal/cli"
)

// runCommand runs a service command. A help request runs the command with
// -h alone, so that it only prints its flags, whatever else the line
// holds and even when the configuration is not valid.
func runCommand(ctx context.Context, c command, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	help := cli.HelpAsked(args)
	if help {
		args = []string{"-h"}
	}
	e := &commandEnv{getenv: getenv, stdin: os.Stdin, stdout: stdout, stderr: stderr}
	if c.config {
		cfg, err := LoadConfig(getenv)
		switch {
		case err == nil:
			e.cfg = cfg
		case help:
			e.cfg = &Config{} // the flags' defaults without the configuration's
		default:
			return err
		}
	}
	return cli.HelpDone(c.run(ctx, e, args))
}

// commandFlags is the flag set of the service command name: its usage in
// the program's form (verbUsage, from the command table) and its errors on
// stderr.
func commandFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		c, _ := findCommand(name)
		fmt.Fprint(stderr, cli.VerbUsage(name, c.args, c.summary))
		some := false
		fs.VisitAll(func(*flag.Flag) { some = true })
		if some {
			fmt.Fprint(stderr, "\nFlags:\n")
			cli.PrintFlags(stderr, fs)
		}
	}
	return fs
}

// parseCommandFlags parses a service command's flags. A line the flag
// package refuses is a usage error (exit 2); it has printed why.
func parseCommandFlags(fs *flag.FlagSet, args []string) error {
	err := fs.Parse(args)
	if err != nil && !errors.Is(err, flag.ErrHelp) {
		return &cli.UsageError{Err: err, Shown: true}
	}
	return err
}

// runHelp prints the program's usage, or one command's on stdout.
// "help liquidity add" prints the usage of that subcommand.
func runHelp(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	if len(args) == 0 || args[0] == "help" {
		fmt.Fprint(stdout, usage())
		return nil
	}
	if v, ok := cli.Find(args[0]); ok {
		return cli.HelpDone(cli.Run(ctx, v, append(args[1:len(args):len(args)], "-h"), getenv, os.Stdin, stdout, stdout))
	}
	if c, ok := findCommand(args[0]); ok {
		return runCommand(ctx, c, []string{"-h"}, getenv, stdout, stdout)
	}
	return cli.Usagef("help: unknown command %q: run predict help", args[0])
}

// buildFacts is what the Go toolchain recorded in the binary about its
// build.
type buildFacts struct {
	Module string `json:"module"`
	// Version is the module's version: a tag (go install …@v1.2.0), a
	// pseudo-version stamped from the checkout, or "(devel)".
	Version string `json:"version"`
	// Commit, CommitTime and Modified come from the checkout that was
	// built; empty when it was built outside one (go test, -buildvcs=false).
	Commit     string `json:"commit,omitempty"`
	CommitTime string `json:"commitTime,omitempty"`
	Modified   bool   `json:"modified"`
	Go         string `json:"go"`
	Platform   string `json:"platform"`
}

// readBuildFacts reads bi (nil when the binary has none).
func readBuildFacts(bi *debug.BuildInfo) buildFacts {
	f := buildFacts{Version: "unknown", Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if bi == nil {
		return f
	}
	f.Module, f.Version = bi.Main.Path, bi.Main.Version
	if f.Version == "" {
		f.Version = "(devel)"
	}
	if bi.GoVersion != "" {
		f.Go = bi.GoVersion
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			f.Commit = s.Value
		case "vcs.time":
			f.CommitTime = s.Value
		case "vcs.modified":
			f.Modified, _ = strconv.ParseBool(s.Value)
		}
	}
	return f
}

// text writes the facts for people.
func (f buildFacts) text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "predict %s\n", f.Version)
	commit := "unknown (built outside a git checkout)"
	if f.Commit != "" {
		var about []string
		if f.CommitTime != "" {
			about = append(about, f.CommitTime)
		}
		if f.Modified {
			about = append(about, "with uncommitted changes")
		}
		commit = f.Commit
		if len(about) > 0 {
			commit += " (" + strings.Join(about, ", ") + ")"
		}
	}
	fmt.Fprintf(&b, "commit  %s\n", commit)
	fmt.Fprintf(&b, "go      %s %s\n", f.Go, f.Platform)
	if f.Module != "" {
		fmt.Fprintf(&b, "module  %s\n", f.Module)
	}
	return b.String()
}

// runVersion prints the binary's build facts.
func runVersion(_ context.Context, e *commandEnv, args []string) error {
	fs := commandFlags("version", e.stderr)
	jsonOut := fs.Bool("json", false, "print the facts as JSON, for scripts")
	if err := parseCommandFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return cli.Usagef("version: too many arguments: %s", strings.Join(fs.Args(), " "))
	}
	bi, _ := debug.ReadBuildInfo()
	f := readBuildFacts(bi)
	if *jsonOut {
		return cli.PrintJSON(e.stdout, f)
	}
	_, err := io.WriteString(e.stdout, f.text())
	return err
}

// serveEnvUsage ends the usage of serve and demo: the variables that
// decide where the service listens, keeps its data, and which chain and
// identity provider it trusts (the flags are few; the configuration is
// the environment).
const serveEnvUsage = `
Environment (every PREDICT_* variable: README.md, Configuration):
  PREDICT_HTTP_ADDR       listen address (default 127.0.0.1:8080)
  PREDICT_DATA_DIR        data directory: SQLite file, development identity
                          key, embedded chain (default predict-data); one
                          serve at a time
  PREDICT_DATABASE_URL    postgres://... to use PostgreSQL (default SQLite
                          in the data directory)
  PREDICT_CHAIN_RPC_URL   JSON-RPC URL of a real chain, with the contract
                          addresses predict deploy prints (default the
                          embedded dev chain)
  PREDICT_JWKS_URL        JWKS URL of the identity provider, with
                          PREDICT_JWT_ISSUER and PREDICT_JWT_AUDIENCE
                          (default the development provider)
  PREDICT_ADMIN_SUBJECTS  identity subjects that are admins (default
                          did:dev:admin with the development provider;
                          none for none)
  PREDICT_LOG_LEVEL, PREDICT_LOG_FORMAT
                          debug|info|warn|error, text|json
  GOGC, GOMEMLIMIT        Go's garbage collector (GOGC default 400 here:
                          more memory for fewer collections;
                          docs/operations.md)
`
