package bundler

import (
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict/internal/aa"
)

// testEntry is an operation of sender with nonce whose batch cost is
// about gas (OpGas without a paymaster, plus its calldata share).
func testEntry(seq uint64, sender byte, nonce int64, gas int64) *entry {
	op := &aa.UserOperation{
		Sender: common.Address{sender}, Nonce: big.NewInt(nonce), InitCode: []byte{}, CallData: []byte{1, 2, 3, 4},
		CallGasLimit: big.NewInt(gas - 2), VerificationGasLimit: big.NewInt(1), PreVerificationGas: big.NewInt(1),
		MaxFeePerGas: big.NewInt(1), MaxPriorityFeePerGas: big.NewInt(1), PaymasterAndData: []byte{}, Signature: make([]byte, 65),
	}
	e := newEntry(op, common.Hash{byte(seq), sender, byte(nonce)}, seq)
	e.cost = uint64(gas) // packing is tested apart from the gas formula (TestGasHelpers)
	return e
}

func seqs(es []*entry) []uint64 {
	out := make([]uint64, len(es))
	for i, e := range es {
		out[i] = e.seq
	}
	return out
}

func TestPack(t *testing.T) {
	roomy := limits{maxGas: 1_000_000, maxOps: 100, maxBundles: 10}
	nonces := func(kv ...int64) map[nonceKey]*big.Int {
		m := map[nonceKey]*big.Int{}
		for i := 0; i < len(kv); i += 2 {
			m[nonceKey{sender: common.Address{byte(kv[i])}}] = big.NewInt(kv[i+1])
		}
		return m
	}
	for _, tc := range []struct {
		name     string
		queue    []*entry
		nonces   map[nonceKey]*big.Int
		skip     map[common.Address]bool
		lim      limits
		batches  [][]uint64
		consumed []uint64
		tooBig   []uint64
	}{
		{name: "OK", queue: []*entry{testEntry(1, 1, 0, 1000), testEntry(2, 2, 0, 1000)}, lim: roomy,
			batches: [][]uint64{{1, 2}}},
		{name: "ConsecutiveInNonceOrder", queue: []*entry{testEntry(1, 1, 2, 1000), testEntry(2, 1, 0, 1000), testEntry(3, 2, 0, 1000), testEntry(4, 1, 1, 1000)},
			lim: roomy, batches: [][]uint64{{2, 4, 1, 3}}},
		{name: "GapWaits", queue: []*entry{testEntry(1, 1, 0, 1000), testEntry(2, 1, 2, 1000)}, lim: roomy,
			batches: [][]uint64{{1}}},
		{name: "DuplicateNonceWaits", queue: []*entry{testEntry(1, 1, 0, 1000), testEntry(2, 1, 0, 1000), testEntry(3, 1, 1, 1000)}, lim: roomy,
			batches: [][]uint64{{1, 3}}},
		{name: "Consumed", queue: []*entry{testEntry(1, 1, 1, 1000), testEntry(2, 1, 3, 1000), testEntry(3, 1, 4, 1000)}, nonces: nonces(1, 3), lim: roomy,
			batches: [][]uint64{{2, 3}}, consumed: []uint64{1}},
		{name: "AheadOfChainIsSentToBeRejected", queue: []*entry{testEntry(1, 1, 5, 1000)}, nonces: nonces(1, 0), lim: roomy,
			batches: [][]uint64{{1}}},
		{name: "SplitUnderGas", queue: []*entry{testEntry(1, 1, 0, 400_000), testEntry(2, 2, 0, 400_000), testEntry(3, 3, 0, 400_000), testEntry(4, 4, 0, 100_000)},
			lim: limits{maxGas: 1_000_000, maxOps: 100, maxBundles: 10}, batches: [][]uint64{{1, 2, 4}, {3}}},
		{name: "MaxOps", queue: []*entry{testEntry(1, 1, 0, 1000), testEntry(2, 2, 0, 1000), testEntry(3, 3, 0, 1000)},
			lim: limits{maxGas: 1_000_000, maxOps: 2, maxBundles: 10}, batches: [][]uint64{{1, 2}, {3}}},
		{name: "MaxBundles", queue: []*entry{testEntry(1, 1, 0, 600_000), testEntry(2, 2, 0, 600_000), testEntry(3, 3, 0, 600_000)},
			lim: limits{maxGas: 1_000_000, maxOps: 100, maxBundles: 2}, batches: [][]uint64{{1}, {2}}},
		{name: "RunCutToFit", queue: []*entry{testEntry(1, 1, 0, 400_000), testEntry(2, 1, 1, 400_000), testEntry(3, 1, 2, 400_000)},
			lim: limits{maxGas: 1_000_000, maxOps: 100, maxBundles: 10}, batches: [][]uint64{{1, 2}}},
		{name: "TooBig", queue: []*entry{testEntry(1, 1, 0, 2_000_000), testEntry(2, 2, 0, 1000)}, lim: roomy,
			batches: [][]uint64{{2}}, tooBig: []uint64{1}},
		{name: "Skip", queue: []*entry{testEntry(1, 1, 0, 1000), testEntry(2, 2, 0, 1000)}, skip: map[common.Address]bool{{1}: true}, lim: roomy,
			batches: [][]uint64{{2}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := pack(tc.queue, tc.nonces, tc.skip, tc.lim)
			var got [][]uint64
			for _, b := range res.batches {
				got = append(got, seqs(b))
				var gas uint64 = txBaseGas + BatchOverhead + 16*handleOpsHead
				for _, e := range b {
					gas += e.cost
				}
				if gas > tc.lim.maxGas || len(b) > tc.lim.maxOps {
					t.Errorf("batch %v: %d gas, %d ops over the limits", seqs(b), gas, len(b))
				}
			}
			if !equal(got, tc.batches) {
				t.Errorf("batches %v, want %v", got, tc.batches)
			}
			if c := seqs(res.consumed); !equal([][]uint64{c}, [][]uint64{tc.consumed}) && len(c)+len(tc.consumed) > 0 {
				t.Errorf("consumed %v, want %v", c, tc.consumed)
			}
			if c := seqs(res.tooBig); !equal([][]uint64{c}, [][]uint64{tc.tooBig}) && len(c)+len(tc.tooBig) > 0 {
				t.Errorf("too big %v, want %v", c, tc.tooBig)
			}
		})
	}
}

