package api_test

import (
	"context"
	"math/big"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/api"
	"github.com/predict-dev/predict/internal/events"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// cachedEnv is a server with the read cache attached to a bus before the
// hub, as cmd/predict wires them. The cache's MaxAge is an hour, so only
// events can make it recompute an answer.
func cachedEnv(t *testing.T, s *store.DB) (*env, *events.MemoryBus) {
	bus := events.NewMemoryBus()
	cache := api.NewReadCache(api.CacheConfig{MaxAge: time.Hour})
	cache.Attach(bus)
	cfg := testHubConfig()
	cfg.Lifetime = time.Minute // the test's stream lasts it through
	hub := newHub(t, bus, cfg)
	e := newEnv(t, s, withEvents(hub), func(c *api.Config) { c.Cache = cache })
	t.Cleanup(hub.Close)
	return e, bus
}

// publishResult publishes a batch's events as the indexer does after the
// batch commits.
func publishResult(t *testing.T, bus events.Publisher, evs []events.Event) {
	t.Helper()
	mustPublish(t, bus, evs...)
}

// conditional sends a GET with If-None-Match.
func (e *env) conditional(path, etag string) *response {
	e.t.Helper()
	req, err := http.NewRequest("GET", e.srv.URL+path, nil)
	if err != nil {
		e.t.Fatal(err)
	}
	req.Header.Set("If-None-Match", etag)
	return e.send(req)
}

// TestReadCacheFollowsEvents proves that the cached public reads are
// never stale after the event of a confirmed change: the read made on
// market:price_change (a trade), on market:info_update (a settlement)
// and after market:created (a new market) shows the change, on both
// stores, while other clients keep reading the same answers.
func TestReadCacheFollowsEvents(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		e, bus := cachedEnv(t, s)
		sim := storetest.NewChainSim(t)
		trader := addr(0xa1)
		sim.Create(big.NewInt(1000_000000), "")
		sim.Mint(trader, big.NewInt(500_000000))
		publishResult(t, bus, sim.Apply(s).Events)
		e.now = sim.Time().Add(time.Minute)
		token := e.token("did:dev:alice")
		e.login("did:dev:alice", trader)
		stream := e.connectGET(t, token, events.MarketTopic(sim.Market))
		if ev, _ := stream.event(t); ev.name != events.NameConnected {
			t.Fatalf("first event %s", ev.name)
		}

		m := sim.Market
		reads := map[string]string{
			"detail":  "/api/v1/market/get-market-detail?marketAddress=" + m,
			"list":    "/api/v1/market/get-markets?page=1&pageSize=10&sortType=volume",
			"trades":  "/api/v1/market/get-market-trades?marketAddress=" + m,
			"history": "/api/v1/market/get-price-history?marketAddress=" + m + "&interval=all",
			"hot":     "/api/v1/market/get-hot-markets",
		}
		detail := func() (price, status string, r *response) {
			r = e.do("GET", reads["detail"], "", nil)
			wantOK(t, r)
			var d struct {
				Status  string
				Options []struct{ Price string }
			}
			r.into(t, &d)
			return d.Options[0].Price, d.Status, r
		}
		listPrice := func() string {
			var l struct {
				Markets []struct {
					MarketAddress string
					Options       []struct{ Price string }
				}
			}
			e.read(t, reads["list"], "", &l)
			for _, x := range l.Markets {
				if x.MarketAddress == m {
					return x.Options[0].Price
				}
			}
			t.Fatalf("market %s not in the list", m)
			return ""
		}
		tradeCount := func() int {
			var p struct{ Total int }
			e.read(t, reads["trades"], "", &p)
			return p.Total
		}

		// A repeated read is the same bytes, and revalidates to 304.
		price0, _, first := detail()
		if first.header.Get("ETag") == "" || first.header.Get("Cache-Control") != "public, max-age=0, must-revalidate" {
			t.Fatalf("public read headers = %v", first.header)
		}
		if vary := strings.Join(first.header.Values("Vary"), ","); !strings.Contains(vary, "Authorization") {
			t.Fatalf("market detail varies by token, Vary = %q", vary)
		}
		for name, path := range reads {
			a := e.do("GET", path, "", nil)
			wantOK(t, a)
			if nm := e.conditional(path, a.header.Get("ETag")); nm.status != http.StatusNotModified {
				t.Fatalf("%s with If-None-Match of the current ETag: HTTP %d", name, nm.status)
			}
			if nm := e.conditional(path, `"other"`); nm.status != http.StatusOK {
				t.Fatalf("%s with another ETag: HTTP %d", name, nm.status)
			}
		}

		// Other clients read the market all along: their misses and
		// stores must never put an older answer back after an event.
		ctx, cancel := context.WithCancel(context.Background())
		var wg sync.WaitGroup
		for range 4 {
			wg.Go(func() {
				for ctx.Err() == nil {
					for _, path := range reads {
						req, _ := http.NewRequestWithContext(ctx, "GET", e.srv.URL+path, nil)
						if res, err := e.srv.Client().Do(req); err == nil {
							res.Body.Close()
						}
					}
				}
			})
		}
		defer wg.Wait()
		defer cancel()

		for i := range 5 {
			sim.Next("")
			sim.Buy(trader, i%2, big.NewInt(int64(10_000000*(i+1))), "")
			want := predict.FormatPrice(sim.Prices()[0])
			res := sim.Apply(s)
			// Committed but not yet announced: the cache still answers
			// what it had, which shows it is serving from memory.
			if i == 0 {
				if p, _, _ := detail(); p != price0 {
					t.Fatalf("before the event the cached price is %s, want %s", p, price0)
				}
			}
			publishResult(t, bus, res.Events)
			waitStreamEvent(t, stream, events.NamePriceChange)
			if p, _, _ := detail(); p != want {
				t.Fatalf("trade %d: detail price after market:price_change = %s, want %s", i, p, want)
			}
			if p := listPrice(); p != want {
				t.Fatalf("trade %d: list price after market:price_change = %s, want %s", i, p, want)
			}
			if n := tradeCount(); n != i+1 {
				t.Fatalf("trade %d: get-market-trades total = %d after the event", i, n)
			}
		}

		// A settlement: market:info_update, then the market has ended.
		sim.Next("")
		sim.Settle(0, storetest.Address(), "")
		publishResult(t, bus, sim.Apply(s).Events)
		waitStreamEvent(t, stream, events.NameInfoUpdate)
		if _, status, _ := detail(); status != string(predict.StatusEnded) {
			t.Fatalf("status after the settlement's market:info_update = %s", status)
		}

		// A new market is in the list once market:created is published.
		before := e.do("GET", "/api/v1/market/get-markets?page=1&pageSize=50&sortType=newest", "", nil)
		wantOK(t, before)
		next := storetest.NewChainSim(t)
		next.Follow(sim)
		next.Create(big.NewInt(1000_000000), "")
		created := next.Apply(s).Events
		if !containsEvent(created, events.NameMarketCreated) {
			t.Fatalf("creation published %v", created)
		}
		publishResult(t, bus, created)
		after := e.do("GET", "/api/v1/market/get-markets?page=1&pageSize=50&sortType=newest", "", nil)
		wantOK(t, after)
		if !strings.Contains(string(after.Data), next.Market) || after.header.Get("ETag") == before.header.Get("ETag") {
			t.Fatalf("list after market:created lacks %s: %s", next.Market, after.Data)
		}
	})
}

