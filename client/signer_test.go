package client_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/wire"
)

// prepareDouble stands in for the service's prepare and place-order
// endpoints: preparing needs the chain, and the point here is a service
// that answers something other than what an honest one would, which the
// real one never does. The whole path against the real service (and
// chain) is cmd/predict's TestEndToEnd.
type prepareDouble struct {
	t          *testing.T
	entryPoint common.Address
	chainID    *big.Int
	account    common.Address
	base       common.Address
	// tamper changes the honest answer: the operation (its hash is
	// recomputed afterwards) and then the hash itself.
	tamper     func(op *aa.UserOperation, act *aa.Action)
	tamperHash func(h common.Hash) common.Hash
	answerHash string // place-order's opHash, when not the signed one's

	mu        sync.Mutex
	prepared  []map[string]any
	submitted []*aa.UserOperation
	signers   []common.Address
}

func (d *prepareDouble) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ok := func(data any) {
		json.NewEncoder(w).Encode(map[string]any{"code": 0, "data": data})
	}
	switch r.URL.Path {
	case "/api/v1/config":
		ok(map[string]any{"chainId": d.chainID.Int64(), "entryPoint": strings.ToLower(d.entryPoint.Hex())})
	case "/api/v1/aa/get-account-address":
		ok(map[string]any{"owner": r.URL.Query().Get("owner"), "accountAddress": strings.ToLower(d.account.Hex()), "deployed": true})
	case "/api/v1/aa/prepare-user-operation":
		var body map[string]any
		json.NewDecoder(r.Body).Decode(&body)
		d.mu.Lock()
		d.prepared = append(d.prepared, body)
		d.mu.Unlock()
		market := common.HexToAddress(body["marketAddress"].(string))
		amount, minOut, deadline := bigOf(body["amount"]), bigOf(body["minReceiveAmount"]), bigOf(body["deadline"])
		act := &aa.Action{Kind: aa.KindBuy, Target: market, Amount: amount, MinOut: minOut, Deadline: deadline,
			Approvals: []aa.Approval{{Token: d.base, Spender: market, Amount: amount}}}
		op := &aa.UserOperation{Sender: d.account, Nonce: big.NewInt(3), InitCode: []byte{},
			CallGasLimit: big.NewInt(240_000), VerificationGasLimit: big.NewInt(150_000), PreVerificationGas: big.NewInt(60_000),
			MaxFeePerGas: big.NewInt(2e9), MaxPriorityFeePerGas: big.NewInt(1e9),
			PaymasterAndData: append(common.HexToAddress("0x9a").Bytes(), make([]byte, 97)...), Signature: []byte{}}
		if d.tamper != nil {
			d.tamper(op, act)
		}
		var err error
		if op.CallData, err = aa.CallData(act); err != nil {
			d.t.Error(err)
		}
		h := op.Hash(d.entryPoint, d.chainID)
		if d.tamperHash != nil {
			h = d.tamperHash(h)
		}
		ok(map[string]any{"action": body["action"], "userOperation": op, "userOpHash": strings.ToLower(h.Hex())})
	case "/api/v1/market/place-order":
		var body struct {
			UserOperation *aa.UserOperation `json:"userOperation"`
		}
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			d.t.Error(err)
			return
		}
		op := body.UserOperation
		h := op.Hash(d.entryPoint, d.chainID)
		// Recover the signer as SimpleAccount v0.6 does: EIP-191 over
		// the hash, v in {27, 28}.
		sig := append([]byte{}, op.Signature...)
		sig[64] -= 27
		pub, err := crypto.SigToPub(accounts.TextHash(h.Bytes()), sig)
		if err != nil {
			d.t.Error(err)
			return
		}
		d.mu.Lock()
		d.submitted = append(d.submitted, op)
		d.signers = append(d.signers, crypto.PubkeyToAddress(*pub))
		d.mu.Unlock()
		answer := strings.ToLower(h.Hex())
		if d.answerHash != "" {
			answer = d.answerHash
		}
		ok(map[string]any{"opHash": answer, "orderUuid": "u-1"})
	default:
		http.NotFound(w, r)
	}
}

