package bindings

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"sync"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
)

// RevertError is a decoded revert of a contract of the suite: a custom error (for example
// Market's InsufficientOutput or EntryPoint's FailedOp), Solidity's Error(string) or
// Panic(uint256).
type RevertError struct {
	Name string // error name, e.g. "InsufficientOutput", "Error", "Panic"
	Args []any  // decoded arguments in declaration order
}

// Error renders the revert as Name(arg, ...).
func (e *RevertError) Error() string {
	parts := make([]string, len(e.Args))
	for i, a := range e.Args {
		parts[i] = fmt.Sprint(a)
	}
	return "execution reverted: " + e.Name + "(" + strings.Join(parts, ", ") + ")"
}

var (
	errorStringSelector = [4]byte{0x08, 0xc3, 0x79, 0xa0} // Error(string)
	panicSelector       = [4]byte{0x4e, 0x48, 0x7b, 0x71} // Panic(uint256)
)

// suiteErrors maps the selector of every custom error declared in the suite's ABIs to its
// definition. Errors with the same signature in several contracts are the same error.
var suiteErrors = sync.OnceValues(func() (map[[4]byte]abi.Error, error) {
	all := map[[4]byte]abi.Error{}
	for _, md := range []*bind.MetaData{
		BaseTokenMetaData, BlacklistTokenMetaData, EntryPointMetaData, ExchangeMetaData, LimitOrdersMetaData, MarketMetaData, MarketFactoryMetaData,
		OptionTokenMetaData, SimpleAccountMetaData, SimpleAccountFactoryMetaData,
		VerifyingPaymasterMetaData,
	} {
		parsed, err := md.GetAbi()
		if err != nil {
			return nil, err
		}
		for _, e := range parsed.Errors {
			var sel [4]byte
			copy(sel[:], e.ID[:4])
			all[sel] = e
		}
	}
	return all, nil
})

// DecodeRevert decodes revert data returned by any contract of the suite (for example the data
// of ethclient.RevertErrorData). It returns an error if the data is empty, has an unknown
// selector or does not match the error's arguments.
func DecodeRevert(data []byte) (*RevertError, error) {
	if len(data) < 4 {
		return nil, errors.New("bindings: revert data too short")
	}
	var sel [4]byte
	copy(sel[:], data[:4])
	switch sel {
	case errorStringSelector:
		s, err := abi.UnpackRevert(data)
		if err != nil {
			return nil, err
		}
		return &RevertError{Name: "Error", Args: []any{s}}, nil
	case panicSelector:
		if len(data) != 36 {
			return nil, errors.New("bindings: malformed Panic data")
		}
		code := new(big.Int).SetBytes(data[4:])
		return &RevertError{Name: "Panic", Args: []any{code}}, nil
	}
	all, err := suiteErrors()
	if err != nil {
		return nil, err
	}
	def, ok := all[sel]
	if !ok {
		return nil, fmt.Errorf("bindings: unknown error selector 0x%08x", binary.BigEndian.Uint32(sel[:]))
	}
	args, err := def.Inputs.Unpack(data[4:])
	if err != nil {
		return nil, fmt.Errorf("bindings: decode %s: %w", def.Name, err)
	}
	return &RevertError{Name: def.Name, Args: args}, nil
}
