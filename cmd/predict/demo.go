package main

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/internal/cli"
	"github.com/predict-dev/predict/wire"
)

// demoAdmin is the identity subject that creates the sample markets of
// serve --demo, which makes it an admin.
const demoAdmin = "did:dev:demo-admin"

// enableDemo checks that the service runs the embedded default (the demo
// mints tokens with the development identity provider and funds its
// traders with the dev chain's faucet) and makes the demo admin an admin.
func enableDemo(cfg *Config) error {
	if !cfg.DevChain() {
		return errors.New("--demo runs on the embedded default only: PREDICT_CHAIN_RPC_URL is set, and demo markets there would be real transactions; unset it (and the contract addresses) to try the demo")
	}
	if !cfg.DevIdentity() {
		return errors.New("--demo runs on the embedded default only: PREDICT_JWKS_URL is set, and the demo's users need the development identity provider; unset PREDICT_JWKS_URL to try the demo")
	}
	if !slices.Contains(cfg.AdminSubjects, demoAdmin) {
		cfg.AdminSubjects = append(cfg.AdminSubjects, demoAdmin)
	}
	return nil
}

// demoMarket is a sample market; its dates are relative to the seeding.
type demoMarket struct {
	title, description, rules string // {date} stands for the end date
	category                  string
	tags, options             []string
	ends                      time.Duration
	liquidity                 int64 // whole base tokens
}

var demoMarkets = []demoMarket{
	{
		title:       "Will Bitcoin close above $150,000 on {date}?",
		description: "Bitcoin's daily close in US dollars on {date}, against a $150,000 threshold.",
		rules:       "Resolves Yes if the Coinbase BTC-USD daily candle of {date} (UTC) closes above $150,000.00, otherwise No.",
		category:    "crypto", tags: []string{"bitcoin", "price"}, options: []string{"Yes", "No"},
		ends: 30 * 24 * time.Hour, liquidity: 300,
	},
	{
		title:       "Which club wins the next UEFA Champions League final?",
		description: "The winner of the next UEFA Champions League final, after extra time and penalties if needed.",
		rules:       "Resolves to the club UEFA declares winner of the final; Another club for any club not listed.",
		category:    "sports", tags: []string{"football", "champions-league"}, options: []string{"Real Madrid", "Manchester City", "Another club"},
		ends: 90 * 24 * time.Hour, liquidity: 300,
	},
	{
		title:       "Will the ECB cut its deposit facility rate at its next monetary policy meeting?",
		description: "The European Central Bank's decision on the deposit facility rate at its next scheduled monetary policy meeting before {date}.",
		rules:       "Resolves Yes if the ECB's press release announces a lower deposit facility rate, otherwise No.",
		category:    "economy", tags: []string{"ecb", "interest-rates"}, options: []string{"Yes", "No"},
		ends: 45 * 24 * time.Hour, liquidity: 200,
	},
	{
		title:       "Will it snow in Paris on {date}?",
		description: "Snowfall in Paris on {date}.",
		rules:       "Resolves Yes if Météo-France reports measurable snowfall at Paris-Montsouris on {date}, otherwise No.",
		category:    "weather", tags: []string{"paris", "snow"}, options: []string{"Yes", "No"},
		ends: 14 * 24 * time.Hour, liquidity: 100,
	},
}

// demoTrade is a trade of the sample activity; sell sells half of what
// the trader holds of the option.
type demoTrade struct {
	trader, option string
	market         int
	buy            int64 // whole base tokens
	sell           bool
}

var demoTrades = []demoTrade{
	{trader: "alice", market: 0, option: "Yes", buy: 40},
	{trader: "bob", market: 0, option: "No", buy: 25},
	{trader: "carol", market: 1, option: "Real Madrid", buy: 30},
	{trader: "alice", market: 1, option: "Manchester City", buy: 20},
	{trader: "bob", market: 2, option: "Yes", buy: 15},
	{trader: "carol", market: 3, option: "No", buy: 10},
	{trader: "alice", market: 0, option: "Yes", sell: true},
}

// demoLiquidity is the sample liquidity provision: carol adds 150 tokens
// to the ECB market.
var demoLiquidity = struct {
	trader string
	market int
	amount int64
}{"carol", 2, 150}

// demo seeds sample markets through the service's own HTTP API, as
// clients would: the client's Signer prepares, checks, signs and submits
// each operation.
type demo struct {
	m     *Main
	log   *slog.Logger
	url   string
	token client.BaseToken
	unit  *big.Int
}

