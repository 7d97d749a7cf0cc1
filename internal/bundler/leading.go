package bundler

import (
	"context"
	"fmt"
	"sync/atomic"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict/internal/aa"
)

// Leading is the bundler of a replica among several (internal/leader):
// only the leader bundles, with a fresh bundler for each of its
// leaderships, which picks up from the store what the last one left. The
// API of every replica submits through it; on a replica that does not
// lead, Submit does nothing: the operation, already recorded as pending,
// reaches the leader's bundler through its rescan of the store.
type Leading struct {
	// New makes the bundler of one leadership.
	New     func() (Bundler, error)
	current atomic.Pointer[Bundler]
}

var _ Bundler = (*Leading)(nil)

// Submit hands op to this replica's bundler while it leads.
func (l *Leading) Submit(ctx context.Context, op *aa.UserOperation, opHash common.Hash) error {
	if b := l.current.Load(); b != nil {
		return (*b).Submit(ctx, op, opHash)
	}
	return nil
}

// Run is one leadership: it makes a bundler and runs it until ctx ends.
func (l *Leading) Run(ctx context.Context) error {
	b, err := l.New()
	if err != nil {
		return fmt.Errorf("bundler: %w", err)
	}
	l.current.Store(&b)
	defer l.current.Store(nil)
	return b.Run(ctx)
}
