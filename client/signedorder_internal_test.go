package client

import (
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict/internal/exchange"
	"github.com/predict-dev/predict/wire"
)

// TestSignTypedOrder: the client signs an order from the published typed
// data (the Order type alone, as GET /api/v1/config gives it) exactly as
// the service's own EIP-712 code hashes it, so the signature recovers to
// the owner key there.
func TestSignTypedOrder(t *testing.T) {
	key, _ := crypto.GenerateKey()
	owner := crypto.PubkeyToAddress(key.PublicKey)
	d := exchange.Domain{ChainID: big.NewInt(1337), Exchange: common.HexToAddress("0x00000000000000000000000000000000000e8c4a")}
	td := &wire.TypedData{Domain: wire.TypedDomain{Name: exchange.DomainName, Version: exchange.DomainVersion, ChainID: 1337,
		VerifyingContract: d.Exchange.Hex()}, Types: map[string][]wire.TypedField{}, PrimaryType: "Order"}
	for _, f := range exchange.Types["Order"] {
		td.Types["Order"] = append(td.Types["Order"], wire.TypedField{Name: f.Name, Type: f.Type})
	}
	n := func(x int64) wire.Amount { return wire.NewAmount(big.NewInt(x)) }
	maker, market := common.HexToAddress("0xacc0"), common.HexToAddress("0x3a3")
	msg := &SignedOrderMessage{Maker: maker.Hex(), Signer: owner.Hex(), Market: market.Hex(), Option: n(1), Side: n(SignedSell),
		MakerAmount: n(20_000_000), TakerAmount: n(9_000_000), Expiration: n(0), Salt: n(42), Nonce: n(0), FeeRateBps: n(100)}
	sig, err := signTypedOrder(&Signer{key: key}, td, msg)
	if err != nil {
		t.Fatal(err)
	}
	o := &exchange.Order{Maker: maker, Signer: owner, Market: market, Option: big.NewInt(1), Side: exchange.Sell,
		MakerAmount: big.NewInt(20_000_000), TakerAmount: big.NewInt(9_000_000), Expiration: new(big.Int), Salt: big.NewInt(42),
		Nonce: new(big.Int), FeeRateBps: big.NewInt(100), Signature: common.FromHex(sig)}
	got, err := exchange.Recover(d, o)
	if err != nil || got != owner {
		t.Fatalf("Recover = %s, %v; want the owner %s", got.Hex(), err, owner.Hex())
	}
}
