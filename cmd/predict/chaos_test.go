package main

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"

	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/internal/auth"
	"github.com/predict-dev/predict/internal/chain/bindings"
	"github.com/predict-dev/predict/internal/store/storetest"
	"github.com/predict-dev/predict/wire"
)

// chaosCyclesEnv sets how many times TestChaosKill kills the service; the
// default keeps the test short enough for every run.
const chaosCyclesEnv = "PREDICT_CHAOS_CYCLES"

// TestChaosKill runs `predict serve` as a separate process and kills it
// with SIGKILL at random moments while several users trade, each as fast
// as the one-operation-at-a-time rule allows, then starts it again on the
// same data directory. After the last restart every operation the service
// accepted must end confirmed, reverted or dropped with a reason (one
// whose acceptance was cut off by the kill may also be unknown), every
// confirmed trade must be indexed exactly once, and every user's positions
// must equal their balances on the chain, read over the chain's own
// JSON-RPC. It runs on the embedded default (SQLite) and, when
// PREDICT_TEST_POSTGRES_DSN is set, on PostgreSQL.
func TestChaosKill(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs the service: not in -short")
	}
	cycles := 2
	if v := os.Getenv(chaosCyclesEnv); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("%s=%q: want a positive number of kills", chaosCyclesEnv, v)
		}
		cycles = n
	}
	bin := buildPredict(t)
	// Side by side: most of a run is waiting for blocks and restarts.
	t.Run("sqlite", func(t *testing.T) {
		t.Parallel()
		runChaos(t, bin, "", cycles)
	})
	t.Run("postgres", func(t *testing.T) {
		t.Parallel()
		runChaos(t, bin, storetest.PostgresDSN(t), cycles)
	})
	t.Run("matcher", func(t *testing.T) {
		t.Parallel()
		runChaosMatcher(t, bin, cycles)
	})
}

// buildPredict builds this command into a temporary directory, with -race
// when the test binary has it (the same build cache then serves both).
func buildPredict(t *testing.T) string {
	t.Helper()
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go is not on PATH")
	}
	bin := filepath.Join(t.TempDir(), "predict")
	args := []string{"build", "-o", bin}
	if raceBuild() {
		args = append(args, "-race")
	}
	start := time.Now()
	cmd := exec.Command(goBin, append(args, ".")...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	t.Logf("built %s in %s (race: %t)", bin, time.Since(start).Round(100*time.Millisecond), raceBuild())
	return bin
}

// chaosService is the service process of one data directory, started
// again after each kill on the same addresses.
type chaosService struct {
	t    *testing.T
	bin  string
	env  []string
	proc *replica // the running process
	n    int      // starts so far
	api  string   // base URL of the HTTP API
	rpc  string   // the embedded chain's JSON-RPC
}

var chainReadyRe = regexp.MustCompile(`msg="embedded dev chain ready".* rpc=(http://[0-9.:]+)`)

// start runs the service and waits until it listens.
func (s *chaosService) start() {
	t := s.t
	t.Helper()
	s.n++
	r := &replica{name: fmt.Sprintf("predict serve #%d", s.n), logs: &syncBuffer{}}
	r.cmd = exec.Command(s.bin, "serve")
	r.cmd.Env, r.cmd.Stderr = s.env, r.logs
	if err := r.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if r.cmd.ProcessState == nil {
			r.cmd.Process.Signal(syscall.SIGTERM)
			r.cmd.Wait()
		}
		if t.Failed() {
			t.Logf("log of %s:\n%s", r.name, r.logs.String())
		}
	})
	s.proc = r
	s.rpc = r.waitLog(t, chainReadyRe)[1]
	s.api = "http://" + r.waitLog(t, listenRe)[1]
}

