package ops

import (
	"encoding/json"
	"math/big"
	"regexp"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/input"
)

// Body holds the fields of every transaction endpoint's body; each kind's
// parse reads the ones openapi.yaml gives it.
type Body struct {
	Action               string      `json:"action"` // prepare-user-operation only
	Owner                string      `json:"owner"`  // prepare-user-operation only
	MarketAddress        string      `json:"marketAddress"`
	OptionAddress        string      `json:"optionAddress"`
	Side                 *int        `json:"side"`
	Price                string      `json:"price"`
	Amount               string      `json:"amount"`
	LPAmount             string      `json:"lpAmount"`
	MinReceiveAmount     string      `json:"minReceiveAmount"`
	MinLPAmount          string      `json:"minLpAmount"`
	Deadline             json.Number `json:"deadline"`
	WinningOptionAddress string      `json:"winningOptionAddress"`
	ResolutionSource     string      `json:"resolutionSource"`
	ResolutionNote       string      `json:"resolutionNote"`
	// MarketDraft holds create-market's texts and end time.
	MarketDraft
	BaseTokenAddress string `json:"baseTokenAddress"`
	InitialLiquidity string `json:"initialLiquidity"`
	// ChallengeWindowSeconds is create-market's challenge window.
	ChallengeWindowSeconds *int64 `json:"challengeWindowSeconds"`
	// Expiry and PostOnly are place-limit-order's; OrderID and CancelAll
	// cancel-order's.
	Expiry    json.Number `json:"expiry"`
	PostOnly  *bool       `json:"postOnly"`
	OrderID   json.Number `json:"orderId"`
	CancelAll *bool       `json:"cancelAll"`
	// OrderType and TimeInForce are place-order's: a market order (the
	// default) or a limit order, which rests (GTC, GTD) or fills at once
	// in whole or not at all (FOK); see PlaceOrder.
	OrderType   string `json:"orderType"`
	TimeInForce string `json:"timeInForce"`
	// Void is settle-market's and arbitrate-market's void outcome.
	Void          *bool           `json:"void"`
	UserOperation json.RawMessage `json:"userOperation"`
}

var deadlineRe = regexp.MustCompile(`^[1-9][0-9]{0,11}$`)

// fields reads a body's fields; the first problem is kept in err and
// later reads return zero values, so a parse reads all its fields and
// returns err once.
type fields struct{ err error }

func (f *fields) address(name, v string) common.Address {
	if f.err != nil {
		return common.Address{}
	}
	var a string
	if a, f.err = input.Address(name, v); f.err != nil {
		return common.Address{}
	}
	return common.HexToAddress(a)
}

func (f *fields) amount(name, v string) *big.Int {
	if f.err != nil {
		return nil
	}
	var n *big.Int
	n, f.err = input.Amount(name, v)
	return n
}

func (f *fields) deadline(v json.Number) *big.Int { return f.unix("deadline", v) }

// unix reads a required time in unix seconds.
func (f *fields) unix(name string, v json.Number) *big.Int {
	if f.err != nil {
		return nil
	}
	d := v.String()
	if d == "" {
		f.err = predict.Errorf(predict.EINVALID, "%s is required (unix seconds)", name)
		return nil
	}
	if !deadlineRe.MatchString(d) {
		f.err = predict.Errorf(predict.EINVALID, "%s must be a unix timestamp in seconds", name)
		return nil
	}
	n, _ := new(big.Int).SetString(d, 10)
	return n
}
