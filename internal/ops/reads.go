package ops

import (
	"context"
	"fmt"
	"math/big"
	"time"

	ethereum "github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/chain/bindings"
)

// chainReads are the reads of contract state the operation kinds' rules
// make. The service's chain answers them (chainReader); the table tests of
// the kinds answer them from memory, since what they test is the rules,
// not the contracts.
type chainReads interface {
	// balanceOf is account's balance of an ERC-20 token (base, option or
	// LP).
	balanceOf(ctx context.Context, token, account common.Address) (*big.Int, error)
	// redeemPays is what redeeming lp shares of an ended market pays
	// account now, fees included.
	redeemPays(ctx context.Context, market, account common.Address, lp *big.Int) (*big.Int, error)
	// predictMarket and predictOption are the addresses createMarket
	// deploys for sender and salt.
	predictMarket(ctx context.Context, sender common.Address, salt [32]byte) (common.Address, error)
	predictOption(ctx context.Context, market common.Address, i int) (common.Address, error)
	// resolution is market's resolution state (kind_resolution.go).
	resolution(ctx context.Context, market common.Address) (*resolution, error)
	// arbitrator is the factory's arbitrator.
	arbitrator(ctx context.Context) (common.Address, error)
	// limitOrder is order id of the escrow (a zero owner when there is
	// no such order).
	limitOrder(ctx context.Context, escrow common.Address, id *big.Int) (*limitOrderState, error)
}

// limitOrderState is what the cancel rules read of an escrowed order.
type limitOrderState struct {
	Owner, Market common.Address
	Remaining     *big.Int
	// IsBuy and OptionIndex say what a cancellation gives back: base
	// tokens for a buy, the option's tokens for a sell.
	IsBuy       bool
	OptionIndex int
}

func (r chainReader) limitOrder(ctx context.Context, escrow common.Address, id *big.Int) (*limitOrderState, error) {
	c, err := bindings.NewLimitOrdersCaller(escrow, r.chain)
	if err != nil {
		return nil, err
	}
	o, err := c.Orders(&bind.CallOpts{Context: ctx}, id)
	if err != nil {
		return nil, rpcErr("read limit order", err)
	}
	return &limitOrderState{Owner: o.Owner, Market: o.Market, Remaining: o.Remaining, IsBuy: o.IsBuy, OptionIndex: int(o.OptionIndex)}, nil
}

// chainReader reads contract state through the service's chain.
type chainReader struct {
	chain   Chain
	factory common.Address
}

func (r chainReader) balanceOf(ctx context.Context, token, account common.Address) (*big.Int, error) {
	t, err := bindings.NewOptionTokenCaller(token, r.chain)
	if err != nil {
		return nil, err
	}
	b, err := t.BalanceOf(&bind.CallOpts{Context: ctx}, account)
	if err != nil {
		return nil, rpcErr("read option balance", err)
	}
	return b, nil
}

// redeemPays simulates redeemLiquidity as an eth_call from account.
func (r chainReader) redeemPays(ctx context.Context, market, account common.Address, lp *big.Int) (*big.Int, error) {
	a, err := bindings.MarketMetaData.GetAbi()
	if err != nil {
		return nil, err
	}
	data, err := a.Pack("redeemLiquidity", lp)
	if err != nil {
		return nil, err
	}
	raw, err := r.chain.CallContract(ctx, ethereum.CallMsg{From: account, To: &market, Data: data}, nil)
	if err != nil {
		return nil, rpcErr("simulate redeemLiquidity", err)
	}
	out, err := a.Unpack("redeemLiquidity", raw)
	if err != nil || len(out) != 2 {
		return nil, fmt.Errorf("decode redeemLiquidity: %w", err)
	}
	return new(big.Int).Add(out[0].(*big.Int), out[1].(*big.Int)), nil
}

func (r chainReader) predictMarket(ctx context.Context, sender common.Address, salt [32]byte) (common.Address, error) {
	f, err := bindings.NewMarketFactoryCaller(r.factory, r.chain)
	if err != nil {
		return common.Address{}, err
	}
	m, err := f.PredictMarket(&bind.CallOpts{Context: ctx}, sender, salt)
	if err != nil {
		return common.Address{}, rpcErr("predict market address", err)
	}
	return m, nil
}

func (r chainReader) predictOption(ctx context.Context, market common.Address, i int) (common.Address, error) {
	f, err := bindings.NewMarketFactoryCaller(r.factory, r.chain)
	if err != nil {
		return common.Address{}, err
	}
	a, err := f.PredictOption(&bind.CallOpts{Context: ctx}, market, big.NewInt(int64(i)))
	if err != nil {
		return common.Address{}, rpcErr("predict option address", err)
	}
	return a, nil
}

