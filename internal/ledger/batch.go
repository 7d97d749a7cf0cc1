package ledger

import (
	"context"
	"fmt"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/accounting"
	"github.com/predict-dev/predict/internal/events"
)

// Store is the store's side of the indexer's unit of work: a batch (or a
// revert) is one transaction of the store, inside which it hands the new
// effects (or a market's facts) and the transaction to the ledger, which
// reads through it, decides the changes and writes them through it.
type Store interface {
	ApplyBatch(ctx context.Context, b *predict.ChainBatch, apply accounting.Applier) error
	CheckBatch(ctx context.Context, b *predict.ChainBatch, apply accounting.Applier) error
	RevertTo(ctx context.Context, ancestor predict.BlockRef, replay accounting.Replayer) (*predict.RevertResult, error)
}

// ApplyBatch applies a batch to st in one of its transactions: the
// effects of the logs it has not applied yet are applied through a
// ledger, whose decisions st writes. The result carries the events to
// publish once it is committed.
func ApplyBatch(ctx context.Context, st Store, b *predict.ChainBatch) (*Result, error) {
	var res *Result
	err := st.ApplyBatch(ctx, b, func(tx accounting.Tx, effects []predict.Effect) error {
		var err error
		res, err = Decide(tx, effects)
		return err
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

// CheckBatch applies b to st as ApplyBatch does, in a transaction st
// rolls back: nil when ApplyBatch would succeed.
func CheckBatch(ctx context.Context, st Store, b *predict.ChainBatch) error {
	return st.CheckBatch(ctx, b, func(tx accounting.Tx, effects []predict.Effect) error {
		_, err := Decide(tx, effects)
		return err
	})
}

// RevertTo undoes the blocks of st above ancestor, in one of its
// transactions: each market they touched is rebuilt from its remaining
// facts (Rebuild).
func RevertTo(ctx context.Context, st Store, ancestor predict.BlockRef) (*predict.RevertResult, error) {
	return st.RevertTo(ctx, ancestor, ReplayMarket)
}

// Decide applies new effects, in log order, over tx, writes what they
// changed through it, and describes them (Result).
func Decide(tx accounting.Tx, effects []predict.Effect) (*Result, error) {
	prepare(effects)
	l := New(tx)
	for _, e := range effects {
		if _, err := l.Apply(e); err != nil {
			ref := e.Ref()
			return nil, fmt.Errorf("block %d log %d: %w", ref.Block, ref.LogIndex, err)
		}
	}
	c, err := l.Changes()
	if err != nil {
		return nil, err
	}
	w, err := tx.Write(c)
	if err != nil {
		return nil, err
	}
	res, err := l.Result(w)
	if err != nil {
		return nil, err
	}
	if err := tx.Outbox(outboxEvents(res.Events)); err != nil {
		return nil, err
	}
	return res, nil
}

// outboxEvents are evs as the webhooks' outbox keeps them.
func outboxEvents(evs []events.Event) []predict.WebhookEvent {
	out := make([]predict.WebhookEvent, len(evs))
	for i, e := range evs {
		out[i] = e.Webhook()
	}
	return out
}

// ReplayMarket rebuilds one market from its facts over tx and writes it
// (accounting.Replayer): its options, none for a market tx does not know.
func ReplayMarket(tx accounting.Tx, market string, settling bool, facts []predict.Effect) ([]string, error) {
	l := Replay(tx)
	m, err := l.Rebuild(market, settling, facts)
	if err != nil || m == nil {
		return nil, err
	}
	c, err := l.Changes()
	if err != nil {
		return nil, err
	}
	if _, err := tx.Write(c); err != nil {
		return nil, err
	}
	// A rebuilt market's correction reaches the webhooks too, in the
	// transaction that made it.
	if err := tx.Outbox(outboxEvents(CorrectionEvents(market, m.Options))); err != nil {
		return nil, err
	}
	return m.Options, nil
}

// CorrectionEvents tell clients to re-read a market that a revert rebuilt:
// its info and the price of each of its options.
func CorrectionEvents(market string, options []string) []events.Event {
	evs := []events.Event{events.MarketInfoUpdate(market, "")}
	for _, o := range options {
		evs = append(evs, events.MarketPriceChange(market, o))
	}
	return evs
}
