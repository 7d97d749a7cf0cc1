package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"math/big"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"

	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/internal/auth"
	"github.com/predict-dev/predict/internal/bench"
	"github.com/predict-dev/predict/wire"
)

func init() { verbs["ops"] = ops }

// ops measures place-order from API submission to the indexed trade
// (the trader's user:position_changed event) on a `predict serve` process
// with the embedded chain and the built-in bundler, and then, on the same
// chain, the ceiling: the same kind of signed, sponsored operations sent
// straight to the EntryPoint in handleOps batches of the size the bundler
// made.
func ops(ctx context.Context, log *slog.Logger, args []string) error {
	fs := flag.NewFlagSet("ops", flag.ContinueOnError)
	var (
		users    = fs.Int("users", 64, "traders, each with its own smart account, trading at once")
		rounds   = fs.Int("rounds", 3, "orders per trader (each waits for the previous one's trade)")
		interval = fs.Duration("block-interval", time.Second, "block period of the embedded chain (0: a block per transaction)")
		bin      = fs.String("predict", "", "predict binary (default: go build ./cmd/predict into a temporary directory)")
	)
	if err := fs.Parse(args); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "loadgen-ops-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	h, err := startHarness(ctx, log, *bin, tmp, *interval, *users)
	if err != nil {
		return err
	}
	defer h.svc.stop()
	defer h.eth.Close()
	// One untimed order each deploys the accounts (initCode), so both
	// measured paths run existing accounts.
	if _, err := h.serviceRound(ctx); err != nil {
		return fmt.Errorf("warm-up round: %w", err)
	}

	sent0, bundles0, err := h.bundlerCounters(ctx)
	if err != nil {
		return err
	}
	var lat bench.Latencies
	start := time.Now()
	for r := range *rounds {
		l, err := h.serviceRound(ctx)
		if err != nil {
			return fmt.Errorf("round %d: %w", r, err)
		}
		for _, d := range l {
			lat.Add(d)
		}
	}
	serviceTook := time.Since(start)
	sent1, bundles1, err := h.bundlerCounters(ctx)
	if err != nil {
		return err
	}
	perBundle := (sent1 - sent0) / max(bundles1-bundles0, 1)
	service := lat.Summary()
	serviceRate := float64(service.N) / serviceTook.Seconds()

	batch := max(int(perBundle+0.5), 1)
	log.Info("ceiling: raw handleOps", "batch", batch)
	var rawLat bench.Latencies
	var rawTook time.Duration
	for r := range *rounds {
		took, l, err := h.rawRound(ctx, batch)
		if err != nil {
			return fmt.Errorf("raw round %d: %w", r, err)
		}
		rawTook += took
		for _, d := range l {
			rawLat.Add(d)
		}
	}
	raw := rawLat.Summary()
	rawRate := float64(raw.N) / rawTook.Seconds()

	fmt.Printf("ops: %d traders × %d orders, embedded chain with a block every %s\n", *users, *rounds, *interval)
	fmt.Printf("  service  (prepare, sign, place-order, bundle, index, user:position_changed): %6.1f orders/s  latency %s  %.1f ops/bundle over %.0f bundles\n",
		serviceRate, service, perBundle, bundles1-bundles0)
	fmt.Printf("  ceiling  (signed operations sent straight to handleOps, %d per batch):        %6.1f ops/s     latency %s (send to mined)\n",
		batch, rawRate, raw)
	fmt.Printf("  ratio    service / ceiling: %.2f\n", serviceRate/rawRate)
	return nil
}

// startHarness builds predict into tmp unless bin names it, starts it on
// the embedded chain with blocks every interval, and creates the market
// and the traders.
func startHarness(ctx context.Context, log *slog.Logger, bin, tmp string, interval time.Duration, users int) (*harness, error) {
	if bin == "" {
		bin = filepath.Join(tmp, "predict")
		log.Info("building predict", "out", bin)
		build := exec.CommandContext(ctx, "go", "build", "-o", bin, "./cmd/predict")
		build.Stdout, build.Stderr = os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			return nil, fmt.Errorf("build predict (run loadgen from the repository root, or pass -predict): %w", err)
		}
	}
	svc, err := startService(ctx, log, bin, filepath.Join(tmp, "data"), interval)
	if err != nil {
		return nil, err
	}
	h, err := newHarness(ctx, svc)
	if err != nil {
		svc.stop()
		return nil, err
	}
	log.Info("creating the market and the traders", "users", users)
	if err := h.setup(ctx, users); err != nil {
		svc.stop()
		h.eth.Close()
		return nil, err
	}
	return h, nil
}

// harness drives the service: an admin, the market, the traders.
type harness struct {
	svc        *service
	dev        *auth.DevProvider
	eth        *ethclient.Client
	cfg        *client.Config
	entryPoint common.Address
	chainID    *big.Int
	base       string
	market     string
	option     string
	traders    []*trader
}

type trader struct {
	signer *client.Signer
	events chan client.Event
}

func newHarness(ctx context.Context, svc *service) (*harness, error) {
	dev, err := auth.OpenDevProvider(svc.dataDir, auth.DevIssuer, auth.DevAudience)
	if err != nil {
		return nil, err
	}
	eth, err := ethclient.DialContext(ctx, svc.rpc)
	if err != nil {
		return nil, err
	}
	c, err := client.New(svc.url)
	if err != nil {
		return nil, err
	}
	cfg, err := c.GetConfig(ctx)
	if err != nil {
		return nil, err
	}
	if len(cfg.BaseTokens) == 0 {
		return nil, errors.New("the service has no base token")
	}
	return &harness{svc: svc, dev: dev, eth: eth, cfg: cfg, entryPoint: common.HexToAddress(cfg.EntryPoint),
		chainID: big.NewInt(cfg.ChainID), base: cfg.BaseTokens[0].Address}, nil
}