// trader signs in a new user of the service with a new smart account
// (proving control of it) and funds it from the faucet: its signer, its
// account and its uid.
func (s *chaosService) trader(dev *auth.DevProvider, cfg *client.Config, name string, funds int64) (*client.Signer, common.Address, string) {
	t, ctx := s.t, context.Background()
	t.Helper()
	token, err := dev.Mint("did:dev:"+name, 24*time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	key, _ := crypto.GenerateKey()
	signer := client.NewSigner(newChaosClient(t, s.api, token), key,
		client.WithChain(common.HexToAddress(cfg.EntryPoint), big.NewInt(cfg.ChainID)))
	account, err := signer.Account(ctx)
	if err != nil {
		t.Fatal(err)
	}
	login, err := signer.Login(ctx, client.LoginRequest{Address: strings.ToLower(account.Hex()), UserName: name}) // proves control of the account
	if err != nil {
		t.Fatalf("%s logs in: %v", name, err)
	}
	if _, err := signer.Client().Faucet(ctx, client.FaucetRequest{Address: strings.ToLower(account.Hex()), Amount: wire.NewAmount(big.NewInt(funds))}); err != nil {
		t.Fatalf("faucet to %s: %v", name, err)
	}
	return signer, account, login.UID
}

// kill ends the service with SIGKILL: no shutdown of any kind.
func (s *chaosService) kill() {
	s.proc.cmd.Process.Signal(syscall.SIGKILL)
	s.proc.cmd.Wait()
}

// chaosOp is an operation a trader prepared and submitted.
type chaosOp struct {
	hash   string
	trader int
	// unsure: the kill cut the submission off, so the service may or
	// may not have accepted it.
	unsure bool
}

// chaosRun is a service started for a chaos test, with what the test
// needs to act on it and check it against the chain.
type chaosRun struct {
	svc   *chaosService
	dev   *auth.DevProvider
	eth   *ethclient.Client
	cfg   *client.Config
	began time.Time
}

// startChaos starts the service on a new data directory (and on dsn's
// PostgreSQL when dsn is set) with blocks every 300 ms.
func startChaos(t *testing.T, bin, dsn string) *chaosRun {
	r := &chaosRun{began: time.Now()}
	dataDir := t.TempDir()
	env := []string{}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "PREDICT_") {
			env = append(env, kv)
		}
	}
	env = append(env, "PREDICT_DATA_DIR="+dataDir, "PREDICT_HTTP_ADDR="+freeAddr(t), "PREDICT_DEV_RPC_ADDR="+freeAddr(t),
		"PREDICT_DEV_BLOCK_INTERVAL=300ms", "PREDICT_ADMIN_SUBJECTS=did:dev:root",
		"PREDICT_RATE_PUBLIC=0", "PREDICT_RATE_USER_READ=0", "PREDICT_RATE_USER_TRADE=0")
	if dsn != "" {
		env = append(env, "PREDICT_DATABASE_URL="+dsn, "PREDICT_EVENT_CHANNEL=chaos_"+strconv.FormatInt(r.began.UnixNano(), 10))
	}
	r.svc = &chaosService{t: t, bin: bin, env: env}
	r.svc.start()
	t.Logf("first start (deploys the contracts) after %s", time.Since(r.began).Round(100*time.Millisecond))
	ctx := context.Background()
	var err error
	if r.dev, err = auth.OpenDevProvider(dataDir, auth.DevIssuer, auth.DevAudience); err != nil {
		t.Fatal(err)
	}
	if r.eth, err = ethclient.DialContext(ctx, r.svc.rpc); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.eth.Close)
	if r.cfg, err = newChaosClient(t, r.svc.api, "").GetConfig(ctx); err != nil {
		t.Fatal(err)
	}
	return r
}