// TestReadCachePersonal: with a token the market detail is the caller's
// (isFollowed), never the anonymous answer from the cache, and the
// anonymous answer never carries a caller's follow.
func TestReadCachePersonal(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		e, bus := cachedEnv(t, s)
		sim := storetest.NewChainSim(t)
		sim.Create(big.NewInt(1000_000000), "")
		publishResult(t, bus, sim.Apply(s).Events)
		e.login("did:dev:bob", addr(0xb0))
		bob := e.token("did:dev:bob")
		path := "/api/v1/market/get-market-detail?marketAddress=" + sim.Market
		followed := func(token string) (bool, *response) {
			r := e.do("GET", path, token, nil)
			wantOK(t, r)
			var d struct{ IsFollowed bool }
			r.into(t, &d)
			return d.IsFollowed, r
		}
		if f, _ := followed(""); f {
			t.Fatal("anonymous detail is followed")
		}
		wantOK(t, e.do("POST", "/api/v1/market/follow-market", bob, map[string]any{"marketAddress": sim.Market}))
		f, r := followed(bob)
		if !f {
			t.Fatal("Bob's detail after following is not followed")
		}
		if cc := r.header.Get("Cache-Control"); strings.Contains(cc, "public") {
			t.Fatalf("a personal answer is Cache-Control %q", cc)
		}
		if f, _ := followed(""); f {
			t.Fatal("the anonymous detail shows Bob's follow")
		}
	})
}