func bigOf(v any) *big.Int {
	s, _ := v.(string)
	n, ok := new(big.Int).SetString(s, 10)
	if !ok {
		return nil
	}
	return n
}

func TestSigner(t *testing.T) {
	owner, _ := crypto.GenerateKey()
	other, _ := crypto.GenerateKey()
	ownerAddr, otherAddr := crypto.PubkeyToAddress(owner.PublicKey), crypto.PubkeyToAddress(other.PublicKey)
	factory := common.HexToAddress("0xaf")
	market, option, stranger := common.HexToAddress("0x11"), common.HexToAddress("0x12"), common.HexToAddress("0x66")
	order := client.PlaceOrderRequest{MarketAddress: strings.ToLower(market.Hex()), OptionAddress: strings.ToLower(option.Hex()),
		Amount: wire.NewAmount(big.NewInt(10_000_000)), MinReceiveAmount: wire.NewAmount(big.NewInt(1)), Deadline: wire.NewUnix(time.Unix(1_900_000_000, 0))}

	for _, tc := range []struct {
		name       string
		opts       func(d *prepareDouble) []client.SignerOption
		tamper     func(op *aa.UserOperation, act *aa.Action)
		tamperHash func(common.Hash) common.Hash
		answerHash string
		want       error // nil: signed and submitted
		submitted  int
	}{
		{name: "OK", submitted: 1},
		{name: "PinnedChainAndAccount", opts: func(d *prepareDouble) []client.SignerOption {
			return []client.SignerOption{client.WithChain(d.entryPoint, d.chainID), client.WithAccount(d.account)}
		}, submitted: 1},
		{name: "FirstOperationDeploysOwnAccount", tamper: func(op *aa.UserOperation, _ *aa.Action) {
			op.InitCode, _ = aa.InitCode(factory, ownerAddr)
		}, submitted: 1},
		{name: "HashOfAnotherOperation", tamperHash: func(common.Hash) common.Hash {
			return crypto.Keccak256Hash([]byte("something else"))
		}, want: client.ErrHashMismatch},
		{name: "HashForAnotherChain", opts: func(d *prepareDouble) []client.SignerOption {
			return []client.SignerOption{client.WithChain(d.entryPoint, big.NewInt(1))}
		}, want: client.ErrHashMismatch},
		{name: "HashForAnotherEntryPoint", opts: func(d *prepareDouble) []client.SignerOption {
			return []client.SignerOption{client.WithChain(common.HexToAddress("0xe2"), d.chainID)}
		}, want: client.ErrHashMismatch},
		{name: "SenderOfAnotherAccount", tamper: func(op *aa.UserOperation, _ *aa.Action) {
			op.Sender = common.HexToAddress("0xbad")
		}, want: client.ErrWrongSender},
		{name: "InitCodeForAnotherOwner", tamper: func(op *aa.UserOperation, _ *aa.Action) {
			op.InitCode, _ = aa.InitCode(factory, otherAddr)
		}, want: client.ErrWrongSender},
		{name: "CallDataSpendsMore", tamper: func(_ *aa.UserOperation, act *aa.Action) {
			act.Amount = new(big.Int).Add(act.Amount, big.NewInt(1))
		}, want: client.ErrUnexpectedCall},
		{name: "CallDataSells", tamper: func(_ *aa.UserOperation, act *aa.Action) {
			act.Kind = aa.KindSell
		}, want: client.ErrUnexpectedCall},
		{name: "CallDataLaterDeadline", tamper: func(_ *aa.UserOperation, act *aa.Action) {
			act.Deadline = big.NewInt(2_000_000_000)
		}, want: client.ErrUnexpectedCall},
		{name: "ApprovalToAStranger", tamper: func(_ *aa.UserOperation, act *aa.Action) {
			act.Approvals[0].Spender = stranger
		}, want: client.ErrUnexpectedCall},
		{name: "AnotherMarket", tamper: func(_ *aa.UserOperation, act *aa.Action) {
			act.Target, act.Approvals[0].Spender = stranger, stranger
		}, want: client.ErrUnexpectedCall},
		{name: "AnswerNamesAnotherOpHash", answerHash: fmt.Sprintf("0x%064x", 1), want: client.ErrHashMismatch, submitted: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := &prepareDouble{t: t, entryPoint: common.HexToAddress("0xe1"), chainID: big.NewInt(1337),
				account: common.HexToAddress("0xacc"), base: common.HexToAddress("0xb1"),
				tamper: tc.tamper, tamperHash: tc.tamperHash, answerHash: tc.answerHash}
			srv := httptest.NewServer(d)
			defer srv.Close()
			c, _ := client.New(srv.URL, client.WithToken("tok"))
			var opts []client.SignerOption
			if tc.opts != nil {
				opts = tc.opts(d)
			}
			s := client.NewSigner(c, owner, opts...)
			res, err := s.Buy(context.Background(), order)
			d.mu.Lock()
			defer d.mu.Unlock()
			if !errors.Is(err, tc.want) || (tc.want == nil && err != nil) {
				t.Fatalf("Buy = %v, want %v", err, tc.want)
			}
			if len(d.submitted) != tc.submitted {
				t.Fatalf("%d operations submitted, want %d", len(d.submitted), tc.submitted)
			}
			if len(d.prepared) != 1 {
				t.Fatalf("%d prepares", len(d.prepared))
			}
			p := d.prepared[0]
			if p["action"] != "buy" || p["side"] != float64(1) || p["owner"] != strings.ToLower(ownerAddr.Hex()) ||
				p["deadline"] != "1900000000" || p["userOperation"] != nil {
				t.Fatalf("prepare body %v", p)
			}
			if tc.submitted == 0 {
				return
			}
			if d.signers[0] != ownerAddr {
				t.Fatalf("signed by %s, want the owner %s", d.signers[0].Hex(), ownerAddr.Hex())
			}
			if tc.want == nil && (res == nil || res.OrderUUID != "u-1" || res.OpHash != strings.ToLower(d.submitted[0].Hash(d.entryPoint, d.chainID).Hex())) {
				t.Fatalf("result %+v", res)
			}
		})
	}
}

