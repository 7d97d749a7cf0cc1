package bundler

import (
	"bytes"
	"cmp"
	"math"
	"math/big"
	"slices"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/chain/bindings"
)

// Gas accounting of a handleOps transaction. Estimating it with the node
// returned about twice the gas used and cost 0.3-0.5 s per 100 operations
// (docs/development.md), so the bundler computes it:
//
//	gas limit = CalldataGas(data) + BatchOverhead + Σ OpGas(op)
//
// (never below the EIP-7623 calldata floor). OpGas is the most one
// operation may use: the bound the EntryPoint computes its prefund from,
// plus what its innerHandleOp gas check demands; CalldataGas is the
// transaction's intrinsic gas, counted apart because the limit must cover
// it whatever preVerificationGas the operations declare; BatchOverhead is
// the EntryPoint's work that belongs to no operation.
//
// TestGasFormula compares it with real bundles on the dev chain: a
// sponsored operation of a new account used about 353k gas and one of an
// existing account 58k, plus about 45-50k per bundle (intrinsic gas
// included); with that test's limits (verificationGasLimit 400k or 100k,
// callGasLimit 60k, preVerificationGas 50k) the formula gives about 1.33M
// and 0.42M per operation and 72k per bundle, so bundles use 15-30% of
// their limit. The limit is an upper bound, never an estimate: that is
// what keeps a bundle from failing with AA95 out of gas.
const (
	// BatchOverhead covers handleOps' fixed work: the BeforeExecution
	// event, the loops' set-up and the payment of the collected fees to
	// the beneficiary (a value transfer that may create its account).
	BatchOverhead = 50_000
	// handleOpsHead bounds the calldata of handleOps around its
	// operations: selector, two head words and the array length.
	handleOpsHead = 4 + 3*32
	// innerCheckGas is the margin of EntryPoint v0.6's innerHandleOp
	// gas check.
	innerCheckGas = 5_000
	// txBaseGas is the intrinsic gas of any transaction.
	txBaseGas = 21_000
)

// OpGas is the most gas op can make handleOps spend: verificationGasLimit
// counts three times with a paymaster (account validation, paymaster
// validation and postOp each get up to verificationGasLimit in v0.6) and
// twice without, plus callGasLimit, preVerificationGas and the margins of
// the EntryPoint's own gas check. It saturates at MaxUint64.
func OpGas(op *aa.UserOperation) uint64 {
	// Without a paymaster verificationGasLimit still counts twice: after
	// the account's validation has used up to it, the EntryPoint's
	// innerHandleOp demands callGasLimit + verificationGasLimit + 5000
	// more (for postOp) or the whole bundle fails with "AA95 out of gas".
	mul := int64(2)
	if _, ok := op.PaymasterOf(); ok {
		mul = 3
	}
	g := new(big.Int).Mul(predict.OrZero(op.VerificationGasLimit), big.NewInt(mul))
	g.Add(g, predict.OrZero(op.CallGasLimit))
	g.Add(g, predict.OrZero(op.PreVerificationGas))
	// innerHandleOp is an external call that keeps 1/64 back (EIP-150),
	// and its own check adds 5000.
	inner := new(big.Int).Add(predict.OrZero(op.CallGasLimit), predict.OrZero(op.VerificationGasLimit))
	g.Add(g, inner.Quo(inner, big.NewInt(63)))
	g.Add(g, big.NewInt(innerCheckGas))
	if !g.IsUint64() {
		return math.MaxUint64
	}
	return g.Uint64()
}

// CalldataGas is the intrinsic gas of a transaction carrying data: 21,000
// plus 4 per zero byte and 16 per other byte.
func CalldataGas(data []byte) uint64 {
	zero := uint64(bytes.Count(data, []byte{0}))
	return txBaseGas + 4*zero + 16*(uint64(len(data))-zero)
}

// floorGas is EIP-7623's floor (Prague and later): a transaction pays at
// least 21,000 plus 10 per calldata token (a zero byte is one token,
// another byte four), when its calldata and execution cost less.
func floorGas(data []byte) uint64 {
	zero := uint64(bytes.Count(data, []byte{0}))
	return txBaseGas + 10*(zero+4*(uint64(len(data))-zero))
}

