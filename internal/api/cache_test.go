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
	"github.com/predict-dev/predict/event"
	"github.com/predict-dev/predict/internal/api"
	"github.com/predict-dev/predict/internal/events"
	"github.com/predict-dev/predict/internal/events/pgbus"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// cachedEnv is a server with the read cache attached to a bus before the
// hub, as cmd/predict wires them, and a chain sim whose market is created
// with 1000 base tokens of liquidity, not yet applied. The cache's MaxAge
// is an hour, so only events can make it recompute an answer.
func cachedEnv(t *testing.T, s *store.DB) (*env, *events.MemoryBus, *storetest.ChainSim) {
	bus := events.NewMemoryBus()
	cache := api.NewReadCache(api.CacheConfig{MaxAge: time.Hour})
	cache.Attach(bus)
	cfg := testHubConfig()
	cfg.Lifetime = time.Minute // the test's stream lasts it through
	hub := newHub(t, bus, cfg)
	e := newEnv(t, s, withEvents(hub), func(c *api.Config) { c.Cache = cache })
	t.Cleanup(hub.Close)
	sim := storetest.NewChainSim(t)
	sim.Create(big.NewInt(1000_000000), "")
	return e, bus, sim
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
		e, bus, sim := cachedEnv(t, s)
		trader := addr(0xa1)
		sim.Mint(trader, big.NewInt(500_000000))
		publishResult(t, bus, sim.Apply(s).Events)
		e.now = sim.Time().Add(time.Minute)
		token := e.token("did:dev:alice")
		e.login("did:dev:alice", trader)
		stream := e.connectGET(t, token, events.MarketTopic(sim.Market))
		if ev, _ := stream.event(t); ev.name != event.Connected {
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
			waitStreamEvent(t, stream, event.PriceChange)
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
		waitStreamEvent(t, stream, event.InfoUpdate)
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
		if !containsEvent(created, event.MarketCreated) {
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
		e, bus, sim := cachedEnv(t, s)
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
		e, bus, sim := cachedEnv(t, s)
		alice, bob := addr(0xa1), addr(0xb2)
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
		e, bus, sim := cachedEnv(t, s)
		alice := addr(0xa1)
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
		if !containsEvent(res.Events, event.NewNotification) {
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

// busProbe is attached to a replica's bus after its cache: the bus
// delivers to its receivers in order, so once the probe has seen a
// message the cache has applied it. It counts events and the caches'
// messages (ForgetUser, ForgetAll).
type busProbe struct {
	mu               sync.Mutex
	events, controls int
	changed          chan struct{}
}

func newBusProbe() *busProbe { return &busProbe{changed: make(chan struct{}, 1)} }

func (p *busProbe) count(apply func()) {
	p.mu.Lock()
	apply()
	p.mu.Unlock()
	select {
	case p.changed <- struct{}{}:
	default:
	}
}

func (p *busProbe) ReceiveEvent(events.Event) { p.count(func() { p.events++ }) }

func (p *busProbe) ReceiveControl(c events.Control) {
	if c.Kind == events.ControlForgetUser || c.Kind == events.ControlForgetAll {
		p.count(func() { p.controls++ })
	}
}

func (p *busProbe) Resync(uint64) {}

// seen returns how many events and cache messages have arrived.
func (p *busProbe) seen() (evs, controls int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.events, p.controls
}

// wait returns once the probe has seen at least evs events and controls
// cache messages. The deadline only bounds a bus that lost a message: it
// is no measure of time.
func (p *busProbe) wait(t *testing.T, evs, controls int) {
	t.Helper()
	deadline := time.After(30 * time.Second)
	for {
		if e, c := p.seen(); e >= evs && c >= controls {
			return
		}
		select {
		case <-p.changed:
		case <-deadline:
			e, c := p.seen()
			t.Fatalf("the other replica's bus delivered %d events and %d cache messages, want %d and %d", e, c, evs, controls)
		}
	}
}

// twoReplicaBuses are the buses of two replicas: one per replica over
// PostgreSQL LISTEN/NOTIFY, as cmd/predict opens them, or one in-process
// bus both replicas are attached to (SQLite).
func twoReplicaBuses(t *testing.T, s *store.DB) (a, b events.Bus) {
	if s.Dialect() != store.DialectPostgres {
		mem := events.NewMemoryBus()
		return mem, mem
	}
	dsn := storetest.PostgresDSN(t)
	channel := "test_cache_" + strings.TrimPrefix(storetest.Address(), "0x")[:12]
	for _, bus := range []*events.Bus{&a, &b} {
		pb, err := pgbus.Open(context.Background(), pgbus.Config{DSN: dsn, Channel: channel})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { pb.Close() })
		*bus = pb
	}
	return a, b
}

// cachedReplicas is two replicas over s, each with its read cache (max
// age an hour) and hub on its own bus, replica B on replica A's clock.
// delivered waits until both replicas' caches have applied evs events and
// controls of the caches' messages: over PostgreSQL even replica A has
// its own from the bus, after a NOTIFY.
func cachedReplicas(t *testing.T, s *store.DB) (a, b *env, busA events.Bus, delivered func(evs, controls int)) {
	busA, busB := twoReplicaBuses(t, s)
	cacheA := api.NewReadCache(api.CacheConfig{MaxAge: time.Hour})
	cacheA.Attach(busA)
	cacheB := api.NewReadCache(api.CacheConfig{MaxAge: time.Hour})
	cacheB.Attach(busB)
	probeA, probeB := newBusProbe(), newBusProbe()
	busA.Attach(probeA)
	busB.Attach(probeB)
	hubA := newHub(t, busA, testHubConfig())
	t.Cleanup(hubA.Close)
	a = newEnv(t, s, withEvents(hubA), func(c *api.Config) { c.Cache = cacheA })
	b = a.replica(t, newHub(t, busB, testHubConfig()), nil, func(c *api.Config) {
		c.Cache = cacheB
		c.Now = func() time.Time { return a.now }
	})
	delivered = func(evs, controls int) {
		t.Helper()
		probeA.wait(t, evs, controls)
		probeB.wait(t, evs, controls)
	}
	return a, b, busA, delivered
}

// TestPersonalCacheEveryRead: every personal read is answered from memory
// (the caches' MaxAge is an hour) on two replicas over one store, and a
// read made on either replica after the user's own change shows it: a
// follow (made through replica A's API), a trade, a liquidity change, a
// limit order placed, filled and cancelled, a notification and its
// marking read, a settlement and a claim. The chain's changes are
// published on replica A's bus, as its indexer does; replica B's cache
// learns of them through its own bus. Before its event a change is
// committed but not shown (the answers come from memory); after it both
// replicas answer the same new bytes. On both stores.
func TestPersonalCacheEveryRead(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		ctx := context.Background()
		a, b, busA, delivered := cachedReplicas(t, s)

		sim := storetest.NewChainSim(t)
		sim.Escrow = addr(0xe5c)
		alice := addr(0xa1)
		sim.Create(big.NewInt(1000_000000), "")
		sim.Mint(alice, big.NewInt(500_000000))
		a.now = sim.Time().Add(time.Minute)
		aliceUID := a.login("did:dev:alice", alice)
		published := 0
		publish := func(evs []events.Event) {
			t.Helper()
			publishResult(t, busA, evs)
			published += len(evs)
		}
		publish(sim.Apply(s).Events)
		tok := a.token("did:dev:alice")
		m, base := sim.Market, sim.Base

		reads := map[string]string{
			"positions":      "/api/v1/market/get-user-positions?page=1&pageSize=20",
			"asset-info":     "/api/v1/market/get-user-asset-info?uid=" + aliceUID + "&baseTokenAddress=" + base,
			"asset-history":  "/api/v1/user/get-user-asset-history?uid=" + aliceUID + "&timeInterval=all&baseTokenAddress=" + base,
			"trades":         "/api/v1/market/get-user-trades?page=1&pageSize=20",
			"liquidity":      "/api/v1/market/get-user-liquidity?page=1&pageSize=20",
			"orders":         "/api/v1/market/get-user-orders?page=1&pageSize=20",
			"notifications":  "/api/v1/user/get-user-notifications?page=1&pageSize=20",
			"follow-markets": "/api/v1/market/get-follow-markets",
			"followed-list":  "/api/v1/market/get-markets?page=1&pageSize=10&followed=true",
			"detail":         "/api/v1/market/get-market-detail?marketAddress=" + m,
		}
		// answers reads everything on one replica: the data of each read.
		answers := func(e *env) map[string]string {
			t.Helper()
			out := map[string]string{}
			for name, path := range reads {
				r := e.do("GET", path, tok, nil)
				wantOK(t, r)
				if cc := r.header.Get("Cache-Control"); cc != "private, max-age=0, must-revalidate" || r.header.Get("ETag") == "" {
					t.Fatalf("%s: Cache-Control %q, ETag %q: a personal answer is private and revalidated", name, cc, r.header.Get("ETag"))
				}
				out[name] = string(r.Data)
			}
			return out
		}
		sameEverywhere := func(what string) map[string]string {
			t.Helper()
			onA, onB := answers(a), answers(b)
			for name := range reads {
				if onA[name] != onB[name] {
					t.Fatalf("%s: %s differs between the replicas:\nA: %s\nB: %s", what, name, onA[name], onB[name])
				}
			}
			return onA
		}
		// The login told the other replica to forget alice (it may have
		// bound her address): that message counts before the first change's.
		controls := 1
		delivered(published, controls)
		prev := sameEverywhere("at first")
		// A repeated read revalidates to 304, on the other replica too.
		for name, path := range reads {
			req, _ := http.NewRequest("GET", b.srv.URL+path, nil)
			req.Header.Set("Authorization", "Bearer "+tok)
			req.Header.Set("If-None-Match", a.do("GET", path, tok, nil).header.Get("ETag"))
			if nm := b.send(req); nm.status != http.StatusNotModified {
				t.Fatalf("%s on replica B with If-None-Match of replica A's ETag: HTTP %d", name, nm.status)
			}
		}

		// changed checks that each of want differs from prev on both
		// replicas, once the change has reached replica B's cache.
		changed := func(what string, want ...string) {
			t.Helper()
			got := sameEverywhere(what)
			for _, name := range want {
				if got[name] == prev[name] {
					t.Fatalf("%s: %s unchanged on both replicas: %s", what, name, got[name])
				}
			}
			prev = got
		}
		// chain applies a confirmed change and publishes its events
		// through replica A's bus.
		chain := func(what string, change func(), want ...string) {
			t.Helper()
			sim.Next("")
			change()
			res := sim.Apply(s)
			// Committed, not yet announced: both replicas answer from
			// memory.
			for _, e := range []*env{a, b} {
				got := answers(e)
				for _, name := range want {
					if got[name] != prev[name] {
						t.Fatalf("%s: before its event %s is not the cached answer", what, name)
					}
				}
			}
			publish(res.Events)
			delivered(published, 0)
			changed(what, want...)
		}
		// direct makes a change through replica A's API, which no event
		// announces: replica A forgets at once, replica B on the bus's
		// message.
		direct := func(what string, change func(), want ...string) {
			t.Helper()
			change()
			controls++
			delivered(published, controls)
			changed(what, want...)
		}

		direct("a follow", func() {
			wantOK(t, a.do("POST", "/api/v1/market/follow-market", tok, map[string]any{"marketAddress": m}))
		}, "follow-markets", "followed-list", "detail")
		chain("a buy", func() { sim.Buy(alice, 0, big.NewInt(100_000000), "") },
			"positions", "asset-info", "asset-history", "trades", "follow-markets", "followed-list", "detail")
		chain("liquidity added", func() { sim.AddLiquidity(alice, big.NewInt(50_000000)) },
			"liquidity", "asset-info", "asset-history", "detail")
		far := time.Now().Add(24 * time.Hour).Unix()
		var order int64
		chain("an order placed", func() {
			order = sim.PlaceOrder(alice, 1, true, big.NewInt(30e16), big.NewInt(20_000000), far, "")
		}, "orders", "asset-info")
		chain("an order filled", func() { sim.FillFromPool(order, big.NewInt(5_000000)) }, "orders", "positions")
		chain("an order cancelled", func() { sim.CancelOrder(order, "") }, "orders", "asset-info")

		hash := "0x" + strings.Repeat("c1", 32)
		_, _, err := s.CreateOperation(ctx, &predict.Operation{OpHash: hash, UID: aliceUID, Sender: alice, Kind: "buy",
			Market: m, Nonce: big.NewInt(0)}, &predict.Order{UUID: uuid.NewString(), OpHash: hash, UID: aliceUID, Market: m,
			Option: sim.Options[0], Side: 1, Amount: big.NewInt(10_000000), MinReceive: big.NewInt(0), Price: big.NewInt(0)})
		storetest.Must(t, err)
		chain("a notification", func() {
			sim.Buy(alice, 0, big.NewInt(10_000000), hash)
			sim.Add(&predict.OpLog{LogRef: sim.Ref(sim.Hash(sim.BlockNumber(), "op"), hash), Sender: alice, Success: true})
		}, "notifications", "trades")
		var page struct{ Notifications []struct{ UUID string } }
		a.read(t, reads["notifications"], tok, &page)
		direct("notifications marked read", func() {
			wantOK(t, a.do("POST", "/api/v1/user/mark-notifications-as-read", tok, map[string]any{
				"notificationUuids": []string{page.Notifications[0].UUID}}))
		}, "notifications")
		chain("liquidity removed", func() { sim.RemoveLiquidity(alice, big.NewInt(1_000000)) }, "liquidity", "asset-info")
		chain("a settlement and a claim", func() {
			sim.Settle(0, storetest.Address(), "")
			sim.Claim(alice, 0, big.NewInt(1_000000))
		}, "positions", "asset-info", "detail")
		direct("an unfollow", func() {
			wantOK(t, a.do("POST", "/api/v1/market/unfollow-market", tok, map[string]any{"marketAddress": m}))
		}, "follow-markets", "followed-list", "detail")
	})
}

// TestPersonalCacheOrderExpiry: an order's expiry publishes no event, so
// the caller's cached orders are outdated when the first open one
// expires: read after its expiry, the order shows expired although the
// cache's MaxAge is an hour. The server and the cache share the test's
// clock.
func TestPersonalCacheOrderExpiry(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		bus := events.NewMemoryBus()
		var e *env
		cache := api.NewReadCache(api.CacheConfig{MaxAge: time.Hour, Now: func() time.Time { return e.now }})
		cache.Attach(bus)
		e = newEnv(t, s, func(c *api.Config) { c.Cache = cache })
		sim := storetest.NewChainSim(t)
		sim.Escrow = addr(0xe5c)
		alice := addr(0xa1)
		sim.Create(big.NewInt(1000_000000), "")
		sim.Mint(alice, big.NewInt(500_000000))
		e.login("did:dev:alice", alice)
		publishResult(t, bus, sim.Apply(s).Events)
		tok := e.token("did:dev:alice")
		expiry := e.now.Add(time.Hour).Truncate(time.Second)
		sim.Next("")
		sim.PlaceOrder(alice, 0, true, big.NewInt(40e16), big.NewInt(10_000000), expiry.Unix(), "")
		sim.PlaceOrder(alice, 1, true, big.NewInt(40e16), big.NewInt(10_000000), expiry.Add(time.Hour).Unix(), "")
		publishResult(t, bus, sim.Apply(s).Events)
		statuses := func() string {
			t.Helper()
			var page struct{ Orders []struct{ Status string } }
			e.read(t, "/api/v1/market/get-user-orders?page=1&pageSize=20", tok, &page)
			var out []string
			for _, o := range page.Orders {
				out = append(out, o.Status)
			}
			return strings.Join(out, ",")
		}
		for _, tc := range []struct {
			at   time.Time
			want string // newest first
		}{
			{expiry.Add(-time.Minute), "open,open"},
			{expiry.Add(-time.Second), "open,open"},
			{expiry, "open,expired"},
			{expiry.Add(2 * time.Hour), "expired,expired"},
		} {
			e.now = tc.at
			if got := statuses(); got != tc.want {
				t.Fatalf("at %s from the first expiry: %s, want %s", tc.at.Sub(expiry), got, tc.want)
			}
		}
	})
}

