package aa_test

import (
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/chain"
	"github.com/predict-dev/predict/internal/chain/bindings"
	"github.com/predict-dev/predict/internal/chain/devchain/devchaintest"
	"github.com/predict-dev/predict/wire"
)

// testChain is the embedded dev chain with the suite deployed.
type testChain struct {
	client *ethclient.Client
	suite  *chain.Suite
	keys   *chain.Keys
}

func newTestChain(t *testing.T) *testChain {
	t.Helper()
	node, keys, suite := devchaintest.OpenSuite(t)
	return &testChain{client: node.Client(), suite: suite, keys: keys}
}

// transact sends an operator-key transaction and waits for it.
func (c *testChain) transact(t *testing.T, key *ecdsa.PrivateKey, f func(*bind.TransactOpts) (interface{ Hash() common.Hash }, error)) {
	t.Helper()
	opts, _ := bind.NewKeyedTransactorWithChainID(key, new(big.Int).SetUint64(c.suite.ChainID))
	tx, err := f(opts)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := chain.WaitMined(context.Background(), c.client, tx.Hash()); err != nil {
		t.Fatal(err)
	}
}

func sampleOp() *aa.UserOperation {
	return &aa.UserOperation{
		Sender: common.HexToAddress("0x1111111111111111111111111111111111111111"), Nonce: big.NewInt(7),
		InitCode: []byte{}, CallData: []byte{0xb6, 0x1d, 0x27, 0xf6, 1, 2, 3},
		CallGasLimit: big.NewInt(200_000), VerificationGasLimit: big.NewInt(500_000), PreVerificationGas: big.NewInt(50_000),
		MaxFeePerGas: big.NewInt(2e9), MaxPriorityFeePerGas: big.NewInt(1e9),
		PaymasterAndData: []byte{}, Signature: make([]byte, 65),
	}
}

// TestHashMatchesEntryPoint compares Hash with the deployed EntryPoint's
// getUserOpHash for several operations.
func TestHashMatchesEntryPoint(t *testing.T) {
	c := newTestChain(t)
	ep, err := bindings.NewEntryPointCaller(c.suite.EntryPoint, c.client)
	if err != nil {
		t.Fatal(err)
	}
	chainID := new(big.Int).SetUint64(c.suite.ChainID)
	ops := []*aa.UserOperation{sampleOp()}
	with := func(f func(*aa.UserOperation)) *aa.UserOperation { op := sampleOp(); f(op); return op }
	ops = append(ops,
		with(func(op *aa.UserOperation) { op.InitCode = append(c.suite.AccountFactory.Bytes(), 1, 2, 3) }),
		with(func(op *aa.UserOperation) { op.PaymasterAndData = make([]byte, 149) }),
		with(func(op *aa.UserOperation) { op.Nonce = new(big.Int).Lsh(big.NewInt(1), 200) }),
	)
	for i, op := range ops {
		want, err := ep.GetUserOpHash(&bind.CallOpts{}, aa.Binding(op))
		if err != nil {
			t.Fatal(err)
		}
		if got := op.Hash(c.suite.EntryPoint, chainID); got != common.Hash(want) {
			t.Fatalf("op %d: Hash = %s, EntryPoint says %x", i, got, want)
		}
	}
}

