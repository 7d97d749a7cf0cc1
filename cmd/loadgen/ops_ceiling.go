package main

import (
	"context"
	"crypto/ecdsa"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/bundler"
	"github.com/predict-dev/predict/internal/chain"
	"github.com/predict-dev/predict/internal/chain/bindings"
)

// rawRound prepares and signs one buy per trader through the service
// (sponsored, untimed), then sends them straight to the EntryPoint in
// handleOps batches from a funded account and waits until all are mined.
func (h *harness) rawRound(ctx context.Context, batch int) (time.Duration, []time.Duration, error) {
	ops := make([]*aa.UserOperation, len(h.traders))
	for i, t := range h.traders {
		req := h.order()
		req.Side = client.SideBuy
		if _, err := t.signer.Sign(ctx, &req); err != nil {
			return 0, nil, err
		}
		ops[i] = req.UserOperation
	}
	key, err := h.sender(ctx)
	if err != nil {
		return 0, nil, err
	}
	from := crypto.PubkeyToAddress(key.PublicKey)
	nonce, err := h.eth.PendingNonceAt(ctx, from)
	if err != nil {
		return 0, nil, err
	}
	epABI, err := bindings.EntryPointMetaData.GetAbi()
	if err != nil {
		return 0, nil, err
	}
	head, err := h.eth.HeaderByNumber(ctx, nil)
	if err != nil {
		return 0, nil, err
	}
	tip := big.NewInt(1e9)
	feeCap := new(big.Int).Add(new(big.Int).Mul(head.BaseFee, big.NewInt(2)), tip)
	signer := types.LatestSignerForChainID(h.chainID)
	type sentTx struct {
		hash common.Hash
		ops  int
		at   time.Time
	}
	var sent []sentTx
	start := time.Now()
	for lo := 0; lo < len(ops); lo += batch {
		group := ops[lo:min(lo+batch, len(ops))]
		bound := make([]bindings.UserOperation, len(group))
		for i, op := range group {
			bound[i] = aa.Binding(op)
		}
		data, err := epABI.Pack("handleOps", bound, from)
		if err != nil {
			return 0, nil, err
		}
		tx, err := types.SignNewTx(key, signer, &types.DynamicFeeTx{ChainID: h.chainID, Nonce: nonce, GasTipCap: tip,
			GasFeeCap: feeCap, Gas: bundler.BatchGas(group, data), To: &h.entryPoint, Data: data})
		if err != nil {
			return 0, nil, err
		}
		if err := h.eth.SendTransaction(ctx, tx); err != nil {
			return 0, nil, fmt.Errorf("send handleOps: %w", err)
		}
		sent = append(sent, sentTx{tx.Hash(), len(group), time.Now()})
		nonce++
	}
	var lat []time.Duration
	var last time.Time
	for _, s := range sent {
		r, err := chain.WaitMined(ctx, h.eth, s.hash)
		if err != nil {
			return 0, nil, err
		}
		if r.Status != types.ReceiptStatusSuccessful {
			return 0, nil, fmt.Errorf("handleOps %s failed", s.hash.Hex())
		}
		last = time.Now()
		for range s.ops {
			lat = append(lat, last.Sub(s.at))
		}
	}
	// Let the service index them, so the next round prepares on fresh
	// nonces and balances.
	time.Sleep(2 * time.Second)
	return last.Sub(start), lat, nil
}

// sender returns an account funded by the operator that sends the raw
// handleOps batches (the service's own bundler key stays untouched).
func (h *harness) sender(ctx context.Context) (*ecdsa.PrivateKey, error) {
	keyFile := filepath.Join(h.svc.dataDir, "..", "raw-sender.key")
	if b, err := os.ReadFile(keyFile); err == nil {
		return crypto.HexToECDSA(strings.TrimSpace(string(b)))
	}
	keys, err := chain.LoadOrCreateKeys(h.svc.dataDir)
	if err != nil {
		return nil, err
	}
	key, err := crypto.GenerateKey()
	if err != nil {
		return nil, err
	}
	to := crypto.PubkeyToAddress(key.PublicKey)
	nonce, err := h.eth.PendingNonceAt(ctx, keys.OperatorAddress())
	if err != nil {
		return nil, err
	}
	head, err := h.eth.HeaderByNumber(ctx, nil)
	if err != nil {
		return nil, err
	}
	fee := new(big.Int).Add(new(big.Int).Mul(head.BaseFee, big.NewInt(2)), big.NewInt(1e9))
	value, _ := new(big.Int).SetString("100000000000000000000", 10) // 100 ether
	tx, err := types.SignNewTx(keys.Operator, types.LatestSignerForChainID(h.chainID), &types.DynamicFeeTx{
		ChainID: h.chainID, Nonce: nonce, GasTipCap: big.NewInt(1e9), GasFeeCap: fee, Gas: 21000, To: &to, Value: value})
	if err != nil {
		return nil, err
	}
	if err := h.eth.SendTransaction(ctx, tx); err != nil {
		return nil, err
	}
	if _, err := chain.WaitMined(ctx, h.eth, tx.Hash()); err != nil {
		return nil, err
	}
	return key, os.WriteFile(keyFile, []byte(common.Bytes2Hex(crypto.FromECDSA(key))), 0o600)
}
