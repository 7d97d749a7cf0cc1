// Package ops turns the API's transaction requests into UserOperations
// and checks the operations clients send: the sender is the caller's
// account, the callData does exactly what the request says, the market is
// in the state the action needs, the deadline is ahead, and the EntryPoint
// accepts the signatures. Accepted operations are recorded (pending) and
// handed to the bundler; nothing else is written before the chain
// confirms.
package ops

import (
	"github.com/ethereum/go-ethereum/common"
)

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
