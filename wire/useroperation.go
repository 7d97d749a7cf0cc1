package wire

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strings"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict"
)

// Bounds an operation must respect before the service looks further:
// generous for any honest operation, small enough that nothing submitted
// can make a bundle unsendable or the paymaster pay for abuse.
const (
	MaxCallGas         = 5_000_000
	MaxVerificationGas = 3_000_000
	MaxPreVerification = 1_000_000
	MaxInitCode        = 1_024
	MaxCallData        = 16 * 1024
	MaxPaymasterData   = 1_024
	MaxSignature       = 1_024
)

// MaxFeePerGas caps the fees an operation may declare (10,000 gwei).
var MaxFeePerGas = new(big.Int).Mul(big.NewInt(10_000), big.NewInt(1e9))

// UserOperation is an ERC-4337 v0.6 user operation. Its JSON form is
// docs/transactions.md's: every field a hex string; initCode may be absent.
type UserOperation struct {
	Sender               common.Address
	Nonce                *big.Int
	InitCode             []byte
	CallData             []byte
	CallGasLimit         *big.Int
	VerificationGasLimit *big.Int
	PreVerificationGas   *big.Int
	MaxFeePerGas         *big.Int
	MaxPriorityFeePerGas *big.Int
	PaymasterAndData     []byte
	Signature            []byte
}

// userOpJSON is the wire form; pointers tell absent from empty.
type userOpJSON struct {
	Sender               *string `json:"sender"`
	Nonce                *string `json:"nonce"`
	InitCode             *string `json:"initCode,omitempty"`
	CallData             *string `json:"callData"`
	CallGasLimit         *string `json:"callGasLimit"`
	VerificationGasLimit *string `json:"verificationGasLimit"`
	PreVerificationGas   *string `json:"preVerificationGas"`
	MaxFeePerGas         *string `json:"maxFeePerGas"`
	MaxPriorityFeePerGas *string `json:"maxPriorityFeePerGas"`
	PaymasterAndData     *string `json:"paymasterAndData"`
	Signature            *string `json:"signature"`
}

// MarshalJSON writes the operation in docs/transactions.md's hex form.
func (op *UserOperation) MarshalJSON() ([]byte, error) {
	s := func(v string) *string { return &v }
	q := func(n *big.Int) *string {
		if n == nil {
			return s("0x0")
		}
		return s(hexutil.EncodeBig(n))
	}
	b := func(v []byte) *string { return s(hexutil.Encode(v)) }
	return json.Marshal(userOpJSON{
		Sender: s(strings.ToLower(op.Sender.Hex())), Nonce: q(op.Nonce), InitCode: b(op.InitCode), CallData: b(op.CallData),
		CallGasLimit: q(op.CallGasLimit), VerificationGasLimit: q(op.VerificationGasLimit), PreVerificationGas: q(op.PreVerificationGas),
		MaxFeePerGas: q(op.MaxFeePerGas), MaxPriorityFeePerGas: q(op.MaxPriorityFeePerGas),
		PaymasterAndData: b(op.PaymasterAndData), Signature: b(op.Signature),
	})
}

