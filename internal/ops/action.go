package ops

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"time"

	ethereum "github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/chain/bindings"
	"github.com/predict-dev/predict/internal/market/fpmm"
)

// buildAction is the action the request asks for, after the rules of the
// market's state: what Prepare encodes and what Submit compares the
// client's callData with.
func (s *Service) buildAction(ctx context.Context, user *predict.User, sender common.Address, req *Request, now time.Time) (*aa.Action, *Result, error) {
	if req.Kind == aa.KindCreateMarket {
		return s.buildCreate(ctx, user, sender, req, now)
	}
	m, err := s.cfg.Store.MarketByAddress(ctx, strings.ToLower(req.Market.Hex()), "")
	if err != nil {
		return nil, nil, err
	}
	act := &aa.Action{Kind: req.Kind, Target: req.Market, Amount: req.Amount, MinOut: req.MinOut, Deadline: req.Deadline}
	res := &Result{Market: m.Address, optionCount: len(m.Options)}
	optionIndex := func() (int, error) {
		for _, o := range m.Options {
			if o.Address == strings.ToLower(req.Option.Hex()) {
				return o.Index, nil
			}
		}
		return 0, invalid("optionAddress %s is not an option of market %s", strings.ToLower(req.Option.Hex()), m.Address)
	}
	running := func(what string) error {
		switch {
		case m.Status == predict.StatusSettling:
			return conflict("market %s is settling: %s is closed", m.Address, what)
		case m.Status == predict.StatusEnded:
			return conflict("market %s has ended: %s is closed", m.Address, what)
		case !now.Before(m.EndTime):
			return conflict("market %s stopped trading at %s", m.Address, m.EndTime.UTC().Format(time.RFC3339))
		}
		return nil
	}
	positive := func(name string, x *big.Int) error {
		if x == nil || x.Sign() <= 0 {
			return invalid("%s must be greater than 0", name)
		}
		return nil
	}
	deadline := func() error {
		if req.Deadline == nil || req.Deadline.Cmp(big.NewInt(now.Unix())) <= 0 {
			return invalid("deadline has passed (chain time is %d)", now.Unix())
		}
		return nil
	}
	base := common.HexToAddress(m.BaseToken)

	switch req.Kind {
	case aa.KindBuy, aa.KindSell:
		if err := running("trading"); err != nil {
			return nil, nil, err
		}
		if act.Option, err = optionIndex(); err != nil {
			return nil, nil, err
		}
		if err := firstErr(positive("amount", req.Amount), deadline()); err != nil {
			return nil, nil, err
		}
		if req.Kind == aa.KindBuy {
			act.Approvals = []aa.Approval{{Token: base, Spender: req.Market, Amount: req.Amount}}
			err = s.covers(ctx, base, sender, req.Amount, s.baseUnit(m.BaseToken), "buy")
		} else {
			err = s.covers(ctx, req.Option, sender, req.Amount, s.optionUnit(m, act.Option), "sell")
		}
		if err != nil {
			return nil, nil, err
		}
	case aa.KindAddLiquidity:
		if err := running("adding liquidity"); err != nil {
			return nil, nil, err
		}
		if err := firstErr(positive("amount", req.Amount), deadline()); err != nil {
			return nil, nil, err
		}
		act.Approvals = []aa.Approval{{Token: base, Spender: req.Market, Amount: req.Amount}}
		if err := s.covers(ctx, base, sender, req.Amount, s.baseUnit(m.BaseToken), "deposit"); err != nil {
			return nil, nil, err
		}
	case aa.KindRemoveLiquidity:
		if err := positive("lpAmount", req.Amount); err != nil {
			return nil, nil, err
		}
		lp := unit{symbol: "LP", decimals: s.baseUnit(m.BaseToken).decimals}
		if err := s.covers(ctx, req.Market, sender, req.Amount, lp, "removal"); err != nil {
			return nil, nil, err
		}
		switch m.Status {
		case predict.StatusSettling:
			return nil, nil, conflict("market %s is settling: liquidity can be redeemed once it has ended", m.Address)
		case predict.StatusEnded:
			// After settlement LP shares are redeemed for the pool's
			// winning tokens, paid in base tokens. redeemLiquidity takes
			// no minimum: the one asked is checked here, against what the
			// chain would pay now (the pool no longer moves).
			act.Kind, act.MinOut, act.Deadline = aa.KindRedeemLiquidity, nil, nil
			if req.MinOut != nil && req.MinOut.Sign() > 0 {
				if err := s.redeemCovers(ctx, m, sender, req.Amount, req.MinOut); err != nil {
					return nil, nil, err
				}
			}
		default:
			if err := deadline(); err != nil {
				return nil, nil, err
			}
		}
	case aa.KindClaim:
		if m.Status != predict.StatusEnded {
			return nil, nil, conflict("market %s has not ended: claims open once it is settled on chain", m.Address)
		}
		if strings.ToLower(req.Option.Hex()) != m.WinningOption {
			return nil, nil, invalid("optionAddress %s is not the winning option %s: losing tokens cannot be claimed", strings.ToLower(req.Option.Hex()), m.WinningOption)
		}
		if req.Amount == nil || req.Amount.Sign() == 0 {
			bal, err := s.optionBalance(ctx, req.Option, sender)
			if err != nil {
				return nil, nil, err
			}
			if bal.Sign() == 0 {
				return nil, nil, conflict("account %s holds no winning tokens of market %s", user.Address, m.Address)
			}
			act.Amount = bal
		}
	case aa.KindSettleMarket:
		if m.Status != predict.StatusRunning {
			return nil, nil, conflict("market %s is %s; only a running market can be settled", m.Address, m.Status)
		}
		if act.Option, err = optionIndex(); err != nil {
			return nil, nil, err
		}
		act.Amount, act.MinOut, act.Deadline = nil, nil, nil
	default:
		return nil, nil, invalid("unknown action %q", req.Kind)
	}
	return act, res, nil
}