func TestUserOperationJSON(t *testing.T) {
	op := sampleOp()
	raw, err := json.Marshal(op)
	if err != nil {
		t.Fatal(err)
	}
	var back aa.UserOperation
	if err := json.Unmarshal(raw, &back); err != nil {
		t.Fatal(err)
	}
	if back.Hash(common.Address{}, big.NewInt(1)) != op.Hash(common.Address{}, big.NewInt(1)) {
		t.Fatalf("round trip changed the operation: %s", raw)
	}
	// docs/transactions.md's claim and settle samples omit initCode.
	var noInit map[string]any
	json.Unmarshal(raw, &noInit)
	delete(noInit, "initCode")
	raw2, _ := json.Marshal(noInit)
	if err := json.Unmarshal(raw2, &back); err != nil || len(back.InitCode) != 0 {
		t.Fatalf("absent initCode: %v %x", err, back.InitCode)
	}

	for name, mod := range map[string]func(map[string]any){
		"MissingSender":    func(m map[string]any) { delete(m, "sender") },
		"MissingSignature": func(m map[string]any) { delete(m, "signature") },
		"BadSender":        func(m map[string]any) { m["sender"] = "0x1234" },
		"SenderNoPrefix":   func(m map[string]any) { m["sender"] = "1111111111111111111111111111111111111111" },
		"NonceNotHex":      func(m map[string]any) { m["nonce"] = "7" },
		"NonceGarbage":     func(m map[string]any) { m["nonce"] = "0xzz" },
		"NonceTooBig":      func(m map[string]any) { m["nonce"] = "0x1" + strings.Repeat("0", 64) },
		"GasNumber":        func(m map[string]any) { m["callGasLimit"] = 100000 },
		"OddHex":           func(m map[string]any) { m["callData"] = "0xabc" },
		"HugeCallData":     func(m map[string]any) { m["callData"] = "0x" + strings.Repeat("00", wire.MaxCallData+1) },
	} {
		t.Run(name, func(t *testing.T) {
			var m map[string]any
			json.Unmarshal(raw, &m)
			mod(m)
			b, _ := json.Marshal(m)
			err := json.Unmarshal(b, &back)
			if predict.ErrorCode(err) != predict.EINVALID {
				t.Fatalf("err = %v, want EINVALID", err)
			}
		})
	}
}

func TestValidate(t *testing.T) {
	if err := sampleOp().Validate(); err != nil {
		t.Fatal(err)
	}
	for name, mod := range map[string]func(*aa.UserOperation){
		"HugeCallGas":      func(op *aa.UserOperation) { op.CallGasLimit = big.NewInt(wire.MaxCallGas + 1) },
		"ZeroVerification": func(op *aa.UserOperation) { op.VerificationGasLimit = big.NewInt(0) },
		"HugePreVerif":     func(op *aa.UserOperation) { op.PreVerificationGas = new(big.Int).Lsh(big.NewInt(1), 255) },
		"HugeFee":          func(op *aa.UserOperation) { op.MaxFeePerGas = new(big.Int).Lsh(big.NewInt(1), 100) },
		"PriorityOverMax":  func(op *aa.UserOperation) { op.MaxPriorityFeePerGas = big.NewInt(3e9) },
		"ShortInitCode":    func(op *aa.UserOperation) { op.InitCode = []byte{1, 2} },
		"ShortPaymaster":   func(op *aa.UserOperation) { op.PaymasterAndData = []byte{1} },
		"NoCall":           func(op *aa.UserOperation) { op.CallData = []byte{1} },
		"NoSignature":      func(op *aa.UserOperation) { op.Signature = nil },
	} {
		t.Run(name, func(t *testing.T) {
			op := sampleOp()
			mod(op)
			if err := op.Validate(); predict.ErrorCode(err) != predict.EINVALID {
				t.Fatalf("err = %v, want EINVALID", err)
			}
		})
	}
}

