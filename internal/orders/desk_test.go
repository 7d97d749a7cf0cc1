package orders_test

import (
	"context"
	"crypto/ecdsa"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/chain"
	"github.com/predict-dev/predict/internal/chain/bindings"
	"github.com/predict-dev/predict/internal/chain/devchain/devchaintest"
	"github.com/predict-dev/predict/internal/events"
	"github.com/predict-dev/predict/internal/exchange"
	"github.com/predict-dev/predict/internal/orders"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// deskEnv is the embedded dev chain with the contract suite (its
// Exchange included), a market the operator created, and a SQLite store
// that knows the market as the indexer would write it.
type deskEnv struct {
	t       testing.TB
	client  *ethclient.Client
	suite   *chain.Suite
	keys    *chain.Keys
	store   *store.DB
	market  *predict.Market
	domain  exchange.Domain
	salt    int64
	chainID *big.Int
}

func newDeskEnv(t testing.TB) *deskEnv {
	node, keys, suite := devchaintest.OpenSuite(t)
	e := &deskEnv{t: t, client: node.Client(), suite: suite, keys: keys, store: storetest.OpenSQLite(t),
		chainID: new(big.Int).SetUint64(suite.ChainID)}
	e.domain = exchange.Domain{ChainID: e.chainID, Exchange: suite.Exchange}
	usdc := suite.BaseTokens[0].Address
	token, _ := bindings.NewBaseToken(usdc, e.client)
	factory, _ := bindings.NewMarketFactory(suite.MarketFactory, e.client)
	operator := crypto.PubkeyToAddress(keys.Operator.PublicKey)
	e.send(keys.Operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return token.Mint(o, operator, big.NewInt(1_000_000_000))
	})
	e.send(keys.Operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return token.Approve(o, suite.MarketFactory, abi.MaxUint256)
	})
	e.send(keys.Operator, func(o *bind.TransactOpts) (*types.Transaction, error) { return factory.SetAdmin(o, operator, true) })
	end := time.Now().Add(24 * time.Hour).Unix()
	r := e.send(keys.Operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		// A fee of 10 % keeps the pool's bid and ask for an option near
		// 0.45 and 0.55: the orders of the tests between them beat it.
		return factory.CreateMarket(o, usdc, []string{"Yes", "No"}, big.NewInt(end), big.NewInt(1_000), big.NewInt(100_000_000), [32]byte{1}, [32]byte{})
	})
	var created *bindings.MarketFactoryMarketCreated
	for _, l := range r.Logs {
		if ev, err := factory.ParseMarketCreated(*l); err == nil {
			created = ev
		}
	}
	if created == nil {
		t.Fatal("no MarketCreated log")
	}
	e.market = storetest.NewMarket(t, e.store, func(m *predict.Market) {
		m.Address, m.BaseToken = strings.ToLower(created.Market.Hex()), strings.ToLower(usdc.Hex())
		m.EndTime = time.Unix(end, 0)
		for i, a := range created.Options {
			m.Options[i].Address = strings.ToLower(a.Hex())
		}
	})
	return e
}

// send sends a transaction of key and waits for its receipt.
func (e *deskEnv) send(key *ecdsa.PrivateKey, f func(*bind.TransactOpts) (*types.Transaction, error)) *types.Receipt {
	e.t.Helper()
	opts, _ := bind.NewKeyedTransactorWithChainID(key, e.chainID)
	// A set limit skips eth_estimateGas. Right after a block the dev
	// chain's transaction pool may not have moved to the new head yet: an
	// owner funded in that block reads "balance 0" there for a moment.
	opts.GasLimit = 5_000_000
	tx, err := f(opts)
	for try := 0; err != nil && strings.Contains(err.Error(), "insufficient funds") && try < 100; try++ {
		time.Sleep(20 * time.Millisecond)
		tx, err = f(opts)
	}
	if err != nil {
		e.t.Fatal(err)
	}
	r, err := chain.WaitMined(context.Background(), e.client, tx.Hash())
	if err != nil {
		e.t.Fatal(err)
	}
	if r.Status != types.ReceiptStatusSuccessful {
		e.t.Fatalf("transaction %s reverted", tx.Hash())
	}
	return r
}

