package chain

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/ethclient"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/chain/bindings"
)

// Backend is the chain access of the service's own transactions.
type Backend interface {
	DeployBackend
	ReceiptReader
}

// DefaultMineTimeout is how long the Operator waits for one of its
// transactions to be mined before it answers that it was not.
const DefaultMineTimeout = 2 * time.Minute

// Operator sends the operator key's transactions: role changes on the
// MarketFactory and, on the dev chain, base-token mints. Transactions are
// sent one at a time and waited for, so the key's nonce never races.
type Operator struct {
	backend Backend
	key     *ecdsa.PrivateKey
	chainID *big.Int
	suite   *Suite

	// MineTimeout bounds the wait for a receipt (DefaultMineTimeout when
	// zero). The next transaction waits for this one, so without a bound
	// one transaction that is never mined would stall every later faucet
	// and role change for as long as its caller is willing to wait.
	MineTimeout time.Duration

	// turn is held by the transaction in flight. It is a channel rather
	// than a mutex so that a caller queued behind it can give up when its
	// context ends.
	turn chan struct{}
}

// NewOperator returns an Operator for the deployment suite.
func NewOperator(backend Backend, key *ecdsa.PrivateKey, suite *Suite) *Operator {
	return &Operator{backend: backend, key: key, chainID: new(big.Int).SetUint64(suite.ChainID), suite: suite,
		turn: make(chan struct{}, 1)}
}

// SetRole grants or revokes the admin or resolver role of account on the
// MarketFactory and waits for the transaction.
func (o *Operator) SetRole(ctx context.Context, account, role string, granted bool) (string, error) {
	if !common.IsHexAddress(account) {
		return "", predict.Errorf(predict.EINVALID, "account %q is not an address", account)
	}
	factory, err := bindings.NewMarketFactoryTransactor(o.suite.MarketFactory, o.backend)
	if err != nil {
		return "", fmt.Errorf("bind market factory: %w", err)
	}
	acct := common.HexToAddress(account)
	return o.transact(ctx, fmt.Sprintf("set %s role of %s to %t", role, account, granted), func(opts *bind.TransactOpts) (*types.Transaction, error) {
		switch role {
		case predict.RoleAdmin:
			return factory.SetAdmin(opts, acct, granted)
		case predict.RoleResolver:
			return factory.SetResolver(opts, acct, granted)
		case predict.RoleArbitrator:
			// One arbitrator: revoking leaves none.
			if !granted {
				acct = common.Address{}
			}
			return factory.SetArbitrator(opts, acct)
		}
		return nil, predict.Errorf(predict.EINVALID, "unknown role %q", role)
	})
}

// Mint mints amount of a base token to an address (the dev faucet: the
// operator owns the dev base tokens).
func (o *Operator) Mint(ctx context.Context, token, to string, amount *big.Int) (string, error) {
	if !common.IsHexAddress(token) || !common.IsHexAddress(to) {
		return "", predict.Errorf(predict.EINVALID, "token and recipient must be addresses")
	}
	t, err := bindings.NewBaseTokenTransactor(common.HexToAddress(token), o.backend)
	if err != nil {
		return "", fmt.Errorf("bind base token: %w", err)
	}
	return o.transact(ctx, fmt.Sprintf("mint %s of %s to %s", amount, token, to), func(opts *bind.TransactOpts) (*types.Transaction, error) {
		return t.Mint(opts, common.HexToAddress(to), amount)
	})
}

// FillFromPool fills limit order id with spend of its escrow from its
// market's pool (LimitOrders.fillFromPool) and waits for the transaction.
// The contract refuses a fill that pays less than minOut or is worse
// than the order's limit, so a fill planned on a state the chain has
// left fails rather than filling differently.
func (o *Operator) FillFromPool(ctx context.Context, id uint64, spend, minOut *big.Int) (string, error) {
	lo, err := o.limitOrders()
	if err != nil {
		return "", err
	}
	return o.transact(ctx, fmt.Sprintf("fill order %d from the pool", id), func(opts *bind.TransactOpts) (*types.Transaction, error) {
		return lo.FillFromPool(opts, new(big.Int).SetUint64(id), spend, minOut)
	})
}

