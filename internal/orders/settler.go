package orders

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/chain/bindings"
	"github.com/predict-dev/predict/internal/events"
	"github.com/predict-dev/predict/internal/exchange"
	"github.com/predict-dev/predict/internal/market/fpmm"
)

// SettlerStore is what the settler reads and writes. *store.DB
// satisfies it.
type SettlerStore interface {
	OpenSignedOrders(ctx context.Context, market string) ([]*predict.SignedOrder, error)
	SignedOrdersAfter(ctx context.Context, seq int64, limit int) ([]*predict.SignedOrder, error)
	SignedOrdersClosedSince(ctx context.Context, since time.Time, limit int) ([]*predict.SignedOrder, error)
	FillSignedOrder(ctx context.Context, h string, filled *big.Int) (*predict.SignedOrder, error)
	MarketByAddress(ctx context.Context, address, viewerUID string) (*predict.Market, error)
	CloseSignedOrder(ctx context.Context, h, status string) (*predict.SignedOrder, error)
}

// Settlement sends Exchange.settle from the operator key and returns the
// mined receipt. *chain.Operator satisfies it.
type Settlement interface {
	Settle(ctx context.Context, matches []bindings.ExchangeMatch, pool []bindings.ExchangePoolFill) (*types.Receipt, error)
}

// DefaultMaxFills is how many matches and pool fills one settlement
// transaction carries at most: the operator gives each 250,000 gas, and
// 56 of them stay under the 15,000,000 it gives a settlement (below the
// transaction gas cap of EIP-7825).
const DefaultMaxFills = 56

// SettlerConfig configures a Settler.
type SettlerConfig struct {
	Store      SettlerStore
	Chain      bind.ContractCaller
	Settlement Settlement
	// MaxFills bounds a settlement (DefaultMaxFills when zero).
	MaxFills int
	Logger   *slog.Logger
	// Now is the clock; nil is time.Now.
	Now func() time.Time
	// Publisher takes the events of fills (user:order_changed,
	// market:book_change); nil publishes none.
	Publisher events.Publisher
}

// Settler is the leader's matching: it keeps every market's book in
// memory, takes each new order as a taker against its book and the
// market's pool, and settles what crosses in one Exchange transaction
// per step. The chain is the record of what filled: after a settlement
// the settler reads every touched order's filled amount from the
// Exchange into the store, so a crash between the two only delays the
// store, and a new leader starts from the store's open orders and the
// chain's amounts.
type Settler struct {
	cfg      SettlerConfig
	exchange common.Address
	ex       *bindings.ExchangeCaller
	books    map[common.Address]*exchange.Book
	// marketTokens are the markets' tokens, which never change.
	marketTokens map[common.Address]tokens
	// failed counts the settlement items that failed on chain since the
	// settler started: each is a plan the service could not foresee.
	failed int
	seq    int64     // the last order taken
	closed time.Time // changes of status read up to here
}

