package aa

import (
	"context"
	"crypto/ecdsa"
	"fmt"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/chain/bindings"
)

// Layout of VerifyingPaymaster v0.6 paymasterAndData: the paymaster
// address, abi.encode(uint48 validUntil, uint48 validAfter), a signature.
const (
	paymasterTimestampOffset = 20
	paymasterSignatureOffset = 84
	signatureLength          = 65
)

var validityArgs = func() abi.Arguments {
	t, err := abi.NewType("uint48", "", nil)
	if err != nil {
		panic(err) // a constant type name
	}
	return abi.Arguments{{Type: t}, {Type: t}}
}()

// Binding converts the operation to the generated contract struct.
func Binding(op *UserOperation) bindings.UserOperation {
	return bindings.UserOperation{
		Sender: op.Sender, Nonce: predict.OrZero(op.Nonce), InitCode: op.InitCode, CallData: op.CallData,
		CallGasLimit: predict.OrZero(op.CallGasLimit), VerificationGasLimit: predict.OrZero(op.VerificationGasLimit),
		PreVerificationGas: predict.OrZero(op.PreVerificationGas), MaxFeePerGas: predict.OrZero(op.MaxFeePerGas),
		MaxPriorityFeePerGas: predict.OrZero(op.MaxPriorityFeePerGas), PaymasterAndData: op.PaymasterAndData, Signature: op.Signature,
	}
}

// Paymaster signs paymasterAndData for the service's VerifyingPaymaster.
// Its key must be the paymaster's verifyingSigner.
type Paymaster struct {
	address common.Address
	key     *ecdsa.PrivateKey
	caller  bind.ContractCaller
	// Validity is how long a signature stays valid, from the head block's
	// time (chain time can run ahead of the wall clock on a fast dev chain).
	Validity time.Duration
}

// NewPaymaster returns a signer for the paymaster contract at address.
func NewPaymaster(address common.Address, key *ecdsa.PrivateKey, caller bind.ContractCaller) *Paymaster {
	return &Paymaster{address: address, key: key, caller: caller, Validity: 10 * time.Minute}
}

// Address is the paymaster contract.
func (p *Paymaster) Address() common.Address { return p.address }

// Sponsor sets op.PaymasterAndData to a signature valid from a minute
// before headTime until headTime+Validity. The contract's hash covers
// the calldata layout of the operation, which depends on the final length
// of paymasterAndData, so it is computed with a placeholder signature of
// the full size in place.
func (p *Paymaster) Sponsor(ctx context.Context, op *UserOperation, headTime time.Time) error {
	validUntil, validAfter, err := p.fill(op, headTime, make([]byte, signatureLength))
	if err != nil {
		return err
	}
	pm, err := bindings.NewVerifyingPaymasterCaller(p.address, p.caller)
	if err != nil {
		return err
	}
	hash, err := pm.GetHash(&bind.CallOpts{Context: ctx}, Binding(op), validUntil, validAfter)
	if err != nil {
		return fmt.Errorf("paymaster hash: %w", err)
	}
	sig, err := SignHash(hash, p.key)
	if err != nil {
		return fmt.Errorf("sign paymaster hash: %w", err)
	}
	copy(op.PaymasterAndData[paymasterSignatureOffset:], sig)
	return nil
}

// Stub sets op.PaymasterAndData to the layout Sponsor writes, with sig
// (65 bytes) in place of the paymaster's signature: the stub data of
// ERC-7677, for gas estimation. It is never valid on chain.
func (p *Paymaster) Stub(op *UserOperation, headTime time.Time, sig []byte) error {
	if len(sig) != signatureLength {
		return fmt.Errorf("stub signature of %d bytes, want %d", len(sig), signatureLength)
	}
	_, _, err := p.fill(op, headTime, sig)
	return err
}

// fill writes paymasterAndData: the paymaster, a validity window from a
// minute before headTime until headTime+Validity, and sig.
func (p *Paymaster) fill(op *UserOperation, headTime time.Time, sig []byte) (validUntil, validAfter *big.Int, err error) {
	validAfter = big.NewInt(headTime.Add(-time.Minute).Unix())
	validUntil = big.NewInt(headTime.Add(p.Validity).Unix())
	validity, err := validityArgs.Pack(validUntil, validAfter)
	if err != nil {
		return nil, nil, fmt.Errorf("encode paymaster validity: %w", err)
	}
	data := make([]byte, 0, paymasterSignatureOffset+signatureLength)
	data = append(append(data, p.address.Bytes()...), validity...)
	op.PaymasterAndData = append(data, sig...)
	return validUntil, validAfter, nil
}
