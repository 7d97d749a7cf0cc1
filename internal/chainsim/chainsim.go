// Package chainsim is the one contract simulator of the tests: it emits
// the effects (predict.Effect) the contracts would emit for one market,
// with the pool math of fpmm, in blocks and batches, for the ledger's
// table tests (without a database), the store's conformance tests and
// the reads above them (Apply, through the ledger), and the API's.
package chainsim

import (
	"context"
	"fmt"
	"math/big"
	"testing"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/ledger"
	"github.com/predict-dev/predict/internal/market/fpmm"
)

// Sim builds batches of effects the way the contracts emit them, with
// the pool math of fpmm, for tests without a chain. It simulates one
// two-option market with a 2% fee.
type Sim struct {
	T        testing.TB
	Market   string
	Base     string
	Options  []string
	Creator  string
	Factory  string     // the market factory that emits the creation
	Balances []*big.Int // the pool's balance of each option
	// Epoch and Spacing give block times: Epoch + number·Spacing.
	Epoch   time.Time
	Spacing time.Duration
	// Resolution is the market's challenge window and bond at creation
	// (zero: it settles at once).
	Resolution predict.MarketResolution
	// Source is the resolution source its settlements and assertions
	// name.
	Source string
	// LPSupply is the market's LP token supply.
	LPSupply *big.Int
	// Escrow is the LimitOrders contract of the orders (PlaceOrder …).
	Escrow string

	orders map[int64]*simOrder
	nextID int64

	block    uint64
	blocks   []predict.ChainBlock
	from     uint64
	logIndex uint
}

// FeeBps is the trading fee of the simulated market.
const FeeBps = 200

// New returns a simulation of the market at market with options yes and
// no in base token base, created by creator, at block 100.
func New(t testing.TB, market, yes, no, base, creator, factory string) *Sim {
	return &Sim{T: t, Market: market, Base: base, Options: []string{yes, no}, Creator: creator, Factory: factory,
		Epoch: time.Unix(1_800_000_000, 0).UTC(), Spacing: 2 * time.Second, block: 100, from: 100}
}

// Follow makes c continue the chain of prev after its last block: another
// market on the same chain (block numbers and hashes must not repeat).
func (c *Sim) Follow(prev *Sim) {
	c.Epoch, c.Spacing, c.block, c.from, c.Factory = prev.Epoch, prev.Spacing, prev.block, prev.from, prev.Factory
}

// Rewind goes back to block (with the pool balances of that block) to
// build another branch from there; its blocks get new hashes with Next's
// fork argument. Orders placed above block are forgotten, and the others
// get back their remainder at block.
func (c *Sim) Rewind(block uint64, balances []*big.Int) {
	c.block, c.Balances, c.blocks, c.from = block, balances, nil, block+1
	for id, o := range c.orders {
		if o.placed > block {
			delete(c.orders, id)
			c.nextID = min(c.nextID, id-1)
			continue
		}
		for len(o.steps) > 1 && o.steps[len(o.steps)-1].block > block {
			o.steps = o.steps[:len(o.steps)-1]
		}
	}
}

// Hash returns a deterministic hash for a block and a salt.
func (c *Sim) Hash(block uint64, salt string) string {
	return fmt.Sprintf("0x%064x", new(big.Int).Add(big.NewInt(int64(block)), new(big.Int).Lsh(big.NewInt(int64(len(salt))), 128)))
}

// BlockNumber is the current block.
func (c *Sim) BlockNumber() uint64 { return c.block }

// Time is the time of the current block.
func (c *Sim) Time() time.Time { return c.Epoch.Add(time.Duration(c.block) * c.Spacing) }

// Next starts a new block; fork changes the block hashes (another branch).
func (c *Sim) Next(fork string) {
	c.block++
	c.logIndex = 0
	c.blocks = append(c.blocks, predict.ChainBlock{Number: c.block, Hash: c.Hash(c.block, fork), Time: c.Time()})
}

// Ref is the position of the next log of the current block.
func (c *Sim) Ref(tx, op string) predict.LogRef {
	b := &c.blocks[len(c.blocks)-1]
	r := predict.LogRef{Block: b.Number, BlockHash: b.Hash, LogIndex: c.logIndex, TxHash: tx, Time: b.Time, OpHash: op}
	c.logIndex++
	return r
}

