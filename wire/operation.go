package wire

import (
	"fmt"
)

// CreatedOption is an option of a market being created, its address
// known before the operation confirms.
type CreatedOption struct {
	OptionAddress string `json:"optionAddress"`
	Title         string `json:"title"`
}

// PreparedOperation is the answer of prepare-user-operation: the
// operation to sign and its hash. MarketAddress and Options are set for
// create-market only.
type PreparedOperation struct {
	Action string `json:"action"`
	// MarketAddress and Options are the addresses create-market deploys.
	MarketAddress string          `json:"marketAddress,omitempty"`
	Options       []CreatedOption `json:"options,omitempty"`
	UserOpHash    string          `json:"userOpHash"`
	UserOperation *UserOperation  `json:"userOperation"`
}

// OpResult is the answer of claim-market-result, add-liquidity and
// remove-liquidity.
type OpResult struct {
	OpHash string `json:"opHash"`
}

// Result is the answer of a transaction endpoint.
type Result interface {
	// Hash is the accepted operation's opHash.
	Hash() string
}

// Hash is the opHash.
func (r *OpResult) Hash() string { return r.OpHash }

// Hash is the opHash.
func (r *PlaceOrderResult) Hash() string { return r.OpHash }

// Hash is the opHash.
func (r *CreateMarketResult) Hash() string { return r.OpHash }

// Hash is the opHash.
func (r *SettleMarketResult) Hash() string { return r.OpHash }

// PlaceOrderResult is the answer of place-order.
type PlaceOrderResult struct {
	OpHash    string `json:"opHash"`
	OrderUUID string `json:"orderUuid"`
}

// CreateMarketResult is the answer of create-market.
type CreateMarketResult struct {
	MarketAddress string          `json:"marketAddress"`
	OpHash        string          `json:"opHash"`
	Options       []CreatedOption `json:"options"`
}

// SettleMarketResult is the answer of settle-market.
type SettleMarketResult struct {
	OpHash string `json:"opHash"`
	Status string `json:"status"` // settling
}

// AccountAddress is the answer of get-account-address: the smart account
// of an owner and whether it is deployed yet.
type AccountAddress struct {
	AccountAddress string `json:"accountAddress"`
	// Deployed is false until the account's first operation confirms.
	Deployed bool   `json:"deployed"`
	Owner    string `json:"owner"`
}

// Statuses of an operation (get-operation-status).
const (
	OpPending   = "pending"   // accepted, waiting for a bundle
	OpSubmitted = "submitted" // in a handleOps transaction not mined yet
	OpConfirmed = "confirmed" // executed; its effects are indexed
	OpReverted  = "reverted"  // executed, but the call reverted (Reason says why)
	OpDropped   = "dropped"   // never executed (Reason says why)
)

// OperationStatus is where a submitted operation is (get-operation-status).
type OperationStatus struct {
	Action        string `json:"action"`
	BlockNumber   uint64 `json:"blockNumber"`
	CreatedAt     Time   `json:"createdAt"`
	MarketAddress string `json:"marketAddress"`
	OpHash        string `json:"opHash"`
	OrderUUID     string `json:"orderUuid"`
	// Reason is why the operation failed or was dropped.
	Reason    string `json:"reason"`
	Sender    string `json:"sender"`
	Status    string `json:"status"` // OpPending … OpDropped
	TxHash    string `json:"txHash"`
	UpdatedAt Time   `json:"updatedAt"`
}

// Final reports whether the status can no longer change.
func (s *OperationStatus) Final() bool {
	switch s.Status {
	case OpConfirmed, OpReverted, OpDropped:
		return true
	}
	return false
}

// Err is nil unless the operation was reverted or dropped, when it is an
// *OperationFailedError.
func (s *OperationStatus) Err() error {
	switch s.Status {
	case OpReverted, OpDropped:
		return &OperationFailedError{OpHash: s.OpHash, Status: s.Status, Reason: s.Reason}
	}
	return nil
}

// OperationFailedError is an operation that ended without executing its
// call: reverted on chain or dropped by the bundler.
type OperationFailedError struct {
	OpHash, Status, Reason string
}

func (e *OperationFailedError) Error() string {
	return fmt.Sprintf("operation %s %s: %s", e.OpHash, e.Status, e.Reason)
}
