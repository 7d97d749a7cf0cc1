package ops

import (
	"testing"

	"github.com/ethereum/go-ethereum/crypto"
)

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
