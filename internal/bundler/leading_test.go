package bundler_test

import (
	"context"
	"errors"
	"testing"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/bundler"
)

// recording is a bundler that records what it is handed and runs until
// its context ends.
type recording struct {
	got     []common.Hash
	running chan struct{}
}

func (r *recording) Submit(_ context.Context, _ *aa.UserOperation, h common.Hash) error {
	r.got = append(r.got, h)
	return nil
}

func (r *recording) Run(ctx context.Context) error {
	close(r.running)
	<-ctx.Done()
	return nil
}

// TestLeading: operations reach the bundler only during a leadership;
// each leadership has a bundler of its own.
func TestLeading(t *testing.T) {
	created := make(chan *recording, 1)
	l := &bundler.Leading{New: func() (bundler.Bundler, error) {
		r := &recording{running: make(chan struct{})}
		created <- r
		return r, nil
	}}
	var made []*recording
	ctx := context.Background()
	submit := func(b byte) {
		if err := l.Submit(ctx, &aa.UserOperation{}, common.Hash{b}); err != nil {
			t.Fatal(err)
		}
	}
	submit(1) // not leading: left to the next leader's rescan
	for lead := range 2 {
		lctx, cancel := context.WithCancel(ctx)
		done := make(chan error, 1)
		go func() { done <- l.Run(lctx) }()
		r := <-created
		made = append(made, r)
		<-r.running
		submit(byte(10 + lead))
		cancel()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		submit(byte(20 + lead))
	}
	for i, want := range [][]common.Hash{{{10}}, {{11}}} {
		if len(made[i].got) != 1 || made[i].got[0] != want[0] {
			t.Errorf("bundler %d was handed %v, want %v", i, made[i].got, want)
		}
	}
	failing := &bundler.Leading{New: func() (bundler.Bundler, error) { return nil, errors.New("no key") }}
	if err := failing.Run(ctx); err == nil || err.Error() != "bundler: no key" {
		t.Fatalf("Run with a failing New: %v", err)
	}
}