// UnmarshalJSON reads docs/transactions.md's hex form strictly: every field but
// initCode is required, quantities are 0x-hex without leading zeros
// (a leading-zero form is accepted for clients that pad), byte fields are
// 0x-hex of even length. Errors name the field and are EINVALID.
func (op *UserOperation) UnmarshalJSON(data []byte) error {
	var w userOpJSON
	if err := json.Unmarshal(data, &w); err != nil {
		return predict.Errorf(predict.EINVALID, "userOperation must be an object of hex strings")
	}
	var err error
	field := func(name string, v *string, required bool) (string, bool) {
		if err != nil {
			return "", false
		}
		if v == nil {
			if required {
				err = predict.Errorf(predict.EINVALID, "userOperation.%s is required", name)
			}
			return "", false
		}
		return *v, true
	}
	quantity := func(name string, v *string) *big.Int {
		s, ok := field(name, v, true)
		if !ok {
			return nil
		}
		if !strings.HasPrefix(s, "0x") || len(s) < 3 || len(s) > 66 {
			err = predict.Errorf(predict.EINVALID, "userOperation.%s must be a 0x-prefixed hex quantity of at most 256 bits", name)
			return nil
		}
		n, ok := new(big.Int).SetString(s[2:], 16)
		if !ok {
			err = predict.Errorf(predict.EINVALID, "userOperation.%s must be a 0x-prefixed hex quantity", name)
			return nil
		}
		return n
	}
	bytesField := func(name string, v *string, required bool, max int) []byte {
		s, ok := field(name, v, required)
		if !ok {
			return nil
		}
		if len(s) > 2+2*max {
			err = predict.Errorf(predict.EINVALID, "userOperation.%s is longer than %d bytes", name, max)
			return nil
		}
		b, derr := hexutil.Decode(s)
		if derr != nil {
			if s == "0x" {
				return []byte{}
			}
			err = predict.Errorf(predict.EINVALID, "userOperation.%s must be 0x-prefixed hex of even length", name)
			return nil
		}
		return b
	}
	if s, ok := field("sender", w.Sender, true); ok {
		if !common.IsHexAddress(s) || !strings.HasPrefix(s, "0x") {
			err = predict.Errorf(predict.EINVALID, "userOperation.sender must be a 0x-prefixed 20-byte address")
		} else {
			op.Sender = common.HexToAddress(s)
		}
	}
	op.Nonce = quantity("nonce", w.Nonce)
	op.InitCode = bytesField("initCode", w.InitCode, false, MaxInitCode)
	op.CallData = bytesField("callData", w.CallData, true, MaxCallData)
	op.CallGasLimit = quantity("callGasLimit", w.CallGasLimit)
	op.VerificationGasLimit = quantity("verificationGasLimit", w.VerificationGasLimit)
	op.PreVerificationGas = quantity("preVerificationGas", w.PreVerificationGas)
	op.MaxFeePerGas = quantity("maxFeePerGas", w.MaxFeePerGas)
	op.MaxPriorityFeePerGas = quantity("maxPriorityFeePerGas", w.MaxPriorityFeePerGas)
	op.PaymasterAndData = bytesField("paymasterAndData", w.PaymasterAndData, true, MaxPaymasterData)
	op.Signature = bytesField("signature", w.Signature, true, MaxSignature)
	if op.InitCode == nil && err == nil {
		op.InitCode = []byte{}
	}
	return err
}

// Validate checks the bounds no honest operation exceeds. Signatures and
// paymaster data are checked later by simulation on chain.
func (op *UserOperation) Validate() error {
	gas := []struct {
		name string
		v    *big.Int
		max  int64
	}{
		{"callGasLimit", op.CallGasLimit, MaxCallGas},
		{"verificationGasLimit", op.VerificationGasLimit, MaxVerificationGas},
		{"preVerificationGas", op.PreVerificationGas, MaxPreVerification},
	}
	for _, g := range gas {
		if g.v == nil || g.v.Sign() <= 0 || g.v.Cmp(big.NewInt(g.max)) > 0 {
			return predict.Errorf(predict.EINVALID, "userOperation.%s must be between 1 and %d", g.name, g.max)
		}
	}
	if op.MaxFeePerGas == nil || op.MaxFeePerGas.Cmp(MaxFeePerGas) > 0 {
		return predict.Errorf(predict.EINVALID, "userOperation.maxFeePerGas must be at most %s wei", MaxFeePerGas)
	}
	if op.MaxPriorityFeePerGas == nil || op.MaxPriorityFeePerGas.Cmp(op.MaxFeePerGas) > 0 {
		return predict.Errorf(predict.EINVALID, "userOperation.maxPriorityFeePerGas must not exceed maxFeePerGas")
	}
	if op.Nonce == nil || op.Nonce.BitLen() > 256 {
		return predict.Errorf(predict.EINVALID, "userOperation.nonce must be a 256-bit quantity")
	}
	if n := len(op.InitCode); n != 0 && n < 20 {
		return predict.Errorf(predict.EINVALID, "userOperation.initCode must be empty or start with a 20-byte factory address")
	}
	if n := len(op.PaymasterAndData); n != 0 && n < 20 {
		return predict.Errorf(predict.EINVALID, "userOperation.paymasterAndData must be empty or start with a 20-byte paymaster address")
	}
	if len(op.CallData) < 4 {
		return predict.Errorf(predict.EINVALID, "userOperation.callData must encode a call")
	}
	if len(op.Signature) == 0 {
		return predict.Errorf(predict.EINVALID, "userOperation.signature is required")
	}
	return nil
}