// waitStreamEvent reads the stream until an event named name arrives.
func waitStreamEvent(t *testing.T, s *stream, name string) {
	t.Helper()
	for {
		if ev, _ := s.event(t); ev.name == name {
			return
		}
	}
}

func containsEvent(evs []events.Event, name string) bool {
	for _, e := range evs {
		if e.Name == name {
			return true
		}
	}
	return false
}

// TestPersonalCacheFollowsEvents: a user's positions, portfolio summary
// and trades are answered from memory (the cache's MaxAge is an hour) and
// are never stale after the user's own event: the read made on the event
// of a trade, a sale, a claim and a transfer into the account shows the
// change, on both stores; another user's answers stay cached meanwhile,
// and a personal answer is private.
func TestPersonalCacheFollowsEvents(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		e, bus := cachedEnv(t, s)
		sim := storetest.NewChainSim(t)
		alice, bob := addr(0xa1), addr(0xb2)
		sim.Create(big.NewInt(1000_000000), "")
		sim.Mint(alice, big.NewInt(500_000000))
		sim.Mint(bob, big.NewInt(500_000000))
		e.now = sim.Time().Add(time.Minute)
		aliceUID := e.login("did:dev:alice", alice)
		bobUID := e.login("did:dev:bob", bob)
		publishResult(t, bus, sim.Apply(s).Events)
		aliceTok, bobTok := e.token("did:dev:alice"), e.token("did:dev:bob")
		base := sim.Base

		type summary struct {
			positions, trades int
			amount, balance   string
		}
		read := func(token, uid string) (summary, map[string]*response) {
			t.Helper()
			rs := map[string]*response{
				"positions": e.do("GET", "/api/v1/market/get-user-positions?page=1&pageSize=20", token, nil),
				"trades":    e.do("GET", "/api/v1/market/get-user-trades?page=1&pageSize=20", token, nil),
				"assets":    e.do("GET", "/api/v1/market/get-user-asset-info?uid="+uid+"&baseTokenAddress="+base, token, nil),
			}
			var (
				sum summary
				pos struct {
					Total     int
					Positions []struct{ Amount string }
				}
				tr    struct{ Total int }
				asset struct{ Balance string }
			)
			for _, r := range rs {
				wantOK(t, r)
			}
			rs["positions"].into(t, &pos)
			rs["trades"].into(t, &tr)
			rs["assets"].into(t, &asset)
			sum.positions, sum.trades, sum.balance = pos.Total, tr.Total, asset.Balance
			for _, p := range pos.Positions {
				sum.amount += p.Amount + ";"
			}
			return sum, rs
		}
		before, rs := read(aliceTok, aliceUID)
		for name, r := range rs {
			if cc := r.header.Get("Cache-Control"); cc != "private, max-age=0, must-revalidate" || r.header.Get("ETag") == "" {
				t.Fatalf("%s: Cache-Control %q, ETag %q: a personal answer is private and revalidated", name, cc, r.header.Get("ETag"))
			}
		}
		req, _ := http.NewRequest("GET", e.srv.URL+"/api/v1/market/get-user-positions?page=1&pageSize=20", nil)
		req.Header.Set("Authorization", "Bearer "+aliceTok)
		req.Header.Set("If-None-Match", rs["positions"].header.Get("ETag"))
		if nm := e.send(req); nm.status != http.StatusNotModified {
			t.Fatalf("positions with If-None-Match of the current ETag: HTTP %d", nm.status)
		}
		if before.balance != "500000000" || before.positions != 0 || before.trades != 0 {
			t.Fatalf("alice before trading: %+v", before)
		}
		bobBefore, _ := read(bobTok, bobUID)

		step := func(what string, change func(), want func(got summary) bool) {
			t.Helper()
			sim.Next("")
			change()
			res := sim.Apply(s)
			// Committed, not yet announced: the answers come from memory.
			if got, _ := read(aliceTok, aliceUID); got != before {
				t.Fatalf("%s: before its event alice reads %+v, the cached %+v", what, got, before)
			}
			publishResult(t, bus, res.Events)
			got, _ := read(aliceTok, aliceUID)
			if !want(got) {
				t.Fatalf("%s: after its event alice reads %+v (before %+v)", what, got, before)
			}
			before = got
		}
		step("a buy", func() { sim.Buy(alice, 0, big.NewInt(100_000000), "") }, func(g summary) bool {
			return g.positions == 1 && g.trades == 1 && g.balance == "400000000"
		})
		step("a sale", func() { sim.Sell(alice, 0, big.NewInt(10_000000)) }, func(g summary) bool {
			return g.trades == 2 && g.amount != before.amount && g.balance != before.balance
		})
		step("a transfer in", func() { sim.Mint(alice, big.NewInt(7)) }, func(g summary) bool {
			return g.balance != before.balance && g.trades == 2
		})
		step("a settlement and a claim", func() {
			sim.Settle(0, storetest.Address(), "")
			sim.Claim(alice, 0, big.NewInt(1_000000))
		}, func(g summary) bool { return g.balance != before.balance })
		if got, _ := read(bobTok, bobUID); got.balance != bobBefore.balance || got.trades != 0 {
			t.Fatalf("bob's answers changed with alice's events: %+v, before %+v", got, bobBefore)
		}
	})
}

