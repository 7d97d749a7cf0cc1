package aa

import (
	"testing"

	"github.com/predict-dev/predict/kind"
)

// TestCatalogueSignatures: every call of the catalogue is a method of its
// contract as compiled (the bindings), with the same selector, so the
// codec that reads the catalogue's signatures encodes what the chain runs.
func TestCatalogueSignatures(t *testing.T) {
	for _, k := range kind.All {
		for i := range k.Calls {
			for _, c := range k.Calls[i].Steps() {
				m, err := methodOf(c.Signature)
				if err != nil {
					t.Fatalf("%s: %v", k.Name, err)
				}
				want, ok := contracts[c.Contract].abi().Methods[c.Method]
				if !ok {
					t.Errorf("%s: %s has no method %s", k.Name, c.Contract, c.Method)
					continue
				}
				if string(m.ID) != string(want.ID) || m.Sig != want.Sig {
					t.Errorf("%s: signature %s is %s, the contract's %s", k.Name, c.Signature, m.Sig, want.Sig)
				}
			}
		}
	}
}
