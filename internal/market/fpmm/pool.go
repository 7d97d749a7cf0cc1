package fpmm

import (
	"math/big"
)

// Pool is the full state of one market's pool as the Market contract keeps it: option balances,
// fee, LP shares and the Gnosis fee accounting. Accounts are identified by any stable string
// (the service uses the lowercase hex address); the empty string is the zero address and is not
// a valid account. Operations are atomic: on error the pool is unchanged. Time rules (endTime,
// deadlines) and slippage limits are the caller's; the pool knows its resolution state
// (Resolution) and how it ended (Settled, Winner, Voided), and takes the block time as an argument
// where the contract reads it (assertion, dispute, finalize).
type Pool struct {
	Balances []*big.Int // pool balance of every option
	FeeBps   uint64     // trading fee in basis points

	LPSupply   *big.Int            // total LP tokens
	LPBalances map[string]*big.Int // LP tokens per account

	FeePoolWeight      *big.Int            // Gnosis feePoolWeight
	TotalWithdrawnFees *big.Int            // sum of WithdrawnFees
	WithdrawnFees      map[string]*big.Int // Gnosis withdrawnFees per account

	Settled bool // the market has ended (settled on an option, or voided)
	Winner  int  // winning option index, when Settled and not Voided
	Voided  bool // the market ended VOID: every option token is worth 1/N

	Resolution Resolution // challenge window, bond and assertion state
}

// NewPool returns the pool of a new market with the given number of options and fee, seeded
// by creator with initialLiquidity at equal prices, as MarketFactory.createMarket does.
func NewPool(options int, feeBps uint64, creator string, initialLiquidity *big.Int) (*Pool, error) {
	if options < MinOptions || options > MaxOptions {
		return nil, ErrInvalidOptionCount
	}
	if feeBps > MaxFeeBps {
		return nil, ErrFeeTooHigh
	}
	// An empty pool of the options; the creator's liquidity fills it.
	empty := make([]*big.Int, options)
	for k := range empty {
		empty[k] = new(big.Int)
	}
	p := TradingPool(empty, feeBps)
	if _, err := p.addLiquidity(creator, initialLiquidity); err != nil {
		return nil, err
	}
	return p, nil
}

// TradingPool is a running pool with the given balances and fee and no
// LP accounting: enough to quote and apply trades (Buy, Sell), as one
// who reads a market's balances on chain knows it.
func TradingPool(balances []*big.Int, feeBps uint64) *Pool {
	return &Pool{
		Balances:           cloneAll(balances),
		FeeBps:             feeBps,
		LPSupply:           new(big.Int),
		LPBalances:         map[string]*big.Int{},
		FeePoolWeight:      new(big.Int),
		TotalWithdrawnFees: new(big.Int),
		WithdrawnFees:      map[string]*big.Int{},
	}
}

// Clone returns a deep copy of the pool.
func (p *Pool) Clone() *Pool {
	c := &Pool{
		Balances:           cloneAll(p.Balances),
		FeeBps:             p.FeeBps,
		LPSupply:           new(big.Int).Set(p.LPSupply),
		LPBalances:         make(map[string]*big.Int, len(p.LPBalances)),
		FeePoolWeight:      new(big.Int).Set(p.FeePoolWeight),
		TotalWithdrawnFees: new(big.Int).Set(p.TotalWithdrawnFees),
		WithdrawnFees:      make(map[string]*big.Int, len(p.WithdrawnFees)),
		Settled:            p.Settled,
		Winner:             p.Winner,
		Voided:             p.Voided,
		Resolution:         p.Resolution.clone(),
	}
	for a, v := range p.LPBalances {
		c.LPBalances[a] = new(big.Int).Set(v)
	}
	for a, v := range p.WithdrawnFees {
		c.WithdrawnFees[a] = new(big.Int).Set(v)
	}
	return c
}

// Prices returns the option prices of the pool; see Prices.
func (p *Pool) Prices() ([]*big.Int, error) {
	return Prices(p.Balances)
}

// LPBalance returns the LP tokens of account.
func (p *Pool) LPBalance(account string) *big.Int {
	return new(big.Int).Set(p.lp(account))
}

// CollectedFees returns the fees collected and not withdrawn (Market.collectedFees).
func (p *Pool) CollectedFees() *big.Int {
	return new(big.Int).Sub(p.FeePoolWeight, p.TotalWithdrawnFees)
}

// FeesWithdrawableBy returns the fees account could withdraw now (Market.feesWithdrawableBy):
// its pro-rata share of the fee pool weight less what it already withdrew, capped by the
// collected fees.
func (p *Pool) FeesWithdrawableBy(account string) *big.Int {
	if p.LPSupply.Sign() == 0 {
		return new(big.Int)
	}
	raw := new(big.Int).Mul(p.FeePoolWeight, p.lp(account))
	raw.Quo(raw, p.LPSupply)
	w := p.withdrawn(account)
	if raw.Cmp(w) <= 0 {
		return new(big.Int)
	}
	amount := raw.Sub(raw, w)
	if avail := p.CollectedFees(); amount.Cmp(avail) > 0 {
		amount = avail
	}
	return amount
}