func TestActionCodec(t *testing.T) {
	market := common.HexToAddress("0x2222222222222222222222222222222222222222")
	token := common.HexToAddress("0x3333333333333333333333333333333333333333")
	dl := big.NewInt(1_900_000_000)
	for _, a := range []*aa.Action{
		{Kind: aa.KindBuy, Target: market, Option: 2, Amount: big.NewInt(100), MinOut: big.NewInt(90), Deadline: dl,
			Approvals: []aa.Approval{{Token: token, Spender: market, Amount: big.NewInt(100)}}},
		{Kind: aa.KindSell, Target: market, Option: 1, Amount: big.NewInt(5), MinOut: big.NewInt(1), Deadline: dl},
		{Kind: aa.KindAddLiquidity, Target: market, Amount: big.NewInt(5), MinOut: big.NewInt(1), Deadline: dl,
			Approvals: []aa.Approval{{Token: token, Spender: market, Amount: big.NewInt(5)}}},
		{Kind: aa.KindRemoveLiquidity, Target: market, Amount: big.NewInt(5), MinOut: big.NewInt(0), Deadline: dl},
		{Kind: aa.KindClaim, Target: market, Amount: big.NewInt(5)},
		{Kind: aa.KindRedeemLiquidity, Target: market, Amount: big.NewInt(5)},
		{Kind: aa.KindSettleMarket, Target: market, Option: 1},
		{Kind: aa.KindCreateMarket, Target: market, Amount: big.NewInt(1000), Create: &aa.CreateParams{
			BaseToken: token, OptionNames: []string{"Yes", "No"}, EndTime: dl, FeeBps: big.NewInt(200), InitialLiquidity: big.NewInt(1000),
			Salt: [32]byte{1}, MetadataHash: [32]byte{2}}},
	} {
		t.Run(string(a.Kind), func(t *testing.T) {
			data, err := aa.CallData(a)
			if err != nil {
				t.Fatal(err)
			}
			back, err := aa.DecodeAction(data)
			if err != nil {
				t.Fatal(err)
			}
			again, _ := aa.CallData(back)
			if string(again) != string(data) || back.Kind != a.Kind || back.Target != a.Target || back.Option != a.Option || len(back.Approvals) != len(a.Approvals) {
				t.Fatalf("round trip: %+v → %+v", a, back)
			}
		})
	}

	buy := &aa.Action{Kind: aa.KindBuy, Target: market, Amount: big.NewInt(1), MinOut: big.NewInt(1), Deadline: dl}
	buyData, _ := aa.CallData(buy)
	sa, _ := bindings.SimpleAccountMetaData.GetAbi()
	mk, _ := bindings.MarketMetaData.GetAbi()
	bt, _ := bindings.BaseTokenMetaData.GetAbi()
	innerBuy, _ := mk.Pack("buy", big.NewInt(0), big.NewInt(1), big.NewInt(1), dl)
	transfer, _ := bt.Pack("transfer", market, big.NewInt(1))
	withdraw, _ := mk.Pack("withdrawFees")
	for name, data := range map[string][]byte{
		"NotAnAccountCall": innerBuy,
		"SendsValue":       must(sa.Pack("execute", market, big.NewInt(1), innerBuy)),
		"Transfer":         must(sa.Pack("execute", token, big.NewInt(0), transfer)),
		"TransferFirst":    must(sa.Pack("executeBatch", []common.Address{token, market}, [][]byte{transfer, innerBuy})),
		"NotSponsored":     must(sa.Pack("execute", market, big.NewInt(0), withdraw)),
		"Truncated":        buyData[:len(buyData)-40],
		"TrailingBytes":    append(append([]byte{}, buyData...), 0, 0, 0, 0),
		"Garbage":          {1, 2, 3, 4, 5, 6},
	} {
		t.Run("Err"+name, func(t *testing.T) {
			if _, err := aa.DecodeAction(data); predict.ErrorCode(err) != predict.EREJECTED {
				t.Fatalf("err = %v, want EREJECTED", err)
			}
		})
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// TestSponsoredOperation runs a whole operation through the real
// contracts: a new SimpleAccount (initCode) approves the factory and
// creates a market, sponsored by the VerifyingPaymaster, signed by its
// owner, submitted with EntryPoint.handleOps from the bundler key.
// Simulation rejects the same operation with a tampered signature.
func TestSponsoredOperation(t *testing.T) {
	ctx := context.Background()
	c := newTestChain(t)
	owner, _ := crypto.GenerateKey()
	ownerAddr := crypto.PubkeyToAddress(owner.PublicKey)
	sender, err := aa.AccountAddress(ctx, c.client, c.suite.AccountFactory, ownerAddr)
	if err != nil {
		t.Fatal(err)
	}
	usdc := c.suite.BaseTokens[0].Address
	token, _ := bindings.NewBaseTokenTransactor(usdc, c.client)
	factory, _ := bindings.NewMarketFactoryTransactor(c.suite.MarketFactory, c.client)
	c.transact(t, c.keys.Operator, func(o *bind.TransactOpts) (interface{ Hash() common.Hash }, error) {
		return token.Mint(o, sender, big.NewInt(5_000_000))
	})
	c.transact(t, c.keys.Operator, func(o *bind.TransactOpts) (interface{ Hash() common.Hash }, error) {
		return factory.SetAdmin(o, sender, true)
	})

	head, err := c.client.HeaderByNumber(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	act := &aa.Action{Kind: aa.KindCreateMarket, Target: c.suite.MarketFactory, Create: &aa.CreateParams{
		BaseToken: usdc, OptionNames: []string{"Yes", "No", "Maybe"}, EndTime: big.NewInt(int64(head.Time) + 86400),
		FeeBps: big.NewInt(200), InitialLiquidity: big.NewInt(3_000_000), Salt: [32]byte{7}},
		Approvals: []aa.Approval{{Token: usdc, Spender: c.suite.MarketFactory, Amount: big.NewInt(3_000_000)}}}
	callData, err := aa.CallData(act)
	if err != nil {
		t.Fatal(err)
	}
	initCode, _ := aa.InitCode(c.suite.AccountFactory, ownerAddr)
	nonce, err := aa.Nonce(ctx, c.client, c.suite.EntryPoint, sender)
	if err != nil {
		t.Fatal(err)
	}
	op := &aa.UserOperation{
		Sender: sender, Nonce: nonce, InitCode: initCode, CallData: callData,
		CallGasLimit: big.NewInt(3_000_000), VerificationGasLimit: big.NewInt(1_000_000), PreVerificationGas: big.NewInt(60_000),
		MaxFeePerGas: big.NewInt(2e9), MaxPriorityFeePerGas: big.NewInt(1e9),
	}
	pm := aa.NewPaymaster(c.suite.Paymaster, c.keys.Paymaster, c.client)
	if err := pm.Sponsor(ctx, op, time.Unix(int64(head.Time), 0)); err != nil {
		t.Fatal(err)
	}
	chainID := new(big.Int).SetUint64(c.suite.ChainID)
	hash := op.Hash(c.suite.EntryPoint, chainID)

	other, _ := crypto.GenerateKey()
	if op.Signature, err = aa.SignHash(hash, other); err != nil {
		t.Fatal(err)
	}
	if err := aa.Simulate(ctx, c.client, c.suite.EntryPoint, op); predict.ErrorCode(err) != predict.EREJECTED {
		t.Fatalf("simulation of a signature by another key: %v, want EREJECTED", err)
	}
	if op.Signature, err = aa.SignHash(hash, owner); err != nil {
		t.Fatal(err)
	}
	if err := aa.Simulate(ctx, c.client, c.suite.EntryPoint, op); err != nil {
		t.Fatalf("simulation: %v", err)
	}
	tampered := op.Copy()
	tampered.PaymasterAndData[len(tampered.PaymasterAndData)-2] ^= 0xff
	// The paymaster's signature is what fails: AA34, not the owner's.
	if err := aa.Simulate(ctx, c.client, c.suite.EntryPoint, tampered); predict.ErrorCode(err) != predict.EPAYMASTERSIG {
		t.Fatalf("simulation with tampered paymaster data: %v, want EPAYMASTERSIG", err)
	}
	// A field the paymaster signed changed after sponsorship: the same.
	regassed := op.Copy()
	regassed.CallGasLimit = new(big.Int).Add(regassed.CallGasLimit, big.NewInt(1))
	if regassed.Signature, err = aa.SignHash(regassed.Hash(c.suite.EntryPoint, chainID), owner); err != nil {
		t.Fatal(err)
	}
	if err := aa.Simulate(ctx, c.client, c.suite.EntryPoint, regassed); predict.ErrorCode(err) != predict.EPAYMASTERSIG {
		t.Fatalf("simulation with gas changed after sponsorship: %v, want EPAYMASTERSIG", err)
	}

	ep, _ := bindings.NewEntryPoint(c.suite.EntryPoint, c.client)
	opts, _ := bind.NewKeyedTransactorWithChainID(c.keys.Bundler, chainID)
	opts.GasLimit = 5_000_000
	tx, err := ep.HandleOps(opts, []bindings.UserOperation{aa.Binding(op)}, c.keys.BundlerAddress())
	if err != nil {
		t.Fatal(err)
	}
	rcpt, err := chain.WaitMined(ctx, c.client, tx.Hash())
	if err != nil {
		t.Fatal(err)
	}
	var success, created bool
	for _, l := range rcpt.Logs {
		if ev, err := ep.ParseUserOperationEvent(*l); err == nil {
			if common.Hash(ev.UserOpHash) != hash {
				t.Fatalf("UserOperationEvent hash %x, want %s", ev.UserOpHash, hash)
			}
			success = ev.Success
		}
		if _, err := bindings.NewMarketFactoryFilterer(c.suite.MarketFactory, c.client); err == nil && l.Address == c.suite.MarketFactory {
			created = true
		}
	}
	if !success || !created {
		t.Fatalf("operation success=%v, market created=%v (gas used %d)", success, created, rcpt.GasUsed)
	}
	t.Logf("sponsored create-market with a new account: %d gas", rcpt.GasUsed)
}
