package api

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/wire"
)

// rpcOperationByHash: [hash]. The operation with where it was included;
// null for an unknown or dropped operation.
func (s *Server) rpcOperationByHash(ctx context.Context, _ *predict.User, c *rpcCall) (any, error) {
	rec, found, err := s.rpcRecord(ctx, c)
	if err != nil || !found || rec.Status == predict.OpDropped {
		return nil, err
	}
	out := wire.UserOperationByHash{UserOperation: json.RawMessage(rec.UserOp), EntryPoint: common.HexToAddress(s.cfg.Deployment.EntryPoint).Hex()}
	if rec.Status == predict.OpConfirmed || rec.Status == predict.OpReverted {
		if rcpt, err := s.receiptOf(ctx, rec); err == nil && rcpt != nil {
			number, block, txHash := hexutil.EncodeBig(rcpt.BlockNumber), rcpt.BlockHash.Hex(), rcpt.TxHash.Hex()
			out.BlockNumber, out.BlockHash, out.TransactionHash = &number, &block, &txHash
		} else if err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (s *Server) rpcRecord(ctx context.Context, c *rpcCall) (*predict.Operation, bool, error) {
	ps, perr := c.params(1, 1)
	if perr != nil {
		return nil, false, perr
	}
	h, perr := hashParam(ps[0])
	if perr != nil {
		return nil, false, perr
	}
	rec, err := s.store.OperationByHash(ctx, h)
	if predict.ErrorCode(err) == predict.ENOTFOUND {
		return nil, false, nil
	}
	return rec, err == nil, err
}

func (s *Server) receiptOf(ctx context.Context, rec *predict.Operation) (*types.Receipt, error) {
	if s.cfg.Chain == nil || rec.TxHash == "" {
		return nil, nil
	}
	r, err := s.cfg.Chain.TransactionReceipt(ctx, common.HexToHash(rec.TxHash))
	if err != nil {
		return nil, predict.Errorf(predict.ERPC, "the chain node failed to read the receipt of %s", rec.TxHash)
	}
	return r, nil
}

// rpcReceipt: [hash]. ERC-4337's receipt once the operation ran on chain
// (confirmed or reverted, as the indexer recorded it); null before.
func (s *Server) rpcReceipt(ctx context.Context, _ *predict.User, c *rpcCall) (any, error) {
	rec, found, err := s.rpcRecord(ctx, c)
	if err != nil || !found || (rec.Status != predict.OpConfirmed && rec.Status != predict.OpReverted) {
		return nil, err
	}
	rcpt, err := s.receiptOf(ctx, rec)
	if err != nil || rcpt == nil {
		return nil, err
	}
	tx, _, err := s.cfg.Chain.TransactionByHash(ctx, rcpt.TxHash)
	if err != nil {
		return nil, predict.Errorf(predict.ERPC, "the chain node failed to read transaction %s", rcpt.TxHash.Hex())
	}
	return userOpReceipt(rec, rcpt, tx, common.HexToAddress(s.cfg.Deployment.EntryPoint), big.NewInt(s.cfg.Deployment.ChainID))
}

// userOpReceipt builds eth_getUserOperationReceipt's answer from the
// bundle transaction's receipt: the operation's UserOperationEvent and
// the logs its execution emitted (those since the EntryPoint's previous
// BeforeExecution or UserOperationEvent).
func userOpReceipt(rec *predict.Operation, rcpt *types.Receipt, tx *types.Transaction, entryPoint common.Address, chainID *big.Int) (any, error) {
	ev := aa.EntryPointEvents()
	start := 0
	hash := common.HexToHash(rec.OpHash)
	for i, l := range rcpt.Logs {
		if l.Address != entryPoint || len(l.Topics) == 0 {
			continue
		}
		switch l.Topics[0] {
		case ev.BeforeExecution:
			start = i + 1
		case ev.UserOperationEvent:
			if len(l.Topics) < 4 || l.Topics[1] != hash {
				start = i + 1
				continue
			}
			fields, err := ev.DecodeUserOperationEvent(l.Data)
			if err != nil {
				return nil, predict.Errorf(predict.ERPC, "undecodable UserOperationEvent in %s", rcpt.TxHash.Hex())
			}
			from, _ := types.Sender(types.LatestSignerForChainID(chainID), tx)
			receipt := newBundleReceipt(rcpt, from, entryPoint)
			logs := rcpt.Logs[start:i]
			if logs == nil {
				logs = []*types.Log{}
			}
			out := wire.UserOperationReceipt{
				UserOpHash: strings.ToLower(rec.OpHash), EntryPoint: entryPoint.Hex(),
				Sender: common.BytesToAddress(l.Topics[2].Bytes()).Hex(), Paymaster: common.BytesToAddress(l.Topics[3].Bytes()).Hex(),
				Nonce: hexutil.EncodeBig(fields.Nonce), Success: fields.Success,
				ActualGasCost: hexutil.EncodeBig(fields.ActualGasCost), ActualGasUsed: hexutil.EncodeBig(fields.ActualGasUsed),
			}
			if !fields.Success {
				out.Reason = rec.Reason
			}
			if out.Logs, err = json.Marshal(logs); err == nil {
				out.Receipt, err = json.Marshal(receipt)
			}
			if err != nil {
				return nil, fmt.Errorf("encode the receipt of %s: %w", rcpt.TxHash.Hex(), err)
			}
			return out, nil
		}
	}
	return nil, predict.Errorf(predict.ERPC, "transaction %s holds no UserOperationEvent of %s", rcpt.TxHash.Hex(), rec.OpHash)
}

// bundleReceipt is the node's receipt of a bundle transaction with the
// three fields ERC-4337 adds (from, to, effectiveGasPrice), encoded in one
// pass: nodeReceipt holds the node's fields as go-ethereum encodes them,
// and the outer effectiveGasPrice, shallower, takes the place of the
// embedded one (which is null when the receipt lacks it).
type bundleReceipt struct {
	nodeReceipt
	From              string `json:"from"`
	To                string `json:"to"`
	EffectiveGasPrice string `json:"effectiveGasPrice"`
}

// nodeReceipt is types.Receipt's JSON form (core/types/gen_receipt_json.go).
type nodeReceipt struct {
	Type              hexutil.Uint64 `json:"type,omitempty"`
	PostState         hexutil.Bytes  `json:"root"`
	Status            hexutil.Uint64 `json:"status"`
	CumulativeGasUsed hexutil.Uint64 `json:"cumulativeGasUsed"`
	Bloom             types.Bloom    `json:"logsBloom"`
	Logs              []*types.Log   `json:"logs"`
	TxHash            common.Hash    `json:"transactionHash"`
	ContractAddress   common.Address `json:"contractAddress"`
	GasUsed           hexutil.Uint64 `json:"gasUsed"`
	EffectiveGasPrice *hexutil.Big   `json:"effectiveGasPrice"`
	BlobGasUsed       hexutil.Uint64 `json:"blobGasUsed,omitempty"`
	BlobGasPrice      *hexutil.Big   `json:"blobGasPrice,omitempty"`
	BlockHash         common.Hash    `json:"blockHash,omitempty"`
	BlockNumber       *hexutil.Big   `json:"blockNumber,omitempty"`
	TransactionIndex  hexutil.Uint   `json:"transactionIndex"`
}

func newBundleReceipt(r *types.Receipt, from, entryPoint common.Address) bundleReceipt {
	return bundleReceipt{
		nodeReceipt: nodeReceipt{
			Type: hexutil.Uint64(r.Type), PostState: r.PostState, Status: hexutil.Uint64(r.Status),
			CumulativeGasUsed: hexutil.Uint64(r.CumulativeGasUsed), Bloom: r.Bloom, Logs: r.Logs, TxHash: r.TxHash,
			ContractAddress: r.ContractAddress, GasUsed: hexutil.Uint64(r.GasUsed),
			BlobGasUsed: hexutil.Uint64(r.BlobGasUsed), BlobGasPrice: (*hexutil.Big)(r.BlobGasPrice),
			BlockHash: r.BlockHash, BlockNumber: (*hexutil.Big)(r.BlockNumber), TransactionIndex: hexutil.Uint(r.TransactionIndex),
		},
		From: from.Hex(), To: entryPoint.Hex(), EffectiveGasPrice: hexutil.EncodeBig(predict.OrZero(r.EffectiveGasPrice)),
	}
}
