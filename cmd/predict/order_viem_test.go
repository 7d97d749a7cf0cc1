package main

import (
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"os/exec"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict/internal/chain/bindings"
	signed "github.com/predict-dev/predict/internal/exchange"
)

// TestOrderSignedWithViem: a market maker's program signs an order of the
// deployed Exchange with viem's signTypedData from the domain and types
// GET /api/v1/config publishes, and nothing of predict's: the deployed
// contract hashes the order as the signature signed it, and the signature
// recovers to the maker.
func TestOrderSignedWithViem(t *testing.T) {
	node := nodeSDK(t, "viem")
	e := startE2E(t, nil)
	if e.m.Deployment.Exchange == "" {
		t.Fatal("the embedded chain has no Exchange")
	}
	key, _ := crypto.GenerateKey()
	maker := crypto.PubkeyToAddress(key.PublicKey)
	market := common.HexToAddress("0x00000000000000000000000000000000000000aa")
	cmd := exec.Command(node, "order.mjs")
	cmd.Dir, cmd.Stderr = sdkDir, os.Stderr
	cmd.Env = append(os.Environ(), "PREDICT_URL=http://"+e.m.Addr(), "ORDER_KEY="+hexutil.Encode(crypto.FromECDSA(key)),
		"MARKET="+market.Hex())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node order.mjs: %v", err)
	}
	var res struct {
		Order     map[string]any
		Signature string
	}
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("order.mjs printed %s: %v", out, err)
	}
	num := func(k string) *big.Int {
		n, ok := new(big.Int).SetString(fmt.Sprint(res.Order[k]), 10)
		if !ok {
			t.Fatalf("order.%s = %v", k, res.Order[k])
		}
		return n
	}
	sig, err := hexutil.Decode(res.Signature)
	if err != nil {
		t.Fatal(err)
	}
	o := &signed.Order{Maker: maker, Signer: maker, Market: market, Option: num("option"), Side: uint8(num("side").Uint64()),
		MakerAmount: num("makerAmount"), TakerAmount: num("takerAmount"), Expiration: num("expiration"), Salt: num("salt"),
		Nonce: num("nonce"), FeeRateBps: num("feeRateBps"), Signature: sig}
	d := signed.Domain{ChainID: big.NewInt(e.m.Deployment.ChainID), Exchange: common.HexToAddress(e.m.Deployment.Exchange)}
	if got, err := signed.Recover(d, o); err != nil || got != maker {
		t.Fatalf("viem's signature recovers to %s (%v), want the maker %s", got, err, maker)
	}
	ex, err := bindings.NewExchangeCaller(d.Exchange, e.m.Client)
	if err != nil {
		t.Fatal(err)
	}
	onChain, err := ex.HashOrder(&bind.CallOpts{Context: e.ctx}, bindings.ExchangeOrder{Maker: o.Maker, Signer: o.Signer, Market: o.Market,
		Option: o.Option, Side: o.Side, MakerAmount: o.MakerAmount, TakerAmount: o.TakerAmount, Expiration: o.Expiration, Salt: o.Salt,
		Nonce: o.Nonce, FeeRateBps: o.FeeRateBps, Signature: o.Signature})
	want, _ := signed.Hash(d, o)
	if err != nil || onChain != want {
		t.Fatalf("the deployed Exchange hashes the order %x, the signature signed %x (%v)", onChain, want, err)
	}
}
