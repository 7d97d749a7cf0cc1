package cli

// What every command of the program shares, the client verbs and the
// service commands of cmd/predict alike: usage errors (exit status 2),
// the head of a command's usage, its flags, and help requests. Help is
// wrapped at HelpWidth columns, so that it reads in any terminal.

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// UsageError is a command line the program cannot run: no command, an
// unknown one, a bad flag, a missing argument, an argument or a flag
// value that cannot be read (not an amount, not an address, more decimals
// than the token has). main exits 2 on it, and on nothing else: every
// reader of arguments returns one, so that the exit status of a wrong
// line does not depend on which verb read it.
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

// HelpWidth is the widest line of any help text: a terminal's 80 columns.
const HelpWidth = 80

// usageColumn is the widest command line that the usage text's rows keep
// beside their summaries; a longer one has its summary on the next line.
// Most commands fit, and a summary keeps 44 columns.
const usageColumn = 32

// VerbUsage is the head of a command's usage; its flags follow.
func VerbUsage(name, args, summary string) string {
	var b strings.Builder
	line := fmt.Sprintf("Usage: predict %s [flags]", name)
	if args != "" {
		line += " " + args
	}
	writeWrapped(&b, line, "", "    ")
	if summary != "" {
		b.WriteString("\n")
		writeWrapped(&b, strings.ToUpper(summary[:1])+summary[1:]+".", "", "")
	}
	return b.String()
}

// UsageColumn is the width of the command column of the usage text whose
// longest command line is longest wide.
func UsageColumn(longest int) int { return min(longest, usageColumn) }

// UsageRow writes a command's row of the usage text: the command line in
// a column of width, its summary beside it and wrapped at HelpWidth; a
// command line wider than the column has its summary on the next line.
func UsageRow(w io.Writer, width int, name, args, summary string) {
	cmd := strings.TrimSpace("predict " + name + " " + args)
	indent := strings.Repeat(" ", 2+width+2)
	if utf8.RuneCountInString(cmd) > width {
		fmt.Fprintf(w, "  %s\n", cmd)
		writeWrapped(w, summary, indent, indent)
		return
	}
	writeWrapped(w, fmt.Sprintf("  %-*s  %s", width, cmd, summary), "", indent)
}

// writeWrapped writes text wrapped at HelpWidth: its first line after
// first, the others after rest (both count in the width).
func writeWrapped(w io.Writer, text, first, rest string) {
	for _, line := range wrap(text, first, rest) {
		fmt.Fprintln(w, line)
	}
}

// wrap breaks text into lines of at most HelpWidth columns, the first
// after first and the others after rest. Spaces inside a line are kept
// (they align columns); a break drops them. A word wider than a line has
// a line of its own.
func wrap(text, first, rest string) []string {
	var lines []string
	line, empty := first, true
	for _, chunk := range splitKeep(text) {
		switch {
		case empty && len(lines) == 0:
			line += chunk // the first line keeps its leading spaces
		case empty:
			line += strings.TrimLeft(chunk, " ")
		case utf8.RuneCountInString(line+chunk) <= HelpWidth:
			line += chunk
		default:
			lines = append(lines, line)
			line = rest + strings.TrimLeft(chunk, " ")
		}
		empty = false
	}
	return append(lines, strings.TrimRight(line, " "))
}

// splitKeep splits text where each run of spaces starts, the spaces
// going with the word after them: "a  b c" is "a", "  b", " c".
func splitKeep(text string) []string {
	var out []string
	start := 0
	for i := 1; i < len(text); i++ {
		if text[i] == ' ' && text[i-1] != ' ' {
			out = append(out, text[start:i])
			start = i
		}
	}
	return append(out, text[start:])
}

// PrintFlags writes the flags of fs as flag.PrintDefaults does, with two
// dashes and wrapped at HelpWidth: each flag and its value's name on a
// line, what it does below, and its default when it has one.
func PrintFlags(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		head := "  --" + f.Name
		if name != "" {
			head += " " + name
		}
		fmt.Fprintln(w, head)
		if !zeroDefault(f.DefValue) {
			def := f.DefValue
			if fmt.Sprintf("%T", f.Value) == "*flag.stringValue" {
				def = fmt.Sprintf("%q", def)
			}
			usage += " (default " + def + ")"
		}
		writeWrapped(w, usage, "      ", "      ")
	})
}

// zeroDefault reports whether a flag's default says nothing worth
// printing: its type's zero.
func zeroDefault(def string) bool {
	switch def {
	case "", "0", "false", "0s", "[]":
		return true
	}
	return false
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
