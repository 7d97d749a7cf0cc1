package orders_test

import (
	"context"
	"testing"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/exchange"
)

// BenchmarkDeskPlace places signed orders through the desk on the dev
// chain and a SQLite store: every check a placement makes (the
// signature recovered, the account's owner read, the Exchange's state
// and nonce, the balance and allowance beside the maker's other open
// orders) and the store's write. Orders are signed before the clock
// runs. go test -run '^$' -bench DeskPlace ./internal/orders/
func BenchmarkDeskPlace(b *testing.B) {
	ctx := context.Background()
	e := newDeskEnv(b)
	d := e.desk(predict.SignedOrderLimits{PerMarket: 1 << 20, Total: 1 << 20}, nil)
	makers := []*maker{e.maker(1_000_000_000_000, true), e.maker(1_000_000_000_000, true), e.maker(1_000_000_000_000, true), e.maker(1_000_000_000_000, true)}
	orders := make([]*exchange.Order, b.N)
	for i := range orders {
		orders[i] = e.order(makers[i%len(makers)], 1_000_000, 2_500_000) // bids at 0.40
	}
	b.ResetTimer()
	for i, o := range orders {
		if _, err := d.Place(ctx, makers[i%len(makers)].user, o); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "placements/s")
}

// BenchmarkDeskPlaceParallel places as BenchmarkDeskPlace does from 32
// goroutines at once (eight makers), the throughput of one replica's
// desk when many makers quote together.
func BenchmarkDeskPlaceParallel(b *testing.B) {
	ctx := context.Background()
	e := newDeskEnv(b)
	d := e.desk(predict.SignedOrderLimits{PerMarket: 1 << 20, Total: 1 << 20}, nil)
	var makers []*maker
	for range 8 {
		makers = append(makers, e.maker(1_000_000_000_000, true))
	}
	orders := make(chan struct {
		m *maker
		o *exchange.Order
	}, b.N)
	for i := range b.N {
		m := makers[i%len(makers)]
		orders <- struct {
			m *maker
			o *exchange.Order
		}{m, e.order(m, 1_000_000, 2_500_000)}
	}
	close(orders)
	b.SetParallelism(16)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			x := <-orders
			if _, err := d.Place(ctx, x.m.user, x.o); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "placements/s")
}