// Buy applies buy(option, baseIn) and returns the quote.
func (p *Pool) Buy(option int, baseIn *big.Int) (BuyQuote, error) {
	return trade(p, func() (BuyQuote, error) { return QuoteBuy(p.Balances, p.FeeBps, option, baseIn) })
}

// Sell applies sell(option, tokensIn) and returns the quote.
func (p *Pool) Sell(option int, tokensIn *big.Int) (SellQuote, error) {
	return trade(p, func() (SellQuote, error) { return QuoteSell(p.Balances, p.FeeBps, option, tokensIn) })
}

// tradeQuote is a quote of a buy or a sale: the balances the trade
// leaves and the fee it pays.
type tradeQuote interface {
	BuyQuote | SellQuote
	trade() (balances []*big.Int, fee *big.Int)
}

func (q BuyQuote) trade() ([]*big.Int, *big.Int)  { return q.Balances, q.Fee }
func (q SellQuote) trade() ([]*big.Int, *big.Int) { return q.Balances, q.Fee }

// trade applies a buy or a sale on an open pool, priced by quote on the
// current balances (after the open check, the contract's order): the
// pool moves to the trade's balances and its fee joins the fee pool.
func trade[Q tradeQuote](p *Pool, quote func() (Q, error)) (Q, error) {
	if err := p.checkOpen(); err != nil {
		var none Q
		return none, err
	}
	q, err := quote()
	if err != nil {
		return q, err
	}
	balances, fee := q.trade()
	p.Balances = cloneAll(balances)
	p.FeePoolWeight.Add(p.FeePoolWeight, fee)
	return q, nil
}

// AddLiquidity applies addLiquidity(baseIn) by account.
func (p *Pool) AddLiquidity(account string, baseIn *big.Int) (LiquidityQuote, error) {
	if err := p.checkOpen(); err != nil {
		return LiquidityQuote{}, err
	}
	c := p.Clone()
	q, err := c.addLiquidity(account, baseIn)
	if err != nil {
		return q, err
	}
	*p = *c
	return q, nil
}

func (p *Pool) addLiquidity(account string, baseIn *big.Int) (LiquidityQuote, error) {
	if account == "" {
		return LiquidityQuote{}, ErrInvalidAccount
	}
	q, err := QuoteAddLiquidity(p.Balances, p.LPSupply, baseIn)
	if err != nil {
		return q, err
	}
	p.Balances = cloneAll(q.Balances)
	p.beforeLPMove("", account, q.LPMinted)
	p.mintLP(account, q.LPMinted)
	return q, nil
}

// RemoveResult is the outcome of removing liquidity.
type RemoveResult struct {
	RemovalQuote
	FeesPaid *big.Int // accrued fees paid in the same call
}

// RemoveLiquidity applies removeLiquidity(lp) by account: the pool side of
// QuoteRemoveLiquidity plus the account's accrued fees.
func (p *Pool) RemoveLiquidity(account string, lp *big.Int) (RemoveResult, error) {
	if p.Settled {
		return RemoveResult{}, ErrSettled
	}
	c, supply, fees, err := p.burning(account, lp)
	if err != nil {
		return RemoveResult{}, err
	}
	q, err := QuoteRemoveLiquidity(c.Balances, supply, lp)
	if err != nil {
		return RemoveResult{}, err
	}
	c.Balances = cloneAll(q.Balances)
	c.burnLP(account, lp)
	*p = *c
	return RemoveResult{RemovalQuote: q, FeesPaid: fees}, nil
}

// burning checks a burn of lp LP tokens by account and starts it on a
// copy of the pool: it returns the copy, the LP supply before the burn
// and the fees the account is paid with it. The caller commits the copy
// (*p = *c) only once the rest succeeds, so a refused call changes
// nothing.
func (p *Pool) burning(account string, lp *big.Int) (c *Pool, supply, fees *big.Int, err error) {
	if err := p.checkBurn(account, lp); err != nil {
		return nil, nil, nil, err
	}
	c = p.Clone()
	supply = new(big.Int).Set(c.LPSupply)
	return c, supply, c.beforeLPMove(account, "", lp), nil
}

// checkBurn refuses a burn of lp LP tokens that account cannot make,
// checked in the contract's order.
func (p *Pool) checkBurn(account string, lp *big.Int) error {
	if lp == nil || lp.Sign() <= 0 {
		return ErrZeroAmount
	}
	if p.lp(account).Cmp(lp) < 0 {
		return ErrInsufficientLP
	}
	return nil
}

// Settle applies settle(winner): option winner wins at once. Only on a market with a
// challenge window of 0 (ErrChallengeWindowRequired otherwise: use Assert).
func (p *Pool) Settle(winner int) error {
	if p.Settled {
		return ErrSettled
	}
	if p.Resolution.ChallengeWindow != 0 {
		return ErrChallengeWindowRequired
	}
	if winner < 0 || winner >= len(p.Balances) {
		return ErrInvalidOption
	}
	p.end(winner)
	return nil
}