// Add appends an effect to the current block.
func (c *Sim) Add(e predict.Effect) {
	b := &c.blocks[len(c.blocks)-1]
	b.Effects = append(b.Effects, e)
}

// Transfer emits an ERC-20 Transfer.
func (c *Sim) Transfer(tx, token, from, to string, amount *big.Int) {
	c.Add(&predict.TransferLog{LogRef: c.Ref(tx, ""), Token: token, From: from, To: to, Amount: amount})
}

// Mint gives account base tokens (a faucet).
func (c *Sim) Mint(account string, amount *big.Int) {
	c.Transfer(c.Hash(c.block, "mint"+account), c.Base, predict.ZeroAddress, account, amount)
}

// Batch returns the blocks since the last batch.
func (c *Sim) Batch() *predict.ChainBatch {
	last := c.blocks[len(c.blocks)-1]
	b := &predict.ChainBatch{From: c.from, To: predict.BlockRef{Number: c.block, Hash: last.Hash}, ToTime: last.Time, Blocks: c.blocks}
	c.from, c.blocks = c.block+1, nil
	return b
}

// Effects returns the effects of the blocks since the last batch, in
// order, and starts the next batch.
func (c *Sim) Effects() []predict.Effect {
	var out []predict.Effect
	for _, b := range c.Batch().Blocks {
		out = append(out, b.Effects...)
	}
	return out
}

// Apply applies the blocks since the last batch to s through the ledger.
func (c *Sim) Apply(s ledger.Store) *ledger.Result {
	c.T.Helper()
	res, err := ledger.ApplyBatch(context.Background(), s, c.Batch())
	if err != nil {
		c.T.Fatalf("apply batch: %v", err)
	}
	return res
}

// Create emits the market's creation with liquidity from the creator, in
// a new block.
func (c *Sim) Create(liquidity *big.Int, op string) {
	c.Next("")
	tx := c.Hash(c.block, "create")
	m := predict.Market{Address: c.Market, Title: "Sim market", BaseToken: c.Base, FeeBps: FeeBps,
		EndTime: time.Unix(1_900_000_000, 0).UTC(), CreatedAt: c.Time(), StartTime: c.Time(),
		Options:    []predict.Option{{Address: c.Options[0], Title: "Yes"}, {Address: c.Options[1], Index: 1, Title: "No"}},
		Resolution: c.Resolution}
	ref := c.Ref(tx, op)
	ref.Address = c.Factory
	c.Add(&predict.MarketCreatedLog{LogRef: ref, Market: m, CreatorAddress: c.Creator, InitialLiquidity: liquidity})
	c.Transfer(tx, c.Base, c.Creator, c.Market, liquidity)
	c.Transfer(tx, c.Market, predict.ZeroAddress, c.Creator, liquidity)
	c.Balances = []*big.Int{new(big.Int).Set(liquidity), new(big.Int).Set(liquidity)}
	c.LPSupply = new(big.Int).Set(liquidity)
	c.Add(&predict.LiquidityLog{LogRef: c.Ref(tx, op), Market: c.Market, Account: c.Creator, Kind: predict.LiquidityAdd,
		BaseAmount: liquidity, LPAmount: liquidity, SentBack: []*big.Int{big.NewInt(0), big.NewInt(0)}, Balances: c.CopyBalances()})
}

// CopyBalances returns a copy of the pool balances.
func (c *Sim) CopyBalances() []*big.Int {
	out := make([]*big.Int, len(c.Balances))
	for i, b := range c.Balances {
		out[i] = new(big.Int).Set(b)
	}
	return out
}

// Prices are the pool's prices now.
func (c *Sim) Prices() []*big.Int {
	p, err := fpmm.Prices(c.Balances)
	if err != nil {
		c.T.Fatal(err)
	}
	return p
}

