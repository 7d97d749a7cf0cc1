package indexer

import (
	"fmt"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/chain/bindings"
)

// TestDecodeResolutionEndings: the market events of an unanswered
// dispute's end, and of complete sets, decode to their effects with every
// field (the contract tests emit them; here the decoding is checked).
func TestDecodeResolutionEndings(t *testing.T) {
	md, err := bindings.MarketMetaData.GetAbi()
	if err != nil {
		t.Fatal(err)
	}
	market := common.HexToAddress("0x00000000000000000000000000000000000000aa")
	who := common.HexToAddress("0x00000000000000000000000000000000000000b0")
	logOf := func(name string, args ...any) types.Log {
		ev := md.Events[name]
		data, err := ev.Inputs.NonIndexed().Pack(args...)
		if err != nil {
			t.Fatal(err)
		}
		return types.Log{Address: market, Topics: []common.Hash{ev.ID, common.BytesToHash(who.Bytes())}, Data: data, BlockNumber: 7}
	}
	d := &decoder{times: map[uint64]time.Time{7: time.Unix(1_900_000_000, 0)}}
	for _, tc := range []struct {
		log  types.Log
		want string
	}{
		{logOf("DisputeExpired", big.NewInt(10_000000), big.NewInt(1_902_592_000)),
			"dispute-expired 0x00000000000000000000000000000000000000b0 10000000"},
		{logOf("SetsMinted", big.NewInt(5)), "sets-mint 0x00000000000000000000000000000000000000b0 5"},
		{logOf("SetsMerged", big.NewInt(6)), "sets-merge 0x00000000000000000000000000000000000000b0 6"},
	} {
		e, err := d.marketEvent(tc.log, "")
		if err != nil || e == nil {
			t.Fatalf("%s: %v %v", tc.want, e, err)
		}
		var got string
		switch e := e.(type) {
		case *predict.DisputeExpiredLog:
			got = fmt.Sprintf("%s %s %s", e.LogKind(), e.Disputer, e.BondReturned)
		case *predict.SetsLog:
			got = fmt.Sprintf("%s %s %s", e.LogKind(), e.Account, e.Amount)
		}
		if _, m := e.Scope(); got != tc.want || m != lower(who) {
			t.Errorf("decoded %q (scope %s), want %q", got, m, tc.want)
		}
	}
}
