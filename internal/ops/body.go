package ops

import (
	"encoding/json"
	"math/big"
	"regexp"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/input"
)

// skipped is a field of a wire request that a kind's body (which embeds
// the wire request) leaves to the endpoint: the signed operation, which
// the endpoint reads after the kind's fields (Envelope).
type skipped = json.RawMessage

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