// Buy emits a buy of option i for base (in the current block).
func (c *Sim) Buy(account string, i int, base *big.Int, op string) fpmm.BuyQuote {
	q, err := fpmm.QuoteBuy(c.Balances, FeeBps, i, base)
	if err != nil {
		c.T.Fatal(err)
	}
	invested := new(big.Int).Sub(base, q.Fee)
	for k := range c.Balances {
		c.Balances[k].Add(c.Balances[k], invested)
	}
	c.Balances[i].Sub(c.Balances[i], q.TokensOut)
	tx := c.Hash(c.block, "buy"+account+fmt.Sprint(c.logIndex))
	c.Transfer(tx, c.Base, account, c.Market, base)
	c.Transfer(tx, c.Options[i], predict.ZeroAddress, account, q.TokensOut)
	c.Add(&predict.TradeLog{LogRef: c.Ref(tx, op), Market: c.Market, Account: account, Option: i, Side: predict.SideBuy,
		BaseAmount: base, TokenAmount: q.TokensOut, Fee: q.Fee, Balances: c.CopyBalances()})
	return q
}

// Sell emits a sale of tokens of option i (in the current block).
func (c *Sim) Sell(account string, i int, tokens *big.Int) fpmm.SellQuote {
	q, err := fpmm.QuoteSell(c.Balances, FeeBps, i, tokens)
	if err != nil {
		c.T.Fatal(err)
	}
	gross := new(big.Int).Add(q.BaseOut, q.Fee)
	c.Balances[i].Add(c.Balances[i], tokens)
	for k := range c.Balances {
		c.Balances[k].Sub(c.Balances[k], gross)
	}
	tx := c.Hash(c.block, "sell"+account)
	c.Transfer(tx, c.Options[i], account, predict.ZeroAddress, tokens)
	c.Transfer(tx, c.Base, c.Market, account, q.BaseOut)
	c.Add(&predict.TradeLog{LogRef: c.Ref(tx, ""), Market: c.Market, Account: account, Option: i, Side: predict.SideSell,
		BaseAmount: q.BaseOut, TokenAmount: tokens, Fee: q.Fee, Balances: c.CopyBalances()})
	return q
}

// Settle emits the settlement on option winner (in the current block).
func (c *Sim) Settle(winner int, resolver, op string) {
	c.Add(&predict.SettledLog{LogRef: c.Ref(c.Hash(c.block, "settle"), op), Market: c.Market, WinningOption: winner, Resolver: resolver,
		Source: c.Source})
}

// Assert emits asserter's assertion of outcome (an option or
// predict.VoidOutcome) with the market's bond, its window starting now.
func (c *Sim) Assert(outcome int, asserter, op string) {
	tx := c.Hash(c.block, "assert")
	bond := predict.OrZero(c.Resolution.Bond)
	c.Transfer(tx, c.Base, asserter, c.Market, bond)
	c.Add(&predict.AssertedLog{LogRef: c.Ref(tx, op), Market: c.Market, Outcome: outcome, Asserter: asserter, Bond: bond,
		ChallengeEnd: c.Time().Add(c.Resolution.ChallengeWindow), Source: c.Source})
}

// Dispute emits disputer's dispute, matching the bond.
func (c *Sim) Dispute(disputer, op string) {
	tx := c.Hash(c.block, "dispute")
	bond := predict.OrZero(c.Resolution.Bond)
	c.Transfer(tx, c.Base, disputer, c.Market, bond)
	c.Add(&predict.DisputedLog{LogRef: c.Ref(tx, op), Market: c.Market, Disputer: disputer, Bond: bond})
}

// Arbitrate emits the arbitrator's decision of outcome: winner (the
// asserter or the disputer) gets both bonds minus fee, the treasury the
// fee; then the market's Settled or Voided.
func (c *Sim) Arbitrate(outcome int, arbitrator, winner, treasury string, fee *big.Int, op string) {
	tx := c.Hash(c.block, "arbitrate")
	payout := new(big.Int).Sub(new(big.Int).Mul(predict.OrZero(c.Resolution.Bond), big.NewInt(2)), fee)
	c.Add(&predict.ArbitratedLog{LogRef: c.Ref(tx, op), Market: c.Market, Outcome: outcome, Arbitrator: arbitrator,
		BondWinner: winner, Payout: payout, Fee: fee, Treasury: treasury})
	c.End(tx, outcome, arbitrator, op)
	c.Transfer(tx, c.Base, c.Market, winner, payout)
	c.Transfer(tx, c.Base, c.Market, treasury, fee)
}