func (r chainReader) resolution(ctx context.Context, market common.Address) (*resolution, error) {
	m, err := bindings.NewMarketCaller(market, r.chain)
	if err != nil {
		return nil, err
	}
	opts := &bind.CallOpts{Context: ctx}
	out := &resolution{}
	if out.State, err = m.State(opts); err != nil {
		return nil, rpcErr("read the market's resolution state", err)
	}
	if out.Window, err = m.ChallengeWindow(opts); err != nil {
		return nil, rpcErr("read the market's challenge window", err)
	}
	if out.Bond, err = m.Bond(opts); err != nil {
		return nil, rpcErr("read the market's bond", err)
	}
	end, err := m.ChallengeEnd(opts)
	if err != nil {
		return nil, rpcErr("read the market's challenge end", err)
	}
	out.ChallengeEnd = time.Unix(int64(end), 0).UTC()
	if out.State == stateDisputed {
		// A market of a suite deployed before disputes fixed their
		// arbitrator has neither: its factory's arbitrator decides.
		if a, err := m.DisputeArbitrator(opts); err == nil {
			out.Arbitrator = a
		}
		if t, err := m.ArbitrationEnd(opts); err == nil && t != 0 {
			out.ArbitrationEnd = time.Unix(int64(t), 0).UTC()
		}
	}
	return out, nil
}

func (r chainReader) arbitrator(ctx context.Context) (common.Address, error) {
	f, err := bindings.NewMarketFactoryCaller(r.factory, r.chain)
	if err != nil {
		return common.Address{}, err
	}
	a, err := f.Arbitrator(&bind.CallOpts{Context: ctx})
	if err != nil {
		return common.Address{}, rpcErr("read the arbitrator", err)
	}
	return a, nil
}

// unit is how a token's amounts are shown to a person.
type unit struct {
	symbol   string
	decimals int
}

// baseUnit is the unit of a base token of the deployment.
func (s *Service) baseUnit(address string) unit {
	t, ok := s.cfg.Deployment.BaseToken(address)
	if !ok {
		return unit{symbol: "base units"}
	}
	return unit{symbol: t.Symbol, decimals: t.Decimals}
}

// optionUnit is the unit of a market's option token: named after the
// option, with the decimals of the market's base token.
func (s *Service) optionUnit(m *predict.Market, index int) unit {
	u := unit{symbol: "option tokens", decimals: s.baseUnit(m.BaseToken).decimals}
	for _, o := range m.Options {
		if o.Index == index {
			u.symbol = fmt.Sprintf("%q tokens", o.Title)
		}
	}
	return u
}

// covers refuses an operation that spends more of token than the sender
// holds, before anything is signed or submitted: the chain would revert
// it with an error in base units, after the user waited for a block.
//
// In a batch the actions before this one count: what they spend is no
// longer there, and what their cancellations give back is.
func (c *call) covers(token common.Address, amount *big.Int, u unit, what string) error {
	held, err := c.s.reads.balanceOf(c.ctx, token, c.sender)
	if err != nil {
		return err
	}
	if left, moved := c.batch.left(token, held); moved {
		if left.Cmp(amount) < 0 {
			return predict.Errorf(predict.EBALANCE, "not enough %s: balance %s %s, of which %s %s is left after the batch's earlier actions; %s %s %s",
				u.symbol, predict.FormatUnits(held, u.decimals), u.symbol, predict.FormatUnits(left, u.decimals), u.symbol,
				what, predict.FormatUnits(amount, u.decimals), u.symbol)
		}
		return nil
	}
	if held.Cmp(amount) < 0 {
		return predict.Errorf(predict.EBALANCE, "not enough %s: balance %s %s, %s %s %s", u.symbol,
			predict.FormatUnits(held, u.decimals), u.symbol, what, predict.FormatUnits(amount, u.decimals), u.symbol)
	}
	return nil
}

// redeemCovers refuses a redemption of lp shares that would pay the
// sender less than minOut base units.
func (c *call) redeemCovers(lp, minOut *big.Int) error {
	paid, err := c.s.reads.redeemPays(c.ctx, common.HexToAddress(c.m.Address), c.sender, lp)
	if err != nil {
		return err
	}
	if paid.Cmp(minOut) < 0 {
		u := c.s.baseUnit(c.m.BaseToken)
		return predict.Errorf(predict.EMINIMUM, "redeeming %s LP of ended market %s pays %s %s, below minReceiveAmount %s %s",
			lp, c.m.Address, predict.FormatUnits(paid, u.decimals), u.symbol, predict.FormatUnits(minOut, u.decimals), u.symbol)
	}
	return nil
}
