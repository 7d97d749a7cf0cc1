package cli

// What the verbs print besides their values: pages of lists, JSON, tables,
// progress, and the one line of an error with a hint of what to do.

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"syscall"
	"text/tabwriter"

	"github.com/predict-dev/predict/client"
)

// pager is the --page and --page-size of a verb that lists a page.
type pager struct{ page, size int }

// pageFlags adds --page and --page-size to fs; things names what a page
// holds ("markets").
func pageFlags(fs *flag.FlagSet, things string) *pager {
	p := &pager{}
	fs.IntVar(&p.page, "page", 1, "page, from 1")
	fs.IntVar(&p.size, "page-size", 20, things+" per page, 1 to 50")
	return p
}

// footer is the last line of the page's table (pageLine).
func (p *pager) footer(total int, thing string, more ...string) string {
	return pageLine(p.page, p.size, total, thing, more...)
}

// printList prints a page of a list: res as JSON with --json; else none
// when the page has no rows, or a table of head, a line per row (line
// says it) and footer when it is not "". With none "", an empty page
// prints its table too.
func printList[T any](x *cli, res any, rows []T, none, head string, line func(row T) string, footer string) error {
	if x.jsonOut {
		return x.printJSON(res)
	}
	if len(rows) == 0 && none != "" {
		fmt.Fprintln(x.stdout, none)
		return nil
	}
	tw := x.table()
	fmt.Fprintln(tw, head)
	for _, r := range rows {
		fmt.Fprintln(tw, line(r))
	}
	if footer != "" {
		fmt.Fprintln(tw, footer)
	}
	return tw.Flush()
}

// hint adds what a person can do about the usual failures.
func (x *cli) hint(err error) error {
	if err == nil {
		return nil
	}
	var opErr *net.OpError
	if errors.Is(err, syscall.ECONNREFUSED) || (errors.As(err, &opErr) && opErr.Op == "dial") {
		url := "the service"
		switch {
		case x.api != nil:
			url = x.api.BaseURL()
		case x.prof != nil:
			url = x.prof.URL
		}
		return fmt.Errorf("%w\n(is the service running at %s? Start it with: predict serve)", err, url)
	}
	if client.IsCode(err, client.CodeAuth) && x.prof != nil && x.prof.Token != "" && x.prof.Subject == "" {
		if x.getenv("PREDICT_TOKEN") != "" { // it replaced the profile's identity (loadProfile)
			return fmt.Errorf("%w\n(the API key or token in PREDICT_TOKEN was refused: it was revoked or has expired, or is not of this service; "+
				"unset PREDICT_TOKEN to use the profile's identity, or create a new key with predict keys create)", err)
		}
		return fmt.Errorf("%w\n(the token of profile %s was refused: log in again with predict login)", err, x.profPath)
	}
	if e, ok := client.AsError(err); ok && e.HTTPStatus == http.StatusTooManyRequests {
		wait := "a few seconds"
		if e.RetryAfter > 0 {
			wait = hours(e.RetryAfter)
		}
		return fmt.Errorf("%w\n(too many requests: the service's limit counts every client of this identity, the web app "+
			"included; try again in %s)", err, wait)
	}
	if client.IsCode(err, client.CodeNotRegistered) {
		return fmt.Errorf("%w\n(log in first: predict login)", err)
	}
	return err
}

// ErrorLine is how main prints a failed command: the service's refusals
// as "error CODE REASON: message", anything else as "predict: error".
func ErrorLine(err error) string {
	if e, ok := client.AsError(err); ok && e.Code != 0 {
		line := fmt.Sprintf("error %d %s: %s", e.Code, e.Reason, e.Message)
		// Keep a hint added by the CLI (after the first line).
		if _, after, found := strings.Cut(err.Error(), "\n"); found {
			line += "\n" + after
		}
		return line
	}
	return "predict: " + err.Error()
}

// printJSON writes v as indented JSON.
func (x *cli) printJSON(v any) error { return PrintJSON(x.stdout, v) }

// PrintJSON writes v as indented JSON: the form of every --json output.
func PrintJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// table returns an aligned writer on stdout; Flush it.
func (x *cli) table() *tabwriter.Writer {
	return tabwriter.NewWriter(x.stdout, 0, 0, 2, ' ', 0)
}

// progressf prints a line of progress on stderr.
func (x *cli) progressf(format string, args ...any) {
	fmt.Fprintf(x.stderr, format+"\n", args...)
}