// RedeemResult is the outcome of redeeming LP tokens after settlement.
type RedeemResult struct {
	BaseOut  *big.Int   // share of the pool's winning tokens, paid in base
	FeesPaid *big.Int   // accrued fees paid in the same call
	Balances []*big.Int // pool balances after
}

// RedeemLiquidity applies redeemLiquidity(lp) by account after settlement: it pays
// floor(b_winner * lp / supply) plus the account's accrued fees. On a VOID market it takes
// floor(b_k * lp / supply) of every balance and pays floor(sum / N).
func (p *Pool) RedeemLiquidity(account string, lp *big.Int) (RedeemResult, error) {
	if !p.Settled {
		return RedeemResult{}, ErrNotSettled
	}
	c, supply, fees, err := p.burning(account, lp)
	if err != nil {
		return RedeemResult{}, err
	}
	out := new(big.Int)
	if c.Voided {
		for _, b := range c.Balances {
			share := new(big.Int).Mul(b, lp)
			share.Quo(share, supply)
			b.Sub(b, share)
			out.Add(out, share)
		}
		out.Quo(out, big.NewInt(int64(len(c.Balances))))
	} else {
		w := c.Balances[c.Winner]
		out.Mul(w, lp).Quo(out, supply)
		w.Sub(w, out)
	}
	c.burnLP(account, lp)
	*p = *c
	return RedeemResult{BaseOut: out, FeesPaid: fees, Balances: cloneAll(p.Balances)}, nil
}

// WithdrawFees applies withdrawFees() by account and returns the amount paid (possibly zero).
func (p *Pool) WithdrawFees(account string) *big.Int {
	return p.takeFees(account)
}

// TransferLP applies an LP transfer and returns the fees paid to from on the way.
func (p *Pool) TransferLP(from, to string, amount *big.Int) (*big.Int, error) {
	if from == "" || to == "" {
		return nil, ErrInvalidAccount
	}
	if amount == nil || amount.Sign() < 0 {
		return nil, ErrZeroAmount
	}
	if p.lp(from).Cmp(amount) < 0 {
		return nil, ErrInsufficientLP
	}
	paid := p.beforeLPMove(from, to, amount)
	p.burnLP(from, amount)
	p.mintLP(to, amount)
	return paid, nil
}

// takeFees marks the account's withdrawable fees as withdrawn and returns them.
func (p *Pool) takeFees(account string) *big.Int {
	amount := p.FeesWithdrawableBy(account)
	if amount.Sign() != 0 {
		p.setWithdrawn(account, new(big.Int).Add(p.withdrawn(account), amount))
		p.TotalWithdrawnFees.Add(p.TotalWithdrawnFees, amount)
	}
	return amount
}

// beforeLPMove is Market._beforeLPMove (Gnosis _beforeTokenTransfer, moving at most the
// sender's withdrawn fees so that CollectedFees never goes negative); "" is the zero address.
// The caller has checked from's balance.
func (p *Pool) beforeLPMove(from, to string, amount *big.Int) *big.Int {
	supply := new(big.Int).Set(p.LPSupply)
	paid := new(big.Int)
	if from != "" {
		paid = p.takeFees(from)
	}
	moved := new(big.Int)
	if supply.Sign() != 0 {
		moved.Mul(p.FeePoolWeight, amount).Quo(moved, supply)
	}
	if from != "" {
		w := p.withdrawn(from)
		if moved.Cmp(w) > 0 {
			moved.Set(w)
		}
		p.setWithdrawn(from, new(big.Int).Sub(w, moved))
		p.TotalWithdrawnFees.Sub(p.TotalWithdrawnFees, moved)
	} else {
		p.FeePoolWeight.Add(p.FeePoolWeight, moved)
	}
	if to != "" {
		p.setWithdrawn(to, new(big.Int).Add(p.withdrawn(to), moved))
		p.TotalWithdrawnFees.Add(p.TotalWithdrawnFees, moved)
	} else {
		p.FeePoolWeight.Sub(p.FeePoolWeight, moved)
	}
	return paid
}

func (p *Pool) lp(account string) *big.Int {
	if v, ok := p.LPBalances[account]; ok {
		return v
	}
	return new(big.Int)
}

func (p *Pool) mintLP(account string, amount *big.Int) {
	p.LPBalances[account] = new(big.Int).Add(p.lp(account), amount)
	p.LPSupply = new(big.Int).Add(p.LPSupply, amount)
}

func (p *Pool) burnLP(account string, amount *big.Int) {
	p.LPBalances[account] = new(big.Int).Sub(p.lp(account), amount)
	p.LPSupply = new(big.Int).Sub(p.LPSupply, amount)
}

func (p *Pool) withdrawn(account string) *big.Int {
	if v, ok := p.WithdrawnFees[account]; ok {
		return v
	}
	return new(big.Int)
}

func (p *Pool) setWithdrawn(account string, v *big.Int) {
	p.WithdrawnFees[account] = v
}

func cloneAll(xs []*big.Int) []*big.Int {
	out := make([]*big.Int, len(xs))
	for i, x := range xs {
		out[i] = new(big.Int).Set(x)
	}
	return out
}