// maker is a user of the service with a deployed SimpleAccount, funded
// with usdc base units and, when approved, having approved the Exchange
// for its USDC.
type maker struct {
	key     *ecdsa.PrivateKey
	owner   common.Address
	account common.Address
	user    *predict.User
}

func (e *deskEnv) maker(usdc int64, approved bool) *maker {
	ctx := context.Background()
	key, _ := crypto.GenerateKey()
	m := &maker{key: key, owner: crypto.PubkeyToAddress(key.PublicKey)}
	var err error
	if m.account, err = aa.AccountAddress(ctx, e.client, e.suite.AccountFactory, m.owner); err != nil {
		e.t.Fatal(err)
	}
	af, _ := bindings.NewSimpleAccountFactory(e.suite.AccountFactory, e.client)
	e.send(e.keys.Operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return af.CreateAccount(o, m.owner, new(big.Int))
	})
	token, _ := bindings.NewBaseToken(e.suite.BaseTokens[0].Address, e.client)
	e.send(e.keys.Operator, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return token.Mint(o, m.account, big.NewInt(usdc))
	})
	if approved {
		e.fundGas(m.owner)
		e.execute(m, e.suite.BaseTokens[0].Address, must(tokenABI().Pack("approve", e.suite.Exchange, abi.MaxUint256)))
	}
	m.user = storetest.NewUser(e.t, e.store, func(p *predict.LoginParams) {
		p.Address, p.Verified = strings.ToLower(m.account.Hex()), true
	})
	return m
}

// execute has m's owner key call dest from m's account (SimpleAccount's
// owner may call execute directly).
func (e *deskEnv) execute(m *maker, dest common.Address, data []byte) {
	acct, _ := bindings.NewSimpleAccount(m.account, e.client)
	e.send(m.key, func(o *bind.TransactOpts) (*types.Transaction, error) {
		return acct.Execute(o, dest, new(big.Int), data)
	})
}

