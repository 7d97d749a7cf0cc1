package chain

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/predict-dev/predict/internal/chain/bindings"
)

// DeployBackend is the chain access DeploySuite needs. Both *ethclient.Client and the
// simulated.Client of go-ethereum's ethclient/simulated satisfy it.
type DeployBackend interface {
	bind.ContractBackend
	bind.DeployBackend
	ethereum.ChainIDReader
}

// DefaultFeeBps is the trading fee the MarketFactory proposes by default (2%), for callers that
// have no configured value.
const DefaultFeeBps = 200

// DefaultDisputeFeeBps is the dispute fee a deployment sets unless told
// otherwise: 5% of the losing bond goes to the treasury (docs/contracts.md).
const DefaultDisputeFeeBps = 500

// DefaultBond is the bond a deployment sets unless told otherwise: 1 unit
// of a 6-decimal base token (1 USDC), in base units.
const DefaultBond = 1_000000

// The flags of a market (MarketFactory.OPERATOR_RESOLVED, EARLY_RESOLVABLE), fixed at its
// creation and shown to its holders.
const (
	// MarketOperatorResolved: an admin or resolver settles the market alone, at once (no
	// challenge window). The factory creates a market without a window only with it.
	MarketOperatorResolved uint8 = 1
	// MarketEarlyResolvable: the market may be settled or asserted before its end time.
	MarketEarlyResolvable uint8 = 2
)

// BaseTokenConfig describes a BaseToken to deploy (the operator is its owner and minter).
type BaseTokenConfig struct {
	Name     string
	Symbol   string
	Decimals uint8
}

// DefaultBaseTokens returns the base tokens of the embedded dev chain: a 6-decimals USDC-like
// token and a 6-decimals points token.
func DefaultBaseTokens() []BaseTokenConfig {
	return []BaseTokenConfig{
		{Name: "USD Coin (dev)", Symbol: "USDC", Decimals: 6},
		{Name: "Predict Points", Symbol: "PTS", Decimals: 6},
	}
}

// SuiteConfig parameterises DeploySuite.
type SuiteConfig struct {
	// PaymasterSigner is the VerifyingPaymaster's verifying signer (the service's paymaster key).
	PaymasterSigner common.Address
	// PaymasterDeposit is the amount of wei deposited for the paymaster in the EntryPoint;
	// nil or zero deposits nothing.
	PaymasterDeposit *big.Int
	// PaymasterStake, when positive, is staked for the paymaster in the EntryPoint with
	// PaymasterUnstakeDelay seconds of unstake delay (external bundlers require a staked
	// paymaster; the built-in bundler does not).
	PaymasterStake        *big.Int
	PaymasterUnstakeDelay uint32
	// BaseTokens are deployed and allow-listed on the MarketFactory, in order; empty deploys
	// none (use DefaultBaseTokens for the dev chain).
	BaseTokens []BaseTokenConfig
	// ExtraBaseTokens are existing tokens (e.g. USDC on a real chain) to allow-list as well;
	// they are not listed in Suite.BaseTokens (the caller knows them).
	ExtraBaseTokens []common.Address
	// FeeBps is the MarketFactory's default fee (at most 1000); see DefaultFeeBps.
	FeeBps uint16
	// Admins and Resolvers are granted the MarketFactory roles.
	Admins    []common.Address
	Resolvers []common.Address
	// Arbitrator decides disputed assertions (the factory's
	// setArbitrator; an admin can also grant the arbitrator role to a
	// user's account later). Zero names the deploying key: the factory
	// creates no market with a challenge window without an arbitrator.
	// A production deployment names a multisig (docs/contracts.md).
	Arbitrator common.Address
	// StrictMarkets leaves the factory's default market flags at 0, so
	// that createMarket and createMarketWithResolution create neither a
	// market without a challenge window nor one resolvable before its
	// end: only createMarketWithFlags, saying so, does. Without it the
	// defaults are both flags, and markets resolve as before the flags.
	StrictMarkets bool
	// Bond is the factory's defaultBond: what an assertion and a dispute
	// post on a market created with a challenge window (base units); nil
	// or zero leaves it 0. The default window stays 0: the service gives
	// each market its window at creation (createMarketWithResolution).
	Bond *big.Int
	// DisputeFeeBps is the factory's dispute fee, taken from the losing
	// bond (at most 5000); see DefaultDisputeFeeBps.
	DisputeFeeBps uint16
	// Commit, if set, is called after each batch of transactions is sent, for backends that do
	// not produce blocks by themselves (simulated.Backend.Commit). Leave nil for a real node or
	// a dev chain with a block period.
	Commit func()
}

