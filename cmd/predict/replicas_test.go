package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict/internal/chain"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// replica is a `predict serve` process of the test binary.
type replica struct {
	name string
	cmd  *exec.Cmd
	addr string
	logs *syncBuffer
}

// syncBuffer collects a process's log for the test to read while it runs.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// listenRe matches the log line of a service that is ready: its listener
// is bound earlier, answering 503 UNAVAILABLE until then.
var listenRe = regexp.MustCompile(`msg=ready addr=http://([0-9.:]+)`)

// startProcess runs this program as a separate process with env.
func startProcess(t *testing.T, name string, env []string, args ...string) *replica {
	t.Helper()
	r := &replica{name: name, logs: &syncBuffer{}}
	r.cmd = exec.Command(os.Args[0], args...)
	r.cmd.Env = append(append(os.Environ(), "PREDICT_TEST_MAIN=1"), env...)
	r.cmd.Stderr = r.logs
	if err := r.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		r.cmd.Process.Signal(syscall.SIGTERM)
		r.cmd.Wait()
		if t.Failed() {
			t.Logf("log of %s:\n%s", name, r.logs.String())
		}
	})
	return r
}

// waitLog waits until the process logged something matching re.
func (r *replica) waitLog(t *testing.T, re *regexp.Regexp) []string {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if m := re.FindStringSubmatch(r.logs.String()); m != nil {
			return m
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("%s never logged %s:\n%s", r.name, re, r.logs.String())
	return nil
}

// sseEvent is one parsed message of an event stream.
type sseEvent struct {
	id, name string
	data     map[string]string
}

// openStream connects to a replica's event stream and parses messages
// into a channel.
func openStream(t *testing.T, addr, token string) (<-chan sseEvent, func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "POST", "http://"+addr+"/api/v1/sse/connect", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil || res.StatusCode != http.StatusOK {
		cancel()
		t.Fatalf("connect: %v %v", err, res)
	}
	events := make(chan sseEvent, 100)
	go func() {
		defer res.Body.Close()
		defer close(events)
		sc := bufio.NewScanner(res.Body)
		var ev sseEvent
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == "":
				if ev.name != "" {
					events <- ev
				}
				ev = sseEvent{}
			case strings.HasPrefix(line, "id: "):
				ev.id = line[4:]
			case strings.HasPrefix(line, "event: "):
				ev.name = line[7:]
			case strings.HasPrefix(line, "data: "):
				if err := json.Unmarshal([]byte(line[6:]), &ev.data); err != nil {
					t.Errorf("data is not a JSON object of strings: %s", line)
				}
			}
		}
	}()
	return events, cancel
}

// waitEvent reads events until one named name arrives.
func waitEvent(t *testing.T, events <-chan sseEvent, name string, match func(sseEvent) bool) sseEvent {
	t.Helper()
	timeout := time.After(60 * time.Second)
	for {
		select {
		case ev, ok := <-events:
			if !ok {
				t.Fatalf("stream ended before %s", name)
			}
			if ev.name == name && (match == nil || match(ev)) {
				return ev
			}
		case <-timeout:
			t.Fatalf("no %s within 60 s", name)
		}
	}
}

