package api_test

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/predict-dev/predict/internal/api/apitest"
	"github.com/predict-dev/predict/internal/bench"
	"github.com/predict-dev/predict/internal/portfolio"
	"github.com/predict-dev/predict/internal/seed"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// ScaleEnv selects the size of TestScaleReads: unset runs a small
// history (2,000 users, 200 markets, 20,000 trades) so CI exercises every
// read on both stores; "full" seeds the target of 100,000 users, 10,000
// markets and 1,000,000 trades (minutes of seeding; see BENCHMARKS.md).
const ScaleEnv = "PREDICT_SCALE"

// TestScaleReads seeds a large history into each store and measures every
// market-data, portfolio and social read one request at a time through the
// real router, reporting p50, p99 and max per endpoint. Timings are
// reported, never asserted; every answer must be a 200 with data, and the
// first answer of each endpoint is validated against openapi.yaml.
func TestScaleReads(t *testing.T) {
	size := store.SeedSize{Users: 2_000, Markets: 200, Trades: 20_000, Seed: 1}
	requests := 40
	if os.Getenv(ScaleEnv) == "full" {
		size = store.SeedSize{Users: 100_000, Markets: 10_000, Trades: 1_000_000, Seed: 1}
		requests = 200
	}
	eachEnv(t, func(t *testing.T, e *env, s *store.DB) {
		size.Now = e.now
		start := time.Now()
		seeded, err := seed.Run(context.Background(), s, size, func(table string, rows int, took time.Duration) {
			t.Logf("seed: %-20s %9d rows in %v", table, rows, took.Round(time.Millisecond))
		})
		storetest.Must(t, err)
		t.Logf("seed: %d users, %d markets, %d trades in %v", size.Users, size.Markets, size.Trades, time.Since(start).Round(time.Millisecond))
		r := &portfolio.Refresher{Store: s, Now: func() time.Time { return e.now }}
		st, err := r.Refresh(context.Background())
		storetest.Must(t, err)
		t.Logf("refresh: %d users ranked in %d rows, %d snapshots, in %v", st.Users, st.Ranked, st.Snapshots, st.Took.Round(time.Millisecond))
		if st.Users == 0 || st.Ranked == 0 {
			t.Fatalf("the refresher ranked nobody: %+v", st)
		}

		rng := rand.New(rand.NewPCG(2, 2))
		user := func() (uid, token string) {
			i := rng.IntN(len(seeded.UIDs))
			return seeded.UIDs[i], e.token(seeded.Subjects[i])
		}
		// Most trades go to the oldest markets: index 0 is the busiest.
		market := func() string {
			if rng.IntN(2) == 0 {
				return seeded.Markets[rng.IntN(min(10, len(seeded.Markets)))]
			}
			return seeded.Markets[rng.IntN(len(seeded.Markets))]
		}
		pick := func(v ...string) string { return v[rng.IntN(len(v))] }
		base := "&baseTokenAddress=" + seeded.BaseToken
		endpoints := []struct {
			name string
			req  func() (path, token string)
		}{
			{"get-markets hot", func() (string, string) {
				return "/api/v1/market/get-markets?page=1&pageSize=20&sortType=" + pick("hot", "volume", "newest"), ""
			}},
			{"get-market-trades", func() (string, string) {
				return "/api/v1/market/get-market-trades?page=1&pageSize=20&marketAddress=" + market(), ""
			}},
			{"get-market-trades option", func() (string, string) {
				m := market()
				return "/api/v1/market/get-market-trades?page=2&pageSize=20&marketAddress=" + m + "&optionAddress=" + seeded.Options[m][0], ""
			}},
			{"get-price-history", func() (string, string) {
				return "/api/v1/market/get-price-history?interval=" + pick("1d", "1w", "1m", "all") + "&marketAddress=" + market(), ""
			}},
			{"get-hot-markets", func() (string, string) {
				return fmt.Sprintf("/api/v1/market/get-hot-markets?page=%d&pageSize=20", 1+rng.IntN(5)), ""
			}},
			{"get-user-positions", func() (string, string) {
				uid, _ := user()
				return "/api/v1/market/get-user-positions?page=1&pageSize=20&uid=" + uid, ""
			}},
			{"get-user-trades", func() (string, string) {
				_, tok := user()
				return "/api/v1/market/get-user-trades?page=1&pageSize=20", tok
			}},
			{"get-user-asset-info", func() (string, string) {
				uid, tok := user()
				return "/api/v1/market/get-user-asset-info?uid=" + uid + base, tok
			}},
			{"get-user-asset-history", func() (string, string) {
				uid, tok := user()
				return "/api/v1/user/get-user-asset-history?timeInterval=" + pick("1d", "1w", "1m", "3m", "all") + "&uid=" + uid + base, tok
			}},
			{"get-leaderboard", func() (string, string) {
				return fmt.Sprintf("/api/v1/user/get-leaderboard?page=%d&pageSize=50&period=%s&sortBy=%s", 1+rng.IntN(20),
					pick("day", "week", "month", "all"), pick("pnl", "volume")), ""
			}},
			{"get-notifications", func() (string, string) {
				_, tok := user()
				return "/api/v1/user/get-notifications?page=1&pageSize=20", tok
			}},
			{"get-posts", func() (string, string) {
				return "/api/v1/community/get-posts?page=1&pageSize=20&marketAddress=" + market(), ""
			}},
			{"get-market-posts", func() (string, string) {
				_, tok := user() // isLiked is read for the caller
				return "/api/v1/community/get-market-posts?marketAddress=" + market(), tok
			}},
			{"get-comments", func() (string, string) {
				return fmt.Sprintf("/api/v1/community/get-comments?page=1&pageSize=20&postId=%d", seeded.PostIDs[rng.IntN(len(seeded.PostIDs))]), ""
			}},
		}
		var report strings.Builder
		fmt.Fprintf(&report, "%-26s %9s %9s %9s\n", "endpoint", "p50", "p99", "max")
		for _, ep := range endpoints {
			var lat bench.Latencies
			for i := range requests {
				path, token := ep.req()
				req, err := http.NewRequest("GET", e.srv.URL+path, nil)
				storetest.Must(t, err)
				if token != "" {
					req.Header.Set("Authorization", "Bearer "+token)
				}
				t0 := time.Now()
				res, err := e.srv.Client().Do(req)
				storetest.Must(t, err)
				body, err := io.ReadAll(res.Body)
				res.Body.Close()
				lat.Add(time.Since(t0))
				storetest.Must(t, err)
				if res.StatusCode != 200 || !strings.HasPrefix(string(body), `{"code":0,"reason":"","msg":"success","data":{`) {
					t.Fatalf("%s: HTTP %d %s", path, res.StatusCode, body)
				}
				if i == 0 {
					apitest.Validate(t, req, res, body)
				}
			}
			sum := lat.Summary()
			fmt.Fprintf(&report, "%-26s %9v %9v %9v\n", ep.name, sum.P50.Round(10*time.Microsecond),
				sum.P99.Round(10*time.Microsecond), sum.Max.Round(10*time.Microsecond))
		}
		t.Logf("latency of %d sequential requests per endpoint (%d users, %d markets, %d trades):\n%s",
			requests, size.Users, size.Markets, size.Trades, report.String())
	})
}
