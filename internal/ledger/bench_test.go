package ledger_test

import (
	"testing"

	"github.com/predict-dev/predict/internal/ledger"
)

// BenchmarkTrade measures one purchase (its quote, its mint and its
// Bought log) through a ledger that holds the market, as store.Seed does
// (a Bulk ledger): what the seed spends per trade before it writes
// anything.
func BenchmarkTrade(b *testing.B) {
	t := &testing.T{}
	bk := newBook(t)
	c := newSim(t)
	c.create(n(1000_000000))
	bk.apply(c.batch()...)
	l := ledger.Bulk(bk)
	bk.facts, bk.transfers = nil, nil
	for i := 0; b.Loop(); i++ {
		c.next()
		c.buy([]string{alice, bob}[i%2], i%2, n(1_000000), "")
		for _, e := range c.batch() {
			if _, err := l.Apply(e); err != nil {
				b.Fatal(err)
			}
		}
		bk.facts, bk.transfers = bk.facts[:0], bk.transfers[:0]
	}
}
