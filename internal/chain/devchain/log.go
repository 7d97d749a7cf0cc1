package devchain

import (
	"context"
	"log/slog"
	"strings"
	"sync/atomic"

	"github.com/ethereum/go-ethereum/log"
)

// routeGethLogs sends go-ethereum's process-wide log records of warn level
// and above to l and returns the logger to hand to the node. Info-level geth
// logs (every sealed block, every cache allocation) would drown the
// service's own logs.
//
// While fresh is true (Open on an empty directory), the two warnings geth
// gives for a database without a chain are dropped too: they are expected.
func routeGethLogs(l *slog.Logger, fresh *atomic.Bool) log.Logger {
	h := warnHandler{l.Handler().WithAttrs([]slog.Attr{slog.String("component", "geth")}), fresh}
	// log.SetDefault also replaces slog's default logger when given geth's
	// own logger type; wrapping it keeps the service's slog default as is.
	gl := gethLogger{log.NewLogger(h)}
	log.SetDefault(gl)
	return gl
}

type gethLogger struct{ log.Logger }

// warnHandler drops records below warn before they reach the inner handler.
type warnHandler struct {
	slog.Handler
	fresh *atomic.Bool
}

func (h warnHandler) Enabled(ctx context.Context, lvl slog.Level) bool {
	return lvl >= slog.LevelWarn && h.Handler.Enabled(ctx, lvl)
}

func (h warnHandler) Handle(ctx context.Context, r slog.Record) error {
	if r.Level < slog.LevelWarn || noise(r) || h.fresh.Load() && freshNoise(r) {
		return nil
	}
	return h.Handler.Handle(ctx, r)
}

// noise reports warnings that say nothing to the operator of a dev chain:
// geth logs every JSON-RPC call that returns an error at warn level ("Served
// eth_call ... execution reverted"), although the caller receives and
// handles the error (EntryPoint v0.6 simulation always reverts), and it warns
// on every start that p2p is off, which is intended here.
func noise(r slog.Record) bool {
	return r.Level < slog.LevelError &&
		(strings.HasPrefix(r.Message, "Served ") || strings.HasPrefix(r.Message, "P2P server will be useless"))
}

func (h warnHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return warnHandler{h.Handler.WithAttrs(attrs), h.fresh}
}

func (h warnHandler) WithGroup(name string) slog.Handler {
	return warnHandler{h.Handler.WithGroup(name), h.fresh}
}

func freshNoise(r slog.Record) bool {
	return r.Message == "Head block is not reachable" || r.Message == "Failed to load snapshot"
}
