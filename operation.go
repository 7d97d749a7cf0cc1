package predict

import (
	"context"
	"math/big"
	"time"
)

// OpStatus is where a UserOperation is in its lifecycle (docs/transactions.md).
type OpStatus string

// Operation states. pending: validated and accepted, waiting for a bundle;
// submitted: in a handleOps transaction not yet mined; confirmed: executed
// on chain; reverted: executed on chain but its call reverted; dropped:
// never executed (it failed at bundling, e.g. expired or a nonce taken).
const (
	OpPending   OpStatus = "pending"
	OpSubmitted OpStatus = "submitted"
	OpConfirmed OpStatus = "confirmed"
	OpReverted  OpStatus = "reverted"
	OpDropped   OpStatus = "dropped"
)

// Final reports whether the status can no longer change.
func (s OpStatus) Final() bool {
	return s == OpConfirmed || s == OpReverted || s == OpDropped
}

// Operation is a UserOperation the service accepted, with what it was
// for. The API writes it as pending; the bundler and the indexer move it.
type Operation struct {
	OpHash    string // EntryPoint getUserOpHash, lowercase 0x-hex
	UID       string
	Sender    string // smart account
	Kind      string // buy, sell, add-liquidity, remove-liquidity, redeem-liquidity, claim, create-market, settle-market
	Market    string // target market (the predicted address for create-market)
	Nonce     *big.Int
	UserOp    []byte // the signed operation, JSON (docs/transactions.md form)
	Request   []byte // the API request without the operation, JSON
	OrderUUID string // place-order only
	Status    OpStatus
	Reason    string // revert or drop reason
	TxHash    string
	Block     uint64
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Order is the record of a place-order: what was asked, as docs/transactions.md shows.
type Order struct {
	UUID       string
	OpHash     string
	UID        string
	Market     string
	Option     string
	Side       int // 1 buy, 2 sell
	Amount     *big.Int
	MinReceive *big.Int
	Price      *big.Int // price the client saw, base units per whole token
	Deadline   int64
}

// OperationStore keeps operations; they survive restarts, so none is lost.
type OperationStore interface {
	// CreateOperation records op (status pending) and, for a place-order,
	// its order, in one transaction. When op.OpHash exists already it
	// returns the existing record with created=false: resubmitting the
	// same signed operation creates nothing twice.
	CreateOperation(ctx context.Context, op *Operation, order *Order) (existing *Operation, created bool, err error)
	// OperationByHash returns ENOTFOUND for an unknown hash.
	OperationByHash(ctx context.Context, opHash string) (*Operation, error)
	// PendingOperations lists operations in pending or submitted state,
	// oldest first, at most limit.
	PendingOperations(ctx context.Context, limit int) ([]*Operation, error)
	// PendingOperationOf returns the oldest operation of sender still
	// pending or submitted, or ENOTFOUND when there is none.
	PendingOperationOf(ctx context.Context, sender string) (*Operation, error)
	// SetOperationStatus moves an operation (and its order) to status. A
	// final status is never left: moving a final operation is a no-op that
	// returns nil, so replays are harmless. Reaching a final status writes
	// a NotifyOperation notification for the operation's user in the same
	// transaction.
	SetOperationStatus(ctx context.Context, opHash string, status OpStatus, reason, txHash string, block uint64) error
	// ChangeOperationStatus is SetOperationStatus for callers that announce
	// notifications (user:new_notification) after the commit: notified is
	// the uid it wrote a notification for, "" when the status did not
	// become final by this call.
	ChangeOperationStatus(ctx context.Context, opHash string, status OpStatus, reason, txHash string, block uint64) (notified string, err error)
}
