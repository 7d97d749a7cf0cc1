package client

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// marketsAnswer is a get-markets page of n markets with three options
// each, in the service's form.
func marketsAnswer(n int) string {
	return listAnswer(`"totalCount":1000,"markets":`, n, func(b *strings.Builder, i int) {
		fmt.Fprintf(b, `{"marketAddress":"0x%040x","title":"Will market %d settle yes?","description":"A market used to measure decoding.",`+
			`"status":"running","volume":"1234567890123456789012","participantCount":42,"endTime":"2026-12-31T00:00:00Z","options":[`, i, i)
		for j := range 3 {
			if j > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(b, `{"optionAddress":"0x%040x","title":"Option %d","price":"0.333333333333333333","volume":"411522630041152263004"}`, i*3+j, j)
		}
		fmt.Fprintf(b, `],"tags":["crypto","sports"],"categoryId":"crypto","createdAt":"2026-11-01T12:00:00Z","baseTokenAddress":"0x%040x","imageUrl":""}`, 1)
	})
}

// positionsAnswer is a get-user-positions page of n positions.
func positionsAnswer(n int) string {
	return listAnswer(`"total":100,"positions":`, n, func(b *strings.Builder, i int) {
		fmt.Fprintf(b, `{"marketAddress":"0x%040x","marketTitle":"Market %d","marketStatus":"running","optionAddress":"0x%040x",`+
			`"optionTitle":"Yes","amount":"1500000000000000000000","avgPrice":"0.52","currentPrice":"0.61","costBasis":"780000000000000000000",`+
			`"value":"915000000000000000000","pnl":"135000000000000000000","pnlPercent":"17.31","realizedPnl":"0"}`, i, i, i+1)
	})
}

// listAnswer is a successful answer whose data is head (its fields
// before the list, ending with the list's name) and a list of n items,
// each written by item.
func listAnswer(head string, n int, item func(b *strings.Builder, i int)) string {
	var b strings.Builder
	b.WriteString(`{"code":0,"reason":"","msg":"success","data":{` + head + `[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		item(&b, i)
	}
	b.WriteString(`]}}`)
	return b.String()
}

// benchServer answers every request with body.
func benchServer(b *testing.B, body string) *Client {
	b.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(body))
	}))
	b.Cleanup(srv.Close)
	c, err := New(srv.URL)
	if err != nil {
		b.Fatal(err)
	}
	return c
}

// BenchmarkDecodeMarkets reads a page of 50 markets: the load
// generator's most frequent answer.
func BenchmarkDecodeMarkets(b *testing.B) {
	benchRead(b, marketsAnswer(50), func(ctx context.Context, c *Client) (*MarketsPage, error) {
		return c.GetMarkets(ctx, MarketsQuery{PageSize: 50})
	}, func(p *MarketsPage) bool { return len(p.Markets) == 50 && len(p.Markets[49].Options) == 3 })
}

// BenchmarkDecodePositions reads a page of 50 positions.
func BenchmarkDecodePositions(b *testing.B) {
	benchRead(b, positionsAnswer(50), func(ctx context.Context, c *Client) (*PositionsPage, error) {
		return c.GetUserPositions(ctx, PositionsQuery{PageSize: 50})
	}, func(p *PositionsPage) bool { return len(p.Positions) == 50 && p.Positions[49].Amount.Sign() > 0 })
}

// benchRead calls read b.N times against a server that answers answer,
// checking each result.
func benchRead[T any](b *testing.B, answer string, read func(context.Context, *Client) (*T, error), check func(*T) bool) {
	c := benchServer(b, answer)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		p, err := read(ctx, c)
		if err != nil || !check(p) {
			b.Fatalf("read: %v", err)
		}
	}
}

// decodeOnly decodes answer into out b.N times the way Client.do does,
// without HTTP: the JSON work alone.
func decodeOnly[T any](b *testing.B, answer string, check func(*T) bool) {
	raw := []byte(answer)
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		var out T
		if err := decodeAnswer(200, raw, &out); err != nil || !check(&out) {
			b.Fatalf("decode: %v", err)
		}
	}
}

// BenchmarkDecodeAnswerMarkets is BenchmarkDecodeMarkets without HTTP.
func BenchmarkDecodeAnswerMarkets(b *testing.B) {
	decodeOnly(b, marketsAnswer(50), func(p *MarketsPage) bool { return len(p.Markets) == 50 })
}

// BenchmarkDecodeAnswerPositions is BenchmarkDecodePositions without
// HTTP.
func BenchmarkDecodeAnswerPositions(b *testing.B) {
	decodeOnly(b, positionsAnswer(50), func(p *PositionsPage) bool { return len(p.Positions) == 50 })
}