func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
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

// covers refuses an operation that spends more of token than account
// holds, before anything is signed or submitted: the chain would revert it
// with an error in base units, after the user waited for a block.
func (s *Service) covers(ctx context.Context, token, account common.Address, amount *big.Int, u unit, what string) error {
	held, err := s.optionBalance(ctx, token, account)
	if err != nil {
		return err
	}
	if held.Cmp(amount) < 0 {
		return predict.Errorf(predict.EBALANCE, "not enough %s: balance %s %s, %s %s %s", u.symbol,
			predict.FormatUnits(held, u.decimals), u.symbol, what, predict.FormatUnits(amount, u.decimals), u.symbol)
	}
	return nil
}

func (s *Service) optionBalance(ctx context.Context, token, account common.Address) (*big.Int, error) {
	t, err := bindings.NewOptionTokenCaller(token, s.cfg.Chain)
	if err != nil {
		return nil, err
	}
	b, err := t.BalanceOf(&bind.CallOpts{Context: ctx}, account)
	if err != nil {
		return nil, rpcErr("read option balance", err)
	}
	return b, nil
}

// buildCreate checks create-market's fields and builds its action: approve
// the factory for the initial liquidity, then createMarket.
func (s *Service) buildCreate(ctx context.Context, user *predict.User, sender common.Address, req *Request, now time.Time) (*aa.Action, *Result, error) {
	c := req.Create
	if c == nil {
		return nil, nil, invalid("create-market fields are required")
	}
	token, ok := s.cfg.Deployment.BaseToken(strings.ToLower(c.BaseToken))
	if !ok {
		return nil, nil, invalid("baseTokenAddress %s is not a base token of this service", c.BaseToken)
	}
	if n := len(c.Options); n < fpmm.MinOptions || n > fpmm.MaxOptions {
		return nil, nil, invalid("options must hold %d to %d entries, got %d", fpmm.MinOptions, fpmm.MaxOptions, n)
	}
	if !c.EndTime.After(now) {
		return nil, nil, invalid("endTime must be in the future (chain time is %s)", now.UTC().Format(time.RFC3339))
	}
	liq, ok := new(big.Int).SetString(c.InitialLiquidity, 10)
	if !ok || liq.Sign() <= 0 {
		return nil, nil, invalid("initialLiquidity must be greater than 0")
	}
	salt := crypto.Keccak256Hash([]byte(user.UID), []byte(c.Title), big.NewInt(now.UnixNano()).Bytes())
	factory := common.HexToAddress(s.cfg.Deployment.MarketFactory)
	base := common.HexToAddress(token.Address)
	act := &aa.Action{
		Kind: aa.KindCreateMarket, Target: factory, Amount: liq,
		Approvals: []aa.Approval{{Token: base, Spender: factory, Amount: liq}},
		Create: &aa.CreateParams{
			BaseToken: base, OptionNames: c.Options, EndTime: big.NewInt(c.EndTime.Unix()),
			FeeBps: big.NewInt(int64(s.cfg.Deployment.FeeBps)), InitialLiquidity: liq, Salt: salt, MetadataHash: metadataHash(c),
		},
	}
	window := int64(s.cfg.Deployment.ChallengeWindow.Seconds())
	if c.ChallengeWindowSeconds != nil {
		window = *c.ChallengeWindowSeconds
	}
	if window < 0 || window > MaxChallengeWindow {
		return nil, nil, invalid("challengeWindowSeconds must be 0 to %d, got %d", int64(MaxChallengeWindow), window)
	}
	// A window of 0 keeps createMarket, as before windows existed (the
	// factory's default window is 0); any other window and the
	// deployment's bond go to createMarketWithResolution.
	if window > 0 {
		act.Create.ChallengeWindow, act.Create.Bond = big.NewInt(window), predict.OrZero(s.cfg.Deployment.Bond)
	}
	if err := s.covers(ctx, base, sender, liq, unit{symbol: token.Symbol, decimals: token.Decimals}, "initial liquidity"); err != nil {
		return nil, nil, err
	}
	res, err := s.predictAddresses(ctx, sender, salt, len(c.Options))
	if err != nil {
		return nil, nil, err
	}
	res.optionCount = len(c.Options)
	return act, res, nil
}

