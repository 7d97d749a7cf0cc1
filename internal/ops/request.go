// Package ops turns the API's transaction requests into UserOperations
// and checks the operations clients send: the sender is the caller's
// account, the callData does exactly what the request says, the market is
// in the state the action needs, the deadline is ahead, and the EntryPoint
// accepts the signatures. Accepted operations are recorded (pending) and
// handed to the bundler; nothing else is written before the chain
// confirms.
package ops

import (
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict/internal/aa"
)

// Request is a transaction request of the API without its operation.
type Request struct {
	Kind   aa.Kind
	Market common.Address
	// Option is the option bought or sold, the option claimed, or the
	// winning option of a settlement.
	Option common.Address
	Side   int
	// Amount is base in (buy, add-liquidity), tokens in (sell), LP burned
	// (remove-liquidity) or the claim amount (prepare of claim: zero means
	// the whole balance).
	Amount *big.Int
	// MinOut is minReceiveAmount or minLpAmount.
	MinOut   *big.Int
	Deadline *big.Int
	// Price is the price per token the client saw (place-order).
	Price *big.Int
	// Create holds create-market's fields.
	Create *CreateRequest
	// ResolutionSource and ResolutionNote come with settle-market.
	ResolutionSource string
	ResolutionNote   string
	// Void asks settle-market or arbitrate-market for the void outcome
	// (no Option).
	Void bool
	// LimitPrice (18-decimal fixed point), Expiry (unix seconds) and
	// PostOnly are place-limit-order's terms.
	LimitPrice *big.Int
	Expiry     *big.Int
	PostOnly   bool
	// Immediate marks an immediate-or-cancel order (place-order's
	// timeInForce IOC): its expiry is its deadline, soon.
	Immediate bool
	// OrderID is the order cancel-order cancels, unless CancelAll: every
	// open order of the caller in the market.
	OrderID   *big.Int
	CancelAll bool
	// Owner is the account owner key's address: prepare needs it to build
	// initCode for an account not deployed yet.
	Owner common.Address
}

// CreateRequest is create-market's request: the market's texts, and what
// the factory is called with.
type CreateRequest struct {
	// Draft is the texts as the operation's record keeps them until the
	// indexer sees MarketCreated; the keccak256 of its JSON is the
	// market's metadata hash.
	Draft            MarketDraft
	EndTime          time.Time
	BaseToken        string // lowercase 0x-hex
	InitialLiquidity *big.Int
	// ChallengeWindow is the market's challenge window in seconds; nil
	// takes the deployment's (predict.Deployment.ChallengeWindow), 0
	// settles at once.
	ChallengeWindow *int64
}

// MarketDraft is create-market's off-chain metadata: fields of the body
// as a client sends them, and trimmed in the record.
type MarketDraft struct {
	Title       string        `json:"title"`
	Description string        `json:"description"`
	Rules       string        `json:"rules"`
	Options     []OptionTitle `json:"options"`
	CategoryID  string        `json:"categoryId"`
	Tags        []string      `json:"tags"`
	ImageURL    string        `json:"imageUrl"`
	EndTime     string        `json:"endTime"`
}

// OptionTitle is one option of a market being created.
type OptionTitle struct {
	Title string `json:"title"`
}

// titles are the option titles, in order.
func (d *MarketDraft) titles() []string {
	out := make([]string, len(d.Options))
	for i, o := range d.Options {
		out[i] = o.Title
	}
	return out
}

// Result is what the API answers once an operation is accepted.
type Result struct {
	OpHash    string
	OrderUUID string
	// Market and Options are the addresses create-market deploys, known
	// before confirmation (CREATE2).
	Market  string
	Options []common.Address
	// Created is false when the same signed operation was submitted before.
	Created bool

	optionCount int // options of the market, for gas limits
}