// MatchOrders crosses buy order buyID with sell order sellID for
// quantity option tokens (LimitOrders.matchOrders) and waits for the
// transaction.
func (o *Operator) MatchOrders(ctx context.Context, buyID, sellID uint64, quantity *big.Int) (string, error) {
	lo, err := o.limitOrders()
	if err != nil {
		return "", err
	}
	return o.transact(ctx, fmt.Sprintf("match orders %d and %d", buyID, sellID), func(opts *bind.TransactOpts) (*types.Transaction, error) {
		return lo.MatchOrders(opts, new(big.Int).SetUint64(buyID), new(big.Int).SetUint64(sellID), quantity)
	})
}

// CancelOrders cancels the orders ids (LimitOrders.cancelMany), which
// anyone may do once they have expired: their remaining escrow goes back
// to their owners. Orders already closed are skipped by the contract.
func (o *Operator) CancelOrders(ctx context.Context, ids []uint64) (string, error) {
	lo, err := o.limitOrders()
	if err != nil {
		return "", err
	}
	list := make([]*big.Int, len(ids))
	for i, id := range ids {
		list[i] = new(big.Int).SetUint64(id)
	}
	return o.transact(ctx, fmt.Sprintf("cancel %d expired orders", len(ids)), func(opts *bind.TransactOpts) (*types.Transaction, error) {
		return lo.CancelMany(opts, list)
	})
}

// PayOut pays holders their winnings and lps their pool shares on an
// ended market (Market.payOut) and waits for the transaction. The market
// pays each to itself, never to the operator, and skips whoever it owes
// nothing any more, so a batch sent again pays nobody twice.
func (o *Operator) PayOut(ctx context.Context, market common.Address, holders, lps []common.Address) (string, error) {
	m, err := bindings.NewMarketTransactor(market, o.backend)
	if err != nil {
		return "", fmt.Errorf("bind market: %w", err)
	}
	return o.transact(ctx, fmt.Sprintf("pay %d holders and %d LPs of market %s", len(holders), len(lps), market.Hex()),
		func(opts *bind.TransactOpts) (*types.Transaction, error) { return m.PayOut(opts, holders, lps) })
}

func (o *Operator) limitOrders() (*bindings.LimitOrdersTransactor, error) {
	if o.suite.LimitOrders == (common.Address{}) {
		return nil, predict.Errorf(predict.ECONFLICT, "the deployment has no LimitOrders escrow")
	}
	lo, err := bindings.NewLimitOrdersTransactor(o.suite.LimitOrders, o.backend)
	if err != nil {
		return nil, fmt.Errorf("bind limit orders: %w", err)
	}
	return lo, nil
}

// transact sends one operator transaction and waits for its receipt. A
// send or revert failure is ERPC with what was attempted, so the API can
// report it as it is.
func (o *Operator) transact(ctx context.Context, what string, send func(*bind.TransactOpts) (*types.Transaction, error)) (string, error) {
	select {
	case o.turn <- struct{}{}:
		defer func() { <-o.turn }()
	case <-ctx.Done():
		return "", fmt.Errorf("%s: waiting for the operator's previous transaction: %w", what, ctx.Err())
	}
	opts, err := bind.NewKeyedTransactorWithChainID(o.key, o.chainID)
	if err != nil {
		return "", fmt.Errorf("operator transactor: %w", err)
	}
	opts.Context = ctx
	tx, err := send(opts)
	if err != nil {
		var pe *predict.Error
		if errors.As(err, &pe) {
			return "", err
		}
		return "", fmt.Errorf("%s: %w: %w", what, predict.Errorf(predict.ERPC, "%s failed: %s", what, revertText(err)), err)
	}
	timeout := o.MineTimeout
	if timeout <= 0 {
		timeout = DefaultMineTimeout
	}
	wctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	if _, err := WaitMined(wctx, o.backend, tx.Hash()); err != nil {
		if ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded) {
			return "", fmt.Errorf("%s: %w: %w", what, predict.Errorf(predict.ERPC,
				"%s: transaction %s was not mined within %s (it may still be)", what, tx.Hash().Hex(), timeout), err)
		}
		return "", fmt.Errorf("%s: %w: %w", what, predict.Errorf(predict.ERPC, "%s failed in transaction %s", what, tx.Hash().Hex()), err)
	}
	return strings.ToLower(tx.Hash().Hex()), nil
}

// revertText names a decoded custom error when the node returned one
// (gas estimation runs the call, so reverts surface at send time).
func revertText(err error) string {
	if data, ok := ethclient.RevertErrorData(err); ok {
		if rev, derr := bindings.DecodeRevert(data); derr == nil {
			return rev.Error()
		}
	}
	return "the node refused the transaction"
}