// TestNotificationsCacheFollowsEvents: a user's notifications are
// answered from memory, show a new one once user:new_notification is
// published, and show a marking read at once (the API's own change).
func TestNotificationsCacheFollowsEvents(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		e, bus := cachedEnv(t, s)
		sim := storetest.NewChainSim(t)
		alice := addr(0xa1)
		sim.Create(big.NewInt(1000_000000), "")
		sim.Mint(alice, big.NewInt(500_000000))
		e.now = sim.Time().Add(time.Minute)
		aliceUID := e.login("did:dev:alice", alice)
		publishResult(t, bus, sim.Apply(s).Events)
		tok := e.token("did:dev:alice")
		type page struct {
			Total, UnreadCount int
			Notifications      []struct{ UUID, Status string }
		}
		list := func() page {
			t.Helper()
			var p page
			e.read(t, "/api/v1/user/get-user-notifications?page=1&pageSize=20", tok, &p)
			return p
		}
		if p := list(); p.Total != 0 {
			t.Fatalf("notifications before any: %+v", p)
		}

		// alice's buy is confirmed: the indexer writes its notification.
		hash := "0x" + strings.Repeat("c1", 32)
		_, _, err := s.CreateOperation(ctx, &predict.Operation{OpHash: hash, UID: aliceUID, Sender: alice, Kind: "buy",
			Market: sim.Market, Nonce: big.NewInt(0)}, &predict.Order{UUID: uuid.NewString(), OpHash: hash, UID: aliceUID, Market: sim.Market,
			Option: sim.Options[0], Side: 1, Amount: big.NewInt(10_000000), MinReceive: big.NewInt(0), Price: big.NewInt(0)})
		storetest.Must(t, err)
		sim.Next("")
		sim.Buy(alice, 0, big.NewInt(10_000000), hash)
		sim.Add(&predict.OpLog{LogRef: sim.Ref(sim.Hash(sim.BlockNumber(), "op"), hash), Sender: alice, Success: true})
		res := sim.Apply(s)
		if p := list(); p.Total != 0 {
			t.Fatalf("before its event the cached list shows %+v", p)
		}
		if !containsEvent(res.Events, events.NameNewNotification) {
			t.Fatalf("the confirmed buy published %v", res.Events)
		}
		publishResult(t, bus, res.Events)
		p := list()
		if p.Total != 1 || p.UnreadCount != 1 {
			t.Fatalf("after user:new_notification: %+v", p)
		}
		wantOK(t, e.do("POST", "/api/v1/user/mark-notifications-as-read", tok, map[string]any{"notificationUuids": []string{p.Notifications[0].UUID}}))
		if p := list(); p.UnreadCount != 0 || p.Notifications[0].Status != "read" {
			t.Fatalf("after marking it read: %+v", p)
		}
	})
}