// BaseToken is an allow-listed base token of a deployed suite.
type BaseToken struct {
	Address  common.Address `json:"address"`
	Name     string         `json:"name"`
	Symbol   string         `json:"symbol"`
	Decimals uint8          `json:"decimals"`
}

// Suite holds the addresses of a deployed contract suite.
type Suite struct {
	ChainID        uint64         `json:"chainId"`
	EntryPoint     common.Address `json:"entryPoint"`
	AccountFactory common.Address `json:"accountFactory"`
	Paymaster      common.Address `json:"paymaster"`
	MarketFactory  common.Address `json:"marketFactory"`
	// LimitOrders is the escrow of resting limit orders. A suite file
	// written before it existed lacks it (zero): EnsureSuite then deploys
	// it for the recorded factory.
	LimitOrders common.Address `json:"limitOrders,omitzero"`
	// Exchange settles orders signed off chain (EIP-712); the operator key
	// owns it and settles. A suite file written before it existed lacks it:
	// EnsureSuite then deploys it for the recorded factory.
	Exchange   common.Address `json:"exchange,omitzero"`
	BaseTokens []BaseToken    `json:"baseTokens"`
	// DeployBlock is the block of the first deployment transaction: an indexer of the suite
	// starts there.
	DeployBlock uint64 `json:"deployBlock"`
}

