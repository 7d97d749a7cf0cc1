package orders

// The checks of a placement: what the Exchange will refuse at settlement
// (the terms, the signature, the order's state on chain), refused at once,
// and what it cannot know (the minimum size, the maker's funds beside its
// other open orders).

import (
	"bytes"
	"context"
	"math/big"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/chain/bindings"
	"github.com/predict-dev/predict/internal/exchange"
)

// checkTerms refuses terms the Exchange would refuse at any time.
func checkTerms(o *exchange.Order, now time.Time) error {
	switch {
	case o.Option == nil || o.MakerAmount == nil || o.TakerAmount == nil || o.Expiration == nil || o.Salt == nil ||
		o.Nonce == nil || o.FeeRateBps == nil:
		return predict.Errorf(predict.EINVALID, "an order needs every field: maker, signer, market, option, side, makerAmount, takerAmount, expiration, salt, nonce, feeRateBps, signature")
	case o.Side != exchange.Buy && o.Side != exchange.Sell:
		return predict.Errorf(predict.EINVALID, "side must be 0 (buy) or 1 (sell), not %d", o.Side)
	case !o.Option.IsInt64() || o.Option.Int64() > 255:
		return predict.Errorf(predict.EINVALID, "option %s is out of range", o.Option)
	case o.MakerAmount.Sign() <= 0 || o.TakerAmount.Sign() <= 0:
		return predict.Errorf(predict.EINVALID, "makerAmount and takerAmount must be above zero")
	case o.Side == exchange.Buy && o.MakerAmount.Cmp(o.TakerAmount) > 0, o.Side == exchange.Sell && o.TakerAmount.Cmp(o.MakerAmount) > 0:
		return predict.Errorf(predict.EINVALID, "the order's price is above 1 base token a token, which no option is ever worth")
	case o.FeeRateBps.Sign() < 0 || o.FeeRateBps.Cmp(big.NewInt(MaxFeeRateBps)) > 0:
		return predict.Errorf(predict.EINVALID, "feeRateBps %s is out of range: 0 to %d", o.FeeRateBps, MaxFeeRateBps)
	case o.Expiration.Sign() != 0 && o.Expiration.Cmp(big.NewInt(now.Unix())) <= 0:
		return predict.Errorf(predict.EORDERCLOSED, "the order expired at %s", time.Unix(o.Expiration.Int64(), 0).UTC().Format(time.RFC3339))
	case o.Expiration.Sign() != 0 && !o.Expiration.IsInt64():
		return predict.Errorf(predict.EINVALID, "expiration %s is not a unix time", o.Expiration)
	}
	return nil
}

// gives is the token o gives and its unit: the market's base token for a
// buy, the option's token for a sell (option tokens have the base's
// decimals).
func (d *Desk) gives(m *predict.Market, o *exchange.Order) (common.Address, predict.BaseToken) {
	t, ok := d.cfg.Deployment.BaseToken(m.BaseToken)
	if !ok {
		t = predict.BaseToken{Address: m.BaseToken, Symbol: "tokens", Decimals: 18}
	}
	if o.Side == exchange.Buy {
		return common.HexToAddress(m.BaseToken), t
	}
	opt := m.Options[o.Option.Int64()]
	return common.HexToAddress(opt.Address), predict.BaseToken{Address: opt.Address, Symbol: opt.Title + " tokens", Decimals: t.Decimals}
}

// minimum refuses an order that gives less than the desk's minimum.
func (d *Desk) minimum(amount *big.Int, t predict.BaseToken) error {
	scaled := new(big.Rat).Mul(d.cfg.MinOrder, new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(t.Decimals)), nil)))
	least := new(big.Int).Quo(new(big.Int).Add(scaled.Num(), new(big.Int).Sub(scaled.Denom(), big.NewInt(1))), scaled.Denom())
	if amount.Cmp(least) < 0 {
		return predict.Errorf(predict.ETOOSMALL, "the order gives %s %s, under the minimum order size of %s %s",
			predict.FormatUnits(amount, t.Decimals), t.Symbol, predict.FormatUnits(least, t.Decimals), t.Symbol)
	}
	return nil
}