var (
	tAddress = mustType("address")
	tUint256 = mustType("uint256")
	tBytes32 = mustType("bytes32")
)

func mustType(t string) abi.Type {
	typ, err := abi.NewType(t, "", nil)
	if err != nil {
		panic(err)
	}
	return typ
}

// packArgs is the v0.6 UserOperationLib.pack: every field with the
// dynamic ones hashed, without the signature.
var packArgs = abi.Arguments{
	{Type: tAddress}, {Type: tUint256}, {Type: tBytes32}, {Type: tBytes32},
	{Type: tUint256}, {Type: tUint256}, {Type: tUint256}, {Type: tUint256}, {Type: tUint256},
	{Type: tBytes32},
}

var hashArgs = abi.Arguments{{Type: tBytes32}, {Type: tAddress}, {Type: tUint256}}

// Hash is EntryPoint v0.6 getUserOpHash: keccak256(abi.encode(
// keccak256(pack(op)), entryPoint, chainId)). It is the opHash of the API.
func (op *UserOperation) Hash(entryPoint common.Address, chainID *big.Int) common.Hash {
	packed, err := packArgs.Pack(
		op.Sender, predict.OrZero(op.Nonce), crypto.Keccak256Hash(op.InitCode), crypto.Keccak256Hash(op.CallData),
		predict.OrZero(op.CallGasLimit), predict.OrZero(op.VerificationGasLimit), predict.OrZero(op.PreVerificationGas),
		predict.OrZero(op.MaxFeePerGas), predict.OrZero(op.MaxPriorityFeePerGas), crypto.Keccak256Hash(op.PaymasterAndData),
	)
	if err != nil {
		panic(fmt.Sprintf("aa: pack user operation: %v", err)) // static types: cannot fail
	}
	out, err := hashArgs.Pack(crypto.Keccak256Hash(packed), entryPoint, chainID)
	if err != nil {
		panic(fmt.Sprintf("aa: pack user operation hash: %v", err))
	}
	return crypto.Keccak256Hash(out)
}

// Copy returns a deep copy, so a prepared operation can be changed
// (signatures, paymaster data) without touching the original.
func (op *UserOperation) Copy() *UserOperation {
	c := *op
	cp := func(n *big.Int) *big.Int {
		if n == nil {
			return nil
		}
		return new(big.Int).Set(n)
	}
	c.Nonce, c.CallGasLimit, c.VerificationGasLimit = cp(op.Nonce), cp(op.CallGasLimit), cp(op.VerificationGasLimit)
	c.PreVerificationGas, c.MaxFeePerGas, c.MaxPriorityFeePerGas = cp(op.PreVerificationGas), cp(op.MaxFeePerGas), cp(op.MaxPriorityFeePerGas)
	c.InitCode = append([]byte{}, op.InitCode...)
	c.CallData = append([]byte{}, op.CallData...)
	c.PaymasterAndData = append([]byte{}, op.PaymasterAndData...)
	c.Signature = append([]byte{}, op.Signature...)
	return &c
}

// PaymasterOf returns the paymaster named by paymasterAndData, if any.
func (op *UserOperation) PaymasterOf() (common.Address, bool) {
	if len(op.PaymasterAndData) < 20 {
		return common.Address{}, false
	}
	return common.BytesToAddress(op.PaymasterAndData[:20]), true
}