func (e *deskEnv) fundGas(to common.Address) {
	ctx := context.Background()
	from := crypto.PubkeyToAddress(e.keys.Operator.PublicKey)
	nonce, err := e.client.PendingNonceAt(ctx, from)
	if err != nil {
		e.t.Fatal(err)
	}
	tip, _ := e.client.SuggestGasTipCap(ctx)
	head, _ := e.client.HeaderByNumber(ctx, nil)
	tx, err := types.SignNewTx(e.keys.Operator, types.LatestSignerForChainID(e.chainID), &types.DynamicFeeTx{
		ChainID: e.chainID, Nonce: nonce, GasTipCap: tip, GasFeeCap: new(big.Int).Add(new(big.Int).Mul(head.BaseFee, big.NewInt(2)), tip),
		Gas: 21_000, To: &to, Value: big.NewInt(1e17),
	})
	if err != nil {
		e.t.Fatal(err)
	}
	if err := e.client.SendTransaction(ctx, tx); err != nil {
		e.t.Fatal(err)
	}
	if _, err := chain.WaitMined(ctx, e.client, tx.Hash()); err != nil {
		e.t.Fatal(err)
	}
	// The receipt can be read a moment before the head's state, and the
	// pending state the next transaction of to is estimated against,
	// have the transfer.
	for range 100 {
		bal, err := e.client.BalanceAt(ctx, to, nil)
		pending, perr := e.client.PendingBalanceAt(ctx, to)
		if err == nil && perr == nil && bal.Sign() > 0 && pending.Sign() > 0 {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	e.t.Fatalf("%s holds no ether after the transfer to it was mined", to)
}

func tokenABI() *abi.ABI {
	a, err := bindings.BaseTokenMetaData.GetAbi()
	if err != nil {
		panic(err)
	}
	return a
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// order is a buy of option 0 by m's account, signed by its owner key,
// giving base for tokens (a limit of base/tokens).
func (e *deskEnv) order(m *maker, base, tokens int64) *exchange.Order {
	e.salt++
	o := &exchange.Order{Maker: m.account, Signer: m.owner, Market: common.HexToAddress(e.market.Address), Option: big.NewInt(0),
		Side: exchange.Buy, MakerAmount: big.NewInt(base), TakerAmount: big.NewInt(tokens), Expiration: new(big.Int),
		Salt: big.NewInt(e.salt), Nonce: new(big.Int), FeeRateBps: big.NewInt(100)}
	e.sign(m.key, o)
	return o
}

func (e *deskEnv) sign(key *ecdsa.PrivateKey, o *exchange.Order) {
	if err := exchange.Sign(key, e.domain, o); err != nil {
		e.t.Fatal(err)
	}
}

func (e *deskEnv) desk(limits predict.SignedOrderLimits, pub events.Publisher) *orders.Desk {
	d, err := orders.NewDesk(orders.Config{Store: e.store, Chain: e.client, Deployment: &predict.Deployment{
		ChainID: e.chainID.Int64(), Exchange: strings.ToLower(e.suite.Exchange.Hex()),
		BaseTokens: []predict.BaseToken{{Address: e.market.BaseToken, Symbol: "USDC", Decimals: 6}},
	}, Limits: limits, Publisher: pub})
	if err != nil {
		e.t.Fatal(err)
	}
	return d
}

// TestDeskPlacement places signed orders against the real Exchange on
// the dev chain and checks every refusal the desk owes a maker.
func TestDeskPlacement(t *testing.T) {
	ctx := context.Background()
	e := newDeskEnv(t)
	d := e.desk(predict.SignedOrderLimits{PerMarket: 3, Total: 10}, nil)
	alice := e.maker(50_000_000, true)
	bob := e.maker(50_000_000, true)

	placed, err := d.Place(ctx, alice.user, e.order(alice, 10_000_000, 20_000_000))
	if err != nil {
		t.Fatalf("a funded order signed by the account's owner key: %v", err)
	}
	if placed.Status != predict.SignedOpen || placed.Maker != alice.user.Address || placed.Seq == 0 {
		t.Fatalf("placed %+v", placed)
	}

	refusals := []struct {
		name  string
		user  *predict.User
		order func() *exchange.Order
		code  string
	}{
		{"another account's order", bob.user, func() *exchange.Order { return e.order(alice, 10_000_000, 20_000_000) }, predict.ESIGNATURE},
		{"signed by another key", alice.user, func() *exchange.Order {
			o := e.order(alice, 10_000_000, 20_000_000)
			e.sign(bob.key, o)
			return o
		}, predict.ESIGNATURE},
		{"a signer that does not own the account", alice.user, func() *exchange.Order {
			o := e.order(alice, 10_000_000, 20_000_000)
			o.Signer = bob.owner
			e.sign(bob.key, o)
			return o
		}, predict.ESIGNATURE},
		{"terms changed after signing", alice.user, func() *exchange.Order {
			o := e.order(alice, 10_000_000, 20_000_000)
			o.TakerAmount = big.NewInt(10_000_000)
			return o
		}, predict.ESIGNATURE},
		{"expired", alice.user, func() *exchange.Order {
			o := e.order(alice, 10_000_000, 20_000_000)
			o.Expiration = big.NewInt(time.Now().Add(-time.Minute).Unix())
			e.sign(alice.key, o)
			return o
		}, predict.EORDERCLOSED},
		{"under the minimum", alice.user, func() *exchange.Order { return e.order(alice, 999_999, 2_000_000) }, predict.ETOOSMALL},
		{"a reused salt", alice.user, func() *exchange.Order {
			o := e.order(alice, 2_000_000, 4_000_000)
			o.Salt = big.NewInt(1)
			e.sign(alice.key, o)
			return o
		}, predict.EDUPLICATE},
		{"more than the balance beside the open order", alice.user, func() *exchange.Order { return e.order(alice, 40_000_001, 80_000_000) }, predict.EBALANCE},
		{"an option the market has not", alice.user, func() *exchange.Order {
			o := e.order(alice, 2_000_000, 4_000_000)
			o.Option = big.NewInt(2)
			e.sign(alice.key, o)
			return o
		}, predict.EINVALID},
		{"a fee over the Exchange's most", alice.user, func() *exchange.Order {
			o := e.order(alice, 2_000_000, 4_000_000)
			o.FeeRateBps = big.NewInt(1_001)
			e.sign(alice.key, o)
			return o
		}, predict.EINVALID},
	}
	for _, c := range refusals {
		_, err := d.Place(ctx, c.user, c.order())
		if predict.ErrorCode(err) != c.code {
			t.Errorf("%s: %v, want %s", c.name, err, c.code)
		}
	}

	// Not approved: funded, but the Exchange may not spend its USDC.
	carol := e.maker(50_000_000, false)
	if _, err := d.Place(ctx, carol.user, e.order(carol, 5_000_000, 10_000_000)); predict.ErrorCode(err) != predict.ENOTAPPROVED {
		t.Errorf("an account that did not approve the Exchange: %v", err)
	}

	// The cap per market: three open orders of alice there.
	for range 2 {
		if _, err := d.Place(ctx, alice.user, e.order(alice, 2_000_000, 4_000_000)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := d.Place(ctx, alice.user, e.order(alice, 2_000_000, 4_000_000)); predict.ErrorCode(err) != predict.ELIMIT {
		t.Errorf("a fourth order in one market under a cap of 3: %v", err)
	}

	// A cancel off chain frees the slot.
	if _, err := d.Cancel(ctx, alice.user, predict.SignedOrderCancel{Hash: placed.Hash}); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Place(ctx, alice.user, e.order(alice, 2_000_000, 4_000_000)); err != nil {
		t.Fatalf("after a cancel: %v", err)
	}

	// The maker raises its nonce on chain: orders of the old nonce are
	// closed, and new ones must carry the new nonce.
	incr := must(exchangeABI().Pack("incrementNonce"))
	e.execute(bob, e.suite.Exchange, incr)
	if _, err := d.Place(ctx, bob.user, e.order(bob, 2_000_000, 4_000_000)); predict.ErrorCode(err) != predict.EORDERCLOSED {
		t.Errorf("an order of a nonce the maker raised: %v", err)
	}
	o := e.order(bob, 2_000_000, 4_000_000)
	o.Nonce = big.NewInt(1)
	e.sign(bob.key, o)
	if _, err := d.Place(ctx, bob.user, o); err != nil {
		t.Errorf("an order of the maker's new nonce: %v", err)
	}

	// A cancel on chain by hash closes the order for the desk too.
	o = e.order(bob, 2_000_000, 4_000_000)
	o.Nonce = big.NewInt(1)
	e.sign(bob.key, o)
	e.execute(bob, e.suite.Exchange, must(exchangeABI().Pack("cancel", []bindings.ExchangeOrder{binding(o)})))
	if _, err := d.Place(ctx, bob.user, o); predict.ErrorCode(err) != predict.EORDERCLOSED {
		t.Errorf("an order its maker cancelled on chain: %v", err)
	}
}

func exchangeABI() *abi.ABI {
	a, err := bindings.ExchangeMetaData.GetAbi()
	if err != nil {
		panic(err)
	}
	return a
}

func binding(o *exchange.Order) bindings.ExchangeOrder {
	return bindings.ExchangeOrder{Maker: o.Maker, Signer: o.Signer, Market: o.Market, Option: o.Option, Side: o.Side,
		MakerAmount: o.MakerAmount, TakerAmount: o.TakerAmount, Expiration: o.Expiration, Salt: o.Salt, Nonce: o.Nonce,
		FeeRateBps: o.FeeRateBps, Signature: o.Signature}
}