// BatchGas is the gas limit of the handleOps transaction whose calldata
// is data and which carries ops: CalldataGas(data) + BatchOverhead +
// Σ OpGas(op), and never below the EIP-7623 floor.
func BatchGas(ops []*aa.UserOperation, data []byte) uint64 {
	total := CalldataGas(data) + BatchOverhead
	for _, op := range ops {
		total = addSat(total, OpGas(op))
	}
	return max(total, floorGas(data))
}

func addSat(a, b uint64) uint64 {
	if a > math.MaxUint64-b {
		return math.MaxUint64
	}
	return a + b
}

// encodedOpGas is what op adds to a batch's CalldataGas: its ABI
// encoding as an array element plus the element's offset word. These add
// up, so a batch can be packed before its calldata exists. (The EIP-7623
// floor is far below the packed batch's gas: OpGas alone is more than the
// floor's 40 gas per calldata byte.)
func encodedOpGas(op *aa.UserOperation) uint64 {
	enc, err := opArgs.Pack(aa.Binding(op))
	if err != nil {
		return math.MaxUint64 // cannot be encoded: it cannot be bundled either
	}
	// The element is encoded behind its own offset word in opArgs; that
	// word stands for the array's offset entry of this element.
	return CalldataGas(enc) - txBaseGas
}

var opArgs = func() abi.Arguments {
	ep, err := bindings.EntryPointMetaData.GetAbi()
	if err != nil {
		panic(err)
	}
	return abi.Arguments{{Type: *ep.Methods["handleOps"].Inputs[0].Type.Elem}}
}()

// entryState is where an operation is inside the built-in bundler.
type entryState int

const (
	stateQueued   entryState = iota // waiting for a bundle
	stateInflight                   // in a transaction not yet mined
	stateDone                       // mined, or dropped
)

// nonceKey is an account's nonce sequence: v0.6 nonces are a 192-bit key
// and a 64-bit sequence number; each key counts on its own.
type nonceKey struct {
	sender common.Address
	key    [24]byte
}

// entry is one operation held by the built-in bundler.
type entry struct {
	op       *aa.UserOperation
	hash     common.Hash
	seq      uint64 // submission order
	key      nonceKey
	cost     uint64 // OpGas plus its calldata share
	initCode bool

	// validAfter/validUntil of the VerifyingPaymaster data, 0 when unknown.
	validAfter, validUntil uint64

	state    entryState
	inQueue  bool // in Builtin.queue
	attempts int  // reverted handleOps it was part of
	lookups  int  // failed searches for its UserOperationEvent
	doneAt   time.Time
}

func newEntry(op *aa.UserOperation, hash common.Hash, seq uint64) *entry {
	e := &entry{op: op, hash: hash, seq: seq, initCode: len(op.InitCode) > 0}
	e.key.sender = op.Sender
	n := predict.OrZero(op.Nonce)
	kb := new(big.Int).Rsh(n, 64).Bytes()
	if len(kb) <= 24 {
		copy(e.key.key[24-len(kb):], kb)
	}
	e.cost = addSat(OpGas(op), encodedOpGas(op))
	e.validAfter, e.validUntil = paymasterValidity(op)
	return e
}

// paymasterValidity reads validUntil and validAfter from paymasterAndData
// laid out as the VerifyingPaymaster's (address, abi.encode(uint48,
// uint48), 65-byte signature). Other layouts report 0, 0: their expiry is
// caught by the batch's eth_call (AA32) instead.
func paymasterValidity(op *aa.UserOperation) (after, until uint64) {
	const layout = 20 + 64 + 65
	pd := op.PaymasterAndData
	if len(pd) != layout {
		return 0, 0
	}
	u := new(big.Int).SetBytes(pd[20:52])
	a := new(big.Int).SetBytes(pd[52:84])
	if u.BitLen() > 48 || a.BitLen() > 48 {
		return 0, 0
	}
	return a.Uint64(), u.Uint64()
}

// limits bound the packing of one round.
type limits struct {
	maxGas     uint64 // computed gas limit of one batch
	maxOps     int    // operations in one batch
	maxBundles int    // batches in one round
}

// packResult is what pack decided.
type packResult struct {
	batches  [][]*entry // each in handleOps order
	consumed []*entry   // nonce below the account's current one
	tooBig   []*entry   // cannot fit even in an empty batch
}