// NewSettler returns a settler of the Exchange at exchangeAddr.
func NewSettler(cfg SettlerConfig, exchangeAddr common.Address) (*Settler, error) {
	if cfg.MaxFills <= 0 {
		cfg.MaxFills = DefaultMaxFills
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	ex, err := bindings.NewExchangeCaller(exchangeAddr, cfg.Chain)
	if err != nil {
		return nil, fmt.Errorf("orders: exchange binding: %w", err)
	}
	return &Settler{cfg: cfg, exchange: exchangeAddr, ex: ex, books: map[common.Address]*exchange.Book{},
		marketTokens: map[common.Address]tokens{}}, nil
}

// Load builds the books from the store's open orders with what the
// chain says each gave, and takes none of them as a taker: each was
// taken when it came. (An order placed just before a leader stopped and
// not taken then rests without crossing; the next order that meets it
// fills it.)
func (s *Settler) Load(ctx context.Context) error {
	return s.load(ctx, math.MaxInt64)
}

// load builds the books from the open orders placed up to seq upTo.
func (s *Settler) load(ctx context.Context, upTo int64) error {
	open, err := s.cfg.Store.OpenSignedOrders(ctx, "")
	if err != nil {
		return fmt.Errorf("load the book: %w", err)
	}
	s.books = map[common.Address]*exchange.Book{}
	s.closed = s.cfg.Now()
	now := s.cfg.Now()
	for _, so := range open {
		if so.Seq > upTo || so.EffectiveStatus(now) != predict.SignedOpen {
			continue
		}
		s.seq = max(s.seq, so.Seq)
		r, err := s.resting(ctx, so)
		if err != nil {
			return err
		}
		if r == nil {
			continue
		}
		b, err := s.book(ctx, r.Market)
		if err != nil {
			return err
		}
		if err := b.Add(r); err != nil {
			s.cfg.Logger.WarnContext(ctx, "signed order left out of the book", slog.String("order", so.Hash), slog.Any("err", err))
		}
	}
	s.cfg.Logger.InfoContext(ctx, "signed-order books loaded", slog.Int("orders", len(open)), slog.Int("markets", len(s.books)))
	return nil
}

// resting is so as a book's order, with what the chain says it gave;
// nil when it can give nothing more.
func (s *Settler) resting(ctx context.Context, so *predict.SignedOrder) (*exchange.Resting, error) {
	st, err := s.ex.OrderState(&bind.CallOpts{Context: ctx}, common.HexToHash(so.Hash))
	if err != nil {
		return nil, fmt.Errorf("order %s on the Exchange: %w", so.Hash, err)
	}
	if st.Filled.Cmp(so.Filled) > 0 {
		if _, err := s.cfg.Store.FillSignedOrder(ctx, so.Hash, st.Filled); err != nil {
			return nil, err
		}
	}
	if st.Cancelled || st.Filled.Cmp(so.MakerAmount) >= 0 {
		return nil, nil
	}
	so.Filled = st.Filled
	return restingOf(so), nil
}

// restingOf is so as a book's order, as the store has it.
func restingOf(so *predict.SignedOrder) *exchange.Resting {
	return &exchange.Resting{Order: Order(so), Hash: common.HexToHash(so.Hash), Seq: uint64(so.Seq), Filled: new(big.Int).Set(so.Filled)}
}

// book is market's book, made with the market's pool as the chain has it.
func (s *Settler) book(ctx context.Context, market common.Address) (*exchange.Book, error) {
	if b, ok := s.books[market]; ok {
		return b, nil
	}
	pool, err := s.pool(ctx, market)
	if err != nil {
		return nil, err
	}
	b := exchange.NewBook(market, len(pool.Balances), pool)
	s.books[market] = b
	return b, nil
}

// pool reads market's pool balances and fee.
func (s *Settler) pool(ctx context.Context, market common.Address) (*fpmm.Pool, error) {
	m, err := bindings.NewMarketCaller(market, s.cfg.Chain)
	if err != nil {
		return nil, err
	}
	opts := &bind.CallOpts{Context: ctx}
	balances, err := m.PoolBalances(opts)
	if err != nil {
		return nil, fmt.Errorf("pool of market %s: %w", market.Hex(), err)
	}
	fee, err := m.FeeBps(opts)
	if err != nil {
		return nil, fmt.Errorf("fee of market %s: %w", market.Hex(), err)
	}
	return fpmm.TradingPool(balances, uint64(fee)), nil
}

// Step drops the orders closed since the last step, takes the orders
// placed since (in placement order) against their books, and settles
// what they cross in one transaction. It returns the number of
// settlement items that went through.
func (s *Settler) Step(ctx context.Context) (int, error) {
	// A plan with an order that cannot settle is made again without it;
	// each time one maker's orders at least leave, so a few rounds end
	// it, and what is left waits for the next step.
	for round := 1; ; round++ {
		n, again, err := s.step(ctx)
		if !again || round == 4 {
			return n, err
		}
	}
}

// step is one round of Step: again is true when the plan named orders
// that cannot settle, which are closed (unfunded) or dropped (expired),
// and the round's orders are to be taken again.
func (s *Settler) step(ctx context.Context) (n int, again bool, err error) {
	if err := s.dropClosed(ctx); err != nil {
		return 0, false, err
	}
	start := s.seq
	fresh, err := s.cfg.Store.SignedOrdersAfter(ctx, s.seq, 4*s.cfg.MaxFills)
	if err != nil {
		return 0, false, fmt.Errorf("new signed orders: %w", err)
	}
	var (
		matches  []exchange.Match
		pool     []exchange.PoolFill
		refresh  = map[common.Address]bool{}
		budget   = s.cfg.MaxFills
		now      = s.cfg.Now()
		lastTook = s.seq
	)
	for _, so := range fresh {
		if budget <= 0 {
			break // the rest waits for the next step, in order
		}
		lastTook = so.Seq
		if so.EffectiveStatus(now) != predict.SignedOpen {
			continue
		}
		// The desk read the chain when it took the order: a new order has
		// given nothing.
		r := restingOf(so)
		b, err := s.book(ctx, r.Market)
		if err != nil {
			return 0, false, err
		}
		if !refresh[r.Market] {
			// Others trade with the pool between steps: price against
			// it as it is now.
			p, err := s.pool(ctx, r.Market)
			if err != nil {
				return 0, false, err
			}
			b.Pool, refresh[r.Market] = p, true
		}
		plan, err := b.Take(r, budget)
		if err != nil {
			s.cfg.Logger.WarnContext(ctx, "signed order not taken", slog.String("order", so.Hash), slog.Any("err", err))
			continue
		}
		budget -= plan.Fills()
		matches, pool = append(matches, plan.Matches...), append(pool, plan.Pool...)
		if r.Left().Cmp(b.Dust) > 0 {
			if err := b.Add(r); err != nil {
				s.cfg.Logger.WarnContext(ctx, "signed order not rested", slog.String("order", so.Hash), slog.Any("err", err))
			}
		}
	}
	s.seq = lastTook
	if len(matches)+len(pool) == 0 {
		return 0, false, nil
	}
	if stale, err := s.unsettleable(ctx, matches, pool, now); err != nil || stale {
		if err == nil {
			s.seq = start
			err = s.load(ctx, start)
		}
		return 0, err == nil, err
	}
	n, err = s.settle(ctx, matches, pool)
	return n, false, err
}

// dropClosed takes the orders cancelled or unfunded since the last step
// out of their books.
func (s *Settler) dropClosed(ctx context.Context) error {
	// A second of overlap: a change committed just before the last read
	// with an earlier clock is read again, and dropping twice is
	// harmless.
	since := s.closed.Add(-time.Second)
	now := s.cfg.Now()
	closed, err := s.cfg.Store.SignedOrdersClosedSince(ctx, since, 10_000)
	if err != nil {
		return fmt.Errorf("closed signed orders: %w", err)
	}
	for _, so := range closed {
		if b, ok := s.books[common.HexToAddress(so.Market)]; ok {
			b.Remove(common.HexToHash(so.Hash))
		}
	}
	s.closed = now
	return nil
}

// settle sends the plans' matches and pool fills, then records what each
// touched order gave, as the chain has it. A failed item changes nothing
// on chain; the books of its market are rebuilt from the store and the
// chain, so the book never believes a fill that did not happen.
func (s *Settler) settle(ctx context.Context, matches []exchange.Match, pool []exchange.PoolFill) (int, error) {
	bm, bp := Bindings(matches, pool)
	r, err := s.cfg.Settlement.Settle(ctx, bm, bp)
	touched := map[common.Hash]*exchange.Resting{}
	for _, m := range matches {
		for _, f := range m.Fills {
			touched[f.Order.Hash] = f.Order
		}
	}
	for _, p := range pool {
		touched[p.Order.Hash] = p.Order
	}
	if err != nil {
		// Nothing is known to have settled: start the books again from
		// the store and the chain.
		if lerr := s.Load(ctx); lerr != nil {
			return 0, errors.Join(err, lerr)
		}
		return 0, fmt.Errorf("settle %d matches and %d pool fills: %w", len(matches), len(pool), err)
	}
	failed := s.failures(ctx, r)
	s.failed += failed
	var changed []*predict.SignedOrder
	markets := map[string]*predict.Market{}
	for h, o := range touched {
		st, err := s.ex.OrderState(&bind.CallOpts{Context: ctx}, h)
		if err != nil {
			return 0, fmt.Errorf("order %s on the Exchange: %w", h.Hex(), err)
		}
		so, err := s.cfg.Store.FillSignedOrder(ctx, strings.ToLower(h.Hex()), st.Filled)
		if err != nil {
			return 0, err
		}
		o.Filled = new(big.Int).Set(st.Filled)
		// Every order a settlement touched is announced, a failed item's
		// too: its maker's client re-reads it, and the book it was in.
		changed = append(changed, so)
		if _, ok := markets[so.Market]; !ok {
			if m, err := s.cfg.Store.MarketByAddress(ctx, so.Market, ""); err == nil {
				markets[so.Market] = m
			}
		}
	}
	announce(ctx, s.cfg.Publisher, s.cfg.Logger, markets, changed...)
	if failed > 0 {
		s.cfg.Logger.WarnContext(ctx, "settlement items failed; reloading the books", slog.Int("failed", failed),
			slog.String("tx", r.TxHash.Hex()))
		if err := s.Load(ctx); err != nil {
			return 0, err
		}
	}
	ok := len(matches) + len(pool) - failed
	s.cfg.Logger.InfoContext(ctx, "signed orders settled", slog.Int("items", ok), slog.Int("failed", failed),
		slog.String("tx", r.TxHash.Hex()), slog.Uint64("gasUsed", r.GasUsed))
	return ok, nil
}

// Failed is the number of settlement items that failed on chain since
// the settler started.
func (s *Settler) Failed() int { return s.failed }

// failures counts the SettlementFailed logs of a settlement, and logs
// each with its decoded reason.
func (s *Settler) failures(ctx context.Context, r *types.Receipt) int {
	f, err := bindings.NewExchangeFilterer(common.Address{}, nil)
	if err != nil {
		return 0
	}
	n := 0
	for _, l := range r.Logs {
		ev, err := f.ParseSettlementFailed(*l)
		if err != nil {
			continue
		}
		n++
		reason := fmt.Sprintf("%x", ev.Reason)
		if rev, err := bindings.DecodeRevert(ev.Reason); err == nil {
			reason = rev.Error()
		}
		s.cfg.Logger.WarnContext(ctx, "settlement item failed", slog.Bool("pool", ev.Pool), slog.Int64("index", ev.Index.Int64()),
			slog.String("reason", reason), slog.String("tx", r.TxHash.Hex()))
	}
	return n
}

// Run steps every interval until ctx ends, after loading the books.
func (s *Settler) Run(ctx context.Context, interval time.Duration) error {
	if err := s.Load(ctx); err != nil {
		return err
	}
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
		if _, err := s.Step(ctx); err != nil && ctx.Err() == nil {
			s.cfg.Logger.ErrorContext(ctx, "signed-order settlement", slog.Any("err", err))
		}
	}
}