func runChaos(t *testing.T, bin, dsn string, cycles int) {
	run := startChaos(t, bin, dsn)
	svc, eth, cfg, began := run.svc, run.eth, run.cfg, run.began
	ctx := context.Background()
	base := cfg.BaseTokens[0].Address
	newTrader := func(name string, funds int64) (*client.Signer, common.Address, string) {
		return svc.trader(run.dev, cfg, name, funds)
	}

	root, _, _ := newTrader("root", 1_000_000_000)
	created, err := root.CreateMarket(ctx, client.CreateMarketRequest{Title: "Will the service survive SIGKILL?", Description: "d", Rules: "r",
		Options: []client.OptionTitle{{Title: "Yes"}, {Title: "No"}}, CategoryID: "test", EndTime: wire.NewTime(time.Now().Add(30 * 24 * time.Hour)),
		BaseTokenAddress: base, InitialLiquidity: wire.NewAmount(big.NewInt(500_000_000))})
	if err != nil {
		t.Fatal(err)
	}
	if st, err := root.Wait(ctx, created.OpHash, nil); err != nil || st.Status != client.OpConfirmed {
		t.Fatalf("create market: %v %+v", err, st)
	}
	market := created.MarketAddress
	options := []string{created.Options[0].OptionAddress, created.Options[1].OptionAddress}

	const traders = 6
	type trader struct {
		signer  *client.Signer
		account common.Address
		uid     string
	}
	var ts []trader
	for i := range traders {
		s, account, uid := newTrader(fmt.Sprintf("trader%d", i), 100_000_000)
		ts = append(ts, trader{s, account, uid})
	}

	// The burst: each trader buys, waits until the operation is final,
	// and buys again, through every kill, until stop.
	var (
		mu       sync.Mutex
		ops      []chaosOp
		refusals []string
		inFlight int // submitted, not yet final
		wg       sync.WaitGroup
	)
	stop := make(chan struct{})
	stopped := func() bool {
		select {
		case <-stop:
			return true
		default:
			return false
		}
	}
	for i, tr := range ts {
		wg.Go(func() {
			for n := 0; !stopped(); n++ {
				req := &client.PlaceOrderRequest{MarketAddress: market, OptionAddress: options[(i+n)%2], Side: 1,
					Amount: wire.NewAmount(big.NewInt(1_000_000 + int64(rand.IntN(1_000_000)))), MinReceiveAmount: wire.NewAmount(big.NewInt(1)),
					Deadline: wire.NewUnix(time.Now().Add(24 * time.Hour))}
				prepared, err := tr.signer.Sign(ctx, req)
				if err != nil {
					if client.ErrorCode(err) != 0 && !client.Temporary(err) {
						mu.Lock()
						refusals = append(refusals, fmt.Sprintf("trader%d prepares: %v", i, err))
						mu.Unlock()
					}
					time.Sleep(100 * time.Millisecond) // the service is down, or restarting
					continue
				}
				op := chaosOp{hash: strings.ToLower(prepared.UserOpHash), trader: i}
				_, err = tr.signer.Client().Submit(ctx, req)
				switch {
				case err == nil:
				case client.ErrorCode(err) == 0 || client.Temporary(err):
					op.unsure = true
				default:
					mu.Lock()
					refusals = append(refusals, fmt.Sprintf("trader%d submits %s: %v", i, op.hash, err))
					mu.Unlock()
					continue
				}
				mu.Lock()
				ops = append(ops, op)
				inFlight++
				mu.Unlock()
				// Until it is final (or known never accepted), the
				// account can prepare nothing else.
				for !stopped() {
					wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
					st, err := tr.signer.Client().Wait(wctx, op.hash, &client.WaitOptions{Interval: 50 * time.Millisecond, MaxInterval: 200 * time.Millisecond})
					cancel()
					if (err == nil && st.Final()) || (op.unsure && errors.Is(err, client.ErrNotFound)) {
						break
					}
				}
				mu.Lock()
				inFlight--
				mu.Unlock()
			}
		})
	}

	for c := range cycles {
		// A random moment of the burst: operations are being prepared,
		// accepted, bundled, mined and indexed all the time.
		time.Sleep(time.Duration(1500+rand.IntN(2500)) * time.Millisecond)
		mu.Lock()
		n, flying := len(ops), inFlight
		mu.Unlock()
		svc.kill()
		t.Logf("cycle %d: killed the service after %d operations, %d of them not final", c+1, n, flying)
		svc.start()
	}
	time.Sleep(time.Second)
	close(stop)
	wg.Wait()
	for _, r := range refusals {
		t.Errorf("refused: %s", r)
	}

	// Every accepted operation ends, with a reason when it failed.
	confirmed := map[string]bool{}
	check := newChaosClient(t, svc.api, "")
	counts := map[string]int{}
	for _, op := range ops {
		wctx, cancel := context.WithTimeout(ctx, 60*time.Second)
		st, err := check.Wait(wctx, op.hash, &client.WaitOptions{Interval: 50 * time.Millisecond, MaxInterval: 500 * time.Millisecond})
		cancel()
		switch {
		case op.unsure && errors.Is(err, client.ErrNotFound):
			counts["never accepted"]++
		case err != nil:
			t.Fatalf("operation %s of trader%d (unsure: %t): %v", op.hash, op.trader, op.unsure, err)
		case st.Status == client.OpConfirmed:
			confirmed[op.hash] = true
			counts[st.Status]++
		case st.Reason == "":
			t.Errorf("operation %s ended %s without a reason", op.hash, st.Status)
		default:
			counts[st.Status]++
			t.Logf("operation %s ended %s: %s", op.hash, st.Status, st.Reason)
		}
	}
	if len(confirmed) == 0 {
		t.Fatalf("no operation confirmed: %v", counts)
	}

	// Every confirmed buy is indexed once: wait for the indexer, then
	// compare the trades with the confirmed operations.
	var trades []client.Trade
	deadline := time.Now().Add(30 * time.Second)
	for {
		trades = nil
		for page := 1; ; page++ {
			p, err := check.GetMarketTrades(ctx, client.MarketTradesQuery{Page: page, PageSize: 50, MarketAddress: market})
			if err != nil {
				t.Fatal(err)
			}
			trades = append(trades, p.Trades...)
			if len(p.Trades) < 50 {
				break
			}
		}
		if len(trades) >= len(confirmed) || time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	seen := map[string]bool{}
	for _, tr := range trades {
		h := strings.ToLower(tr.OpHash)
		if seen[h] {
			t.Errorf("the trade of operation %s is indexed twice", h)
		}
		seen[h] = true
		if !confirmed[h] {
			t.Errorf("trade of operation %s, which did not end confirmed", h)
		}
	}
	if len(seen) != len(confirmed) {
		t.Errorf("%d trades indexed for %d confirmed buys", len(seen), len(confirmed))
	}

	// Positions are what the chain says.
	for i, tr := range ts {
		page, err := check.GetUserPositions(ctx, client.PositionsQuery{Page: 1, PageSize: 50, UID: tr.uid, MarketAddress: market})
		if err != nil {
			t.Fatal(err)
		}
		held := map[string]*big.Int{}
		for _, p := range page.Positions {
			held[strings.ToLower(p.OptionAddress)] = p.Amount.Int
		}
		for _, o := range options {
			token, err := bindings.NewBaseTokenCaller(common.HexToAddress(o), eth)
			if err != nil {
				t.Fatal(err)
			}
			onChain, err := token.BalanceOf(&bind.CallOpts{Context: ctx}, tr.account)
			if err != nil {
				t.Fatal(err)
			}
			got := held[strings.ToLower(o)]
			if got == nil {
				got = new(big.Int)
			}
			if got.Cmp(onChain) != 0 {
				t.Errorf("trader%d holds %s of option %s by the service, %s on chain", i, got, o, onChain)
			}
		}
	}
	t.Logf("%s: %d kills, %d operations (%v), %d trades indexed, in %s", t.Name(), cycles, len(ops), counts, len(trades),
		time.Since(began).Round(100*time.Millisecond))
}

// newChaosClient is a Go client of the service; its requests time out,
// since the service may die in the middle of one, and ride out the rate
// limits as a bot does.
func newChaosClient(t *testing.T, api, token string) *client.Client {
	t.Helper()
	c, err := client.New(api, client.WithToken(token), client.WithHTTPClient(&http.Client{Timeout: 10 * time.Second}),
		client.WithRateLimitWaits(5, nil))
	if err != nil {
		t.Fatal(err)
	}
	return c
}
