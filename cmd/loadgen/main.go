// Command loadgen measures the service against the limits of the machine
// it runs on. Each verb runs one experiment and prints its figures; see
// BENCHMARKS.md for the commands and what the figures mean.
//
//	loadgen reads    read endpoints vs a static handler serving the same bytes
//	loadgen wrk      the same with wrk, predict and nginx (or Go) pinned, A/B/A/B
//	loadgen ops      place-order through the service vs raw handleOps batches
//	loadgen sse      SSE fan-out to many connections on one market
//	loadgen export   bulk exports of the seeded history
//	loadgen orders   limit orders placed per second; crossing trade to fill
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
)

// verbs are the experiments, by name.
var verbs = map[string]func(ctx context.Context, log *slog.Logger, args []string) error{}

func main() {
	if len(os.Args) < 2 || verbs[os.Args[1]] == nil {
		fmt.Fprintln(os.Stderr, "usage: loadgen reads|wrk|ops|sse|export|exportload|orders [flags]   (loadgen VERB -h for flags; BENCHMARKS.md)")
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	if err := verbs[os.Args[1]](ctx, log, os.Args[2:]); err != nil {
		fmt.Fprintln(os.Stderr, "loadgen:", err)
		os.Exit(1)
	}
}