// TestReplicas runs two `predict serve` processes on one PostgreSQL and
// one chain (a `predict devnode` process): a client streams from A and
// subscribes through B; a trade confirmed by whichever replica runs the
// indexer reaches the stream on A. Then the replica that leads is killed
// and the other takes over: the next trade is bundled and indexed too.
func TestReplicas(t *testing.T) {
	dsn := storetest.PostgresDSN(t) // skips without PREDICT_TEST_POSTGRES_DSN; CI sets it
	chainDir := t.TempDir()
	node := startProcess(t, "devnode", []string{"PREDICT_DATA_DIR=" + chainDir, "PREDICT_DEV_BLOCK_INTERVAL=200ms", "PREDICT_LOG_LEVEL=info"},
		"devnode", "--addr", "127.0.0.1:0")
	rpc := node.waitLog(t, regexp.MustCompile(`msg="dev node ready" rpc=(http://[0-9.:]+)`))[1]
	keys, err := chain.LoadOrCreateKeys(chainDir)
	if err != nil {
		t.Fatal(err)
	}
	keyEnv := []string{
		"PREDICT_OPERATOR_KEY=" + hex.EncodeToString(crypto.FromECDSA(keys.Operator)),
		"PREDICT_PAYMASTER_KEY=" + hex.EncodeToString(crypto.FromECDSA(keys.Paymaster)),
		"PREDICT_BUNDLER_KEY=" + hex.EncodeToString(crypto.FromECDSA(keys.Bundler)),
	}
	for _, kv := range keyEnv {
		k, v, _ := strings.Cut(kv, "=")
		t.Setenv(k, v)
	}
	var out bytes.Buffer
	if err := run(context.Background(), []string{"deploy", "--rpc", rpc, "--dev-tokens", "--paymaster-deposit", "100000000000000000000"},
		testEnv(t, nil), &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	env := append(strings.Fields(out.String()), keyEnv...)
	dataDir := t.TempDir() // shared: both replicas verify tokens of the same dev identity key
	env = append(env, "PREDICT_DATABASE_URL="+dsn, "PREDICT_DATA_DIR="+dataDir, "PREDICT_HTTP_ADDR=127.0.0.1:0",
		"PREDICT_ADMIN_SUBJECTS=did:dev:root", "PREDICT_EVENT_CHANNEL=replicas_"+fmt.Sprint(time.Now().UnixNano()),
		// Read-cache answers last an hour unless an event invalidates them,
		// so the reads below prove the invalidation, not the expiry.
		"PREDICT_READ_CACHE_MAX_AGE=1h",
		"PREDICT_INDEXER_CONFIRMATIONS=0", "PREDICT_RATE_USER_TRADE=0", "PREDICT_RATE_USER_READ=0", "PREDICT_RATE_PUBLIC=0")
	a := startProcess(t, "replica A", env, "serve")
	a.addr = a.waitLog(t, listenRe)[1]
	b := startProcess(t, "replica B", env, "serve")
	b.addr = b.waitLog(t, listenRe)[1]

	getenv := testEnv(t, map[string]string{"PREDICT_DATA_DIR": dataDir})
	cfg, err := LoadConfig(getenv)
	if err != nil {
		t.Fatal(err)
	}
	client, err := chain.Dial(context.Background(), rpc)
	if err != nil {
		t.Fatal(err)
	}
	defer client.Close()
	suite, err := chain.SuiteAt(context.Background(), client, mustAddresses(t, out.String()))
	if err != nil {
		t.Fatal(err)
	}
	// The scenario helpers drive replica A or B through a Main that only
	// carries the address and the chain handles.
	onA := &e2e{t: t, getenv: getenv, ctx: context.Background(), m: &Main{Config: cfg, chainParts: chainParts{Client: client, Suite: suite}}}
	onA.m.ln = fakeListener(a.addr)
	onA.m.Deployment, _ = suite.Deployment(context.Background(), client, time.Second, false)
	onB := &e2e{t: t, getenv: getenv, ctx: context.Background(), m: &Main{Config: cfg, chainParts: onA.m.chainParts}}
	onB.m.ln = fakeListener(b.addr)

	root, alice := onA.newUser("root"), onA.newUser("alice")
	for _, u := range []*user{root, alice} {
		mint(t, client, keys, suite, u, 1_000_000_000)
	}
	market, opts := onA.newMarket(root, "Replicas")

	events, stop := openStream(t, a.addr, alice.token)
	defer stop()
	connected := waitEvent(t, events, "base:connected", nil)
	var sub struct{ Topics []string }
	call(t, onB.m, "POST", "/api/v1/sse/subscribe", alice.token,
		map[string]any{"connection_id": connected.data["connection_id"], "topics": []string{"market:" + market}}, &sub)
	if len(sub.Topics) != 1 {
		t.Fatalf("subscribe through B answered %v", sub)
	}

	buy := func(via *e2e) {
		f, _ := via.prepare(alice, "buy", map[string]any{"marketAddress": market, "optionAddress": opts[0],
			"amount": "1000000", "minReceiveAmount": "1", "deadline": via.deadline(), "side": 1})
		via.confirmed(via.submit(alice, "/api/v1/market/place-order", f)["opHash"].(string))
	}
	// A stream on B too, and both replicas' read caches hold the
	// market's answers from before the trade.
	eventsB, stopB := openStream(t, b.addr, alice.token)
	defer stopB()
	connectedB := waitEvent(t, eventsB, "base:connected", nil)
	call(t, onB.m, "POST", "/api/v1/sse/subscribe", alice.token,
		map[string]any{"connection_id": connectedB.data["connection_id"], "topics": []string{"market:" + market}}, &sub)
	priceBefore := onA.detail(market).Options[0].Price
	for _, via := range []*e2e{onA, onB} {
		for range 2 {
			if p := via.detail(market).Options[0].Price; p != priceBefore {
				t.Fatalf("the replicas disagree before the trade: %s and %s", priceBefore, p)
			}
			listPrice(t, via, market)
		}
	}

	buy(onB)
	waitEvent(t, events, "market:new_trades", func(ev sseEvent) bool { return ev.data["market_address"] == market })
	// The read each replica answers on market:price_change (which
	// follows new_trades) shows the trade: its cache was invalidated
	// before its stream carried the event.
	onPrice := func(ev sseEvent) bool { return ev.data["market_address"] == market }
	waitEvent(t, events, "market:price_change", onPrice)
	priceA, listA := onA.detail(market).Options[0].Price, listPrice(t, onA, market)
	waitEvent(t, events, "user:position_changed", func(ev sseEvent) bool { return ev.data["uid"] == alice.uid })
	t.Log("an event of a trade confirmed by the leader reached the stream on A, subscribed through B")
	waitEvent(t, eventsB, "market:price_change", onPrice)
	priceB, listB := onB.detail(market).Options[0].Price, listPrice(t, onB, market)
	if priceA == priceBefore || priceB != priceA || listA != priceA || listB != priceA {
		t.Fatalf("after market:price_change: detail %s on A and %s on B, list %s on A and %s on B; before the trade %s",
			priceA, priceB, listA, listB, priceBefore)
	}

	// Kill the leader without a goodbye: the other replica must take over.
	leader, survivor, via := a, b, onB
	if !strings.Contains(a.logs.String(), "leadership acquired") {
		leader, survivor, via = b, a, onA
	}
	leader.cmd.Process.Signal(syscall.SIGKILL)
	leader.cmd.Wait()
	survivor.waitLog(t, regexp.MustCompile(`leadership acquired`))
	t.Logf("%s was killed; %s took over", leader.name, survivor.name)
	buy(via)
}

// listPrice is the first option's price of market in the market list
// that via's replica answers anonymously.
func listPrice(t *testing.T, via *e2e, market string) string {
	t.Helper()
	var page struct {
		Markets []struct {
			MarketAddress string
			Options       []struct{ Price string }
		}
	}
	call(t, via.m, "GET", "/api/v1/market/get-markets?page=1&pageSize=50", "", nil, &page)
	for _, m := range page.Markets {
		if m.MarketAddress == market {
			return m.Options[0].Price
		}
	}
	t.Fatalf("market %s is not in the list", market)
	return ""
}

// mint funds a user's account with the dev base token (the faucet of a
// production-configured replica does not exist).
func mint(t *testing.T, client chain.Backend, keys *chain.Keys, suite *chain.Suite, u *user, amount int64) {
	t.Helper()
	op := chain.NewOperator(client, keys.Operator, suite)
	if _, err := op.Mint(context.Background(), strings.ToLower(suite.BaseTokens[0].Address.Hex()), strings.ToLower(u.account.Hex()), bigInt(amount)); err != nil {
		t.Fatal(err)
	}
}

func bigInt(n int64) *big.Int { return big.NewInt(n) }

// addrOnly is a listener that is only an address: the scenario helpers
// read Main.Addr to find a replica running in another process.
type addrOnly string

func (a addrOnly) Accept() (net.Conn, error) { return nil, errors.New("addrOnly does not accept") }
func (a addrOnly) Close() error              { return nil }
func (a addrOnly) Addr() net.Addr {
	tcp, _ := net.ResolveTCPAddr("tcp", string(a))
	return tcp
}

func fakeListener(addr string) net.Listener { return addrOnly(addr) }

// mustAddresses reads the contract addresses `predict deploy` printed.
func mustAddresses(t *testing.T, printed string) chain.SuiteAddresses {
	t.Helper()
	getenv := map[string]string{}
	for _, line := range strings.Fields(printed) {
		k, v, _ := strings.Cut(line, "=")
		getenv[k] = v
	}
	cfg, err := LoadConfig(func(k string) string { return getenv[k] })
	if err != nil || cfg.addressesErr != nil {
		t.Fatalf("deploy output %q: %v %v", printed, err, cfg.addressesErr)
	}
	return cfg.Addresses
}