// erc1271 is the ERC-1271 interface of contract wallets.
var erc1271 = sync.OnceValue(func() abi.ABI {
	a, err := abi.JSON(strings.NewReader(`[{"type":"function","name":"isValidSignature","stateMutability":"view",
		"inputs":[{"name":"hash","type":"bytes32"},{"name":"signature","type":"bytes"}],"outputs":[{"name":"","type":"bytes4"}]}]`))
	if err != nil {
		panic(err) // a constant
	}
	return a
})

// erc1271Magic is what isValidSignature answers for a valid signature.
var erc1271Magic = []byte{0x16, 0x26, 0xba, 0x7e}

// checkSignature checks what Exchange._signedBy will: signed by the maker
// itself (ECDSA for an account without code, ERC-1271 for a contract), or
// by the key that owns the maker's smart account.
func (d *Desk) checkSignature(opts *bind.CallOpts, o *exchange.Order, h common.Hash) error {
	bad := func(why string, args ...any) error {
		return predict.Errorf(predict.ESIGNATURE, "the order's signature is not its maker's: "+why, args...)
	}
	contract, err := d.isContract(opts, o.Maker)
	if err != nil {
		return err
	}
	if o.Signer == o.Maker {
		if !contract {
			if got, err := exchange.Recover(d.domain, o); err != nil || got != o.Maker {
				return bad("it does not recover to the maker %s", strings.ToLower(o.Maker.Hex()))
			}
			return nil
		}
		return d.check1271(opts, o, h, bad)
	}
	got, err := exchange.Recover(d.domain, o)
	if err != nil || got != o.Signer {
		return bad("it does not recover to the signer %s", strings.ToLower(o.Signer.Hex()))
	}
	if !contract {
		return bad("the signer %s is not the maker, and the maker is not a smart account", strings.ToLower(o.Signer.Hex()))
	}
	owner, err := d.owner(opts, o.Maker)
	if err != nil || owner != o.Signer {
		return bad("the signer %s does not own the account %s", strings.ToLower(o.Signer.Hex()), strings.ToLower(o.Maker.Hex()))
	}
	return nil
}

func (d *Desk) check1271(opts *bind.CallOpts, o *exchange.Order, h common.Hash, bad func(string, ...any) error) error {
	c := bind.NewBoundContract(o.Maker, erc1271(), d.cfg.Chain, nil, nil)
	var out []any
	if err := c.Call(opts, &out, "isValidSignature", h, o.Signature); err != nil || len(out) != 1 {
		return bad("the contract wallet %s does not accept it (ERC-1271)", strings.ToLower(o.Maker.Hex()))
	}
	if magic, ok := out[0].([4]byte); !ok || !bytes.Equal(magic[:], erc1271Magic) {
		return bad("the contract wallet %s does not accept it (ERC-1271)", strings.ToLower(o.Maker.Hex()))
	}
	return nil
}

// maxKnownAccounts bounds the accounts whose facts a desk remembers:
// beyond it the memory starts again, which costs a few chain reads.
const maxKnownAccounts = 100_000

// accountFacts are what a desk remembers of a maker that is a contract:
// a deployed account keeps its code, and a SimpleAccount its owner (it
// has no way to change it), so a maker's placements after its first read
// neither from the chain.
type accountFacts struct {
	owner      common.Address
	ownerKnown bool
}

// known is the desk's memory of contract makers.
type known struct {
	mu       sync.Mutex
	accounts map[common.Address]*accountFacts
}

func (k *known) get(a common.Address) (*accountFacts, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	f, ok := k.accounts[a]
	return f, ok
}

func (k *known) put(a common.Address, f *accountFacts) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.accounts == nil || len(k.accounts) >= maxKnownAccounts {
		k.accounts = map[common.Address]*accountFacts{}
	}
	k.accounts[a] = f
}