// Finalize emits the finalization of asserter's undisputed assertion of
// outcome: its bond back, and the market's Settled or Voided.
func (c *Sim) Finalize(outcome int, asserter, op string) {
	tx := c.Hash(c.block, "finalize")
	bond := predict.OrZero(c.Resolution.Bond)
	c.Add(&predict.FinalizedLog{LogRef: c.Ref(tx, op), Market: c.Market, Outcome: outcome, Asserter: asserter, BondReturned: bond})
	c.End(tx, outcome, asserter, op)
	c.Transfer(tx, c.Base, c.Market, asserter, bond)
}

// ExpireDispute emits the finalization of a dispute no arbitrator decided
// in time, as Market.finalize logs it: DisputeExpired, Finalized(VOID),
// Voided, and both bonds back.
func (c *Sim) ExpireDispute(asserter, disputer, op string) {
	tx := c.Hash(c.block, "expire")
	bond := predict.OrZero(c.Resolution.Bond)
	c.Add(&predict.DisputeExpiredLog{LogRef: c.Ref(tx, op), Market: c.Market, Disputer: disputer, BondReturned: bond})
	c.Add(&predict.FinalizedLog{LogRef: c.Ref(tx, op), Market: c.Market, Outcome: predict.VoidOutcome, Asserter: asserter, BondReturned: bond})
	c.End(tx, predict.VoidOutcome, predict.ZeroAddress, op)
	c.Transfer(tx, c.Base, c.Market, asserter, bond)
	c.Transfer(tx, c.Base, c.Market, disputer, bond)
}

// End emits the market's Settled on outcome, or Voided for predict.VoidOutcome.
func (c *Sim) End(tx string, outcome int, resolver, op string) {
	if outcome == predict.VoidOutcome {
		c.Add(&predict.VoidedLog{LogRef: c.Ref(tx, op), Market: c.Market, Resolver: resolver})
		return
	}
	c.Add(&predict.SettledLog{LogRef: c.Ref(tx, op), Market: c.Market, WinningOption: outcome, Resolver: resolver})
}

// VoidClaim emits a void claim of amounts of each option: the burns, the
// payout of floor(sum / 2) and the VoidClaimed log; it returns the payout.
func (c *Sim) VoidClaim(account string, amounts ...*big.Int) *big.Int {
	tx := c.Hash(c.block, "voidclaim"+account)
	sum := new(big.Int)
	for k, a := range amounts {
		if a.Sign() > 0 {
			c.Transfer(tx, c.Options[k], account, predict.ZeroAddress, a)
			sum.Add(sum, a)
		}
	}
	out := sum.Div(sum, big.NewInt(int64(len(amounts))))
	c.Transfer(tx, c.Base, c.Market, account, out)
	c.Add(&predict.VoidClaimLog{LogRef: c.Ref(tx, ""), Market: c.Market, Account: account, Amounts: amounts, BaseOut: out})
	return out
}

// Claim emits a claim of amount winning tokens of option i: the burn, the
// payout and the Claimed log (in the current block).
func (c *Sim) Claim(account string, i int, amount *big.Int) {
	tx := c.Hash(c.block, "claim"+account)
	c.Transfer(tx, c.Options[i], account, predict.ZeroAddress, amount)
	c.Transfer(tx, c.Base, c.Market, account, amount)
	c.Add(&predict.ClaimLog{LogRef: c.Ref(tx, ""), Market: c.Market, Account: account, Option: i, Amount: amount})
}

// mintEach mints amounts[k] of option k to account, where not zero (the
// option tokens a pool change sends back).
func (c *Sim) mintEach(tx, account string, amounts []*big.Int) {
	for k, x := range amounts {
		if x.Sign() > 0 {
			c.Transfer(tx, c.Options[k], predict.ZeroAddress, account, x)
		}
	}
}

