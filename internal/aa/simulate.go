package aa

import (
	"context"
	"errors"
	"fmt"
	"reflect"

	ethereum "github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/ethclient"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/chain/bindings"
)

// Simulate runs EntryPoint v0.6 simulateValidation for op. The call
// always reverts: ValidationResult means the account's signature, nonce,
// initCode and the paymaster's signature and deposit are all good;
// FailedOp carries the reason otherwise ("AA24 signature error", …),
// reported as EREJECTED. A signature or paymaster validity window that
// has not started or has run out is rejected too.
func Simulate(ctx context.Context, caller ethereum.ContractCaller, entryPoint common.Address, op *UserOperation) error {
	ep, err := bindings.EntryPointMetaData.GetAbi()
	if err != nil {
		return err
	}
	data, err := ep.Pack("simulateValidation", op.Binding())
	if err != nil {
		return fmt.Errorf("encode simulateValidation: %w", err)
	}
	_, err = caller.CallContract(ctx, ethereum.CallMsg{To: &entryPoint, Data: data}, nil)
	if err == nil {
		return errors.New("simulateValidation returned instead of reverting: is this an EntryPoint v0.6?")
	}
	revert, ok := ethclient.RevertErrorData(err)
	if !ok {
		return fmt.Errorf("simulate validation: %w", predict.Errorf(predict.ERPC, "the chain node failed to simulate the operation: %v", err))
	}
	rev, derr := bindings.DecodeRevert(revert)
	if derr != nil {
		return predict.Errorf(predict.EREJECTED, "operation validation reverted with undecodable data")
	}
	switch rev.Name {
	case "ValidationResult", "ValidationResultWithAggregation":
		return checkValidity(rev)
	case "FailedOp":
		reason := fmt.Sprint(rev.Args[len(rev.Args)-1])
		return predict.Errorf(predict.EREJECTED, "operation rejected by the EntryPoint: %s", reason)
	}
	return predict.Errorf(predict.EREJECTED, "operation validation reverted: %s", rev.Error())
}

// checkValidity reads ValidationResult's returnInfo: with a SimpleAccount
// a bad owner signature is reported as sigFailed, not as a revert.
func checkValidity(rev *bindings.RevertError) error {
	if len(rev.Args) == 0 {
		return nil
	}
	info := reflect.ValueOf(rev.Args[0])
	if info.Kind() != reflect.Struct {
		return nil
	}
	if f := info.FieldByName("SigFailed"); f.IsValid() && f.Kind() == reflect.Bool && f.Bool() {
		return predict.Errorf(predict.EREJECTED, "operation rejected: the signature does not match the account owner")
	}
	return nil
}
