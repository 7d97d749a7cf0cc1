package aa

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"reflect"
	"strings"

	"github.com/ethereum/go-ethereum/accounts"
	"github.com/ethereum/go-ethereum/crypto"

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
	data, err := ep.Pack("simulateValidation", Binding(op))
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
		if err := checkValidity(rev); err != nil {
			// sigFailed is the account's or the paymaster's: the EntryPoint
			// folds both into one flag. Tell which, so the client knows
			// whether to re-sign or to have the operation sponsored again.
			if ok, perr := paymasterSignatureOK(ctx, caller, op); perr == nil && !ok {
				return errPaymasterSignature
			}
			return err
		}
		return nil
	case "FailedOp":
		reason := fmt.Sprint(rev.Args[len(rev.Args)-1])
		if strings.HasPrefix(reason, "AA34") {
			return errPaymasterSignature
		}
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

// errPaymasterSignature is EntryPoint's AA34: the paymaster's signature
// does not cover the operation as it is now (a field changed after it was
// sponsored) or its window ran out. The owner's signature may be fine; the
// operation must be sponsored again, and then signed again.
var errPaymasterSignature = predict.Errorf(predict.EPAYMASTERSIG,
	"AA34 signature error: the paymaster's signature no longer matches this operation (a field changed after it was sponsored, or the sponsorship expired): prepare it again (or ask pm_getPaymasterData again) and sign the new userOpHash")

// paymasterSignatureOK recomputes the VerifyingPaymaster's check of op's
// paymasterAndData off chain: the signature over getHash(op, validUntil,
// validAfter) must recover to verifyingSigner. An operation without
// VerifyingPaymaster data reports true (there is nothing to blame).
func paymasterSignatureOK(ctx context.Context, caller ethereum.ContractCaller, op *UserOperation) (bool, error) {
	pmd := op.PaymasterAndData
	if len(pmd) != paymasterSignatureOffset+signatureLength {
		return true, nil
	}
	window, err := validityArgs.Unpack(pmd[paymasterTimestampOffset:paymasterSignatureOffset])
	if err != nil || len(window) != 2 {
		return false, nil
	}
	until, after := window[0].(*big.Int), window[1].(*big.Int)
	pm := common.BytesToAddress(pmd[:20])
	a, err := bindings.VerifyingPaymasterMetaData.GetAbi()
	if err != nil {
		return false, err
	}
	call := func(method string, args ...any) ([]any, error) {
		data, err := a.Pack(method, args...)
		if err != nil {
			return nil, err
		}
		out, err := caller.CallContract(ctx, ethereum.CallMsg{To: &pm, Data: data}, nil)
		if err != nil {
			return nil, err
		}
		return a.Unpack(method, out)
	}
	h, err := call("getHash", Binding(op), until, after)
	if err != nil {
		return false, err
	}
	signer, err := call("verifyingSigner")
	if err != nil {
		return false, err
	}
	hash := h[0].([32]byte)
	sig := append([]byte(nil), pmd[paymasterSignatureOffset:]...)
	if sig[64] >= 27 {
		sig[64] -= 27
	}
	pub, err := crypto.SigToPub(accounts.TextHash(hash[:]), sig)
	if err != nil {
		return false, nil
	}
	return crypto.PubkeyToAddress(*pub) == signer[0].(common.Address), nil
}
