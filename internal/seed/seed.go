// Package seed drives store.Seed: it builds a synthetic chain history
// (each market's creation, its trades and, for one market in ten, its
// settlement, as the contracts would emit them: fpmm.Pool), applies it
// through a ledger as the indexer's batches are applied, in memory, and has
// the store write what the ledger decided in bulk, with the users, the
// base balances and the social tables. Aggregates are computed one way
// only, by the ledger; the store does not import it.
package seed

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/accounting"
	"github.com/predict-dev/predict/internal/ledger"
	"github.com/predict-dev/predict/internal/market/fpmm"
	"github.com/predict-dev/predict/internal/store"
)

// Run fills an empty store with the synthetic history of size (see
// store.Seed); progress, when set, hears about each table as it is
// written.
func Run(ctx context.Context, db *store.DB, size store.SeedSize,
	progress func(table string, rows int, took time.Duration)) (*store.Seeded, error) {
	if size.Users < 1 || size.Markets < 1 || size.Trades < 0 {
		return nil, predict.Errorf(predict.EINVALID, "seed needs at least one user and one market")
	}
	if size.Now.IsZero() {
		size.Now = time.Now()
	}
	rng := rand.New(rand.NewPCG(size.Seed, 0x5eed))
	history, err := History(size, rng)
	if err != nil {
		return nil, err
	}
	return db.Seed(ctx, size, history, rng, progress)
}

// History is the market history of size (store.SeedNames(size) names
// its users, markets and options) as the ledger decides it, drawing its
// trades from rng.
func History(size store.SeedSize, rng *rand.Rand) (*accounting.Changes, error) {
	now := size.Now.UnixMilli()
	day := int64(24 * time.Hour / time.Millisecond)
	out := store.SeedNames(size)

	// The market history is a chain history: each market's creation, its
	// trades and, for one market in ten, its settlement, as the
	// contracts would emit them (fpmm.Pool), applied through the ledger
	// like the indexer's batches; the facts and aggregates it leaves are
	// then written in bulk. Aggregates are computed one way only.
	l := ledger.Bulk(newEmpty(out))
	logIndexes := map[uint64]uint{}
	logIndex := func(block uint64) uint { // numbers the logs of a block
		i := logIndexes[block]
		logIndexes[block] = i + 1
		return i
	}
	apply := func(e predict.Effect) error {
		if _, err := l.Apply(e); err != nil {
			return fmt.Errorf("seed %s at block %d: %w", e.LogKind(), e.Ref().Block, err)
		}
		return nil
	}
	hash := func(kind, i int) string { return fmt.Sprintf("0x%08x%056x", kind, i) }
	ref := func(block uint64, kind, i int, at int64) predict.LogRef {
		return predict.LogRef{Block: block, BlockHash: hash(0xb1, int(block)), TxHash: hash(kind, i), Time: time.UnixMilli(at).UTC()}
	}
	liquidity := big.NewInt(1000_000000)
	type seedMarket struct {
		address string
		pool    *fpmm.Pool
		created int64
		creator int
	}
	// Markets, created over days 100 to 10 before now, one a block from
	// block 1; one in ten has ended, the rest run until after now. Two
	// options, or three for one in seven.
	markets := make([]*seedMarket, size.Markets)
	create := func(j int) error {
		m := markets[j]
		end := now + 30*day + int64(j)*day/10
		if j%10 == 9 {
			end = m.created + 5*day
		}
		pm := predict.Market{Address: m.address, Title: fmt.Sprintf("Seed market %d: will event %d happen?", j, j),
			Description: "Synthetic market for load tests.", Rules: "Resolved by the seed.", BaseToken: out.BaseToken,
			CategoryID: fmt.Sprintf("cat%d", j%8), FeeBps: 200, EndTime: time.UnixMilli(end).UTC(),
			Tags: []string{fmt.Sprintf("tag%d", j%50), fmt.Sprintf("tag%d", (j+17)%50)}}
		for k, o := range out.Options[m.address] {
			pm.Options = append(pm.Options, predict.Option{Address: o, Index: k, Title: fmt.Sprintf("Option %c", 'A'+k)})
		}
		block := uint64(j + 1)
		creator := out.Accounts[m.creator]
		for _, e := range []predict.Effect{
			&predict.MarketCreatedLog{LogRef: ref(block, 0xc7, j, m.created), Market: pm, CreatorAddress: creator, InitialLiquidity: liquidity},
			&predict.TransferLog{LogRef: ref(block, 0xc7, j, m.created), Token: m.address, From: predict.ZeroAddress, To: creator, Amount: liquidity},
			&predict.LiquidityLog{LogRef: ref(block, 0xc7, j, m.created), Market: m.address, Account: creator, Kind: predict.LiquidityAdd,
				BaseAmount: liquidity, LPAmount: liquidity, SentBack: make([]*big.Int, len(pm.Options)), Balances: copyAmounts(m.pool.Balances)},
		} {
			e.Ref().LogIndex = logIndex(block)
			if err := apply(e); err != nil {
				return err
			}
		}
		return nil
	}
	for j := range markets {
		pool, err := fpmm.NewPool(len(out.Options[out.Markets[j]]), 200, out.Accounts[j%size.Users], liquidity)
		if err != nil {
			return nil, err
		}
		markets[j] = &seedMarket{address: out.Markets[j], pool: pool, created: now - 100*day + int64(j)*(90*day)/int64(size.Markets),
			creator: j % size.Users}
	}

	// Trades, one per block from block 1,000,000, evenly over the 90
	// days before now, on markets already created (favouring older ones:
	// a few markets get most of the trading). A holder sells half of what
	// it holds three times in ten.
	held := map[[2]int]*big.Int{} // (user, market·4+option) → tokens
	created := 0
	for k := range size.Trades {
		at := now - 90*day + int64(k)*(90*day)/int64(max(size.Trades, 1))
		for created < len(markets) && markets[created].created <= at {
			if err := create(created); err != nil {
				return nil, err
			}
			created++
		}
		if created == 0 {
			if err := create(0); err != nil {
				return nil, err
			}
			created++
		}
		j := min(int(math.Pow(rng.Float64(), 2)*float64(created)), created-1)
		m := markets[j]
		u := rng.IntN(size.Users)
		o := rng.IntN(len(m.pool.Balances))
		key := [2]int{u, j*4 + o}
		if held[key] == nil {
			held[key] = new(big.Int)
		}
		account, option := out.Accounts[u], out.Options[m.address][o]
		block := uint64(1_000_000 + k)
		e := &predict.TradeLog{LogRef: ref(block, 0x7a, k, at), Market: m.address, Account: account, Option: o, Side: predict.SideBuy}
		e.OpHash = hash(0x0b, k)
		var move *predict.TransferLog
		if held[key].Sign() > 0 && rng.IntN(10) < 3 {
			tokens := new(big.Int).Quo(held[key], big.NewInt(2))
			tokens = bigMax(tokens, big.NewInt(1))
			q, err := m.pool.Sell(o, tokens)
			if err != nil {
				return nil, fmt.Errorf("seed sale: %w", err)
			}
			e.Side, e.BaseAmount, e.TokenAmount, e.Fee = predict.SideSell, q.BaseOut, tokens, q.Fee
			move = &predict.TransferLog{LogRef: ref(block, 0x7a, k, at), Token: option, From: account, To: predict.ZeroAddress, Amount: tokens}
			held[key].Sub(held[key], tokens)
		} else {
			base := big.NewInt((1 + rng.Int64N(200)) * 1_000000)
			q, err := m.pool.Buy(o, base)
			if err != nil {
				return nil, fmt.Errorf("seed purchase: %w", err)
			}
			e.BaseAmount, e.TokenAmount, e.Fee = base, q.TokensOut, q.Fee
			move = &predict.TransferLog{LogRef: ref(block, 0x7a, k, at), Token: option, From: predict.ZeroAddress, To: account, Amount: q.TokensOut}
			held[key].Add(held[key], q.TokensOut)
		}
		e.Balances = copyAmounts(m.pool.Balances)
		move.LogIndex, e.LogIndex = 0, 1 // the mint or burn precedes the trade
		if err := apply(move); err != nil {
			return nil, err
		}
		if err := apply(e); err != nil {
			return nil, err
		}
	}
	for j := created; j < len(markets); j++ {
		if err := create(j); err != nil {
			return nil, err
		}
	}
	// Ended markets settle on their first option.
	for j, m := range markets {
		if j%10 == 9 {
			e := &predict.SettledLog{LogRef: ref(uint64(1_000_000+size.Trades+j), 0x5e, j, m.created+5*day), Market: m.address,
				WinningOption: 0, Resolver: out.Accounts[m.creator], Source: "seed"}
			if err := apply(e); err != nil {
				return nil, err
			}
		}
	}
	changes, err := l.Changes()
	if err != nil {
		return nil, fmt.Errorf("seed: %w", err)
	}
	return changes, nil
}

