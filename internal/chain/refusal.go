package chain

import (
	"fmt"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/ethclient"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/chain/bindings"
)

// resolutionCodes are the domain codes of the Market's refusals of a
// resolution step (docs/errors.md, 110116–110119).
var resolutionCodes = map[string]string{
	"ChallengeWindowClosed": predict.EWINDOWCLOSED,
	"ArbitrationExpired":    predict.EWINDOWCLOSED,
	"AlreadyDisputed":       predict.EDISPUTED,
	"ChallengeWindowOpen":   predict.EWINDOWOPEN,
	"NotArbitrator":         predict.ENOTARBITRATOR,
	// The market is not in the state the step needs.
	"NotAsserted":     predict.ECONFLICT,
	"NotDisputed":     predict.ECONFLICT,
	"AlreadyAsserted": predict.ECONFLICT,
	"MarketSettled":   predict.ECONFLICT,
	"MarketVoided":    predict.ECONFLICT,
	"NotVoided":       predict.ECONFLICT,
	"MarketNotEnded":  predict.ECONFLICT,
}

// ResolutionRefusal reads the revert of a call of a Market resolution
// step (an eth_call, a gas estimate or a sent transaction) and returns it
// as the domain error of the refusal, e.g. EWINDOWCLOSED for
// ChallengeWindowClosed; nil when err carries no such revert.
func ResolutionRefusal(err error) error {
	data, ok := ethclient.RevertErrorData(err)
	if !ok {
		return nil
	}
	rev, derr := bindings.DecodeRevert(data)
	if derr != nil {
		return nil
	}
	return RevertRefusal(rev)
}

// RevertRefusal is ResolutionRefusal of a decoded revert.
func RevertRefusal(rev *bindings.RevertError) error {
	code, ok := resolutionCodes[rev.Name]
	if !ok {
		return nil
	}
	switch rev.Name {
	case "ChallengeWindowClosed":
		return predict.Errorf(code, "the challenge window closed at %s: the assertion can no longer be disputed", unixArg(rev, 0))
	case "ArbitrationExpired":
		return predict.Errorf(code, "the arbitration ended at %s unanswered: finalize ends the market void", unixArg(rev, 0))
	case "ChallengeWindowOpen":
		return predict.Errorf(code, "the challenge window is open until %s: the assertion can be finalized then", unixArg(rev, 0))
	case "AlreadyDisputed":
		return predict.Errorf(code, "the assertion is disputed: the arbitrator decides")
	case "NotArbitrator":
		return predict.Errorf(code, "account %v is not the arbitrator", rev.Args[0])
	case "MarketNotEnded":
		return predict.Errorf(code, "the market ends at %s and was not created resolvable before its end", unixArg(rev, 0))
	}
	return predict.Errorf(code, "the market refused: %s", rev.Name)
}

// unixArg renders argument i, a unix time, as RFC 3339.
func unixArg(rev *bindings.RevertError, i int) string {
	if i < len(rev.Args) {
		if t, ok := rev.Args[i].(*big.Int); ok && t.IsInt64() {
			return time.Unix(t.Int64(), 0).UTC().Format(time.RFC3339)
		}
		return fmt.Sprint(rev.Args[i])
	}
	return "?"
}