// MaxChallengeWindow is MarketFactory.MAX_CHALLENGE_WINDOW, in seconds.
const MaxChallengeWindow = 30 * 24 * 60 * 60

// matches compares the action decoded from the client's callData with the
// one the request asks for. Salts and metadata hashes are the client's to
// choose; everything that moves value or changes state must agree.
func (s *Service) matches(req *Request, got, want *aa.Action) error {
	if got.Kind != want.Kind {
		return rejected("userOperation.callData performs %s, but this endpoint's request is %s", got.Kind, want.Kind)
	}
	if got.Target != want.Target {
		return rejected("userOperation.callData calls %s, not %s", strings.ToLower(got.Target.Hex()), strings.ToLower(want.Target.Hex()))
	}
	same := func(name string, a, b *big.Int) error {
		if (a == nil) != (b == nil) || (a != nil && a.Cmp(b) != 0) {
			return rejected("userOperation.callData %s is %v, the request says %v", name, a, b)
		}
		return nil
	}
	switch want.Kind {
	case aa.KindBuy, aa.KindSell, aa.KindSettleMarket:
		if got.Option != want.Option {
			return rejected("userOperation.callData trades option index %d, the request's option is index %d", got.Option, want.Option)
		}
	}
	switch want.Kind {
	case aa.KindBuy, aa.KindSell, aa.KindAddLiquidity, aa.KindRemoveLiquidity:
		if err := firstErr(same("amount", got.Amount, want.Amount), same("minimum output", got.MinOut, want.MinOut), same("deadline", got.Deadline, want.Deadline)); err != nil {
			return err
		}
	case aa.KindRedeemLiquidity:
		if err := same("LP amount", got.Amount, want.Amount); err != nil {
			return err
		}
	case aa.KindClaim:
		if got.Amount.Sign() == 0 {
			return rejected("userOperation.callData claims nothing")
		}
	case aa.KindCreateMarket:
		g, w := got.Create, want.Create
		if g.BaseToken != w.BaseToken || strings.Join(g.OptionNames, "\x00") != strings.Join(w.OptionNames, "\x00") {
			return rejected("userOperation.callData creates a market with other options or base token than the request")
		}
		if err := firstErr(same("endTime", g.EndTime, w.EndTime), same("initial liquidity", g.InitialLiquidity, w.InitialLiquidity), same("fee", g.FeeBps, w.FeeBps),
			same("challenge window", g.ChallengeWindow, w.ChallengeWindow), same("bond", g.Bond, w.Bond)); err != nil {
			return err
		}
	}
	return checkApprovals(got.Approvals, want.Approvals)
}

// checkApprovals allows exactly the approvals the action needs: the same
// token and spender, and at least the amount.
func checkApprovals(got, want []aa.Approval) error {
	if len(got) != len(want) {
		return rejected("userOperation.callData makes %d approvals; this action needs %d", len(got), len(want))
	}
	for i := range want {
		if got[i].Token != want[i].Token || got[i].Spender != want[i].Spender {
			return rejected("userOperation.callData approves %s for %s; the action needs %s for %s",
				strings.ToLower(got[i].Token.Hex()), strings.ToLower(got[i].Spender.Hex()), strings.ToLower(want[i].Token.Hex()), strings.ToLower(want[i].Spender.Hex()))
		}
		if got[i].Amount.Cmp(want[i].Amount) < 0 {
			return rejected("userOperation.callData approves %s, less than the %s the action spends", got[i].Amount, want[i].Amount)
		}
	}
	return nil
}

// redeemCovers refuses a redemption of lp shares that would pay account
// less than minOut base units: the redemption and the fees it pays, as an
// eth_call of redeemLiquidity from the account computes them.
func (s *Service) redeemCovers(ctx context.Context, m *predict.Market, account common.Address, lp, minOut *big.Int) error {
	a, err := bindings.MarketMetaData.GetAbi()
	if err != nil {
		return err
	}
	data, err := a.Pack("redeemLiquidity", lp)
	if err != nil {
		return err
	}
	market := common.HexToAddress(m.Address)
	raw, err := s.cfg.Chain.CallContract(ctx, ethereum.CallMsg{From: account, To: &market, Data: data}, nil)
	if err != nil {
		return rpcErr("simulate redeemLiquidity", err)
	}
	out, err := a.Unpack("redeemLiquidity", raw)
	if err != nil || len(out) != 2 {
		return fmt.Errorf("decode redeemLiquidity: %w", err)
	}
	paid := new(big.Int).Add(out[0].(*big.Int), out[1].(*big.Int))
	if paid.Cmp(minOut) < 0 {
		u := s.baseUnit(m.BaseToken)
		return predict.Errorf(predict.EMINIMUM, "redeeming %s LP of ended market %s pays %s %s, below minReceiveAmount %s %s",
			lp, m.Address, predict.FormatUnits(paid, u.decimals), u.symbol, predict.FormatUnits(minOut, u.decimals), u.symbol)
	}
	return nil
}