func equal(a, b [][]uint64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if len(a[i]) != len(b[i]) {
			return false
		}
		for j := range a[i] {
			if a[i][j] != b[i][j] {
				return false
			}
		}
	}
	return true
}

func TestGasHelpers(t *testing.T) {
	op := &aa.UserOperation{
		CallGasLimit: big.NewInt(100), VerificationGasLimit: big.NewInt(1000), PreVerificationGas: big.NewInt(10),
	}
	// 2·1000 + 100 + 10, plus (100+1000)/63 and 5000 for innerHandleOp's check.
	if got := OpGas(op); got != 7127 {
		t.Errorf("OpGas without paymaster = %d, want 7127", got)
	}
	op.PaymasterAndData = make([]byte, 20)
	if got := OpGas(op); got != 8127 {
		t.Errorf("OpGas with paymaster = %d, want 8127", got)
	}
	op.VerificationGasLimit = new(big.Int).Lsh(big.NewInt(1), 80)
	if got := OpGas(op); got != ^uint64(0) {
		t.Errorf("OpGas of a huge limit = %d, want saturation", got)
	}
	if got := CalldataGas([]byte{0, 0, 1, 2}); got != 21000+2*4+2*16 {
		t.Errorf("CalldataGas = %d, want 21040", got)
	}
	// Little execution: the EIP-7623 floor of 10 gas per token wins.
	data := make([]byte, 10_000)
	for i := range data {
		data[i] = 1
	}
	if got := BatchGas(nil, data); got != 21000+40*10_000 {
		t.Errorf("BatchGas of 10,000 bytes and no operation = %d, want the floor %d", got, 21000+40*10_000)
	}
	for _, tc := range []struct{ in, want int64 }{{0, 1}, {1, 2}, {8, 9}, {9, 11}, {1000, 1125}} {
		if got := bump(big.NewInt(tc.in)); got.Int64() != tc.want {
			t.Errorf("bump(%d) = %s, want %d", tc.in, got, tc.want)
		}
	}
}
