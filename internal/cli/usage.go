package cli

// What every command of the program shares, the client verbs and the
// service commands of cmd/predict alike: usage errors (exit status 2),
// the head of a command's usage, and help requests.

import (
	"errors"
	"flag"
	"fmt"
	"strings"
)

// UsageError is a command line the program cannot run: no command, an
// unknown one, a bad flag, a missing argument. main exits 2 on it.
type UsageError struct {
	Err error
	// Shown: the message is on stderr already (the flag package prints
	// its own), or there is none beyond the usage text.
	Shown bool
}

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

// Usagef returns a usage error whose message main prints.
func Usagef(format string, args ...any) error {
	return &UsageError{Err: fmt.Errorf(format, args...)}
}

// VerbUsage is the head of a command's usage; its flags follow.
func VerbUsage(name, args, summary string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Usage: predict %s [flags]", name)
	if args != "" {
		b.WriteString(" " + args)
	}
	b.WriteString("\n")
	if summary != "" {
		fmt.Fprintf(&b, "\n%s.\n", strings.ToUpper(summary[:1])+summary[1:])
	}
	return b.String()
}

// HelpAsked reports whether a command line asks for help (-h, -help or
// --help before any "--").
func HelpAsked(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h", "-help", "--help":
			return true
		}
	}
	return false
}

// HelpDone turns a help request into success: the usage is printed.
func HelpDone(err error) error {
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	return err
}
