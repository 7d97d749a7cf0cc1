package wire

import "encoding/json"

// The bodies of POST /api/v1/rpc: JSON-RPC 2.0 with the ERC-7677
// paymaster and ERC-4337 bundler methods (docs/transactions.md). Numbers
// inside results are 0x-hex, as those standards have them.

// RPCRequest is one JSON-RPC 2.0 call.
type RPCRequest struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

// RPCResponse is one JSON-RPC 2.0 answer: a result (which may be null)
// or an error.
type RPCResponse struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *RPCError       `json:"error,omitempty"`
}

// RPCError is a JSON-RPC error; Data carries the API's own code and
// reason (docs/errors.md), which tell refusals of the same JSON-RPC code
// apart.
type RPCError struct {
	Code    int           `json:"code"`
	Message string        `json:"message"`
	Data    *RPCErrorData `json:"data,omitempty"`
}

// Error is the message.
func (e *RPCError) Error() string { return e.Message }

// RPCErrorData is the API's code and reason of an RPC error.
type RPCErrorData struct {
	Code   int    `json:"code"`
	Reason string `json:"reason"`
	// RetryAfter is, for a request over its rate limit, the seconds to
	// wait before the next (as the Retry-After header says).
	RetryAfter int `json:"retryAfter,omitempty"`
}

// PaymasterStub is pm_getPaymasterStubData's result for EntryPoint v0.6.
type PaymasterStub struct {
	PaymasterAndData string           `json:"paymasterAndData"`
	Sponsor          PaymasterSponsor `json:"sponsor"`
	IsFinal          bool             `json:"isFinal"`
}

// PaymasterSponsor names who pays, for wallets to show (ERC-7677).
type PaymasterSponsor struct {
	Name string `json:"name"`
}

// UserOperationGas is eth_estimateUserOperationGas's result.
type UserOperationGas struct {
	PreVerificationGas   string `json:"preVerificationGas"`
	VerificationGasLimit string `json:"verificationGasLimit"`
	CallGasLimit         string `json:"callGasLimit"`
}

// UserOperationByHash is eth_getUserOperationByHash's result; the block
// fields are null until the operation ran on chain.
type UserOperationByHash struct {
	UserOperation   json.RawMessage `json:"userOperation"`
	EntryPoint      string          `json:"entryPoint"`
	BlockNumber     *string         `json:"blockNumber"`
	BlockHash       *string         `json:"blockHash"`
	TransactionHash *string         `json:"transactionHash"`
}

// UserOperationReceipt is eth_getUserOperationReceipt's result. Receipt
// is the bundle transaction's receipt as an Ethereum node gives it, with
// from, to and effectiveGasPrice.
type UserOperationReceipt struct {
	UserOpHash    string          `json:"userOpHash"`
	EntryPoint    string          `json:"entryPoint"`
	Sender        string          `json:"sender"`
	Paymaster     string          `json:"paymaster"`
	Nonce         string          `json:"nonce"`
	Success       bool            `json:"success"`
	Reason        string          `json:"reason,omitempty"`
	ActualGasCost string          `json:"actualGasCost"`
	ActualGasUsed string          `json:"actualGasUsed"`
	Logs          json.RawMessage `json:"logs"`
	Receipt       json.RawMessage `json:"receipt"`
}
