package api

import (
	"fmt"
	"sync/atomic"
	"testing"
	"time"
)

// BenchmarkLimiter measures one request counted in this replica's memory,
// to compare with the shared counter (store.BenchmarkTakeRate). Every
// goroutine is another client.
func BenchmarkLimiter(b *testing.B) {
	l := newLimiter(time.Now)
	var clients atomic.Int64
	b.RunParallel(func(pb *testing.PB) {
		key := fmt.Sprint("ip:", clients.Add(1))
		for pb.Next() {
			l.allow(key, 1e9)
		}
	})
}
