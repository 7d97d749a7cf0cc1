package aa

import (
	"fmt"
	"math/big"
	"sync"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict/internal/chain/bindings"
)

// EntryPointTopics are the EntryPoint v0.6 events a receipt is read by.
type EntryPointTopics struct {
	BeforeExecution    common.Hash
	UserOperationEvent common.Hash
}

// UserOperationOutcome is the data of a UserOperationEvent (its indexed
// opHash, sender and paymaster are topics).
type UserOperationOutcome struct {
	Nonce         *big.Int
	Success       bool
	ActualGasCost *big.Int
	ActualGasUsed *big.Int
}

// EntryPointEvents returns the topics of the EntryPoint's events.
func EntryPointEvents() EntryPointTopics { return entryPointTopics() }

var entryPointTopics = sync.OnceValue(func() EntryPointTopics {
	a, err := bindings.EntryPointMetaData.GetAbi()
	if err != nil {
		panic(fmt.Sprintf("aa: parse EntryPoint ABI: %v", err)) // generated, committed ABI
	}
	return EntryPointTopics{BeforeExecution: a.Events["BeforeExecution"].ID, UserOperationEvent: a.Events["UserOperationEvent"].ID}
})

// DecodeUserOperationEvent reads a UserOperationEvent's data.
func (EntryPointTopics) DecodeUserOperationEvent(data []byte) (*UserOperationOutcome, error) {
	a, err := bindings.EntryPointMetaData.GetAbi()
	if err != nil {
		return nil, err
	}
	v, err := a.Events["UserOperationEvent"].Inputs.NonIndexed().Unpack(data)
	if err != nil || len(v) != 4 {
		return nil, fmt.Errorf("decode UserOperationEvent: %w", err)
	}
	return &UserOperationOutcome{Nonce: v[0].(*big.Int), Success: v[1].(bool), ActualGasCost: v[2].(*big.Int), ActualGasUsed: v[3].(*big.Int)}, nil
}