// demoUser is a demo account: its client and signer.
type demoUser struct {
	name   string
	signer *client.Signer
}

// seedDemo creates the sample markets and their activity when the service
// has no market yet; with markets present it does nothing. It returns
// once everything is confirmed, or at the first failure.
func seedDemo(ctx context.Context, m *Main) error {
	d := &demo{m: m, log: m.Logger.With("component", "demo"), url: "http://" + m.Addr()}
	public, err := client.New(d.url)
	if err != nil {
		return err
	}
	page, err := public.GetMarkets(ctx, client.MarketsQuery{PageSize: 1})
	if err != nil {
		return fmt.Errorf("demo: count markets: %w", err)
	}
	if page.TotalCount > 0 {
		d.log.Info("demo: markets present, nothing seeded", "markets", page.TotalCount)
		return nil
	}
	cfg, err := public.GetConfig(ctx)
	if err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	if len(cfg.BaseTokens) == 0 {
		return errors.New("demo: the service has no base token")
	}
	d.token = cfg.BaseTokens[0]
	d.unit = new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(d.token.Decimals)), nil)
	start := time.Now()
	d.log.Info("demo: seeding sample markets", "markets", len(demoMarkets), "trades", len(demoTrades), "token", d.token.Symbol)

	admin, err := d.user(ctx, "demo-admin", 2000)
	if err != nil {
		return err
	}
	traders := map[string]*demoUser{}
	for _, name := range []string{"alice", "bob", "carol"} {
		if traders[name], err = d.user(ctx, "demo-"+name, 500); err != nil {
			return err
		}
	}

	type created struct {
		address string
		options map[string]string // title → address
	}
	markets := make([]created, len(demoMarkets))
	for i, dm := range demoMarkets {
		end := time.Now().Add(dm.ends).UTC().Truncate(time.Hour)
		dated := strings.NewReplacer("{date}", end.Format("2 January 2006")).Replace
		res, err := admin.signer.CreateMarket(ctx, client.CreateMarketRequest{
			Title: dated(dm.title), Description: dated(dm.description), Rules: dated(dm.rules),
			Options: titles(dm.options), CategoryID: dm.category, Tags: dm.tags, EndTime: wire.NewTime(end),
			BaseTokenAddress: strings.ToLower(d.token.Address), InitialLiquidity: wire.NewAmount(d.amount(dm.liquidity)),
		})
		if err != nil {
			return fmt.Errorf("demo: create market %d: %w", i+1, err)
		}
		if err := d.confirm(ctx, admin, res.OpHash); err != nil {
			return err
		}
		markets[i] = created{address: res.MarketAddress, options: map[string]string{}}
		for _, o := range res.Options {
			markets[i].options[o.Title] = o.OptionAddress
		}
		d.log.Info("demo: market created", "market", res.MarketAddress, "title", dated(dm.title))
	}

	for _, tr := range demoTrades {
		u, mk := traders[tr.trader], markets[tr.market]
		req := client.PlaceOrderRequest{MarketAddress: mk.address, OptionAddress: mk.options[tr.option],
			MinReceiveAmount: wire.NewAmount(big.NewInt(1)), Deadline: wire.NewUnix(time.Now().Add(time.Hour))}
		var res *client.PlaceOrderResult
		if tr.sell {
			held, err := d.holding(ctx, u, mk.address, req.OptionAddress)
			if err != nil {
				return err
			}
			req.Amount = wire.NewAmount(new(big.Int).Quo(held, big.NewInt(2)))
			res, err = u.signer.Sell(ctx, req)
			if err != nil {
				return fmt.Errorf("demo: %s sells %s: %w", u.name, tr.option, err)
			}
		} else {
			req.Amount = wire.NewAmount(d.amount(tr.buy))
			if res, err = u.signer.Buy(ctx, req); err != nil {
				return fmt.Errorf("demo: %s buys %s: %w", u.name, tr.option, err)
			}
		}
		if err := d.confirm(ctx, u, res.OpHash); err != nil {
			return err
		}
		d.log.Info("demo: trade", "trader", u.name, "market", mk.address, "option", tr.option, "sell", tr.sell, "amount", req.Amount)
	}

	lp, mk := traders[demoLiquidity.trader], markets[demoLiquidity.market]
	res, err := lp.signer.AddLiquidity(ctx, client.AddLiquidityRequest{MarketAddress: mk.address,
		Amount: wire.NewAmount(d.amount(demoLiquidity.amount)), MinLPAmount: wire.NewAmount(big.NewInt(1)), Deadline: wire.NewUnix(time.Now().Add(time.Hour))})
	if err != nil {
		return fmt.Errorf("demo: %s adds liquidity: %w", lp.name, err)
	}
	if err := d.confirm(ctx, lp, res.OpHash); err != nil {
		return err
	}
	// Rank the traders now, not at the next periodic refresh: a person
	// opening the demo's leaderboard expects to see them.
	if _, err := m.workers.refresher.Refresh(ctx); err != nil {
		return fmt.Errorf("demo: rank the traders: %w", err)
	}
	d.log.Info("demo: sample markets ready", "markets", len(markets), "trades", len(demoTrades), "took", time.Since(start).Round(time.Millisecond),
		"try", fmt.Sprintf("predict login --profile demo --sub did:dev:demo-alice --data-dir %s --key-file %s", d.m.Config.DataDir, d.keyFile("demo-alice")))
	return nil
}