// empty is the ledger's Source over an empty store: the seed's users and
// nothing else; the markets the history creates the ledger keeps itself.
type empty struct{ uids map[string]string }

func newEmpty(out *store.Seeded) *empty {
	e := &empty{uids: map[string]string{}}
	for i, a := range out.Accounts {
		e.uids[a] = out.UIDs[i]
	}
	return e
}

func (*empty) Market(string) (*accounting.Market, error)        { return nil, nil }
func (*empty) Token(string) (string, int, error)                { return "", 0, nil }
func (e *empty) UID(account string) (string, error)             { return e.uids[account], nil }
func (*empty) Operation(string) (*accounting.Operation, error)  { return nil, nil }
func (*empty) Traded(string, string) (bool, error)              { return false, nil }
func (*empty) LimitOrder(int64) (*accounting.LimitOrder, error) { return nil, nil }
func (*empty) Balance(string, string) (*accounting.Balance, error) {
	return &accounting.Balance{Amount: new(big.Int)}, nil
}

func (*empty) Position(string, string) (*accounting.Position, error) {
	return &accounting.Position{Amount: new(big.Int), Cost: new(big.Int), Realized: new(big.Int)}, nil
}

func (*empty) LP(string, string) (*accounting.LP, error) {
	return &accounting.LP{Amount: new(big.Int), Deposited: new(big.Int), Withdrawn: new(big.Int), Fees: new(big.Int),
		Returned: new(big.Int)}, nil
}

func copyAmounts(xs []*big.Int) []*big.Int {
	out := make([]*big.Int, len(xs))
	for i, x := range xs {
		out[i] = new(big.Int).Set(x)
	}
	return out
}

func bigMax(a, b *big.Int) *big.Int {
	if a.Cmp(b) >= 0 {
		return a
	}
	return b
}