// DeploySuite deploys the contract suite from the account of opts (the operator key, which
// owns the paymaster, the base tokens and the MarketFactory): EntryPoint v0.6,
// SimpleAccountFactory, VerifyingPaymaster (funded and optionally staked), the base tokens, and
// the MarketFactory with its default fee, allow-list and roles, and the LimitOrders escrow of
// the factory's markets. Transactions go out in three
// batches of independent transactions (each batch is sent with consecutive local nonces, then
// awaited), and every receipt's status is checked. opts must carry a signer for the chain
// (bind.NewKeyedTransactorWithChainID); its Nonce and GasLimit fields are ignored.
func DeploySuite(ctx context.Context, backend DeployBackend, opts *bind.TransactOpts, cfg SuiteConfig) (*Suite, error) {
	if opts == nil || opts.Signer == nil {
		return nil, errors.New("deploy: transact opts with a signer required")
	}
	if cfg.FeeBps > 1000 {
		return nil, fmt.Errorf("deploy: fee %d bps above the 1000 bps maximum", cfg.FeeBps)
	}
	chainID, err := backend.ChainID(ctx)
	if err != nil {
		return nil, fmt.Errorf("deploy: chain id: %w", err)
	}
	nonce, err := backend.PendingNonceAt(ctx, opts.From)
	if err != nil {
		return nil, fmt.Errorf("deploy: nonce: %w", err)
	}
	d := &deployer{ctx: ctx, backend: backend, opts: opts, nonce: nonce, commit: cfg.Commit}
	suite := &Suite{ChainID: chainID.Uint64()}

	// Batch 1: contracts without dependencies.
	suite.EntryPoint = d.deploy("EntryPoint", func(o *bind.TransactOpts) (common.Address, *types.Transaction, error) {
		addr, tx, _, err := bindings.DeployEntryPoint(o, backend)
		return addr, tx, err
	})
	for _, tc := range cfg.BaseTokens {
		addr := d.deploy("BaseToken "+tc.Symbol, func(o *bind.TransactOpts) (common.Address, *types.Transaction, error) {
			addr, tx, _, err := bindings.DeployBaseToken(o, backend, tc.Name, tc.Symbol, tc.Decimals, opts.From)
			return addr, tx, err
		})
		suite.BaseTokens = append(suite.BaseTokens, BaseToken{Address: addr, Name: tc.Name, Symbol: tc.Symbol, Decimals: tc.Decimals})
	}
	d.wait()

	// Batch 2: contracts bound to the EntryPoint, and the MarketFactory.
	var paymaster *bindings.VerifyingPaymaster
	var factory *bindings.MarketFactory
	suite.AccountFactory = d.deploy("SimpleAccountFactory", func(o *bind.TransactOpts) (common.Address, *types.Transaction, error) {
		addr, tx, _, err := bindings.DeploySimpleAccountFactory(o, backend, suite.EntryPoint)
		return addr, tx, err
	})
	suite.Paymaster = d.deploy("VerifyingPaymaster", func(o *bind.TransactOpts) (common.Address, *types.Transaction, error) {
		addr, tx, p, err := bindings.DeployVerifyingPaymaster(o, backend, suite.EntryPoint, cfg.PaymasterSigner)
		paymaster = p
		return addr, tx, err
	})
	suite.MarketFactory = d.deploy("MarketFactory", func(o *bind.TransactOpts) (common.Address, *types.Transaction, error) {
		addr, tx, f, err := bindings.DeployMarketFactory(o, backend, opts.From, big.NewInt(int64(cfg.FeeBps)))
		factory = f
		return addr, tx, err
	})
	d.wait()

	// Batch 3: configuration, and the escrow (its constructor reads the factory, mined by now).
	suite.LimitOrders = d.deploy("LimitOrders", func(o *bind.TransactOpts) (common.Address, *types.Transaction, error) {
		addr, tx, _, err := bindings.DeployLimitOrders(o, backend, suite.MarketFactory)
		return addr, tx, err
	})
	suite.Exchange = d.deploy("Exchange", deployExchange(backend, suite.MarketFactory, opts.From))
	if cfg.PaymasterDeposit != nil && cfg.PaymasterDeposit.Sign() > 0 {
		d.send("paymaster deposit", func(o *bind.TransactOpts) (*types.Transaction, error) {
			o.Value = cfg.PaymasterDeposit
			return paymaster.Deposit(o)
		})
	}
	if cfg.PaymasterStake != nil && cfg.PaymasterStake.Sign() > 0 {
		d.send("paymaster stake", func(o *bind.TransactOpts) (*types.Transaction, error) {
			o.Value = cfg.PaymasterStake
			return paymaster.AddStake(o, cfg.PaymasterUnstakeDelay)
		})
	}
	allowed := append([]common.Address{}, cfg.ExtraBaseTokens...)
	for _, t := range suite.BaseTokens {
		allowed = append(allowed, t.Address)
	}
	for _, addr := range allowed {
		d.send("allow base token "+addr.Hex(), func(o *bind.TransactOpts) (*types.Transaction, error) {
			return factory.SetBaseToken(o, addr, true)
		})
	}
	for _, a := range cfg.Admins {
		d.send("grant admin "+a.Hex(), func(o *bind.TransactOpts) (*types.Transaction, error) {
			return factory.SetAdmin(o, a, true)
		})
	}
	for _, r := range cfg.Resolvers {
		d.send("grant resolver "+r.Hex(), func(o *bind.TransactOpts) (*types.Transaction, error) {
			return factory.SetResolver(o, r, true)
		})
	}
	arbitrator := cfg.Arbitrator
	if arbitrator == (common.Address{}) {
		arbitrator = opts.From
	}
	d.send("set arbitrator "+arbitrator.Hex(), func(o *bind.TransactOpts) (*types.Transaction, error) {
		return factory.SetArbitrator(o, arbitrator)
	})
	if !cfg.StrictMarkets {
		d.send("set default market flags", func(o *bind.TransactOpts) (*types.Transaction, error) {
			return factory.SetDefaultFlags(o, big.NewInt(int64(MarketOperatorResolved|MarketEarlyResolvable)))
		})
	}
	// The escrow holds option tokens of its sell orders for their owners: no market may pay it
	// on their behalf (Market.claimFor); the exchange holds nothing between calls, but the same.
	for _, c := range []common.Address{suite.LimitOrders, suite.Exchange} {
		d.send("set custodian "+c.Hex(), func(o *bind.TransactOpts) (*types.Transaction, error) {
			return factory.SetCustodian(o, c, true)
		})
	}
	if cfg.Bond != nil && cfg.Bond.Sign() > 0 {
		d.send("set resolution defaults", func(o *bind.TransactOpts) (*types.Transaction, error) {
			return factory.SetResolutionDefaults(o, new(big.Int), cfg.Bond)
		})
	}
	if cfg.DisputeFeeBps > 0 {
		d.send("set dispute fee", func(o *bind.TransactOpts) (*types.Transaction, error) {
			return factory.SetDisputeFeeBps(o, big.NewInt(int64(cfg.DisputeFeeBps)))
		})
	}
	d.wait()
	if d.err != nil {
		return nil, d.err
	}
	suite.DeployBlock = d.firstBlock
	return suite, nil
}