// TestSignerSignsAsPredictSign: the signature is aa.SignHash of the
// userOpHash, byte for byte what `predict sign` puts in the operation.
func TestSignerSignsAsPredictSign(t *testing.T) {
	owner, _ := crypto.GenerateKey()
	d := &prepareDouble{t: t, entryPoint: common.HexToAddress("0xe1"), chainID: big.NewInt(1337),
		account: common.HexToAddress("0xacc"), base: common.HexToAddress("0xb1")}
	srv := httptest.NewServer(d)
	defer srv.Close()
	c, _ := client.New(srv.URL)
	req := &client.PlaceOrderRequest{MarketAddress: "0x0000000000000000000000000000000000000011", OptionAddress: "0x0000000000000000000000000000000000000012",
		Side: client.SideBuy, Amount: wire.NewAmount(big.NewInt(5)), MinReceiveAmount: wire.NewAmount(big.NewInt(1)), Deadline: wire.NewUnix(time.Unix(1_900_000_000, 0))}
	p, err := client.NewSigner(c, owner).Sign(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	want, _ := aa.SignHash(common.HexToHash(p.UserOpHash), owner)
	if req.UserOperation == nil || string(req.UserOperation.Signature) != string(want) || len(d.submitted) != 0 {
		t.Fatalf("Sign attached %x, want %x (and submits nothing)", req.UserOperation.Signature, want)
	}
}