// pack builds a round's batches from queued operations (in submission
// order). skip names senders that must wait (an operation in flight, or
// one not yet valid): their later operations cannot be checked against
// the latest state. For each account nonce key, operations with a nonce
// below chainNonce are consumed; from the lowest remaining nonce, the
// consecutive ones form a run that goes into one batch, so an account's
// operations run in nonce order (a second operation with the same nonce,
// or one after a gap, waits). An account's runs are placed together, at
// the position of its earliest submission, into the first batch they fit
// (first fit keeps submission order roughly and fills batches); a run
// that fits in no batch even alone is cut to its longest fitting prefix.
func pack(queue []*entry, chainNonce map[nonceKey]*big.Int, skip map[common.Address]bool, lim limits) packResult {
	var res packResult
	bySender := map[common.Address][]*entry{}
	var senders []common.Address
	for _, e := range queue {
		s := e.op.Sender
		if skip[s] {
			continue
		}
		if _, ok := bySender[s]; !ok {
			senders = append(senders, s)
		}
		bySender[s] = append(bySender[s], e)
	}

	base := uint64(txBaseGas + BatchOverhead + 16*handleOpsHead)
	type batch struct {
		ops []*entry
		gas uint64
	}
	var batches []*batch
	fits := func(b *batch, unit []*entry) bool {
		g := b.gas
		for _, e := range unit {
			g = addSat(g, e.cost)
		}
		return g <= lim.maxGas && len(b.ops)+len(unit) <= lim.maxOps
	}
	for _, s := range senders {
		unit, consumed := runs(bySender[s], chainNonce)
		res.consumed = append(res.consumed, consumed...)
		if len(unit) == 0 {
			continue
		}
		placed := false
		for _, b := range batches {
			if fits(b, unit) {
				b.ops = append(b.ops, unit...)
				for _, e := range unit {
					b.gas = addSat(b.gas, e.cost)
				}
				placed = true
				break
			}
		}
		if placed || len(batches) >= lim.maxBundles {
			continue
		}
		b := &batch{gas: base}
		for _, e := range unit {
			if !fits(b, []*entry{e}) {
				break
			}
			b.ops = append(b.ops, e)
			b.gas = addSat(b.gas, e.cost)
		}
		if len(b.ops) == 0 {
			res.tooBig = append(res.tooBig, unit[0])
			continue
		}
		batches = append(batches, b)
	}
	for _, b := range batches {
		res.batches = append(res.batches, b.ops)
	}
	return res
}

// runs splits one sender's queued operations into those whose nonce is
// consumed and the run that can go into a batch now: per nonce key, the
// consecutive nonces from the lowest unconsumed one. The run is ordered
// with an account-creating operation first (its initCode must run before
// any other operation of the account), then by key and nonce.
func runs(ops []*entry, chainNonce map[nonceKey]*big.Int) (unit, consumed []*entry) {
	byKey := map[nonceKey][]*entry{}
	var keys []nonceKey
	for _, e := range ops {
		if _, ok := byKey[e.key]; !ok {
			keys = append(keys, e.key)
		}
		byKey[e.key] = append(byKey[e.key], e)
	}
	for _, k := range keys {
		group := byKey[k]
		slices.SortStableFunc(group, func(a, b *entry) int {
			if c := predict.OrZero(a.op.Nonce).Cmp(predict.OrZero(b.op.Nonce)); c != 0 {
				return c
			}
			return cmp.Compare(a.seq, b.seq)
		})
		cur := chainNonce[k]
		var next *big.Int
		for _, e := range group {
			n := predict.OrZero(e.op.Nonce)
			if cur != nil && n.Cmp(cur) < 0 {
				consumed = append(consumed, e)
				continue
			}
			if next != nil {
				if c := n.Cmp(next); c < 0 {
					continue // a second operation with a nonce taken: it waits
				} else if c > 0 {
					break // a gap: the rest waits
				}
			}
			unit = append(unit, e)
			next = new(big.Int).Add(n, big.NewInt(1))
		}
	}
	slices.SortStableFunc(unit, func(a, b *entry) int {
		switch {
		case a.initCode && !b.initCode:
			return -1
		case b.initCode && !a.initCode:
			return 1
		}
		if c := bytes.Compare(a.key.key[:], b.key.key[:]); c != 0 {
			return c
		}
		return predict.OrZero(a.op.Nonce).Cmp(predict.OrZero(b.op.Nonce))
	})
	return unit, consumed
}
