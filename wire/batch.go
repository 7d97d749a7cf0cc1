package wire

import "encoding/json"

// BatchRequest is the body of prepare-batch and submit-batch: several
// actions performed by one operation (docs/transactions.md). Each action
// is the body of its kind's endpoint with its action, as
// prepare-user-operation takes it, without userOperation.
type BatchRequest struct {
	// Owner is the account owner key's address, needed (prepare-batch)
	// while the account is not deployed.
	Owner   string            `json:"owner,omitempty"`
	Actions []json.RawMessage `json:"actions"`
	// UserOperation is the signed operation (submit-batch).
	UserOperation *UserOperation `json:"userOperation,omitempty"`
}

// BatchActionResult is what a batch's answer tells of one action.
type BatchActionResult struct {
	Action        string `json:"action"`
	MarketAddress string `json:"marketAddress"`
	// OrderUUID names the limit order a place-limit-order places
	// (submit-batch).
	OrderUUID string `json:"orderUuid,omitempty"`
}

// PreparedBatch is the answer of prepare-batch: the operation to sign,
// its hash and the actions it performs, in order.
type PreparedBatch struct {
	Actions       []BatchActionResult `json:"actions"`
	UserOpHash    string              `json:"userOpHash"`
	UserOperation *UserOperation      `json:"userOperation"`
}

// BatchResult is the answer of submit-batch.
type BatchResult struct {
	OpHash  string              `json:"opHash"`
	Actions []BatchActionResult `json:"actions"`
}

// Hash is the opHash.
func (r *BatchResult) Hash() string { return r.OpHash }