// AddLiquidity emits account's deposit of base into the pool.
func (c *Sim) AddLiquidity(account string, base *big.Int) fpmm.LiquidityQuote {
	q, err := fpmm.QuoteAddLiquidity(c.Balances, c.LPSupply, base)
	if err != nil {
		c.T.Fatal(err)
	}
	c.Balances = copyAmounts(q.Balances)
	c.LPSupply.Add(c.LPSupply, q.LPMinted)
	tx := c.Hash(c.block, "add"+account+fmt.Sprint(c.logIndex))
	c.Transfer(tx, c.Base, account, c.Market, base)
	c.Transfer(tx, c.Market, predict.ZeroAddress, account, q.LPMinted)
	c.mintEach(tx, account, q.SentBack)
	c.Add(&predict.LiquidityLog{LogRef: c.Ref(tx, ""), Market: c.Market, Account: account, Kind: predict.LiquidityAdd,
		BaseAmount: base, LPAmount: q.LPMinted, SentBack: copyAmounts(q.SentBack), Balances: c.CopyBalances()})
	return q
}

// RemoveLiquidity emits account's withdrawal of lp shares.
func (c *Sim) RemoveLiquidity(account string, lp *big.Int) fpmm.RemovalQuote {
	q, err := fpmm.QuoteRemoveLiquidity(c.Balances, c.LPSupply, lp)
	if err != nil {
		c.T.Fatal(err)
	}
	c.Balances = copyAmounts(q.Balances)
	c.LPSupply.Sub(c.LPSupply, lp)
	tx := c.Hash(c.block, "remove"+account+fmt.Sprint(c.logIndex))
	c.Transfer(tx, c.Market, account, predict.ZeroAddress, lp)
	c.mintEach(tx, account, q.SentBack)
	c.Transfer(tx, c.Base, c.Market, account, q.BaseOut)
	c.Add(&predict.LiquidityLog{LogRef: c.Ref(tx, ""), Market: c.Market, Account: account, Kind: predict.LiquidityRemove,
		BaseAmount: q.BaseOut, LPAmount: new(big.Int).Set(lp), SentBack: copyAmounts(q.SentBack), Balances: c.CopyBalances()})
	return q
}

// Redeem emits account's redemption of lp shares after settlement on
// winner: its share of the winning balance; it returns the base paid.
func (c *Sim) Redeem(account string, winner int, lp *big.Int) *big.Int {
	out := new(big.Int).Mul(c.Balances[winner], lp)
	out.Quo(out, c.LPSupply)
	c.takeShare(lp)
	c.redeemed(account, lp, out)
	return out
}

// RedeemVoid emits account's redemption of lp shares of a void market:
// its share of every pool balance, paid at 1/N each (floor of the sum /
// N); it returns the base paid.
func (c *Sim) RedeemVoid(account string, lp *big.Int) *big.Int {
	out := c.takeShare(lp)
	out.Quo(out, big.NewInt(int64(len(c.Balances))))
	c.redeemed(account, lp, out)
	return out
}

// takeShare takes lp's share out of every pool balance and the LP
// supply, and returns the sum of the shares.
func (c *Sim) takeShare(lp *big.Int) *big.Int {
	total := new(big.Int)
	for k := range c.Balances {
		share := new(big.Int).Mul(c.Balances[k], lp)
		share.Quo(share, c.LPSupply)
		c.Balances[k].Sub(c.Balances[k], share)
		total.Add(total, share)
	}
	c.LPSupply.Sub(c.LPSupply, lp)
	return total
}

func (c *Sim) redeemed(account string, lp, out *big.Int) {
	tx := c.Hash(c.block, "redeem"+account+fmt.Sprint(c.logIndex))
	c.Transfer(tx, c.Market, account, predict.ZeroAddress, lp)
	c.Transfer(tx, c.Base, c.Market, account, out)
	c.Add(&predict.LiquidityLog{LogRef: c.Ref(tx, ""), Market: c.Market, Account: account, Kind: predict.LiquidityRedeem,
		BaseAmount: out, LPAmount: new(big.Int).Set(lp), Balances: c.CopyBalances()})
}

// Fees emits the payment of amount of collected fees to account.
func (c *Sim) Fees(account string, amount *big.Int) {
	tx := c.Hash(c.block, "fees"+account)
	c.Transfer(tx, c.Base, c.Market, account, amount)
	c.Add(&predict.FeesLog{LogRef: c.Ref(tx, ""), Market: c.Market, Account: account, Amount: new(big.Int).Set(amount)})
}

func copyAmounts(xs []*big.Int) []*big.Int {
	out := make([]*big.Int, len(xs))
	for i, x := range xs {
		out[i] = new(big.Int).Set(x)
	}
	return out
}