// TestAPIKeyRemembered: with the read cache (max age an hour) a replica
// reads an API key once and remembers it: a key revoked behind the
// service's back, in the store alone, still authenticates on the replica
// that read it, and not on the one that had not. Revoking
// a key through replica A forgets the owner's keys on both replicas once
// the bus has carried the message: both keys are refused on replica B at
// once, the hour notwithstanding. On both stores.
func TestAPIKeyRemembered(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		ctx := context.Background()
		a, b, _, delivered := cachedReplicas(t, s)

		uid := a.login("did:dev:alice", addr(0xa1))
		tok := a.token("did:dev:alice")
		first, second := a.createKey(t, tok, "first"), a.createKey(t, tok, "second")
		const read = "/api/v1/market/get-user-positions?page=1&pageSize=20"
		status := func(e *env, key string) int {
			t.Helper()
			return e.do("GET", read, key, nil).status
		}
		for _, k := range []string{first.Key, second.Key} {
			if st := status(b, k); st != http.StatusOK {
				t.Fatalf("a new key on replica B: HTTP %d", st)
			}
		}

		// Revoked in the store alone: no replica hears of it, and the
		// remembered key still authenticates on replica B.
		if err := s.RevokeAPIKey(ctx, uid, first.ID); err != nil {
			t.Fatal(err)
		}
		if st := status(b, first.Key); st != http.StatusOK {
			t.Fatalf("a key revoked behind the service's back, remembered on replica B: HTTP %d, want 200", st)
		}
		// Replica A never read it: it asks the store, which refuses.
		if st := status(a, first.Key); st != http.StatusUnauthorized {
			t.Fatalf("the same key on replica A, which had not read it: HTTP %d, want 401", st)
		}

		// Revoked through replica A: the owner is forgotten everywhere.
		wantOK(t, a.do("POST", "/api/v1/user/revoke-api-key", tok, map[string]any{"id": second.ID}))
		delivered(0, 2) // the login's ForgetUser, then the revocation's
		for _, e := range []*env{a, b} {
			for _, k := range []string{first.Key, second.Key} {
				if st := status(e, k); st != http.StatusUnauthorized {
					t.Fatalf("after the revocation through replica A: HTTP %d, want 401", st)
				}
			}
		}
	})
}