func titles(options []string) []client.OptionTitle {
	out := make([]client.OptionTitle, len(options))
	for i, o := range options {
		out[i] = client.OptionTitle{Title: o}
	}
	return out
}

// amount is whole base tokens in base units.
func (d *demo) amount(tokens int64) *big.Int {
	return new(big.Int).Mul(big.NewInt(tokens), d.unit)
}

// keyFile is where a demo account's owner key is kept: in the data
// directory, so a person can log in as a demo trader.
func (d *demo) keyFile(name string) string {
	return filepath.Join(d.m.Config.DataDir, "demo", name+".key")
}

// user logs a demo account in (its owner key created on first use) and
// funds it with the faucet.
func (d *demo) user(ctx context.Context, name string, fund int64) (*demoUser, error) {
	sub := "did:dev:" + name
	mint := func(context.Context, string) (string, error) { return d.m.Dev.Mint(sub, time.Hour) }
	tok, err := mint(ctx, "")
	if err != nil {
		return nil, err
	}
	c, err := client.New(d.url, client.WithToken(tok), client.WithRefresh(mint), client.WithUserAgent("predict-demo/1"))
	if err != nil {
		return nil, err
	}
	var key *ecdsa.PrivateKey
	path := d.keyFile(name)
	if key, err = cli.ReadKeyFile(path); errors.Is(err, fs.ErrNotExist) {
		if err = os.MkdirAll(filepath.Dir(path), 0o700); err == nil {
			key, err = cli.WriteKeyFile(path)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("demo: owner key of %s: %w", name, err)
	}
	u := &demoUser{name: name, signer: client.NewSigner(c, key)}
	account, err := u.signer.Account(ctx)
	if err != nil {
		return nil, fmt.Errorf("demo: account of %s: %w", name, err)
	}
	addr := strings.ToLower(account.Hex())
	if _, err := u.signer.Login(ctx, client.LoginRequest{Address: addr, UserName: name}); err != nil {
		return nil, fmt.Errorf("demo: %w", err)
	}
	if _, err := c.Faucet(ctx, client.FaucetRequest{Address: addr, Amount: wire.NewAmount(d.amount(fund))}); err != nil {
		return nil, fmt.Errorf("demo: %w", err)
	}
	d.log.Info("demo: user ready", "user", name, "account", addr, "funded", fmt.Sprintf("%d %s", fund, d.token.Symbol))
	return u, nil
}

// confirm waits for an operation and fails unless it was confirmed.
func (d *demo) confirm(ctx context.Context, u *demoUser, opHash string) error {
	st, err := u.signer.Wait(ctx, opHash, nil)
	if err != nil {
		return fmt.Errorf("demo: %s: %w", u.name, err)
	}
	if err := st.Err(); err != nil {
		return fmt.Errorf("demo: %s: %w", u.name, err)
	}
	return nil
}

// holding returns how many tokens of an option u holds.
func (d *demo) holding(ctx context.Context, u *demoUser, market, opt string) (*big.Int, error) {
	page, err := u.signer.Client().GetUserPositions(ctx, client.PositionsQuery{MarketAddress: market, PageSize: 50})
	if err != nil {
		return nil, fmt.Errorf("demo: positions of %s: %w", u.name, err)
	}
	for _, p := range page.Positions {
		if p.OptionAddress == opt {
			return p.Amount.Int, nil
		}
	}
	return nil, fmt.Errorf("demo: %s holds no %s in %s", u.name, opt, market)
}