// Bindings are plans' matches and pool fills as Exchange.settle takes
// them.
func Bindings(matches []exchange.Match, pool []exchange.PoolFill) ([]bindings.ExchangeMatch, []bindings.ExchangePoolFill) {
	bm := make([]bindings.ExchangeMatch, 0, len(matches))
	for _, m := range matches {
		x := bindings.ExchangeMatch{Market: m.Market, Minted: m.Minted, Merged: m.Merged}
		for _, f := range m.Fills {
			x.Fills = append(x.Fills, bindings.ExchangeFill{Order: orderBinding(f.Order.Order), Given: f.Given, Received: f.Received, Fee: f.Fee})
		}
		bm = append(bm, x)
	}
	bp := make([]bindings.ExchangePoolFill, 0, len(pool))
	for _, p := range pool {
		bp = append(bp, bindings.ExchangePoolFill{Order: orderBinding(p.Order.Order), Given: p.Given, MinReceived: p.MinReceived})
	}
	return bm, bp
}

func orderBinding(o *exchange.Order) bindings.ExchangeOrder {
	return bindings.ExchangeOrder{Maker: o.Maker, Signer: o.Signer, Market: o.Market, Option: o.Option, Side: o.Side,
		MakerAmount: o.MakerAmount, TakerAmount: o.TakerAmount, Expiration: o.Expiration, Salt: o.Salt, Nonce: o.Nonce,
		FeeRateBps: o.FeeRateBps, Signature: o.Signature}
}