// DeployLimitOrders deploys the LimitOrders escrow for the markets of factory from the account
// of opts and waits for it to be mined. It is separate from DeploySuite so that an existing
// suite can gain it without a redeployment. commit is as in SuiteConfig.Commit.
func DeployLimitOrders(ctx context.Context, backend DeployBackend, opts *bind.TransactOpts, factory common.Address, commit func()) (common.Address, error) {
	return deployAlone(ctx, backend, opts, commit, "LimitOrders", func(o *bind.TransactOpts) (common.Address, *types.Transaction, error) {
		addr, tx, _, err := bindings.DeployLimitOrders(o, backend, factory)
		return addr, tx, err
	})
}

// DeployExchange deploys the Exchange of signed orders for the markets of
// factory from the account of opts, which owns it and settles, and waits
// for it to be mined; for a suite recorded before it existed.
func DeployExchange(ctx context.Context, backend DeployBackend, opts *bind.TransactOpts, factory common.Address, commit func()) (common.Address, error) {
	if opts == nil {
		return common.Address{}, errors.New("deploy: transact opts with a signer required")
	}
	return deployAlone(ctx, backend, opts, commit, "Exchange", deployExchange(backend, factory, opts.From))
}

// deployExchange deploys an Exchange owned and operated by operator.
func deployExchange(backend DeployBackend, factory, operator common.Address) func(*bind.TransactOpts) (common.Address, *types.Transaction, error) {
	return func(o *bind.TransactOpts) (common.Address, *types.Transaction, error) {
		addr, tx, _, err := bindings.DeployExchange(o, backend, factory, operator, operator)
		return addr, tx, err
	}
}

// deployAlone deploys one contract from the account of opts and waits for
// it to be mined.
func deployAlone(ctx context.Context, backend DeployBackend, opts *bind.TransactOpts, commit func(), name string,
	deploy func(*bind.TransactOpts) (common.Address, *types.Transaction, error)) (common.Address, error) {
	if opts == nil || opts.Signer == nil {
		return common.Address{}, errors.New("deploy: transact opts with a signer required")
	}
	nonce, err := backend.PendingNonceAt(ctx, opts.From)
	if err != nil {
		return common.Address{}, fmt.Errorf("deploy: nonce: %w", err)
	}
	d := &deployer{ctx: ctx, backend: backend, opts: opts, nonce: nonce, commit: commit}
	addr := d.deploy(name, deploy)
	d.wait()
	if d.err != nil {
		return common.Address{}, d.err
	}
	return addr, nil
}

