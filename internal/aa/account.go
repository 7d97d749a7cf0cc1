package aa

import (
	"context"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict/internal/chain/bindings"
)

// AccountSalt is the SimpleAccountFactory salt of the service's accounts:
// one account per owner key.
var AccountSalt = big.NewInt(0)

// InitCode is the initCode that deploys owner's SimpleAccount through the
// factory: the factory address, then createAccount(owner, salt).
func InitCode(factory, owner common.Address) ([]byte, error) {
	fa, err := bindings.SimpleAccountFactoryMetaData.GetAbi()
	if err != nil {
		return nil, err
	}
	data, err := fa.Pack("createAccount", owner, AccountSalt)
	if err != nil {
		return nil, err
	}
	return append(factory.Bytes(), data...), nil
}

// AccountAddress is the counterfactual address of owner's account.
func AccountAddress(ctx context.Context, caller bind.ContractCaller, factory, owner common.Address) (common.Address, error) {
	f, err := bindings.NewSimpleAccountFactoryCaller(factory, caller)
	if err != nil {
		return common.Address{}, err
	}
	a, err := f.GetAddress(&bind.CallOpts{Context: ctx}, owner, AccountSalt)
	if err != nil {
		return common.Address{}, fmt.Errorf("account address of %s: %w", owner.Hex(), err)
	}
	return a, nil
}

// Nonce is the account's next EntryPoint nonce (key 0).
func Nonce(ctx context.Context, caller bind.ContractCaller, entryPoint, sender common.Address) (*big.Int, error) {
	ep, err := bindings.NewEntryPointCaller(entryPoint, caller)
	if err != nil {
		return nil, err
	}
	n, err := ep.GetNonce(&bind.CallOpts{Context: ctx}, sender, big.NewInt(0))
	if err != nil {
		return nil, fmt.Errorf("nonce of %s: %w", sender.Hex(), err)
	}
	return n, nil
}