// isContract reports whether a has code (remembered once it has: an
// account without code may be deployed later).
func (d *Desk) isContract(opts *bind.CallOpts, a common.Address) (bool, error) {
	if _, ok := d.known.get(a); ok {
		return true, nil
	}
	code, err := d.cfg.Chain.CodeAt(opts.Context, a, nil)
	if err != nil {
		return false, predict.Errorf(predict.ERPC, "read the code of %s: %v", a.Hex(), err)
	}
	if len(code) == 0 {
		return false, nil
	}
	d.known.put(a, &accountFacts{})
	return true, nil
}

// owner is the owner key of the smart account a, read once.
func (d *Desk) owner(opts *bind.CallOpts, a common.Address) (common.Address, error) {
	if f, ok := d.known.get(a); ok && f.ownerKnown {
		return f.owner, nil
	}
	acct, err := bindings.NewSimpleAccountCaller(a, d.cfg.Chain)
	if err != nil {
		return common.Address{}, err
	}
	owner, err := acct.Owner(opts)
	if err != nil {
		return common.Address{}, err
	}
	d.known.put(a, &accountFacts{owner: owner, ownerKnown: true})
	return owner, nil
}

// checkState refuses an order the Exchange closed: cancelled on chain by
// its maker, filled, or signed under a nonce the maker raised since.
func (d *Desk) checkState(opts *bind.CallOpts, o *exchange.Order, h common.Hash) error {
	st, err := d.ex.OrderState(opts, h)
	if err != nil {
		return predict.Errorf(predict.ERPC, "read the order's state on the Exchange: %v", err)
	}
	if st.Cancelled {
		return predict.Errorf(predict.EORDERCLOSED, "order %s was cancelled on chain by its maker", h.Hex())
	}
	if st.Filled.Cmp(o.MakerAmount) >= 0 {
		return predict.Errorf(predict.EORDERCLOSED, "order %s is filled", h.Hex())
	}
	nonce, err := d.ex.Nonces(opts, o.Maker)
	if err != nil {
		return predict.Errorf(predict.ERPC, "read the maker's nonce on the Exchange: %v", err)
	}
	if nonce.Cmp(o.Nonce) != 0 {
		return predict.Errorf(predict.EORDERCLOSED, "the order is signed with nonce %s; the maker's nonce is %s (orders of an older nonce are cancelled)", o.Nonce, nonce)
	}
	return nil
}

// checkFunds refuses an order whose maker's balance or allowance to the
// Exchange does not cover it beside the maker's other open orders that
// give the same token: a sell's option token, or a buy's base token
// (shared by the buys of every market on that base).
func (d *Desk) checkFunds(ctx context.Context, opts *bind.CallOpts, so *predict.SignedOrder, token common.Address, t predict.BaseToken) error {
	committed, err := d.cfg.Store.SignedOrderCommitted(ctx, so.Maker, so.Gives, d.cfg.Now())
	if err != nil {
		return err
	}
	need := new(big.Int).Add(so.MakerAmount, committed)
	tok, err := bindings.NewBaseTokenCaller(token, d.cfg.Chain)
	if err != nil {
		return err
	}
	maker := common.HexToAddress(so.Maker)
	balance, err := tok.BalanceOf(opts, maker)
	if err != nil {
		return predict.Errorf(predict.ERPC, "read the balance of %s: %v", t.Symbol, err)
	}
	if balance.Cmp(need) < 0 {
		return predict.Errorf(predict.EBALANCE, "not enough %s: balance %s %s, open orders with this one give %s %s",
			t.Symbol, predict.FormatUnits(balance, t.Decimals), t.Symbol, predict.FormatUnits(need, t.Decimals), t.Symbol)
	}
	allowance, err := tok.Allowance(opts, maker, d.domain.Exchange)
	if err != nil {
		return predict.Errorf(predict.ERPC, "read the allowance of %s: %v", t.Symbol, err)
	}
	if allowance.Cmp(need) < 0 {
		return predict.Errorf(predict.ENOTAPPROVED, "the Exchange may spend %s %s of yours, and open orders with this one give %s %s: enable trading (approve the Exchange) first",
			predict.FormatUnits(allowance, t.Decimals), t.Symbol, predict.FormatUnits(need, t.Decimals), t.Symbol)
	}
	return nil
}