// deployer sends batches of transactions with local nonces and waits for their receipts. The
// first error sticks: later calls do nothing.
type deployer struct {
	ctx        context.Context
	backend    DeployBackend
	opts       *bind.TransactOpts
	nonce      uint64
	commit     func()
	pending    []pendingTx
	firstBlock uint64
	mined      bool
	err        error
}

type pendingTx struct {
	what string
	tx   *types.Transaction
}

func (d *deployer) next() *bind.TransactOpts {
	o := *d.opts
	o.Context = d.ctx
	o.Nonce = new(big.Int).SetUint64(d.nonce)
	o.GasLimit = 0
	o.Value = nil
	return &o
}

func (d *deployer) deploy(what string, f func(*bind.TransactOpts) (common.Address, *types.Transaction, error)) common.Address {
	if d.err != nil {
		return common.Address{}
	}
	addr, tx, err := f(d.next())
	if err != nil {
		d.err = fmt.Errorf("deploy %s: %w", what, err)
		return common.Address{}
	}
	d.nonce++
	d.pending = append(d.pending, pendingTx{what: what, tx: tx})
	return addr
}

func (d *deployer) send(what string, f func(*bind.TransactOpts) (*types.Transaction, error)) {
	if d.err != nil {
		return
	}
	tx, err := f(d.next())
	if err != nil {
		d.err = fmt.Errorf("deploy: %s: %w", what, err)
		return
	}
	d.nonce++
	d.pending = append(d.pending, pendingTx{what: what, tx: tx})
}

func (d *deployer) wait() {
	if d.err != nil || len(d.pending) == 0 {
		return
	}
	if d.commit != nil {
		if err := d.commitAll(); err != nil {
			d.err = err
			return
		}
	}
	for _, p := range d.pending {
		r, err := bind.WaitMined(d.ctx, d.backend, p.tx)
		if err != nil {
			d.err = fmt.Errorf("deploy: %s: waiting for %s: %w", p.what, p.tx.Hash().Hex(), err)
			return
		}
		if r.Status != types.ReceiptStatusSuccessful {
			d.err = fmt.Errorf("deploy: %s: transaction %s failed (gas used %d of %d)", p.what, p.tx.Hash().Hex(), r.GasUsed, p.tx.Gas())
			return
		}
		if n := r.BlockNumber.Uint64(); !d.mined || n < d.firstBlock {
			d.firstBlock, d.mined = n, true
		}
	}
	d.pending = d.pending[:0]
}

// commitAll produces blocks on a backend that needs Commit until every pending transaction has a
// receipt. It first waits for the pool to report all of them (a simulated pool promotes
// transactions asynchronously, so a block sealed right after sending can miss some).
func (d *deployer) commitAll() error {
	deadline := time.Now().Add(30 * time.Second)
	poll := time.NewTicker(time.Millisecond)
	defer poll.Stop()
	for {
		n, err := d.backend.PendingNonceAt(d.ctx, d.opts.From)
		if err != nil {
			return fmt.Errorf("deploy: pending nonce: %w", err)
		}
		if n >= d.nonce {
			break
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("deploy: transactions not accepted by the pool (nonce %d, want %d)", n, d.nonce)
		}
		select {
		case <-d.ctx.Done():
			return d.ctx.Err()
		case <-poll.C:
		}
	}
	for attempt := 0; ; attempt++ {
		d.commit()
		missing := false
		for _, p := range d.pending {
			if _, err := d.backend.TransactionReceipt(d.ctx, p.tx.Hash()); err != nil {
				missing = true
				break
			}
		}
		if !missing {
			return nil
		}
		if attempt == 10 {
			return errors.New("deploy: transactions not mined after 10 blocks")
		}
	}
}