// user logs a new identity in with a fresh owner key and funds it.
func (h *harness) user(ctx context.Context, subject string, funds int64) (*client.Signer, *client.Client, error) {
	token, err := h.dev.Mint(subject, 24*time.Hour)
	if err != nil {
		return nil, nil, err
	}
	c, err := client.New(h.svc.url, client.WithToken(token))
	if err != nil {
		return nil, nil, err
	}
	key, err := crypto.GenerateKey()
	if err != nil {
		return nil, nil, err
	}
	signer := client.NewSigner(c, key, client.WithChain(h.entryPoint, h.chainID))
	account, err := signer.Account(ctx)
	if err != nil {
		return nil, nil, err
	}
	addr := strings.ToLower(account.Hex())
	if _, err := signer.Login(ctx, client.LoginRequest{Address: addr}); err != nil {
		return nil, nil, fmt.Errorf("login %s: %w", subject, err)
	}
	if _, err := c.Faucet(ctx, client.FaucetRequest{Address: addr, Amount: wire.NewAmount(big.NewInt(funds))}); err != nil {
		return nil, nil, fmt.Errorf("faucet %s: %w", subject, err)
	}
	return signer, c, nil
}

// setup creates one market and the traders with their event streams.
func (h *harness) setup(ctx context.Context, users int) error {
	admin, ac, err := h.user(ctx, "did:dev:bench-admin", 1_000_000_000000)
	if err != nil {
		return err
	}
	created, err := admin.CreateMarket(ctx, client.CreateMarketRequest{Title: "Load test: will the benchmark finish?",
		Description: "Created by loadgen ops.", Rules: "Settled by hand.", CategoryID: "bench",
		Options: []client.OptionTitle{{Title: "Yes"}, {Title: "No"}}, EndTime: wire.NewTime(time.Now().Add(30 * 24 * time.Hour)),
		BaseTokenAddress: h.base, InitialLiquidity: wire.NewAmount(big.NewInt(500_000_000000))})
	if err != nil {
		return fmt.Errorf("create market: %w", err)
	}
	if st, err := ac.Wait(ctx, created.OpHash, nil); err != nil || st.Err() != nil {
		return fmt.Errorf("create market: %v %v", err, st.Err())
	}
	h.market, h.option = created.MarketAddress, created.Options[0].OptionAddress
	for {
		if _, err := ac.GetMarketDetail(ctx, h.market, ""); err == nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	var (
		mu   sync.Mutex
		wg   sync.WaitGroup
		errs []error
	)
	sem := make(chan struct{}, 16)
	for i := range users {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			signer, c, err := h.user(ctx, fmt.Sprintf("did:dev:bench-%d", i), 100_000_000000)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				errs = append(errs, err)
				return
			}
			stream := c.NewStream()
			go stream.Run(ctx)
			t := &trader{signer: signer, events: make(chan client.Event, 64)}
			go func() {
				for e := range stream.Events() {
					if e.Name == client.EventPositionChanged {
						select {
						case t.events <- e:
						default:
						}
					}
				}
			}()
			h.traders = append(h.traders, t)
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// serviceRound has every trader place one buy through the service and
// returns the latencies from before prepare to the trader's
// user:position_changed event.
func (h *harness) serviceRound(ctx context.Context) ([]time.Duration, error) {
	out := make([]time.Duration, len(h.traders))
	errs := make([]error, len(h.traders))
	var wg sync.WaitGroup
	for i, t := range h.traders {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for len(t.events) > 0 { // stale events of the warm-up
				<-t.events
			}
			start := time.Now()
			res, err := t.signer.Buy(ctx, h.order())
			if err != nil {
				errs[i] = err
				return
			}
			select {
			case <-t.events:
				out[i] = time.Since(start)
			case <-time.After(2 * time.Minute):
				st, _ := t.signer.Client().GetOperationStatus(ctx, res.OpHash)
				errs[i] = fmt.Errorf("no position_changed for %s after 2 minutes (status %+v)", res.OpHash, st)
			case <-ctx.Done():
				errs[i] = ctx.Err()
			}
		}()
	}
	wg.Wait()
	return out, errors.Join(errs...)
}

func (h *harness) order() client.PlaceOrderRequest {
	return client.PlaceOrderRequest{MarketAddress: h.market, OptionAddress: h.option, Amount: wire.NewAmount(big.NewInt(10_000000)),
		MinReceiveAmount: wire.NewAmount(big.NewInt(1)), Deadline: wire.NewUnix(time.Now().Add(10 * time.Minute))}
}

// bundlerCounters reads operations sent and bundles sent from the
// service's /metrics.
func (h *harness) bundlerCounters(ctx context.Context) (ops, bundles float64, err error) {
	req, err := http.NewRequestWithContext(ctx, "GET", h.svc.url+"/metrics", nil)
	if err != nil {
		return 0, 0, err
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, 0, err
	}
	defer res.Body.Close()
	sc := bufio.NewScanner(res.Body)
	for sc.Scan() {
		name, value, ok := strings.Cut(sc.Text(), " ")
		if !ok {
			continue
		}
		v, _ := strconv.ParseFloat(value, 64)
		switch name {
		case "predict_bundler_ops_sent_total":
			ops = v
		case "predict_bundler_bundles_sent_total":
			bundles = v
		}
	}
	return ops, bundles, sc.Err()
}
