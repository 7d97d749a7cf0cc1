package ops

import (
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/wire"
)

// TestCheckGas is the gas part of the sponsorship policy: the limits the
// service gives an action are the most the paymaster pays for.
func TestCheckGas(t *testing.T) {
	buy := GasOf(aa.KindBuy, 2, false) // 240,000 call gas
	big64 := func(n int64) *big.Int { return big.NewInt(n) }
	tests := []struct {
		name string
		op   aa.UserOperation
		ok   bool
	}{
		{"OKAtTheLimits", aa.UserOperation{CallGasLimit: big64(240_000), VerificationGasLimit: big64(150_000), PreVerificationGas: big64(200_000), MaxFeePerGas: wire.MaxFeePerGas}, true},
		{"OKUnknownYet", aa.UserOperation{}, true}, // an estimation probe
		{"ErrCallGas", aa.UserOperation{CallGasLimit: big64(240_001)}, false},
		{"ErrVerificationGas", aa.UserOperation{VerificationGasLimit: big64(150_001)}, false},
		{"ErrPreVerificationGas", aa.UserOperation{PreVerificationGas: big64(200_001)}, false},
		{"ErrFee", aa.UserOperation{MaxFeePerGas: new(big.Int).Add(wire.MaxFeePerGas, big64(1))}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := checkGas(&tt.op, buy)
			if tt.ok != (err == nil) || (err != nil && predict.ErrorCode(err) != predict.EREJECTED) {
				t.Fatalf("checkGas = %v, want ok=%v (else EREJECTED)", err, tt.ok)
			}
		})
	}
}

func TestGasOf(t *testing.T) {
	tests := []struct {
		name    string
		kind    aa.Kind
		options int
		deploy  bool
		want    Gas
	}{
		{"Buy", aa.KindBuy, 2, false, Gas{240_000, 150_000, 60_000}},
		{"SellDeploying", aa.KindSell, 3, true, Gas{335_000, 500_000, 60_000}},
		{"Redeem", aa.KindRedeemLiquidity, 2, false, Gas{170_000, 150_000, 60_000}},
		{"Settle", aa.KindSettleMarket, 4, false, Gas{150_000, 150_000, 60_000}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := GasOf(tt.kind, tt.options, tt.deploy); got != tt.want {
				t.Fatalf("GasOf = %+v, want %+v", got, tt.want)
			}
		})
	}
}

// TestStubSignatureRecovers: VerifyingPaymaster's ECDSA.recover reverts
// on a signature that does not recover, which would fail estimation
// instead of reporting a signature failure.
func TestStubSignatureRecovers(t *testing.T) {
	if len(stubSignature) != 65 {
		t.Fatalf("stub signature of %d bytes", len(stubSignature))
	}
	sig := append([]byte(nil), stubSignature...)
	sig[64] -= 27
	if _, err := crypto.SigToPub(crypto.Keccak256([]byte("any")), sig); err != nil {
		t.Fatalf("stub signature does not recover: %v", err)
	}
}
