// Code generated - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package bindings

import (
	"context"
	"errors"
	"math/big"
	"strings"
	"time"

	ethereum "github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/event"
)

// Reference imports to suppress errors if they are not otherwise used.
var (
	_ = errors.New
	_ = big.NewInt
	_ = strings.NewReader
	_ = ethereum.NotFound
	_ = bind.Bind
	_ = common.Big1
	_ = types.BloomLookup
	_ = event.NewSubscription
	_ = abi.ConvertType
	_ = time.Tick
	_ = context.Background
)

// EntryPointMemoryUserOp is an auto generated low-level Go binding around an user-defined struct.
type EntryPointMemoryUserOp struct {
	Sender               common.Address
	Nonce                *big.Int
	CallGasLimit         *big.Int
	VerificationGasLimit *big.Int
	PreVerificationGas   *big.Int
	Paymaster            common.Address
	MaxFeePerGas         *big.Int
	MaxPriorityFeePerGas *big.Int
}

// EntryPointUserOpInfo is an auto generated low-level Go binding around an user-defined struct.
type EntryPointUserOpInfo struct {
	MUserOp       EntryPointMemoryUserOp
	UserOpHash    [32]byte
	Prefund       *big.Int
	ContextOffset *big.Int
	PreOpGas      *big.Int
}

// IEntryPointUserOpsPerAggregator is an auto generated low-level Go binding around an user-defined struct.
type IEntryPointUserOpsPerAggregator struct {
	UserOps    []UserOperation
	Aggregator common.Address
	Signature  []byte
}

// IStakeManagerDepositInfo is an auto generated low-level Go binding around an user-defined struct.
type IStakeManagerDepositInfo struct {
	Deposit         *big.Int
	Staked          bool
	Stake           *big.Int
	UnstakeDelaySec uint32
	WithdrawTime    *big.Int
}

// MarketResolution is an auto generated low-level Go binding around an user-defined struct.
type MarketResolution struct {
	ChallengeWindow uint64
	Bond            *big.Int
	DisputeFeeBps   uint16
}

// UserOperation is an auto generated low-level Go binding around an user-defined struct.
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

// BaseTokenMetaData contains all meta data concerning the BaseToken contract.
var BaseTokenMetaData = &bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"string\",\"name\":\"name_\",\"type\":\"string\"},{\"internalType\":\"string\",\"name\":\"symbol_\",\"type\":\"string\"},{\"internalType\":\"uint8\",\"name\":\"decimals_\",\"type\":\"uint8\"},{\"internalType\":\"address\",\"name\":\"owner_\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"allowance\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"needed\",\"type\":\"uint256\"}],\"name\":\"ERC20InsufficientAllowance\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"balance\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"needed\",\"type\":\"uint256\"}],\"name\":\"ERC20InsufficientBalance\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"approver\",\"type\":\"address\"}],\"name\":\"ERC20InvalidApprover\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"receiver\",\"type\":\"address\"}],\"name\":\"ERC20InvalidReceiver\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"ERC20InvalidSender\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"}],\"name\":\"ERC20InvalidSpender\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"caller\",\"type\":\"address\"}],\"name\":\"NotOwner\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroAddress\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Approval\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"previousOwner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"newOwner\",\"type\":\"address\"}],\"name\":\"OwnershipTransferred\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Transfer\",\"type\":\"event\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner_\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"}],\"name\":\"allowance\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"approve\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"balanceOf\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"decimals\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"mint\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"name\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"owner\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"symbol\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"totalSupply\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"transfer\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"transferFrom\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"newOwner\",\"type\":\"address\"}],\"name\":\"transferOwnership\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	Sigs: map[string]string{
		"dd62ed3e": "allowance(address,address)",
		"095ea7b3": "approve(address,uint256)",
		"70a08231": "balanceOf(address)",
		"313ce567": "decimals()",
		"40c10f19": "mint(address,uint256)",
		"06fdde03": "name()",
		"8da5cb5b": "owner()",
		"95d89b41": "symbol()",
		"18160ddd": "totalSupply()",
		"a9059cbb": "transfer(address,uint256)",
		"23b872dd": "transferFrom(address,address,uint256)",
		"f2fde38b": "transferOwnership(address)",
	},
	Bin: "0x60a06040523480156200001157600080fd5b5060405162000f6338038062000f6383398101604081905262000034916200019a565b806001600160a01b0381166200005d5760405163d92e233d60e01b815260040160405180910390fd5b600380546001600160a01b0319166001600160a01b0383169081179091556040516000907f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0908290a3506004620000b58582620002cd565b506005620000c48482620002cd565b505060ff1660805250620003999050565b634e487b7160e01b600052604160045260246000fd5b600082601f830112620000fd57600080fd5b81516001600160401b03808211156200011a576200011a620000d5565b604051601f8301601f19908116603f01168101908282118183101715620001455762000145620000d5565b816040528381526020925086838588010111156200016257600080fd5b600091505b8382101562000186578582018301518183018401529082019062000167565b600093810190920192909252949350505050565b60008060008060808587031215620001b157600080fd5b84516001600160401b0380821115620001c957600080fd5b620001d788838901620000eb565b95506020870151915080821115620001ee57600080fd5b50620001fd87828801620000eb565b935050604085015160ff811681146200021557600080fd5b60608601519092506001600160a01b03811681146200023357600080fd5b939692955090935050565b600181811c908216806200025357607f821691505b6020821081036200027457634e487b7160e01b600052602260045260246000fd5b50919050565b601f821115620002c857600081815260208120601f850160051c81016020861015620002a35750805b601f850160051c820191505b81811015620002c457828155600101620002af565b5050505b505050565b81516001600160401b03811115620002e957620002e9620000d5565b6200030181620002fa84546200023e565b846200027a565b602080601f831160018114620003395760008415620003205750858301515b600019600386901b1c1916600185901b178555620002c4565b600085815260208120601f198616915b828110156200036a5788860151825594840194600190910190840162000349565b5085821015620003895787850151600019600388901b60f8161c191681555b5050505050600190811b01905550565b608051610bae620003b560003960006101460152610bae6000f3fe608060405234801561001057600080fd5b50600436106100d45760003560e01c806370a0823111610081578063a9059cbb1161005b578063a9059cbb14610208578063dd62ed3e1461021b578063f2fde38b1461026157600080fd5b806370a08231146101855780638da5cb5b146101bb57806395d89b411461020057600080fd5b806323b872dd116100b257806323b872dd1461012c578063313ce5671461013f57806340c10f191461017057600080fd5b806306fdde03146100d9578063095ea7b3146100f757806318160ddd1461011a575b600080fd5b6100e1610274565b6040516100ee919061099b565b60405180910390f35b61010a610105366004610a30565b610306565b60405190151581526020016100ee565b6000545b6040519081526020016100ee565b61010a61013a366004610a5a565b61031d565b60405160ff7f00000000000000000000000000000000000000000000000000000000000000001681526020016100ee565b61018361017e366004610a30565b61033f565b005b61011e610193366004610a96565b73ffffffffffffffffffffffffffffffffffffffff1660009081526001602052604090205490565b6003546101db9073ffffffffffffffffffffffffffffffffffffffff1681565b60405173ffffffffffffffffffffffffffffffffffffffff90911681526020016100ee565b6100e16103a5565b61010a610216366004610a30565b6103b4565b61011e610229366004610ab8565b73ffffffffffffffffffffffffffffffffffffffff918216600090815260026020908152604080832093909416825291909152205490565b61018361026f366004610a96565b6103c1565b60606004805461028390610aeb565b80601f01602080910402602001604051908101604052809291908181526020018280546102af90610aeb565b80156102fc5780601f106102d1576101008083540402835291602001916102fc565b820191906000526020600020905b8154815290600101906020018083116102df57829003601f168201915b5050505050905090565b60006103133384846104ef565b5060015b92915050565b600061032a8433846105fe565b6103358484846106f6565b5060019392505050565b60035473ffffffffffffffffffffffffffffffffffffffff163314610397576040517f245aecd30000000000000000000000000000000000000000000000000000000081523360048201526024015b60405180910390fd5b6103a182826107a6565b5050565b60606005805461028390610aeb565b60006103133384846106f6565b60035473ffffffffffffffffffffffffffffffffffffffff163314610414576040517f245aecd300000000000000000000000000000000000000000000000000000000815233600482015260240161038e565b73ffffffffffffffffffffffffffffffffffffffff8116610461576040517fd92e233d00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b60035460405173ffffffffffffffffffffffffffffffffffffffff8084169216907f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e090600090a3600380547fffffffffffffffffffffffff00000000000000000000000000000000000000001673ffffffffffffffffffffffffffffffffffffffff92909216919091179055565b73ffffffffffffffffffffffffffffffffffffffff831661053f576040517fe602df050000000000000000000000000000000000000000000000000000000081526000600482015260240161038e565b73ffffffffffffffffffffffffffffffffffffffff821661058f576040517f94280d620000000000000000000000000000000000000000000000000000000081526000600482015260240161038e565b73ffffffffffffffffffffffffffffffffffffffff83811660008181526002602090815260408083209487168084529482529182902085905590518481527f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b92591015b60405180910390a3505050565b73ffffffffffffffffffffffffffffffffffffffff8084166000908152600260209081526040808320938616835292905220547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff81146106f057818110156106b8576040517ffb8f41b200000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff84166004820152602481018290526044810183905260640161038e565b73ffffffffffffffffffffffffffffffffffffffff808516600090815260026020908152604080832093871683529290522082820390555b50505050565b73ffffffffffffffffffffffffffffffffffffffff8316610746576040517f96c6fd1e0000000000000000000000000000000000000000000000000000000081526000600482015260240161038e565b73ffffffffffffffffffffffffffffffffffffffff8216610796576040517fec442f050000000000000000000000000000000000000000000000000000000081526000600482015260240161038e565b6107a18383836107fe565b505050565b73ffffffffffffffffffffffffffffffffffffffff82166107f6576040517fec442f050000000000000000000000000000000000000000000000000000000081526000600482015260240161038e565b6103a1600083835b73ffffffffffffffffffffffffffffffffffffffff8316610835578060008082825461082a9190610b3e565b909155506108e79050565b73ffffffffffffffffffffffffffffffffffffffff8316600090815260016020526040902054818110156108bb576040517fe450d38c00000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff85166004820152602481018290526044810183905260640161038e565b73ffffffffffffffffffffffffffffffffffffffff841660009081526001602052604090209082900390555b73ffffffffffffffffffffffffffffffffffffffff82166109105760008054829003905561093c565b73ffffffffffffffffffffffffffffffffffffffff821660009081526001602052604090208054820190555b8173ffffffffffffffffffffffffffffffffffffffff168373ffffffffffffffffffffffffffffffffffffffff167fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef836040516105f191815260200190565b600060208083528351808285015260005b818110156109c8578581018301518582016040015282016109ac565b5060006040828601015260407fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0601f8301168501019250505092915050565b803573ffffffffffffffffffffffffffffffffffffffff81168114610a2b57600080fd5b919050565b60008060408385031215610a4357600080fd5b610a4c83610a07565b946020939093013593505050565b600080600060608486031215610a6f57600080fd5b610a7884610a07565b9250610a8660208501610a07565b9150604084013590509250925092565b600060208284031215610aa857600080fd5b610ab182610a07565b9392505050565b60008060408385031215610acb57600080fd5b610ad483610a07565b9150610ae260208401610a07565b90509250929050565b600181811c90821680610aff57607f821691505b602082108103610b38577f4e487b7100000000000000000000000000000000000000000000000000000000600052602260045260246000fd5b50919050565b80820180821115610317577f4e487b7100000000000000000000000000000000000000000000000000000000600052601160045260246000fdfea26469706673582212207414d73087a989874e1d3cd2b02674178254726b0c51a8f04e2673ccf250d41a64736f6c63430008110033",
}

// BaseTokenABI is the input ABI used to generate the binding from.
// Deprecated: Use BaseTokenMetaData.ABI instead.
var BaseTokenABI = BaseTokenMetaData.ABI

// Deprecated: Use BaseTokenMetaData.Sigs instead.
// BaseTokenFuncSigs maps the 4-byte function signature to its string representation.
var BaseTokenFuncSigs = BaseTokenMetaData.Sigs

// BaseTokenBin is the compiled bytecode used for deploying new contracts.
// Deprecated: Use BaseTokenMetaData.Bin instead.
var BaseTokenBin = BaseTokenMetaData.Bin

// DeployBaseToken deploys a new Ethereum contract, binding an instance of BaseToken to it.
func DeployBaseToken(auth *bind.TransactOpts, backend bind.ContractBackend, name_ string, symbol_ string, decimals_ uint8, owner_ common.Address) (common.Address, *types.Transaction, *BaseToken, error) {
	parsed, err := BaseTokenMetaData.GetAbi()
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	if parsed == nil {
		return common.Address{}, nil, nil, errors.New("GetABI returned nil")
	}

	address, tx, contract, err := bind.DeployContract(auth, *parsed, common.FromHex(BaseTokenBin), backend, name_, symbol_, decimals_, owner_)
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	return address, tx, &BaseToken{BaseTokenCaller: BaseTokenCaller{contract: contract}, BaseTokenTransactor: BaseTokenTransactor{contract: contract}, BaseTokenFilterer: BaseTokenFilterer{contract: contract}}, nil
}

// BaseToken is an auto generated Go binding around an Ethereum contract.
type BaseToken struct {
	BaseTokenCaller     // Read-only binding to the contract
	BaseTokenTransactor // Write-only binding to the contract
	BaseTokenFilterer   // Log filterer for contract events
}

// BaseTokenCaller is an auto generated read-only Go binding around an Ethereum contract.
type BaseTokenCaller struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// BaseTokenTransactor is an auto generated write-only Go binding around an Ethereum contract.
type BaseTokenTransactor struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// BaseTokenFilterer is an auto generated log filtering Go binding around an Ethereum contract events.
type BaseTokenFilterer struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// BaseTokenSession is an auto generated Go binding around an Ethereum contract,
// with pre-set call and transact options.
type BaseTokenSession struct {
	Contract     *BaseToken        // Generic contract binding to set the session for
	CallOpts     bind.CallOpts     // Call options to use throughout this session
	TransactOpts bind.TransactOpts // Transaction auth options to use throughout this session
}

// BaseTokenCallerSession is an auto generated read-only Go binding around an Ethereum contract,
// with pre-set call options.
type BaseTokenCallerSession struct {
	Contract *BaseTokenCaller // Generic contract caller binding to set the session for
	CallOpts bind.CallOpts    // Call options to use throughout this session
}

// BaseTokenTransactorSession is an auto generated write-only Go binding around an Ethereum contract,
// with pre-set transact options.
type BaseTokenTransactorSession struct {
	Contract     *BaseTokenTransactor // Generic contract transactor binding to set the session for
	TransactOpts bind.TransactOpts    // Transaction auth options to use throughout this session
}

// BaseTokenRaw is an auto generated low-level Go binding around an Ethereum contract.
type BaseTokenRaw struct {
	Contract *BaseToken // Generic contract binding to access the raw methods on
}

// BaseTokenCallerRaw is an auto generated low-level read-only Go binding around an Ethereum contract.
type BaseTokenCallerRaw struct {
	Contract *BaseTokenCaller // Generic read-only contract binding to access the raw methods on
}

// BaseTokenTransactorRaw is an auto generated low-level write-only Go binding around an Ethereum contract.
type BaseTokenTransactorRaw struct {
	Contract *BaseTokenTransactor // Generic write-only contract binding to access the raw methods on
}

// NewBaseToken creates a new instance of BaseToken, bound to a specific deployed contract.
func NewBaseToken(address common.Address, backend bind.ContractBackend) (*BaseToken, error) {
	contract, err := bindBaseToken(address, backend, backend, backend)
	if err != nil {
		return nil, err
	}
	return &BaseToken{BaseTokenCaller: BaseTokenCaller{contract: contract}, BaseTokenTransactor: BaseTokenTransactor{contract: contract}, BaseTokenFilterer: BaseTokenFilterer{contract: contract}}, nil
}

// NewBaseTokenCaller creates a new read-only instance of BaseToken, bound to a specific deployed contract.
func NewBaseTokenCaller(address common.Address, caller bind.ContractCaller) (*BaseTokenCaller, error) {
	contract, err := bindBaseToken(address, caller, nil, nil)
	if err != nil {
		return nil, err
	}
	return &BaseTokenCaller{contract: contract}, nil
}

// NewBaseTokenTransactor creates a new write-only instance of BaseToken, bound to a specific deployed contract.
func NewBaseTokenTransactor(address common.Address, transactor bind.ContractTransactor) (*BaseTokenTransactor, error) {
	contract, err := bindBaseToken(address, nil, transactor, nil)
	if err != nil {
		return nil, err
	}
	return &BaseTokenTransactor{contract: contract}, nil
}

// NewBaseTokenFilterer creates a new log filterer instance of BaseToken, bound to a specific deployed contract.
func NewBaseTokenFilterer(address common.Address, filterer bind.ContractFilterer) (*BaseTokenFilterer, error) {
	contract, err := bindBaseToken(address, nil, nil, filterer)
	if err != nil {
		return nil, err
	}
	return &BaseTokenFilterer{contract: contract}, nil
}

// bindBaseToken binds a generic wrapper to an already deployed contract.
func bindBaseToken(address common.Address, caller bind.ContractCaller, transactor bind.ContractTransactor, filterer bind.ContractFilterer) (*bind.BoundContract, error) {
	parsed, err := BaseTokenMetaData.GetAbi()
	if err != nil {
		return nil, err
	}
	return bind.NewBoundContract(address, *parsed, caller, transactor, filterer), nil
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_BaseToken *BaseTokenRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _BaseToken.Contract.BaseTokenCaller.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_BaseToken *BaseTokenRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _BaseToken.Contract.BaseTokenTransactor.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_BaseToken *BaseTokenRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _BaseToken.Contract.BaseTokenTransactor.contract.Transact(opts, method, params...)
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_BaseToken *BaseTokenCallerRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _BaseToken.Contract.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_BaseToken *BaseTokenTransactorRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _BaseToken.Contract.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_BaseToken *BaseTokenTransactorRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _BaseToken.Contract.contract.Transact(opts, method, params...)
}

// Allowance is a free data retrieval call binding the contract method 0xdd62ed3e.
//
// Solidity: function allowance(address owner_, address spender) view returns(uint256)
func (_BaseToken *BaseTokenCaller) Allowance(opts *bind.CallOpts, owner_ common.Address, spender common.Address) (*big.Int, error) {
	var out []interface{}
	err := _BaseToken.contract.Call(opts, &out, "allowance", owner_, spender)

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// Allowance is a free data retrieval call binding the contract method 0xdd62ed3e.
//
// Solidity: function allowance(address owner_, address spender) view returns(uint256)
func (_BaseToken *BaseTokenSession) Allowance(owner_ common.Address, spender common.Address) (*big.Int, error) {
	return _BaseToken.Contract.Allowance(&_BaseToken.CallOpts, owner_, spender)
}

// Allowance is a free data retrieval call binding the contract method 0xdd62ed3e.
//
// Solidity: function allowance(address owner_, address spender) view returns(uint256)
func (_BaseToken *BaseTokenCallerSession) Allowance(owner_ common.Address, spender common.Address) (*big.Int, error) {
	return _BaseToken.Contract.Allowance(&_BaseToken.CallOpts, owner_, spender)
}

// BalanceOf is a free data retrieval call binding the contract method 0x70a08231.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (_BaseToken *BaseTokenCaller) BalanceOf(opts *bind.CallOpts, account common.Address) (*big.Int, error) {
	var out []interface{}
	err := _BaseToken.contract.Call(opts, &out, "balanceOf", account)

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// BalanceOf is a free data retrieval call binding the contract method 0x70a08231.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (_BaseToken *BaseTokenSession) BalanceOf(account common.Address) (*big.Int, error) {
	return _BaseToken.Contract.BalanceOf(&_BaseToken.CallOpts, account)
}

// BalanceOf is a free data retrieval call binding the contract method 0x70a08231.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (_BaseToken *BaseTokenCallerSession) BalanceOf(account common.Address) (*big.Int, error) {
	return _BaseToken.Contract.BalanceOf(&_BaseToken.CallOpts, account)
}

// Decimals is a free data retrieval call binding the contract method 0x313ce567.
//
// Solidity: function decimals() view returns(uint8)
func (_BaseToken *BaseTokenCaller) Decimals(opts *bind.CallOpts) (uint8, error) {
	var out []interface{}
	err := _BaseToken.contract.Call(opts, &out, "decimals")

	if err != nil {
		return *new(uint8), err
	}

	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)

	return out0, err

}

// Decimals is a free data retrieval call binding the contract method 0x313ce567.
//
// Solidity: function decimals() view returns(uint8)
func (_BaseToken *BaseTokenSession) Decimals() (uint8, error) {
	return _BaseToken.Contract.Decimals(&_BaseToken.CallOpts)
}

// Decimals is a free data retrieval call binding the contract method 0x313ce567.
//
// Solidity: function decimals() view returns(uint8)
func (_BaseToken *BaseTokenCallerSession) Decimals() (uint8, error) {
	return _BaseToken.Contract.Decimals(&_BaseToken.CallOpts)
}

// Name is a free data retrieval call binding the contract method 0x06fdde03.
//
// Solidity: function name() view returns(string)
func (_BaseToken *BaseTokenCaller) Name(opts *bind.CallOpts) (string, error) {
	var out []interface{}
	err := _BaseToken.contract.Call(opts, &out, "name")

	if err != nil {
		return *new(string), err
	}

	out0 := *abi.ConvertType(out[0], new(string)).(*string)

	return out0, err

}

// Name is a free data retrieval call binding the contract method 0x06fdde03.
//
// Solidity: function name() view returns(string)
func (_BaseToken *BaseTokenSession) Name() (string, error) {
	return _BaseToken.Contract.Name(&_BaseToken.CallOpts)
}

// Name is a free data retrieval call binding the contract method 0x06fdde03.
//
// Solidity: function name() view returns(string)
func (_BaseToken *BaseTokenCallerSession) Name() (string, error) {
	return _BaseToken.Contract.Name(&_BaseToken.CallOpts)
}

// Owner is a free data retrieval call binding the contract method 0x8da5cb5b.
//
// Solidity: function owner() view returns(address)
func (_BaseToken *BaseTokenCaller) Owner(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _BaseToken.contract.Call(opts, &out, "owner")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// Owner is a free data retrieval call binding the contract method 0x8da5cb5b.
//
// Solidity: function owner() view returns(address)
func (_BaseToken *BaseTokenSession) Owner() (common.Address, error) {
	return _BaseToken.Contract.Owner(&_BaseToken.CallOpts)
}

// Owner is a free data retrieval call binding the contract method 0x8da5cb5b.
//
// Solidity: function owner() view returns(address)
func (_BaseToken *BaseTokenCallerSession) Owner() (common.Address, error) {
	return _BaseToken.Contract.Owner(&_BaseToken.CallOpts)
}

// Symbol is a free data retrieval call binding the contract method 0x95d89b41.
//
// Solidity: function symbol() view returns(string)
func (_BaseToken *BaseTokenCaller) Symbol(opts *bind.CallOpts) (string, error) {
	var out []interface{}
	err := _BaseToken.contract.Call(opts, &out, "symbol")

	if err != nil {
		return *new(string), err
	}

	out0 := *abi.ConvertType(out[0], new(string)).(*string)

	return out0, err

}

// Symbol is a free data retrieval call binding the contract method 0x95d89b41.
//
// Solidity: function symbol() view returns(string)
func (_BaseToken *BaseTokenSession) Symbol() (string, error) {
	return _BaseToken.Contract.Symbol(&_BaseToken.CallOpts)
}

// Symbol is a free data retrieval call binding the contract method 0x95d89b41.
//
// Solidity: function symbol() view returns(string)
func (_BaseToken *BaseTokenCallerSession) Symbol() (string, error) {
	return _BaseToken.Contract.Symbol(&_BaseToken.CallOpts)
}

// TotalSupply is a free data retrieval call binding the contract method 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (_BaseToken *BaseTokenCaller) TotalSupply(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _BaseToken.contract.Call(opts, &out, "totalSupply")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// TotalSupply is a free data retrieval call binding the contract method 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (_BaseToken *BaseTokenSession) TotalSupply() (*big.Int, error) {
	return _BaseToken.Contract.TotalSupply(&_BaseToken.CallOpts)
}

// TotalSupply is a free data retrieval call binding the contract method 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (_BaseToken *BaseTokenCallerSession) TotalSupply() (*big.Int, error) {
	return _BaseToken.Contract.TotalSupply(&_BaseToken.CallOpts)
}

// Approve is a paid mutator transaction binding the contract method 0x095ea7b3.
//
// Solidity: function approve(address spender, uint256 amount) returns(bool)
func (_BaseToken *BaseTokenTransactor) Approve(opts *bind.TransactOpts, spender common.Address, amount *big.Int) (*types.Transaction, error) {
	return _BaseToken.contract.Transact(opts, "approve", spender, amount)
}

// Approve is a paid mutator transaction binding the contract method 0x095ea7b3.
//
// Solidity: function approve(address spender, uint256 amount) returns(bool)
func (_BaseToken *BaseTokenSession) Approve(spender common.Address, amount *big.Int) (*types.Transaction, error) {
	return _BaseToken.Contract.Approve(&_BaseToken.TransactOpts, spender, amount)
}

// Approve is a paid mutator transaction binding the contract method 0x095ea7b3.
//
// Solidity: function approve(address spender, uint256 amount) returns(bool)
func (_BaseToken *BaseTokenTransactorSession) Approve(spender common.Address, amount *big.Int) (*types.Transaction, error) {
	return _BaseToken.Contract.Approve(&_BaseToken.TransactOpts, spender, amount)
}

// Mint is a paid mutator transaction binding the contract method 0x40c10f19.
//
// Solidity: function mint(address to, uint256 amount) returns()
func (_BaseToken *BaseTokenTransactor) Mint(opts *bind.TransactOpts, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _BaseToken.contract.Transact(opts, "mint", to, amount)
}

// Mint is a paid mutator transaction binding the contract method 0x40c10f19.
//
// Solidity: function mint(address to, uint256 amount) returns()
func (_BaseToken *BaseTokenSession) Mint(to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _BaseToken.Contract.Mint(&_BaseToken.TransactOpts, to, amount)
}

// Mint is a paid mutator transaction binding the contract method 0x40c10f19.
//
// Solidity: function mint(address to, uint256 amount) returns()
func (_BaseToken *BaseTokenTransactorSession) Mint(to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _BaseToken.Contract.Mint(&_BaseToken.TransactOpts, to, amount)
}

// Transfer is a paid mutator transaction binding the contract method 0xa9059cbb.
//
// Solidity: function transfer(address to, uint256 amount) returns(bool)
func (_BaseToken *BaseTokenTransactor) Transfer(opts *bind.TransactOpts, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _BaseToken.contract.Transact(opts, "transfer", to, amount)
}

// Transfer is a paid mutator transaction binding the contract method 0xa9059cbb.
//
// Solidity: function transfer(address to, uint256 amount) returns(bool)
func (_BaseToken *BaseTokenSession) Transfer(to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _BaseToken.Contract.Transfer(&_BaseToken.TransactOpts, to, amount)
}

// Transfer is a paid mutator transaction binding the contract method 0xa9059cbb.
//
// Solidity: function transfer(address to, uint256 amount) returns(bool)
func (_BaseToken *BaseTokenTransactorSession) Transfer(to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _BaseToken.Contract.Transfer(&_BaseToken.TransactOpts, to, amount)
}

// TransferFrom is a paid mutator transaction binding the contract method 0x23b872dd.
//
// Solidity: function transferFrom(address from, address to, uint256 amount) returns(bool)
func (_BaseToken *BaseTokenTransactor) TransferFrom(opts *bind.TransactOpts, from common.Address, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _BaseToken.contract.Transact(opts, "transferFrom", from, to, amount)
}

// TransferFrom is a paid mutator transaction binding the contract method 0x23b872dd.
//
// Solidity: function transferFrom(address from, address to, uint256 amount) returns(bool)
func (_BaseToken *BaseTokenSession) TransferFrom(from common.Address, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _BaseToken.Contract.TransferFrom(&_BaseToken.TransactOpts, from, to, amount)
}

// TransferFrom is a paid mutator transaction binding the contract method 0x23b872dd.
//
// Solidity: function transferFrom(address from, address to, uint256 amount) returns(bool)
func (_BaseToken *BaseTokenTransactorSession) TransferFrom(from common.Address, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _BaseToken.Contract.TransferFrom(&_BaseToken.TransactOpts, from, to, amount)
}

// TransferOwnership is a paid mutator transaction binding the contract method 0xf2fde38b.
//
// Solidity: function transferOwnership(address newOwner) returns()
func (_BaseToken *BaseTokenTransactor) TransferOwnership(opts *bind.TransactOpts, newOwner common.Address) (*types.Transaction, error) {
	return _BaseToken.contract.Transact(opts, "transferOwnership", newOwner)
}

// TransferOwnership is a paid mutator transaction binding the contract method 0xf2fde38b.
//
// Solidity: function transferOwnership(address newOwner) returns()
func (_BaseToken *BaseTokenSession) TransferOwnership(newOwner common.Address) (*types.Transaction, error) {
	return _BaseToken.Contract.TransferOwnership(&_BaseToken.TransactOpts, newOwner)
}

// TransferOwnership is a paid mutator transaction binding the contract method 0xf2fde38b.
//
// Solidity: function transferOwnership(address newOwner) returns()
func (_BaseToken *BaseTokenTransactorSession) TransferOwnership(newOwner common.Address) (*types.Transaction, error) {
	return _BaseToken.Contract.TransferOwnership(&_BaseToken.TransactOpts, newOwner)
}

// BaseTokenApprovalIterator is returned from FilterApproval and is used to iterate over the raw logs and unpacked data for Approval events raised by the BaseToken contract.
type BaseTokenApprovalIterator struct {
	Event *BaseTokenApproval // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *BaseTokenApprovalIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(BaseTokenApproval)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(BaseTokenApproval)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *BaseTokenApprovalIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *BaseTokenApprovalIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// BaseTokenApproval represents a Approval event raised by the BaseToken contract.
type BaseTokenApproval struct {
	Owner   common.Address
	Spender common.Address
	Value   *big.Int
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterApproval is a free log retrieval operation binding the contract event 0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925.
//
// Solidity: event Approval(address indexed owner, address indexed spender, uint256 value)
func (_BaseToken *BaseTokenFilterer) FilterApproval(opts *bind.FilterOpts, owner []common.Address, spender []common.Address) (*BaseTokenApprovalIterator, error) {

	var ownerRule []interface{}
	for _, ownerItem := range owner {
		ownerRule = append(ownerRule, ownerItem)
	}
	var spenderRule []interface{}
	for _, spenderItem := range spender {
		spenderRule = append(spenderRule, spenderItem)
	}

	logs, sub, err := _BaseToken.contract.FilterLogs(opts, "Approval", ownerRule, spenderRule)
	if err != nil {
		return nil, err
	}
	return &BaseTokenApprovalIterator{contract: _BaseToken.contract, event: "Approval", logs: logs, sub: sub}, nil
}

// WatchApproval is a free log subscription operation binding the contract event 0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925.
//
// Solidity: event Approval(address indexed owner, address indexed spender, uint256 value)
func (_BaseToken *BaseTokenFilterer) WatchApproval(opts *bind.WatchOpts, sink chan<- *BaseTokenApproval, owner []common.Address, spender []common.Address) (event.Subscription, error) {

	var ownerRule []interface{}
	for _, ownerItem := range owner {
		ownerRule = append(ownerRule, ownerItem)
	}
	var spenderRule []interface{}
	for _, spenderItem := range spender {
		spenderRule = append(spenderRule, spenderItem)
	}

	logs, sub, err := _BaseToken.contract.WatchLogs(opts, "Approval", ownerRule, spenderRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(BaseTokenApproval)
				if err := _BaseToken.contract.UnpackLog(event, "Approval", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseApproval is a log parse operation binding the contract event 0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925.
//
// Solidity: event Approval(address indexed owner, address indexed spender, uint256 value)
func (_BaseToken *BaseTokenFilterer) ParseApproval(log types.Log) (*BaseTokenApproval, error) {
	event := new(BaseTokenApproval)
	if err := _BaseToken.contract.UnpackLog(event, "Approval", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// BaseTokenOwnershipTransferredIterator is returned from FilterOwnershipTransferred and is used to iterate over the raw logs and unpacked data for OwnershipTransferred events raised by the BaseToken contract.
type BaseTokenOwnershipTransferredIterator struct {
	Event *BaseTokenOwnershipTransferred // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *BaseTokenOwnershipTransferredIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(BaseTokenOwnershipTransferred)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(BaseTokenOwnershipTransferred)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *BaseTokenOwnershipTransferredIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *BaseTokenOwnershipTransferredIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// BaseTokenOwnershipTransferred represents a OwnershipTransferred event raised by the BaseToken contract.
type BaseTokenOwnershipTransferred struct {
	PreviousOwner common.Address
	NewOwner      common.Address
	Raw           types.Log // Blockchain specific contextual infos
}

// FilterOwnershipTransferred is a free log retrieval operation binding the contract event 0x8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0.
//
// Solidity: event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)
func (_BaseToken *BaseTokenFilterer) FilterOwnershipTransferred(opts *bind.FilterOpts, previousOwner []common.Address, newOwner []common.Address) (*BaseTokenOwnershipTransferredIterator, error) {

	var previousOwnerRule []interface{}
	for _, previousOwnerItem := range previousOwner {
		previousOwnerRule = append(previousOwnerRule, previousOwnerItem)
	}
	var newOwnerRule []interface{}
	for _, newOwnerItem := range newOwner {
		newOwnerRule = append(newOwnerRule, newOwnerItem)
	}

	logs, sub, err := _BaseToken.contract.FilterLogs(opts, "OwnershipTransferred", previousOwnerRule, newOwnerRule)
	if err != nil {
		return nil, err
	}
	return &BaseTokenOwnershipTransferredIterator{contract: _BaseToken.contract, event: "OwnershipTransferred", logs: logs, sub: sub}, nil
}

// WatchOwnershipTransferred is a free log subscription operation binding the contract event 0x8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0.
//
// Solidity: event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)
func (_BaseToken *BaseTokenFilterer) WatchOwnershipTransferred(opts *bind.WatchOpts, sink chan<- *BaseTokenOwnershipTransferred, previousOwner []common.Address, newOwner []common.Address) (event.Subscription, error) {

	var previousOwnerRule []interface{}
	for _, previousOwnerItem := range previousOwner {
		previousOwnerRule = append(previousOwnerRule, previousOwnerItem)
	}
	var newOwnerRule []interface{}
	for _, newOwnerItem := range newOwner {
		newOwnerRule = append(newOwnerRule, newOwnerItem)
	}

	logs, sub, err := _BaseToken.contract.WatchLogs(opts, "OwnershipTransferred", previousOwnerRule, newOwnerRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(BaseTokenOwnershipTransferred)
				if err := _BaseToken.contract.UnpackLog(event, "OwnershipTransferred", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseOwnershipTransferred is a log parse operation binding the contract event 0x8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0.
//
// Solidity: event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)
func (_BaseToken *BaseTokenFilterer) ParseOwnershipTransferred(log types.Log) (*BaseTokenOwnershipTransferred, error) {
	event := new(BaseTokenOwnershipTransferred)
	if err := _BaseToken.contract.UnpackLog(event, "OwnershipTransferred", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// BaseTokenTransferIterator is returned from FilterTransfer and is used to iterate over the raw logs and unpacked data for Transfer events raised by the BaseToken contract.
type BaseTokenTransferIterator struct {
	Event *BaseTokenTransfer // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *BaseTokenTransferIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(BaseTokenTransfer)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(BaseTokenTransfer)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *BaseTokenTransferIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *BaseTokenTransferIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// BaseTokenTransfer represents a Transfer event raised by the BaseToken contract.
type BaseTokenTransfer struct {
	From  common.Address
	To    common.Address
	Value *big.Int
	Raw   types.Log // Blockchain specific contextual infos
}

// FilterTransfer is a free log retrieval operation binding the contract event 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef.
//
// Solidity: event Transfer(address indexed from, address indexed to, uint256 value)
func (_BaseToken *BaseTokenFilterer) FilterTransfer(opts *bind.FilterOpts, from []common.Address, to []common.Address) (*BaseTokenTransferIterator, error) {

	var fromRule []interface{}
	for _, fromItem := range from {
		fromRule = append(fromRule, fromItem)
	}
	var toRule []interface{}
	for _, toItem := range to {
		toRule = append(toRule, toItem)
	}

	logs, sub, err := _BaseToken.contract.FilterLogs(opts, "Transfer", fromRule, toRule)
	if err != nil {
		return nil, err
	}
	return &BaseTokenTransferIterator{contract: _BaseToken.contract, event: "Transfer", logs: logs, sub: sub}, nil
}

// WatchTransfer is a free log subscription operation binding the contract event 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef.
//
// Solidity: event Transfer(address indexed from, address indexed to, uint256 value)
func (_BaseToken *BaseTokenFilterer) WatchTransfer(opts *bind.WatchOpts, sink chan<- *BaseTokenTransfer, from []common.Address, to []common.Address) (event.Subscription, error) {

	var fromRule []interface{}
	for _, fromItem := range from {
		fromRule = append(fromRule, fromItem)
	}
	var toRule []interface{}
	for _, toItem := range to {
		toRule = append(toRule, toItem)
	}

	logs, sub, err := _BaseToken.contract.WatchLogs(opts, "Transfer", fromRule, toRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(BaseTokenTransfer)
				if err := _BaseToken.contract.UnpackLog(event, "Transfer", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseTransfer is a log parse operation binding the contract event 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef.
//
// Solidity: event Transfer(address indexed from, address indexed to, uint256 value)
func (_BaseToken *BaseTokenFilterer) ParseTransfer(log types.Log) (*BaseTokenTransfer, error) {
	event := new(BaseTokenTransfer)
	if err := _BaseToken.contract.UnpackLog(event, "Transfer", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// EntryPointMetaData contains all meta data concerning the EntryPoint contract.
var EntryPointMetaData = &bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"preOpGas\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"paid\",\"type\":\"uint256\"},{\"internalType\":\"uint48\",\"name\":\"validAfter\",\"type\":\"uint48\"},{\"internalType\":\"uint48\",\"name\":\"validUntil\",\"type\":\"uint48\"},{\"internalType\":\"bool\",\"name\":\"targetSuccess\",\"type\":\"bool\"},{\"internalType\":\"bytes\",\"name\":\"targetResult\",\"type\":\"bytes\"}],\"name\":\"ExecutionResult\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"opIndex\",\"type\":\"uint256\"},{\"internalType\":\"string\",\"name\":\"reason\",\"type\":\"string\"}],\"name\":\"FailedOp\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"SenderAddressResult\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"aggregator\",\"type\":\"address\"}],\"name\":\"SignatureValidationFailed\",\"type\":\"error\"},{\"inputs\":[{\"components\":[{\"internalType\":\"uint256\",\"name\":\"preOpGas\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"prefund\",\"type\":\"uint256\"},{\"internalType\":\"bool\",\"name\":\"sigFailed\",\"type\":\"bool\"},{\"internalType\":\"uint48\",\"name\":\"validAfter\",\"type\":\"uint48\"},{\"internalType\":\"uint48\",\"name\":\"validUntil\",\"type\":\"uint48\"},{\"internalType\":\"bytes\",\"name\":\"paymasterContext\",\"type\":\"bytes\"}],\"internalType\":\"structIEntryPoint.ReturnInfo\",\"name\":\"returnInfo\",\"type\":\"tuple\"},{\"components\":[{\"internalType\":\"uint256\",\"name\":\"stake\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"unstakeDelaySec\",\"type\":\"uint256\"}],\"internalType\":\"structIStakeManager.StakeInfo\",\"name\":\"senderInfo\",\"type\":\"tuple\"},{\"components\":[{\"internalType\":\"uint256\",\"name\":\"stake\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"unstakeDelaySec\",\"type\":\"uint256\"}],\"internalType\":\"structIStakeManager.StakeInfo\",\"name\":\"factoryInfo\",\"type\":\"tuple\"},{\"components\":[{\"internalType\":\"uint256\",\"name\":\"stake\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"unstakeDelaySec\",\"type\":\"uint256\"}],\"internalType\":\"structIStakeManager.StakeInfo\",\"name\":\"paymasterInfo\",\"type\":\"tuple\"}],\"name\":\"ValidationResult\",\"type\":\"error\"},{\"inputs\":[{\"components\":[{\"internalType\":\"uint256\",\"name\":\"preOpGas\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"prefund\",\"type\":\"uint256\"},{\"internalType\":\"bool\",\"name\":\"sigFailed\",\"type\":\"bool\"},{\"internalType\":\"uint48\",\"name\":\"validAfter\",\"type\":\"uint48\"},{\"internalType\":\"uint48\",\"name\":\"validUntil\",\"type\":\"uint48\"},{\"internalType\":\"bytes\",\"name\":\"paymasterContext\",\"type\":\"bytes\"}],\"internalType\":\"structIEntryPoint.ReturnInfo\",\"name\":\"returnInfo\",\"type\":\"tuple\"},{\"components\":[{\"internalType\":\"uint256\",\"name\":\"stake\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"unstakeDelaySec\",\"type\":\"uint256\"}],\"internalType\":\"structIStakeManager.StakeInfo\",\"name\":\"senderInfo\",\"type\":\"tuple\"},{\"components\":[{\"internalType\":\"uint256\",\"name\":\"stake\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"unstakeDelaySec\",\"type\":\"uint256\"}],\"internalType\":\"structIStakeManager.StakeInfo\",\"name\":\"factoryInfo\",\"type\":\"tuple\"},{\"components\":[{\"internalType\":\"uint256\",\"name\":\"stake\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"unstakeDelaySec\",\"type\":\"uint256\"}],\"internalType\":\"structIStakeManager.StakeInfo\",\"name\":\"paymasterInfo\",\"type\":\"tuple\"},{\"components\":[{\"internalType\":\"address\",\"name\":\"aggregator\",\"type\":\"address\"},{\"components\":[{\"internalType\":\"uint256\",\"name\":\"stake\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"unstakeDelaySec\",\"type\":\"uint256\"}],\"internalType\":\"structIStakeManager.StakeInfo\",\"name\":\"stakeInfo\",\"type\":\"tuple\"}],\"internalType\":\"structIEntryPoint.AggregatorStakeInfo\",\"name\":\"aggregatorInfo\",\"type\":\"tuple\"}],\"name\":\"ValidationResultWithAggregation\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"userOpHash\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"address\",\"name\":\"factory\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"address\",\"name\":\"paymaster\",\"type\":\"address\"}],\"name\":\"AccountDeployed\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[],\"name\":\"BeforeExecution\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"totalDeposit\",\"type\":\"uint256\"}],\"name\":\"Deposited\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"aggregator\",\"type\":\"address\"}],\"name\":\"SignatureAggregatorChanged\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"totalStaked\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"unstakeDelaySec\",\"type\":\"uint256\"}],\"name\":\"StakeLocked\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"withdrawTime\",\"type\":\"uint256\"}],\"name\":\"StakeUnlocked\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"address\",\"name\":\"withdrawAddress\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"StakeWithdrawn\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"userOpHash\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"paymaster\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"bool\",\"name\":\"success\",\"type\":\"bool\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"actualGasCost\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"actualGasUsed\",\"type\":\"uint256\"}],\"name\":\"UserOperationEvent\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"userOpHash\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"bytes\",\"name\":\"revertReason\",\"type\":\"bytes\"}],\"name\":\"UserOperationRevertReason\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"address\",\"name\":\"withdrawAddress\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"Withdrawn\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"SIG_VALIDATION_FAILED\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes\",\"name\":\"initCode\",\"type\":\"bytes\"},{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"internalType\":\"bytes\",\"name\":\"paymasterAndData\",\"type\":\"bytes\"}],\"name\":\"_validateSenderAndPaymaster\",\"outputs\":[],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"unstakeDelaySec\",\"type\":\"uint32\"}],\"name\":\"addStake\",\"outputs\":[],\"stateMutability\":\"payable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"balanceOf\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"depositTo\",\"outputs\":[],\"stateMutability\":\"payable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"name\":\"deposits\",\"outputs\":[{\"internalType\":\"uint112\",\"name\":\"deposit\",\"type\":\"uint112\"},{\"internalType\":\"bool\",\"name\":\"staked\",\"type\":\"bool\"},{\"internalType\":\"uint112\",\"name\":\"stake\",\"type\":\"uint112\"},{\"internalType\":\"uint32\",\"name\":\"unstakeDelaySec\",\"type\":\"uint32\"},{\"internalType\":\"uint48\",\"name\":\"withdrawTime\",\"type\":\"uint48\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"getDepositInfo\",\"outputs\":[{\"components\":[{\"internalType\":\"uint112\",\"name\":\"deposit\",\"type\":\"uint112\"},{\"internalType\":\"bool\",\"name\":\"staked\",\"type\":\"bool\"},{\"internalType\":\"uint112\",\"name\":\"stake\",\"type\":\"uint112\"},{\"internalType\":\"uint32\",\"name\":\"unstakeDelaySec\",\"type\":\"uint32\"},{\"internalType\":\"uint48\",\"name\":\"withdrawTime\",\"type\":\"uint48\"}],\"internalType\":\"structIStakeManager.DepositInfo\",\"name\":\"info\",\"type\":\"tuple\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"internalType\":\"uint192\",\"name\":\"key\",\"type\":\"uint192\"}],\"name\":\"getNonce\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes\",\"name\":\"initCode\",\"type\":\"bytes\"}],\"name\":\"getSenderAddress\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"},{\"internalType\":\"bytes\",\"name\":\"initCode\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"callData\",\"type\":\"bytes\"},{\"internalType\":\"uint256\",\"name\":\"callGasLimit\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"verificationGasLimit\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"preVerificationGas\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"maxFeePerGas\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"maxPriorityFeePerGas\",\"type\":\"uint256\"},{\"internalType\":\"bytes\",\"name\":\"paymasterAndData\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"signature\",\"type\":\"bytes\"}],\"internalType\":\"structUserOperation\",\"name\":\"userOp\",\"type\":\"tuple\"}],\"name\":\"getUserOpHash\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"},{\"internalType\":\"bytes\",\"name\":\"initCode\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"callData\",\"type\":\"bytes\"},{\"internalType\":\"uint256\",\"name\":\"callGasLimit\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"verificationGasLimit\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"preVerificationGas\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"maxFeePerGas\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"maxPriorityFeePerGas\",\"type\":\"uint256\"},{\"internalType\":\"bytes\",\"name\":\"paymasterAndData\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"signature\",\"type\":\"bytes\"}],\"internalType\":\"structUserOperation[]\",\"name\":\"userOps\",\"type\":\"tuple[]\"},{\"internalType\":\"contractIAggregator\",\"name\":\"aggregator\",\"type\":\"address\"},{\"internalType\":\"bytes\",\"name\":\"signature\",\"type\":\"bytes\"}],\"internalType\":\"structIEntryPoint.UserOpsPerAggregator[]\",\"name\":\"opsPerAggregator\",\"type\":\"tuple[]\"},{\"internalType\":\"addresspayable\",\"name\":\"beneficiary\",\"type\":\"address\"}],\"name\":\"handleAggregatedOps\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"},{\"internalType\":\"bytes\",\"name\":\"initCode\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"callData\",\"type\":\"bytes\"},{\"internalType\":\"uint256\",\"name\":\"callGasLimit\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"verificationGasLimit\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"preVerificationGas\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"maxFeePerGas\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"maxPriorityFeePerGas\",\"type\":\"uint256\"},{\"internalType\":\"bytes\",\"name\":\"paymasterAndData\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"signature\",\"type\":\"bytes\"}],\"internalType\":\"structUserOperation[]\",\"name\":\"ops\",\"type\":\"tuple[]\"},{\"internalType\":\"addresspayable\",\"name\":\"beneficiary\",\"type\":\"address\"}],\"name\":\"handleOps\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint192\",\"name\":\"key\",\"type\":\"uint192\"}],\"name\":\"incrementNonce\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes\",\"name\":\"callData\",\"type\":\"bytes\"},{\"components\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"callGasLimit\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"verificationGasLimit\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"preVerificationGas\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"paymaster\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"maxFeePerGas\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"maxPriorityFeePerGas\",\"type\":\"uint256\"}],\"internalType\":\"structEntryPoint.MemoryUserOp\",\"name\":\"mUserOp\",\"type\":\"tuple\"},{\"internalType\":\"bytes32\",\"name\":\"userOpHash\",\"type\":\"bytes32\"},{\"internalType\":\"uint256\",\"name\":\"prefund\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"contextOffset\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"preOpGas\",\"type\":\"uint256\"}],\"internalType\":\"structEntryPoint.UserOpInfo\",\"name\":\"opInfo\",\"type\":\"tuple\"},{\"internalType\":\"bytes\",\"name\":\"context\",\"type\":\"bytes\"}],\"name\":\"innerHandleOp\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"actualGasCost\",\"type\":\"uint256\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"},{\"internalType\":\"uint192\",\"name\":\"\",\"type\":\"uint192\"}],\"name\":\"nonceSequenceNumber\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"},{\"internalType\":\"bytes\",\"name\":\"initCode\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"callData\",\"type\":\"bytes\"},{\"internalType\":\"uint256\",\"name\":\"callGasLimit\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"verificationGasLimit\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"preVerificationGas\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"maxFeePerGas\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"maxPriorityFeePerGas\",\"type\":\"uint256\"},{\"internalType\":\"bytes\",\"name\":\"paymasterAndData\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"signature\",\"type\":\"bytes\"}],\"internalType\":\"structUserOperation\",\"name\":\"op\",\"type\":\"tuple\"},{\"internalType\":\"address\",\"name\":\"target\",\"type\":\"address\"},{\"internalType\":\"bytes\",\"name\":\"targetCallData\",\"type\":\"bytes\"}],\"name\":\"simulateHandleOp\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"},{\"internalType\":\"bytes\",\"name\":\"initCode\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"callData\",\"type\":\"bytes\"},{\"internalType\":\"uint256\",\"name\":\"callGasLimit\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"verificationGasLimit\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"preVerificationGas\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"maxFeePerGas\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"maxPriorityFeePerGas\",\"type\":\"uint256\"},{\"internalType\":\"bytes\",\"name\":\"paymasterAndData\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"signature\",\"type\":\"bytes\"}],\"internalType\":\"structUserOperation\",\"name\":\"userOp\",\"type\":\"tuple\"}],\"name\":\"simulateValidation\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"unlockStake\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"addresspayable\",\"name\":\"withdrawAddress\",\"type\":\"address\"}],\"name\":\"withdrawStake\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"addresspayable\",\"name\":\"withdrawAddress\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"withdrawAmount\",\"type\":\"uint256\"}],\"name\":\"withdrawTo\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"stateMutability\":\"payable\",\"type\":\"receive\"}]",
	Sigs: map[string]string{
		"8f41ec5a": "SIG_VALIDATION_FAILED()",
		"957122ab": "_validateSenderAndPaymaster(bytes,address,bytes)",
		"0396cb60": "addStake(uint32)",
		"70a08231": "balanceOf(address)",
		"b760faf9": "depositTo(address)",
		"fc7e286d": "deposits(address)",
		"5287ce12": "getDepositInfo(address)",
		"35567e1a": "getNonce(address,uint192)",
		"9b249f69": "getSenderAddress(bytes)",
		"a6193531": "getUserOpHash((address,uint256,bytes,bytes,uint256,uint256,uint256,uint256,uint256,bytes,bytes))",
		"4b1d7cf5": "handleAggregatedOps(((address,uint256,bytes,bytes,uint256,uint256,uint256,uint256,uint256,bytes,bytes)[],address,bytes)[],address)",
		"1fad948c": "handleOps((address,uint256,bytes,bytes,uint256,uint256,uint256,uint256,uint256,bytes,bytes)[],address)",
		"0bd28e3b": "incrementNonce(uint192)",
		"1d732756": "innerHandleOp(bytes,((address,uint256,uint256,uint256,uint256,address,uint256,uint256),bytes32,uint256,uint256,uint256),bytes)",
		"1b2e01b8": "nonceSequenceNumber(address,uint192)",
		"d6383f94": "simulateHandleOp((address,uint256,bytes,bytes,uint256,uint256,uint256,uint256,uint256,bytes,bytes),address,bytes)",
		"ee219423": "simulateValidation((address,uint256,bytes,bytes,uint256,uint256,uint256,uint256,uint256,bytes,bytes))",
		"bb9fe6bf": "unlockStake()",
		"c23a5cea": "withdrawStake(address)",
		"205c2878": "withdrawTo(address,uint256)",
	},
	Bin: "0x60a0604052604051620000129062000055565b604051809103906000f0801580156200002f573d6000803e3d6000fd5b506001600160a01b03166080523480156200004957600080fd5b50600160025562000063565b6102338062004faa83390190565b608051614f2462000086600039600081816116700152613a2b0152614f246000f3fe6080604052600436106101635760003560e01c80638f41ec5a116100c0578063bb9fe6bf11610074578063d6383f9411610059578063d6383f94146104f5578063ee21942314610515578063fc7e286d1461053557600080fd5b8063bb9fe6bf146104c0578063c23a5cea146104d557600080fd5b80639b249f69116100a55780639b249f691461046d578063a61935311461048d578063b760faf9146104ad57600080fd5b80638f41ec5a14610438578063957122ab1461044d57600080fd5b8063205c2878116101175780634b1d7cf5116100fc5780634b1d7cf5146102765780635287ce121461029657806370a08231146103e557600080fd5b8063205c28781461023657806335567e1a1461025657600080fd5b80631b2e01b8116101485780631b2e01b8146101ab5780631d732756146101f65780631fad948c1461021657600080fd5b80630396cb60146101785780630bd28e3b1461018b57600080fd5b36610173576101713361060f565b005b600080fd5b610171610186366004613db1565b61068a565b34801561019757600080fd5b506101716101a6366004613e04565b610a0d565b3480156101b757600080fd5b506101e36101c6366004613e4c565b600160209081526000928352604080842090915290825290205481565b6040519081526020015b60405180910390f35b34801561020257600080fd5b506101e36102113660046140a0565b610a55565b34801561022257600080fd5b506101716102313660046141ab565b610c08565b34801561024257600080fd5b50610171610251366004614202565b610d85565b34801561026257600080fd5b506101e3610271366004613e4c565b610f87565b34801561028257600080fd5b506101716102913660046141ab565b611002565b3480156102a257600080fd5b506103866102b136600461422e565b6040805160a0810182526000808252602082018190529181018290526060810182905260808101919091525073ffffffffffffffffffffffffffffffffffffffff1660009081526020818152604091829020825160a08101845281546dffffffffffffffffffffffffffff80821683526e010000000000000000000000000000820460ff161515948301949094526f0100000000000000000000000000000090049092169282019290925260019091015463ffffffff81166060830152640100000000900465ffffffffffff16608082015290565b6040805182516dffffffffffffffffffffffffffff908116825260208085015115159083015283830151169181019190915260608083015163ffffffff169082015260809182015165ffffffffffff169181019190915260a0016101ed565b3480156103f157600080fd5b506101e361040036600461422e565b73ffffffffffffffffffffffffffffffffffffffff166000908152602081905260409020546dffffffffffffffffffffffffffff1690565b34801561044457600080fd5b506101e3600181565b34801561045957600080fd5b5061017161046836600461424b565b6114d8565b34801561047957600080fd5b506101716104883660046142d0565b611630565b34801561049957600080fd5b506101e36104a836600461432b565b611737565b6101716104bb36600461422e565b61060f565b3480156104cc57600080fd5b50610171611779565b3480156104e157600080fd5b506101716104f036600461422e565b611930565b34801561050157600080fd5b50610171610510366004614360565b611c30565b34801561052157600080fd5b5061017161053036600461432b565b611d5e565b34801561054157600080fd5b506105c261055036600461422e565b600060208190529081526040902080546001909101546dffffffffffffffffffffffffffff808316926e010000000000000000000000000000810460ff16926f010000000000000000000000000000009091049091169063ffffffff811690640100000000900465ffffffffffff1685565b604080516dffffffffffffffffffffffffffff96871681529415156020860152929094169183019190915263ffffffff16606082015265ffffffffffff909116608082015260a0016101ed565b61061981346120c6565b73ffffffffffffffffffffffffffffffffffffffff811660008181526020818152604091829020805492516dffffffffffffffffffffffffffff909316835292917f2da466a7b24304f47e87fa2e1e5a81b9831ce54fec19055ce277ca2f39ba42c491015b60405180910390a25050565b33600090815260208190526040902063ffffffff821661070b576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601a60248201527f6d757374207370656369667920756e7374616b652064656c617900000000000060448201526064015b60405180910390fd5b600181015463ffffffff9081169083161015610783576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601c60248201527f63616e6e6f7420646563726561736520756e7374616b652074696d65000000006044820152606401610702565b80546000906107b69034906f0100000000000000000000000000000090046dffffffffffffffffffffffffffff166143f1565b905060008111610822576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601260248201527f6e6f207374616b652073706563696669656400000000000000000000000000006044820152606401610702565b6dffffffffffffffffffffffffffff81111561089a576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152600e60248201527f7374616b65206f766572666c6f770000000000000000000000000000000000006044820152606401610702565b6040805160a08101825283546dffffffffffffffffffffffffffff90811682526001602080840182815286841685870190815263ffffffff808b16606088019081526000608089018181523380835296829052908a9020985189549551945189166f01000000000000000000000000000000027fffffff0000000000000000000000000000ffffffffffffffffffffffffffffff9515156e010000000000000000000000000000027fffffffffffffffffffffffffffffffffff0000000000000000000000000000009097169190991617949094179290921695909517865551949092018054925165ffffffffffff16640100000000027fffffffffffffffffffffffffffffffffffffffffffff00000000000000000000909316949093169390931717905590517fa5ae833d0bb1dcd632d98a8b70973e8516812898e19bf27b70071ebc8dc52c0190610a00908490879091825263ffffffff16602082015260400190565b60405180910390a2505050565b33600090815260016020908152604080832077ffffffffffffffffffffffffffffffffffffffffffffffff851684529091528120805491610a4d83614404565b919050555050565b6000805a9050333014610ac4576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601760248201527f4141393220696e7465726e616c2063616c6c206f6e6c790000000000000000006044820152606401610702565b8451604081015160608201518101611388015a1015610b07577fdeaddead0000000000000000000000000000000000000000000000000000000060005260206000fd5b875160009015610ba8576000610b24846000015160008c866121c3565b905080610ba6576000610b386108006121db565b805190915015610ba057846000015173ffffffffffffffffffffffffffffffffffffffff168a602001517f1c4fada7374c0a9ee8841fc38afe82932dc0f8e69012e927f061a8bae611a201876020015184604051610b979291906144aa565b60405180910390a35b60019250505b505b600088608001515a8603019050610bfa6000838b8b8b8080601f016020809104026020016040519081016040528093929190818152602001838380828437600092019190915250889250612207915050565b9a9950505050505050505050565b610c106125e5565b8160008167ffffffffffffffff811115610c2c57610c2c613e81565b604051908082528060200260200182016040528015610c6557816020015b610c52613d0d565b815260200190600190039081610c4a5790505b50905060005b82811015610cde576000828281518110610c8757610c876144c3565b60200260200101519050600080610cc2848a8a87818110610caa57610caa6144c3565b9050602002810190610cbc91906144f2565b85612656565b91509150610cd3848383600061289a565b505050600101610c6b565b506040516000907fbb47ee3e183a558b1a2ff0874b079f3fc5478b7454eacf2bfc5af2ff5878f972908290a160005b83811015610d6857610d5c81888884818110610d2b57610d2b6144c3565b9050602002810190610d3d91906144f2565b858481518110610d4f57610d4f6144c3565b6020026020010151612aef565b90910190600101610d0d565b50610d738482612c74565b505050610d806001600255565b505050565b33600090815260208190526040902080546dffffffffffffffffffffffffffff16821115610e0f576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601960248201527f576974686472617720616d6f756e7420746f6f206c61726765000000000000006044820152606401610702565b8054610e2c9083906dffffffffffffffffffffffffffff16614530565b81547fffffffffffffffffffffffffffffffffffff0000000000000000000000000000166dffffffffffffffffffffffffffff919091161781556040805173ffffffffffffffffffffffffffffffffffffffff851681526020810184905233917fd1c19fbcd4551a5edfb66d43d2e337c04837afda3482b42bdf569a8fccdae5fb910160405180910390a260008373ffffffffffffffffffffffffffffffffffffffff168360405160006040518083038185875af1925050503d8060008114610f11576040519150601f19603f3d011682016040523d82523d6000602084013e610f16565b606091505b5050905080610f81576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601260248201527f6661696c656420746f20776974686472617700000000000000000000000000006044820152606401610702565b50505050565b73ffffffffffffffffffffffffffffffffffffffff8216600090815260016020908152604080832077ffffffffffffffffffffffffffffffffffffffffffffffff8516845290915290819020549082901b7fffffffffffffffffffffffffffffffffffffffffffffffff000000000000000016175b92915050565b61100a6125e5565b816000805b82811015611203573686868381811061102a5761102a6144c3565b905060200281019061103c9190614543565b905036600061104b8380614577565b90925090506000611062604085016020860161422e565b90507fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff73ffffffffffffffffffffffffffffffffffffffff821601611103576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601760248201527f4141393620696e76616c69642061676772656761746f720000000000000000006044820152606401610702565b73ffffffffffffffffffffffffffffffffffffffff8116156111e05773ffffffffffffffffffffffffffffffffffffffff811663e3563a4f848461114a60408901896145df565b6040518563ffffffff1660e01b815260040161116994939291906147f5565b60006040518083038186803b15801561118157600080fd5b505afa925050508015611192575060015b6111e0576040517f86a9f75000000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff82166004820152602401610702565b6111ea82876143f1565b95505050505080806111fb90614404565b91505061100f565b5060008167ffffffffffffffff81111561121f5761121f613e81565b60405190808252806020026020018201604052801561125857816020015b611245613d0d565b81526020019060019003908161123d5790505b506040519091507fbb47ee3e183a558b1a2ff0874b079f3fc5478b7454eacf2bfc5af2ff5878f97290600090a16000805b8481101561136d57368888838181106112a4576112a46144c3565b90506020028101906112b69190614543565b90503660006112c58380614577565b909250905060006112dc604085016020860161422e565b90508160005b818110156113545760008989815181106112fe576112fe6144c3565b602002602001015190506000806113218b898987818110610caa57610caa6144c3565b915091506113318483838961289a565b8a61133b81614404565b9b5050505050808061134c90614404565b9150506112e2565b505050505050808061136590614404565b915050611289565b50600080915060005b858110156114935736898983818110611391576113916144c3565b90506020028101906113a39190614543565b90506113b5604082016020830161422e565b73ffffffffffffffffffffffffffffffffffffffff167f575ff3acadd5ab348fe1855e217e0f3678f8d767d7494c9f9fefbee2e17cca4d60405160405180910390a23660006114048380614577565b90925090508060005b8181101561147b5761144f8885858481811061142b5761142b6144c3565b905060200281019061143d91906144f2565b8b8b81518110610d4f57610d4f6144c3565b61145990886143f1565b96508761146581614404565b985050808061147390614404565b91505061140d565b5050505050808061148b90614404565b915050611376565b506040516000907f575ff3acadd5ab348fe1855e217e0f3678f8d767d7494c9f9fefbee2e17cca4d908290a26114c98682612c74565b5050505050610d806001600255565b831580156114fb575073ffffffffffffffffffffffffffffffffffffffff83163b155b15611562576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601960248201527f41413230206163636f756e74206e6f74206465706c6f796564000000000000006044820152606401610702565b601481106115f457600061157960148284866148ac565b611582916148d6565b60601c9050803b6000036115f2576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601b60248201527f41413330207061796d6173746572206e6f74206465706c6f79656400000000006044820152606401610702565b505b6040517f08c379a00000000000000000000000000000000000000000000000000000000081526020600482015260006024820152604401610702565b6040517f570e1a3600000000000000000000000000000000000000000000000000000000815260009073ffffffffffffffffffffffffffffffffffffffff7f0000000000000000000000000000000000000000000000000000000000000000169063570e1a36906116a7908690869060040161491e565b6020604051808303816000875af11580156116c6573d6000803e3d6000fd5b505050506040513d601f19601f820116820180604052508101906116ea9190614932565b6040517f6ca7b80600000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff82166004820152909150602401610702565b600061174282612dbb565b6040805160208101929092523090820152466060820152608001604051602081830303815290604052805190602001209050919050565b3360009081526020819052604081206001810154909163ffffffff90911690036117ff576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152600a60248201527f6e6f74207374616b6564000000000000000000000000000000000000000000006044820152606401610702565b80546e010000000000000000000000000000900460ff1661187c576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601160248201527f616c726561647920756e7374616b696e670000000000000000000000000000006044820152606401610702565b60018101546000906118949063ffffffff164261494f565b6001830180547fffffffffffffffffffffffffffffffffffffffffffff000000000000ffffffff1664010000000065ffffffffffff84169081029190911790915583547fffffffffffffffffffffffffffffffffff00ffffffffffffffffffffffffffff16845560405190815290915033907ffa9b3c14cc825c412c9ed81b3ba365a5b459439403f18829e572ed53a4180f0a9060200161067e565b33600090815260208190526040902080546f0100000000000000000000000000000090046dffffffffffffffffffffffffffff16806119cb576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601460248201527f4e6f207374616b6520746f2077697468647261770000000000000000000000006044820152606401610702565b6001820154640100000000900465ffffffffffff16611a46576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601d60248201527f6d7573742063616c6c20756e6c6f636b5374616b6528292066697273740000006044820152606401610702565b60018201544264010000000090910465ffffffffffff161115611ac5576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601b60248201527f5374616b65207769746864726177616c206973206e6f742064756500000000006044820152606401610702565b6001820180547fffffffffffffffffffffffffffffffffffffffffffff0000000000000000000016905581547fffffff0000000000000000000000000000ffffffffffffffffffffffffffffff1682556040805173ffffffffffffffffffffffffffffffffffffffff851681526020810183905233917fb7c918e0e249f999e965cafeb6c664271b3f4317d296461500e71da39f0cbda3910160405180910390a260008373ffffffffffffffffffffffffffffffffffffffff168260405160006040518083038185875af1925050503d8060008114611bc0576040519150601f19603f3d011682016040523d82523d6000602084013e611bc5565b606091505b5050905080610f81576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601860248201527f6661696c656420746f207769746864726177207374616b6500000000000000006044820152606401610702565b611c38613d0d565b611c4185612dd4565b600080611c5060008885612656565b915091506000611c608383612ec7565b9050611c6b43600052565b6000611c7960008a87612aef565b9050611c8443600052565b6000606073ffffffffffffffffffffffffffffffffffffffff8a1615611d14578973ffffffffffffffffffffffffffffffffffffffff168989604051611ccb929190614975565b6000604051808303816000865af19150503d8060008114611d08576040519150601f19603f3d011682016040523d82523d6000602084013e611d0d565b606091505b5090925090505b8660800151838560200151866040015185856040517f8b7ac98000000000000000000000000000000000000000000000000000000000815260040161070296959493929190614985565b611d66613d0d565b611d6f82612dd4565b600080611d7e60008585612656565b845160a001516040805180820182526000808252602080830182815273ffffffffffffffffffffffffffffffffffffffff958616835282825284832080546dffffffffffffffffffffffffffff6f01000000000000000000000000000000918290048116875260019283015463ffffffff9081169094528d51518851808a018a5287815280870188815291909a16875286865288872080549390930490911689529101549091169052835180850190945281845283015293955091935090366000611e4c60408a018a6145df565b909250905060006014821015611e63576000611e7e565b611e716014600084866148ac565b611e7a916148d6565b60601c5b6040805180820182526000808252602080830182815273ffffffffffffffffffffffffffffffffffffffff861683529082905292902080546f0100000000000000000000000000000090046dffffffffffffffffffffffffffff1682526001015463ffffffff1690915290915093505050506000611efc8686612ec7565b90506000816000015190506000600173ffffffffffffffffffffffffffffffffffffffff168273ffffffffffffffffffffffffffffffffffffffff1614905060006040518060c001604052808b6080015181526020018b6040015181526020018315158152602001856020015165ffffffffffff168152602001856040015165ffffffffffff168152602001611f938c6060015190565b9052905073ffffffffffffffffffffffffffffffffffffffff831615801590611fd3575073ffffffffffffffffffffffffffffffffffffffff8316600114155b1561208c5760408051808201825273ffffffffffffffffffffffffffffffffffffffff851680825282518084018452600080825260208083018281529382528181529085902080546f0100000000000000000000000000000090046dffffffffffffffffffffffffffff1683526001015463ffffffff169092529082015290517ffaecb4e4000000000000000000000000000000000000000000000000000000008152610702908390899089908c908690600401614a27565b808686896040517fe0cff05f0000000000000000000000000000000000000000000000000000000081526004016107029493929190614ab4565b73ffffffffffffffffffffffffffffffffffffffff82166000908152602081905260408120805490919061210b9084906dffffffffffffffffffffffffffff166143f1565b90506dffffffffffffffffffffffffffff811115612185576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601060248201527f6465706f736974206f766572666c6f77000000000000000000000000000000006044820152606401610702565b81547fffffffffffffffffffffffffffffffffffff0000000000000000000000000000166dffffffffffffffffffffffffffff919091161790555050565b6000806000845160208601878987f195945050505050565b60603d828111156121e95750815b604051602082018101604052818152816000602083013e9392505050565b6000805a85519091506000908161221d82612fad565b60a083015190915073ffffffffffffffffffffffffffffffffffffffff81166122495782519350612497565b80935060008851111561249757868202955060028a600281111561226f5761226f614b0b565b146123075760608301516040517fa9a2340900000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff83169163a9a23409916122cf908e908d908c90600401614b3a565b600060405180830381600088803b1580156122e957600080fd5b5087f11580156122fd573d6000803e3d6000fd5b5050505050612497565b60608301516040517fa9a2340900000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff83169163a9a2340991612362908e908d908c90600401614b3a565b600060405180830381600088803b15801561237c57600080fd5b5087f19350505050801561238e575060015b6124975761239a614b9a565b806308c379a00361242a57506123ae614bb6565b806123b9575061242c565b8b816040516020016123cb9190614c5e565b604080517fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0818403018152908290527f220266b600000000000000000000000000000000000000000000000000000000825261070292916004016144aa565b505b8a6040517f220266b60000000000000000000000000000000000000000000000000000000081526004016107029181526040602082018190526012908201527f4141353020706f73744f70207265766572740000000000000000000000000000606082015260800190565b5a85038701965081870295508589604001511015612519578a6040517f220266b600000000000000000000000000000000000000000000000000000000815260040161070291815260406020808301829052908201527f414135312070726566756e642062656c6f772061637475616c476173436f7374606082015260800190565b604089015186900361252b85826120c6565b6000808c600281111561254057612540614b0b565b1490508460a0015173ffffffffffffffffffffffffffffffffffffffff16856000015173ffffffffffffffffffffffffffffffffffffffff168c602001517f49628fd1471006c1482da88028e9ce4dbb080b815c9b0344d39e5a8e6ec1419f8860200151858d8f6040516125cd949392919093845291151560208401526040830152606082015260800190565b60405180910390a45050505050505095945050505050565b6002805403612650576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601f60248201527f5265656e7472616e637947756172643a207265656e7472616e742063616c6c006044820152606401610702565b60028055565b60008060005a845190915061266b8682612fdd565b61267486611737565b6020860152604081015160608201516080830151171760e087013517610100870135176effffffffffffffffffffffffffffff811115612710576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601860248201527f41413934206761732076616c756573206f766572666c6f7700000000000000006044820152606401610702565b60008061271c846130fd565b905061272a8a8a8a84613157565b85516020870151919950919350612741919061346d565b6127b057896040517f220266b6000000000000000000000000000000000000000000000000000000008152600401610702918152604060208201819052601a908201527f4141323520696e76616c6964206163636f756e74206e6f6e6365000000000000606082015260800190565b6127b943600052565b60a084015160609073ffffffffffffffffffffffffffffffffffffffff16156127ee576127e98b8b8b85876134c8565b975090505b60005a87039050808b60a00135101561286c578b6040517f220266b6000000000000000000000000000000000000000000000000000000008152600401610702918152604060208201819052601e908201527f41413430206f76657220766572696669636174696f6e4761734c696d69740000606082015260800190565b60408a018390528160608b015260c08b01355a8803018a608001818152505050505050505050935093915050565b6000806128a68561378b565b915091508173ffffffffffffffffffffffffffffffffffffffff168373ffffffffffffffffffffffffffffffffffffffff161461294857856040517f220266b60000000000000000000000000000000000000000000000000000000081526004016107029181526040602082018190526014908201527f41413234207369676e6174757265206572726f72000000000000000000000000606082015260800190565b80156129b957856040517f220266b60000000000000000000000000000000000000000000000000000000081526004016107029181526040602082018190526017908201527f414132322065787069726564206f72206e6f7420647565000000000000000000606082015260800190565b60006129c48561378b565b9250905073ffffffffffffffffffffffffffffffffffffffff811615612a4f57866040517f220266b60000000000000000000000000000000000000000000000000000000081526004016107029181526040602082018190526014908201527f41413334207369676e6174757265206572726f72000000000000000000000000606082015260800190565b8115612ae657866040517f220266b60000000000000000000000000000000000000000000000000000000081526004016107029181526040602082018190526021908201527f41413332207061796d61737465722065787069726564206f72206e6f7420647560608201527f6500000000000000000000000000000000000000000000000000000000000000608082015260a00190565b50505050505050565b6000805a90506000612b02846060015190565b905030631d732756612b1760608801886145df565b87856040518563ffffffff1660e01b8152600401612b389493929190614ca3565b6020604051808303816000875af1925050508015612b91575060408051601f3d9081017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0168201909252612b8e91810190614d64565b60015b612c6857600060206000803e506000517f21522153000000000000000000000000000000000000000000000000000000008101612c3357866040517f220266b6000000000000000000000000000000000000000000000000000000008152600401610702918152604060208201819052600f908201527f41413935206f7574206f66206761730000000000000000000000000000000000606082015260800190565b600085608001515a612c459086614530565b612c4f91906143f1565b9050612c5f886002888685612207565b94505050612c6b565b92505b50509392505050565b73ffffffffffffffffffffffffffffffffffffffff8216612cf1576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601860248201527f4141393020696e76616c69642062656e656669636961727900000000000000006044820152606401610702565b60008273ffffffffffffffffffffffffffffffffffffffff168260405160006040518083038185875af1925050503d8060008114612d4b576040519150601f19603f3d011682016040523d82523d6000602084013e612d50565b606091505b5050905080610d80576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601f60248201527f41413931206661696c65642073656e6420746f2062656e6566696369617279006044820152606401610702565b6000612dc6826137de565b805190602001209050919050565b3063957122ab612de760408401846145df565b612df4602086018661422e565b612e026101208701876145df565b6040518663ffffffff1660e01b8152600401612e22959493929190614d7d565b60006040518083038186803b158015612e3a57600080fd5b505afa925050508015612e4b575060015b612ec457612e57614b9a565b806308c379a003612eb85750612e6b614bb6565b80612e765750612eba565b805115612eb4576000816040517f220266b60000000000000000000000000000000000000000000000000000000081526004016107029291906144aa565b5050565b505b3d6000803e3d6000fd5b50565b6040805160608101825260008082526020820181905291810182905290612eed846138be565b90506000612efa846138be565b825190915073ffffffffffffffffffffffffffffffffffffffff8116612f1e575080515b602080840151604080860151928501519085015191929165ffffffffffff8083169085161015612f4c578193505b8065ffffffffffff168365ffffffffffff161115612f68578092505b50506040805160608101825273ffffffffffffffffffffffffffffffffffffffff909416845265ffffffffffff92831660208501529116908201529250505092915050565b60c081015160e082015160009190808203612fc9575092915050565b612fd58248830161393c565b949350505050565b612fea602083018361422e565b73ffffffffffffffffffffffffffffffffffffffff16815260208083013590820152608080830135604083015260a0830135606083015260c0808401359183019190915260e08084013591830191909152610100830135908201523660006130566101208501856145df565b909250905080156130f05760148110156130cc576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601d60248201527f4141393320696e76616c6964207061796d6173746572416e64446174610000006044820152606401610702565b6130da6014600083856148ac565b6130e3916148d6565b60601c60a0840152610f81565b600060a084015250505050565b60a0810151600090819073ffffffffffffffffffffffffffffffffffffffff1661312857600161312b565b60035b60ff16905060008360800151828560600151028560400151010190508360c00151810292505050919050565b60008060005a855180519192509061317c898861317760408c018c6145df565b613954565b60a082015161318a43600052565b600073ffffffffffffffffffffffffffffffffffffffff82166131f35773ffffffffffffffffffffffffffffffffffffffff83166000908152602081905260409020546dffffffffffffffffffffffffffff168881116131ec578089036131ef565b60005b9150505b606084015160208a01516040517f3a871cdd00000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff861692633a871cdd929091613253918f918790600401614dc0565b60206040518083038160008887f1935050505080156132ad575060408051601f3d9081017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe01682019092526132aa91810190614d64565b60015b613357576132b9614b9a565b806308c379a0036132ea57506132cd614bb6565b806132d857506132ec565b8b816040516020016123cb9190614de5565b505b8a6040517f220266b60000000000000000000000000000000000000000000000000000000081526004016107029181526040602082018190526016908201527f4141323320726576657274656420286f72204f4f472900000000000000000000606082015260800190565b955073ffffffffffffffffffffffffffffffffffffffff821661345a5773ffffffffffffffffffffffffffffffffffffffff8316600090815260208190526040902080546dffffffffffffffffffffffffffff16808a111561341e578c6040517f220266b60000000000000000000000000000000000000000000000000000000081526004016107029181526040602082018190526017908201527f41413231206469646e2774207061792070726566756e64000000000000000000606082015260800190565b81547fffffffffffffffffffffffffffffffffffff000000000000000000000000000016908a90036dffffffffffffffffffffffffffff161790555b5a85039650505050505094509492505050565b73ffffffffffffffffffffffffffffffffffffffff8216600090815260016020908152604080832084821c808552925282208054849167ffffffffffffffff83169190856134ba83614404565b909155501495945050505050565b8251606081810151909160009184811161353e576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601f60248201527f4141343120746f6f206c6974746c6520766572696669636174696f6e476173006044820152606401610702565b60a082015173ffffffffffffffffffffffffffffffffffffffff8116600090815260208190526040902080548784039291906dffffffffffffffffffffffffffff16898110156135f3578c6040517f220266b6000000000000000000000000000000000000000000000000000000008152600401610702918152604060208201819052601e908201527f41413331207061796d6173746572206465706f73697420746f6f206c6f770000606082015260800190565b8981038260000160006101000a8154816dffffffffffffffffffffffffffff02191690836dffffffffffffffffffffffffffff1602179055508273ffffffffffffffffffffffffffffffffffffffff1663f465c77e858e8e602001518e6040518563ffffffff1660e01b815260040161366e93929190614dc0565b60006040518083038160008887f1935050505080156136cd57506040513d6000823e601f3d9081017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe01682016040526136ca9190810190614e2a565b60015b613777576136d9614b9a565b806308c379a00361370a57506136ed614bb6565b806136f8575061370c565b8d816040516020016123cb9190614eb6565b505b8c6040517f220266b60000000000000000000000000000000000000000000000000000000081526004016107029181526040602082018190526016908201527f4141333320726576657274656420286f72204f4f472900000000000000000000606082015260800190565b909e909d509b505050505050505050505050565b600080826000036137a157506000928392509050565b60006137ac846138be565b9050806040015165ffffffffffff164211806137d35750806020015165ffffffffffff1642105b905194909350915050565b60608135602083013560006137fe6137f960408701876145df565b613cfa565b905060006138126137f960608801886145df565b9050608086013560a087013560c088013560e08901356101008a013560006138416137f96101208e018e6145df565b6040805173ffffffffffffffffffffffffffffffffffffffff9c909c1660208d01528b81019a909a5260608b019890985250608089019590955260a088019390935260c087019190915260e08601526101008501526101208401526101408084019190915281518084039091018152610160909201905292915050565b60408051606081018252600080825260208201819052918101919091528160a081901c65ffffffffffff81166000036138fa575065ffffffffffff5b6040805160608101825273ffffffffffffffffffffffffffffffffffffffff909316835260d09490941c602083015265ffffffffffff16928101929092525090565b600081831061394b578161394d565b825b9392505050565b8015610f815782515173ffffffffffffffffffffffffffffffffffffffff81163b156139e557846040517f220266b6000000000000000000000000000000000000000000000000000000008152600401610702918152604060208201819052601f908201527f414131302073656e64657220616c726561647920636f6e737472756374656400606082015260800190565b8351606001516040517f570e1a3600000000000000000000000000000000000000000000000000000000815260009173ffffffffffffffffffffffffffffffffffffffff7f0000000000000000000000000000000000000000000000000000000000000000169163570e1a369190613a63908890889060040161491e565b60206040518083038160008887f1158015613a82573d6000803e3d6000fd5b50505050506040513d601f19601f82011682018060405250810190613aa79190614932565b905073ffffffffffffffffffffffffffffffffffffffff8116613b2f57856040517f220266b6000000000000000000000000000000000000000000000000000000008152600401610702918152604060208201819052601b908201527f4141313320696e6974436f6465206661696c6564206f72204f4f470000000000606082015260800190565b8173ffffffffffffffffffffffffffffffffffffffff168173ffffffffffffffffffffffffffffffffffffffff1614613bcc57856040517f220266b600000000000000000000000000000000000000000000000000000000815260040161070291815260406020808301829052908201527f4141313420696e6974436f6465206d7573742072657475726e2073656e646572606082015260800190565b8073ffffffffffffffffffffffffffffffffffffffff163b600003613c5557856040517f220266b600000000000000000000000000000000000000000000000000000000815260040161070291815260406020808301829052908201527f4141313520696e6974436f6465206d757374206372656174652073656e646572606082015260800190565b6000613c6460148286886148ac565b613c6d916148d6565b60601c90508273ffffffffffffffffffffffffffffffffffffffff1686602001517fd51a9c61267aa6196961883ecf5ff2da6619c37dac0fa92122513fb32c032d2d83896000015160a00151604051613ce992919073ffffffffffffffffffffffffffffffffffffffff92831681529116602082015260400190565b60405180910390a350505050505050565b6000604051828085833790209392505050565b6040518060a00160405280613d8c604051806101000160405280600073ffffffffffffffffffffffffffffffffffffffff16815260200160008152602001600081526020016000815260200160008152602001600073ffffffffffffffffffffffffffffffffffffffff16815260200160008152602001600081525090565b8152602001600080191681526020016000815260200160008152602001600081525090565b600060208284031215613dc357600080fd5b813563ffffffff8116811461394d57600080fd5b803577ffffffffffffffffffffffffffffffffffffffffffffffff81168114613dff57600080fd5b919050565b600060208284031215613e1657600080fd5b61394d82613dd7565b73ffffffffffffffffffffffffffffffffffffffff81168114612ec457600080fd5b8035613dff81613e1f565b60008060408385031215613e5f57600080fd5b8235613e6a81613e1f565b9150613e7860208401613dd7565b90509250929050565b7f4e487b7100000000000000000000000000000000000000000000000000000000600052604160045260246000fd5b60a0810181811067ffffffffffffffff82111715613ed057613ed0613e81565b60405250565b610100810181811067ffffffffffffffff82111715613ed057613ed0613e81565b7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0601f830116810181811067ffffffffffffffff82111715613f3b57613f3b613e81565b6040525050565b600067ffffffffffffffff821115613f5c57613f5c613e81565b50601f017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe01660200190565b6000818303610180811215613f9c57600080fd5b604051613fa881613eb0565b80925061010080831215613fbb57600080fd5b6040519250613fc983613ed6565b613fd285613e41565b83526020850135602084015260408501356040840152606085013560608401526080850135608084015261400860a08601613e41565b60a084015260c085013560c084015260e085013560e084015282825280850135602083015250610120840135604082015261014084013560608201526101608401356080820152505092915050565b60008083601f84011261406957600080fd5b50813567ffffffffffffffff81111561408157600080fd5b60208301915083602082850101111561409957600080fd5b9250929050565b6000806000806101c085870312156140b757600080fd5b843567ffffffffffffffff808211156140cf57600080fd5b818701915087601f8301126140e357600080fd5b81356140ee81613f42565b6040516140fb8282613ef7565b8281528a602084870101111561411057600080fd5b826020860160208301376000602084830101528098505050506141368860208901613f88565b94506101a087013591508082111561414d57600080fd5b5061415a87828801614057565b95989497509550505050565b60008083601f84011261417857600080fd5b50813567ffffffffffffffff81111561419057600080fd5b6020830191508360208260051b850101111561409957600080fd5b6000806000604084860312156141c057600080fd5b833567ffffffffffffffff8111156141d757600080fd5b6141e386828701614166565b90945092505060208401356141f781613e1f565b809150509250925092565b6000806040838503121561421557600080fd5b823561422081613e1f565b946020939093013593505050565b60006020828403121561424057600080fd5b813561394d81613e1f565b60008060008060006060868803121561426357600080fd5b853567ffffffffffffffff8082111561427b57600080fd5b61428789838a01614057565b90975095506020880135915061429c82613e1f565b909350604087013590808211156142b257600080fd5b506142bf88828901614057565b969995985093965092949392505050565b600080602083850312156142e357600080fd5b823567ffffffffffffffff8111156142fa57600080fd5b61430685828601614057565b90969095509350505050565b6000610160828403121561432557600080fd5b50919050565b60006020828403121561433d57600080fd5b813567ffffffffffffffff81111561435457600080fd5b612fd584828501614312565b6000806000806060858703121561437657600080fd5b843567ffffffffffffffff8082111561438e57600080fd5b61439a88838901614312565b9550602087013591506143ac82613e1f565b9093506040860135908082111561414d57600080fd5b7f4e487b7100000000000000000000000000000000000000000000000000000000600052601160045260246000fd5b80820180821115610ffc57610ffc6143c2565b60007fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff8203614435576144356143c2565b5060010190565b60005b8381101561445757818101518382015260200161443f565b50506000910152565b6000815180845261447881602086016020860161443c565b601f017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0169290920160200192915050565b828152604060208201526000612fd56040830184614460565b7f4e487b7100000000000000000000000000000000000000000000000000000000600052603260045260246000fd5b600082357ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffea183360301811261452657600080fd5b9190910192915050565b81810381811115610ffc57610ffc6143c2565b600082357fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffa183360301811261452657600080fd5b60008083357fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe18436030181126145ac57600080fd5b83018035915067ffffffffffffffff8211156145c757600080fd5b6020019150600581901b360382131561409957600080fd5b60008083357fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe184360301811261461457600080fd5b83018035915067ffffffffffffffff82111561462f57600080fd5b60200191503681900382131561409957600080fd5b60008083357fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe184360301811261467957600080fd5b830160208101925035905067ffffffffffffffff81111561469957600080fd5b80360382131561409957600080fd5b8183528181602085013750600060208284010152600060207fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0601f840116840101905092915050565b600061016061471d8461470385613e41565b73ffffffffffffffffffffffffffffffffffffffff169052565b602083013560208501526147346040840184614644565b82604087015261474783870182846146a8565b925050506147586060840184614644565b858303606087015261476b8382846146a8565b925050506080830135608085015260a083013560a085015260c083013560c085015260e083013560e08501526101008084013581860152506101206147b281850185614644565b868403838801526147c48482846146a8565b93505050506101406147d881850185614644565b868403838801526147ea8482846146a8565b979650505050505050565b6040808252810184905260006060600586901b830181019083018783805b89811015614895577fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffa087860301845282357ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffea18c3603018112614873578283fd5b61487f868d83016146f1565b9550506020938401939290920191600101614813565b5050505082810360208401526147ea8185876146a8565b600080858511156148bc57600080fd5b838611156148c957600080fd5b5050820193919092039150565b7fffffffffffffffffffffffffffffffffffffffff00000000000000000000000081358181169160148510156149165780818660140360031b1b83161692505b505092915050565b602081526000612fd56020830184866146a8565b60006020828403121561494457600080fd5b815161394d81613e1f565b65ffffffffffff81811683821601908082111561496e5761496e6143c2565b5092915050565b8183823760009101908152919050565b868152856020820152600065ffffffffffff8087166040840152808616606084015250831515608083015260c060a08301526149c460c0830184614460565b98975050505050505050565b80518252602081015160208301526040810151151560408301526000606082015165ffffffffffff8082166060860152806080850151166080860152505060a082015160c060a0850152612fd560c0850182614460565b6000610140808352614a3b818401896149d0565b915050614a55602083018780518252602090810151910152565b845160608301526020948501516080830152835160a08301529284015160c0820152815173ffffffffffffffffffffffffffffffffffffffff1660e0820152908301518051610100830152909201516101209092019190915292915050565b60e081526000614ac760e08301876149d0565b9050614ae0602083018680518252602090810151910152565b8351606083015260208401516080830152825160a0830152602083015160c083015295945050505050565b7f4e487b7100000000000000000000000000000000000000000000000000000000600052602160045260246000fd5b600060038510614b73577f4e487b7100000000000000000000000000000000000000000000000000000000600052602160045260246000fd5b84825260606020830152614b8a6060830185614460565b9050826040830152949350505050565b600060033d1115614bb35760046000803e5060005160e01c5b90565b600060443d1015614bc45790565b6040517ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc803d016004833e81513d67ffffffffffffffff8160248401118184111715614c1257505050505090565b8285019150815181811115614c2a5750505050505090565b843d8701016020828501011115614c445750505050505090565b614c5360208286010187613ef7565b509095945050505050565b7f4141353020706f73744f702072657665727465643a2000000000000000000000815260008251614c9681601685016020870161443c565b9190910160160192915050565b60006101c0808352614cb881840187896146a8565b9050845173ffffffffffffffffffffffffffffffffffffffff808251166020860152602082015160408601526040820151606086015260608201516080860152608082015160a08601528060a08301511660c08601525060c081015160e085015260e08101516101008501525060208501516101208401526040850151610140840152606085015161016084015260808501516101808401528281036101a08401526147ea8185614460565b600060208284031215614d7657600080fd5b5051919050565b606081526000614d916060830187896146a8565b73ffffffffffffffffffffffffffffffffffffffff8616602084015282810360408401526149c48185876146a8565b606081526000614dd360608301866146f1565b60208301949094525060400152919050565b7f414132332072657665727465643a200000000000000000000000000000000000815260008251614e1d81600f85016020870161443c565b91909101600f0192915050565b60008060408385031215614e3d57600080fd5b825167ffffffffffffffff811115614e5457600080fd5b8301601f81018513614e6557600080fd5b8051614e7081613f42565b604051614e7d8282613ef7565b828152876020848601011115614e9257600080fd5b614ea383602083016020870161443c565b6020969096015195979596505050505050565b7f414133332072657665727465643a200000000000000000000000000000000000815260008251614e1d81600f85016020870161443c56fea2646970667358221220beb5c2ad0d5b194a2ab346177ddc9b2da2bce4c955d5b3076533adb9cf5b434664736f6c63430008110033608060405234801561001057600080fd5b50610213806100206000396000f3fe608060405234801561001057600080fd5b506004361061002b5760003560e01c8063570e1a3614610030575b600080fd5b61004361003e3660046100f9565b61006c565b60405173ffffffffffffffffffffffffffffffffffffffff909116815260200160405180910390f35b60008061007c601482858761016b565b61008591610195565b60601c90506000610099846014818861016b565b8080601f016020809104026020016040519081016040528093929190818152602001838380828437600092018290525084519495509360209350849250905082850182875af190506000519350806100f057600093505b50505092915050565b6000806020838503121561010c57600080fd5b823567ffffffffffffffff8082111561012457600080fd5b818501915085601f83011261013857600080fd5b81358181111561014757600080fd5b86602082850101111561015957600080fd5b60209290920196919550909350505050565b6000808585111561017b57600080fd5b8386111561018857600080fd5b5050820193919092039150565b7fffffffffffffffffffffffffffffffffffffffff00000000000000000000000081358181169160148510156101d55780818660140360031b1b83161692505b50509291505056fea2646970667358221220fb69e7c648da03e11abb9034e51ed11103c634f3c1627a3ea76ab11bc1718fd364736f6c63430008110033",
}

// EntryPointABI is the input ABI used to generate the binding from.
// Deprecated: Use EntryPointMetaData.ABI instead.
var EntryPointABI = EntryPointMetaData.ABI

// Deprecated: Use EntryPointMetaData.Sigs instead.
// EntryPointFuncSigs maps the 4-byte function signature to its string representation.
var EntryPointFuncSigs = EntryPointMetaData.Sigs

// EntryPointBin is the compiled bytecode used for deploying new contracts.
// Deprecated: Use EntryPointMetaData.Bin instead.
var EntryPointBin = EntryPointMetaData.Bin

// DeployEntryPoint deploys a new Ethereum contract, binding an instance of EntryPoint to it.
func DeployEntryPoint(auth *bind.TransactOpts, backend bind.ContractBackend) (common.Address, *types.Transaction, *EntryPoint, error) {
	parsed, err := EntryPointMetaData.GetAbi()
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	if parsed == nil {
		return common.Address{}, nil, nil, errors.New("GetABI returned nil")
	}

	address, tx, contract, err := bind.DeployContract(auth, *parsed, common.FromHex(EntryPointBin), backend)
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	return address, tx, &EntryPoint{EntryPointCaller: EntryPointCaller{contract: contract}, EntryPointTransactor: EntryPointTransactor{contract: contract}, EntryPointFilterer: EntryPointFilterer{contract: contract}}, nil
}

// EntryPoint is an auto generated Go binding around an Ethereum contract.
type EntryPoint struct {
	EntryPointCaller     // Read-only binding to the contract
	EntryPointTransactor // Write-only binding to the contract
	EntryPointFilterer   // Log filterer for contract events
}

// EntryPointCaller is an auto generated read-only Go binding around an Ethereum contract.
type EntryPointCaller struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// EntryPointTransactor is an auto generated write-only Go binding around an Ethereum contract.
type EntryPointTransactor struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// EntryPointFilterer is an auto generated log filtering Go binding around an Ethereum contract events.
type EntryPointFilterer struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// EntryPointSession is an auto generated Go binding around an Ethereum contract,
// with pre-set call and transact options.
type EntryPointSession struct {
	Contract     *EntryPoint       // Generic contract binding to set the session for
	CallOpts     bind.CallOpts     // Call options to use throughout this session
	TransactOpts bind.TransactOpts // Transaction auth options to use throughout this session
}

// EntryPointCallerSession is an auto generated read-only Go binding around an Ethereum contract,
// with pre-set call options.
type EntryPointCallerSession struct {
	Contract *EntryPointCaller // Generic contract caller binding to set the session for
	CallOpts bind.CallOpts     // Call options to use throughout this session
}

// EntryPointTransactorSession is an auto generated write-only Go binding around an Ethereum contract,
// with pre-set transact options.
type EntryPointTransactorSession struct {
	Contract     *EntryPointTransactor // Generic contract transactor binding to set the session for
	TransactOpts bind.TransactOpts     // Transaction auth options to use throughout this session
}

// EntryPointRaw is an auto generated low-level Go binding around an Ethereum contract.
type EntryPointRaw struct {
	Contract *EntryPoint // Generic contract binding to access the raw methods on
}

// EntryPointCallerRaw is an auto generated low-level read-only Go binding around an Ethereum contract.
type EntryPointCallerRaw struct {
	Contract *EntryPointCaller // Generic read-only contract binding to access the raw methods on
}

// EntryPointTransactorRaw is an auto generated low-level write-only Go binding around an Ethereum contract.
type EntryPointTransactorRaw struct {
	Contract *EntryPointTransactor // Generic write-only contract binding to access the raw methods on
}

// NewEntryPoint creates a new instance of EntryPoint, bound to a specific deployed contract.
func NewEntryPoint(address common.Address, backend bind.ContractBackend) (*EntryPoint, error) {
	contract, err := bindEntryPoint(address, backend, backend, backend)
	if err != nil {
		return nil, err
	}
	return &EntryPoint{EntryPointCaller: EntryPointCaller{contract: contract}, EntryPointTransactor: EntryPointTransactor{contract: contract}, EntryPointFilterer: EntryPointFilterer{contract: contract}}, nil
}

// NewEntryPointCaller creates a new read-only instance of EntryPoint, bound to a specific deployed contract.
func NewEntryPointCaller(address common.Address, caller bind.ContractCaller) (*EntryPointCaller, error) {
	contract, err := bindEntryPoint(address, caller, nil, nil)
	if err != nil {
		return nil, err
	}
	return &EntryPointCaller{contract: contract}, nil
}

// NewEntryPointTransactor creates a new write-only instance of EntryPoint, bound to a specific deployed contract.
func NewEntryPointTransactor(address common.Address, transactor bind.ContractTransactor) (*EntryPointTransactor, error) {
	contract, err := bindEntryPoint(address, nil, transactor, nil)
	if err != nil {
		return nil, err
	}
	return &EntryPointTransactor{contract: contract}, nil
}

// NewEntryPointFilterer creates a new log filterer instance of EntryPoint, bound to a specific deployed contract.
func NewEntryPointFilterer(address common.Address, filterer bind.ContractFilterer) (*EntryPointFilterer, error) {
	contract, err := bindEntryPoint(address, nil, nil, filterer)
	if err != nil {
		return nil, err
	}
	return &EntryPointFilterer{contract: contract}, nil
}

// bindEntryPoint binds a generic wrapper to an already deployed contract.
func bindEntryPoint(address common.Address, caller bind.ContractCaller, transactor bind.ContractTransactor, filterer bind.ContractFilterer) (*bind.BoundContract, error) {
	parsed, err := EntryPointMetaData.GetAbi()
	if err != nil {
		return nil, err
	}
	return bind.NewBoundContract(address, *parsed, caller, transactor, filterer), nil
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_EntryPoint *EntryPointRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _EntryPoint.Contract.EntryPointCaller.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_EntryPoint *EntryPointRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _EntryPoint.Contract.EntryPointTransactor.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_EntryPoint *EntryPointRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _EntryPoint.Contract.EntryPointTransactor.contract.Transact(opts, method, params...)
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_EntryPoint *EntryPointCallerRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _EntryPoint.Contract.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_EntryPoint *EntryPointTransactorRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _EntryPoint.Contract.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_EntryPoint *EntryPointTransactorRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _EntryPoint.Contract.contract.Transact(opts, method, params...)
}

// SIGVALIDATIONFAILED is a free data retrieval call binding the contract method 0x8f41ec5a.
//
// Solidity: function SIG_VALIDATION_FAILED() view returns(uint256)
func (_EntryPoint *EntryPointCaller) SIGVALIDATIONFAILED(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _EntryPoint.contract.Call(opts, &out, "SIG_VALIDATION_FAILED")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// SIGVALIDATIONFAILED is a free data retrieval call binding the contract method 0x8f41ec5a.
//
// Solidity: function SIG_VALIDATION_FAILED() view returns(uint256)
func (_EntryPoint *EntryPointSession) SIGVALIDATIONFAILED() (*big.Int, error) {
	return _EntryPoint.Contract.SIGVALIDATIONFAILED(&_EntryPoint.CallOpts)
}

// SIGVALIDATIONFAILED is a free data retrieval call binding the contract method 0x8f41ec5a.
//
// Solidity: function SIG_VALIDATION_FAILED() view returns(uint256)
func (_EntryPoint *EntryPointCallerSession) SIGVALIDATIONFAILED() (*big.Int, error) {
	return _EntryPoint.Contract.SIGVALIDATIONFAILED(&_EntryPoint.CallOpts)
}

// ValidateSenderAndPaymaster is a free data retrieval call binding the contract method 0x957122ab.
//
// Solidity: function _validateSenderAndPaymaster(bytes initCode, address sender, bytes paymasterAndData) view returns()
func (_EntryPoint *EntryPointCaller) ValidateSenderAndPaymaster(opts *bind.CallOpts, initCode []byte, sender common.Address, paymasterAndData []byte) error {
	var out []interface{}
	err := _EntryPoint.contract.Call(opts, &out, "_validateSenderAndPaymaster", initCode, sender, paymasterAndData)

	if err != nil {
		return err
	}

	return err

}

// ValidateSenderAndPaymaster is a free data retrieval call binding the contract method 0x957122ab.
//
// Solidity: function _validateSenderAndPaymaster(bytes initCode, address sender, bytes paymasterAndData) view returns()
func (_EntryPoint *EntryPointSession) ValidateSenderAndPaymaster(initCode []byte, sender common.Address, paymasterAndData []byte) error {
	return _EntryPoint.Contract.ValidateSenderAndPaymaster(&_EntryPoint.CallOpts, initCode, sender, paymasterAndData)
}

// ValidateSenderAndPaymaster is a free data retrieval call binding the contract method 0x957122ab.
//
// Solidity: function _validateSenderAndPaymaster(bytes initCode, address sender, bytes paymasterAndData) view returns()
func (_EntryPoint *EntryPointCallerSession) ValidateSenderAndPaymaster(initCode []byte, sender common.Address, paymasterAndData []byte) error {
	return _EntryPoint.Contract.ValidateSenderAndPaymaster(&_EntryPoint.CallOpts, initCode, sender, paymasterAndData)
}

// BalanceOf is a free data retrieval call binding the contract method 0x70a08231.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (_EntryPoint *EntryPointCaller) BalanceOf(opts *bind.CallOpts, account common.Address) (*big.Int, error) {
	var out []interface{}
	err := _EntryPoint.contract.Call(opts, &out, "balanceOf", account)

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// BalanceOf is a free data retrieval call binding the contract method 0x70a08231.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (_EntryPoint *EntryPointSession) BalanceOf(account common.Address) (*big.Int, error) {
	return _EntryPoint.Contract.BalanceOf(&_EntryPoint.CallOpts, account)
}

// BalanceOf is a free data retrieval call binding the contract method 0x70a08231.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (_EntryPoint *EntryPointCallerSession) BalanceOf(account common.Address) (*big.Int, error) {
	return _EntryPoint.Contract.BalanceOf(&_EntryPoint.CallOpts, account)
}

// Deposits is a free data retrieval call binding the contract method 0xfc7e286d.
//
// Solidity: function deposits(address ) view returns(uint112 deposit, bool staked, uint112 stake, uint32 unstakeDelaySec, uint48 withdrawTime)
func (_EntryPoint *EntryPointCaller) Deposits(opts *bind.CallOpts, arg0 common.Address) (struct {
	Deposit         *big.Int
	Staked          bool
	Stake           *big.Int
	UnstakeDelaySec uint32
	WithdrawTime    *big.Int
}, error) {
	var out []interface{}
	err := _EntryPoint.contract.Call(opts, &out, "deposits", arg0)

	outstruct := new(struct {
		Deposit         *big.Int
		Staked          bool
		Stake           *big.Int
		UnstakeDelaySec uint32
		WithdrawTime    *big.Int
	})
	if err != nil {
		return *outstruct, err
	}

	outstruct.Deposit = *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)
	outstruct.Staked = *abi.ConvertType(out[1], new(bool)).(*bool)
	outstruct.Stake = *abi.ConvertType(out[2], new(*big.Int)).(**big.Int)
	outstruct.UnstakeDelaySec = *abi.ConvertType(out[3], new(uint32)).(*uint32)
	outstruct.WithdrawTime = *abi.ConvertType(out[4], new(*big.Int)).(**big.Int)

	return *outstruct, err

}

// Deposits is a free data retrieval call binding the contract method 0xfc7e286d.
//
// Solidity: function deposits(address ) view returns(uint112 deposit, bool staked, uint112 stake, uint32 unstakeDelaySec, uint48 withdrawTime)
func (_EntryPoint *EntryPointSession) Deposits(arg0 common.Address) (struct {
	Deposit         *big.Int
	Staked          bool
	Stake           *big.Int
	UnstakeDelaySec uint32
	WithdrawTime    *big.Int
}, error) {
	return _EntryPoint.Contract.Deposits(&_EntryPoint.CallOpts, arg0)
}

// Deposits is a free data retrieval call binding the contract method 0xfc7e286d.
//
// Solidity: function deposits(address ) view returns(uint112 deposit, bool staked, uint112 stake, uint32 unstakeDelaySec, uint48 withdrawTime)
func (_EntryPoint *EntryPointCallerSession) Deposits(arg0 common.Address) (struct {
	Deposit         *big.Int
	Staked          bool
	Stake           *big.Int
	UnstakeDelaySec uint32
	WithdrawTime    *big.Int
}, error) {
	return _EntryPoint.Contract.Deposits(&_EntryPoint.CallOpts, arg0)
}

// GetDepositInfo is a free data retrieval call binding the contract method 0x5287ce12.
//
// Solidity: function getDepositInfo(address account) view returns((uint112,bool,uint112,uint32,uint48) info)
func (_EntryPoint *EntryPointCaller) GetDepositInfo(opts *bind.CallOpts, account common.Address) (IStakeManagerDepositInfo, error) {
	var out []interface{}
	err := _EntryPoint.contract.Call(opts, &out, "getDepositInfo", account)

	if err != nil {
		return *new(IStakeManagerDepositInfo), err
	}

	out0 := *abi.ConvertType(out[0], new(IStakeManagerDepositInfo)).(*IStakeManagerDepositInfo)

	return out0, err

}

// GetDepositInfo is a free data retrieval call binding the contract method 0x5287ce12.
//
// Solidity: function getDepositInfo(address account) view returns((uint112,bool,uint112,uint32,uint48) info)
func (_EntryPoint *EntryPointSession) GetDepositInfo(account common.Address) (IStakeManagerDepositInfo, error) {
	return _EntryPoint.Contract.GetDepositInfo(&_EntryPoint.CallOpts, account)
}

// GetDepositInfo is a free data retrieval call binding the contract method 0x5287ce12.
//
// Solidity: function getDepositInfo(address account) view returns((uint112,bool,uint112,uint32,uint48) info)
func (_EntryPoint *EntryPointCallerSession) GetDepositInfo(account common.Address) (IStakeManagerDepositInfo, error) {
	return _EntryPoint.Contract.GetDepositInfo(&_EntryPoint.CallOpts, account)
}

// GetNonce is a free data retrieval call binding the contract method 0x35567e1a.
//
// Solidity: function getNonce(address sender, uint192 key) view returns(uint256 nonce)
func (_EntryPoint *EntryPointCaller) GetNonce(opts *bind.CallOpts, sender common.Address, key *big.Int) (*big.Int, error) {
	var out []interface{}
	err := _EntryPoint.contract.Call(opts, &out, "getNonce", sender, key)

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// GetNonce is a free data retrieval call binding the contract method 0x35567e1a.
//
// Solidity: function getNonce(address sender, uint192 key) view returns(uint256 nonce)
func (_EntryPoint *EntryPointSession) GetNonce(sender common.Address, key *big.Int) (*big.Int, error) {
	return _EntryPoint.Contract.GetNonce(&_EntryPoint.CallOpts, sender, key)
}

// GetNonce is a free data retrieval call binding the contract method 0x35567e1a.
//
// Solidity: function getNonce(address sender, uint192 key) view returns(uint256 nonce)
func (_EntryPoint *EntryPointCallerSession) GetNonce(sender common.Address, key *big.Int) (*big.Int, error) {
	return _EntryPoint.Contract.GetNonce(&_EntryPoint.CallOpts, sender, key)
}

// GetUserOpHash is a free data retrieval call binding the contract method 0xa6193531.
//
// Solidity: function getUserOpHash((address,uint256,bytes,bytes,uint256,uint256,uint256,uint256,uint256,bytes,bytes) userOp) view returns(bytes32)
func (_EntryPoint *EntryPointCaller) GetUserOpHash(opts *bind.CallOpts, userOp UserOperation) ([32]byte, error) {
	var out []interface{}
	err := _EntryPoint.contract.Call(opts, &out, "getUserOpHash", userOp)

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// GetUserOpHash is a free data retrieval call binding the contract method 0xa6193531.
//
// Solidity: function getUserOpHash((address,uint256,bytes,bytes,uint256,uint256,uint256,uint256,uint256,bytes,bytes) userOp) view returns(bytes32)
func (_EntryPoint *EntryPointSession) GetUserOpHash(userOp UserOperation) ([32]byte, error) {
	return _EntryPoint.Contract.GetUserOpHash(&_EntryPoint.CallOpts, userOp)
}

// GetUserOpHash is a free data retrieval call binding the contract method 0xa6193531.
//
// Solidity: function getUserOpHash((address,uint256,bytes,bytes,uint256,uint256,uint256,uint256,uint256,bytes,bytes) userOp) view returns(bytes32)
func (_EntryPoint *EntryPointCallerSession) GetUserOpHash(userOp UserOperation) ([32]byte, error) {
	return _EntryPoint.Contract.GetUserOpHash(&_EntryPoint.CallOpts, userOp)
}

// NonceSequenceNumber is a free data retrieval call binding the contract method 0x1b2e01b8.
//
// Solidity: function nonceSequenceNumber(address , uint192 ) view returns(uint256)
func (_EntryPoint *EntryPointCaller) NonceSequenceNumber(opts *bind.CallOpts, arg0 common.Address, arg1 *big.Int) (*big.Int, error) {
	var out []interface{}
	err := _EntryPoint.contract.Call(opts, &out, "nonceSequenceNumber", arg0, arg1)

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// NonceSequenceNumber is a free data retrieval call binding the contract method 0x1b2e01b8.
//
// Solidity: function nonceSequenceNumber(address , uint192 ) view returns(uint256)
func (_EntryPoint *EntryPointSession) NonceSequenceNumber(arg0 common.Address, arg1 *big.Int) (*big.Int, error) {
	return _EntryPoint.Contract.NonceSequenceNumber(&_EntryPoint.CallOpts, arg0, arg1)
}

// NonceSequenceNumber is a free data retrieval call binding the contract method 0x1b2e01b8.
//
// Solidity: function nonceSequenceNumber(address , uint192 ) view returns(uint256)
func (_EntryPoint *EntryPointCallerSession) NonceSequenceNumber(arg0 common.Address, arg1 *big.Int) (*big.Int, error) {
	return _EntryPoint.Contract.NonceSequenceNumber(&_EntryPoint.CallOpts, arg0, arg1)
}

// AddStake is a paid mutator transaction binding the contract method 0x0396cb60.
//
// Solidity: function addStake(uint32 unstakeDelaySec) payable returns()
func (_EntryPoint *EntryPointTransactor) AddStake(opts *bind.TransactOpts, unstakeDelaySec uint32) (*types.Transaction, error) {
	return _EntryPoint.contract.Transact(opts, "addStake", unstakeDelaySec)
}

// AddStake is a paid mutator transaction binding the contract method 0x0396cb60.
//
// Solidity: function addStake(uint32 unstakeDelaySec) payable returns()
func (_EntryPoint *EntryPointSession) AddStake(unstakeDelaySec uint32) (*types.Transaction, error) {
	return _EntryPoint.Contract.AddStake(&_EntryPoint.TransactOpts, unstakeDelaySec)
}

// AddStake is a paid mutator transaction binding the contract method 0x0396cb60.
//
// Solidity: function addStake(uint32 unstakeDelaySec) payable returns()
func (_EntryPoint *EntryPointTransactorSession) AddStake(unstakeDelaySec uint32) (*types.Transaction, error) {
	return _EntryPoint.Contract.AddStake(&_EntryPoint.TransactOpts, unstakeDelaySec)
}

// DepositTo is a paid mutator transaction binding the contract method 0xb760faf9.
//
// Solidity: function depositTo(address account) payable returns()
func (_EntryPoint *EntryPointTransactor) DepositTo(opts *bind.TransactOpts, account common.Address) (*types.Transaction, error) {
	return _EntryPoint.contract.Transact(opts, "depositTo", account)
}

// DepositTo is a paid mutator transaction binding the contract method 0xb760faf9.
//
// Solidity: function depositTo(address account) payable returns()
func (_EntryPoint *EntryPointSession) DepositTo(account common.Address) (*types.Transaction, error) {
	return _EntryPoint.Contract.DepositTo(&_EntryPoint.TransactOpts, account)
}

// DepositTo is a paid mutator transaction binding the contract method 0xb760faf9.
//
// Solidity: function depositTo(address account) payable returns()
func (_EntryPoint *EntryPointTransactorSession) DepositTo(account common.Address) (*types.Transaction, error) {
	return _EntryPoint.Contract.DepositTo(&_EntryPoint.TransactOpts, account)
}

// GetSenderAddress is a paid mutator transaction binding the contract method 0x9b249f69.
//
// Solidity: function getSenderAddress(bytes initCode) returns()
func (_EntryPoint *EntryPointTransactor) GetSenderAddress(opts *bind.TransactOpts, initCode []byte) (*types.Transaction, error) {
	return _EntryPoint.contract.Transact(opts, "getSenderAddress", initCode)
}

// GetSenderAddress is a paid mutator transaction binding the contract method 0x9b249f69.
//
// Solidity: function getSenderAddress(bytes initCode) returns()
func (_EntryPoint *EntryPointSession) GetSenderAddress(initCode []byte) (*types.Transaction, error) {
	return _EntryPoint.Contract.GetSenderAddress(&_EntryPoint.TransactOpts, initCode)
}

// GetSenderAddress is a paid mutator transaction binding the contract method 0x9b249f69.
//
// Solidity: function getSenderAddress(bytes initCode) returns()
func (_EntryPoint *EntryPointTransactorSession) GetSenderAddress(initCode []byte) (*types.Transaction, error) {
	return _EntryPoint.Contract.GetSenderAddress(&_EntryPoint.TransactOpts, initCode)
}

// HandleAggregatedOps is a paid mutator transaction binding the contract method 0x4b1d7cf5.
//
// Solidity: function handleAggregatedOps(((address,uint256,bytes,bytes,uint256,uint256,uint256,uint256,uint256,bytes,bytes)[],address,bytes)[] opsPerAggregator, address beneficiary) returns()
func (_EntryPoint *EntryPointTransactor) HandleAggregatedOps(opts *bind.TransactOpts, opsPerAggregator []IEntryPointUserOpsPerAggregator, beneficiary common.Address) (*types.Transaction, error) {
	return _EntryPoint.contract.Transact(opts, "handleAggregatedOps", opsPerAggregator, beneficiary)
}

// HandleAggregatedOps is a paid mutator transaction binding the contract method 0x4b1d7cf5.
//
// Solidity: function handleAggregatedOps(((address,uint256,bytes,bytes,uint256,uint256,uint256,uint256,uint256,bytes,bytes)[],address,bytes)[] opsPerAggregator, address beneficiary) returns()
func (_EntryPoint *EntryPointSession) HandleAggregatedOps(opsPerAggregator []IEntryPointUserOpsPerAggregator, beneficiary common.Address) (*types.Transaction, error) {
	return _EntryPoint.Contract.HandleAggregatedOps(&_EntryPoint.TransactOpts, opsPerAggregator, beneficiary)
}

// HandleAggregatedOps is a paid mutator transaction binding the contract method 0x4b1d7cf5.
//
// Solidity: function handleAggregatedOps(((address,uint256,bytes,bytes,uint256,uint256,uint256,uint256,uint256,bytes,bytes)[],address,bytes)[] opsPerAggregator, address beneficiary) returns()
func (_EntryPoint *EntryPointTransactorSession) HandleAggregatedOps(opsPerAggregator []IEntryPointUserOpsPerAggregator, beneficiary common.Address) (*types.Transaction, error) {
	return _EntryPoint.Contract.HandleAggregatedOps(&_EntryPoint.TransactOpts, opsPerAggregator, beneficiary)
}

// HandleOps is a paid mutator transaction binding the contract method 0x1fad948c.
//
// Solidity: function handleOps((address,uint256,bytes,bytes,uint256,uint256,uint256,uint256,uint256,bytes,bytes)[] ops, address beneficiary) returns()
func (_EntryPoint *EntryPointTransactor) HandleOps(opts *bind.TransactOpts, ops []UserOperation, beneficiary common.Address) (*types.Transaction, error) {
	return _EntryPoint.contract.Transact(opts, "handleOps", ops, beneficiary)
}

// HandleOps is a paid mutator transaction binding the contract method 0x1fad948c.
//
// Solidity: function handleOps((address,uint256,bytes,bytes,uint256,uint256,uint256,uint256,uint256,bytes,bytes)[] ops, address beneficiary) returns()
func (_EntryPoint *EntryPointSession) HandleOps(ops []UserOperation, beneficiary common.Address) (*types.Transaction, error) {
	return _EntryPoint.Contract.HandleOps(&_EntryPoint.TransactOpts, ops, beneficiary)
}

// HandleOps is a paid mutator transaction binding the contract method 0x1fad948c.
//
// Solidity: function handleOps((address,uint256,bytes,bytes,uint256,uint256,uint256,uint256,uint256,bytes,bytes)[] ops, address beneficiary) returns()
func (_EntryPoint *EntryPointTransactorSession) HandleOps(ops []UserOperation, beneficiary common.Address) (*types.Transaction, error) {
	return _EntryPoint.Contract.HandleOps(&_EntryPoint.TransactOpts, ops, beneficiary)
}

// IncrementNonce is a paid mutator transaction binding the contract method 0x0bd28e3b.
//
// Solidity: function incrementNonce(uint192 key) returns()
func (_EntryPoint *EntryPointTransactor) IncrementNonce(opts *bind.TransactOpts, key *big.Int) (*types.Transaction, error) {
	return _EntryPoint.contract.Transact(opts, "incrementNonce", key)
}

// IncrementNonce is a paid mutator transaction binding the contract method 0x0bd28e3b.
//
// Solidity: function incrementNonce(uint192 key) returns()
func (_EntryPoint *EntryPointSession) IncrementNonce(key *big.Int) (*types.Transaction, error) {
	return _EntryPoint.Contract.IncrementNonce(&_EntryPoint.TransactOpts, key)
}

// IncrementNonce is a paid mutator transaction binding the contract method 0x0bd28e3b.
//
// Solidity: function incrementNonce(uint192 key) returns()
func (_EntryPoint *EntryPointTransactorSession) IncrementNonce(key *big.Int) (*types.Transaction, error) {
	return _EntryPoint.Contract.IncrementNonce(&_EntryPoint.TransactOpts, key)
}

// InnerHandleOp is a paid mutator transaction binding the contract method 0x1d732756.
//
// Solidity: function innerHandleOp(bytes callData, ((address,uint256,uint256,uint256,uint256,address,uint256,uint256),bytes32,uint256,uint256,uint256) opInfo, bytes context) returns(uint256 actualGasCost)
func (_EntryPoint *EntryPointTransactor) InnerHandleOp(opts *bind.TransactOpts, callData []byte, opInfo EntryPointUserOpInfo, context []byte) (*types.Transaction, error) {
	return _EntryPoint.contract.Transact(opts, "innerHandleOp", callData, opInfo, context)
}

// InnerHandleOp is a paid mutator transaction binding the contract method 0x1d732756.
//
// Solidity: function innerHandleOp(bytes callData, ((address,uint256,uint256,uint256,uint256,address,uint256,uint256),bytes32,uint256,uint256,uint256) opInfo, bytes context) returns(uint256 actualGasCost)
func (_EntryPoint *EntryPointSession) InnerHandleOp(callData []byte, opInfo EntryPointUserOpInfo, context []byte) (*types.Transaction, error) {
	return _EntryPoint.Contract.InnerHandleOp(&_EntryPoint.TransactOpts, callData, opInfo, context)
}

// InnerHandleOp is a paid mutator transaction binding the contract method 0x1d732756.
//
// Solidity: function innerHandleOp(bytes callData, ((address,uint256,uint256,uint256,uint256,address,uint256,uint256),bytes32,uint256,uint256,uint256) opInfo, bytes context) returns(uint256 actualGasCost)
func (_EntryPoint *EntryPointTransactorSession) InnerHandleOp(callData []byte, opInfo EntryPointUserOpInfo, context []byte) (*types.Transaction, error) {
	return _EntryPoint.Contract.InnerHandleOp(&_EntryPoint.TransactOpts, callData, opInfo, context)
}

// SimulateHandleOp is a paid mutator transaction binding the contract method 0xd6383f94.
//
// Solidity: function simulateHandleOp((address,uint256,bytes,bytes,uint256,uint256,uint256,uint256,uint256,bytes,bytes) op, address target, bytes targetCallData) returns()
func (_EntryPoint *EntryPointTransactor) SimulateHandleOp(opts *bind.TransactOpts, op UserOperation, target common.Address, targetCallData []byte) (*types.Transaction, error) {
	return _EntryPoint.contract.Transact(opts, "simulateHandleOp", op, target, targetCallData)
}

// SimulateHandleOp is a paid mutator transaction binding the contract method 0xd6383f94.
//
// Solidity: function simulateHandleOp((address,uint256,bytes,bytes,uint256,uint256,uint256,uint256,uint256,bytes,bytes) op, address target, bytes targetCallData) returns()
func (_EntryPoint *EntryPointSession) SimulateHandleOp(op UserOperation, target common.Address, targetCallData []byte) (*types.Transaction, error) {
	return _EntryPoint.Contract.SimulateHandleOp(&_EntryPoint.TransactOpts, op, target, targetCallData)
}

// SimulateHandleOp is a paid mutator transaction binding the contract method 0xd6383f94.
//
// Solidity: function simulateHandleOp((address,uint256,bytes,bytes,uint256,uint256,uint256,uint256,uint256,bytes,bytes) op, address target, bytes targetCallData) returns()
func (_EntryPoint *EntryPointTransactorSession) SimulateHandleOp(op UserOperation, target common.Address, targetCallData []byte) (*types.Transaction, error) {
	return _EntryPoint.Contract.SimulateHandleOp(&_EntryPoint.TransactOpts, op, target, targetCallData)
}

// SimulateValidation is a paid mutator transaction binding the contract method 0xee219423.
//
// Solidity: function simulateValidation((address,uint256,bytes,bytes,uint256,uint256,uint256,uint256,uint256,bytes,bytes) userOp) returns()
func (_EntryPoint *EntryPointTransactor) SimulateValidation(opts *bind.TransactOpts, userOp UserOperation) (*types.Transaction, error) {
	return _EntryPoint.contract.Transact(opts, "simulateValidation", userOp)
}

// SimulateValidation is a paid mutator transaction binding the contract method 0xee219423.
//
// Solidity: function simulateValidation((address,uint256,bytes,bytes,uint256,uint256,uint256,uint256,uint256,bytes,bytes) userOp) returns()
func (_EntryPoint *EntryPointSession) SimulateValidation(userOp UserOperation) (*types.Transaction, error) {
	return _EntryPoint.Contract.SimulateValidation(&_EntryPoint.TransactOpts, userOp)
}

// SimulateValidation is a paid mutator transaction binding the contract method 0xee219423.
//
// Solidity: function simulateValidation((address,uint256,bytes,bytes,uint256,uint256,uint256,uint256,uint256,bytes,bytes) userOp) returns()
func (_EntryPoint *EntryPointTransactorSession) SimulateValidation(userOp UserOperation) (*types.Transaction, error) {
	return _EntryPoint.Contract.SimulateValidation(&_EntryPoint.TransactOpts, userOp)
}

// UnlockStake is a paid mutator transaction binding the contract method 0xbb9fe6bf.
//
// Solidity: function unlockStake() returns()
func (_EntryPoint *EntryPointTransactor) UnlockStake(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _EntryPoint.contract.Transact(opts, "unlockStake")
}

// UnlockStake is a paid mutator transaction binding the contract method 0xbb9fe6bf.
//
// Solidity: function unlockStake() returns()
func (_EntryPoint *EntryPointSession) UnlockStake() (*types.Transaction, error) {
	return _EntryPoint.Contract.UnlockStake(&_EntryPoint.TransactOpts)
}

// UnlockStake is a paid mutator transaction binding the contract method 0xbb9fe6bf.
//
// Solidity: function unlockStake() returns()
func (_EntryPoint *EntryPointTransactorSession) UnlockStake() (*types.Transaction, error) {
	return _EntryPoint.Contract.UnlockStake(&_EntryPoint.TransactOpts)
}

// WithdrawStake is a paid mutator transaction binding the contract method 0xc23a5cea.
//
// Solidity: function withdrawStake(address withdrawAddress) returns()
func (_EntryPoint *EntryPointTransactor) WithdrawStake(opts *bind.TransactOpts, withdrawAddress common.Address) (*types.Transaction, error) {
	return _EntryPoint.contract.Transact(opts, "withdrawStake", withdrawAddress)
}

// WithdrawStake is a paid mutator transaction binding the contract method 0xc23a5cea.
//
// Solidity: function withdrawStake(address withdrawAddress) returns()
func (_EntryPoint *EntryPointSession) WithdrawStake(withdrawAddress common.Address) (*types.Transaction, error) {
	return _EntryPoint.Contract.WithdrawStake(&_EntryPoint.TransactOpts, withdrawAddress)
}

// WithdrawStake is a paid mutator transaction binding the contract method 0xc23a5cea.
//
// Solidity: function withdrawStake(address withdrawAddress) returns()
func (_EntryPoint *EntryPointTransactorSession) WithdrawStake(withdrawAddress common.Address) (*types.Transaction, error) {
	return _EntryPoint.Contract.WithdrawStake(&_EntryPoint.TransactOpts, withdrawAddress)
}

// WithdrawTo is a paid mutator transaction binding the contract method 0x205c2878.
//
// Solidity: function withdrawTo(address withdrawAddress, uint256 withdrawAmount) returns()
func (_EntryPoint *EntryPointTransactor) WithdrawTo(opts *bind.TransactOpts, withdrawAddress common.Address, withdrawAmount *big.Int) (*types.Transaction, error) {
	return _EntryPoint.contract.Transact(opts, "withdrawTo", withdrawAddress, withdrawAmount)
}

// WithdrawTo is a paid mutator transaction binding the contract method 0x205c2878.
//
// Solidity: function withdrawTo(address withdrawAddress, uint256 withdrawAmount) returns()
func (_EntryPoint *EntryPointSession) WithdrawTo(withdrawAddress common.Address, withdrawAmount *big.Int) (*types.Transaction, error) {
	return _EntryPoint.Contract.WithdrawTo(&_EntryPoint.TransactOpts, withdrawAddress, withdrawAmount)
}

// WithdrawTo is a paid mutator transaction binding the contract method 0x205c2878.
//
// Solidity: function withdrawTo(address withdrawAddress, uint256 withdrawAmount) returns()
func (_EntryPoint *EntryPointTransactorSession) WithdrawTo(withdrawAddress common.Address, withdrawAmount *big.Int) (*types.Transaction, error) {
	return _EntryPoint.Contract.WithdrawTo(&_EntryPoint.TransactOpts, withdrawAddress, withdrawAmount)
}

// Receive is a paid mutator transaction binding the contract receive function.
//
// Solidity: receive() payable returns()
func (_EntryPoint *EntryPointTransactor) Receive(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _EntryPoint.contract.RawTransact(opts, nil) // calldata is disallowed for receive function
}

// Receive is a paid mutator transaction binding the contract receive function.
//
// Solidity: receive() payable returns()
func (_EntryPoint *EntryPointSession) Receive() (*types.Transaction, error) {
	return _EntryPoint.Contract.Receive(&_EntryPoint.TransactOpts)
}

// Receive is a paid mutator transaction binding the contract receive function.
//
// Solidity: receive() payable returns()
func (_EntryPoint *EntryPointTransactorSession) Receive() (*types.Transaction, error) {
	return _EntryPoint.Contract.Receive(&_EntryPoint.TransactOpts)
}

// EntryPointAccountDeployedIterator is returned from FilterAccountDeployed and is used to iterate over the raw logs and unpacked data for AccountDeployed events raised by the EntryPoint contract.
type EntryPointAccountDeployedIterator struct {
	Event *EntryPointAccountDeployed // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *EntryPointAccountDeployedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(EntryPointAccountDeployed)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(EntryPointAccountDeployed)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *EntryPointAccountDeployedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *EntryPointAccountDeployedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// EntryPointAccountDeployed represents a AccountDeployed event raised by the EntryPoint contract.
type EntryPointAccountDeployed struct {
	UserOpHash [32]byte
	Sender     common.Address
	Factory    common.Address
	Paymaster  common.Address
	Raw        types.Log // Blockchain specific contextual infos
}

// FilterAccountDeployed is a free log retrieval operation binding the contract event 0xd51a9c61267aa6196961883ecf5ff2da6619c37dac0fa92122513fb32c032d2d.
//
// Solidity: event AccountDeployed(bytes32 indexed userOpHash, address indexed sender, address factory, address paymaster)
func (_EntryPoint *EntryPointFilterer) FilterAccountDeployed(opts *bind.FilterOpts, userOpHash [][32]byte, sender []common.Address) (*EntryPointAccountDeployedIterator, error) {

	var userOpHashRule []interface{}
	for _, userOpHashItem := range userOpHash {
		userOpHashRule = append(userOpHashRule, userOpHashItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _EntryPoint.contract.FilterLogs(opts, "AccountDeployed", userOpHashRule, senderRule)
	if err != nil {
		return nil, err
	}
	return &EntryPointAccountDeployedIterator{contract: _EntryPoint.contract, event: "AccountDeployed", logs: logs, sub: sub}, nil
}

// WatchAccountDeployed is a free log subscription operation binding the contract event 0xd51a9c61267aa6196961883ecf5ff2da6619c37dac0fa92122513fb32c032d2d.
//
// Solidity: event AccountDeployed(bytes32 indexed userOpHash, address indexed sender, address factory, address paymaster)
func (_EntryPoint *EntryPointFilterer) WatchAccountDeployed(opts *bind.WatchOpts, sink chan<- *EntryPointAccountDeployed, userOpHash [][32]byte, sender []common.Address) (event.Subscription, error) {

	var userOpHashRule []interface{}
	for _, userOpHashItem := range userOpHash {
		userOpHashRule = append(userOpHashRule, userOpHashItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _EntryPoint.contract.WatchLogs(opts, "AccountDeployed", userOpHashRule, senderRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(EntryPointAccountDeployed)
				if err := _EntryPoint.contract.UnpackLog(event, "AccountDeployed", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseAccountDeployed is a log parse operation binding the contract event 0xd51a9c61267aa6196961883ecf5ff2da6619c37dac0fa92122513fb32c032d2d.
//
// Solidity: event AccountDeployed(bytes32 indexed userOpHash, address indexed sender, address factory, address paymaster)
func (_EntryPoint *EntryPointFilterer) ParseAccountDeployed(log types.Log) (*EntryPointAccountDeployed, error) {
	event := new(EntryPointAccountDeployed)
	if err := _EntryPoint.contract.UnpackLog(event, "AccountDeployed", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// EntryPointBeforeExecutionIterator is returned from FilterBeforeExecution and is used to iterate over the raw logs and unpacked data for BeforeExecution events raised by the EntryPoint contract.
type EntryPointBeforeExecutionIterator struct {
	Event *EntryPointBeforeExecution // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *EntryPointBeforeExecutionIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(EntryPointBeforeExecution)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(EntryPointBeforeExecution)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *EntryPointBeforeExecutionIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *EntryPointBeforeExecutionIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// EntryPointBeforeExecution represents a BeforeExecution event raised by the EntryPoint contract.
type EntryPointBeforeExecution struct {
	Raw types.Log // Blockchain specific contextual infos
}

// FilterBeforeExecution is a free log retrieval operation binding the contract event 0xbb47ee3e183a558b1a2ff0874b079f3fc5478b7454eacf2bfc5af2ff5878f972.
//
// Solidity: event BeforeExecution()
func (_EntryPoint *EntryPointFilterer) FilterBeforeExecution(opts *bind.FilterOpts) (*EntryPointBeforeExecutionIterator, error) {

	logs, sub, err := _EntryPoint.contract.FilterLogs(opts, "BeforeExecution")
	if err != nil {
		return nil, err
	}
	return &EntryPointBeforeExecutionIterator{contract: _EntryPoint.contract, event: "BeforeExecution", logs: logs, sub: sub}, nil
}

// WatchBeforeExecution is a free log subscription operation binding the contract event 0xbb47ee3e183a558b1a2ff0874b079f3fc5478b7454eacf2bfc5af2ff5878f972.
//
// Solidity: event BeforeExecution()
func (_EntryPoint *EntryPointFilterer) WatchBeforeExecution(opts *bind.WatchOpts, sink chan<- *EntryPointBeforeExecution) (event.Subscription, error) {

	logs, sub, err := _EntryPoint.contract.WatchLogs(opts, "BeforeExecution")
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(EntryPointBeforeExecution)
				if err := _EntryPoint.contract.UnpackLog(event, "BeforeExecution", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseBeforeExecution is a log parse operation binding the contract event 0xbb47ee3e183a558b1a2ff0874b079f3fc5478b7454eacf2bfc5af2ff5878f972.
//
// Solidity: event BeforeExecution()
func (_EntryPoint *EntryPointFilterer) ParseBeforeExecution(log types.Log) (*EntryPointBeforeExecution, error) {
	event := new(EntryPointBeforeExecution)
	if err := _EntryPoint.contract.UnpackLog(event, "BeforeExecution", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// EntryPointDepositedIterator is returned from FilterDeposited and is used to iterate over the raw logs and unpacked data for Deposited events raised by the EntryPoint contract.
type EntryPointDepositedIterator struct {
	Event *EntryPointDeposited // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *EntryPointDepositedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(EntryPointDeposited)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(EntryPointDeposited)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *EntryPointDepositedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *EntryPointDepositedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// EntryPointDeposited represents a Deposited event raised by the EntryPoint contract.
type EntryPointDeposited struct {
	Account      common.Address
	TotalDeposit *big.Int
	Raw          types.Log // Blockchain specific contextual infos
}

// FilterDeposited is a free log retrieval operation binding the contract event 0x2da466a7b24304f47e87fa2e1e5a81b9831ce54fec19055ce277ca2f39ba42c4.
//
// Solidity: event Deposited(address indexed account, uint256 totalDeposit)
func (_EntryPoint *EntryPointFilterer) FilterDeposited(opts *bind.FilterOpts, account []common.Address) (*EntryPointDepositedIterator, error) {

	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}

	logs, sub, err := _EntryPoint.contract.FilterLogs(opts, "Deposited", accountRule)
	if err != nil {
		return nil, err
	}
	return &EntryPointDepositedIterator{contract: _EntryPoint.contract, event: "Deposited", logs: logs, sub: sub}, nil
}

// WatchDeposited is a free log subscription operation binding the contract event 0x2da466a7b24304f47e87fa2e1e5a81b9831ce54fec19055ce277ca2f39ba42c4.
//
// Solidity: event Deposited(address indexed account, uint256 totalDeposit)
func (_EntryPoint *EntryPointFilterer) WatchDeposited(opts *bind.WatchOpts, sink chan<- *EntryPointDeposited, account []common.Address) (event.Subscription, error) {

	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}

	logs, sub, err := _EntryPoint.contract.WatchLogs(opts, "Deposited", accountRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(EntryPointDeposited)
				if err := _EntryPoint.contract.UnpackLog(event, "Deposited", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseDeposited is a log parse operation binding the contract event 0x2da466a7b24304f47e87fa2e1e5a81b9831ce54fec19055ce277ca2f39ba42c4.
//
// Solidity: event Deposited(address indexed account, uint256 totalDeposit)
func (_EntryPoint *EntryPointFilterer) ParseDeposited(log types.Log) (*EntryPointDeposited, error) {
	event := new(EntryPointDeposited)
	if err := _EntryPoint.contract.UnpackLog(event, "Deposited", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// EntryPointSignatureAggregatorChangedIterator is returned from FilterSignatureAggregatorChanged and is used to iterate over the raw logs and unpacked data for SignatureAggregatorChanged events raised by the EntryPoint contract.
type EntryPointSignatureAggregatorChangedIterator struct {
	Event *EntryPointSignatureAggregatorChanged // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *EntryPointSignatureAggregatorChangedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(EntryPointSignatureAggregatorChanged)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(EntryPointSignatureAggregatorChanged)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *EntryPointSignatureAggregatorChangedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *EntryPointSignatureAggregatorChangedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// EntryPointSignatureAggregatorChanged represents a SignatureAggregatorChanged event raised by the EntryPoint contract.
type EntryPointSignatureAggregatorChanged struct {
	Aggregator common.Address
	Raw        types.Log // Blockchain specific contextual infos
}

// FilterSignatureAggregatorChanged is a free log retrieval operation binding the contract event 0x575ff3acadd5ab348fe1855e217e0f3678f8d767d7494c9f9fefbee2e17cca4d.
//
// Solidity: event SignatureAggregatorChanged(address indexed aggregator)
func (_EntryPoint *EntryPointFilterer) FilterSignatureAggregatorChanged(opts *bind.FilterOpts, aggregator []common.Address) (*EntryPointSignatureAggregatorChangedIterator, error) {

	var aggregatorRule []interface{}
	for _, aggregatorItem := range aggregator {
		aggregatorRule = append(aggregatorRule, aggregatorItem)
	}

	logs, sub, err := _EntryPoint.contract.FilterLogs(opts, "SignatureAggregatorChanged", aggregatorRule)
	if err != nil {
		return nil, err
	}
	return &EntryPointSignatureAggregatorChangedIterator{contract: _EntryPoint.contract, event: "SignatureAggregatorChanged", logs: logs, sub: sub}, nil
}

// WatchSignatureAggregatorChanged is a free log subscription operation binding the contract event 0x575ff3acadd5ab348fe1855e217e0f3678f8d767d7494c9f9fefbee2e17cca4d.
//
// Solidity: event SignatureAggregatorChanged(address indexed aggregator)
func (_EntryPoint *EntryPointFilterer) WatchSignatureAggregatorChanged(opts *bind.WatchOpts, sink chan<- *EntryPointSignatureAggregatorChanged, aggregator []common.Address) (event.Subscription, error) {

	var aggregatorRule []interface{}
	for _, aggregatorItem := range aggregator {
		aggregatorRule = append(aggregatorRule, aggregatorItem)
	}

	logs, sub, err := _EntryPoint.contract.WatchLogs(opts, "SignatureAggregatorChanged", aggregatorRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(EntryPointSignatureAggregatorChanged)
				if err := _EntryPoint.contract.UnpackLog(event, "SignatureAggregatorChanged", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseSignatureAggregatorChanged is a log parse operation binding the contract event 0x575ff3acadd5ab348fe1855e217e0f3678f8d767d7494c9f9fefbee2e17cca4d.
//
// Solidity: event SignatureAggregatorChanged(address indexed aggregator)
func (_EntryPoint *EntryPointFilterer) ParseSignatureAggregatorChanged(log types.Log) (*EntryPointSignatureAggregatorChanged, error) {
	event := new(EntryPointSignatureAggregatorChanged)
	if err := _EntryPoint.contract.UnpackLog(event, "SignatureAggregatorChanged", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// EntryPointStakeLockedIterator is returned from FilterStakeLocked and is used to iterate over the raw logs and unpacked data for StakeLocked events raised by the EntryPoint contract.
type EntryPointStakeLockedIterator struct {
	Event *EntryPointStakeLocked // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *EntryPointStakeLockedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(EntryPointStakeLocked)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(EntryPointStakeLocked)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *EntryPointStakeLockedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *EntryPointStakeLockedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// EntryPointStakeLocked represents a StakeLocked event raised by the EntryPoint contract.
type EntryPointStakeLocked struct {
	Account         common.Address
	TotalStaked     *big.Int
	UnstakeDelaySec *big.Int
	Raw             types.Log // Blockchain specific contextual infos
}

// FilterStakeLocked is a free log retrieval operation binding the contract event 0xa5ae833d0bb1dcd632d98a8b70973e8516812898e19bf27b70071ebc8dc52c01.
//
// Solidity: event StakeLocked(address indexed account, uint256 totalStaked, uint256 unstakeDelaySec)
func (_EntryPoint *EntryPointFilterer) FilterStakeLocked(opts *bind.FilterOpts, account []common.Address) (*EntryPointStakeLockedIterator, error) {

	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}

	logs, sub, err := _EntryPoint.contract.FilterLogs(opts, "StakeLocked", accountRule)
	if err != nil {
		return nil, err
	}
	return &EntryPointStakeLockedIterator{contract: _EntryPoint.contract, event: "StakeLocked", logs: logs, sub: sub}, nil
}

// WatchStakeLocked is a free log subscription operation binding the contract event 0xa5ae833d0bb1dcd632d98a8b70973e8516812898e19bf27b70071ebc8dc52c01.
//
// Solidity: event StakeLocked(address indexed account, uint256 totalStaked, uint256 unstakeDelaySec)
func (_EntryPoint *EntryPointFilterer) WatchStakeLocked(opts *bind.WatchOpts, sink chan<- *EntryPointStakeLocked, account []common.Address) (event.Subscription, error) {

	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}

	logs, sub, err := _EntryPoint.contract.WatchLogs(opts, "StakeLocked", accountRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(EntryPointStakeLocked)
				if err := _EntryPoint.contract.UnpackLog(event, "StakeLocked", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseStakeLocked is a log parse operation binding the contract event 0xa5ae833d0bb1dcd632d98a8b70973e8516812898e19bf27b70071ebc8dc52c01.
//
// Solidity: event StakeLocked(address indexed account, uint256 totalStaked, uint256 unstakeDelaySec)
func (_EntryPoint *EntryPointFilterer) ParseStakeLocked(log types.Log) (*EntryPointStakeLocked, error) {
	event := new(EntryPointStakeLocked)
	if err := _EntryPoint.contract.UnpackLog(event, "StakeLocked", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// EntryPointStakeUnlockedIterator is returned from FilterStakeUnlocked and is used to iterate over the raw logs and unpacked data for StakeUnlocked events raised by the EntryPoint contract.
type EntryPointStakeUnlockedIterator struct {
	Event *EntryPointStakeUnlocked // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *EntryPointStakeUnlockedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(EntryPointStakeUnlocked)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(EntryPointStakeUnlocked)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *EntryPointStakeUnlockedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *EntryPointStakeUnlockedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// EntryPointStakeUnlocked represents a StakeUnlocked event raised by the EntryPoint contract.
type EntryPointStakeUnlocked struct {
	Account      common.Address
	WithdrawTime *big.Int
	Raw          types.Log // Blockchain specific contextual infos
}

// FilterStakeUnlocked is a free log retrieval operation binding the contract event 0xfa9b3c14cc825c412c9ed81b3ba365a5b459439403f18829e572ed53a4180f0a.
//
// Solidity: event StakeUnlocked(address indexed account, uint256 withdrawTime)
func (_EntryPoint *EntryPointFilterer) FilterStakeUnlocked(opts *bind.FilterOpts, account []common.Address) (*EntryPointStakeUnlockedIterator, error) {

	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}

	logs, sub, err := _EntryPoint.contract.FilterLogs(opts, "StakeUnlocked", accountRule)
	if err != nil {
		return nil, err
	}
	return &EntryPointStakeUnlockedIterator{contract: _EntryPoint.contract, event: "StakeUnlocked", logs: logs, sub: sub}, nil
}

// WatchStakeUnlocked is a free log subscription operation binding the contract event 0xfa9b3c14cc825c412c9ed81b3ba365a5b459439403f18829e572ed53a4180f0a.
//
// Solidity: event StakeUnlocked(address indexed account, uint256 withdrawTime)
func (_EntryPoint *EntryPointFilterer) WatchStakeUnlocked(opts *bind.WatchOpts, sink chan<- *EntryPointStakeUnlocked, account []common.Address) (event.Subscription, error) {

	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}

	logs, sub, err := _EntryPoint.contract.WatchLogs(opts, "StakeUnlocked", accountRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(EntryPointStakeUnlocked)
				if err := _EntryPoint.contract.UnpackLog(event, "StakeUnlocked", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseStakeUnlocked is a log parse operation binding the contract event 0xfa9b3c14cc825c412c9ed81b3ba365a5b459439403f18829e572ed53a4180f0a.
//
// Solidity: event StakeUnlocked(address indexed account, uint256 withdrawTime)
func (_EntryPoint *EntryPointFilterer) ParseStakeUnlocked(log types.Log) (*EntryPointStakeUnlocked, error) {
	event := new(EntryPointStakeUnlocked)
	if err := _EntryPoint.contract.UnpackLog(event, "StakeUnlocked", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// EntryPointStakeWithdrawnIterator is returned from FilterStakeWithdrawn and is used to iterate over the raw logs and unpacked data for StakeWithdrawn events raised by the EntryPoint contract.
type EntryPointStakeWithdrawnIterator struct {
	Event *EntryPointStakeWithdrawn // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *EntryPointStakeWithdrawnIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(EntryPointStakeWithdrawn)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(EntryPointStakeWithdrawn)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *EntryPointStakeWithdrawnIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *EntryPointStakeWithdrawnIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// EntryPointStakeWithdrawn represents a StakeWithdrawn event raised by the EntryPoint contract.
type EntryPointStakeWithdrawn struct {
	Account         common.Address
	WithdrawAddress common.Address
	Amount          *big.Int
	Raw             types.Log // Blockchain specific contextual infos
}

// FilterStakeWithdrawn is a free log retrieval operation binding the contract event 0xb7c918e0e249f999e965cafeb6c664271b3f4317d296461500e71da39f0cbda3.
//
// Solidity: event StakeWithdrawn(address indexed account, address withdrawAddress, uint256 amount)
func (_EntryPoint *EntryPointFilterer) FilterStakeWithdrawn(opts *bind.FilterOpts, account []common.Address) (*EntryPointStakeWithdrawnIterator, error) {

	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}

	logs, sub, err := _EntryPoint.contract.FilterLogs(opts, "StakeWithdrawn", accountRule)
	if err != nil {
		return nil, err
	}
	return &EntryPointStakeWithdrawnIterator{contract: _EntryPoint.contract, event: "StakeWithdrawn", logs: logs, sub: sub}, nil
}

// WatchStakeWithdrawn is a free log subscription operation binding the contract event 0xb7c918e0e249f999e965cafeb6c664271b3f4317d296461500e71da39f0cbda3.
//
// Solidity: event StakeWithdrawn(address indexed account, address withdrawAddress, uint256 amount)
func (_EntryPoint *EntryPointFilterer) WatchStakeWithdrawn(opts *bind.WatchOpts, sink chan<- *EntryPointStakeWithdrawn, account []common.Address) (event.Subscription, error) {

	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}

	logs, sub, err := _EntryPoint.contract.WatchLogs(opts, "StakeWithdrawn", accountRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(EntryPointStakeWithdrawn)
				if err := _EntryPoint.contract.UnpackLog(event, "StakeWithdrawn", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseStakeWithdrawn is a log parse operation binding the contract event 0xb7c918e0e249f999e965cafeb6c664271b3f4317d296461500e71da39f0cbda3.
//
// Solidity: event StakeWithdrawn(address indexed account, address withdrawAddress, uint256 amount)
func (_EntryPoint *EntryPointFilterer) ParseStakeWithdrawn(log types.Log) (*EntryPointStakeWithdrawn, error) {
	event := new(EntryPointStakeWithdrawn)
	if err := _EntryPoint.contract.UnpackLog(event, "StakeWithdrawn", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// EntryPointUserOperationEventIterator is returned from FilterUserOperationEvent and is used to iterate over the raw logs and unpacked data for UserOperationEvent events raised by the EntryPoint contract.
type EntryPointUserOperationEventIterator struct {
	Event *EntryPointUserOperationEvent // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *EntryPointUserOperationEventIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(EntryPointUserOperationEvent)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(EntryPointUserOperationEvent)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *EntryPointUserOperationEventIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *EntryPointUserOperationEventIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// EntryPointUserOperationEvent represents a UserOperationEvent event raised by the EntryPoint contract.
type EntryPointUserOperationEvent struct {
	UserOpHash    [32]byte
	Sender        common.Address
	Paymaster     common.Address
	Nonce         *big.Int
	Success       bool
	ActualGasCost *big.Int
	ActualGasUsed *big.Int
	Raw           types.Log // Blockchain specific contextual infos
}

// FilterUserOperationEvent is a free log retrieval operation binding the contract event 0x49628fd1471006c1482da88028e9ce4dbb080b815c9b0344d39e5a8e6ec1419f.
//
// Solidity: event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)
func (_EntryPoint *EntryPointFilterer) FilterUserOperationEvent(opts *bind.FilterOpts, userOpHash [][32]byte, sender []common.Address, paymaster []common.Address) (*EntryPointUserOperationEventIterator, error) {

	var userOpHashRule []interface{}
	for _, userOpHashItem := range userOpHash {
		userOpHashRule = append(userOpHashRule, userOpHashItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}
	var paymasterRule []interface{}
	for _, paymasterItem := range paymaster {
		paymasterRule = append(paymasterRule, paymasterItem)
	}

	logs, sub, err := _EntryPoint.contract.FilterLogs(opts, "UserOperationEvent", userOpHashRule, senderRule, paymasterRule)
	if err != nil {
		return nil, err
	}
	return &EntryPointUserOperationEventIterator{contract: _EntryPoint.contract, event: "UserOperationEvent", logs: logs, sub: sub}, nil
}

// WatchUserOperationEvent is a free log subscription operation binding the contract event 0x49628fd1471006c1482da88028e9ce4dbb080b815c9b0344d39e5a8e6ec1419f.
//
// Solidity: event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)
func (_EntryPoint *EntryPointFilterer) WatchUserOperationEvent(opts *bind.WatchOpts, sink chan<- *EntryPointUserOperationEvent, userOpHash [][32]byte, sender []common.Address, paymaster []common.Address) (event.Subscription, error) {

	var userOpHashRule []interface{}
	for _, userOpHashItem := range userOpHash {
		userOpHashRule = append(userOpHashRule, userOpHashItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}
	var paymasterRule []interface{}
	for _, paymasterItem := range paymaster {
		paymasterRule = append(paymasterRule, paymasterItem)
	}

	logs, sub, err := _EntryPoint.contract.WatchLogs(opts, "UserOperationEvent", userOpHashRule, senderRule, paymasterRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(EntryPointUserOperationEvent)
				if err := _EntryPoint.contract.UnpackLog(event, "UserOperationEvent", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseUserOperationEvent is a log parse operation binding the contract event 0x49628fd1471006c1482da88028e9ce4dbb080b815c9b0344d39e5a8e6ec1419f.
//
// Solidity: event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)
func (_EntryPoint *EntryPointFilterer) ParseUserOperationEvent(log types.Log) (*EntryPointUserOperationEvent, error) {
	event := new(EntryPointUserOperationEvent)
	if err := _EntryPoint.contract.UnpackLog(event, "UserOperationEvent", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// EntryPointUserOperationRevertReasonIterator is returned from FilterUserOperationRevertReason and is used to iterate over the raw logs and unpacked data for UserOperationRevertReason events raised by the EntryPoint contract.
type EntryPointUserOperationRevertReasonIterator struct {
	Event *EntryPointUserOperationRevertReason // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *EntryPointUserOperationRevertReasonIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(EntryPointUserOperationRevertReason)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(EntryPointUserOperationRevertReason)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *EntryPointUserOperationRevertReasonIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *EntryPointUserOperationRevertReasonIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// EntryPointUserOperationRevertReason represents a UserOperationRevertReason event raised by the EntryPoint contract.
type EntryPointUserOperationRevertReason struct {
	UserOpHash   [32]byte
	Sender       common.Address
	Nonce        *big.Int
	RevertReason []byte
	Raw          types.Log // Blockchain specific contextual infos
}

// FilterUserOperationRevertReason is a free log retrieval operation binding the contract event 0x1c4fada7374c0a9ee8841fc38afe82932dc0f8e69012e927f061a8bae611a201.
//
// Solidity: event UserOperationRevertReason(bytes32 indexed userOpHash, address indexed sender, uint256 nonce, bytes revertReason)
func (_EntryPoint *EntryPointFilterer) FilterUserOperationRevertReason(opts *bind.FilterOpts, userOpHash [][32]byte, sender []common.Address) (*EntryPointUserOperationRevertReasonIterator, error) {

	var userOpHashRule []interface{}
	for _, userOpHashItem := range userOpHash {
		userOpHashRule = append(userOpHashRule, userOpHashItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _EntryPoint.contract.FilterLogs(opts, "UserOperationRevertReason", userOpHashRule, senderRule)
	if err != nil {
		return nil, err
	}
	return &EntryPointUserOperationRevertReasonIterator{contract: _EntryPoint.contract, event: "UserOperationRevertReason", logs: logs, sub: sub}, nil
}

// WatchUserOperationRevertReason is a free log subscription operation binding the contract event 0x1c4fada7374c0a9ee8841fc38afe82932dc0f8e69012e927f061a8bae611a201.
//
// Solidity: event UserOperationRevertReason(bytes32 indexed userOpHash, address indexed sender, uint256 nonce, bytes revertReason)
func (_EntryPoint *EntryPointFilterer) WatchUserOperationRevertReason(opts *bind.WatchOpts, sink chan<- *EntryPointUserOperationRevertReason, userOpHash [][32]byte, sender []common.Address) (event.Subscription, error) {

	var userOpHashRule []interface{}
	for _, userOpHashItem := range userOpHash {
		userOpHashRule = append(userOpHashRule, userOpHashItem)
	}
	var senderRule []interface{}
	for _, senderItem := range sender {
		senderRule = append(senderRule, senderItem)
	}

	logs, sub, err := _EntryPoint.contract.WatchLogs(opts, "UserOperationRevertReason", userOpHashRule, senderRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(EntryPointUserOperationRevertReason)
				if err := _EntryPoint.contract.UnpackLog(event, "UserOperationRevertReason", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseUserOperationRevertReason is a log parse operation binding the contract event 0x1c4fada7374c0a9ee8841fc38afe82932dc0f8e69012e927f061a8bae611a201.
//
// Solidity: event UserOperationRevertReason(bytes32 indexed userOpHash, address indexed sender, uint256 nonce, bytes revertReason)
func (_EntryPoint *EntryPointFilterer) ParseUserOperationRevertReason(log types.Log) (*EntryPointUserOperationRevertReason, error) {
	event := new(EntryPointUserOperationRevertReason)
	if err := _EntryPoint.contract.UnpackLog(event, "UserOperationRevertReason", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// EntryPointWithdrawnIterator is returned from FilterWithdrawn and is used to iterate over the raw logs and unpacked data for Withdrawn events raised by the EntryPoint contract.
type EntryPointWithdrawnIterator struct {
	Event *EntryPointWithdrawn // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *EntryPointWithdrawnIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(EntryPointWithdrawn)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(EntryPointWithdrawn)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *EntryPointWithdrawnIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *EntryPointWithdrawnIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// EntryPointWithdrawn represents a Withdrawn event raised by the EntryPoint contract.
type EntryPointWithdrawn struct {
	Account         common.Address
	WithdrawAddress common.Address
	Amount          *big.Int
	Raw             types.Log // Blockchain specific contextual infos
}

// FilterWithdrawn is a free log retrieval operation binding the contract event 0xd1c19fbcd4551a5edfb66d43d2e337c04837afda3482b42bdf569a8fccdae5fb.
//
// Solidity: event Withdrawn(address indexed account, address withdrawAddress, uint256 amount)
func (_EntryPoint *EntryPointFilterer) FilterWithdrawn(opts *bind.FilterOpts, account []common.Address) (*EntryPointWithdrawnIterator, error) {

	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}

	logs, sub, err := _EntryPoint.contract.FilterLogs(opts, "Withdrawn", accountRule)
	if err != nil {
		return nil, err
	}
	return &EntryPointWithdrawnIterator{contract: _EntryPoint.contract, event: "Withdrawn", logs: logs, sub: sub}, nil
}

// WatchWithdrawn is a free log subscription operation binding the contract event 0xd1c19fbcd4551a5edfb66d43d2e337c04837afda3482b42bdf569a8fccdae5fb.
//
// Solidity: event Withdrawn(address indexed account, address withdrawAddress, uint256 amount)
func (_EntryPoint *EntryPointFilterer) WatchWithdrawn(opts *bind.WatchOpts, sink chan<- *EntryPointWithdrawn, account []common.Address) (event.Subscription, error) {

	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}

	logs, sub, err := _EntryPoint.contract.WatchLogs(opts, "Withdrawn", accountRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(EntryPointWithdrawn)
				if err := _EntryPoint.contract.UnpackLog(event, "Withdrawn", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseWithdrawn is a log parse operation binding the contract event 0xd1c19fbcd4551a5edfb66d43d2e337c04837afda3482b42bdf569a8fccdae5fb.
//
// Solidity: event Withdrawn(address indexed account, address withdrawAddress, uint256 amount)
func (_EntryPoint *EntryPointFilterer) ParseWithdrawn(log types.Log) (*EntryPointWithdrawn, error) {
	event := new(EntryPointWithdrawn)
	if err := _EntryPoint.contract.UnpackLog(event, "Withdrawn", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// LimitOrdersMetaData contains all meta data concerning the LimitOrders contract.
var LimitOrdersMetaData = &bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"contractMarketFactory\",\"name\":\"factory_\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"ApproveFailed\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"expiry\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"timestamp\",\"type\":\"uint256\"}],\"name\":\"InvalidExpiry\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"index\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"count\",\"type\":\"uint256\"}],\"name\":\"InvalidOption\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"limitPrice\",\"type\":\"uint256\"}],\"name\":\"InvalidPrice\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"market\",\"type\":\"address\"}],\"name\":\"MarketClosed\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"buyId\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"sellId\",\"type\":\"uint256\"}],\"name\":\"NotCrossing\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"buyId\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"sellId\",\"type\":\"uint256\"}],\"name\":\"NotMatchable\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"orderId\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"caller\",\"type\":\"address\"}],\"name\":\"NotOrderOwner\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"orderId\",\"type\":\"uint256\"}],\"name\":\"OrderClosed\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"orderId\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"expiry\",\"type\":\"uint256\"}],\"name\":\"OrderExpired\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"orderId\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"remaining\",\"type\":\"uint256\"}],\"name\":\"Overfill\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"Overflow\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"orderId\",\"type\":\"uint256\"}],\"name\":\"PostOnly\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"Reentrancy\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"buyId\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"sellId\",\"type\":\"uint256\"}],\"name\":\"SelfMatch\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"TransferFailed\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"market\",\"type\":\"address\"}],\"name\":\"UnknownMarket\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"orderId\",\"type\":\"uint256\"}],\"name\":\"UnknownOrder\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"orderId\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"amountIn\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"amountOut\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"limitPrice\",\"type\":\"uint256\"}],\"name\":\"WorseThanLimit\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroAmount\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint256\",\"name\":\"orderId\",\"type\":\"uint256\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"by\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"refunded\",\"type\":\"uint256\"}],\"name\":\"OrderCancelled\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint256\",\"name\":\"orderId\",\"type\":\"uint256\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"counterparty\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"counterOrderId\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amountIn\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amountOut\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"remaining\",\"type\":\"uint256\"}],\"name\":\"OrderFilled\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint256\",\"name\":\"orderId\",\"type\":\"uint256\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"market\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"optionIndex\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"bool\",\"name\":\"isBuy\",\"type\":\"bool\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"limitPrice\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"expiry\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"bool\",\"name\":\"postOnly\",\"type\":\"bool\"}],\"name\":\"OrderPlaced\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"ONE\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"orderId\",\"type\":\"uint256\"}],\"name\":\"cancel\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256[]\",\"name\":\"orderIds\",\"type\":\"uint256[]\"}],\"name\":\"cancelMany\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"cancelled\",\"type\":\"uint256\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"orderId\",\"type\":\"uint256\"}],\"name\":\"escrowToken\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"factory\",\"outputs\":[{\"internalType\":\"contractMarketFactory\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"orderId\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"spend\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"minOut\",\"type\":\"uint256\"}],\"name\":\"fillFromPool\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"out\",\"type\":\"uint256\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"buyId\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"sellId\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"quantity\",\"type\":\"uint256\"}],\"name\":\"matchOrders\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"cost\",\"type\":\"uint256\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"optionImplementation\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"orderCount\",\"outputs\":[{\"internalType\":\"uint64\",\"name\":\"\",\"type\":\"uint64\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"name\":\"orders\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"uint64\",\"name\":\"expiry\",\"type\":\"uint64\"},{\"internalType\":\"uint8\",\"name\":\"optionIndex\",\"type\":\"uint8\"},{\"internalType\":\"bool\",\"name\":\"isBuy\",\"type\":\"bool\"},{\"internalType\":\"bool\",\"name\":\"postOnly\",\"type\":\"bool\"},{\"internalType\":\"address\",\"name\":\"market\",\"type\":\"address\"},{\"internalType\":\"uint64\",\"name\":\"limitPrice\",\"type\":\"uint64\"},{\"internalType\":\"uint256\",\"name\":\"remaining\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"market\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"optionIndex\",\"type\":\"uint256\"},{\"internalType\":\"bool\",\"name\":\"isBuy\",\"type\":\"bool\"},{\"internalType\":\"uint256\",\"name\":\"limitPrice\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"},{\"internalType\":\"uint64\",\"name\":\"expiry\",\"type\":\"uint64\"},{\"internalType\":\"bool\",\"name\":\"postOnly\",\"type\":\"bool\"}],\"name\":\"place\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"orderId\",\"type\":\"uint256\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	Sigs: map[string]string{
		"c2ee3a08": "ONE()",
		"40e58ee5": "cancel(uint256)",
		"2b15e32b": "cancelMany(uint256[])",
		"3eb01636": "escrowToken(uint256)",
		"c45a0155": "factory()",
		"42942bec": "fillFromPool(uint256,uint256,uint256)",
		"cbbb495f": "matchOrders(uint256,uint256,uint256)",
		"74004cf6": "optionImplementation()",
		"2453ffa8": "orderCount()",
		"a85c38ef": "orders(uint256)",
		"c3026cc5": "place(address,uint256,bool,uint256,uint256,uint64,bool)",
	},
	Bin: "0x60c06040526000805460ff60401b1916680100000000000000001790553480156200002957600080fd5b50604051620025cb380380620025cb8339810160408190526200004c91620000e9565b6001600160a01b038116608081905260408051633a00267b60e11b815290516374004cf6916004808201926020929091908290030181865afa15801562000097573d6000803e3d6000fd5b505050506040513d601f19601f82011682018060405250810190620000bd9190620000e9565b6001600160a01b031660a0525062000110565b6001600160a01b0381168114620000e657600080fd5b50565b600060208284031215620000fc57600080fd5b81516200010981620000d0565b9392505050565b60805160a0516124806200014b6000396000818161017901526118050152600081816102f701528181610b2001526117c901526124806000f3fe608060405234801561001057600080fd5b50600436106100c95760003560e01c806374004cf611610081578063c3026cc51161005b578063c3026cc5146102df578063c45a0155146102f2578063cbbb495f1461031957600080fd5b806374004cf614610174578063a85c38ef1461019b578063c2ee3a08146102d057600080fd5b80633eb01636116100b25780633eb016361461012157806340e58ee51461014c57806342942bec1461016157600080fd5b80632453ffa8146100ce5780632b15e32b14610100575b600080fd5b6000546100e29067ffffffffffffffff1681565b60405167ffffffffffffffff90911681526020015b60405180910390f35b61011361010e3660046120e5565b61032c565b6040519081526020016100f7565b61013461012f36600461215a565b610435565b6040516001600160a01b0390911681526020016100f7565b61015f61015a36600461215a565b610453565b005b61011361016f366004612173565b610537565b6101347f000000000000000000000000000000000000000000000000000000000000000081565b6102756101a936600461215a565b60016020819052600091825260409091208054918101546002909101546001600160a01b038084169367ffffffffffffffff7401000000000000000000000000000000000000000080830482169560ff7c010000000000000000000000000000000000000000000000000000000085048116967d01000000000000000000000000000000000000000000000000000000000086048216967e0100000000000000000000000000000000000000000000000000000000000090960490911694821693929091049091169088565b604080516001600160a01b03998a16815267ffffffffffffffff988916602082015260ff90971690870152931515606086015291151560808501529490941660a08301529190921660c083015260e0820152610100016100f7565b610113670de0b6b3a764000081565b6101136102ed3660046121d8565b610958565b6101347f000000000000000000000000000000000000000000000000000000000000000081565b610113610327366004612173565b610fa6565b6000805468010000000000000000900460ff16600114610378576040517fab143c0600000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6000805468ff000000000000000019166802000000000000000017815582905b818110156104105760006103c38686848181106103b7576103b7612253565b905060200201356111f6565b905080600201546000146103ff576103f3818787858181106103e7576103e7612253565b9050602002013561124d565b6103fc846122b1565b93505b50610409816122b1565b9050610398565b50506000805468ff000000000000000019166801000000000000000017905592915050565b600080610441836111f6565b905061044c8161133b565b9392505050565b60005468010000000000000000900460ff1660011461049e576040517fab143c0600000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6000805468ff00000000000000001916680200000000000000001781556104c4826111f6565b9050806002015460000361050c576040517fa7bec779000000000000000000000000000000000000000000000000000000008152600481018390526024015b60405180910390fd5b610516818361124d565b50506000805468ff0000000000000000191668010000000000000000179055565b6000805468010000000000000000900460ff16600114610583576040517fab143c0600000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6000805468ff00000000000000001916680200000000000000001781556105a9856111f6565b90506000846105b9838888611429565b6105c391906122e9565b82549091507e01000000000000000000000000000000000000000000000000000000000000900460ff1615610627576040517f80ac1e3800000000000000000000000000000000000000000000000000000000815260048101879052602401610503565b600282018190558154600183015460ff7d01000000000000000000000000000000000000000000000000000000000083048116926001600160a01b03909216917c01000000000000000000000000000000000000000000000000000000009004168215610799576106fa826001600160a01b031663c55dae636040518163ffffffff1660e01b8152600401602060405180830381865afa1580156106cf573d6000803e3d6000fd5b505050506040513d601f19601f820116820180604052508101906106f391906122fc565b838a611560565b6040517f1281311d0000000000000000000000000000000000000000000000000000000081526004810182905260248101899052604481018890524260648201526001600160a01b03831690631281311d906084016020604051808303816000875af115801561076e573d6000803e3d6000fd5b505050506040513d601f19601f820116820180604052508101906107929190612319565b9550610834565b6040517f3620875e0000000000000000000000000000000000000000000000000000000081526004810182905260248101899052604481018890524260648201526001600160a01b03831690633620875e906084016020604051808303816000875af115801561080d573d6000803e3d6000fd5b505050506040513d601f19601f820116820180604052508101906108319190612319565b95505b610840858a8a896116b2565b84546040805160008152602081018b9052908101889052606081018690526001600160a01b039182169184169082908c907f9e121b9f167c2054a12c8a0c6223a1a7a514529803a71aefbfe840c2dea56f7f9060800160405180910390a460008461090c57836001600160a01b031663c55dae636040518163ffffffff1660e01b8152600401602060405180830381865afa1580156108e3573d6000803e3d6000fd5b505050506040513d601f19601f8201168201806040525081019061090791906122fc565b610916565b6109168484611794565b905061092c6001600160a01b038216838a611865565b50506000805468ff00000000000000001916680100000000000000001790555093979650505050505050565b6000805468010000000000000000900460ff166001146109a4576040517fab143c0600000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6000805468ff00000000000000001916680200000000000000001781558490036109fa576040517f1f2a200500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6fffffffffffffffffffffffffffffffff841115610a44576040517f35278d1200000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b841580610a595750670de0b6b3a76400008510155b15610a93576040517ff9632e8600000000000000000000000000000000000000000000000000000000815260048101869052602401610503565b428367ffffffffffffffff1611610ae8576040517f4708d00200000000000000000000000000000000000000000000000000000000815267ffffffffffffffff84166004820152426024820152604401610503565b6040517f6ec934da0000000000000000000000000000000000000000000000000000000081526001600160a01b0389811660048301527f00000000000000000000000000000000000000000000000000000000000000001690636ec934da90602401602060405180830381865afa158015610b67573d6000803e3d6000fd5b505050506040513d601f19601f82011682018060405250810190610b8b9190612332565b610bcc576040517f99b75a5c0000000000000000000000000000000000000000000000000000000081526001600160a01b0389166004820152602401610503565b610bd5886118ed565b6000886001600160a01b031663e32fe90b6040518163ffffffff1660e01b8152600401602060405180830381865afa158015610c15573d6000803e3d6000fd5b505050506040513d601f19601f82011682018060405250810190610c399190612319565b9050808810610c7e576040517ffbf7b2e80000000000000000000000000000000000000000000000000000000081526004810189905260248101829052604401610503565b600080548190610c979067ffffffffffffffff1661234f565b91906101000a81548167ffffffffffffffff021916908367ffffffffffffffff160217905567ffffffffffffffff169150604051806101000160405280336001600160a01b031681526020018567ffffffffffffffff1681526020018960ff168152602001881515815260200184151581526020018a6001600160a01b031681526020018767ffffffffffffffff168152602001868152506001600084815260200190815260200160002060008201518160000160006101000a8154816001600160a01b0302191690836001600160a01b0316021790555060208201518160000160146101000a81548167ffffffffffffffff021916908367ffffffffffffffff160217905550604082015181600001601c6101000a81548160ff021916908360ff160217905550606082015181600001601d6101000a81548160ff021916908315150217905550608082015181600001601e6101000a81548160ff02191690831515021790555060a08201518160010160006101000a8154816001600160a01b0302191690836001600160a01b0316021790555060c08201518160010160146101000a81548167ffffffffffffffff021916908367ffffffffffffffff16021790555060e08201518160020155905050886001600160a01b0316336001600160a01b0316837f4c60554356d8e966ce4d9ff086a47fa8b5c65eb4dcd401e83bcdbca50a6cf18e8b8b8b8b8b8b604051610ee59695949392919095865293151560208601526040850192909252606084015267ffffffffffffffff166080830152151560a082015260c00190565b60405180910390a4600087610f0357610efe8a8a611794565b610f65565b896001600160a01b031663c55dae636040518163ffffffff1660e01b8152600401602060405180830381865afa158015610f41573d6000803e3d6000fd5b505050506040513d601f19601f82011682018060405250810190610f6591906122fc565b9050610f7c6001600160a01b038216333089611a14565b50506000805468ff0000000000000000191668010000000000000000179055979650505050505050565b6000805468010000000000000000900460ff16600114610ff2576040517fab143c0600000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6000805468ff0000000000000000191668020000000000000000178155611018856111f6565b90506000611025856111f6565b905061103382828888611a9f565b600084611041838888611429565b61104b91906122e9565b9050600061105b84896001611429565b9050868810806110915784547e01000000000000000000000000000000000000000000000000000000000000900460ff166110b9565b83547e01000000000000000000000000000000000000000000000000000000000000900460ff165b1561110057806110c957886110cb565b875b6040517f80ac1e3800000000000000000000000000000000000000000000000000000000815260040161050391815260200190565b6001850154611117906001600160a01b03166118ed565b600180860154908501546111599167ffffffffffffffff7401000000000000000000000000000000000000000091829004811692919091041689848d8d611c55565b9550818611156111a6576040517f69e2ba84000000000000000000000000000000000000000000000000000000008152600481018a90526024810187905260448101839052606401610503565b6111b086836122e9565b60028087019190915584018390556111cc85858b8b8b8b611d99565b50506000805468ff0000000000000000191668010000000000000000179055509195945050505050565b600081815260016020526040902080546001600160a01b0316611248576040517f40ddeab200000000000000000000000000000000000000000000000000000000815260048101839052602401610503565b919050565b81546001600160a01b031633811480159061128a5750825474010000000000000000000000000000000000000000900467ffffffffffffffff1642105b156112ca576040517f648f2f2100000000000000000000000000000000000000000000000000000000815260048101839052336024820152604401610503565b600283018054600090915560405181815233906001600160a01b0384169085907fa4bb54ffb7bcc3eb7bdd81e41ad340b367a9b3a7416cd7764e68713a274c9da39060200160405180910390a461133582826113258761133b565b6001600160a01b03169190611865565b50505050565b80546000907d010000000000000000000000000000000000000000000000000000000000900460ff166113aa57600182015482546113a5916001600160a01b0316907c0100000000000000000000000000000000000000000000000000000000900460ff16611794565b611423565b8160010160009054906101000a90046001600160a01b03166001600160a01b031663c55dae636040518163ffffffff1660e01b8152600401602060405180830381865afa1580156113ff573d6000803e3d6000fd5b505050506040513d601f19601f8201168201806040525081019061142391906122fc565b92915050565b6002830154600081900361146c576040517fa7bec77900000000000000000000000000000000000000000000000000000000815260048101849052602401610503565b835474010000000000000000000000000000000000000000900467ffffffffffffffff164281116114d3576040517f4b2d84db0000000000000000000000000000000000000000000000000000000081526004810185905260248101829052604401610503565b8260000361150d576040517f1f2a200500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b81831115611558576040517f69e2ba84000000000000000000000000000000000000000000000000000000008152600481018590526024810184905260448101839052606401610503565b509392505050565b604080516001600160a01b038481166024830152604480830185905283518084039091018152606490920183526020820180517bffffffffffffffffffffffffffffffffffffffffffffffffffffffff167f095ea7b30000000000000000000000000000000000000000000000000000000017905291516000928392908716916115ea9190612376565b6000604051808303816000865af19150503d8060008114611627576040519150601f19603f3d011682016040523d82523d6000602084013e61162c565b606091505b509150915081158061166957508051158015906116695750805160201415806116695750808060200190518101906116649190612319565b600114155b156116ab576040517fc90bb86a0000000000000000000000000000000000000000000000000000000081526001600160a01b0386166004820152602401610503565b5050505050565b600184015484547401000000000000000000000000000000000000000090910467ffffffffffffffff16907d010000000000000000000000000000000000000000000000000000000000900460ff166117275761170f83826123a5565b611721670de0b6b3a7640000846123a5565b10611745565b61173182826123a5565b611743670de0b6b3a7640000856123a5565b115b156116ab576040517f85698ae200000000000000000000000000000000000000000000000000000000815260048101859052602481018490526044810183905260648101829052608401610503565b604080516001600160a01b038416602080830191909152818301849052825180830384018152606083019384905280519101207f000000000000000000000000000000000000000000000000000000000000000060988301526f5af43d82803e903d91602b57fd5bf3ff60848301527f00000000000000000000000000000000000000000000000000000000000000006074830152733d602d80600a3d3981f3363d3d373d3d3d363d7390925260b88101919091526037606c82012060d8820152605560a39091012060009061044c565b604080516001600160a01b038416602482015260448082018490528251808303909101815260649091019091526020810180517bffffffffffffffffffffffffffffffffffffffffffffffffffffffff167fa9059cbb000000000000000000000000000000000000000000000000000000001790526118e8908490308585611f20565b505050565b600060ff16816001600160a01b031663c19d93fb6040518163ffffffff1660e01b8152600401602060405180830381865afa158015611930573d6000803e3d6000fd5b505050506040513d601f19601f8201168201806040525081019061195491906123bc565b60ff161415806119cf5750806001600160a01b0316633197cbb66040518163ffffffff1660e01b8152600401602060405180830381865afa15801561199d573d6000803e3d6000fd5b505050506040513d601f19601f820116820180604052508101906119c191906123df565b67ffffffffffffffff164210155b15611a11576040517f0c83b8710000000000000000000000000000000000000000000000000000000081526001600160a01b0382166004820152602401610503565b50565b604080516001600160a01b0385811660248301528416604482015260648082018490528251808303909101815260849091019091526020810180517bffffffffffffffffffffffffffffffffffffffffffffffffffffffff167f23b872dd00000000000000000000000000000000000000000000000000000000179052611335908590858585611f20565b83547d010000000000000000000000000000000000000000000000000000000000900460ff161580611af3575082547d010000000000000000000000000000000000000000000000000000000000900460ff165b80611b135750600180840154908501546001600160a01b03908116911614155b80611b4c5750825484547c01000000000000000000000000000000000000000000000000000000009182900460ff908116929091041614155b15611b8d576040517fadbf02fb0000000000000000000000000000000000000000000000000000000081526004810183905260248101829052604401610503565b825484546001600160a01b03918216911603611bdf576040517fede5e8950000000000000000000000000000000000000000000000000000000081526004810183905260248101829052604401610503565b6001808401549085015467ffffffffffffffff7401000000000000000000000000000000000000000092839004811692909104161015611335576040517f9791bbe40000000000000000000000000000000000000000000000000000000081526004810183905260248101829052604401610503565b60008315611ced57670de0b6b3a7640000611c7088876123a5565b611c7a91906123fc565b9050611c8686866123a5565b611c98670de0b6b3a7640000836123a5565b1015611ce8576040517f85698ae200000000000000000000000000000000000000000000000000000000815260048101839052602481018690526044810182905260648101879052608401610503565b611d8f565b670de0b6b3a7640000600181611d0389896123a5565b611d0d9190612437565b611d1791906122e9565b611d2191906123fc565b9050611d2d87866123a5565b611d3f670de0b6b3a7640000836123a5565b1115611d8f576040517f85698ae200000000000000000000000000000000000000000000000000000000815260048101849052602481018290526044810186905260648101889052608401610503565b9695505050505050565b8554855460018801546002890154604080518881526020810187905290810187905260608101919091526001600160a01b039384169392831692909116908290849089907f9e121b9f167c2054a12c8a0c6223a1a7a514529803a71aefbfe840c2dea56f7f9060800160405180910390a4826001600160a01b0316826001600160a01b0316877f9e121b9f167c2054a12c8a0c6223a1a7a514529803a71aefbfe840c2dea56f7f8a89898e60020154604051611e6e949392919093845260208401929092526040830152606082015260800190565b60405180910390a48854611eae90849087906113259085907c0100000000000000000000000000000000000000000000000000000000900460ff16611794565b611f158285836001600160a01b031663c55dae636040518163ffffffff1660e01b8152600401602060405180830381865afa158015611ef1573d6000803e3d6000fd5b505050506040513d601f19601f8201168201806040525081019061132591906122fc565b505050505050505050565b600080866001600160a01b031686604051611f3b9190612376565b6000604051808303816000865af19150503d8060008114611f78576040519150601f19603f3d011682016040523d82523d6000602084013e611f7d565b606091505b509150915081611fea57805115611f9657805160208201fd5b6040517fcd3f16590000000000000000000000000000000000000000000000000000000081526001600160a01b03808916600483015280871660248301528516604482015260648101849052608401610503565b805160000361205e57866001600160a01b03163b600003612059576040517fcd3f16590000000000000000000000000000000000000000000000000000000081526001600160a01b03808916600483015280871660248301528516604482015260648101849052608401610503565b6120dc565b8051602014158061208357508080602001905181019061207e9190612319565b600114155b156120dc576040517fcd3f16590000000000000000000000000000000000000000000000000000000081526001600160a01b03808916600483015280871660248301528516604482015260648101849052608401610503565b50505050505050565b600080602083850312156120f857600080fd5b823567ffffffffffffffff8082111561211057600080fd5b818501915085601f83011261212457600080fd5b81358181111561213357600080fd5b8660208260051b850101111561214857600080fd5b60209290920196919550909350505050565b60006020828403121561216c57600080fd5b5035919050565b60008060006060848603121561218857600080fd5b505081359360208301359350604090920135919050565b6001600160a01b0381168114611a1157600080fd5b8015158114611a1157600080fd5b67ffffffffffffffff81168114611a1157600080fd5b600080600080600080600060e0888a0312156121f357600080fd5b87356121fe8161219f565b9650602088013595506040880135612215816121b4565b9450606088013593506080880135925060a0880135612233816121c2565b915060c0880135612243816121b4565b8091505092959891949750929550565b7f4e487b7100000000000000000000000000000000000000000000000000000000600052603260045260246000fd5b7f4e487b7100000000000000000000000000000000000000000000000000000000600052601160045260246000fd5b60007fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff82036122e2576122e2612282565b5060010190565b8181038181111561142357611423612282565b60006020828403121561230e57600080fd5b815161044c8161219f565b60006020828403121561232b57600080fd5b5051919050565b60006020828403121561234457600080fd5b815161044c816121b4565b600067ffffffffffffffff80831681810361236c5761236c612282565b6001019392505050565b6000825160005b81811015612397576020818601810151858301520161237d565b506000920191825250919050565b808202811582820484141761142357611423612282565b6000602082840312156123ce57600080fd5b815160ff8116811461044c57600080fd5b6000602082840312156123f157600080fd5b815161044c816121c2565b600082612432577f4e487b7100000000000000000000000000000000000000000000000000000000600052601260045260246000fd5b500490565b808201808211156114235761142361228256fea2646970667358221220ad6bf1d0d83840ef8054aeda791bf2fdab22db042dc73154f0664cfa54785b3564736f6c63430008110033",
}

// LimitOrdersABI is the input ABI used to generate the binding from.
// Deprecated: Use LimitOrdersMetaData.ABI instead.
var LimitOrdersABI = LimitOrdersMetaData.ABI

// Deprecated: Use LimitOrdersMetaData.Sigs instead.
// LimitOrdersFuncSigs maps the 4-byte function signature to its string representation.
var LimitOrdersFuncSigs = LimitOrdersMetaData.Sigs

// LimitOrdersBin is the compiled bytecode used for deploying new contracts.
// Deprecated: Use LimitOrdersMetaData.Bin instead.
var LimitOrdersBin = LimitOrdersMetaData.Bin

// DeployLimitOrders deploys a new Ethereum contract, binding an instance of LimitOrders to it.
func DeployLimitOrders(auth *bind.TransactOpts, backend bind.ContractBackend, factory_ common.Address) (common.Address, *types.Transaction, *LimitOrders, error) {
	parsed, err := LimitOrdersMetaData.GetAbi()
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	if parsed == nil {
		return common.Address{}, nil, nil, errors.New("GetABI returned nil")
	}

	address, tx, contract, err := bind.DeployContract(auth, *parsed, common.FromHex(LimitOrdersBin), backend, factory_)
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	return address, tx, &LimitOrders{LimitOrdersCaller: LimitOrdersCaller{contract: contract}, LimitOrdersTransactor: LimitOrdersTransactor{contract: contract}, LimitOrdersFilterer: LimitOrdersFilterer{contract: contract}}, nil
}

// LimitOrders is an auto generated Go binding around an Ethereum contract.
type LimitOrders struct {
	LimitOrdersCaller     // Read-only binding to the contract
	LimitOrdersTransactor // Write-only binding to the contract
	LimitOrdersFilterer   // Log filterer for contract events
}

// LimitOrdersCaller is an auto generated read-only Go binding around an Ethereum contract.
type LimitOrdersCaller struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// LimitOrdersTransactor is an auto generated write-only Go binding around an Ethereum contract.
type LimitOrdersTransactor struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// LimitOrdersFilterer is an auto generated log filtering Go binding around an Ethereum contract events.
type LimitOrdersFilterer struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// LimitOrdersSession is an auto generated Go binding around an Ethereum contract,
// with pre-set call and transact options.
type LimitOrdersSession struct {
	Contract     *LimitOrders      // Generic contract binding to set the session for
	CallOpts     bind.CallOpts     // Call options to use throughout this session
	TransactOpts bind.TransactOpts // Transaction auth options to use throughout this session
}

// LimitOrdersCallerSession is an auto generated read-only Go binding around an Ethereum contract,
// with pre-set call options.
type LimitOrdersCallerSession struct {
	Contract *LimitOrdersCaller // Generic contract caller binding to set the session for
	CallOpts bind.CallOpts      // Call options to use throughout this session
}

// LimitOrdersTransactorSession is an auto generated write-only Go binding around an Ethereum contract,
// with pre-set transact options.
type LimitOrdersTransactorSession struct {
	Contract     *LimitOrdersTransactor // Generic contract transactor binding to set the session for
	TransactOpts bind.TransactOpts      // Transaction auth options to use throughout this session
}

// LimitOrdersRaw is an auto generated low-level Go binding around an Ethereum contract.
type LimitOrdersRaw struct {
	Contract *LimitOrders // Generic contract binding to access the raw methods on
}

// LimitOrdersCallerRaw is an auto generated low-level read-only Go binding around an Ethereum contract.
type LimitOrdersCallerRaw struct {
	Contract *LimitOrdersCaller // Generic read-only contract binding to access the raw methods on
}

// LimitOrdersTransactorRaw is an auto generated low-level write-only Go binding around an Ethereum contract.
type LimitOrdersTransactorRaw struct {
	Contract *LimitOrdersTransactor // Generic write-only contract binding to access the raw methods on
}

// NewLimitOrders creates a new instance of LimitOrders, bound to a specific deployed contract.
func NewLimitOrders(address common.Address, backend bind.ContractBackend) (*LimitOrders, error) {
	contract, err := bindLimitOrders(address, backend, backend, backend)
	if err != nil {
		return nil, err
	}
	return &LimitOrders{LimitOrdersCaller: LimitOrdersCaller{contract: contract}, LimitOrdersTransactor: LimitOrdersTransactor{contract: contract}, LimitOrdersFilterer: LimitOrdersFilterer{contract: contract}}, nil
}

// NewLimitOrdersCaller creates a new read-only instance of LimitOrders, bound to a specific deployed contract.
func NewLimitOrdersCaller(address common.Address, caller bind.ContractCaller) (*LimitOrdersCaller, error) {
	contract, err := bindLimitOrders(address, caller, nil, nil)
	if err != nil {
		return nil, err
	}
	return &LimitOrdersCaller{contract: contract}, nil
}

// NewLimitOrdersTransactor creates a new write-only instance of LimitOrders, bound to a specific deployed contract.
func NewLimitOrdersTransactor(address common.Address, transactor bind.ContractTransactor) (*LimitOrdersTransactor, error) {
	contract, err := bindLimitOrders(address, nil, transactor, nil)
	if err != nil {
		return nil, err
	}
	return &LimitOrdersTransactor{contract: contract}, nil
}

// NewLimitOrdersFilterer creates a new log filterer instance of LimitOrders, bound to a specific deployed contract.
func NewLimitOrdersFilterer(address common.Address, filterer bind.ContractFilterer) (*LimitOrdersFilterer, error) {
	contract, err := bindLimitOrders(address, nil, nil, filterer)
	if err != nil {
		return nil, err
	}
	return &LimitOrdersFilterer{contract: contract}, nil
}

// bindLimitOrders binds a generic wrapper to an already deployed contract.
func bindLimitOrders(address common.Address, caller bind.ContractCaller, transactor bind.ContractTransactor, filterer bind.ContractFilterer) (*bind.BoundContract, error) {
	parsed, err := LimitOrdersMetaData.GetAbi()
	if err != nil {
		return nil, err
	}
	return bind.NewBoundContract(address, *parsed, caller, transactor, filterer), nil
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_LimitOrders *LimitOrdersRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _LimitOrders.Contract.LimitOrdersCaller.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_LimitOrders *LimitOrdersRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _LimitOrders.Contract.LimitOrdersTransactor.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_LimitOrders *LimitOrdersRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _LimitOrders.Contract.LimitOrdersTransactor.contract.Transact(opts, method, params...)
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_LimitOrders *LimitOrdersCallerRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _LimitOrders.Contract.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_LimitOrders *LimitOrdersTransactorRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _LimitOrders.Contract.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_LimitOrders *LimitOrdersTransactorRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _LimitOrders.Contract.contract.Transact(opts, method, params...)
}

// ONE is a free data retrieval call binding the contract method 0xc2ee3a08.
//
// Solidity: function ONE() view returns(uint256)
func (_LimitOrders *LimitOrdersCaller) ONE(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _LimitOrders.contract.Call(opts, &out, "ONE")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// ONE is a free data retrieval call binding the contract method 0xc2ee3a08.
//
// Solidity: function ONE() view returns(uint256)
func (_LimitOrders *LimitOrdersSession) ONE() (*big.Int, error) {
	return _LimitOrders.Contract.ONE(&_LimitOrders.CallOpts)
}

// ONE is a free data retrieval call binding the contract method 0xc2ee3a08.
//
// Solidity: function ONE() view returns(uint256)
func (_LimitOrders *LimitOrdersCallerSession) ONE() (*big.Int, error) {
	return _LimitOrders.Contract.ONE(&_LimitOrders.CallOpts)
}

// EscrowToken is a free data retrieval call binding the contract method 0x3eb01636.
//
// Solidity: function escrowToken(uint256 orderId) view returns(address)
func (_LimitOrders *LimitOrdersCaller) EscrowToken(opts *bind.CallOpts, orderId *big.Int) (common.Address, error) {
	var out []interface{}
	err := _LimitOrders.contract.Call(opts, &out, "escrowToken", orderId)

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// EscrowToken is a free data retrieval call binding the contract method 0x3eb01636.
//
// Solidity: function escrowToken(uint256 orderId) view returns(address)
func (_LimitOrders *LimitOrdersSession) EscrowToken(orderId *big.Int) (common.Address, error) {
	return _LimitOrders.Contract.EscrowToken(&_LimitOrders.CallOpts, orderId)
}

// EscrowToken is a free data retrieval call binding the contract method 0x3eb01636.
//
// Solidity: function escrowToken(uint256 orderId) view returns(address)
func (_LimitOrders *LimitOrdersCallerSession) EscrowToken(orderId *big.Int) (common.Address, error) {
	return _LimitOrders.Contract.EscrowToken(&_LimitOrders.CallOpts, orderId)
}

// Factory is a free data retrieval call binding the contract method 0xc45a0155.
//
// Solidity: function factory() view returns(address)
func (_LimitOrders *LimitOrdersCaller) Factory(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _LimitOrders.contract.Call(opts, &out, "factory")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// Factory is a free data retrieval call binding the contract method 0xc45a0155.
//
// Solidity: function factory() view returns(address)
func (_LimitOrders *LimitOrdersSession) Factory() (common.Address, error) {
	return _LimitOrders.Contract.Factory(&_LimitOrders.CallOpts)
}

// Factory is a free data retrieval call binding the contract method 0xc45a0155.
//
// Solidity: function factory() view returns(address)
func (_LimitOrders *LimitOrdersCallerSession) Factory() (common.Address, error) {
	return _LimitOrders.Contract.Factory(&_LimitOrders.CallOpts)
}

// OptionImplementation is a free data retrieval call binding the contract method 0x74004cf6.
//
// Solidity: function optionImplementation() view returns(address)
func (_LimitOrders *LimitOrdersCaller) OptionImplementation(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _LimitOrders.contract.Call(opts, &out, "optionImplementation")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// OptionImplementation is a free data retrieval call binding the contract method 0x74004cf6.
//
// Solidity: function optionImplementation() view returns(address)
func (_LimitOrders *LimitOrdersSession) OptionImplementation() (common.Address, error) {
	return _LimitOrders.Contract.OptionImplementation(&_LimitOrders.CallOpts)
}

// OptionImplementation is a free data retrieval call binding the contract method 0x74004cf6.
//
// Solidity: function optionImplementation() view returns(address)
func (_LimitOrders *LimitOrdersCallerSession) OptionImplementation() (common.Address, error) {
	return _LimitOrders.Contract.OptionImplementation(&_LimitOrders.CallOpts)
}

// OrderCount is a free data retrieval call binding the contract method 0x2453ffa8.
//
// Solidity: function orderCount() view returns(uint64)
func (_LimitOrders *LimitOrdersCaller) OrderCount(opts *bind.CallOpts) (uint64, error) {
	var out []interface{}
	err := _LimitOrders.contract.Call(opts, &out, "orderCount")

	if err != nil {
		return *new(uint64), err
	}

	out0 := *abi.ConvertType(out[0], new(uint64)).(*uint64)

	return out0, err

}

// OrderCount is a free data retrieval call binding the contract method 0x2453ffa8.
//
// Solidity: function orderCount() view returns(uint64)
func (_LimitOrders *LimitOrdersSession) OrderCount() (uint64, error) {
	return _LimitOrders.Contract.OrderCount(&_LimitOrders.CallOpts)
}

// OrderCount is a free data retrieval call binding the contract method 0x2453ffa8.
//
// Solidity: function orderCount() view returns(uint64)
func (_LimitOrders *LimitOrdersCallerSession) OrderCount() (uint64, error) {
	return _LimitOrders.Contract.OrderCount(&_LimitOrders.CallOpts)
}

// Orders is a free data retrieval call binding the contract method 0xa85c38ef.
//
// Solidity: function orders(uint256 ) view returns(address owner, uint64 expiry, uint8 optionIndex, bool isBuy, bool postOnly, address market, uint64 limitPrice, uint256 remaining)
func (_LimitOrders *LimitOrdersCaller) Orders(opts *bind.CallOpts, arg0 *big.Int) (struct {
	Owner       common.Address
	Expiry      uint64
	OptionIndex uint8
	IsBuy       bool
	PostOnly    bool
	Market      common.Address
	LimitPrice  uint64
	Remaining   *big.Int
}, error) {
	var out []interface{}
	err := _LimitOrders.contract.Call(opts, &out, "orders", arg0)

	outstruct := new(struct {
		Owner       common.Address
		Expiry      uint64
		OptionIndex uint8
		IsBuy       bool
		PostOnly    bool
		Market      common.Address
		LimitPrice  uint64
		Remaining   *big.Int
	})
	if err != nil {
		return *outstruct, err
	}

	outstruct.Owner = *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	outstruct.Expiry = *abi.ConvertType(out[1], new(uint64)).(*uint64)
	outstruct.OptionIndex = *abi.ConvertType(out[2], new(uint8)).(*uint8)
	outstruct.IsBuy = *abi.ConvertType(out[3], new(bool)).(*bool)
	outstruct.PostOnly = *abi.ConvertType(out[4], new(bool)).(*bool)
	outstruct.Market = *abi.ConvertType(out[5], new(common.Address)).(*common.Address)
	outstruct.LimitPrice = *abi.ConvertType(out[6], new(uint64)).(*uint64)
	outstruct.Remaining = *abi.ConvertType(out[7], new(*big.Int)).(**big.Int)

	return *outstruct, err

}

// Orders is a free data retrieval call binding the contract method 0xa85c38ef.
//
// Solidity: function orders(uint256 ) view returns(address owner, uint64 expiry, uint8 optionIndex, bool isBuy, bool postOnly, address market, uint64 limitPrice, uint256 remaining)
func (_LimitOrders *LimitOrdersSession) Orders(arg0 *big.Int) (struct {
	Owner       common.Address
	Expiry      uint64
	OptionIndex uint8
	IsBuy       bool
	PostOnly    bool
	Market      common.Address
	LimitPrice  uint64
	Remaining   *big.Int
}, error) {
	return _LimitOrders.Contract.Orders(&_LimitOrders.CallOpts, arg0)
}

// Orders is a free data retrieval call binding the contract method 0xa85c38ef.
//
// Solidity: function orders(uint256 ) view returns(address owner, uint64 expiry, uint8 optionIndex, bool isBuy, bool postOnly, address market, uint64 limitPrice, uint256 remaining)
func (_LimitOrders *LimitOrdersCallerSession) Orders(arg0 *big.Int) (struct {
	Owner       common.Address
	Expiry      uint64
	OptionIndex uint8
	IsBuy       bool
	PostOnly    bool
	Market      common.Address
	LimitPrice  uint64
	Remaining   *big.Int
}, error) {
	return _LimitOrders.Contract.Orders(&_LimitOrders.CallOpts, arg0)
}

// Cancel is a paid mutator transaction binding the contract method 0x40e58ee5.
//
// Solidity: function cancel(uint256 orderId) returns()
func (_LimitOrders *LimitOrdersTransactor) Cancel(opts *bind.TransactOpts, orderId *big.Int) (*types.Transaction, error) {
	return _LimitOrders.contract.Transact(opts, "cancel", orderId)
}

// Cancel is a paid mutator transaction binding the contract method 0x40e58ee5.
//
// Solidity: function cancel(uint256 orderId) returns()
func (_LimitOrders *LimitOrdersSession) Cancel(orderId *big.Int) (*types.Transaction, error) {
	return _LimitOrders.Contract.Cancel(&_LimitOrders.TransactOpts, orderId)
}

// Cancel is a paid mutator transaction binding the contract method 0x40e58ee5.
//
// Solidity: function cancel(uint256 orderId) returns()
func (_LimitOrders *LimitOrdersTransactorSession) Cancel(orderId *big.Int) (*types.Transaction, error) {
	return _LimitOrders.Contract.Cancel(&_LimitOrders.TransactOpts, orderId)
}

// CancelMany is a paid mutator transaction binding the contract method 0x2b15e32b.
//
// Solidity: function cancelMany(uint256[] orderIds) returns(uint256 cancelled)
func (_LimitOrders *LimitOrdersTransactor) CancelMany(opts *bind.TransactOpts, orderIds []*big.Int) (*types.Transaction, error) {
	return _LimitOrders.contract.Transact(opts, "cancelMany", orderIds)
}

// CancelMany is a paid mutator transaction binding the contract method 0x2b15e32b.
//
// Solidity: function cancelMany(uint256[] orderIds) returns(uint256 cancelled)
func (_LimitOrders *LimitOrdersSession) CancelMany(orderIds []*big.Int) (*types.Transaction, error) {
	return _LimitOrders.Contract.CancelMany(&_LimitOrders.TransactOpts, orderIds)
}

// CancelMany is a paid mutator transaction binding the contract method 0x2b15e32b.
//
// Solidity: function cancelMany(uint256[] orderIds) returns(uint256 cancelled)
func (_LimitOrders *LimitOrdersTransactorSession) CancelMany(orderIds []*big.Int) (*types.Transaction, error) {
	return _LimitOrders.Contract.CancelMany(&_LimitOrders.TransactOpts, orderIds)
}

// FillFromPool is a paid mutator transaction binding the contract method 0x42942bec.
//
// Solidity: function fillFromPool(uint256 orderId, uint256 spend, uint256 minOut) returns(uint256 out)
func (_LimitOrders *LimitOrdersTransactor) FillFromPool(opts *bind.TransactOpts, orderId *big.Int, spend *big.Int, minOut *big.Int) (*types.Transaction, error) {
	return _LimitOrders.contract.Transact(opts, "fillFromPool", orderId, spend, minOut)
}

// FillFromPool is a paid mutator transaction binding the contract method 0x42942bec.
//
// Solidity: function fillFromPool(uint256 orderId, uint256 spend, uint256 minOut) returns(uint256 out)
func (_LimitOrders *LimitOrdersSession) FillFromPool(orderId *big.Int, spend *big.Int, minOut *big.Int) (*types.Transaction, error) {
	return _LimitOrders.Contract.FillFromPool(&_LimitOrders.TransactOpts, orderId, spend, minOut)
}

// FillFromPool is a paid mutator transaction binding the contract method 0x42942bec.
//
// Solidity: function fillFromPool(uint256 orderId, uint256 spend, uint256 minOut) returns(uint256 out)
func (_LimitOrders *LimitOrdersTransactorSession) FillFromPool(orderId *big.Int, spend *big.Int, minOut *big.Int) (*types.Transaction, error) {
	return _LimitOrders.Contract.FillFromPool(&_LimitOrders.TransactOpts, orderId, spend, minOut)
}

// MatchOrders is a paid mutator transaction binding the contract method 0xcbbb495f.
//
// Solidity: function matchOrders(uint256 buyId, uint256 sellId, uint256 quantity) returns(uint256 cost)
func (_LimitOrders *LimitOrdersTransactor) MatchOrders(opts *bind.TransactOpts, buyId *big.Int, sellId *big.Int, quantity *big.Int) (*types.Transaction, error) {
	return _LimitOrders.contract.Transact(opts, "matchOrders", buyId, sellId, quantity)
}

// MatchOrders is a paid mutator transaction binding the contract method 0xcbbb495f.
//
// Solidity: function matchOrders(uint256 buyId, uint256 sellId, uint256 quantity) returns(uint256 cost)
func (_LimitOrders *LimitOrdersSession) MatchOrders(buyId *big.Int, sellId *big.Int, quantity *big.Int) (*types.Transaction, error) {
	return _LimitOrders.Contract.MatchOrders(&_LimitOrders.TransactOpts, buyId, sellId, quantity)
}

// MatchOrders is a paid mutator transaction binding the contract method 0xcbbb495f.
//
// Solidity: function matchOrders(uint256 buyId, uint256 sellId, uint256 quantity) returns(uint256 cost)
func (_LimitOrders *LimitOrdersTransactorSession) MatchOrders(buyId *big.Int, sellId *big.Int, quantity *big.Int) (*types.Transaction, error) {
	return _LimitOrders.Contract.MatchOrders(&_LimitOrders.TransactOpts, buyId, sellId, quantity)
}

// Place is a paid mutator transaction binding the contract method 0xc3026cc5.
//
// Solidity: function place(address market, uint256 optionIndex, bool isBuy, uint256 limitPrice, uint256 amount, uint64 expiry, bool postOnly) returns(uint256 orderId)
func (_LimitOrders *LimitOrdersTransactor) Place(opts *bind.TransactOpts, market common.Address, optionIndex *big.Int, isBuy bool, limitPrice *big.Int, amount *big.Int, expiry uint64, postOnly bool) (*types.Transaction, error) {
	return _LimitOrders.contract.Transact(opts, "place", market, optionIndex, isBuy, limitPrice, amount, expiry, postOnly)
}

// Place is a paid mutator transaction binding the contract method 0xc3026cc5.
//
// Solidity: function place(address market, uint256 optionIndex, bool isBuy, uint256 limitPrice, uint256 amount, uint64 expiry, bool postOnly) returns(uint256 orderId)
func (_LimitOrders *LimitOrdersSession) Place(market common.Address, optionIndex *big.Int, isBuy bool, limitPrice *big.Int, amount *big.Int, expiry uint64, postOnly bool) (*types.Transaction, error) {
	return _LimitOrders.Contract.Place(&_LimitOrders.TransactOpts, market, optionIndex, isBuy, limitPrice, amount, expiry, postOnly)
}

// Place is a paid mutator transaction binding the contract method 0xc3026cc5.
//
// Solidity: function place(address market, uint256 optionIndex, bool isBuy, uint256 limitPrice, uint256 amount, uint64 expiry, bool postOnly) returns(uint256 orderId)
func (_LimitOrders *LimitOrdersTransactorSession) Place(market common.Address, optionIndex *big.Int, isBuy bool, limitPrice *big.Int, amount *big.Int, expiry uint64, postOnly bool) (*types.Transaction, error) {
	return _LimitOrders.Contract.Place(&_LimitOrders.TransactOpts, market, optionIndex, isBuy, limitPrice, amount, expiry, postOnly)
}

// LimitOrdersOrderCancelledIterator is returned from FilterOrderCancelled and is used to iterate over the raw logs and unpacked data for OrderCancelled events raised by the LimitOrders contract.
type LimitOrdersOrderCancelledIterator struct {
	Event *LimitOrdersOrderCancelled // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *LimitOrdersOrderCancelledIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(LimitOrdersOrderCancelled)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(LimitOrdersOrderCancelled)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *LimitOrdersOrderCancelledIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *LimitOrdersOrderCancelledIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// LimitOrdersOrderCancelled represents a OrderCancelled event raised by the LimitOrders contract.
type LimitOrdersOrderCancelled struct {
	OrderId  *big.Int
	Owner    common.Address
	By       common.Address
	Refunded *big.Int
	Raw      types.Log // Blockchain specific contextual infos
}

// FilterOrderCancelled is a free log retrieval operation binding the contract event 0xa4bb54ffb7bcc3eb7bdd81e41ad340b367a9b3a7416cd7764e68713a274c9da3.
//
// Solidity: event OrderCancelled(uint256 indexed orderId, address indexed owner, address indexed by, uint256 refunded)
func (_LimitOrders *LimitOrdersFilterer) FilterOrderCancelled(opts *bind.FilterOpts, orderId []*big.Int, owner []common.Address, by []common.Address) (*LimitOrdersOrderCancelledIterator, error) {

	var orderIdRule []interface{}
	for _, orderIdItem := range orderId {
		orderIdRule = append(orderIdRule, orderIdItem)
	}
	var ownerRule []interface{}
	for _, ownerItem := range owner {
		ownerRule = append(ownerRule, ownerItem)
	}
	var byRule []interface{}
	for _, byItem := range by {
		byRule = append(byRule, byItem)
	}

	logs, sub, err := _LimitOrders.contract.FilterLogs(opts, "OrderCancelled", orderIdRule, ownerRule, byRule)
	if err != nil {
		return nil, err
	}
	return &LimitOrdersOrderCancelledIterator{contract: _LimitOrders.contract, event: "OrderCancelled", logs: logs, sub: sub}, nil
}

// WatchOrderCancelled is a free log subscription operation binding the contract event 0xa4bb54ffb7bcc3eb7bdd81e41ad340b367a9b3a7416cd7764e68713a274c9da3.
//
// Solidity: event OrderCancelled(uint256 indexed orderId, address indexed owner, address indexed by, uint256 refunded)
func (_LimitOrders *LimitOrdersFilterer) WatchOrderCancelled(opts *bind.WatchOpts, sink chan<- *LimitOrdersOrderCancelled, orderId []*big.Int, owner []common.Address, by []common.Address) (event.Subscription, error) {

	var orderIdRule []interface{}
	for _, orderIdItem := range orderId {
		orderIdRule = append(orderIdRule, orderIdItem)
	}
	var ownerRule []interface{}
	for _, ownerItem := range owner {
		ownerRule = append(ownerRule, ownerItem)
	}
	var byRule []interface{}
	for _, byItem := range by {
		byRule = append(byRule, byItem)
	}

	logs, sub, err := _LimitOrders.contract.WatchLogs(opts, "OrderCancelled", orderIdRule, ownerRule, byRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(LimitOrdersOrderCancelled)
				if err := _LimitOrders.contract.UnpackLog(event, "OrderCancelled", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseOrderCancelled is a log parse operation binding the contract event 0xa4bb54ffb7bcc3eb7bdd81e41ad340b367a9b3a7416cd7764e68713a274c9da3.
//
// Solidity: event OrderCancelled(uint256 indexed orderId, address indexed owner, address indexed by, uint256 refunded)
func (_LimitOrders *LimitOrdersFilterer) ParseOrderCancelled(log types.Log) (*LimitOrdersOrderCancelled, error) {
	event := new(LimitOrdersOrderCancelled)
	if err := _LimitOrders.contract.UnpackLog(event, "OrderCancelled", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// LimitOrdersOrderFilledIterator is returned from FilterOrderFilled and is used to iterate over the raw logs and unpacked data for OrderFilled events raised by the LimitOrders contract.
type LimitOrdersOrderFilledIterator struct {
	Event *LimitOrdersOrderFilled // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *LimitOrdersOrderFilledIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(LimitOrdersOrderFilled)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(LimitOrdersOrderFilled)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *LimitOrdersOrderFilledIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *LimitOrdersOrderFilledIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// LimitOrdersOrderFilled represents a OrderFilled event raised by the LimitOrders contract.
type LimitOrdersOrderFilled struct {
	OrderId        *big.Int
	Owner          common.Address
	Counterparty   common.Address
	CounterOrderId *big.Int
	AmountIn       *big.Int
	AmountOut      *big.Int
	Remaining      *big.Int
	Raw            types.Log // Blockchain specific contextual infos
}

// FilterOrderFilled is a free log retrieval operation binding the contract event 0x9e121b9f167c2054a12c8a0c6223a1a7a514529803a71aefbfe840c2dea56f7f.
//
// Solidity: event OrderFilled(uint256 indexed orderId, address indexed owner, address indexed counterparty, uint256 counterOrderId, uint256 amountIn, uint256 amountOut, uint256 remaining)
func (_LimitOrders *LimitOrdersFilterer) FilterOrderFilled(opts *bind.FilterOpts, orderId []*big.Int, owner []common.Address, counterparty []common.Address) (*LimitOrdersOrderFilledIterator, error) {

	var orderIdRule []interface{}
	for _, orderIdItem := range orderId {
		orderIdRule = append(orderIdRule, orderIdItem)
	}
	var ownerRule []interface{}
	for _, ownerItem := range owner {
		ownerRule = append(ownerRule, ownerItem)
	}
	var counterpartyRule []interface{}
	for _, counterpartyItem := range counterparty {
		counterpartyRule = append(counterpartyRule, counterpartyItem)
	}

	logs, sub, err := _LimitOrders.contract.FilterLogs(opts, "OrderFilled", orderIdRule, ownerRule, counterpartyRule)
	if err != nil {
		return nil, err
	}
	return &LimitOrdersOrderFilledIterator{contract: _LimitOrders.contract, event: "OrderFilled", logs: logs, sub: sub}, nil
}

// WatchOrderFilled is a free log subscription operation binding the contract event 0x9e121b9f167c2054a12c8a0c6223a1a7a514529803a71aefbfe840c2dea56f7f.
//
// Solidity: event OrderFilled(uint256 indexed orderId, address indexed owner, address indexed counterparty, uint256 counterOrderId, uint256 amountIn, uint256 amountOut, uint256 remaining)
func (_LimitOrders *LimitOrdersFilterer) WatchOrderFilled(opts *bind.WatchOpts, sink chan<- *LimitOrdersOrderFilled, orderId []*big.Int, owner []common.Address, counterparty []common.Address) (event.Subscription, error) {

	var orderIdRule []interface{}
	for _, orderIdItem := range orderId {
		orderIdRule = append(orderIdRule, orderIdItem)
	}
	var ownerRule []interface{}
	for _, ownerItem := range owner {
		ownerRule = append(ownerRule, ownerItem)
	}
	var counterpartyRule []interface{}
	for _, counterpartyItem := range counterparty {
		counterpartyRule = append(counterpartyRule, counterpartyItem)
	}

	logs, sub, err := _LimitOrders.contract.WatchLogs(opts, "OrderFilled", orderIdRule, ownerRule, counterpartyRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(LimitOrdersOrderFilled)
				if err := _LimitOrders.contract.UnpackLog(event, "OrderFilled", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseOrderFilled is a log parse operation binding the contract event 0x9e121b9f167c2054a12c8a0c6223a1a7a514529803a71aefbfe840c2dea56f7f.
//
// Solidity: event OrderFilled(uint256 indexed orderId, address indexed owner, address indexed counterparty, uint256 counterOrderId, uint256 amountIn, uint256 amountOut, uint256 remaining)
func (_LimitOrders *LimitOrdersFilterer) ParseOrderFilled(log types.Log) (*LimitOrdersOrderFilled, error) {
	event := new(LimitOrdersOrderFilled)
	if err := _LimitOrders.contract.UnpackLog(event, "OrderFilled", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// LimitOrdersOrderPlacedIterator is returned from FilterOrderPlaced and is used to iterate over the raw logs and unpacked data for OrderPlaced events raised by the LimitOrders contract.
type LimitOrdersOrderPlacedIterator struct {
	Event *LimitOrdersOrderPlaced // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *LimitOrdersOrderPlacedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(LimitOrdersOrderPlaced)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(LimitOrdersOrderPlaced)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *LimitOrdersOrderPlacedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *LimitOrdersOrderPlacedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// LimitOrdersOrderPlaced represents a OrderPlaced event raised by the LimitOrders contract.
type LimitOrdersOrderPlaced struct {
	OrderId     *big.Int
	Owner       common.Address
	Market      common.Address
	OptionIndex *big.Int
	IsBuy       bool
	LimitPrice  *big.Int
	Amount      *big.Int
	Expiry      *big.Int
	PostOnly    bool
	Raw         types.Log // Blockchain specific contextual infos
}

// FilterOrderPlaced is a free log retrieval operation binding the contract event 0x4c60554356d8e966ce4d9ff086a47fa8b5c65eb4dcd401e83bcdbca50a6cf18e.
//
// Solidity: event OrderPlaced(uint256 indexed orderId, address indexed owner, address indexed market, uint256 optionIndex, bool isBuy, uint256 limitPrice, uint256 amount, uint256 expiry, bool postOnly)
func (_LimitOrders *LimitOrdersFilterer) FilterOrderPlaced(opts *bind.FilterOpts, orderId []*big.Int, owner []common.Address, market []common.Address) (*LimitOrdersOrderPlacedIterator, error) {

	var orderIdRule []interface{}
	for _, orderIdItem := range orderId {
		orderIdRule = append(orderIdRule, orderIdItem)
	}
	var ownerRule []interface{}
	for _, ownerItem := range owner {
		ownerRule = append(ownerRule, ownerItem)
	}
	var marketRule []interface{}
	for _, marketItem := range market {
		marketRule = append(marketRule, marketItem)
	}

	logs, sub, err := _LimitOrders.contract.FilterLogs(opts, "OrderPlaced", orderIdRule, ownerRule, marketRule)
	if err != nil {
		return nil, err
	}
	return &LimitOrdersOrderPlacedIterator{contract: _LimitOrders.contract, event: "OrderPlaced", logs: logs, sub: sub}, nil
}

// WatchOrderPlaced is a free log subscription operation binding the contract event 0x4c60554356d8e966ce4d9ff086a47fa8b5c65eb4dcd401e83bcdbca50a6cf18e.
//
// Solidity: event OrderPlaced(uint256 indexed orderId, address indexed owner, address indexed market, uint256 optionIndex, bool isBuy, uint256 limitPrice, uint256 amount, uint256 expiry, bool postOnly)
func (_LimitOrders *LimitOrdersFilterer) WatchOrderPlaced(opts *bind.WatchOpts, sink chan<- *LimitOrdersOrderPlaced, orderId []*big.Int, owner []common.Address, market []common.Address) (event.Subscription, error) {

	var orderIdRule []interface{}
	for _, orderIdItem := range orderId {
		orderIdRule = append(orderIdRule, orderIdItem)
	}
	var ownerRule []interface{}
	for _, ownerItem := range owner {
		ownerRule = append(ownerRule, ownerItem)
	}
	var marketRule []interface{}
	for _, marketItem := range market {
		marketRule = append(marketRule, marketItem)
	}

	logs, sub, err := _LimitOrders.contract.WatchLogs(opts, "OrderPlaced", orderIdRule, ownerRule, marketRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(LimitOrdersOrderPlaced)
				if err := _LimitOrders.contract.UnpackLog(event, "OrderPlaced", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseOrderPlaced is a log parse operation binding the contract event 0x4c60554356d8e966ce4d9ff086a47fa8b5c65eb4dcd401e83bcdbca50a6cf18e.
//
// Solidity: event OrderPlaced(uint256 indexed orderId, address indexed owner, address indexed market, uint256 optionIndex, bool isBuy, uint256 limitPrice, uint256 amount, uint256 expiry, bool postOnly)
func (_LimitOrders *LimitOrdersFilterer) ParseOrderPlaced(log types.Log) (*LimitOrdersOrderPlaced, error) {
	event := new(LimitOrdersOrderPlaced)
	if err := _LimitOrders.contract.UnpackLog(event, "OrderPlaced", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// MarketMetaData contains all meta data concerning the Market contract.
var MarketMetaData = &bind.MetaData{
	ABI: "[{\"inputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[],\"name\":\"AlreadyAsserted\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"AlreadyDisputed\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"AlreadyInitialized\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"challengeEnd\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"timestamp\",\"type\":\"uint256\"}],\"name\":\"ChallengeWindowClosed\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"challengeEnd\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"timestamp\",\"type\":\"uint256\"}],\"name\":\"ChallengeWindowOpen\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"challengeWindow\",\"type\":\"uint256\"}],\"name\":\"ChallengeWindowRequired\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"deadline\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"timestamp\",\"type\":\"uint256\"}],\"name\":\"DeadlineExpired\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"allowance\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"needed\",\"type\":\"uint256\"}],\"name\":\"ERC20InsufficientAllowance\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"balance\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"needed\",\"type\":\"uint256\"}],\"name\":\"ERC20InsufficientBalance\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"approver\",\"type\":\"address\"}],\"name\":\"ERC20InvalidApprover\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"receiver\",\"type\":\"address\"}],\"name\":\"ERC20InvalidReceiver\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"ERC20InvalidSender\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"}],\"name\":\"ERC20InvalidSpender\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"amountOut\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"minAmountOut\",\"type\":\"uint256\"}],\"name\":\"InsufficientOutput\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"length\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"count\",\"type\":\"uint256\"}],\"name\":\"InvalidAmounts\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"index\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"count\",\"type\":\"uint256\"}],\"name\":\"InvalidOption\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"count\",\"type\":\"uint256\"}],\"name\":\"InvalidOptionCount\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"endTime\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"timestamp\",\"type\":\"uint256\"}],\"name\":\"MarketEnded\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"MarketSettled\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"MarketVoided\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"caller\",\"type\":\"address\"}],\"name\":\"NotArbitrator\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"NotAsserted\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"NotDisputed\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"caller\",\"type\":\"address\"}],\"name\":\"NotResolver\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"NotSettled\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"NotVoided\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"Overflow\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"PoolEmpty\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"Reentrancy\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ResolutionPending\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"TransferFailed\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroAmount\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroOutput\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Approval\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint256\",\"name\":\"outcome\",\"type\":\"uint256\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"arbitrator\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"bondWinner\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"payout\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"fee\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"address\",\"name\":\"treasury\",\"type\":\"address\"}],\"name\":\"Arbitrated\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint256\",\"name\":\"outcome\",\"type\":\"uint256\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"asserter\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"bond\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"challengeEnd\",\"type\":\"uint256\"}],\"name\":\"Asserted\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"uint256\",\"name\":\"optionIndex\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"baseIn\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"fee\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"tokensOut\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256[]\",\"name\":\"balances\",\"type\":\"uint256[]\"}],\"name\":\"Bought\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"uint256\",\"name\":\"optionIndex\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"Claimed\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"disputer\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"bond\",\"type\":\"uint256\"}],\"name\":\"Disputed\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"FeesWithdrawn\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint256\",\"name\":\"outcome\",\"type\":\"uint256\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"asserter\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"bondReturned\",\"type\":\"uint256\"}],\"name\":\"Finalized\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"baseIn\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"lpMinted\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256[]\",\"name\":\"sentBack\",\"type\":\"uint256[]\"},{\"indexed\":false,\"internalType\":\"uint256[]\",\"name\":\"balances\",\"type\":\"uint256[]\"}],\"name\":\"LiquidityAdded\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"lpBurned\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"baseOut\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256[]\",\"name\":\"balances\",\"type\":\"uint256[]\"}],\"name\":\"LiquidityRedeemed\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"lpBurned\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"baseOut\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256[]\",\"name\":\"sentBack\",\"type\":\"uint256[]\"},{\"indexed\":false,\"internalType\":\"uint256[]\",\"name\":\"balances\",\"type\":\"uint256[]\"}],\"name\":\"LiquidityRemoved\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"SetsMerged\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"SetsMinted\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint256\",\"name\":\"winningIndex\",\"type\":\"uint256\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"resolver\",\"type\":\"address\"}],\"name\":\"Settled\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"uint256\",\"name\":\"optionIndex\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"baseOut\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"fee\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"tokensIn\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256[]\",\"name\":\"balances\",\"type\":\"uint256[]\"}],\"name\":\"Sold\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Transfer\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256[]\",\"name\":\"amounts\",\"type\":\"uint256[]\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"baseOut\",\"type\":\"uint256\"}],\"name\":\"VoidClaimed\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"resolver\",\"type\":\"address\"}],\"name\":\"Voided\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"BPS\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"DISPUTED\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"ENDED\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"MAX_OPTIONS\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"ONE\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"RUNNING\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"SETTLING\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"VOID\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"baseIn\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"minLp\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"deadline\",\"type\":\"uint256\"}],\"name\":\"addLiquidity\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"lpMinted\",\"type\":\"uint256\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner_\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"}],\"name\":\"allowance\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"approve\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"outcome\",\"type\":\"uint256\"}],\"name\":\"arbitrate\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"outcome\",\"type\":\"uint256\"}],\"name\":\"assertOutcome\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"assertedOutcome\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"asserter\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"balanceOf\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"baseToken\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"bond\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"optionIndex\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"baseIn\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"minTokensOut\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"deadline\",\"type\":\"uint256\"}],\"name\":\"buy\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"tokensOut\",\"type\":\"uint256\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"optionIndex\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"baseIn\",\"type\":\"uint256\"}],\"name\":\"calcBuyAmount\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"tokensOut\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"fee\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"optionIndex\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"tokensIn\",\"type\":\"uint256\"}],\"name\":\"calcSellReturn\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"baseOut\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"fee\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"challengeEnd\",\"outputs\":[{\"internalType\":\"uint64\",\"name\":\"\",\"type\":\"uint64\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"challengeWindow\",\"outputs\":[{\"internalType\":\"uint64\",\"name\":\"\",\"type\":\"uint64\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"claim\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256[]\",\"name\":\"amounts\",\"type\":\"uint256[]\"}],\"name\":\"claimVoid\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"baseOut\",\"type\":\"uint256\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"collectedFees\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"decimals\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"dispute\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"disputeFeeBps\",\"outputs\":[{\"internalType\":\"uint16\",\"name\":\"\",\"type\":\"uint16\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"disputer\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"endTime\",\"outputs\":[{\"internalType\":\"uint64\",\"name\":\"\",\"type\":\"uint64\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"factory\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"feeBps\",\"outputs\":[{\"internalType\":\"uint16\",\"name\":\"\",\"type\":\"uint16\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"feePoolWeight\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"feesWithdrawableBy\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"finalize\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"baseToken_\",\"type\":\"address\"},{\"internalType\":\"uint8\",\"name\":\"decimals_\",\"type\":\"uint8\"},{\"internalType\":\"address[]\",\"name\":\"options_\",\"type\":\"address[]\"},{\"internalType\":\"uint64\",\"name\":\"endTime_\",\"type\":\"uint64\"},{\"internalType\":\"uint16\",\"name\":\"feeBps_\",\"type\":\"uint16\"},{\"internalType\":\"address\",\"name\":\"creator\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"initialLiquidity\",\"type\":\"uint256\"},{\"components\":[{\"internalType\":\"uint64\",\"name\":\"challengeWindow\",\"type\":\"uint64\"},{\"internalType\":\"uint256\",\"name\":\"bond\",\"type\":\"uint256\"},{\"internalType\":\"uint16\",\"name\":\"disputeFeeBps\",\"type\":\"uint16\"}],\"internalType\":\"structMarket.Resolution\",\"name\":\"resolution\",\"type\":\"tuple\"}],\"name\":\"initialize\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"mergeSets\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"mintSets\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"name\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"optionCount\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"options\",\"outputs\":[{\"internalType\":\"address[]\",\"name\":\"list\",\"type\":\"address[]\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"poolBalances\",\"outputs\":[{\"internalType\":\"uint256[]\",\"name\":\"\",\"type\":\"uint256[]\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"prices\",\"outputs\":[{\"internalType\":\"uint256[]\",\"name\":\"p\",\"type\":\"uint256[]\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"lp\",\"type\":\"uint256\"}],\"name\":\"redeemLiquidity\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"baseOut\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"feesPaid\",\"type\":\"uint256\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"lp\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"minBaseOut\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"deadline\",\"type\":\"uint256\"}],\"name\":\"removeLiquidity\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"baseOut\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"feesPaid\",\"type\":\"uint256\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"optionIndex\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"tokensIn\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"minBaseOut\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"deadline\",\"type\":\"uint256\"}],\"name\":\"sell\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"baseOut\",\"type\":\"uint256\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"winningOption\",\"type\":\"uint256\"}],\"name\":\"settle\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"settled\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"state\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"symbol\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"totalSupply\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"totalWithdrawnFees\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"transfer\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"transferFrom\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"voided\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"winningIndex\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"withdrawFees\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"name\":\"withdrawnFees\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"}]",
	Sigs: map[string]string{
		"249d39e9": "BPS()",
		"620cac66": "DISPUTED()",
		"c18ea0c4": "ENDED()",
		"0da183d6": "MAX_OPTIONS()",
		"c2ee3a08": "ONE()",
		"4af355a2": "RUNNING()",
		"ec215678": "SETTLING()",
		"9b937881": "VOID()",
		"422f1043": "addLiquidity(uint256,uint256,uint256)",
		"dd62ed3e": "allowance(address,address)",
		"095ea7b3": "approve(address,uint256)",
		"42551d3b": "arbitrate(uint256)",
		"84d165b6": "assertOutcome(uint256)",
		"3ccfb630": "assertedOutcome()",
		"bb4af0b1": "asserter()",
		"70a08231": "balanceOf(address)",
		"c55dae63": "baseToken()",
		"64c9ec6f": "bond()",
		"1281311d": "buy(uint256,uint256,uint256,uint256)",
		"f55c79d0": "calcBuyAmount(uint256,uint256)",
		"03ea01a4": "calcSellReturn(uint256,uint256)",
		"b835bad3": "challengeEnd()",
		"861a1412": "challengeWindow()",
		"379607f5": "claim(uint256)",
		"bf74937f": "claimVoid(uint256[])",
		"9003adfe": "collectedFees()",
		"313ce567": "decimals()",
		"f240f7c3": "dispute()",
		"14ecae36": "disputeFeeBps()",
		"6ac56103": "disputer()",
		"3197cbb6": "endTime()",
		"c45a0155": "factory()",
		"24a9d853": "feeBps()",
		"a3728747": "feePoolWeight()",
		"16dbd776": "feesWithdrawableBy(address)",
		"4bb278f3": "finalize()",
		"147d4c49": "initialize(address,uint8,address[],uint64,uint16,address,uint256,(uint64,uint256,uint16))",
		"c26f089f": "mergeSets(uint256)",
		"b50443a2": "mintSets(uint256)",
		"06fdde03": "name()",
		"e32fe90b": "optionCount()",
		"1069143a": "options()",
		"412330bc": "poolBalances()",
		"d3419bf3": "prices()",
		"f1e9672d": "redeemLiquidity(uint256)",
		"857620e1": "removeLiquidity(uint256,uint256,uint256)",
		"3620875e": "sell(uint256,uint256,uint256,uint256)",
		"8df82800": "settle(uint256)",
		"8f775839": "settled()",
		"c19d93fb": "state()",
		"95d89b41": "symbol()",
		"18160ddd": "totalSupply()",
		"2302b66c": "totalWithdrawnFees()",
		"a9059cbb": "transfer(address,uint256)",
		"23b872dd": "transferFrom(address,address,uint256)",
		"b15856e4": "voided()",
		"de75be4e": "winningIndex()",
		"476343ee": "withdrawFees()",
		"5b3e5f50": "withdrawnFees(address)",
	},
	Bin: "0x608060405234801561001057600080fd5b506003805460ff60c81b1916600160c81b179055615a6b80620000346000396000f3fe608060405234801561001057600080fd5b50600436106103995760003560e01c806370a08231116101e9578063bf74937f1161010f578063d3419bf3116100ad578063ec2156781161007c578063ec215678146108f0578063f1e9672d146108f8578063f240f7c31461090b578063f55c79d01461091357600080fd5b8063d3419bf314610882578063dd62ed3e1461088a578063de75be4e146108c3578063e32fe90b146108cb57600080fd5b8063c26f089f116100e9578063c26f089f1461083a578063c2ee3a081461084d578063c45a01551461085c578063c55dae631461086f57600080fd5b8063bf74937f146107f3578063c18ea0c414610806578063c19d93fb1461080e57600080fd5b806395d89b4111610187578063b15856e411610156578063b15856e414610774578063b50443a2146107a1578063b835bad3146107b4578063bb4af0b1146107e057600080fd5b806395d89b41146107165780639b9378811461074f578063a372874714610758578063a9059cbb1461076157600080fd5b8063861a1412116101c3578063861a1412146106bf5780638df82800146106d35780638f775839146106e65780639003adfe1461070e57600080fd5b806370a082311461067057806384d165b614610699578063857620e1146106ac57600080fd5b8063313ce567116102ce57806342551d3b1161026c5780635b3e5f501161023b5780635b3e5f5014610614578063620cac661461063457806364c9ec6f1461063c5780636ac561031461064557600080fd5b806342551d3b146105e9578063476343ee146105fc5780634af355a2146106045780634bb278f31461060c57600080fd5b8063379607f5116102a8578063379607f5146105a55780633ccfb630146105b8578063412330bc146105c1578063422f1043146105d657600080fd5b8063313ce567146105165780633197cbb61461054d5780633620875e1461059257600080fd5b806314ecae361161033b5780632302b66c116103155780632302b66c146104cb57806323b872dd146104d4578063249d39e9146104e757806324a9d853146104f057600080fd5b806314ecae361461048357806316dbd776146104b057806318160ddd146104c357600080fd5b80630da183d6116103775780630da183d6146104305780631069143a146104465780631281311d1461045b578063147d4c491461046e57600080fd5b806303ea01a41461039e57806306fdde03146103cb578063095ea7b31461040d575b600080fd5b6103b16103ac36600461530b565b610926565b604080519283526020830191909152015b60405180910390f35b60408051808201909152600a81527f50726564696374204c500000000000000000000000000000000000000000000060208201525b6040516103c29190615351565b61042061041b3660046153b7565b610955565b60405190151581526020016103c2565b610438601081565b6040519081526020016103c2565b61044e61096c565b6040516103c291906153e3565b610438610469366004615430565b610a41565b61048161047c3660046154d1565b610cab565b005b60055461049d9068010000000000000000900461ffff1681565b60405161ffff90911681526020016103c2565b6104386104be3660046155b8565b61106d565b600054610438565b61043860235481565b6104206104e23660046155d5565b61111c565b61043861271081565b60035461049d9074010000000000000000000000000000000000000000900461ffff1681565b6003547a010000000000000000000000000000000000000000000000000000900460ff165b60405160ff90911681526020016103c2565b6004546105799074010000000000000000000000000000000000000000900467ffffffffffffffff1681565b60405167ffffffffffffffff90911681526020016103c2565b6104386105a0366004615430565b61123e565b6104816105b3366004615616565b611480565b61043860095481565b6105c96116c5565b6040516103c2919061566a565b6104386105e436600461567d565b6116d4565b6104816105f7366004615616565b61180c565b610438611b53565b61053b600081565b610481611bcb565b6104386106223660046155b8565b60246020526000908152604090205481565b61053b600281565b61043860065481565b600854610658906001600160a01b031681565b6040516001600160a01b0390911681526020016103c2565b61043861067e3660046155b8565b6001600160a01b031660009081526001602052604090205490565b6104816106a7366004615616565b611e01565b6103b16106ba36600461567d565b612196565b6005546105799067ffffffffffffffff1681565b6104816106e1366004615616565b6124c2565b6003546104209077010000000000000000000000000000000000000000000000900460ff1681565b6104386126e3565b60408051808201909152600381527f504c5000000000000000000000000000000000000000000000000000000000006020820152610400565b61043860001981565b61043860225481565b61042061076f3660046153b7565b6126f5565b600354610420907c0100000000000000000000000000000000000000000000000000000000900460ff1681565b6104816107af366004615616565b6127c7565b6007546105799074010000000000000000000000000000000000000000900467ffffffffffffffff1681565b600754610658906001600160a01b031681565b6104386108013660046156a9565b612a14565b61053b600381565b60035461053b907b01000000000000000000000000000000000000000000000000000000900460ff1681565b610481610848366004615616565b612d46565b610438670de0b6b3a764000081565b600354610658906001600160a01b031681565b600454610658906001600160a01b031681565b6105c9612f2d565b6104386108983660046156eb565b6001600160a01b03918216600090815260026020908152604080832093909416825291909152205490565b610438613113565b600354760100000000000000000000000000000000000000000000900460ff16610438565b61053b600181565b6103b1610906366004615616565b6131c5565b61048161347e565b6103b161092136600461530b565b613719565b600080600061093d61093661373a565b868661384d565b9250905061094b8282615753565b9250509250929050565b60006109623384846139bd565b5060015b92915050565b600354606090760100000000000000000000000000000000000000000000900460ff168067ffffffffffffffff8111156109a8576109a8615766565b6040519080825280602002602001820160405280156109d1578160200160208202803683370190505b50915060005b81811015610a3c57600a81601081106109f2576109f2615795565b015483516001600160a01b0390911690849083908110610a1457610a14615795565b6001600160a01b0390921660209283029190910190910152610a35816157c4565b90506109d7565b505090565b600354600090600160c81b900460ff16600114610a715760405163558a1e0360e11b815260040160405180910390fd5b6003805460ff60c81b1916600160c91b179055610a8d82613aa5565b6000610a9761373a565b90506000610aa6828888613bf1565b909350905084831015610af4576040517f2c19b8b800000000000000000000000000000000000000000000000000000000815260048101849052602481018690526044015b60405180910390fd5b6000610b008288615753565b835190915060005b81811015610b4a5782858281518110610b2357610b23615795565b60200260200101818151610b3791906157de565b905250610b43816157c4565b9050610b08565b5084848a81518110610b5e57610b5e615795565b60200260200101818151610b729190615753565b905250610b7e84613e51565b8215610b9c578260226000828254610b9691906157de565b90915550505b600454610bb4906001600160a01b031633308b613f5d565b600a8960108110610bc757610bc7615795565b01546040517f40c10f19000000000000000000000000000000000000000000000000000000008152336004820152602481018790526001600160a01b03909116906340c10f1990604401600060405180830381600087803b158015610c2b57600080fd5b505af1158015610c3f573d6000803e3d6000fd5b5050505088336001600160a01b03167f280166f6ed905f6db05ace5c269b7d4fb20c252324870b4099c933dddddfce878a868989604051610c8394939291906157f1565b60405180910390a350506003805460ff60c81b1916600160c81b179055509095945050505050565b600354600160c81b900460ff1615610cef576040517f0dc149f000000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b856002811080610cff5750601081115b15610d39576040517fb7c6149a00000000000000000000000000000000000000000000000000000000815260048101829052602401610aeb565b82600003610d73576040517f1f2a200500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6fffffffffffffffffffffffffffffffff831115610dbd576040517f35278d1200000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6003805460ff8b81167a010000000000000000000000000000000000000000000000000000027fffffffffff00ffffffffffffffffffffffffffffffffffffffffffffffffffff918516760100000000000000000000000000000000000000000000027fffffffffffffffffff00ffffffffffffffffffffffffffffffffffffffffffff61ffff8b1674010000000000000000000000000000000000000000908102919091167fffffffffffffffffff000000ffffffffffffffffffffffffffffffffffffffff7fffffffffffff00ffffffffff00000000000000000000000000000000000000009096163317600160c81b1795909516949094171791909116179091556004805467ffffffffffffffff89169092027fffffffff000000000000000000000000000000000000000000000000000000009092166001600160a01b038d161791909117905560005b81811015610f9457888882818110610f2557610f25615795565b9050602002016020810190610f3a91906155b8565b600a8260108110610f4d57610f4d615795565b0180547fffffffffffffffffffffffff0000000000000000000000000000000000000000166001600160a01b0392909216919091179055610f8d816157c4565b9050610f0b565b50610fa26020830183615820565b67ffffffffffffffff16151580610fcb5750610fc4606083016040840161583b565b61ffff1615155b1561104357610fdd6020830183615820565b600580547fffffffffffffffffffffffffffffffffffffffffffffffff00000000000000001667ffffffffffffffff92909216919091179055611026606083016040840161583b565b600560086101000a81548161ffff021916908361ffff1602179055505b6020820135156110565760208201356006555b6110608484613fee565b5050505050505050505050565b60008061107960005490565b90508060000361108c5750600092915050565b60006110b96022546110b3866001600160a01b031660009081526001602052604090205490565b84614207565b6001600160a01b0385166000908152602460205260409020549091508082116110e757506000949350505050565b6110f18183615753565b935060006023546022546111059190615753565b905080851115611113578094505b50505050919050565b600354600090600160c81b900460ff1660011461114c5760405163558a1e0360e11b815260040160405180910390fd5b6003805460ff60c81b1916600160c91b1790556001600160a01b0384166111a2576040517f96c6fd1e00000000000000000000000000000000000000000000000000000000815260006004820152602401610aeb565b6001600160a01b0383166111e5576040517fec442f0500000000000000000000000000000000000000000000000000000000815260006004820152602401610aeb565b6111f0843384614319565b60006111fd8585856143cb565b905061120a85858561458c565b611214858261461d565b61121e858261463e565b60019150505b6003805460ff60c81b1916600160c81b1790559392505050565b600354600090600160c81b900460ff1660011461126e5760405163558a1e0360e11b815260040160405180910390fd5b6003805460ff60c81b1916600160c91b17905561128a82613aa5565b600061129461373a565b90506000806112a483898961384d565b90925090506112b38183615753565b9350858410156112f9576040517f2c19b8b80000000000000000000000000000000000000000000000000000000081526004810185905260248101879052604401610aeb565b8683898151811061130c5761130c615795565b6020026020010181815161132091906157de565b905250825160005b8181101561136a578385828151811061134357611343615795565b602002602001018181516113579190615753565b905250611363816157c4565b9050611328565b5061137484613e51565b811561139257816022600082825461138c91906157de565b90915550505b600a89601081106113a5576113a5615795565b01546040517f9dc29fac000000000000000000000000000000000000000000000000000000008152336004820152602481018a90526001600160a01b0390911690639dc29fac90604401600060405180830381600087803b15801561140957600080fd5b505af115801561141d573d6000803e3d6000fd5b505050508460001461144057600454611440906001600160a01b0316338761468b565b88336001600160a01b03167f7dbe27b626c2b01193d9100b673c26c147d8dfc397cac5c1bc6f76c882a2d74687858c89604051610c8394939291906157f1565b600354600160c81b900460ff166001146114ad5760405163558a1e0360e11b815260040160405180910390fd5b6003805460ff60c81b1916600160c91b179081905560ff7701000000000000000000000000000000000000000000000090910416611517576040517fba329a9b00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6003547c0100000000000000000000000000000000000000000000000000000000900460ff1615611574576040517f173a2fb300000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b806000036115ae576040517f1f2a200500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6003547801000000000000000000000000000000000000000000000000900460ff16600a81601081106115e3576115e3615795565b01546040517f9dc29fac000000000000000000000000000000000000000000000000000000008152336004820152602481018490526001600160a01b0390911690639dc29fac90604401600060405180830381600087803b15801561164757600080fd5b505af115801561165b573d6000803e3d6000fd5b505060045461167792506001600160a01b03169050338461468b565b604051828152819033907f987d620f307ff6b94d58743cb7a7509f24071586a77759b77c2d4e29f75a2f9a9060200160405180910390a350506003805460ff60c81b1916600160c81b179055565b60606116cf61373a565b905090565b600354600090600160c81b900460ff166001146117045760405163558a1e0360e11b815260040160405180910390fd5b6003805460ff60c81b1916600160c91b17905561172082613aa5565b8360000361175a576040517f1f2a200500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6fffffffffffffffffffffffffffffffff8411156117a4576040517f35278d1200000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6117ae3385613fee565b9050828110156117f4576040517f2c19b8b80000000000000000000000000000000000000000000000000000000081526004810182905260248101849052604401610aeb565b600454611224906001600160a01b0316333087613f5d565b600354600160c81b900460ff166001146118395760405163558a1e0360e11b815260040160405180910390fd5b60038054600160c91b60ff60c81b19821617909155604080517f6cc6cde100000000000000000000000000000000000000000000000000000000815290516001600160a01b03909216918291636cc6cde19160048083019260209291908290030181865afa1580156118af573d6000803e3d6000fd5b505050506040513d601f19601f820116820180604052508101906118d39190615856565b6001600160a01b0316336001600160a01b03161461191f576040517f0d5fade8000000000000000000000000000000000000000000000000000000008152336004820152602401610aeb565b6003547b01000000000000000000000000000000000000000000000000000000900460ff1660021461197d576040517f433b0e1400000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b600354760100000000000000000000000000000000000000000000900460ff168083108015906119af57506000198314155b156119f0576040517ffbf7b2e80000000000000000000000000000000000000000000000000000000081526004810184905260248101829052604401610aeb565b60006009548414611a0c576008546001600160a01b0316611a19565b6007546001600160a01b03165b60065460055491925090600090611a4490839068010000000000000000900461ffff16612710614207565b9050600081611a54846002615873565b611a5e9190615753565b90506000866001600160a01b03166361d027b36040518163ffffffff1660e01b8152600401602060405180830381865afa158015611aa0573d6000803e3d6000fd5b505050506040513d601f19601f82011682018060405250810190611ac49190615856565b60408051848152602081018690526001600160a01b038381168284015291519293509087169133918b917ffaeeb29a0e33f53e458070690e745d80a40275cb50fb3eb76ca9e7bf772974829181900360600190a4611b22883361470e565b611b2c858361461d565b611b36818461461d565b50506003805460ff60c81b1916600160c81b179055505050505050565b600354600090600160c81b900460ff16600114611b835760405163558a1e0360e11b815260040160405180910390fd5b6003805460ff60c81b1916600160c91b179055611b9f3361485d565b9050611bab338261461d565b611bb5338261463e565b6003805460ff60c81b1916600160c81b17905590565b600354600160c81b900460ff16600114611bf85760405163558a1e0360e11b815260040160405180910390fd5b6003805460ff60c81b1916600160c91b179081905560ff7b010000000000000000000000000000000000000000000000000000009091041680611c67576040517fbced907900000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe60ff821601611cc3576040517f09dd123600000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffd60ff821601611d1f576040517f50e929ad00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b60075474010000000000000000000000000000000000000000900467ffffffffffffffff1642811115611d87576040517f76f615b000000000000000000000000000000000000000000000000000000000815260048101829052426024820152604401610aeb565b6009546007546006546040518181526001600160a01b0390921691829084907f48f30422ceddef46ded34f69ebff2c090f0804e80938b8f2447e769f204ff8f39060200160405180910390a3611ddd838361470e565b611de7828261461d565b50506003805460ff60c81b1916600160c81b179055505050565b600354600160c81b900460ff16600114611e2e5760405163558a1e0360e11b815260040160405180910390fd5b6003805460ff60c81b198116600160c91b179091556040517f78d03cb20000000000000000000000000000000000000000000000000000000081523360048201526001600160a01b03909116906378d03cb290602401602060405180830381865afa158015611ea1573d6000803e3d6000fd5b505050506040513d601f19601f82011682018060405250810190611ec5919061588a565b611efd576040517f082867d8000000000000000000000000000000000000000000000000000000008152336004820152602401610aeb565b6003547b01000000000000000000000000000000000000000000000000000000900460ff167ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffd8101611f7b576040517f50e929ad00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b60ff811615611fb6576040517f32f4673a00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b600354760100000000000000000000000000000000000000000000900460ff16808310801590611fe857506000198314155b15612029576040517ffbf7b2e80000000000000000000000000000000000000000000000000000000081526004810184905260248101829052604401610aeb565b60055467ffffffffffffffff16600081900361205157612049843361470e565b505050612180565b600061205d82426157de565b600380547b010000000000000000000000000000000000000000000000000000007fffffffff00ffffffffffffffffffffffffffffffffffffffffffffffffffffff9091161790556007805460098890557fffffffff0000000000000000000000000000000000000000000000000000000016337fffffffff0000000000000000ffffffffffffffffffffffffffffffffffffffff16177401000000000000000000000000000000000000000067ffffffffffffffff841602179055600654909150801561213d5760045461213d906001600160a01b0316333084613f5d565b6040805182815260208101849052339188917f94cda64996cbc6d031bd07a443b133ce94f97e3b0aee247a8c2a73d71cf5e72a910160405180910390a350505050505b506003805460ff60c81b1916600160c81b179055565b6003546000908190600160c81b900460ff166001146121c85760405163558a1e0360e11b815260040160405180910390fd5b6003805460ff60c81b1916600160c91b179081905560ff770100000000000000000000000000000000000000000000009091041615612233576040517f50e929ad00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b61223c836148bc565b84600003612276576040517f1f2a200500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b600080549050612288336000886143cb565b9150600061229461373a565b805190915060008167ffffffffffffffff8111156122b4576122b4615766565b6040519080825280602002602001820160405280156122dd578160200160208202803683370190505b509050600019955060005b8281101561238157600061231685838151811061230757612307615795565b60200260200101518c88614207565b90508085838151811061232b5761232b615795565b6020026020010181815161233f9190615753565b9052508251819084908490811061235857612358615795565b60200260200101818152505087811015612370578097505b5061237a816157c4565b90506122e8565b5060005b828110156123c757868282815181106123a0576123a0615795565b602002602001018181516123b49190615753565b9052506123c0816157c4565b9050612385565b50876123d386886157de565b1015612420576123e385876157de565b6040517f2c19b8b8000000000000000000000000000000000000000000000000000000008152600481019190915260248101899052604401610aeb565b61242983613e51565b612433338a6148ff565b6124463361244187896157de565b61461d565b612450338261494e565b61245a338661463e565b336001600160a01b03167f85b0dea315e697fd2dc15205da837c2453fefb7bb722537042e813fa41e25f9e8a88848760405161249994939291906158ac565b60405180910390a250506003805460ff60c81b1916600160c81b17905550919590945092505050565b600354600160c81b900460ff166001146124ef5760405163558a1e0360e11b815260040160405180910390fd5b6003805460ff60c81b198116600160c91b179091556040517f78d03cb20000000000000000000000000000000000000000000000000000000081523360048201526001600160a01b03909116906378d03cb290602401602060405180830381865afa158015612562573d6000803e3d6000fd5b505050506040513d601f19601f82011682018060405250810190612586919061588a565b6125be576040517f082867d8000000000000000000000000000000000000000000000000000000008152336004820152602401610aeb565b60035477010000000000000000000000000000000000000000000000900460ff1615612616576040517f50e929ad00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b60055467ffffffffffffffff16801561265e576040517fb32b7d3600000000000000000000000000000000000000000000000000000000815260048101829052602401610aeb565b600354760100000000000000000000000000000000000000000000900460ff168083106126c1576040517ffbf7b2e80000000000000000000000000000000000000000000000000000000081526004810184905260248101829052604401610aeb565b6126cb833361470e565b50506003805460ff60c81b1916600160c81b17905550565b60006023546022546116cf9190615753565b600354600090600160c81b900460ff166001146127255760405163558a1e0360e11b815260040160405180910390fd5b6003805460ff60c81b1916600160c91b1790556001600160a01b03831661277b576040517fec442f0500000000000000000000000000000000000000000000000000000000815260006004820152602401610aeb565b60006127883385856143cb565b905061279533858561458c565b61279f338261461d565b6127a9338261463e565b60019150506003805460ff60c81b1916600160c81b17905592915050565b600354600160c81b900460ff166001146127f45760405163558a1e0360e11b815260040160405180910390fd5b6003805460ff60c81b1916600160c91b179081905560ff77010000000000000000000000000000000000000000000000909104161561285f576040517f50e929ad00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b80600003612899576040517f1f2a200500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6fffffffffffffffffffffffffffffffff8111156128e3576040517f35278d1200000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6004546128fb906001600160a01b0316333084613f5d565b600354760100000000000000000000000000000000000000000000900460ff1660005b818110156129c657600a816010811061293957612939615795565b01546040517f40c10f19000000000000000000000000000000000000000000000000000000008152336004820152602481018590526001600160a01b03909116906340c10f1990604401600060405180830381600087803b15801561299d57600080fd5b505af11580156129b1573d6000803e3d6000fd5b50505050806129bf906157c4565b905061291e565b5060405182815233907fd8a3096dd1d3d8a8efdccc3ec51cd2f87dcb3750bcc3c6c847f8927fd7f60220906020015b60405180910390a250506003805460ff60c81b1916600160c81b179055565b600354600090600160c81b900460ff16600114612a445760405163558a1e0360e11b815260040160405180910390fd5b6003805460ff60c81b1916600160c91b179081905560ff7701000000000000000000000000000000000000000000000090910416612aae576040517fba329a9b00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6003547c0100000000000000000000000000000000000000000000000000000000900460ff16612b0a576040517f7ac30daf00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b600354760100000000000000000000000000000000000000000000900460ff16828114612b6d576040517fd80b49f30000000000000000000000000000000000000000000000000000000081526004810184905260248101829052604401610aeb565b6000805b82811015612c95576000868683818110612b8d57612b8d615795565b90506020020135905080600014612c84576fffffffffffffffffffffffffffffffff811115612be8576040517f35278d1200000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b612bf281846157de565b9250600a8260108110612c0757612c07615795565b01546040517f9dc29fac000000000000000000000000000000000000000000000000000000008152336004820152602481018390526001600160a01b0390911690639dc29fac90604401600060405180830381600087803b158015612c6b57600080fd5b505af1158015612c7f573d6000803e3d6000fd5b505050505b50612c8e816157c4565b9050612b71565b5080600003612cd0576040517f1f2a200500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b612cda8282615917565b9250612ce6338461461d565b336001600160a01b03167f2ad8f0f65e814aa7936113dfc6e1f98cd1fd7a72a4fb1942e6d12e1c56e43b69868686604051612d2393929190615952565b60405180910390a250506003805460ff60c81b1916600160c81b17905592915050565b600354600160c81b900460ff16600114612d735760405163558a1e0360e11b815260040160405180910390fd5b6003805460ff60c81b1916600160c91b179081905560ff770100000000000000000000000000000000000000000000009091041615612dde576040517f50e929ad00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b80600003612e18576040517f1f2a200500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b600354760100000000000000000000000000000000000000000000900460ff1660005b81811015612ee357600a8160108110612e5657612e56615795565b01546040517f9dc29fac000000000000000000000000000000000000000000000000000000008152336004820152602481018590526001600160a01b0390911690639dc29fac90604401600060405180830381600087803b158015612eba57600080fd5b505af1158015612ece573d6000803e3d6000fd5b5050505080612edc906157c4565b9050612e3b565b50600454612efb906001600160a01b0316338461468b565b60405182815233907f2b1b561aa63be8d4d47da73a53b93feab80584fe91e43fda95e2ada3a19f7d01906020016129f5565b60606000612f3961373a565b80519091506000612f4983614a35565b905080600003612f85576040517fb9c049a000000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b60008267ffffffffffffffff811115612fa057612fa0615766565b604051908082528060200260200182016040528015612fc9578160200160208202803683370190505b5090506000805b848110156130605761300b6ec097ce7bc90715b34b9f100000000085888481518110612ffe57612ffe615795565b6020026020010151614207565b83828151811061301d5761301d615795565b60200260200101818152505082818151811061303b5761303b615795565b60200260200101518261304e91906157de565b9150613059816157c4565b9050612fd0565b508367ffffffffffffffff81111561307a5761307a615766565b6040519080825280602002602001820160405280156130a3578160200160208202803683370190505b50955060005b8481101561310a576130dd8382815181106130c6576130c6615795565b6020026020010151670de0b6b3a764000084614207565b8782815181106130ef576130ef615795565b6020908102919091010152613103816157c4565b90506130a9565b50505050505090565b60035460009077010000000000000000000000000000000000000000000000900460ff1661316d576040517fba329a9b00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6003547c0100000000000000000000000000000000000000000000000000000000900460ff161561319f575060001990565b506003547801000000000000000000000000000000000000000000000000900460ff1690565b6003546000908190600160c81b900460ff166001146131f75760405163558a1e0360e11b815260040160405180910390fd5b6003805460ff60c81b1916600160c91b179081905560ff7701000000000000000000000000000000000000000000000090910416613261576040517fba329a9b00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b8260000361329b576040517f1f2a200500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6000805490506132ad336000866143cb565b915060006132b961373a565b6003549091507c0100000000000000000000000000000000000000000000000000000000900460ff16156133795780516000805b8281101561336557600061331b85838151811061330c5761330c615795565b60200260200101518a88614207565b90508085838151811061333057613330615795565b602002602001018181516133449190615753565b90525061335181846157de565b9250508061335e906157c4565b90506132ed565b506133708282615917565b955050506133f2565b6003548151780100000000000000000000000000000000000000000000000090910460ff16906133c4908390839081106133b5576133b5615795565b60200260200101518785614207565b9450848282815181106133d9576133d9615795565b602002602001018181516133ed9190615753565b905250505b6133fb81613e51565b61340533866148ff565b6134133361244185876157de565b61341d338461463e565b336001600160a01b03167fe72b790521edd75f35c484942fe2470abf793394b9dae30718920c1f3097028b86868460405161345a939291906159a9565b60405180910390a250506003805460ff60c81b1916600160c81b1790559092909150565b600354600160c81b900460ff166001146134ab5760405163558a1e0360e11b815260040160405180910390fd5b6003805460ff60c81b1916600160c91b179081905560ff7b01000000000000000000000000000000000000000000000000000000909104168061351a576040517fbced907900000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe60ff821601613576576040517f09dd123600000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffd60ff8216016135d2576040517f50e929ad00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b60075474010000000000000000000000000000000000000000900467ffffffffffffffff16428111613639576040517f9187e90200000000000000000000000000000000000000000000000000000000815260048101829052426024820152604401610aeb565b600380547b020000000000000000000000000000000000000000000000000000007fffffffff00ffffffffffffffffffffffffffffffffffffffffffffffffffffff909116179055600880547fffffffffffffffffffffffff0000000000000000000000000000000000000000163317905560065480156136cc576004546136cc906001600160a01b0316333084613f5d565b60405181815233907f94799ce1f5151942e96745d7a2d873bfb4ef3c373a34cc901e03e4fdc4c8263f9060200160405180910390a250506003805460ff60c81b1916600160c81b17905550565b60008061372e61372761373a565b8585613bf1565b915091505b9250929050565b600354606090760100000000000000000000000000000000000000000000900460ff168067ffffffffffffffff81111561377657613776615766565b60405190808252806020026020018201604052801561379f578160200160208202803683370190505b50915060005b81811015610a3c576000601a600183901c600881106137c6576137c6615795565b01549050806fffffffffffffffffffffffffffffffff168483815181106137ef576137ef615795565b6020908102919091010152826138068360016157de565b101561383a57608081901c8461381d8460016157de565b8151811061382d5761382d615795565b6020026020010181815250505b506138466002826157de565b90506137a5565b82516000908190808510613897576040517ffbf7b2e80000000000000000000000000000000000000000000000000000000081526004810186905260248101829052604401610aeb565b836000036138d1576040517f1f2a200500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6fffffffffffffffffffffffffffffffff84111561391b576040517f35278d1200000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b8560008151811061392e5761392e615795565b602002602001015160000361396f576040517fb9c049a000000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b61397a868686614a99565b6003549093506139b2906139aa9074010000000000000000000000000000000000000000900461ffff1685615873565b612710614c2e565b915050935093915050565b6001600160a01b038316613a00576040517fe602df0500000000000000000000000000000000000000000000000000000000815260006004820152602401610aeb565b6001600160a01b038216613a43576040517f94280d6200000000000000000000000000000000000000000000000000000000815260006004820152602401610aeb565b6001600160a01b0383811660008181526002602090815260408083209487168084529482529182902085905590518481527f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b92591015b60405180910390a3505050565b60035477010000000000000000000000000000000000000000000000900460ff1615613afd576040517f50e929ad00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6003547b01000000000000000000000000000000000000000000000000000000900460ff1615613b59576040517ff374816a00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b60045474010000000000000000000000000000000000000000900467ffffffffffffffff164210613be557600480546040517e0b6fea0000000000000000000000000000000000000000000000000000000081527401000000000000000000000000000000000000000090910467ffffffffffffffff1691810191909152426024820152604401610aeb565b613bee816148bc565b50565b82516000908190808510613c3b576040517ffbf7b2e80000000000000000000000000000000000000000000000000000000081526004810186905260248101829052604401610aeb565b83600003613c75576040517f1f2a200500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6fffffffffffffffffffffffffffffffff841115613cbf576040517f35278d1200000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b85600081518110613cd257613cd2615795565b6020026020010151600003613d13576040517fb9c049a000000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b600354613d40906139aa9074010000000000000000000000000000000000000000900461ffff1686615873565b91506000613d4e8386615753565b90506000878781518110613d6457613d64615795565b602002602001015190506000670de0b6b3a764000082613d849190615873565b905060005b84811015613de257888114613dd25760008a8281518110613dac57613dac615795565b60200260200101519050613dce83828784613dc791906157de565b6001614c65565b9250505b613ddb816157c4565b9050613d89565b50613df581670de0b6b3a7640000614c2e565b613dff84846157de565b613e099190615753565b955085600003613e45576040517fe618637e00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b50505050935093915050565b805160005b81811015613f58576000838281518110613e7257613e72615795565b60200260200101519050600083836001613e8c91906157de565b10613e98576000613ebd565b84613ea48460016157de565b81518110613eb457613eb4615795565b60200260200101515b90506fffffffffffffffffffffffffffffffff821180613eec57506fffffffffffffffffffffffffffffffff81115b15613f23576040517f35278d1200000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b608081901b8217601a600185901c60088110613f4157613f41615795565b015550613f5190506002826157de565b9050613e56565b505050565b604080516001600160a01b0385811660248301528416604482015260648082018490528251808303909101815260849091019091526020810180517bffffffffffffffffffffffffffffffffffffffffffffffffffffffff167f23b872dd00000000000000000000000000000000000000000000000000000000179052613fe8908590858585614cc4565b50505050565b600080613ff961373a565b805190915060008167ffffffffffffffff81111561401957614019615766565b604051908082528060200260200182016040528015614042578160200160208202803683370190505b509050600061405060005490565b90508060000361409c5760005b83811015614093578685828151811061407857614078615795565b602090810291909101015261408c816157c4565b905061405d565b50859450614152565b60006140a785614a35565b905060005b848110156141425760006140dc898884815181106140cc576140cc615795565b6020026020010151856001614c65565b90506140e8818a615753565b8583815181106140fa576140fa615795565b6020026020010181815250508087838151811061411957614119615795565b6020026020010181815161412d91906157de565b90525061413b9050816157c4565b90506140ac565b5061414e878383614207565b9550505b8460000361418c576040517fe618637e00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b61419584613e51565b6141a1600088876143cb565b506141ac8786614e89565b6141b6878361494e565b866001600160a01b03167fdb175f6acfa6ff5369f12468313e9d7b8cfd180d09b4d272f6b94079863870de878785886040516141f594939291906158ac565b60405180910390a25050505092915050565b600080806000198587098587029250828110838203039150508060000361424157838281614237576142376158e8565b0492505050614312565b8084116142aa576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601560248201527f4d6174683a206d756c446976206f766572666c6f7700000000000000000000006044820152606401610aeb565b600084868809851960019081018716968790049682860381900495909211909303600082900391909104909201919091029190911760038402600290811880860282030280860282030280860282030280860282030280860282030280860290910302029150505b9392505050565b6001600160a01b038084166000908152600260209081526040808320938616835292905220546000198114613fe8578181101561439b576040517ffb8f41b20000000000000000000000000000000000000000000000000000000081526001600160a01b03841660048201526024810182905260448101839052606401610aeb565b6001600160a01b038085166000908152600260209081526040808320938716835292905220828203905550505050565b6000806143d760005490565b90506001600160a01b03851615614461576001600160a01b03851660009081526001602052604090205483811015614454576040517fe450d38c0000000000000000000000000000000000000000000000000000000081526001600160a01b03871660048201526024810182905260448101859052606401610aeb565b61445d8661485d565b9250505b6000811561447b576144766022548584614207565b61447e565b60005b90506001600160a01b038616156144f8576001600160a01b038616600090815260246020526040902054808211156144b4578091505b6144be8282615753565b6001600160a01b038816600090815260246020526040812091909155602380548492906144ec908490615753565b90915550614510915050565b806022600082825461450a91906157de565b90915550505b6001600160a01b0385161561456b576001600160a01b038516600090815260246020526040812080548392906145479084906157de565b92505081905550806023600082825461456091906157de565b909155506145839050565b806022600082825461457d9190615753565b90915550505b50509392505050565b6001600160a01b0383166145cf576040517f96c6fd1e00000000000000000000000000000000000000000000000000000000815260006004820152602401610aeb565b6001600160a01b038216614612576040517fec442f0500000000000000000000000000000000000000000000000000000000815260006004820152602401610aeb565b613f58838383614ed4565b801561463a5760045461463a906001600160a01b0316838361468b565b5050565b801561463a57816001600160a01b03167fc0819c13be868895eb93e40eaceb96de976442fa1d404e5c55f14bb65a8c489a8260405161467f91815260200190565b60405180910390a25050565b604080516001600160a01b038416602482015260448082018490528251808303909101815260649091019091526020810180517bffffffffffffffffffffffffffffffffffffffffffffffffffffffff167fa9059cbb00000000000000000000000000000000000000000000000000000000179052613f58908490308585614cc4565b600380547fffffffff00ffffff00ffffffffffffffffffffffffffffffffffffffffffffff167b03000000010000000000000000000000000000000000000000000000179055600182016147db57600380547fffffff00ffffffffffffffffffffffffffffffffffffffffffffffffffffffff167c01000000000000000000000000000000000000000000000000000000001790556040516001600160a01b038216907f6a22d00146070e6ae40e0c3b09f4713c1eb48589a845ed3bdc9dd058f4d84c5990600090a25050565b600380547fffffffffffffff00ffffffffffffffffffffffffffffffffffffffffffffffff16780100000000000000000000000000000000000000000000000060ff8516021790556040516001600160a01b0382169083907f1ddc75d9b5fc6d37e23b3284e94f0db77b95dfe06b38540ac86c16e6ee3f723890600090a35050565b60006148688261106d565b905080156148b7576001600160a01b038216600090815260246020526040812080548392906148989084906157de565b9250508190555080602360008282546148b191906157de565b90915550505b919050565b80421115613bee576040517f1503f5f800000000000000000000000000000000000000000000000000000000815260048101829052426024820152604401610aeb565b6001600160a01b038216614942576040517f96c6fd1e00000000000000000000000000000000000000000000000000000000815260006004820152602401610aeb565b61463a82600083614ed4565b805160005b81811015613fe85782818151811061496d5761496d615795565b6020026020010151600014614a2557600a816010811061498f5761498f615795565b015483516001600160a01b03909116906340c10f199086908690859081106149b9576149b9615795565b60200260200101516040518363ffffffff1660e01b81526004016149f29291906001600160a01b03929092168252602082015260400190565b600060405180830381600087803b158015614a0c57600080fd5b505af1158015614a20573d6000803e3d6000fd5b505050505b614a2e816157c4565b9050614953565b8051600090815b81811015614a925782848281518110614a5757614a57615795565b60200260200101511115614a8257838181518110614a7757614a77615795565b602002602001015192505b614a8b816157c4565b9050614a3c565b5050919050565b825160009082825b82811015614b0357858114158015614ad1575081878281518110614ac757614ac7615795565b6020026020010151105b15614af357868181518110614ae857614ae8615795565b602002602001015191505b614afc816157c4565b9050614aa1565b5060018111614b1757600092505050614312565b6000614b2587878785615009565b90508015614bd757614b39878787846151d8565b15614b8e5792508260015b6000614b5082876157de565b9050838110614b5f5750614b88565b614b6b898989846151d8565b15614b7b57945060011b84614b82565b9250614b88565b50614b44565b50614bd7565b90508060015b614b9e8584615753565b811015614bd5576000614bb18285615753565b9050614bbf898989846151d8565b15614bcb579450614bd5565b925060011b614b94565b505b6001614be38584615753565b1115614c245760006001614bf78685615753565b614c02911c866157de565b9050614c10888888846151d8565b15614c1d57809450614b88565b9150614bd7565b5050509392505050565b60008215614c5c5781614c42600185615753565b614c4c9190615917565b614c579060016157de565b614312565b60009392505050565b600080614c73868686614207565b90506001836002811115614c8957614c896159d1565b148015614ca6575060008480614ca157614ca16158e8565b868809115b15614cb957614cb66001826157de565b90505b90505b949350505050565b600080866001600160a01b031686604051614cdf9190615a00565b6000604051808303816000865af19150503d8060008114614d1c576040519150601f19603f3d011682016040523d82523d6000602084013e614d21565b606091505b509150915081614d8e57805115614d3a57805160208201fd5b6040517fcd3f16590000000000000000000000000000000000000000000000000000000081526001600160a01b03808916600483015280871660248301528516604482015260648101849052608401610aeb565b8051600003614e0257866001600160a01b03163b600003614dfd576040517fcd3f16590000000000000000000000000000000000000000000000000000000081526001600160a01b03808916600483015280871660248301528516604482015260648101849052608401610aeb565b614e80565b80516020141580614e27575080806020019051810190614e229190615a1c565b600114155b15614e80576040517fcd3f16590000000000000000000000000000000000000000000000000000000081526001600160a01b03808916600483015280871660248301528516604482015260648101849052608401610aeb565b50505050505050565b6001600160a01b038216614ecc576040517fec442f0500000000000000000000000000000000000000000000000000000000815260006004820152602401610aeb565b61463a600083835b6001600160a01b038316614efe5780600080828254614ef391906157de565b90915550614f899050565b6001600160a01b03831660009081526001602052604090205481811015614f6a576040517fe450d38c0000000000000000000000000000000000000000000000000000000081526001600160a01b03851660048201526024810182905260448101839052606401610aeb565b6001600160a01b03841660009081526001602052604090209082900390555b6001600160a01b038216614fa557600080548290039055614fc4565b6001600160a01b03821660009081526001602052604090208054820190555b816001600160a01b0316836001600160a01b03167fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef83604051613a9891815260200190565b835160009081868683811061502057615020615795565b6020026020010151905060005b60408110156151cd576000670de0b6b3a76400008561504c89866157de565b6150569190615753565b6150609190615873565b90506000615076670de0b6b3a764000085615873565b9050670de0b6b3a764000060005b8681101561514c578a811461513c5760008c82815181106150a7576150a7615795565b60200260200101519050600089826150bf9190615753565b9050604082901c8111156150f5576150d8858383614207565b9450858511156150f057505050505050505050614cbc565b615123565b615100868284614207565b85111561511557505050505050505050614cbc565b615120858383614207565b94505b61512d8187615917565b61513790856157de565b935050505b615145816157c4565b9050615084565b5082821061515f57505050505050614cbc565b60008161516c8486615753565b6151769190615917565b90508060000361518c5750505050505050614cbc565b61519681896157de565b97508888106151b8576151aa60018a615753565b975050505050505050614cbc565b50505050806151c6906157c4565b905061502d565b505050949350505050565b6000808585815181106151ed576151ed615795565b602002602001015190506000670de0b6b3a764000084868461520f91906157de565b6152199190615753565b6152239190615873565b90506000615239670de0b6b3a764000084615873565b885190915060005b818110156152fb578881146152eb5760008a828151811061526457615264615795565b602002602001015190506000888261527c9190615753565b9050604082901c8111156152b6576152978583836001614c65565b9450858511156152b1576000975050505050505050614cbc565b6152e8565b6152c1868284614207565b8511156152d8576000975050505050505050614cbc565b6152e58583836001614c65565b94505b50505b6152f4816157c4565b9050615241565b5060019998505050505050505050565b6000806040838503121561531e57600080fd5b50508035926020909101359150565b60005b83811015615348578181015183820152602001615330565b50506000910152565b602081526000825180602084015261537081604085016020870161532d565b601f017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0169190910160400192915050565b6001600160a01b0381168114613bee57600080fd5b600080604083850312156153ca57600080fd5b82356153d5816153a2565b946020939093013593505050565b6020808252825182820181905260009190848201906040850190845b818110156154245783516001600160a01b0316835292840192918401916001016153ff565b50909695505050505050565b6000806000806080858703121561544657600080fd5b5050823594602084013594506040840135936060013592509050565b60008083601f84011261547457600080fd5b50813567ffffffffffffffff81111561548c57600080fd5b6020830191508360208260051b850101111561373357600080fd5b803567ffffffffffffffff811681146148b757600080fd5b803561ffff811681146148b757600080fd5b6000806000806000806000806000898b036101408112156154f157600080fd5b8a356154fc816153a2565b995060208b013560ff8116811461551257600080fd5b985060408b013567ffffffffffffffff81111561552e57600080fd5b61553a8d828e01615462565b909950975061554d905060608c016154a7565b955061555b60808c016154bf565b945060a08b013561556b816153a2565b935060c08b0135925060607fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff20820112156155a457600080fd5b5060e08a0190509295985092959850929598565b6000602082840312156155ca57600080fd5b8135614312816153a2565b6000806000606084860312156155ea57600080fd5b83356155f5816153a2565b92506020840135615605816153a2565b929592945050506040919091013590565b60006020828403121561562857600080fd5b5035919050565b600081518084526020808501945080840160005b8381101561565f57815187529582019590820190600101615643565b509495945050505050565b602081526000614312602083018461562f565b60008060006060848603121561569257600080fd5b505081359360208301359350604090920135919050565b600080602083850312156156bc57600080fd5b823567ffffffffffffffff8111156156d357600080fd5b6156df85828601615462565b90969095509350505050565b600080604083850312156156fe57600080fd5b8235615709816153a2565b91506020830135615719816153a2565b809150509250929050565b7f4e487b7100000000000000000000000000000000000000000000000000000000600052601160045260246000fd5b8181038181111561096657610966615724565b7f4e487b7100000000000000000000000000000000000000000000000000000000600052604160045260246000fd5b7f4e487b7100000000000000000000000000000000000000000000000000000000600052603260045260246000fd5b600060001982036157d7576157d7615724565b5060010190565b8082018082111561096657610966615724565b848152836020820152826040820152608060608201526000615816608083018461562f565b9695505050505050565b60006020828403121561583257600080fd5b614312826154a7565b60006020828403121561584d57600080fd5b614312826154bf565b60006020828403121561586857600080fd5b8151614312816153a2565b808202811582820484141761096657610966615724565b60006020828403121561589c57600080fd5b8151801515811461431257600080fd5b8481528360208201526080604082015260006158cb608083018561562f565b82810360608401526158dd818561562f565b979650505050505050565b7f4e487b7100000000000000000000000000000000000000000000000000000000600052601260045260246000fd5b60008261594d577f4e487b7100000000000000000000000000000000000000000000000000000000600052601260045260246000fd5b500490565b6040815282604082015260007f07ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff84111561598b57600080fd5b8360051b808660608501376020830193909352500160600192915050565b8381528260208201526060604082015260006159c8606083018461562f565b95945050505050565b7f4e487b7100000000000000000000000000000000000000000000000000000000600052602160045260246000fd5b60008251615a1281846020870161532d565b9190910192915050565b600060208284031215615a2e57600080fd5b505191905056fea2646970667358221220d3aebe78226710206b696a6d5588fb972eda23904d1888ba1d93ddace8fa419c64736f6c63430008110033",
}

// MarketABI is the input ABI used to generate the binding from.
// Deprecated: Use MarketMetaData.ABI instead.
var MarketABI = MarketMetaData.ABI

// Deprecated: Use MarketMetaData.Sigs instead.
// MarketFuncSigs maps the 4-byte function signature to its string representation.
var MarketFuncSigs = MarketMetaData.Sigs

// MarketBin is the compiled bytecode used for deploying new contracts.
// Deprecated: Use MarketMetaData.Bin instead.
var MarketBin = MarketMetaData.Bin

// DeployMarket deploys a new Ethereum contract, binding an instance of Market to it.
func DeployMarket(auth *bind.TransactOpts, backend bind.ContractBackend) (common.Address, *types.Transaction, *Market, error) {
	parsed, err := MarketMetaData.GetAbi()
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	if parsed == nil {
		return common.Address{}, nil, nil, errors.New("GetABI returned nil")
	}

	address, tx, contract, err := bind.DeployContract(auth, *parsed, common.FromHex(MarketBin), backend)
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	return address, tx, &Market{MarketCaller: MarketCaller{contract: contract}, MarketTransactor: MarketTransactor{contract: contract}, MarketFilterer: MarketFilterer{contract: contract}}, nil
}

// Market is an auto generated Go binding around an Ethereum contract.
type Market struct {
	MarketCaller     // Read-only binding to the contract
	MarketTransactor // Write-only binding to the contract
	MarketFilterer   // Log filterer for contract events
}

// MarketCaller is an auto generated read-only Go binding around an Ethereum contract.
type MarketCaller struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// MarketTransactor is an auto generated write-only Go binding around an Ethereum contract.
type MarketTransactor struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// MarketFilterer is an auto generated log filtering Go binding around an Ethereum contract events.
type MarketFilterer struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// MarketSession is an auto generated Go binding around an Ethereum contract,
// with pre-set call and transact options.
type MarketSession struct {
	Contract     *Market           // Generic contract binding to set the session for
	CallOpts     bind.CallOpts     // Call options to use throughout this session
	TransactOpts bind.TransactOpts // Transaction auth options to use throughout this session
}

// MarketCallerSession is an auto generated read-only Go binding around an Ethereum contract,
// with pre-set call options.
type MarketCallerSession struct {
	Contract *MarketCaller // Generic contract caller binding to set the session for
	CallOpts bind.CallOpts // Call options to use throughout this session
}

// MarketTransactorSession is an auto generated write-only Go binding around an Ethereum contract,
// with pre-set transact options.
type MarketTransactorSession struct {
	Contract     *MarketTransactor // Generic contract transactor binding to set the session for
	TransactOpts bind.TransactOpts // Transaction auth options to use throughout this session
}

// MarketRaw is an auto generated low-level Go binding around an Ethereum contract.
type MarketRaw struct {
	Contract *Market // Generic contract binding to access the raw methods on
}

// MarketCallerRaw is an auto generated low-level read-only Go binding around an Ethereum contract.
type MarketCallerRaw struct {
	Contract *MarketCaller // Generic read-only contract binding to access the raw methods on
}

// MarketTransactorRaw is an auto generated low-level write-only Go binding around an Ethereum contract.
type MarketTransactorRaw struct {
	Contract *MarketTransactor // Generic write-only contract binding to access the raw methods on
}

// NewMarket creates a new instance of Market, bound to a specific deployed contract.
func NewMarket(address common.Address, backend bind.ContractBackend) (*Market, error) {
	contract, err := bindMarket(address, backend, backend, backend)
	if err != nil {
		return nil, err
	}
	return &Market{MarketCaller: MarketCaller{contract: contract}, MarketTransactor: MarketTransactor{contract: contract}, MarketFilterer: MarketFilterer{contract: contract}}, nil
}

// NewMarketCaller creates a new read-only instance of Market, bound to a specific deployed contract.
func NewMarketCaller(address common.Address, caller bind.ContractCaller) (*MarketCaller, error) {
	contract, err := bindMarket(address, caller, nil, nil)
	if err != nil {
		return nil, err
	}
	return &MarketCaller{contract: contract}, nil
}

// NewMarketTransactor creates a new write-only instance of Market, bound to a specific deployed contract.
func NewMarketTransactor(address common.Address, transactor bind.ContractTransactor) (*MarketTransactor, error) {
	contract, err := bindMarket(address, nil, transactor, nil)
	if err != nil {
		return nil, err
	}
	return &MarketTransactor{contract: contract}, nil
}

// NewMarketFilterer creates a new log filterer instance of Market, bound to a specific deployed contract.
func NewMarketFilterer(address common.Address, filterer bind.ContractFilterer) (*MarketFilterer, error) {
	contract, err := bindMarket(address, nil, nil, filterer)
	if err != nil {
		return nil, err
	}
	return &MarketFilterer{contract: contract}, nil
}

// bindMarket binds a generic wrapper to an already deployed contract.
func bindMarket(address common.Address, caller bind.ContractCaller, transactor bind.ContractTransactor, filterer bind.ContractFilterer) (*bind.BoundContract, error) {
	parsed, err := MarketMetaData.GetAbi()
	if err != nil {
		return nil, err
	}
	return bind.NewBoundContract(address, *parsed, caller, transactor, filterer), nil
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_Market *MarketRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _Market.Contract.MarketCaller.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_Market *MarketRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _Market.Contract.MarketTransactor.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_Market *MarketRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _Market.Contract.MarketTransactor.contract.Transact(opts, method, params...)
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_Market *MarketCallerRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _Market.Contract.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_Market *MarketTransactorRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _Market.Contract.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_Market *MarketTransactorRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _Market.Contract.contract.Transact(opts, method, params...)
}

// BPS is a free data retrieval call binding the contract method 0x249d39e9.
//
// Solidity: function BPS() view returns(uint256)
func (_Market *MarketCaller) BPS(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "BPS")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// BPS is a free data retrieval call binding the contract method 0x249d39e9.
//
// Solidity: function BPS() view returns(uint256)
func (_Market *MarketSession) BPS() (*big.Int, error) {
	return _Market.Contract.BPS(&_Market.CallOpts)
}

// BPS is a free data retrieval call binding the contract method 0x249d39e9.
//
// Solidity: function BPS() view returns(uint256)
func (_Market *MarketCallerSession) BPS() (*big.Int, error) {
	return _Market.Contract.BPS(&_Market.CallOpts)
}

// DISPUTED is a free data retrieval call binding the contract method 0x620cac66.
//
// Solidity: function DISPUTED() view returns(uint8)
func (_Market *MarketCaller) DISPUTED(opts *bind.CallOpts) (uint8, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "DISPUTED")

	if err != nil {
		return *new(uint8), err
	}

	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)

	return out0, err

}

// DISPUTED is a free data retrieval call binding the contract method 0x620cac66.
//
// Solidity: function DISPUTED() view returns(uint8)
func (_Market *MarketSession) DISPUTED() (uint8, error) {
	return _Market.Contract.DISPUTED(&_Market.CallOpts)
}

// DISPUTED is a free data retrieval call binding the contract method 0x620cac66.
//
// Solidity: function DISPUTED() view returns(uint8)
func (_Market *MarketCallerSession) DISPUTED() (uint8, error) {
	return _Market.Contract.DISPUTED(&_Market.CallOpts)
}

// ENDED is a free data retrieval call binding the contract method 0xc18ea0c4.
//
// Solidity: function ENDED() view returns(uint8)
func (_Market *MarketCaller) ENDED(opts *bind.CallOpts) (uint8, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "ENDED")

	if err != nil {
		return *new(uint8), err
	}

	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)

	return out0, err

}

// ENDED is a free data retrieval call binding the contract method 0xc18ea0c4.
//
// Solidity: function ENDED() view returns(uint8)
func (_Market *MarketSession) ENDED() (uint8, error) {
	return _Market.Contract.ENDED(&_Market.CallOpts)
}

// ENDED is a free data retrieval call binding the contract method 0xc18ea0c4.
//
// Solidity: function ENDED() view returns(uint8)
func (_Market *MarketCallerSession) ENDED() (uint8, error) {
	return _Market.Contract.ENDED(&_Market.CallOpts)
}

// MAXOPTIONS is a free data retrieval call binding the contract method 0x0da183d6.
//
// Solidity: function MAX_OPTIONS() view returns(uint256)
func (_Market *MarketCaller) MAXOPTIONS(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "MAX_OPTIONS")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// MAXOPTIONS is a free data retrieval call binding the contract method 0x0da183d6.
//
// Solidity: function MAX_OPTIONS() view returns(uint256)
func (_Market *MarketSession) MAXOPTIONS() (*big.Int, error) {
	return _Market.Contract.MAXOPTIONS(&_Market.CallOpts)
}

// MAXOPTIONS is a free data retrieval call binding the contract method 0x0da183d6.
//
// Solidity: function MAX_OPTIONS() view returns(uint256)
func (_Market *MarketCallerSession) MAXOPTIONS() (*big.Int, error) {
	return _Market.Contract.MAXOPTIONS(&_Market.CallOpts)
}

// ONE is a free data retrieval call binding the contract method 0xc2ee3a08.
//
// Solidity: function ONE() view returns(uint256)
func (_Market *MarketCaller) ONE(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "ONE")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// ONE is a free data retrieval call binding the contract method 0xc2ee3a08.
//
// Solidity: function ONE() view returns(uint256)
func (_Market *MarketSession) ONE() (*big.Int, error) {
	return _Market.Contract.ONE(&_Market.CallOpts)
}

// ONE is a free data retrieval call binding the contract method 0xc2ee3a08.
//
// Solidity: function ONE() view returns(uint256)
func (_Market *MarketCallerSession) ONE() (*big.Int, error) {
	return _Market.Contract.ONE(&_Market.CallOpts)
}

// RUNNING is a free data retrieval call binding the contract method 0x4af355a2.
//
// Solidity: function RUNNING() view returns(uint8)
func (_Market *MarketCaller) RUNNING(opts *bind.CallOpts) (uint8, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "RUNNING")

	if err != nil {
		return *new(uint8), err
	}

	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)

	return out0, err

}

// RUNNING is a free data retrieval call binding the contract method 0x4af355a2.
//
// Solidity: function RUNNING() view returns(uint8)
func (_Market *MarketSession) RUNNING() (uint8, error) {
	return _Market.Contract.RUNNING(&_Market.CallOpts)
}

// RUNNING is a free data retrieval call binding the contract method 0x4af355a2.
//
// Solidity: function RUNNING() view returns(uint8)
func (_Market *MarketCallerSession) RUNNING() (uint8, error) {
	return _Market.Contract.RUNNING(&_Market.CallOpts)
}

// SETTLING is a free data retrieval call binding the contract method 0xec215678.
//
// Solidity: function SETTLING() view returns(uint8)
func (_Market *MarketCaller) SETTLING(opts *bind.CallOpts) (uint8, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "SETTLING")

	if err != nil {
		return *new(uint8), err
	}

	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)

	return out0, err

}

// SETTLING is a free data retrieval call binding the contract method 0xec215678.
//
// Solidity: function SETTLING() view returns(uint8)
func (_Market *MarketSession) SETTLING() (uint8, error) {
	return _Market.Contract.SETTLING(&_Market.CallOpts)
}

// SETTLING is a free data retrieval call binding the contract method 0xec215678.
//
// Solidity: function SETTLING() view returns(uint8)
func (_Market *MarketCallerSession) SETTLING() (uint8, error) {
	return _Market.Contract.SETTLING(&_Market.CallOpts)
}

// VOID is a free data retrieval call binding the contract method 0x9b937881.
//
// Solidity: function VOID() view returns(uint256)
func (_Market *MarketCaller) VOID(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "VOID")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// VOID is a free data retrieval call binding the contract method 0x9b937881.
//
// Solidity: function VOID() view returns(uint256)
func (_Market *MarketSession) VOID() (*big.Int, error) {
	return _Market.Contract.VOID(&_Market.CallOpts)
}

// VOID is a free data retrieval call binding the contract method 0x9b937881.
//
// Solidity: function VOID() view returns(uint256)
func (_Market *MarketCallerSession) VOID() (*big.Int, error) {
	return _Market.Contract.VOID(&_Market.CallOpts)
}

// Allowance is a free data retrieval call binding the contract method 0xdd62ed3e.
//
// Solidity: function allowance(address owner_, address spender) view returns(uint256)
func (_Market *MarketCaller) Allowance(opts *bind.CallOpts, owner_ common.Address, spender common.Address) (*big.Int, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "allowance", owner_, spender)

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// Allowance is a free data retrieval call binding the contract method 0xdd62ed3e.
//
// Solidity: function allowance(address owner_, address spender) view returns(uint256)
func (_Market *MarketSession) Allowance(owner_ common.Address, spender common.Address) (*big.Int, error) {
	return _Market.Contract.Allowance(&_Market.CallOpts, owner_, spender)
}

// Allowance is a free data retrieval call binding the contract method 0xdd62ed3e.
//
// Solidity: function allowance(address owner_, address spender) view returns(uint256)
func (_Market *MarketCallerSession) Allowance(owner_ common.Address, spender common.Address) (*big.Int, error) {
	return _Market.Contract.Allowance(&_Market.CallOpts, owner_, spender)
}

// AssertedOutcome is a free data retrieval call binding the contract method 0x3ccfb630.
//
// Solidity: function assertedOutcome() view returns(uint256)
func (_Market *MarketCaller) AssertedOutcome(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "assertedOutcome")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// AssertedOutcome is a free data retrieval call binding the contract method 0x3ccfb630.
//
// Solidity: function assertedOutcome() view returns(uint256)
func (_Market *MarketSession) AssertedOutcome() (*big.Int, error) {
	return _Market.Contract.AssertedOutcome(&_Market.CallOpts)
}

// AssertedOutcome is a free data retrieval call binding the contract method 0x3ccfb630.
//
// Solidity: function assertedOutcome() view returns(uint256)
func (_Market *MarketCallerSession) AssertedOutcome() (*big.Int, error) {
	return _Market.Contract.AssertedOutcome(&_Market.CallOpts)
}

// Asserter is a free data retrieval call binding the contract method 0xbb4af0b1.
//
// Solidity: function asserter() view returns(address)
func (_Market *MarketCaller) Asserter(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "asserter")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// Asserter is a free data retrieval call binding the contract method 0xbb4af0b1.
//
// Solidity: function asserter() view returns(address)
func (_Market *MarketSession) Asserter() (common.Address, error) {
	return _Market.Contract.Asserter(&_Market.CallOpts)
}

// Asserter is a free data retrieval call binding the contract method 0xbb4af0b1.
//
// Solidity: function asserter() view returns(address)
func (_Market *MarketCallerSession) Asserter() (common.Address, error) {
	return _Market.Contract.Asserter(&_Market.CallOpts)
}

// BalanceOf is a free data retrieval call binding the contract method 0x70a08231.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (_Market *MarketCaller) BalanceOf(opts *bind.CallOpts, account common.Address) (*big.Int, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "balanceOf", account)

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// BalanceOf is a free data retrieval call binding the contract method 0x70a08231.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (_Market *MarketSession) BalanceOf(account common.Address) (*big.Int, error) {
	return _Market.Contract.BalanceOf(&_Market.CallOpts, account)
}

// BalanceOf is a free data retrieval call binding the contract method 0x70a08231.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (_Market *MarketCallerSession) BalanceOf(account common.Address) (*big.Int, error) {
	return _Market.Contract.BalanceOf(&_Market.CallOpts, account)
}

// BaseToken is a free data retrieval call binding the contract method 0xc55dae63.
//
// Solidity: function baseToken() view returns(address)
func (_Market *MarketCaller) BaseToken(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "baseToken")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// BaseToken is a free data retrieval call binding the contract method 0xc55dae63.
//
// Solidity: function baseToken() view returns(address)
func (_Market *MarketSession) BaseToken() (common.Address, error) {
	return _Market.Contract.BaseToken(&_Market.CallOpts)
}

// BaseToken is a free data retrieval call binding the contract method 0xc55dae63.
//
// Solidity: function baseToken() view returns(address)
func (_Market *MarketCallerSession) BaseToken() (common.Address, error) {
	return _Market.Contract.BaseToken(&_Market.CallOpts)
}

// Bond is a free data retrieval call binding the contract method 0x64c9ec6f.
//
// Solidity: function bond() view returns(uint256)
func (_Market *MarketCaller) Bond(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "bond")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// Bond is a free data retrieval call binding the contract method 0x64c9ec6f.
//
// Solidity: function bond() view returns(uint256)
func (_Market *MarketSession) Bond() (*big.Int, error) {
	return _Market.Contract.Bond(&_Market.CallOpts)
}

// Bond is a free data retrieval call binding the contract method 0x64c9ec6f.
//
// Solidity: function bond() view returns(uint256)
func (_Market *MarketCallerSession) Bond() (*big.Int, error) {
	return _Market.Contract.Bond(&_Market.CallOpts)
}

// CalcBuyAmount is a free data retrieval call binding the contract method 0xf55c79d0.
//
// Solidity: function calcBuyAmount(uint256 optionIndex, uint256 baseIn) view returns(uint256 tokensOut, uint256 fee)
func (_Market *MarketCaller) CalcBuyAmount(opts *bind.CallOpts, optionIndex *big.Int, baseIn *big.Int) (struct {
	TokensOut *big.Int
	Fee       *big.Int
}, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "calcBuyAmount", optionIndex, baseIn)

	outstruct := new(struct {
		TokensOut *big.Int
		Fee       *big.Int
	})
	if err != nil {
		return *outstruct, err
	}

	outstruct.TokensOut = *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)
	outstruct.Fee = *abi.ConvertType(out[1], new(*big.Int)).(**big.Int)

	return *outstruct, err

}

// CalcBuyAmount is a free data retrieval call binding the contract method 0xf55c79d0.
//
// Solidity: function calcBuyAmount(uint256 optionIndex, uint256 baseIn) view returns(uint256 tokensOut, uint256 fee)
func (_Market *MarketSession) CalcBuyAmount(optionIndex *big.Int, baseIn *big.Int) (struct {
	TokensOut *big.Int
	Fee       *big.Int
}, error) {
	return _Market.Contract.CalcBuyAmount(&_Market.CallOpts, optionIndex, baseIn)
}

// CalcBuyAmount is a free data retrieval call binding the contract method 0xf55c79d0.
//
// Solidity: function calcBuyAmount(uint256 optionIndex, uint256 baseIn) view returns(uint256 tokensOut, uint256 fee)
func (_Market *MarketCallerSession) CalcBuyAmount(optionIndex *big.Int, baseIn *big.Int) (struct {
	TokensOut *big.Int
	Fee       *big.Int
}, error) {
	return _Market.Contract.CalcBuyAmount(&_Market.CallOpts, optionIndex, baseIn)
}

// CalcSellReturn is a free data retrieval call binding the contract method 0x03ea01a4.
//
// Solidity: function calcSellReturn(uint256 optionIndex, uint256 tokensIn) view returns(uint256 baseOut, uint256 fee)
func (_Market *MarketCaller) CalcSellReturn(opts *bind.CallOpts, optionIndex *big.Int, tokensIn *big.Int) (struct {
	BaseOut *big.Int
	Fee     *big.Int
}, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "calcSellReturn", optionIndex, tokensIn)

	outstruct := new(struct {
		BaseOut *big.Int
		Fee     *big.Int
	})
	if err != nil {
		return *outstruct, err
	}

	outstruct.BaseOut = *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)
	outstruct.Fee = *abi.ConvertType(out[1], new(*big.Int)).(**big.Int)

	return *outstruct, err

}

// CalcSellReturn is a free data retrieval call binding the contract method 0x03ea01a4.
//
// Solidity: function calcSellReturn(uint256 optionIndex, uint256 tokensIn) view returns(uint256 baseOut, uint256 fee)
func (_Market *MarketSession) CalcSellReturn(optionIndex *big.Int, tokensIn *big.Int) (struct {
	BaseOut *big.Int
	Fee     *big.Int
}, error) {
	return _Market.Contract.CalcSellReturn(&_Market.CallOpts, optionIndex, tokensIn)
}

// CalcSellReturn is a free data retrieval call binding the contract method 0x03ea01a4.
//
// Solidity: function calcSellReturn(uint256 optionIndex, uint256 tokensIn) view returns(uint256 baseOut, uint256 fee)
func (_Market *MarketCallerSession) CalcSellReturn(optionIndex *big.Int, tokensIn *big.Int) (struct {
	BaseOut *big.Int
	Fee     *big.Int
}, error) {
	return _Market.Contract.CalcSellReturn(&_Market.CallOpts, optionIndex, tokensIn)
}

// ChallengeEnd is a free data retrieval call binding the contract method 0xb835bad3.
//
// Solidity: function challengeEnd() view returns(uint64)
func (_Market *MarketCaller) ChallengeEnd(opts *bind.CallOpts) (uint64, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "challengeEnd")

	if err != nil {
		return *new(uint64), err
	}

	out0 := *abi.ConvertType(out[0], new(uint64)).(*uint64)

	return out0, err

}

// ChallengeEnd is a free data retrieval call binding the contract method 0xb835bad3.
//
// Solidity: function challengeEnd() view returns(uint64)
func (_Market *MarketSession) ChallengeEnd() (uint64, error) {
	return _Market.Contract.ChallengeEnd(&_Market.CallOpts)
}

// ChallengeEnd is a free data retrieval call binding the contract method 0xb835bad3.
//
// Solidity: function challengeEnd() view returns(uint64)
func (_Market *MarketCallerSession) ChallengeEnd() (uint64, error) {
	return _Market.Contract.ChallengeEnd(&_Market.CallOpts)
}

// ChallengeWindow is a free data retrieval call binding the contract method 0x861a1412.
//
// Solidity: function challengeWindow() view returns(uint64)
func (_Market *MarketCaller) ChallengeWindow(opts *bind.CallOpts) (uint64, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "challengeWindow")

	if err != nil {
		return *new(uint64), err
	}

	out0 := *abi.ConvertType(out[0], new(uint64)).(*uint64)

	return out0, err

}

// ChallengeWindow is a free data retrieval call binding the contract method 0x861a1412.
//
// Solidity: function challengeWindow() view returns(uint64)
func (_Market *MarketSession) ChallengeWindow() (uint64, error) {
	return _Market.Contract.ChallengeWindow(&_Market.CallOpts)
}

// ChallengeWindow is a free data retrieval call binding the contract method 0x861a1412.
//
// Solidity: function challengeWindow() view returns(uint64)
func (_Market *MarketCallerSession) ChallengeWindow() (uint64, error) {
	return _Market.Contract.ChallengeWindow(&_Market.CallOpts)
}

// CollectedFees is a free data retrieval call binding the contract method 0x9003adfe.
//
// Solidity: function collectedFees() view returns(uint256)
func (_Market *MarketCaller) CollectedFees(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "collectedFees")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// CollectedFees is a free data retrieval call binding the contract method 0x9003adfe.
//
// Solidity: function collectedFees() view returns(uint256)
func (_Market *MarketSession) CollectedFees() (*big.Int, error) {
	return _Market.Contract.CollectedFees(&_Market.CallOpts)
}

// CollectedFees is a free data retrieval call binding the contract method 0x9003adfe.
//
// Solidity: function collectedFees() view returns(uint256)
func (_Market *MarketCallerSession) CollectedFees() (*big.Int, error) {
	return _Market.Contract.CollectedFees(&_Market.CallOpts)
}

// Decimals is a free data retrieval call binding the contract method 0x313ce567.
//
// Solidity: function decimals() view returns(uint8)
func (_Market *MarketCaller) Decimals(opts *bind.CallOpts) (uint8, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "decimals")

	if err != nil {
		return *new(uint8), err
	}

	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)

	return out0, err

}

// Decimals is a free data retrieval call binding the contract method 0x313ce567.
//
// Solidity: function decimals() view returns(uint8)
func (_Market *MarketSession) Decimals() (uint8, error) {
	return _Market.Contract.Decimals(&_Market.CallOpts)
}

// Decimals is a free data retrieval call binding the contract method 0x313ce567.
//
// Solidity: function decimals() view returns(uint8)
func (_Market *MarketCallerSession) Decimals() (uint8, error) {
	return _Market.Contract.Decimals(&_Market.CallOpts)
}

// DisputeFeeBps is a free data retrieval call binding the contract method 0x14ecae36.
//
// Solidity: function disputeFeeBps() view returns(uint16)
func (_Market *MarketCaller) DisputeFeeBps(opts *bind.CallOpts) (uint16, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "disputeFeeBps")

	if err != nil {
		return *new(uint16), err
	}

	out0 := *abi.ConvertType(out[0], new(uint16)).(*uint16)

	return out0, err

}

// DisputeFeeBps is a free data retrieval call binding the contract method 0x14ecae36.
//
// Solidity: function disputeFeeBps() view returns(uint16)
func (_Market *MarketSession) DisputeFeeBps() (uint16, error) {
	return _Market.Contract.DisputeFeeBps(&_Market.CallOpts)
}

// DisputeFeeBps is a free data retrieval call binding the contract method 0x14ecae36.
//
// Solidity: function disputeFeeBps() view returns(uint16)
func (_Market *MarketCallerSession) DisputeFeeBps() (uint16, error) {
	return _Market.Contract.DisputeFeeBps(&_Market.CallOpts)
}

// Disputer is a free data retrieval call binding the contract method 0x6ac56103.
//
// Solidity: function disputer() view returns(address)
func (_Market *MarketCaller) Disputer(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "disputer")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// Disputer is a free data retrieval call binding the contract method 0x6ac56103.
//
// Solidity: function disputer() view returns(address)
func (_Market *MarketSession) Disputer() (common.Address, error) {
	return _Market.Contract.Disputer(&_Market.CallOpts)
}

// Disputer is a free data retrieval call binding the contract method 0x6ac56103.
//
// Solidity: function disputer() view returns(address)
func (_Market *MarketCallerSession) Disputer() (common.Address, error) {
	return _Market.Contract.Disputer(&_Market.CallOpts)
}

// EndTime is a free data retrieval call binding the contract method 0x3197cbb6.
//
// Solidity: function endTime() view returns(uint64)
func (_Market *MarketCaller) EndTime(opts *bind.CallOpts) (uint64, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "endTime")

	if err != nil {
		return *new(uint64), err
	}

	out0 := *abi.ConvertType(out[0], new(uint64)).(*uint64)

	return out0, err

}

// EndTime is a free data retrieval call binding the contract method 0x3197cbb6.
//
// Solidity: function endTime() view returns(uint64)
func (_Market *MarketSession) EndTime() (uint64, error) {
	return _Market.Contract.EndTime(&_Market.CallOpts)
}

// EndTime is a free data retrieval call binding the contract method 0x3197cbb6.
//
// Solidity: function endTime() view returns(uint64)
func (_Market *MarketCallerSession) EndTime() (uint64, error) {
	return _Market.Contract.EndTime(&_Market.CallOpts)
}

// Factory is a free data retrieval call binding the contract method 0xc45a0155.
//
// Solidity: function factory() view returns(address)
func (_Market *MarketCaller) Factory(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "factory")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// Factory is a free data retrieval call binding the contract method 0xc45a0155.
//
// Solidity: function factory() view returns(address)
func (_Market *MarketSession) Factory() (common.Address, error) {
	return _Market.Contract.Factory(&_Market.CallOpts)
}

// Factory is a free data retrieval call binding the contract method 0xc45a0155.
//
// Solidity: function factory() view returns(address)
func (_Market *MarketCallerSession) Factory() (common.Address, error) {
	return _Market.Contract.Factory(&_Market.CallOpts)
}

// FeeBps is a free data retrieval call binding the contract method 0x24a9d853.
//
// Solidity: function feeBps() view returns(uint16)
func (_Market *MarketCaller) FeeBps(opts *bind.CallOpts) (uint16, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "feeBps")

	if err != nil {
		return *new(uint16), err
	}

	out0 := *abi.ConvertType(out[0], new(uint16)).(*uint16)

	return out0, err

}

// FeeBps is a free data retrieval call binding the contract method 0x24a9d853.
//
// Solidity: function feeBps() view returns(uint16)
func (_Market *MarketSession) FeeBps() (uint16, error) {
	return _Market.Contract.FeeBps(&_Market.CallOpts)
}

// FeeBps is a free data retrieval call binding the contract method 0x24a9d853.
//
// Solidity: function feeBps() view returns(uint16)
func (_Market *MarketCallerSession) FeeBps() (uint16, error) {
	return _Market.Contract.FeeBps(&_Market.CallOpts)
}

// FeePoolWeight is a free data retrieval call binding the contract method 0xa3728747.
//
// Solidity: function feePoolWeight() view returns(uint256)
func (_Market *MarketCaller) FeePoolWeight(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "feePoolWeight")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// FeePoolWeight is a free data retrieval call binding the contract method 0xa3728747.
//
// Solidity: function feePoolWeight() view returns(uint256)
func (_Market *MarketSession) FeePoolWeight() (*big.Int, error) {
	return _Market.Contract.FeePoolWeight(&_Market.CallOpts)
}

// FeePoolWeight is a free data retrieval call binding the contract method 0xa3728747.
//
// Solidity: function feePoolWeight() view returns(uint256)
func (_Market *MarketCallerSession) FeePoolWeight() (*big.Int, error) {
	return _Market.Contract.FeePoolWeight(&_Market.CallOpts)
}

// FeesWithdrawableBy is a free data retrieval call binding the contract method 0x16dbd776.
//
// Solidity: function feesWithdrawableBy(address account) view returns(uint256 amount)
func (_Market *MarketCaller) FeesWithdrawableBy(opts *bind.CallOpts, account common.Address) (*big.Int, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "feesWithdrawableBy", account)

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// FeesWithdrawableBy is a free data retrieval call binding the contract method 0x16dbd776.
//
// Solidity: function feesWithdrawableBy(address account) view returns(uint256 amount)
func (_Market *MarketSession) FeesWithdrawableBy(account common.Address) (*big.Int, error) {
	return _Market.Contract.FeesWithdrawableBy(&_Market.CallOpts, account)
}

// FeesWithdrawableBy is a free data retrieval call binding the contract method 0x16dbd776.
//
// Solidity: function feesWithdrawableBy(address account) view returns(uint256 amount)
func (_Market *MarketCallerSession) FeesWithdrawableBy(account common.Address) (*big.Int, error) {
	return _Market.Contract.FeesWithdrawableBy(&_Market.CallOpts, account)
}

// Name is a free data retrieval call binding the contract method 0x06fdde03.
//
// Solidity: function name() pure returns(string)
func (_Market *MarketCaller) Name(opts *bind.CallOpts) (string, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "name")

	if err != nil {
		return *new(string), err
	}

	out0 := *abi.ConvertType(out[0], new(string)).(*string)

	return out0, err

}

// Name is a free data retrieval call binding the contract method 0x06fdde03.
//
// Solidity: function name() pure returns(string)
func (_Market *MarketSession) Name() (string, error) {
	return _Market.Contract.Name(&_Market.CallOpts)
}

// Name is a free data retrieval call binding the contract method 0x06fdde03.
//
// Solidity: function name() pure returns(string)
func (_Market *MarketCallerSession) Name() (string, error) {
	return _Market.Contract.Name(&_Market.CallOpts)
}

// OptionCount is a free data retrieval call binding the contract method 0xe32fe90b.
//
// Solidity: function optionCount() view returns(uint256)
func (_Market *MarketCaller) OptionCount(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "optionCount")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// OptionCount is a free data retrieval call binding the contract method 0xe32fe90b.
//
// Solidity: function optionCount() view returns(uint256)
func (_Market *MarketSession) OptionCount() (*big.Int, error) {
	return _Market.Contract.OptionCount(&_Market.CallOpts)
}

// OptionCount is a free data retrieval call binding the contract method 0xe32fe90b.
//
// Solidity: function optionCount() view returns(uint256)
func (_Market *MarketCallerSession) OptionCount() (*big.Int, error) {
	return _Market.Contract.OptionCount(&_Market.CallOpts)
}

// Options is a free data retrieval call binding the contract method 0x1069143a.
//
// Solidity: function options() view returns(address[] list)
func (_Market *MarketCaller) Options(opts *bind.CallOpts) ([]common.Address, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "options")

	if err != nil {
		return *new([]common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new([]common.Address)).(*[]common.Address)

	return out0, err

}

// Options is a free data retrieval call binding the contract method 0x1069143a.
//
// Solidity: function options() view returns(address[] list)
func (_Market *MarketSession) Options() ([]common.Address, error) {
	return _Market.Contract.Options(&_Market.CallOpts)
}

// Options is a free data retrieval call binding the contract method 0x1069143a.
//
// Solidity: function options() view returns(address[] list)
func (_Market *MarketCallerSession) Options() ([]common.Address, error) {
	return _Market.Contract.Options(&_Market.CallOpts)
}

// PoolBalances is a free data retrieval call binding the contract method 0x412330bc.
//
// Solidity: function poolBalances() view returns(uint256[])
func (_Market *MarketCaller) PoolBalances(opts *bind.CallOpts) ([]*big.Int, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "poolBalances")

	if err != nil {
		return *new([]*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new([]*big.Int)).(*[]*big.Int)

	return out0, err

}

// PoolBalances is a free data retrieval call binding the contract method 0x412330bc.
//
// Solidity: function poolBalances() view returns(uint256[])
func (_Market *MarketSession) PoolBalances() ([]*big.Int, error) {
	return _Market.Contract.PoolBalances(&_Market.CallOpts)
}

// PoolBalances is a free data retrieval call binding the contract method 0x412330bc.
//
// Solidity: function poolBalances() view returns(uint256[])
func (_Market *MarketCallerSession) PoolBalances() ([]*big.Int, error) {
	return _Market.Contract.PoolBalances(&_Market.CallOpts)
}

// Prices is a free data retrieval call binding the contract method 0xd3419bf3.
//
// Solidity: function prices() view returns(uint256[] p)
func (_Market *MarketCaller) Prices(opts *bind.CallOpts) ([]*big.Int, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "prices")

	if err != nil {
		return *new([]*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new([]*big.Int)).(*[]*big.Int)

	return out0, err

}

// Prices is a free data retrieval call binding the contract method 0xd3419bf3.
//
// Solidity: function prices() view returns(uint256[] p)
func (_Market *MarketSession) Prices() ([]*big.Int, error) {
	return _Market.Contract.Prices(&_Market.CallOpts)
}

// Prices is a free data retrieval call binding the contract method 0xd3419bf3.
//
// Solidity: function prices() view returns(uint256[] p)
func (_Market *MarketCallerSession) Prices() ([]*big.Int, error) {
	return _Market.Contract.Prices(&_Market.CallOpts)
}

// Settled is a free data retrieval call binding the contract method 0x8f775839.
//
// Solidity: function settled() view returns(bool)
func (_Market *MarketCaller) Settled(opts *bind.CallOpts) (bool, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "settled")

	if err != nil {
		return *new(bool), err
	}

	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)

	return out0, err

}

// Settled is a free data retrieval call binding the contract method 0x8f775839.
//
// Solidity: function settled() view returns(bool)
func (_Market *MarketSession) Settled() (bool, error) {
	return _Market.Contract.Settled(&_Market.CallOpts)
}

// Settled is a free data retrieval call binding the contract method 0x8f775839.
//
// Solidity: function settled() view returns(bool)
func (_Market *MarketCallerSession) Settled() (bool, error) {
	return _Market.Contract.Settled(&_Market.CallOpts)
}

// State is a free data retrieval call binding the contract method 0xc19d93fb.
//
// Solidity: function state() view returns(uint8)
func (_Market *MarketCaller) State(opts *bind.CallOpts) (uint8, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "state")

	if err != nil {
		return *new(uint8), err
	}

	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)

	return out0, err

}

// State is a free data retrieval call binding the contract method 0xc19d93fb.
//
// Solidity: function state() view returns(uint8)
func (_Market *MarketSession) State() (uint8, error) {
	return _Market.Contract.State(&_Market.CallOpts)
}

// State is a free data retrieval call binding the contract method 0xc19d93fb.
//
// Solidity: function state() view returns(uint8)
func (_Market *MarketCallerSession) State() (uint8, error) {
	return _Market.Contract.State(&_Market.CallOpts)
}

// Symbol is a free data retrieval call binding the contract method 0x95d89b41.
//
// Solidity: function symbol() pure returns(string)
func (_Market *MarketCaller) Symbol(opts *bind.CallOpts) (string, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "symbol")

	if err != nil {
		return *new(string), err
	}

	out0 := *abi.ConvertType(out[0], new(string)).(*string)

	return out0, err

}

// Symbol is a free data retrieval call binding the contract method 0x95d89b41.
//
// Solidity: function symbol() pure returns(string)
func (_Market *MarketSession) Symbol() (string, error) {
	return _Market.Contract.Symbol(&_Market.CallOpts)
}

// Symbol is a free data retrieval call binding the contract method 0x95d89b41.
//
// Solidity: function symbol() pure returns(string)
func (_Market *MarketCallerSession) Symbol() (string, error) {
	return _Market.Contract.Symbol(&_Market.CallOpts)
}

// TotalSupply is a free data retrieval call binding the contract method 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (_Market *MarketCaller) TotalSupply(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "totalSupply")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// TotalSupply is a free data retrieval call binding the contract method 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (_Market *MarketSession) TotalSupply() (*big.Int, error) {
	return _Market.Contract.TotalSupply(&_Market.CallOpts)
}

// TotalSupply is a free data retrieval call binding the contract method 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (_Market *MarketCallerSession) TotalSupply() (*big.Int, error) {
	return _Market.Contract.TotalSupply(&_Market.CallOpts)
}

// TotalWithdrawnFees is a free data retrieval call binding the contract method 0x2302b66c.
//
// Solidity: function totalWithdrawnFees() view returns(uint256)
func (_Market *MarketCaller) TotalWithdrawnFees(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "totalWithdrawnFees")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// TotalWithdrawnFees is a free data retrieval call binding the contract method 0x2302b66c.
//
// Solidity: function totalWithdrawnFees() view returns(uint256)
func (_Market *MarketSession) TotalWithdrawnFees() (*big.Int, error) {
	return _Market.Contract.TotalWithdrawnFees(&_Market.CallOpts)
}

// TotalWithdrawnFees is a free data retrieval call binding the contract method 0x2302b66c.
//
// Solidity: function totalWithdrawnFees() view returns(uint256)
func (_Market *MarketCallerSession) TotalWithdrawnFees() (*big.Int, error) {
	return _Market.Contract.TotalWithdrawnFees(&_Market.CallOpts)
}

// Voided is a free data retrieval call binding the contract method 0xb15856e4.
//
// Solidity: function voided() view returns(bool)
func (_Market *MarketCaller) Voided(opts *bind.CallOpts) (bool, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "voided")

	if err != nil {
		return *new(bool), err
	}

	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)

	return out0, err

}

// Voided is a free data retrieval call binding the contract method 0xb15856e4.
//
// Solidity: function voided() view returns(bool)
func (_Market *MarketSession) Voided() (bool, error) {
	return _Market.Contract.Voided(&_Market.CallOpts)
}

// Voided is a free data retrieval call binding the contract method 0xb15856e4.
//
// Solidity: function voided() view returns(bool)
func (_Market *MarketCallerSession) Voided() (bool, error) {
	return _Market.Contract.Voided(&_Market.CallOpts)
}

// WinningIndex is a free data retrieval call binding the contract method 0xde75be4e.
//
// Solidity: function winningIndex() view returns(uint256)
func (_Market *MarketCaller) WinningIndex(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "winningIndex")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// WinningIndex is a free data retrieval call binding the contract method 0xde75be4e.
//
// Solidity: function winningIndex() view returns(uint256)
func (_Market *MarketSession) WinningIndex() (*big.Int, error) {
	return _Market.Contract.WinningIndex(&_Market.CallOpts)
}

// WinningIndex is a free data retrieval call binding the contract method 0xde75be4e.
//
// Solidity: function winningIndex() view returns(uint256)
func (_Market *MarketCallerSession) WinningIndex() (*big.Int, error) {
	return _Market.Contract.WinningIndex(&_Market.CallOpts)
}

// WithdrawnFees is a free data retrieval call binding the contract method 0x5b3e5f50.
//
// Solidity: function withdrawnFees(address ) view returns(uint256)
func (_Market *MarketCaller) WithdrawnFees(opts *bind.CallOpts, arg0 common.Address) (*big.Int, error) {
	var out []interface{}
	err := _Market.contract.Call(opts, &out, "withdrawnFees", arg0)

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// WithdrawnFees is a free data retrieval call binding the contract method 0x5b3e5f50.
//
// Solidity: function withdrawnFees(address ) view returns(uint256)
func (_Market *MarketSession) WithdrawnFees(arg0 common.Address) (*big.Int, error) {
	return _Market.Contract.WithdrawnFees(&_Market.CallOpts, arg0)
}

// WithdrawnFees is a free data retrieval call binding the contract method 0x5b3e5f50.
//
// Solidity: function withdrawnFees(address ) view returns(uint256)
func (_Market *MarketCallerSession) WithdrawnFees(arg0 common.Address) (*big.Int, error) {
	return _Market.Contract.WithdrawnFees(&_Market.CallOpts, arg0)
}

// AddLiquidity is a paid mutator transaction binding the contract method 0x422f1043.
//
// Solidity: function addLiquidity(uint256 baseIn, uint256 minLp, uint256 deadline) returns(uint256 lpMinted)
func (_Market *MarketTransactor) AddLiquidity(opts *bind.TransactOpts, baseIn *big.Int, minLp *big.Int, deadline *big.Int) (*types.Transaction, error) {
	return _Market.contract.Transact(opts, "addLiquidity", baseIn, minLp, deadline)
}

// AddLiquidity is a paid mutator transaction binding the contract method 0x422f1043.
//
// Solidity: function addLiquidity(uint256 baseIn, uint256 minLp, uint256 deadline) returns(uint256 lpMinted)
func (_Market *MarketSession) AddLiquidity(baseIn *big.Int, minLp *big.Int, deadline *big.Int) (*types.Transaction, error) {
	return _Market.Contract.AddLiquidity(&_Market.TransactOpts, baseIn, minLp, deadline)
}

// AddLiquidity is a paid mutator transaction binding the contract method 0x422f1043.
//
// Solidity: function addLiquidity(uint256 baseIn, uint256 minLp, uint256 deadline) returns(uint256 lpMinted)
func (_Market *MarketTransactorSession) AddLiquidity(baseIn *big.Int, minLp *big.Int, deadline *big.Int) (*types.Transaction, error) {
	return _Market.Contract.AddLiquidity(&_Market.TransactOpts, baseIn, minLp, deadline)
}

// Approve is a paid mutator transaction binding the contract method 0x095ea7b3.
//
// Solidity: function approve(address spender, uint256 amount) returns(bool)
func (_Market *MarketTransactor) Approve(opts *bind.TransactOpts, spender common.Address, amount *big.Int) (*types.Transaction, error) {
	return _Market.contract.Transact(opts, "approve", spender, amount)
}

// Approve is a paid mutator transaction binding the contract method 0x095ea7b3.
//
// Solidity: function approve(address spender, uint256 amount) returns(bool)
func (_Market *MarketSession) Approve(spender common.Address, amount *big.Int) (*types.Transaction, error) {
	return _Market.Contract.Approve(&_Market.TransactOpts, spender, amount)
}

// Approve is a paid mutator transaction binding the contract method 0x095ea7b3.
//
// Solidity: function approve(address spender, uint256 amount) returns(bool)
func (_Market *MarketTransactorSession) Approve(spender common.Address, amount *big.Int) (*types.Transaction, error) {
	return _Market.Contract.Approve(&_Market.TransactOpts, spender, amount)
}

// Arbitrate is a paid mutator transaction binding the contract method 0x42551d3b.
//
// Solidity: function arbitrate(uint256 outcome) returns()
func (_Market *MarketTransactor) Arbitrate(opts *bind.TransactOpts, outcome *big.Int) (*types.Transaction, error) {
	return _Market.contract.Transact(opts, "arbitrate", outcome)
}

// Arbitrate is a paid mutator transaction binding the contract method 0x42551d3b.
//
// Solidity: function arbitrate(uint256 outcome) returns()
func (_Market *MarketSession) Arbitrate(outcome *big.Int) (*types.Transaction, error) {
	return _Market.Contract.Arbitrate(&_Market.TransactOpts, outcome)
}

// Arbitrate is a paid mutator transaction binding the contract method 0x42551d3b.
//
// Solidity: function arbitrate(uint256 outcome) returns()
func (_Market *MarketTransactorSession) Arbitrate(outcome *big.Int) (*types.Transaction, error) {
	return _Market.Contract.Arbitrate(&_Market.TransactOpts, outcome)
}

// AssertOutcome is a paid mutator transaction binding the contract method 0x84d165b6.
//
// Solidity: function assertOutcome(uint256 outcome) returns()
func (_Market *MarketTransactor) AssertOutcome(opts *bind.TransactOpts, outcome *big.Int) (*types.Transaction, error) {
	return _Market.contract.Transact(opts, "assertOutcome", outcome)
}

// AssertOutcome is a paid mutator transaction binding the contract method 0x84d165b6.
//
// Solidity: function assertOutcome(uint256 outcome) returns()
func (_Market *MarketSession) AssertOutcome(outcome *big.Int) (*types.Transaction, error) {
	return _Market.Contract.AssertOutcome(&_Market.TransactOpts, outcome)
}

// AssertOutcome is a paid mutator transaction binding the contract method 0x84d165b6.
//
// Solidity: function assertOutcome(uint256 outcome) returns()
func (_Market *MarketTransactorSession) AssertOutcome(outcome *big.Int) (*types.Transaction, error) {
	return _Market.Contract.AssertOutcome(&_Market.TransactOpts, outcome)
}

// Buy is a paid mutator transaction binding the contract method 0x1281311d.
//
// Solidity: function buy(uint256 optionIndex, uint256 baseIn, uint256 minTokensOut, uint256 deadline) returns(uint256 tokensOut)
func (_Market *MarketTransactor) Buy(opts *bind.TransactOpts, optionIndex *big.Int, baseIn *big.Int, minTokensOut *big.Int, deadline *big.Int) (*types.Transaction, error) {
	return _Market.contract.Transact(opts, "buy", optionIndex, baseIn, minTokensOut, deadline)
}

// Buy is a paid mutator transaction binding the contract method 0x1281311d.
//
// Solidity: function buy(uint256 optionIndex, uint256 baseIn, uint256 minTokensOut, uint256 deadline) returns(uint256 tokensOut)
func (_Market *MarketSession) Buy(optionIndex *big.Int, baseIn *big.Int, minTokensOut *big.Int, deadline *big.Int) (*types.Transaction, error) {
	return _Market.Contract.Buy(&_Market.TransactOpts, optionIndex, baseIn, minTokensOut, deadline)
}

// Buy is a paid mutator transaction binding the contract method 0x1281311d.
//
// Solidity: function buy(uint256 optionIndex, uint256 baseIn, uint256 minTokensOut, uint256 deadline) returns(uint256 tokensOut)
func (_Market *MarketTransactorSession) Buy(optionIndex *big.Int, baseIn *big.Int, minTokensOut *big.Int, deadline *big.Int) (*types.Transaction, error) {
	return _Market.Contract.Buy(&_Market.TransactOpts, optionIndex, baseIn, minTokensOut, deadline)
}

// Claim is a paid mutator transaction binding the contract method 0x379607f5.
//
// Solidity: function claim(uint256 amount) returns()
func (_Market *MarketTransactor) Claim(opts *bind.TransactOpts, amount *big.Int) (*types.Transaction, error) {
	return _Market.contract.Transact(opts, "claim", amount)
}

// Claim is a paid mutator transaction binding the contract method 0x379607f5.
//
// Solidity: function claim(uint256 amount) returns()
func (_Market *MarketSession) Claim(amount *big.Int) (*types.Transaction, error) {
	return _Market.Contract.Claim(&_Market.TransactOpts, amount)
}

// Claim is a paid mutator transaction binding the contract method 0x379607f5.
//
// Solidity: function claim(uint256 amount) returns()
func (_Market *MarketTransactorSession) Claim(amount *big.Int) (*types.Transaction, error) {
	return _Market.Contract.Claim(&_Market.TransactOpts, amount)
}

// ClaimVoid is a paid mutator transaction binding the contract method 0xbf74937f.
//
// Solidity: function claimVoid(uint256[] amounts) returns(uint256 baseOut)
func (_Market *MarketTransactor) ClaimVoid(opts *bind.TransactOpts, amounts []*big.Int) (*types.Transaction, error) {
	return _Market.contract.Transact(opts, "claimVoid", amounts)
}

// ClaimVoid is a paid mutator transaction binding the contract method 0xbf74937f.
//
// Solidity: function claimVoid(uint256[] amounts) returns(uint256 baseOut)
func (_Market *MarketSession) ClaimVoid(amounts []*big.Int) (*types.Transaction, error) {
	return _Market.Contract.ClaimVoid(&_Market.TransactOpts, amounts)
}

// ClaimVoid is a paid mutator transaction binding the contract method 0xbf74937f.
//
// Solidity: function claimVoid(uint256[] amounts) returns(uint256 baseOut)
func (_Market *MarketTransactorSession) ClaimVoid(amounts []*big.Int) (*types.Transaction, error) {
	return _Market.Contract.ClaimVoid(&_Market.TransactOpts, amounts)
}

// Dispute is a paid mutator transaction binding the contract method 0xf240f7c3.
//
// Solidity: function dispute() returns()
func (_Market *MarketTransactor) Dispute(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _Market.contract.Transact(opts, "dispute")
}

// Dispute is a paid mutator transaction binding the contract method 0xf240f7c3.
//
// Solidity: function dispute() returns()
func (_Market *MarketSession) Dispute() (*types.Transaction, error) {
	return _Market.Contract.Dispute(&_Market.TransactOpts)
}

// Dispute is a paid mutator transaction binding the contract method 0xf240f7c3.
//
// Solidity: function dispute() returns()
func (_Market *MarketTransactorSession) Dispute() (*types.Transaction, error) {
	return _Market.Contract.Dispute(&_Market.TransactOpts)
}

// Finalize is a paid mutator transaction binding the contract method 0x4bb278f3.
//
// Solidity: function finalize() returns()
func (_Market *MarketTransactor) Finalize(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _Market.contract.Transact(opts, "finalize")
}

// Finalize is a paid mutator transaction binding the contract method 0x4bb278f3.
//
// Solidity: function finalize() returns()
func (_Market *MarketSession) Finalize() (*types.Transaction, error) {
	return _Market.Contract.Finalize(&_Market.TransactOpts)
}

// Finalize is a paid mutator transaction binding the contract method 0x4bb278f3.
//
// Solidity: function finalize() returns()
func (_Market *MarketTransactorSession) Finalize() (*types.Transaction, error) {
	return _Market.Contract.Finalize(&_Market.TransactOpts)
}

// Initialize is a paid mutator transaction binding the contract method 0x147d4c49.
//
// Solidity: function initialize(address baseToken_, uint8 decimals_, address[] options_, uint64 endTime_, uint16 feeBps_, address creator, uint256 initialLiquidity, (uint64,uint256,uint16) resolution) returns()
func (_Market *MarketTransactor) Initialize(opts *bind.TransactOpts, baseToken_ common.Address, decimals_ uint8, options_ []common.Address, endTime_ uint64, feeBps_ uint16, creator common.Address, initialLiquidity *big.Int, resolution MarketResolution) (*types.Transaction, error) {
	return _Market.contract.Transact(opts, "initialize", baseToken_, decimals_, options_, endTime_, feeBps_, creator, initialLiquidity, resolution)
}

// Initialize is a paid mutator transaction binding the contract method 0x147d4c49.
//
// Solidity: function initialize(address baseToken_, uint8 decimals_, address[] options_, uint64 endTime_, uint16 feeBps_, address creator, uint256 initialLiquidity, (uint64,uint256,uint16) resolution) returns()
func (_Market *MarketSession) Initialize(baseToken_ common.Address, decimals_ uint8, options_ []common.Address, endTime_ uint64, feeBps_ uint16, creator common.Address, initialLiquidity *big.Int, resolution MarketResolution) (*types.Transaction, error) {
	return _Market.Contract.Initialize(&_Market.TransactOpts, baseToken_, decimals_, options_, endTime_, feeBps_, creator, initialLiquidity, resolution)
}

// Initialize is a paid mutator transaction binding the contract method 0x147d4c49.
//
// Solidity: function initialize(address baseToken_, uint8 decimals_, address[] options_, uint64 endTime_, uint16 feeBps_, address creator, uint256 initialLiquidity, (uint64,uint256,uint16) resolution) returns()
func (_Market *MarketTransactorSession) Initialize(baseToken_ common.Address, decimals_ uint8, options_ []common.Address, endTime_ uint64, feeBps_ uint16, creator common.Address, initialLiquidity *big.Int, resolution MarketResolution) (*types.Transaction, error) {
	return _Market.Contract.Initialize(&_Market.TransactOpts, baseToken_, decimals_, options_, endTime_, feeBps_, creator, initialLiquidity, resolution)
}

// MergeSets is a paid mutator transaction binding the contract method 0xc26f089f.
//
// Solidity: function mergeSets(uint256 amount) returns()
func (_Market *MarketTransactor) MergeSets(opts *bind.TransactOpts, amount *big.Int) (*types.Transaction, error) {
	return _Market.contract.Transact(opts, "mergeSets", amount)
}

// MergeSets is a paid mutator transaction binding the contract method 0xc26f089f.
//
// Solidity: function mergeSets(uint256 amount) returns()
func (_Market *MarketSession) MergeSets(amount *big.Int) (*types.Transaction, error) {
	return _Market.Contract.MergeSets(&_Market.TransactOpts, amount)
}

// MergeSets is a paid mutator transaction binding the contract method 0xc26f089f.
//
// Solidity: function mergeSets(uint256 amount) returns()
func (_Market *MarketTransactorSession) MergeSets(amount *big.Int) (*types.Transaction, error) {
	return _Market.Contract.MergeSets(&_Market.TransactOpts, amount)
}

// MintSets is a paid mutator transaction binding the contract method 0xb50443a2.
//
// Solidity: function mintSets(uint256 amount) returns()
func (_Market *MarketTransactor) MintSets(opts *bind.TransactOpts, amount *big.Int) (*types.Transaction, error) {
	return _Market.contract.Transact(opts, "mintSets", amount)
}

// MintSets is a paid mutator transaction binding the contract method 0xb50443a2.
//
// Solidity: function mintSets(uint256 amount) returns()
func (_Market *MarketSession) MintSets(amount *big.Int) (*types.Transaction, error) {
	return _Market.Contract.MintSets(&_Market.TransactOpts, amount)
}

// MintSets is a paid mutator transaction binding the contract method 0xb50443a2.
//
// Solidity: function mintSets(uint256 amount) returns()
func (_Market *MarketTransactorSession) MintSets(amount *big.Int) (*types.Transaction, error) {
	return _Market.Contract.MintSets(&_Market.TransactOpts, amount)
}

// RedeemLiquidity is a paid mutator transaction binding the contract method 0xf1e9672d.
//
// Solidity: function redeemLiquidity(uint256 lp) returns(uint256 baseOut, uint256 feesPaid)
func (_Market *MarketTransactor) RedeemLiquidity(opts *bind.TransactOpts, lp *big.Int) (*types.Transaction, error) {
	return _Market.contract.Transact(opts, "redeemLiquidity", lp)
}

// RedeemLiquidity is a paid mutator transaction binding the contract method 0xf1e9672d.
//
// Solidity: function redeemLiquidity(uint256 lp) returns(uint256 baseOut, uint256 feesPaid)
func (_Market *MarketSession) RedeemLiquidity(lp *big.Int) (*types.Transaction, error) {
	return _Market.Contract.RedeemLiquidity(&_Market.TransactOpts, lp)
}

// RedeemLiquidity is a paid mutator transaction binding the contract method 0xf1e9672d.
//
// Solidity: function redeemLiquidity(uint256 lp) returns(uint256 baseOut, uint256 feesPaid)
func (_Market *MarketTransactorSession) RedeemLiquidity(lp *big.Int) (*types.Transaction, error) {
	return _Market.Contract.RedeemLiquidity(&_Market.TransactOpts, lp)
}

// RemoveLiquidity is a paid mutator transaction binding the contract method 0x857620e1.
//
// Solidity: function removeLiquidity(uint256 lp, uint256 minBaseOut, uint256 deadline) returns(uint256 baseOut, uint256 feesPaid)
func (_Market *MarketTransactor) RemoveLiquidity(opts *bind.TransactOpts, lp *big.Int, minBaseOut *big.Int, deadline *big.Int) (*types.Transaction, error) {
	return _Market.contract.Transact(opts, "removeLiquidity", lp, minBaseOut, deadline)
}

// RemoveLiquidity is a paid mutator transaction binding the contract method 0x857620e1.
//
// Solidity: function removeLiquidity(uint256 lp, uint256 minBaseOut, uint256 deadline) returns(uint256 baseOut, uint256 feesPaid)
func (_Market *MarketSession) RemoveLiquidity(lp *big.Int, minBaseOut *big.Int, deadline *big.Int) (*types.Transaction, error) {
	return _Market.Contract.RemoveLiquidity(&_Market.TransactOpts, lp, minBaseOut, deadline)
}

// RemoveLiquidity is a paid mutator transaction binding the contract method 0x857620e1.
//
// Solidity: function removeLiquidity(uint256 lp, uint256 minBaseOut, uint256 deadline) returns(uint256 baseOut, uint256 feesPaid)
func (_Market *MarketTransactorSession) RemoveLiquidity(lp *big.Int, minBaseOut *big.Int, deadline *big.Int) (*types.Transaction, error) {
	return _Market.Contract.RemoveLiquidity(&_Market.TransactOpts, lp, minBaseOut, deadline)
}

// Sell is a paid mutator transaction binding the contract method 0x3620875e.
//
// Solidity: function sell(uint256 optionIndex, uint256 tokensIn, uint256 minBaseOut, uint256 deadline) returns(uint256 baseOut)
func (_Market *MarketTransactor) Sell(opts *bind.TransactOpts, optionIndex *big.Int, tokensIn *big.Int, minBaseOut *big.Int, deadline *big.Int) (*types.Transaction, error) {
	return _Market.contract.Transact(opts, "sell", optionIndex, tokensIn, minBaseOut, deadline)
}

// Sell is a paid mutator transaction binding the contract method 0x3620875e.
//
// Solidity: function sell(uint256 optionIndex, uint256 tokensIn, uint256 minBaseOut, uint256 deadline) returns(uint256 baseOut)
func (_Market *MarketSession) Sell(optionIndex *big.Int, tokensIn *big.Int, minBaseOut *big.Int, deadline *big.Int) (*types.Transaction, error) {
	return _Market.Contract.Sell(&_Market.TransactOpts, optionIndex, tokensIn, minBaseOut, deadline)
}

// Sell is a paid mutator transaction binding the contract method 0x3620875e.
//
// Solidity: function sell(uint256 optionIndex, uint256 tokensIn, uint256 minBaseOut, uint256 deadline) returns(uint256 baseOut)
func (_Market *MarketTransactorSession) Sell(optionIndex *big.Int, tokensIn *big.Int, minBaseOut *big.Int, deadline *big.Int) (*types.Transaction, error) {
	return _Market.Contract.Sell(&_Market.TransactOpts, optionIndex, tokensIn, minBaseOut, deadline)
}

// Settle is a paid mutator transaction binding the contract method 0x8df82800.
//
// Solidity: function settle(uint256 winningOption) returns()
func (_Market *MarketTransactor) Settle(opts *bind.TransactOpts, winningOption *big.Int) (*types.Transaction, error) {
	return _Market.contract.Transact(opts, "settle", winningOption)
}

// Settle is a paid mutator transaction binding the contract method 0x8df82800.
//
// Solidity: function settle(uint256 winningOption) returns()
func (_Market *MarketSession) Settle(winningOption *big.Int) (*types.Transaction, error) {
	return _Market.Contract.Settle(&_Market.TransactOpts, winningOption)
}

// Settle is a paid mutator transaction binding the contract method 0x8df82800.
//
// Solidity: function settle(uint256 winningOption) returns()
func (_Market *MarketTransactorSession) Settle(winningOption *big.Int) (*types.Transaction, error) {
	return _Market.Contract.Settle(&_Market.TransactOpts, winningOption)
}

// Transfer is a paid mutator transaction binding the contract method 0xa9059cbb.
//
// Solidity: function transfer(address to, uint256 amount) returns(bool)
func (_Market *MarketTransactor) Transfer(opts *bind.TransactOpts, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _Market.contract.Transact(opts, "transfer", to, amount)
}

// Transfer is a paid mutator transaction binding the contract method 0xa9059cbb.
//
// Solidity: function transfer(address to, uint256 amount) returns(bool)
func (_Market *MarketSession) Transfer(to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _Market.Contract.Transfer(&_Market.TransactOpts, to, amount)
}

// Transfer is a paid mutator transaction binding the contract method 0xa9059cbb.
//
// Solidity: function transfer(address to, uint256 amount) returns(bool)
func (_Market *MarketTransactorSession) Transfer(to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _Market.Contract.Transfer(&_Market.TransactOpts, to, amount)
}

// TransferFrom is a paid mutator transaction binding the contract method 0x23b872dd.
//
// Solidity: function transferFrom(address from, address to, uint256 amount) returns(bool)
func (_Market *MarketTransactor) TransferFrom(opts *bind.TransactOpts, from common.Address, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _Market.contract.Transact(opts, "transferFrom", from, to, amount)
}

// TransferFrom is a paid mutator transaction binding the contract method 0x23b872dd.
//
// Solidity: function transferFrom(address from, address to, uint256 amount) returns(bool)
func (_Market *MarketSession) TransferFrom(from common.Address, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _Market.Contract.TransferFrom(&_Market.TransactOpts, from, to, amount)
}

// TransferFrom is a paid mutator transaction binding the contract method 0x23b872dd.
//
// Solidity: function transferFrom(address from, address to, uint256 amount) returns(bool)
func (_Market *MarketTransactorSession) TransferFrom(from common.Address, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _Market.Contract.TransferFrom(&_Market.TransactOpts, from, to, amount)
}

// WithdrawFees is a paid mutator transaction binding the contract method 0x476343ee.
//
// Solidity: function withdrawFees() returns(uint256 amount)
func (_Market *MarketTransactor) WithdrawFees(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _Market.contract.Transact(opts, "withdrawFees")
}

// WithdrawFees is a paid mutator transaction binding the contract method 0x476343ee.
//
// Solidity: function withdrawFees() returns(uint256 amount)
func (_Market *MarketSession) WithdrawFees() (*types.Transaction, error) {
	return _Market.Contract.WithdrawFees(&_Market.TransactOpts)
}

// WithdrawFees is a paid mutator transaction binding the contract method 0x476343ee.
//
// Solidity: function withdrawFees() returns(uint256 amount)
func (_Market *MarketTransactorSession) WithdrawFees() (*types.Transaction, error) {
	return _Market.Contract.WithdrawFees(&_Market.TransactOpts)
}

// MarketApprovalIterator is returned from FilterApproval and is used to iterate over the raw logs and unpacked data for Approval events raised by the Market contract.
type MarketApprovalIterator struct {
	Event *MarketApproval // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *MarketApprovalIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(MarketApproval)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(MarketApproval)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *MarketApprovalIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *MarketApprovalIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// MarketApproval represents a Approval event raised by the Market contract.
type MarketApproval struct {
	Owner   common.Address
	Spender common.Address
	Value   *big.Int
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterApproval is a free log retrieval operation binding the contract event 0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925.
//
// Solidity: event Approval(address indexed owner, address indexed spender, uint256 value)
func (_Market *MarketFilterer) FilterApproval(opts *bind.FilterOpts, owner []common.Address, spender []common.Address) (*MarketApprovalIterator, error) {

	var ownerRule []interface{}
	for _, ownerItem := range owner {
		ownerRule = append(ownerRule, ownerItem)
	}
	var spenderRule []interface{}
	for _, spenderItem := range spender {
		spenderRule = append(spenderRule, spenderItem)
	}

	logs, sub, err := _Market.contract.FilterLogs(opts, "Approval", ownerRule, spenderRule)
	if err != nil {
		return nil, err
	}
	return &MarketApprovalIterator{contract: _Market.contract, event: "Approval", logs: logs, sub: sub}, nil
}

// WatchApproval is a free log subscription operation binding the contract event 0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925.
//
// Solidity: event Approval(address indexed owner, address indexed spender, uint256 value)
func (_Market *MarketFilterer) WatchApproval(opts *bind.WatchOpts, sink chan<- *MarketApproval, owner []common.Address, spender []common.Address) (event.Subscription, error) {

	var ownerRule []interface{}
	for _, ownerItem := range owner {
		ownerRule = append(ownerRule, ownerItem)
	}
	var spenderRule []interface{}
	for _, spenderItem := range spender {
		spenderRule = append(spenderRule, spenderItem)
	}

	logs, sub, err := _Market.contract.WatchLogs(opts, "Approval", ownerRule, spenderRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(MarketApproval)
				if err := _Market.contract.UnpackLog(event, "Approval", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseApproval is a log parse operation binding the contract event 0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925.
//
// Solidity: event Approval(address indexed owner, address indexed spender, uint256 value)
func (_Market *MarketFilterer) ParseApproval(log types.Log) (*MarketApproval, error) {
	event := new(MarketApproval)
	if err := _Market.contract.UnpackLog(event, "Approval", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// MarketArbitratedIterator is returned from FilterArbitrated and is used to iterate over the raw logs and unpacked data for Arbitrated events raised by the Market contract.
type MarketArbitratedIterator struct {
	Event *MarketArbitrated // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *MarketArbitratedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(MarketArbitrated)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(MarketArbitrated)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *MarketArbitratedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *MarketArbitratedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// MarketArbitrated represents a Arbitrated event raised by the Market contract.
type MarketArbitrated struct {
	Outcome    *big.Int
	Arbitrator common.Address
	BondWinner common.Address
	Payout     *big.Int
	Fee        *big.Int
	Treasury   common.Address
	Raw        types.Log // Blockchain specific contextual infos
}

// FilterArbitrated is a free log retrieval operation binding the contract event 0xfaeeb29a0e33f53e458070690e745d80a40275cb50fb3eb76ca9e7bf77297482.
//
// Solidity: event Arbitrated(uint256 indexed outcome, address indexed arbitrator, address indexed bondWinner, uint256 payout, uint256 fee, address treasury)
func (_Market *MarketFilterer) FilterArbitrated(opts *bind.FilterOpts, outcome []*big.Int, arbitrator []common.Address, bondWinner []common.Address) (*MarketArbitratedIterator, error) {

	var outcomeRule []interface{}
	for _, outcomeItem := range outcome {
		outcomeRule = append(outcomeRule, outcomeItem)
	}
	var arbitratorRule []interface{}
	for _, arbitratorItem := range arbitrator {
		arbitratorRule = append(arbitratorRule, arbitratorItem)
	}
	var bondWinnerRule []interface{}
	for _, bondWinnerItem := range bondWinner {
		bondWinnerRule = append(bondWinnerRule, bondWinnerItem)
	}

	logs, sub, err := _Market.contract.FilterLogs(opts, "Arbitrated", outcomeRule, arbitratorRule, bondWinnerRule)
	if err != nil {
		return nil, err
	}
	return &MarketArbitratedIterator{contract: _Market.contract, event: "Arbitrated", logs: logs, sub: sub}, nil
}

// WatchArbitrated is a free log subscription operation binding the contract event 0xfaeeb29a0e33f53e458070690e745d80a40275cb50fb3eb76ca9e7bf77297482.
//
// Solidity: event Arbitrated(uint256 indexed outcome, address indexed arbitrator, address indexed bondWinner, uint256 payout, uint256 fee, address treasury)
func (_Market *MarketFilterer) WatchArbitrated(opts *bind.WatchOpts, sink chan<- *MarketArbitrated, outcome []*big.Int, arbitrator []common.Address, bondWinner []common.Address) (event.Subscription, error) {

	var outcomeRule []interface{}
	for _, outcomeItem := range outcome {
		outcomeRule = append(outcomeRule, outcomeItem)
	}
	var arbitratorRule []interface{}
	for _, arbitratorItem := range arbitrator {
		arbitratorRule = append(arbitratorRule, arbitratorItem)
	}
	var bondWinnerRule []interface{}
	for _, bondWinnerItem := range bondWinner {
		bondWinnerRule = append(bondWinnerRule, bondWinnerItem)
	}

	logs, sub, err := _Market.contract.WatchLogs(opts, "Arbitrated", outcomeRule, arbitratorRule, bondWinnerRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(MarketArbitrated)
				if err := _Market.contract.UnpackLog(event, "Arbitrated", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseArbitrated is a log parse operation binding the contract event 0xfaeeb29a0e33f53e458070690e745d80a40275cb50fb3eb76ca9e7bf77297482.
//
// Solidity: event Arbitrated(uint256 indexed outcome, address indexed arbitrator, address indexed bondWinner, uint256 payout, uint256 fee, address treasury)
func (_Market *MarketFilterer) ParseArbitrated(log types.Log) (*MarketArbitrated, error) {
	event := new(MarketArbitrated)
	if err := _Market.contract.UnpackLog(event, "Arbitrated", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// MarketAssertedIterator is returned from FilterAsserted and is used to iterate over the raw logs and unpacked data for Asserted events raised by the Market contract.
type MarketAssertedIterator struct {
	Event *MarketAsserted // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *MarketAssertedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(MarketAsserted)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(MarketAsserted)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *MarketAssertedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *MarketAssertedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// MarketAsserted represents a Asserted event raised by the Market contract.
type MarketAsserted struct {
	Outcome      *big.Int
	Asserter     common.Address
	Bond         *big.Int
	ChallengeEnd *big.Int
	Raw          types.Log // Blockchain specific contextual infos
}

// FilterAsserted is a free log retrieval operation binding the contract event 0x94cda64996cbc6d031bd07a443b133ce94f97e3b0aee247a8c2a73d71cf5e72a.
//
// Solidity: event Asserted(uint256 indexed outcome, address indexed asserter, uint256 bond, uint256 challengeEnd)
func (_Market *MarketFilterer) FilterAsserted(opts *bind.FilterOpts, outcome []*big.Int, asserter []common.Address) (*MarketAssertedIterator, error) {

	var outcomeRule []interface{}
	for _, outcomeItem := range outcome {
		outcomeRule = append(outcomeRule, outcomeItem)
	}
	var asserterRule []interface{}
	for _, asserterItem := range asserter {
		asserterRule = append(asserterRule, asserterItem)
	}

	logs, sub, err := _Market.contract.FilterLogs(opts, "Asserted", outcomeRule, asserterRule)
	if err != nil {
		return nil, err
	}
	return &MarketAssertedIterator{contract: _Market.contract, event: "Asserted", logs: logs, sub: sub}, nil
}

// WatchAsserted is a free log subscription operation binding the contract event 0x94cda64996cbc6d031bd07a443b133ce94f97e3b0aee247a8c2a73d71cf5e72a.
//
// Solidity: event Asserted(uint256 indexed outcome, address indexed asserter, uint256 bond, uint256 challengeEnd)
func (_Market *MarketFilterer) WatchAsserted(opts *bind.WatchOpts, sink chan<- *MarketAsserted, outcome []*big.Int, asserter []common.Address) (event.Subscription, error) {

	var outcomeRule []interface{}
	for _, outcomeItem := range outcome {
		outcomeRule = append(outcomeRule, outcomeItem)
	}
	var asserterRule []interface{}
	for _, asserterItem := range asserter {
		asserterRule = append(asserterRule, asserterItem)
	}

	logs, sub, err := _Market.contract.WatchLogs(opts, "Asserted", outcomeRule, asserterRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(MarketAsserted)
				if err := _Market.contract.UnpackLog(event, "Asserted", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseAsserted is a log parse operation binding the contract event 0x94cda64996cbc6d031bd07a443b133ce94f97e3b0aee247a8c2a73d71cf5e72a.
//
// Solidity: event Asserted(uint256 indexed outcome, address indexed asserter, uint256 bond, uint256 challengeEnd)
func (_Market *MarketFilterer) ParseAsserted(log types.Log) (*MarketAsserted, error) {
	event := new(MarketAsserted)
	if err := _Market.contract.UnpackLog(event, "Asserted", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// MarketBoughtIterator is returned from FilterBought and is used to iterate over the raw logs and unpacked data for Bought events raised by the Market contract.
type MarketBoughtIterator struct {
	Event *MarketBought // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *MarketBoughtIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(MarketBought)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(MarketBought)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *MarketBoughtIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *MarketBoughtIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// MarketBought represents a Bought event raised by the Market contract.
type MarketBought struct {
	Account     common.Address
	OptionIndex *big.Int
	BaseIn      *big.Int
	Fee         *big.Int
	TokensOut   *big.Int
	Balances    []*big.Int
	Raw         types.Log // Blockchain specific contextual infos
}

// FilterBought is a free log retrieval operation binding the contract event 0x280166f6ed905f6db05ace5c269b7d4fb20c252324870b4099c933dddddfce87.
//
// Solidity: event Bought(address indexed account, uint256 indexed optionIndex, uint256 baseIn, uint256 fee, uint256 tokensOut, uint256[] balances)
func (_Market *MarketFilterer) FilterBought(opts *bind.FilterOpts, account []common.Address, optionIndex []*big.Int) (*MarketBoughtIterator, error) {

	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var optionIndexRule []interface{}
	for _, optionIndexItem := range optionIndex {
		optionIndexRule = append(optionIndexRule, optionIndexItem)
	}

	logs, sub, err := _Market.contract.FilterLogs(opts, "Bought", accountRule, optionIndexRule)
	if err != nil {
		return nil, err
	}
	return &MarketBoughtIterator{contract: _Market.contract, event: "Bought", logs: logs, sub: sub}, nil
}

// WatchBought is a free log subscription operation binding the contract event 0x280166f6ed905f6db05ace5c269b7d4fb20c252324870b4099c933dddddfce87.
//
// Solidity: event Bought(address indexed account, uint256 indexed optionIndex, uint256 baseIn, uint256 fee, uint256 tokensOut, uint256[] balances)
func (_Market *MarketFilterer) WatchBought(opts *bind.WatchOpts, sink chan<- *MarketBought, account []common.Address, optionIndex []*big.Int) (event.Subscription, error) {

	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var optionIndexRule []interface{}
	for _, optionIndexItem := range optionIndex {
		optionIndexRule = append(optionIndexRule, optionIndexItem)
	}

	logs, sub, err := _Market.contract.WatchLogs(opts, "Bought", accountRule, optionIndexRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(MarketBought)
				if err := _Market.contract.UnpackLog(event, "Bought", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseBought is a log parse operation binding the contract event 0x280166f6ed905f6db05ace5c269b7d4fb20c252324870b4099c933dddddfce87.
//
// Solidity: event Bought(address indexed account, uint256 indexed optionIndex, uint256 baseIn, uint256 fee, uint256 tokensOut, uint256[] balances)
func (_Market *MarketFilterer) ParseBought(log types.Log) (*MarketBought, error) {
	event := new(MarketBought)
	if err := _Market.contract.UnpackLog(event, "Bought", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// MarketClaimedIterator is returned from FilterClaimed and is used to iterate over the raw logs and unpacked data for Claimed events raised by the Market contract.
type MarketClaimedIterator struct {
	Event *MarketClaimed // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *MarketClaimedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(MarketClaimed)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(MarketClaimed)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *MarketClaimedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *MarketClaimedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// MarketClaimed represents a Claimed event raised by the Market contract.
type MarketClaimed struct {
	Account     common.Address
	OptionIndex *big.Int
	Amount      *big.Int
	Raw         types.Log // Blockchain specific contextual infos
}

// FilterClaimed is a free log retrieval operation binding the contract event 0x987d620f307ff6b94d58743cb7a7509f24071586a77759b77c2d4e29f75a2f9a.
//
// Solidity: event Claimed(address indexed account, uint256 indexed optionIndex, uint256 amount)
func (_Market *MarketFilterer) FilterClaimed(opts *bind.FilterOpts, account []common.Address, optionIndex []*big.Int) (*MarketClaimedIterator, error) {

	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var optionIndexRule []interface{}
	for _, optionIndexItem := range optionIndex {
		optionIndexRule = append(optionIndexRule, optionIndexItem)
	}

	logs, sub, err := _Market.contract.FilterLogs(opts, "Claimed", accountRule, optionIndexRule)
	if err != nil {
		return nil, err
	}
	return &MarketClaimedIterator{contract: _Market.contract, event: "Claimed", logs: logs, sub: sub}, nil
}

// WatchClaimed is a free log subscription operation binding the contract event 0x987d620f307ff6b94d58743cb7a7509f24071586a77759b77c2d4e29f75a2f9a.
//
// Solidity: event Claimed(address indexed account, uint256 indexed optionIndex, uint256 amount)
func (_Market *MarketFilterer) WatchClaimed(opts *bind.WatchOpts, sink chan<- *MarketClaimed, account []common.Address, optionIndex []*big.Int) (event.Subscription, error) {

	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var optionIndexRule []interface{}
	for _, optionIndexItem := range optionIndex {
		optionIndexRule = append(optionIndexRule, optionIndexItem)
	}

	logs, sub, err := _Market.contract.WatchLogs(opts, "Claimed", accountRule, optionIndexRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(MarketClaimed)
				if err := _Market.contract.UnpackLog(event, "Claimed", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseClaimed is a log parse operation binding the contract event 0x987d620f307ff6b94d58743cb7a7509f24071586a77759b77c2d4e29f75a2f9a.
//
// Solidity: event Claimed(address indexed account, uint256 indexed optionIndex, uint256 amount)
func (_Market *MarketFilterer) ParseClaimed(log types.Log) (*MarketClaimed, error) {
	event := new(MarketClaimed)
	if err := _Market.contract.UnpackLog(event, "Claimed", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// MarketDisputedIterator is returned from FilterDisputed and is used to iterate over the raw logs and unpacked data for Disputed events raised by the Market contract.
type MarketDisputedIterator struct {
	Event *MarketDisputed // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *MarketDisputedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(MarketDisputed)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(MarketDisputed)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *MarketDisputedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *MarketDisputedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// MarketDisputed represents a Disputed event raised by the Market contract.
type MarketDisputed struct {
	Disputer common.Address
	Bond     *big.Int
	Raw      types.Log // Blockchain specific contextual infos
}

// FilterDisputed is a free log retrieval operation binding the contract event 0x94799ce1f5151942e96745d7a2d873bfb4ef3c373a34cc901e03e4fdc4c8263f.
//
// Solidity: event Disputed(address indexed disputer, uint256 bond)
func (_Market *MarketFilterer) FilterDisputed(opts *bind.FilterOpts, disputer []common.Address) (*MarketDisputedIterator, error) {

	var disputerRule []interface{}
	for _, disputerItem := range disputer {
		disputerRule = append(disputerRule, disputerItem)
	}

	logs, sub, err := _Market.contract.FilterLogs(opts, "Disputed", disputerRule)
	if err != nil {
		return nil, err
	}
	return &MarketDisputedIterator{contract: _Market.contract, event: "Disputed", logs: logs, sub: sub}, nil
}

// WatchDisputed is a free log subscription operation binding the contract event 0x94799ce1f5151942e96745d7a2d873bfb4ef3c373a34cc901e03e4fdc4c8263f.
//
// Solidity: event Disputed(address indexed disputer, uint256 bond)
func (_Market *MarketFilterer) WatchDisputed(opts *bind.WatchOpts, sink chan<- *MarketDisputed, disputer []common.Address) (event.Subscription, error) {

	var disputerRule []interface{}
	for _, disputerItem := range disputer {
		disputerRule = append(disputerRule, disputerItem)
	}

	logs, sub, err := _Market.contract.WatchLogs(opts, "Disputed", disputerRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(MarketDisputed)
				if err := _Market.contract.UnpackLog(event, "Disputed", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseDisputed is a log parse operation binding the contract event 0x94799ce1f5151942e96745d7a2d873bfb4ef3c373a34cc901e03e4fdc4c8263f.
//
// Solidity: event Disputed(address indexed disputer, uint256 bond)
func (_Market *MarketFilterer) ParseDisputed(log types.Log) (*MarketDisputed, error) {
	event := new(MarketDisputed)
	if err := _Market.contract.UnpackLog(event, "Disputed", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// MarketFeesWithdrawnIterator is returned from FilterFeesWithdrawn and is used to iterate over the raw logs and unpacked data for FeesWithdrawn events raised by the Market contract.
type MarketFeesWithdrawnIterator struct {
	Event *MarketFeesWithdrawn // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *MarketFeesWithdrawnIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(MarketFeesWithdrawn)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(MarketFeesWithdrawn)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *MarketFeesWithdrawnIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *MarketFeesWithdrawnIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// MarketFeesWithdrawn represents a FeesWithdrawn event raised by the Market contract.
type MarketFeesWithdrawn struct {
	Account common.Address
	Amount  *big.Int
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterFeesWithdrawn is a free log retrieval operation binding the contract event 0xc0819c13be868895eb93e40eaceb96de976442fa1d404e5c55f14bb65a8c489a.
//
// Solidity: event FeesWithdrawn(address indexed account, uint256 amount)
func (_Market *MarketFilterer) FilterFeesWithdrawn(opts *bind.FilterOpts, account []common.Address) (*MarketFeesWithdrawnIterator, error) {

	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}

	logs, sub, err := _Market.contract.FilterLogs(opts, "FeesWithdrawn", accountRule)
	if err != nil {
		return nil, err
	}
	return &MarketFeesWithdrawnIterator{contract: _Market.contract, event: "FeesWithdrawn", logs: logs, sub: sub}, nil
}

// WatchFeesWithdrawn is a free log subscription operation binding the contract event 0xc0819c13be868895eb93e40eaceb96de976442fa1d404e5c55f14bb65a8c489a.
//
// Solidity: event FeesWithdrawn(address indexed account, uint256 amount)
func (_Market *MarketFilterer) WatchFeesWithdrawn(opts *bind.WatchOpts, sink chan<- *MarketFeesWithdrawn, account []common.Address) (event.Subscription, error) {

	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}

	logs, sub, err := _Market.contract.WatchLogs(opts, "FeesWithdrawn", accountRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(MarketFeesWithdrawn)
				if err := _Market.contract.UnpackLog(event, "FeesWithdrawn", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseFeesWithdrawn is a log parse operation binding the contract event 0xc0819c13be868895eb93e40eaceb96de976442fa1d404e5c55f14bb65a8c489a.
//
// Solidity: event FeesWithdrawn(address indexed account, uint256 amount)
func (_Market *MarketFilterer) ParseFeesWithdrawn(log types.Log) (*MarketFeesWithdrawn, error) {
	event := new(MarketFeesWithdrawn)
	if err := _Market.contract.UnpackLog(event, "FeesWithdrawn", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// MarketFinalizedIterator is returned from FilterFinalized and is used to iterate over the raw logs and unpacked data for Finalized events raised by the Market contract.
type MarketFinalizedIterator struct {
	Event *MarketFinalized // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *MarketFinalizedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(MarketFinalized)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(MarketFinalized)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *MarketFinalizedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *MarketFinalizedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// MarketFinalized represents a Finalized event raised by the Market contract.
type MarketFinalized struct {
	Outcome      *big.Int
	Asserter     common.Address
	BondReturned *big.Int
	Raw          types.Log // Blockchain specific contextual infos
}

// FilterFinalized is a free log retrieval operation binding the contract event 0x48f30422ceddef46ded34f69ebff2c090f0804e80938b8f2447e769f204ff8f3.
//
// Solidity: event Finalized(uint256 indexed outcome, address indexed asserter, uint256 bondReturned)
func (_Market *MarketFilterer) FilterFinalized(opts *bind.FilterOpts, outcome []*big.Int, asserter []common.Address) (*MarketFinalizedIterator, error) {

	var outcomeRule []interface{}
	for _, outcomeItem := range outcome {
		outcomeRule = append(outcomeRule, outcomeItem)
	}
	var asserterRule []interface{}
	for _, asserterItem := range asserter {
		asserterRule = append(asserterRule, asserterItem)
	}

	logs, sub, err := _Market.contract.FilterLogs(opts, "Finalized", outcomeRule, asserterRule)
	if err != nil {
		return nil, err
	}
	return &MarketFinalizedIterator{contract: _Market.contract, event: "Finalized", logs: logs, sub: sub}, nil
}

// WatchFinalized is a free log subscription operation binding the contract event 0x48f30422ceddef46ded34f69ebff2c090f0804e80938b8f2447e769f204ff8f3.
//
// Solidity: event Finalized(uint256 indexed outcome, address indexed asserter, uint256 bondReturned)
func (_Market *MarketFilterer) WatchFinalized(opts *bind.WatchOpts, sink chan<- *MarketFinalized, outcome []*big.Int, asserter []common.Address) (event.Subscription, error) {

	var outcomeRule []interface{}
	for _, outcomeItem := range outcome {
		outcomeRule = append(outcomeRule, outcomeItem)
	}
	var asserterRule []interface{}
	for _, asserterItem := range asserter {
		asserterRule = append(asserterRule, asserterItem)
	}

	logs, sub, err := _Market.contract.WatchLogs(opts, "Finalized", outcomeRule, asserterRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(MarketFinalized)
				if err := _Market.contract.UnpackLog(event, "Finalized", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseFinalized is a log parse operation binding the contract event 0x48f30422ceddef46ded34f69ebff2c090f0804e80938b8f2447e769f204ff8f3.
//
// Solidity: event Finalized(uint256 indexed outcome, address indexed asserter, uint256 bondReturned)
func (_Market *MarketFilterer) ParseFinalized(log types.Log) (*MarketFinalized, error) {
	event := new(MarketFinalized)
	if err := _Market.contract.UnpackLog(event, "Finalized", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// MarketLiquidityAddedIterator is returned from FilterLiquidityAdded and is used to iterate over the raw logs and unpacked data for LiquidityAdded events raised by the Market contract.
type MarketLiquidityAddedIterator struct {
	Event *MarketLiquidityAdded // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *MarketLiquidityAddedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(MarketLiquidityAdded)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(MarketLiquidityAdded)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *MarketLiquidityAddedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *MarketLiquidityAddedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// MarketLiquidityAdded represents a LiquidityAdded event raised by the Market contract.
type MarketLiquidityAdded struct {
	Account  common.Address
	BaseIn   *big.Int
	LpMinted *big.Int
	SentBack []*big.Int
	Balances []*big.Int
	Raw      types.Log // Blockchain specific contextual infos
}

// FilterLiquidityAdded is a free log retrieval operation binding the contract event 0xdb175f6acfa6ff5369f12468313e9d7b8cfd180d09b4d272f6b94079863870de.
//
// Solidity: event LiquidityAdded(address indexed account, uint256 baseIn, uint256 lpMinted, uint256[] sentBack, uint256[] balances)
func (_Market *MarketFilterer) FilterLiquidityAdded(opts *bind.FilterOpts, account []common.Address) (*MarketLiquidityAddedIterator, error) {

	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}

	logs, sub, err := _Market.contract.FilterLogs(opts, "LiquidityAdded", accountRule)
	if err != nil {
		return nil, err
	}
	return &MarketLiquidityAddedIterator{contract: _Market.contract, event: "LiquidityAdded", logs: logs, sub: sub}, nil
}

// WatchLiquidityAdded is a free log subscription operation binding the contract event 0xdb175f6acfa6ff5369f12468313e9d7b8cfd180d09b4d272f6b94079863870de.
//
// Solidity: event LiquidityAdded(address indexed account, uint256 baseIn, uint256 lpMinted, uint256[] sentBack, uint256[] balances)
func (_Market *MarketFilterer) WatchLiquidityAdded(opts *bind.WatchOpts, sink chan<- *MarketLiquidityAdded, account []common.Address) (event.Subscription, error) {

	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}

	logs, sub, err := _Market.contract.WatchLogs(opts, "LiquidityAdded", accountRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(MarketLiquidityAdded)
				if err := _Market.contract.UnpackLog(event, "LiquidityAdded", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseLiquidityAdded is a log parse operation binding the contract event 0xdb175f6acfa6ff5369f12468313e9d7b8cfd180d09b4d272f6b94079863870de.
//
// Solidity: event LiquidityAdded(address indexed account, uint256 baseIn, uint256 lpMinted, uint256[] sentBack, uint256[] balances)
func (_Market *MarketFilterer) ParseLiquidityAdded(log types.Log) (*MarketLiquidityAdded, error) {
	event := new(MarketLiquidityAdded)
	if err := _Market.contract.UnpackLog(event, "LiquidityAdded", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// MarketLiquidityRedeemedIterator is returned from FilterLiquidityRedeemed and is used to iterate over the raw logs and unpacked data for LiquidityRedeemed events raised by the Market contract.
type MarketLiquidityRedeemedIterator struct {
	Event *MarketLiquidityRedeemed // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *MarketLiquidityRedeemedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(MarketLiquidityRedeemed)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(MarketLiquidityRedeemed)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *MarketLiquidityRedeemedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *MarketLiquidityRedeemedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// MarketLiquidityRedeemed represents a LiquidityRedeemed event raised by the Market contract.
type MarketLiquidityRedeemed struct {
	Account  common.Address
	LpBurned *big.Int
	BaseOut  *big.Int
	Balances []*big.Int
	Raw      types.Log // Blockchain specific contextual infos
}

// FilterLiquidityRedeemed is a free log retrieval operation binding the contract event 0xe72b790521edd75f35c484942fe2470abf793394b9dae30718920c1f3097028b.
//
// Solidity: event LiquidityRedeemed(address indexed account, uint256 lpBurned, uint256 baseOut, uint256[] balances)
func (_Market *MarketFilterer) FilterLiquidityRedeemed(opts *bind.FilterOpts, account []common.Address) (*MarketLiquidityRedeemedIterator, error) {

	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}

	logs, sub, err := _Market.contract.FilterLogs(opts, "LiquidityRedeemed", accountRule)
	if err != nil {
		return nil, err
	}
	return &MarketLiquidityRedeemedIterator{contract: _Market.contract, event: "LiquidityRedeemed", logs: logs, sub: sub}, nil
}

// WatchLiquidityRedeemed is a free log subscription operation binding the contract event 0xe72b790521edd75f35c484942fe2470abf793394b9dae30718920c1f3097028b.
//
// Solidity: event LiquidityRedeemed(address indexed account, uint256 lpBurned, uint256 baseOut, uint256[] balances)
func (_Market *MarketFilterer) WatchLiquidityRedeemed(opts *bind.WatchOpts, sink chan<- *MarketLiquidityRedeemed, account []common.Address) (event.Subscription, error) {

	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}

	logs, sub, err := _Market.contract.WatchLogs(opts, "LiquidityRedeemed", accountRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(MarketLiquidityRedeemed)
				if err := _Market.contract.UnpackLog(event, "LiquidityRedeemed", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseLiquidityRedeemed is a log parse operation binding the contract event 0xe72b790521edd75f35c484942fe2470abf793394b9dae30718920c1f3097028b.
//
// Solidity: event LiquidityRedeemed(address indexed account, uint256 lpBurned, uint256 baseOut, uint256[] balances)
func (_Market *MarketFilterer) ParseLiquidityRedeemed(log types.Log) (*MarketLiquidityRedeemed, error) {
	event := new(MarketLiquidityRedeemed)
	if err := _Market.contract.UnpackLog(event, "LiquidityRedeemed", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// MarketLiquidityRemovedIterator is returned from FilterLiquidityRemoved and is used to iterate over the raw logs and unpacked data for LiquidityRemoved events raised by the Market contract.
type MarketLiquidityRemovedIterator struct {
	Event *MarketLiquidityRemoved // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *MarketLiquidityRemovedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(MarketLiquidityRemoved)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(MarketLiquidityRemoved)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *MarketLiquidityRemovedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *MarketLiquidityRemovedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// MarketLiquidityRemoved represents a LiquidityRemoved event raised by the Market contract.
type MarketLiquidityRemoved struct {
	Account  common.Address
	LpBurned *big.Int
	BaseOut  *big.Int
	SentBack []*big.Int
	Balances []*big.Int
	Raw      types.Log // Blockchain specific contextual infos
}

// FilterLiquidityRemoved is a free log retrieval operation binding the contract event 0x85b0dea315e697fd2dc15205da837c2453fefb7bb722537042e813fa41e25f9e.
//
// Solidity: event LiquidityRemoved(address indexed account, uint256 lpBurned, uint256 baseOut, uint256[] sentBack, uint256[] balances)
func (_Market *MarketFilterer) FilterLiquidityRemoved(opts *bind.FilterOpts, account []common.Address) (*MarketLiquidityRemovedIterator, error) {

	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}

	logs, sub, err := _Market.contract.FilterLogs(opts, "LiquidityRemoved", accountRule)
	if err != nil {
		return nil, err
	}
	return &MarketLiquidityRemovedIterator{contract: _Market.contract, event: "LiquidityRemoved", logs: logs, sub: sub}, nil
}

// WatchLiquidityRemoved is a free log subscription operation binding the contract event 0x85b0dea315e697fd2dc15205da837c2453fefb7bb722537042e813fa41e25f9e.
//
// Solidity: event LiquidityRemoved(address indexed account, uint256 lpBurned, uint256 baseOut, uint256[] sentBack, uint256[] balances)
func (_Market *MarketFilterer) WatchLiquidityRemoved(opts *bind.WatchOpts, sink chan<- *MarketLiquidityRemoved, account []common.Address) (event.Subscription, error) {

	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}

	logs, sub, err := _Market.contract.WatchLogs(opts, "LiquidityRemoved", accountRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(MarketLiquidityRemoved)
				if err := _Market.contract.UnpackLog(event, "LiquidityRemoved", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseLiquidityRemoved is a log parse operation binding the contract event 0x85b0dea315e697fd2dc15205da837c2453fefb7bb722537042e813fa41e25f9e.
//
// Solidity: event LiquidityRemoved(address indexed account, uint256 lpBurned, uint256 baseOut, uint256[] sentBack, uint256[] balances)
func (_Market *MarketFilterer) ParseLiquidityRemoved(log types.Log) (*MarketLiquidityRemoved, error) {
	event := new(MarketLiquidityRemoved)
	if err := _Market.contract.UnpackLog(event, "LiquidityRemoved", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// MarketSetsMergedIterator is returned from FilterSetsMerged and is used to iterate over the raw logs and unpacked data for SetsMerged events raised by the Market contract.
type MarketSetsMergedIterator struct {
	Event *MarketSetsMerged // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *MarketSetsMergedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(MarketSetsMerged)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(MarketSetsMerged)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *MarketSetsMergedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *MarketSetsMergedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// MarketSetsMerged represents a SetsMerged event raised by the Market contract.
type MarketSetsMerged struct {
	Account common.Address
	Amount  *big.Int
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterSetsMerged is a free log retrieval operation binding the contract event 0x2b1b561aa63be8d4d47da73a53b93feab80584fe91e43fda95e2ada3a19f7d01.
//
// Solidity: event SetsMerged(address indexed account, uint256 amount)
func (_Market *MarketFilterer) FilterSetsMerged(opts *bind.FilterOpts, account []common.Address) (*MarketSetsMergedIterator, error) {

	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}

	logs, sub, err := _Market.contract.FilterLogs(opts, "SetsMerged", accountRule)
	if err != nil {
		return nil, err
	}
	return &MarketSetsMergedIterator{contract: _Market.contract, event: "SetsMerged", logs: logs, sub: sub}, nil
}

// WatchSetsMerged is a free log subscription operation binding the contract event 0x2b1b561aa63be8d4d47da73a53b93feab80584fe91e43fda95e2ada3a19f7d01.
//
// Solidity: event SetsMerged(address indexed account, uint256 amount)
func (_Market *MarketFilterer) WatchSetsMerged(opts *bind.WatchOpts, sink chan<- *MarketSetsMerged, account []common.Address) (event.Subscription, error) {

	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}

	logs, sub, err := _Market.contract.WatchLogs(opts, "SetsMerged", accountRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(MarketSetsMerged)
				if err := _Market.contract.UnpackLog(event, "SetsMerged", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseSetsMerged is a log parse operation binding the contract event 0x2b1b561aa63be8d4d47da73a53b93feab80584fe91e43fda95e2ada3a19f7d01.
//
// Solidity: event SetsMerged(address indexed account, uint256 amount)
func (_Market *MarketFilterer) ParseSetsMerged(log types.Log) (*MarketSetsMerged, error) {
	event := new(MarketSetsMerged)
	if err := _Market.contract.UnpackLog(event, "SetsMerged", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// MarketSetsMintedIterator is returned from FilterSetsMinted and is used to iterate over the raw logs and unpacked data for SetsMinted events raised by the Market contract.
type MarketSetsMintedIterator struct {
	Event *MarketSetsMinted // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *MarketSetsMintedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(MarketSetsMinted)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(MarketSetsMinted)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *MarketSetsMintedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *MarketSetsMintedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// MarketSetsMinted represents a SetsMinted event raised by the Market contract.
type MarketSetsMinted struct {
	Account common.Address
	Amount  *big.Int
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterSetsMinted is a free log retrieval operation binding the contract event 0xd8a3096dd1d3d8a8efdccc3ec51cd2f87dcb3750bcc3c6c847f8927fd7f60220.
//
// Solidity: event SetsMinted(address indexed account, uint256 amount)
func (_Market *MarketFilterer) FilterSetsMinted(opts *bind.FilterOpts, account []common.Address) (*MarketSetsMintedIterator, error) {

	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}

	logs, sub, err := _Market.contract.FilterLogs(opts, "SetsMinted", accountRule)
	if err != nil {
		return nil, err
	}
	return &MarketSetsMintedIterator{contract: _Market.contract, event: "SetsMinted", logs: logs, sub: sub}, nil
}

// WatchSetsMinted is a free log subscription operation binding the contract event 0xd8a3096dd1d3d8a8efdccc3ec51cd2f87dcb3750bcc3c6c847f8927fd7f60220.
//
// Solidity: event SetsMinted(address indexed account, uint256 amount)
func (_Market *MarketFilterer) WatchSetsMinted(opts *bind.WatchOpts, sink chan<- *MarketSetsMinted, account []common.Address) (event.Subscription, error) {

	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}

	logs, sub, err := _Market.contract.WatchLogs(opts, "SetsMinted", accountRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(MarketSetsMinted)
				if err := _Market.contract.UnpackLog(event, "SetsMinted", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseSetsMinted is a log parse operation binding the contract event 0xd8a3096dd1d3d8a8efdccc3ec51cd2f87dcb3750bcc3c6c847f8927fd7f60220.
//
// Solidity: event SetsMinted(address indexed account, uint256 amount)
func (_Market *MarketFilterer) ParseSetsMinted(log types.Log) (*MarketSetsMinted, error) {
	event := new(MarketSetsMinted)
	if err := _Market.contract.UnpackLog(event, "SetsMinted", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// MarketSettledIterator is returned from FilterSettled and is used to iterate over the raw logs and unpacked data for Settled events raised by the Market contract.
type MarketSettledIterator struct {
	Event *MarketSettled // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *MarketSettledIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(MarketSettled)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(MarketSettled)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *MarketSettledIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *MarketSettledIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// MarketSettled represents a Settled event raised by the Market contract.
type MarketSettled struct {
	WinningIndex *big.Int
	Resolver     common.Address
	Raw          types.Log // Blockchain specific contextual infos
}

// FilterSettled is a free log retrieval operation binding the contract event 0x1ddc75d9b5fc6d37e23b3284e94f0db77b95dfe06b38540ac86c16e6ee3f7238.
//
// Solidity: event Settled(uint256 indexed winningIndex, address indexed resolver)
func (_Market *MarketFilterer) FilterSettled(opts *bind.FilterOpts, winningIndex []*big.Int, resolver []common.Address) (*MarketSettledIterator, error) {

	var winningIndexRule []interface{}
	for _, winningIndexItem := range winningIndex {
		winningIndexRule = append(winningIndexRule, winningIndexItem)
	}
	var resolverRule []interface{}
	for _, resolverItem := range resolver {
		resolverRule = append(resolverRule, resolverItem)
	}

	logs, sub, err := _Market.contract.FilterLogs(opts, "Settled", winningIndexRule, resolverRule)
	if err != nil {
		return nil, err
	}
	return &MarketSettledIterator{contract: _Market.contract, event: "Settled", logs: logs, sub: sub}, nil
}

// WatchSettled is a free log subscription operation binding the contract event 0x1ddc75d9b5fc6d37e23b3284e94f0db77b95dfe06b38540ac86c16e6ee3f7238.
//
// Solidity: event Settled(uint256 indexed winningIndex, address indexed resolver)
func (_Market *MarketFilterer) WatchSettled(opts *bind.WatchOpts, sink chan<- *MarketSettled, winningIndex []*big.Int, resolver []common.Address) (event.Subscription, error) {

	var winningIndexRule []interface{}
	for _, winningIndexItem := range winningIndex {
		winningIndexRule = append(winningIndexRule, winningIndexItem)
	}
	var resolverRule []interface{}
	for _, resolverItem := range resolver {
		resolverRule = append(resolverRule, resolverItem)
	}

	logs, sub, err := _Market.contract.WatchLogs(opts, "Settled", winningIndexRule, resolverRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(MarketSettled)
				if err := _Market.contract.UnpackLog(event, "Settled", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseSettled is a log parse operation binding the contract event 0x1ddc75d9b5fc6d37e23b3284e94f0db77b95dfe06b38540ac86c16e6ee3f7238.
//
// Solidity: event Settled(uint256 indexed winningIndex, address indexed resolver)
func (_Market *MarketFilterer) ParseSettled(log types.Log) (*MarketSettled, error) {
	event := new(MarketSettled)
	if err := _Market.contract.UnpackLog(event, "Settled", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// MarketSoldIterator is returned from FilterSold and is used to iterate over the raw logs and unpacked data for Sold events raised by the Market contract.
type MarketSoldIterator struct {
	Event *MarketSold // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *MarketSoldIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(MarketSold)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(MarketSold)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *MarketSoldIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *MarketSoldIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// MarketSold represents a Sold event raised by the Market contract.
type MarketSold struct {
	Account     common.Address
	OptionIndex *big.Int
	BaseOut     *big.Int
	Fee         *big.Int
	TokensIn    *big.Int
	Balances    []*big.Int
	Raw         types.Log // Blockchain specific contextual infos
}

// FilterSold is a free log retrieval operation binding the contract event 0x7dbe27b626c2b01193d9100b673c26c147d8dfc397cac5c1bc6f76c882a2d746.
//
// Solidity: event Sold(address indexed account, uint256 indexed optionIndex, uint256 baseOut, uint256 fee, uint256 tokensIn, uint256[] balances)
func (_Market *MarketFilterer) FilterSold(opts *bind.FilterOpts, account []common.Address, optionIndex []*big.Int) (*MarketSoldIterator, error) {

	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var optionIndexRule []interface{}
	for _, optionIndexItem := range optionIndex {
		optionIndexRule = append(optionIndexRule, optionIndexItem)
	}

	logs, sub, err := _Market.contract.FilterLogs(opts, "Sold", accountRule, optionIndexRule)
	if err != nil {
		return nil, err
	}
	return &MarketSoldIterator{contract: _Market.contract, event: "Sold", logs: logs, sub: sub}, nil
}

// WatchSold is a free log subscription operation binding the contract event 0x7dbe27b626c2b01193d9100b673c26c147d8dfc397cac5c1bc6f76c882a2d746.
//
// Solidity: event Sold(address indexed account, uint256 indexed optionIndex, uint256 baseOut, uint256 fee, uint256 tokensIn, uint256[] balances)
func (_Market *MarketFilterer) WatchSold(opts *bind.WatchOpts, sink chan<- *MarketSold, account []common.Address, optionIndex []*big.Int) (event.Subscription, error) {

	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var optionIndexRule []interface{}
	for _, optionIndexItem := range optionIndex {
		optionIndexRule = append(optionIndexRule, optionIndexItem)
	}

	logs, sub, err := _Market.contract.WatchLogs(opts, "Sold", accountRule, optionIndexRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(MarketSold)
				if err := _Market.contract.UnpackLog(event, "Sold", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseSold is a log parse operation binding the contract event 0x7dbe27b626c2b01193d9100b673c26c147d8dfc397cac5c1bc6f76c882a2d746.
//
// Solidity: event Sold(address indexed account, uint256 indexed optionIndex, uint256 baseOut, uint256 fee, uint256 tokensIn, uint256[] balances)
func (_Market *MarketFilterer) ParseSold(log types.Log) (*MarketSold, error) {
	event := new(MarketSold)
	if err := _Market.contract.UnpackLog(event, "Sold", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// MarketTransferIterator is returned from FilterTransfer and is used to iterate over the raw logs and unpacked data for Transfer events raised by the Market contract.
type MarketTransferIterator struct {
	Event *MarketTransfer // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *MarketTransferIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(MarketTransfer)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(MarketTransfer)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *MarketTransferIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *MarketTransferIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// MarketTransfer represents a Transfer event raised by the Market contract.
type MarketTransfer struct {
	From  common.Address
	To    common.Address
	Value *big.Int
	Raw   types.Log // Blockchain specific contextual infos
}

// FilterTransfer is a free log retrieval operation binding the contract event 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef.
//
// Solidity: event Transfer(address indexed from, address indexed to, uint256 value)
func (_Market *MarketFilterer) FilterTransfer(opts *bind.FilterOpts, from []common.Address, to []common.Address) (*MarketTransferIterator, error) {

	var fromRule []interface{}
	for _, fromItem := range from {
		fromRule = append(fromRule, fromItem)
	}
	var toRule []interface{}
	for _, toItem := range to {
		toRule = append(toRule, toItem)
	}

	logs, sub, err := _Market.contract.FilterLogs(opts, "Transfer", fromRule, toRule)
	if err != nil {
		return nil, err
	}
	return &MarketTransferIterator{contract: _Market.contract, event: "Transfer", logs: logs, sub: sub}, nil
}

// WatchTransfer is a free log subscription operation binding the contract event 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef.
//
// Solidity: event Transfer(address indexed from, address indexed to, uint256 value)
func (_Market *MarketFilterer) WatchTransfer(opts *bind.WatchOpts, sink chan<- *MarketTransfer, from []common.Address, to []common.Address) (event.Subscription, error) {

	var fromRule []interface{}
	for _, fromItem := range from {
		fromRule = append(fromRule, fromItem)
	}
	var toRule []interface{}
	for _, toItem := range to {
		toRule = append(toRule, toItem)
	}

	logs, sub, err := _Market.contract.WatchLogs(opts, "Transfer", fromRule, toRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(MarketTransfer)
				if err := _Market.contract.UnpackLog(event, "Transfer", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseTransfer is a log parse operation binding the contract event 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef.
//
// Solidity: event Transfer(address indexed from, address indexed to, uint256 value)
func (_Market *MarketFilterer) ParseTransfer(log types.Log) (*MarketTransfer, error) {
	event := new(MarketTransfer)
	if err := _Market.contract.UnpackLog(event, "Transfer", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// MarketVoidClaimedIterator is returned from FilterVoidClaimed and is used to iterate over the raw logs and unpacked data for VoidClaimed events raised by the Market contract.
type MarketVoidClaimedIterator struct {
	Event *MarketVoidClaimed // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *MarketVoidClaimedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(MarketVoidClaimed)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(MarketVoidClaimed)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *MarketVoidClaimedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *MarketVoidClaimedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// MarketVoidClaimed represents a VoidClaimed event raised by the Market contract.
type MarketVoidClaimed struct {
	Account common.Address
	Amounts []*big.Int
	BaseOut *big.Int
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterVoidClaimed is a free log retrieval operation binding the contract event 0x2ad8f0f65e814aa7936113dfc6e1f98cd1fd7a72a4fb1942e6d12e1c56e43b69.
//
// Solidity: event VoidClaimed(address indexed account, uint256[] amounts, uint256 baseOut)
func (_Market *MarketFilterer) FilterVoidClaimed(opts *bind.FilterOpts, account []common.Address) (*MarketVoidClaimedIterator, error) {

	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}

	logs, sub, err := _Market.contract.FilterLogs(opts, "VoidClaimed", accountRule)
	if err != nil {
		return nil, err
	}
	return &MarketVoidClaimedIterator{contract: _Market.contract, event: "VoidClaimed", logs: logs, sub: sub}, nil
}

// WatchVoidClaimed is a free log subscription operation binding the contract event 0x2ad8f0f65e814aa7936113dfc6e1f98cd1fd7a72a4fb1942e6d12e1c56e43b69.
//
// Solidity: event VoidClaimed(address indexed account, uint256[] amounts, uint256 baseOut)
func (_Market *MarketFilterer) WatchVoidClaimed(opts *bind.WatchOpts, sink chan<- *MarketVoidClaimed, account []common.Address) (event.Subscription, error) {

	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}

	logs, sub, err := _Market.contract.WatchLogs(opts, "VoidClaimed", accountRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(MarketVoidClaimed)
				if err := _Market.contract.UnpackLog(event, "VoidClaimed", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseVoidClaimed is a log parse operation binding the contract event 0x2ad8f0f65e814aa7936113dfc6e1f98cd1fd7a72a4fb1942e6d12e1c56e43b69.
//
// Solidity: event VoidClaimed(address indexed account, uint256[] amounts, uint256 baseOut)
func (_Market *MarketFilterer) ParseVoidClaimed(log types.Log) (*MarketVoidClaimed, error) {
	event := new(MarketVoidClaimed)
	if err := _Market.contract.UnpackLog(event, "VoidClaimed", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// MarketVoidedIterator is returned from FilterVoided and is used to iterate over the raw logs and unpacked data for Voided events raised by the Market contract.
type MarketVoidedIterator struct {
	Event *MarketVoided // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *MarketVoidedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(MarketVoided)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(MarketVoided)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *MarketVoidedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *MarketVoidedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// MarketVoided represents a Voided event raised by the Market contract.
type MarketVoided struct {
	Resolver common.Address
	Raw      types.Log // Blockchain specific contextual infos
}

// FilterVoided is a free log retrieval operation binding the contract event 0x6a22d00146070e6ae40e0c3b09f4713c1eb48589a845ed3bdc9dd058f4d84c59.
//
// Solidity: event Voided(address indexed resolver)
func (_Market *MarketFilterer) FilterVoided(opts *bind.FilterOpts, resolver []common.Address) (*MarketVoidedIterator, error) {

	var resolverRule []interface{}
	for _, resolverItem := range resolver {
		resolverRule = append(resolverRule, resolverItem)
	}

	logs, sub, err := _Market.contract.FilterLogs(opts, "Voided", resolverRule)
	if err != nil {
		return nil, err
	}
	return &MarketVoidedIterator{contract: _Market.contract, event: "Voided", logs: logs, sub: sub}, nil
}

// WatchVoided is a free log subscription operation binding the contract event 0x6a22d00146070e6ae40e0c3b09f4713c1eb48589a845ed3bdc9dd058f4d84c59.
//
// Solidity: event Voided(address indexed resolver)
func (_Market *MarketFilterer) WatchVoided(opts *bind.WatchOpts, sink chan<- *MarketVoided, resolver []common.Address) (event.Subscription, error) {

	var resolverRule []interface{}
	for _, resolverItem := range resolver {
		resolverRule = append(resolverRule, resolverItem)
	}

	logs, sub, err := _Market.contract.WatchLogs(opts, "Voided", resolverRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(MarketVoided)
				if err := _Market.contract.UnpackLog(event, "Voided", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseVoided is a log parse operation binding the contract event 0x6a22d00146070e6ae40e0c3b09f4713c1eb48589a845ed3bdc9dd058f4d84c59.
//
// Solidity: event Voided(address indexed resolver)
func (_Market *MarketFilterer) ParseVoided(log types.Log) (*MarketVoided, error) {
	event := new(MarketVoided)
	if err := _Market.contract.UnpackLog(event, "Voided", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// MarketFactoryMetaData contains all meta data concerning the MarketFactory contract.
var MarketFactoryMetaData = &bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner_\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"defaultFeeBps_\",\"type\":\"uint256\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"BaseTokenNotAllowed\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"challengeWindow\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"maxChallengeWindow\",\"type\":\"uint256\"}],\"name\":\"ChallengeWindowTooLong\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"feeBps\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"maxFeeBps\",\"type\":\"uint256\"}],\"name\":\"DisputeFeeTooHigh\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"feeBps\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"maxFeeBps\",\"type\":\"uint256\"}],\"name\":\"FeeTooHigh\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"endTime\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"timestamp\",\"type\":\"uint256\"}],\"name\":\"InvalidEndTime\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"count\",\"type\":\"uint256\"}],\"name\":\"InvalidOptionCount\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"market\",\"type\":\"address\"}],\"name\":\"MarketExists\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"caller\",\"type\":\"address\"}],\"name\":\"NotAdmin\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"caller\",\"type\":\"address\"}],\"name\":\"NotOwner\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"Overflow\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"TransferFailed\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroAddress\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroAmount\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"arbitrator\",\"type\":\"address\"}],\"name\":\"ArbitratorChanged\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"bool\",\"name\":\"allowed\",\"type\":\"bool\"}],\"name\":\"BaseTokenAllowed\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"feeBps\",\"type\":\"uint256\"}],\"name\":\"DefaultFeeChanged\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"feeBps\",\"type\":\"uint256\"}],\"name\":\"DisputeFeeChanged\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"market\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"creator\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"baseToken\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"address[]\",\"name\":\"options\",\"type\":\"address[]\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"endTime\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"feeBps\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"initialLiquidity\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"bytes32\",\"name\":\"metadataHash\",\"type\":\"bytes32\"}],\"name\":\"MarketCreated\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"market\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"challengeWindow\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"bond\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"disputeFeeBps\",\"type\":\"uint256\"}],\"name\":\"MarketResolution\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"previousOwner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"newOwner\",\"type\":\"address\"}],\"name\":\"OwnershipTransferred\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"challengeWindow\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"bond\",\"type\":\"uint256\"}],\"name\":\"ResolutionDefaultsChanged\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":false,\"internalType\":\"bool\",\"name\":\"granted\",\"type\":\"bool\"}],\"name\":\"RoleChanged\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"treasury\",\"type\":\"address\"}],\"name\":\"TreasuryChanged\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"ADMIN_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"MAX_CHALLENGE_WINDOW\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"MAX_DISPUTE_FEE_BPS\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"MAX_FEE_BPS\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"MAX_OPTIONS\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"MIN_OPTIONS\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"RESOLVER_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"arbitrator\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"canSettle\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"baseToken\",\"type\":\"address\"},{\"internalType\":\"string[]\",\"name\":\"optionNames\",\"type\":\"string[]\"},{\"internalType\":\"uint256\",\"name\":\"endTime\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"feeBps\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"initialLiquidity\",\"type\":\"uint256\"},{\"internalType\":\"bytes32\",\"name\":\"salt\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"metadataHash\",\"type\":\"bytes32\"}],\"name\":\"createMarket\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"market\",\"type\":\"address\"},{\"internalType\":\"address[]\",\"name\":\"options\",\"type\":\"address[]\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"baseToken\",\"type\":\"address\"},{\"internalType\":\"string[]\",\"name\":\"optionNames\",\"type\":\"string[]\"},{\"internalType\":\"uint256\",\"name\":\"endTime\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"feeBps\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"initialLiquidity\",\"type\":\"uint256\"},{\"internalType\":\"bytes32\",\"name\":\"salt\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"metadataHash\",\"type\":\"bytes32\"},{\"internalType\":\"uint256\",\"name\":\"challengeWindow\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"bond\",\"type\":\"uint256\"}],\"name\":\"createMarketWithResolution\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"market\",\"type\":\"address\"},{\"internalType\":\"address[]\",\"name\":\"options\",\"type\":\"address[]\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"defaultBond\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"defaultChallengeWindow\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"defaultFeeBps\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"disputeFeeBps\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"name\":\"isAdmin\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"name\":\"isBaseToken\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"name\":\"isMarket\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"name\":\"isResolver\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"marketImplementation\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"optionImplementation\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"owner\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"creator\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"salt\",\"type\":\"bytes32\"}],\"name\":\"predictMarket\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"market\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"index\",\"type\":\"uint256\"}],\"name\":\"predictOption\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"internalType\":\"bool\",\"name\":\"granted\",\"type\":\"bool\"}],\"name\":\"setAdmin\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"setArbitrator\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"bool\",\"name\":\"allowed\",\"type\":\"bool\"}],\"name\":\"setBaseToken\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"feeBps\",\"type\":\"uint256\"}],\"name\":\"setDefaultFeeBps\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"feeBps\",\"type\":\"uint256\"}],\"name\":\"setDisputeFeeBps\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"challengeWindow\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"bond\",\"type\":\"uint256\"}],\"name\":\"setResolutionDefaults\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"internalType\":\"bool\",\"name\":\"granted\",\"type\":\"bool\"}],\"name\":\"setResolver\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"setTreasury\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"newOwner\",\"type\":\"address\"}],\"name\":\"transferOwnership\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"treasury\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"}]",
	Sigs: map[string]string{
		"75b238fc": "ADMIN_ROLE()",
		"51586ecb": "MAX_CHALLENGE_WINDOW()",
		"339ee557": "MAX_DISPUTE_FEE_BPS()",
		"d55be8c6": "MAX_FEE_BPS()",
		"0da183d6": "MAX_OPTIONS()",
		"65104334": "MIN_OPTIONS()",
		"78fab260": "RESOLVER_ROLE()",
		"6cc6cde1": "arbitrator()",
		"78d03cb2": "canSettle(address)",
		"d85dbb9b": "createMarket(address,string[],uint256,uint256,uint256,bytes32,bytes32)",
		"9c0f7214": "createMarketWithResolution(address,string[],uint256,uint256,uint256,bytes32,bytes32,uint256,uint256)",
		"8333cb06": "defaultBond()",
		"e41bf840": "defaultChallengeWindow()",
		"bcae25a4": "defaultFeeBps()",
		"14ecae36": "disputeFeeBps()",
		"24d7806c": "isAdmin(address)",
		"85bb6a3c": "isBaseToken(address)",
		"6ec934da": "isMarket(address)",
		"9ea7d587": "isResolver(address)",
		"39cfc386": "marketImplementation()",
		"74004cf6": "optionImplementation()",
		"8da5cb5b": "owner()",
		"f09c63de": "predictMarket(address,bytes32)",
		"0e7c44b5": "predictOption(address,uint256)",
		"4b0bddd2": "setAdmin(address,bool)",
		"b0eefabe": "setArbitrator(address)",
		"b23e3014": "setBaseToken(address,bool)",
		"4373a286": "setDefaultFeeBps(uint256)",
		"1d3daca0": "setDisputeFeeBps(uint256)",
		"08709168": "setResolutionDefaults(uint256,uint256)",
		"1da6ed7c": "setResolver(address,bool)",
		"f0f44260": "setTreasury(address)",
		"f2fde38b": "transferOwnership(address)",
		"61d027b3": "treasury()",
	},
	Bin: "0x60c06040523480156200001157600080fd5b5060405162008e9f38038062008e9f8339810160408190526200003491620001ed565b816001600160a01b0381166200005d5760405163d92e233d60e01b815260040160405180910390fd5b600080546001600160a01b0319166001600160a01b03831690811782556040519091907f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0908290a3506103e8811115620000d9576040516373ab893560e11b8152600481018290526103e8602482015260440160405180910390fd5b60018190556040518181527f47c26d86c0cb4918d3bd962b301c7862a23ebc8bd9be594cbb8517e7fa4a4d3b9060200160405180910390a1600780546001600160a01b0319166001600160a01b0384169081179091556040517fc714d22a2f08b695f81e7c707058db484aa5b4d6b4c9fd64beb10fe85832f60890600090a26040516200016690620001d1565b604051809103906000f08015801562000183573d6000803e3d6000fd5b506001600160a01b03166080526040516200019e90620001df565b604051809103906000f080158015620001bb573d6000803e3d6000fd5b506001600160a01b031660a05250620002299050565b615a9f806200247b83390190565b610f858062007f1a83390190565b600080604083850312156200020157600080fd5b82516001600160a01b03811681146200021957600080fd5b6020939093015192949293505050565b60805160a051612209620002726000396000818161039e0152818161060901526115740152600081816102f601528181610d3e015281816113ff015261147801526122096000f3fe608060405234801561001057600080fd5b50600436106102265760003560e01c806375b238fc1161012a578063b0eefabe116100bd578063d85dbb9b1161008c578063f09c63de11610071578063f09c63de146104f8578063f0f442601461050b578063f2fde38b1461051e57600080fd5b8063d85dbb9b146104dc578063e41bf840146104ef57600080fd5b8063b0eefabe146104a4578063b23e3014146104b7578063bcae25a4146104ca578063d55be8c6146104d357600080fd5b806385bb6a3c116100f957806385bb6a3c1461042a5780638da5cb5b1461044d5780639c0f7214146104605780639ea7d5871461048157600080fd5b806375b238fc146103c057806378d03cb2146103e757806378fab260146103fa5780638333cb061461042157600080fd5b806339cfc386116101bd57806361d027b31161018c5780636cc6cde1116101715780636cc6cde1146103635780636ec934da1461037657806374004cf61461039957600080fd5b806361d027b314610348578063651043341461035b57600080fd5b806339cfc386146102f15780634373a286146103185780634b0bddd21461032b57806351586ecb1461033e57600080fd5b80631d3daca0116101f95780631d3daca01461028f5780631da6ed7c146102a257806324d7806c146102b5578063339ee557146102e857600080fd5b8063087091681461022b5780630da183d6146102405780630e7c44b51461025b57806314ecae3614610286575b600080fd5b61023e610239366004611be3565b610531565b005b610248601081565b6040519081526020015b60405180910390f35b61026e610269366004611c21565b6105cd565b6040516001600160a01b039091168152602001610252565b610248600a5481565b61023e61029d366004611c4b565b610637565b61023e6102b0366004611c64565b610700565b6102d86102c3366004611ca0565b60026020526000908152604090205460ff1681565b6040519015158152602001610252565b61024861138881565b61026e7f000000000000000000000000000000000000000000000000000000000000000081565b61023e610326366004611c4b565b610827565b61023e610339366004611c64565b6108e9565b61024862278d0081565b60075461026e906001600160a01b031681565b610248600281565b60065461026e906001600160a01b031681565b6102d8610384366004611ca0565b60056020526000908152604090205460ff1681565b61026e7f000000000000000000000000000000000000000000000000000000000000000081565b6102487fdf8b4c520ffe197c5343c6f5aec59570151ef9a492f2c624fd45ddde6135ec4281565b6102d86103f5366004611ca0565b610a08565b6102487f17a55417373800620b4c2ceaa9f76c02df2e2dd329b9cb9a7cf849712c108f6f81565b61024860095481565b6102d8610438366004611ca0565b60046020526000908152604090205460ff1681565b60005461026e906001600160a01b031681565b61047361046e366004611d07565b610a49565b604051610252929190611ddc565b6102d861048f366004611ca0565b60036020526000908152604090205460ff1681565b61023e6104b2366004611ca0565b610ad4565b61023e6104c5366004611c64565b610b7c565b61024860015481565b6102486103e881565b6104736104ea366004611e06565b610c7f565b61024860085481565b61026e610506366004611c21565b610d02565b61023e610519366004611ca0565b610d63565b61023e61052c366004611ca0565b610e4b565b6000546001600160a01b0316331461057c576040517f245aecd30000000000000000000000000000000000000000000000000000000081523360048201526024015b60405180910390fd5b6105868282610f44565b6008829055600981905560408051838152602081018390527f5caa488e59a755f7349dbe3b0e637fd31ca532cbd7690cedeaa3f5f86e2c9c73910160405180910390a15050565b604080516001600160a01b0384166020808301919091528183018490528251808303840181526060909201909252805191012060009061062e907f000000000000000000000000000000000000000000000000000000000000000090610fdb565b90505b92915050565b6000546001600160a01b0316331461067d576040517f245aecd3000000000000000000000000000000000000000000000000000000008152336004820152602401610573565b6113888111156106c4576040517fe3b468fa000000000000000000000000000000000000000000000000000000008152600481018290526113886024820152604401610573565b600a8190556040518181527ffe745c6955d580f16cc3b2124cf389020fa0f941718271d4a252829507e9769b906020015b60405180910390a150565b6000546001600160a01b03163314610746576040517f245aecd3000000000000000000000000000000000000000000000000000000008152336004820152602401610573565b6001600160a01b038216610786576040517fd92e233d00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6001600160a01b03821660008181526003602090815260409182902080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff001685151590811790915591519182527f17a55417373800620b4c2ceaa9f76c02df2e2dd329b9cb9a7cf849712c108f6f92917f0a3389242138f35e16a456882b75845c8c6b72970ed65963a34ec6f1cc9be60391015b60405180910390a35050565b6000546001600160a01b0316331461086d576040517f245aecd3000000000000000000000000000000000000000000000000000000008152336004820152602401610573565b6103e88111156108b4576040517fe757126a000000000000000000000000000000000000000000000000000000008152600481018290526103e86024820152604401610573565b60018190556040518181527f47c26d86c0cb4918d3bd962b301c7862a23ebc8bd9be594cbb8517e7fa4a4d3b906020016106f5565b6000546001600160a01b0316331461092f576040517f245aecd3000000000000000000000000000000000000000000000000000000008152336004820152602401610573565b6001600160a01b03821661096f576040517fd92e233d00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6001600160a01b03821660008181526002602090815260409182902080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff001685151590811790915591519182527fdf8b4c520ffe197c5343c6f5aec59570151ef9a492f2c624fd45ddde6135ec4292917f0a3389242138f35e16a456882b75845c8c6b72970ed65963a34ec6f1cc9be603910161081b565b6001600160a01b03811660009081526002602052604081205460ff16806106315750506001600160a01b031660009081526003602052604090205460ff1690565b3360009081526002602052604081205460609060ff16610a97576040517f17a84242000000000000000000000000000000000000000000000000000000008152336004820152602401610573565b610aa18484610f44565b6000610aad858561103b565b9050610ac08d8d8d8d8d8d8d8d8961108d565b92509250509a509a98505050505050505050565b6000546001600160a01b03163314610b1a576040517f245aecd3000000000000000000000000000000000000000000000000000000008152336004820152602401610573565b600680547fffffffffffffffffffffffff0000000000000000000000000000000000000000166001600160a01b0383169081179091556040517fcea58c692fbc9fb8dd2ed0126e9e62c4be5c8d5990b1dfafa05adf2d32927da190600090a250565b6000546001600160a01b03163314610bc2576040517f245aecd3000000000000000000000000000000000000000000000000000000008152336004820152602401610573565b6001600160a01b038216610c02576040517fd92e233d00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6001600160a01b03821660008181526004602090815260409182902080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff001685151590811790915591519182527f50475c71647cd3e73b4c309f73e2d59faf51dd0119d00e8e26cac9c3b0ac24af910160405180910390a25050565b3360009081526002602052604081205460609060ff16610ccd576040517f17a84242000000000000000000000000000000000000000000000000000000008152336004820152602401610573565b6000610cdd60085460095461103b565b9050610cf08b8b8b8b8b8b8b8b8961108d565b92509250509850989650505050505050565b604080516001600160a01b0384166020808301919091528183018490528251808303840181526060909201909252805191012060009061062e907f000000000000000000000000000000000000000000000000000000000000000090610fdb565b6000546001600160a01b03163314610da9576040517f245aecd3000000000000000000000000000000000000000000000000000000008152336004820152602401610573565b6001600160a01b038116610de9576040517fd92e233d00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b600780547fffffffffffffffffffffffff0000000000000000000000000000000000000000166001600160a01b0383169081179091556040517fc714d22a2f08b695f81e7c707058db484aa5b4d6b4c9fd64beb10fe85832f60890600090a250565b6000546001600160a01b03163314610e91576040517f245aecd3000000000000000000000000000000000000000000000000000000008152336004820152602401610573565b6001600160a01b038116610ed1576040517fd92e233d00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b600080546040516001600160a01b03808516939216917f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e091a3600080547fffffffffffffffffffffffff0000000000000000000000000000000000000000166001600160a01b0392909216919091179055565b62278d00821115610f8d576040517f1481842a0000000000000000000000000000000000000000000000000000000081526004810183905262278d006024820152604401610573565b6fffffffffffffffffffffffffffffffff811115610fd7576040517f35278d1200000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b5050565b6040513060388201526f5af43d82803e903d91602b57fd5bf3ff602482015260148101839052733d602d80600a3d3981f3363d3d373d3d3d363d738152605881018290526037600c8201206078820152605560439091012060009061062e565b6040805160608101825260008082526020820181905291810191909152821561063157506040805160608101825267ffffffffffffffff90931683526020830191909152600a5461ffff169082015290565b6001600160a01b03891660009081526004602052604081205460609060ff166110ed576040517f3637533e0000000000000000000000000000000000000000000000000000000081526001600160a01b038c166004820152602401610573565b8860028110806110fd5750601081115b15611137576040517fb7c6149a00000000000000000000000000000000000000000000000000000000815260048101829052602401610573565b6103e888111561117e576040517fe757126a000000000000000000000000000000000000000000000000000000008152600481018990526103e86024820152604401610573565b4289111580611194575067ffffffffffffffff89115b156111d4576040517ff880c239000000000000000000000000000000000000000000000000000000008152600481018a9052426024820152604401610573565b8660000361120e576040517f1f2a200500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6fffffffffffffffffffffffffffffffff871115611258576040517f35278d1200000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b611261866113cd565b925060008c6001600160a01b031663313ce5676040518163ffffffff1660e01b8152600401602060405180830381865afa1580156112a3573d6000803e3d6000fd5b505050506040513d601f19601f820116820180604052508101906112c79190611e84565b90506112d5848d8d846114e5565b92508c6001600160a01b0316336001600160a01b0316856001600160a01b03167f0d5d44812e8c3094c5c920f812e9c9b27a8db1cd91603c14465e894cd80197a5868e8e8e8d60405161132c959493929190611eae565b60405180910390a4845167ffffffffffffffff16156113ad578451602080870151604080890151815167ffffffffffffffff90951685529284019190915261ffff909116908201526001600160a01b038516907fc6398185488d49321fa8bc611fe68e21c1d1968bca8bbecc88d08d26b61284c29060600160405180910390a25b6113bd84848f848e8e8e8c611692565b5050995099975050505050505050565b6040805133602080830191909152818301849052825180830384018152606090920190925280519101206000906114247f000000000000000000000000000000000000000000000000000000000000000082610fdb565b91506001600160a01b0382163b15611473576040517f735852fc0000000000000000000000000000000000000000000000000000000081526001600160a01b0383166004820152602401610573565b61149d7f000000000000000000000000000000000000000000000000000000000000000082611736565b50506001600160a01b038116600090815260056020526040902080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00166001179055919050565b6060828067ffffffffffffffff81111561150157611501611ee5565b60405190808252806020026020018201604052801561152a578160200160208202803683370190505b50915060005b8181101561168857604080516001600160a01b03891660208083019190915281830184905282518083038401815260609092019092528051910120600090611599907f000000000000000000000000000000000000000000000000000000000000000090611736565b9050806001600160a01b031663569067118888858181106115bc576115bc611f14565b90506020028101906115ce9190611f43565b6115d7866117ed565b6040516020016115e79190611fcc565b604051602081830303815290604052898d886040518763ffffffff1660e01b815260040161161a96959493929190612011565b600060405180830381600087803b15801561163457600080fd5b505af1158015611648573d6000803e3d6000fd5b505050508084838151811061165f5761165f611f14565b6001600160a01b039092166020928302919091019091015250611681816120b6565b9050611530565b5050949350505050565b6116a76001600160a01b038716338a856118ab565b6040517f147d4c490000000000000000000000000000000000000000000000000000000081526001600160a01b0389169063147d4c49906116fa90899089908c908a908a9033908b908b90600401612115565b600060405180830381600087803b15801561171457600080fd5b505af1158015611728573d6000803e3d6000fd5b505050505050505050505050565b6000763d602d80600a3d3981f3363d3d373d3d3d363d730000008360601b60e81c176000526e5af43d82803e903d91602b57fd5bf38360781b1760205281603760096000f590506001600160a01b038116610631576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601760248201527f455243313136373a2063726561746532206661696c65640000000000000000006044820152606401610573565b606060006117fa8361193c565b600101905060008167ffffffffffffffff81111561181a5761181a611ee5565b6040519080825280601f01601f191660200182016040528015611844576020820181803683370190505b5090508181016020015b7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff017f3031323334353637383961626364656600000000000000000000000000000000600a86061a8153600a850494508461184e57509392505050565b604080516001600160a01b0385811660248301528416604482015260648082018490528251808303909101815260849091019091526020810180517bffffffffffffffffffffffffffffffffffffffffffffffffffffffff167f23b872dd00000000000000000000000000000000000000000000000000000000179052611936908590858585611a1e565b50505050565b6000807a184f03e93ff9f4daa797ed6e38ed64bf6a1f0100000000000000008310611985577a184f03e93ff9f4daa797ed6e38ed64bf6a1f010000000000000000830492506040015b6d04ee2d6d415b85acef810000000083106119b1576d04ee2d6d415b85acef8100000000830492506020015b662386f26fc1000083106119cf57662386f26fc10000830492506010015b6305f5e10083106119e7576305f5e100830492506008015b61271083106119fb57612710830492506004015b60648310611a0d576064830492506002015b600a83106106315760010192915050565b600080866001600160a01b031686604051611a39919061219e565b6000604051808303816000865af19150503d8060008114611a76576040519150601f19603f3d011682016040523d82523d6000602084013e611a7b565b606091505b509150915081611ae857805115611a9457805160208201fd5b6040517fcd3f16590000000000000000000000000000000000000000000000000000000081526001600160a01b03808916600483015280871660248301528516604482015260648101849052608401610573565b8051600003611b5c57866001600160a01b03163b600003611b57576040517fcd3f16590000000000000000000000000000000000000000000000000000000081526001600160a01b03808916600483015280871660248301528516604482015260648101849052608401610573565b611bda565b80516020141580611b81575080806020019051810190611b7c91906121ba565b600114155b15611bda576040517fcd3f16590000000000000000000000000000000000000000000000000000000081526001600160a01b03808916600483015280871660248301528516604482015260648101849052608401610573565b50505050505050565b60008060408385031215611bf657600080fd5b50508035926020909101359150565b80356001600160a01b0381168114611c1c57600080fd5b919050565b60008060408385031215611c3457600080fd5b611c3d83611c05565b946020939093013593505050565b600060208284031215611c5d57600080fd5b5035919050565b60008060408385031215611c7757600080fd5b611c8083611c05565b915060208301358015158114611c9557600080fd5b809150509250929050565b600060208284031215611cb257600080fd5b61062e82611c05565b60008083601f840112611ccd57600080fd5b50813567ffffffffffffffff811115611ce557600080fd5b6020830191508360208260051b8501011115611d0057600080fd5b9250929050565b6000806000806000806000806000806101208b8d031215611d2757600080fd5b611d308b611c05565b995060208b013567ffffffffffffffff811115611d4c57600080fd5b611d588d828e01611cbb565b9b9e909d509a9b60408101359b60608201359b5060808201359a5060a0820135995060c0820135985060e082013597506101009091013595509350505050565b600081518084526020808501945080840160005b83811015611dd15781516001600160a01b031687529582019590820190600101611dac565b509495945050505050565b6001600160a01b0383168152604060208201526000611dfe6040830184611d98565b949350505050565b60008060008060008060008060e0898b031215611e2257600080fd5b611e2b89611c05565b9750602089013567ffffffffffffffff811115611e4757600080fd5b611e538b828c01611cbb565b999c909b509899604081013599606082013599506080820135985060a0820135975060c09091013595509350505050565b600060208284031215611e9657600080fd5b815160ff81168114611ea757600080fd5b9392505050565b60a081526000611ec160a0830188611d98565b90508560208301528460408301528360608301528260808301529695505050505050565b7f4e487b7100000000000000000000000000000000000000000000000000000000600052604160045260246000fd5b7f4e487b7100000000000000000000000000000000000000000000000000000000600052603260045260246000fd5b60008083357fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe1843603018112611f7857600080fd5b83018035915067ffffffffffffffff821115611f9357600080fd5b602001915036819003821315611d0057600080fd5b60005b83811015611fc3578181015183820152602001611fab565b50506000910152565b7f4f50540000000000000000000000000000000000000000000000000000000000815260008251612004816003850160208701611fa8565b9190910160030192915050565b60a081528560a0820152858760c0830137600060c0878301015260007fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe080601f890116830160c084820301602085015287518060c083015261207a8160e0840160208c01611fa8565b60e083601f830116830101935050505060ff851660408301526001600160a01b038416606083015260ff83166080830152979650505050505050565b60007fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff820361210e577f4e487b7100000000000000000000000000000000000000000000000000000000600052601160045260246000fd5b5060010190565b60006101406001600160a01b03808c16845260ff8b1660208501528160408501526121428285018b611d98565b67ffffffffffffffff998a16606086015261ffff9889166080860152961660a0840152505060c0810192909252805190941660e08201526020840151610100820152604090930151909116610120909201919091529392505050565b600082516121b0818460208701611fa8565b9190910192915050565b6000602082840312156121cc57600080fd5b505191905056fea264697066735822122032de64f2107f91f4def3d33b13e57d971316f539be9e42f9632d6e48c31e0b0264736f6c63430008110033608060405234801561001057600080fd5b506003805460ff60c81b1916600160c81b179055615a6b80620000346000396000f3fe608060405234801561001057600080fd5b50600436106103995760003560e01c806370a08231116101e9578063bf74937f1161010f578063d3419bf3116100ad578063ec2156781161007c578063ec215678146108f0578063f1e9672d146108f8578063f240f7c31461090b578063f55c79d01461091357600080fd5b8063d3419bf314610882578063dd62ed3e1461088a578063de75be4e146108c3578063e32fe90b146108cb57600080fd5b8063c26f089f116100e9578063c26f089f1461083a578063c2ee3a081461084d578063c45a01551461085c578063c55dae631461086f57600080fd5b8063bf74937f146107f3578063c18ea0c414610806578063c19d93fb1461080e57600080fd5b806395d89b4111610187578063b15856e411610156578063b15856e414610774578063b50443a2146107a1578063b835bad3146107b4578063bb4af0b1146107e057600080fd5b806395d89b41146107165780639b9378811461074f578063a372874714610758578063a9059cbb1461076157600080fd5b8063861a1412116101c3578063861a1412146106bf5780638df82800146106d35780638f775839146106e65780639003adfe1461070e57600080fd5b806370a082311461067057806384d165b614610699578063857620e1146106ac57600080fd5b8063313ce567116102ce57806342551d3b1161026c5780635b3e5f501161023b5780635b3e5f5014610614578063620cac661461063457806364c9ec6f1461063c5780636ac561031461064557600080fd5b806342551d3b146105e9578063476343ee146105fc5780634af355a2146106045780634bb278f31461060c57600080fd5b8063379607f5116102a8578063379607f5146105a55780633ccfb630146105b8578063412330bc146105c1578063422f1043146105d657600080fd5b8063313ce567146105165780633197cbb61461054d5780633620875e1461059257600080fd5b806314ecae361161033b5780632302b66c116103155780632302b66c146104cb57806323b872dd146104d4578063249d39e9146104e757806324a9d853146104f057600080fd5b806314ecae361461048357806316dbd776146104b057806318160ddd146104c357600080fd5b80630da183d6116103775780630da183d6146104305780631069143a146104465780631281311d1461045b578063147d4c491461046e57600080fd5b806303ea01a41461039e57806306fdde03146103cb578063095ea7b31461040d575b600080fd5b6103b16103ac36600461530b565b610926565b604080519283526020830191909152015b60405180910390f35b60408051808201909152600a81527f50726564696374204c500000000000000000000000000000000000000000000060208201525b6040516103c29190615351565b61042061041b3660046153b7565b610955565b60405190151581526020016103c2565b610438601081565b6040519081526020016103c2565b61044e61096c565b6040516103c291906153e3565b610438610469366004615430565b610a41565b61048161047c3660046154d1565b610cab565b005b60055461049d9068010000000000000000900461ffff1681565b60405161ffff90911681526020016103c2565b6104386104be3660046155b8565b61106d565b600054610438565b61043860235481565b6104206104e23660046155d5565b61111c565b61043861271081565b60035461049d9074010000000000000000000000000000000000000000900461ffff1681565b6003547a010000000000000000000000000000000000000000000000000000900460ff165b60405160ff90911681526020016103c2565b6004546105799074010000000000000000000000000000000000000000900467ffffffffffffffff1681565b60405167ffffffffffffffff90911681526020016103c2565b6104386105a0366004615430565b61123e565b6104816105b3366004615616565b611480565b61043860095481565b6105c96116c5565b6040516103c2919061566a565b6104386105e436600461567d565b6116d4565b6104816105f7366004615616565b61180c565b610438611b53565b61053b600081565b610481611bcb565b6104386106223660046155b8565b60246020526000908152604090205481565b61053b600281565b61043860065481565b600854610658906001600160a01b031681565b6040516001600160a01b0390911681526020016103c2565b61043861067e3660046155b8565b6001600160a01b031660009081526001602052604090205490565b6104816106a7366004615616565b611e01565b6103b16106ba36600461567d565b612196565b6005546105799067ffffffffffffffff1681565b6104816106e1366004615616565b6124c2565b6003546104209077010000000000000000000000000000000000000000000000900460ff1681565b6104386126e3565b60408051808201909152600381527f504c5000000000000000000000000000000000000000000000000000000000006020820152610400565b61043860001981565b61043860225481565b61042061076f3660046153b7565b6126f5565b600354610420907c0100000000000000000000000000000000000000000000000000000000900460ff1681565b6104816107af366004615616565b6127c7565b6007546105799074010000000000000000000000000000000000000000900467ffffffffffffffff1681565b600754610658906001600160a01b031681565b6104386108013660046156a9565b612a14565b61053b600381565b60035461053b907b01000000000000000000000000000000000000000000000000000000900460ff1681565b610481610848366004615616565b612d46565b610438670de0b6b3a764000081565b600354610658906001600160a01b031681565b600454610658906001600160a01b031681565b6105c9612f2d565b6104386108983660046156eb565b6001600160a01b03918216600090815260026020908152604080832093909416825291909152205490565b610438613113565b600354760100000000000000000000000000000000000000000000900460ff16610438565b61053b600181565b6103b1610906366004615616565b6131c5565b61048161347e565b6103b161092136600461530b565b613719565b600080600061093d61093661373a565b868661384d565b9250905061094b8282615753565b9250509250929050565b60006109623384846139bd565b5060015b92915050565b600354606090760100000000000000000000000000000000000000000000900460ff168067ffffffffffffffff8111156109a8576109a8615766565b6040519080825280602002602001820160405280156109d1578160200160208202803683370190505b50915060005b81811015610a3c57600a81601081106109f2576109f2615795565b015483516001600160a01b0390911690849083908110610a1457610a14615795565b6001600160a01b0390921660209283029190910190910152610a35816157c4565b90506109d7565b505090565b600354600090600160c81b900460ff16600114610a715760405163558a1e0360e11b815260040160405180910390fd5b6003805460ff60c81b1916600160c91b179055610a8d82613aa5565b6000610a9761373a565b90506000610aa6828888613bf1565b909350905084831015610af4576040517f2c19b8b800000000000000000000000000000000000000000000000000000000815260048101849052602481018690526044015b60405180910390fd5b6000610b008288615753565b835190915060005b81811015610b4a5782858281518110610b2357610b23615795565b60200260200101818151610b3791906157de565b905250610b43816157c4565b9050610b08565b5084848a81518110610b5e57610b5e615795565b60200260200101818151610b729190615753565b905250610b7e84613e51565b8215610b9c578260226000828254610b9691906157de565b90915550505b600454610bb4906001600160a01b031633308b613f5d565b600a8960108110610bc757610bc7615795565b01546040517f40c10f19000000000000000000000000000000000000000000000000000000008152336004820152602481018790526001600160a01b03909116906340c10f1990604401600060405180830381600087803b158015610c2b57600080fd5b505af1158015610c3f573d6000803e3d6000fd5b5050505088336001600160a01b03167f280166f6ed905f6db05ace5c269b7d4fb20c252324870b4099c933dddddfce878a868989604051610c8394939291906157f1565b60405180910390a350506003805460ff60c81b1916600160c81b179055509095945050505050565b600354600160c81b900460ff1615610cef576040517f0dc149f000000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b856002811080610cff5750601081115b15610d39576040517fb7c6149a00000000000000000000000000000000000000000000000000000000815260048101829052602401610aeb565b82600003610d73576040517f1f2a200500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6fffffffffffffffffffffffffffffffff831115610dbd576040517f35278d1200000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6003805460ff8b81167a010000000000000000000000000000000000000000000000000000027fffffffffff00ffffffffffffffffffffffffffffffffffffffffffffffffffff918516760100000000000000000000000000000000000000000000027fffffffffffffffffff00ffffffffffffffffffffffffffffffffffffffffffff61ffff8b1674010000000000000000000000000000000000000000908102919091167fffffffffffffffffff000000ffffffffffffffffffffffffffffffffffffffff7fffffffffffff00ffffffffff00000000000000000000000000000000000000009096163317600160c81b1795909516949094171791909116179091556004805467ffffffffffffffff89169092027fffffffff000000000000000000000000000000000000000000000000000000009092166001600160a01b038d161791909117905560005b81811015610f9457888882818110610f2557610f25615795565b9050602002016020810190610f3a91906155b8565b600a8260108110610f4d57610f4d615795565b0180547fffffffffffffffffffffffff0000000000000000000000000000000000000000166001600160a01b0392909216919091179055610f8d816157c4565b9050610f0b565b50610fa26020830183615820565b67ffffffffffffffff16151580610fcb5750610fc4606083016040840161583b565b61ffff1615155b1561104357610fdd6020830183615820565b600580547fffffffffffffffffffffffffffffffffffffffffffffffff00000000000000001667ffffffffffffffff92909216919091179055611026606083016040840161583b565b600560086101000a81548161ffff021916908361ffff1602179055505b6020820135156110565760208201356006555b6110608484613fee565b5050505050505050505050565b60008061107960005490565b90508060000361108c5750600092915050565b60006110b96022546110b3866001600160a01b031660009081526001602052604090205490565b84614207565b6001600160a01b0385166000908152602460205260409020549091508082116110e757506000949350505050565b6110f18183615753565b935060006023546022546111059190615753565b905080851115611113578094505b50505050919050565b600354600090600160c81b900460ff1660011461114c5760405163558a1e0360e11b815260040160405180910390fd5b6003805460ff60c81b1916600160c91b1790556001600160a01b0384166111a2576040517f96c6fd1e00000000000000000000000000000000000000000000000000000000815260006004820152602401610aeb565b6001600160a01b0383166111e5576040517fec442f0500000000000000000000000000000000000000000000000000000000815260006004820152602401610aeb565b6111f0843384614319565b60006111fd8585856143cb565b905061120a85858561458c565b611214858261461d565b61121e858261463e565b60019150505b6003805460ff60c81b1916600160c81b1790559392505050565b600354600090600160c81b900460ff1660011461126e5760405163558a1e0360e11b815260040160405180910390fd5b6003805460ff60c81b1916600160c91b17905561128a82613aa5565b600061129461373a565b90506000806112a483898961384d565b90925090506112b38183615753565b9350858410156112f9576040517f2c19b8b80000000000000000000000000000000000000000000000000000000081526004810185905260248101879052604401610aeb565b8683898151811061130c5761130c615795565b6020026020010181815161132091906157de565b905250825160005b8181101561136a578385828151811061134357611343615795565b602002602001018181516113579190615753565b905250611363816157c4565b9050611328565b5061137484613e51565b811561139257816022600082825461138c91906157de565b90915550505b600a89601081106113a5576113a5615795565b01546040517f9dc29fac000000000000000000000000000000000000000000000000000000008152336004820152602481018a90526001600160a01b0390911690639dc29fac90604401600060405180830381600087803b15801561140957600080fd5b505af115801561141d573d6000803e3d6000fd5b505050508460001461144057600454611440906001600160a01b0316338761468b565b88336001600160a01b03167f7dbe27b626c2b01193d9100b673c26c147d8dfc397cac5c1bc6f76c882a2d74687858c89604051610c8394939291906157f1565b600354600160c81b900460ff166001146114ad5760405163558a1e0360e11b815260040160405180910390fd5b6003805460ff60c81b1916600160c91b179081905560ff7701000000000000000000000000000000000000000000000090910416611517576040517fba329a9b00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6003547c0100000000000000000000000000000000000000000000000000000000900460ff1615611574576040517f173a2fb300000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b806000036115ae576040517f1f2a200500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6003547801000000000000000000000000000000000000000000000000900460ff16600a81601081106115e3576115e3615795565b01546040517f9dc29fac000000000000000000000000000000000000000000000000000000008152336004820152602481018490526001600160a01b0390911690639dc29fac90604401600060405180830381600087803b15801561164757600080fd5b505af115801561165b573d6000803e3d6000fd5b505060045461167792506001600160a01b03169050338461468b565b604051828152819033907f987d620f307ff6b94d58743cb7a7509f24071586a77759b77c2d4e29f75a2f9a9060200160405180910390a350506003805460ff60c81b1916600160c81b179055565b60606116cf61373a565b905090565b600354600090600160c81b900460ff166001146117045760405163558a1e0360e11b815260040160405180910390fd5b6003805460ff60c81b1916600160c91b17905561172082613aa5565b8360000361175a576040517f1f2a200500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6fffffffffffffffffffffffffffffffff8411156117a4576040517f35278d1200000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6117ae3385613fee565b9050828110156117f4576040517f2c19b8b80000000000000000000000000000000000000000000000000000000081526004810182905260248101849052604401610aeb565b600454611224906001600160a01b0316333087613f5d565b600354600160c81b900460ff166001146118395760405163558a1e0360e11b815260040160405180910390fd5b60038054600160c91b60ff60c81b19821617909155604080517f6cc6cde100000000000000000000000000000000000000000000000000000000815290516001600160a01b03909216918291636cc6cde19160048083019260209291908290030181865afa1580156118af573d6000803e3d6000fd5b505050506040513d601f19601f820116820180604052508101906118d39190615856565b6001600160a01b0316336001600160a01b03161461191f576040517f0d5fade8000000000000000000000000000000000000000000000000000000008152336004820152602401610aeb565b6003547b01000000000000000000000000000000000000000000000000000000900460ff1660021461197d576040517f433b0e1400000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b600354760100000000000000000000000000000000000000000000900460ff168083108015906119af57506000198314155b156119f0576040517ffbf7b2e80000000000000000000000000000000000000000000000000000000081526004810184905260248101829052604401610aeb565b60006009548414611a0c576008546001600160a01b0316611a19565b6007546001600160a01b03165b60065460055491925090600090611a4490839068010000000000000000900461ffff16612710614207565b9050600081611a54846002615873565b611a5e9190615753565b90506000866001600160a01b03166361d027b36040518163ffffffff1660e01b8152600401602060405180830381865afa158015611aa0573d6000803e3d6000fd5b505050506040513d601f19601f82011682018060405250810190611ac49190615856565b60408051848152602081018690526001600160a01b038381168284015291519293509087169133918b917ffaeeb29a0e33f53e458070690e745d80a40275cb50fb3eb76ca9e7bf772974829181900360600190a4611b22883361470e565b611b2c858361461d565b611b36818461461d565b50506003805460ff60c81b1916600160c81b179055505050505050565b600354600090600160c81b900460ff16600114611b835760405163558a1e0360e11b815260040160405180910390fd5b6003805460ff60c81b1916600160c91b179055611b9f3361485d565b9050611bab338261461d565b611bb5338261463e565b6003805460ff60c81b1916600160c81b17905590565b600354600160c81b900460ff16600114611bf85760405163558a1e0360e11b815260040160405180910390fd5b6003805460ff60c81b1916600160c91b179081905560ff7b010000000000000000000000000000000000000000000000000000009091041680611c67576040517fbced907900000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe60ff821601611cc3576040517f09dd123600000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffd60ff821601611d1f576040517f50e929ad00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b60075474010000000000000000000000000000000000000000900467ffffffffffffffff1642811115611d87576040517f76f615b000000000000000000000000000000000000000000000000000000000815260048101829052426024820152604401610aeb565b6009546007546006546040518181526001600160a01b0390921691829084907f48f30422ceddef46ded34f69ebff2c090f0804e80938b8f2447e769f204ff8f39060200160405180910390a3611ddd838361470e565b611de7828261461d565b50506003805460ff60c81b1916600160c81b179055505050565b600354600160c81b900460ff16600114611e2e5760405163558a1e0360e11b815260040160405180910390fd5b6003805460ff60c81b198116600160c91b179091556040517f78d03cb20000000000000000000000000000000000000000000000000000000081523360048201526001600160a01b03909116906378d03cb290602401602060405180830381865afa158015611ea1573d6000803e3d6000fd5b505050506040513d601f19601f82011682018060405250810190611ec5919061588a565b611efd576040517f082867d8000000000000000000000000000000000000000000000000000000008152336004820152602401610aeb565b6003547b01000000000000000000000000000000000000000000000000000000900460ff167ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffd8101611f7b576040517f50e929ad00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b60ff811615611fb6576040517f32f4673a00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b600354760100000000000000000000000000000000000000000000900460ff16808310801590611fe857506000198314155b15612029576040517ffbf7b2e80000000000000000000000000000000000000000000000000000000081526004810184905260248101829052604401610aeb565b60055467ffffffffffffffff16600081900361205157612049843361470e565b505050612180565b600061205d82426157de565b600380547b010000000000000000000000000000000000000000000000000000007fffffffff00ffffffffffffffffffffffffffffffffffffffffffffffffffffff9091161790556007805460098890557fffffffff0000000000000000000000000000000000000000000000000000000016337fffffffff0000000000000000ffffffffffffffffffffffffffffffffffffffff16177401000000000000000000000000000000000000000067ffffffffffffffff841602179055600654909150801561213d5760045461213d906001600160a01b0316333084613f5d565b6040805182815260208101849052339188917f94cda64996cbc6d031bd07a443b133ce94f97e3b0aee247a8c2a73d71cf5e72a910160405180910390a350505050505b506003805460ff60c81b1916600160c81b179055565b6003546000908190600160c81b900460ff166001146121c85760405163558a1e0360e11b815260040160405180910390fd5b6003805460ff60c81b1916600160c91b179081905560ff770100000000000000000000000000000000000000000000009091041615612233576040517f50e929ad00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b61223c836148bc565b84600003612276576040517f1f2a200500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b600080549050612288336000886143cb565b9150600061229461373a565b805190915060008167ffffffffffffffff8111156122b4576122b4615766565b6040519080825280602002602001820160405280156122dd578160200160208202803683370190505b509050600019955060005b8281101561238157600061231685838151811061230757612307615795565b60200260200101518c88614207565b90508085838151811061232b5761232b615795565b6020026020010181815161233f9190615753565b9052508251819084908490811061235857612358615795565b60200260200101818152505087811015612370578097505b5061237a816157c4565b90506122e8565b5060005b828110156123c757868282815181106123a0576123a0615795565b602002602001018181516123b49190615753565b9052506123c0816157c4565b9050612385565b50876123d386886157de565b1015612420576123e385876157de565b6040517f2c19b8b8000000000000000000000000000000000000000000000000000000008152600481019190915260248101899052604401610aeb565b61242983613e51565b612433338a6148ff565b6124463361244187896157de565b61461d565b612450338261494e565b61245a338661463e565b336001600160a01b03167f85b0dea315e697fd2dc15205da837c2453fefb7bb722537042e813fa41e25f9e8a88848760405161249994939291906158ac565b60405180910390a250506003805460ff60c81b1916600160c81b17905550919590945092505050565b600354600160c81b900460ff166001146124ef5760405163558a1e0360e11b815260040160405180910390fd5b6003805460ff60c81b198116600160c91b179091556040517f78d03cb20000000000000000000000000000000000000000000000000000000081523360048201526001600160a01b03909116906378d03cb290602401602060405180830381865afa158015612562573d6000803e3d6000fd5b505050506040513d601f19601f82011682018060405250810190612586919061588a565b6125be576040517f082867d8000000000000000000000000000000000000000000000000000000008152336004820152602401610aeb565b60035477010000000000000000000000000000000000000000000000900460ff1615612616576040517f50e929ad00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b60055467ffffffffffffffff16801561265e576040517fb32b7d3600000000000000000000000000000000000000000000000000000000815260048101829052602401610aeb565b600354760100000000000000000000000000000000000000000000900460ff168083106126c1576040517ffbf7b2e80000000000000000000000000000000000000000000000000000000081526004810184905260248101829052604401610aeb565b6126cb833361470e565b50506003805460ff60c81b1916600160c81b17905550565b60006023546022546116cf9190615753565b600354600090600160c81b900460ff166001146127255760405163558a1e0360e11b815260040160405180910390fd5b6003805460ff60c81b1916600160c91b1790556001600160a01b03831661277b576040517fec442f0500000000000000000000000000000000000000000000000000000000815260006004820152602401610aeb565b60006127883385856143cb565b905061279533858561458c565b61279f338261461d565b6127a9338261463e565b60019150506003805460ff60c81b1916600160c81b17905592915050565b600354600160c81b900460ff166001146127f45760405163558a1e0360e11b815260040160405180910390fd5b6003805460ff60c81b1916600160c91b179081905560ff77010000000000000000000000000000000000000000000000909104161561285f576040517f50e929ad00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b80600003612899576040517f1f2a200500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6fffffffffffffffffffffffffffffffff8111156128e3576040517f35278d1200000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6004546128fb906001600160a01b0316333084613f5d565b600354760100000000000000000000000000000000000000000000900460ff1660005b818110156129c657600a816010811061293957612939615795565b01546040517f40c10f19000000000000000000000000000000000000000000000000000000008152336004820152602481018590526001600160a01b03909116906340c10f1990604401600060405180830381600087803b15801561299d57600080fd5b505af11580156129b1573d6000803e3d6000fd5b50505050806129bf906157c4565b905061291e565b5060405182815233907fd8a3096dd1d3d8a8efdccc3ec51cd2f87dcb3750bcc3c6c847f8927fd7f60220906020015b60405180910390a250506003805460ff60c81b1916600160c81b179055565b600354600090600160c81b900460ff16600114612a445760405163558a1e0360e11b815260040160405180910390fd5b6003805460ff60c81b1916600160c91b179081905560ff7701000000000000000000000000000000000000000000000090910416612aae576040517fba329a9b00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6003547c0100000000000000000000000000000000000000000000000000000000900460ff16612b0a576040517f7ac30daf00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b600354760100000000000000000000000000000000000000000000900460ff16828114612b6d576040517fd80b49f30000000000000000000000000000000000000000000000000000000081526004810184905260248101829052604401610aeb565b6000805b82811015612c95576000868683818110612b8d57612b8d615795565b90506020020135905080600014612c84576fffffffffffffffffffffffffffffffff811115612be8576040517f35278d1200000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b612bf281846157de565b9250600a8260108110612c0757612c07615795565b01546040517f9dc29fac000000000000000000000000000000000000000000000000000000008152336004820152602481018390526001600160a01b0390911690639dc29fac90604401600060405180830381600087803b158015612c6b57600080fd5b505af1158015612c7f573d6000803e3d6000fd5b505050505b50612c8e816157c4565b9050612b71565b5080600003612cd0576040517f1f2a200500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b612cda8282615917565b9250612ce6338461461d565b336001600160a01b03167f2ad8f0f65e814aa7936113dfc6e1f98cd1fd7a72a4fb1942e6d12e1c56e43b69868686604051612d2393929190615952565b60405180910390a250506003805460ff60c81b1916600160c81b17905592915050565b600354600160c81b900460ff16600114612d735760405163558a1e0360e11b815260040160405180910390fd5b6003805460ff60c81b1916600160c91b179081905560ff770100000000000000000000000000000000000000000000009091041615612dde576040517f50e929ad00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b80600003612e18576040517f1f2a200500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b600354760100000000000000000000000000000000000000000000900460ff1660005b81811015612ee357600a8160108110612e5657612e56615795565b01546040517f9dc29fac000000000000000000000000000000000000000000000000000000008152336004820152602481018590526001600160a01b0390911690639dc29fac90604401600060405180830381600087803b158015612eba57600080fd5b505af1158015612ece573d6000803e3d6000fd5b5050505080612edc906157c4565b9050612e3b565b50600454612efb906001600160a01b0316338461468b565b60405182815233907f2b1b561aa63be8d4d47da73a53b93feab80584fe91e43fda95e2ada3a19f7d01906020016129f5565b60606000612f3961373a565b80519091506000612f4983614a35565b905080600003612f85576040517fb9c049a000000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b60008267ffffffffffffffff811115612fa057612fa0615766565b604051908082528060200260200182016040528015612fc9578160200160208202803683370190505b5090506000805b848110156130605761300b6ec097ce7bc90715b34b9f100000000085888481518110612ffe57612ffe615795565b6020026020010151614207565b83828151811061301d5761301d615795565b60200260200101818152505082818151811061303b5761303b615795565b60200260200101518261304e91906157de565b9150613059816157c4565b9050612fd0565b508367ffffffffffffffff81111561307a5761307a615766565b6040519080825280602002602001820160405280156130a3578160200160208202803683370190505b50955060005b8481101561310a576130dd8382815181106130c6576130c6615795565b6020026020010151670de0b6b3a764000084614207565b8782815181106130ef576130ef615795565b6020908102919091010152613103816157c4565b90506130a9565b50505050505090565b60035460009077010000000000000000000000000000000000000000000000900460ff1661316d576040517fba329a9b00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6003547c0100000000000000000000000000000000000000000000000000000000900460ff161561319f575060001990565b506003547801000000000000000000000000000000000000000000000000900460ff1690565b6003546000908190600160c81b900460ff166001146131f75760405163558a1e0360e11b815260040160405180910390fd5b6003805460ff60c81b1916600160c91b179081905560ff7701000000000000000000000000000000000000000000000090910416613261576040517fba329a9b00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b8260000361329b576040517f1f2a200500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6000805490506132ad336000866143cb565b915060006132b961373a565b6003549091507c0100000000000000000000000000000000000000000000000000000000900460ff16156133795780516000805b8281101561336557600061331b85838151811061330c5761330c615795565b60200260200101518a88614207565b90508085838151811061333057613330615795565b602002602001018181516133449190615753565b90525061335181846157de565b9250508061335e906157c4565b90506132ed565b506133708282615917565b955050506133f2565b6003548151780100000000000000000000000000000000000000000000000090910460ff16906133c4908390839081106133b5576133b5615795565b60200260200101518785614207565b9450848282815181106133d9576133d9615795565b602002602001018181516133ed9190615753565b905250505b6133fb81613e51565b61340533866148ff565b6134133361244185876157de565b61341d338461463e565b336001600160a01b03167fe72b790521edd75f35c484942fe2470abf793394b9dae30718920c1f3097028b86868460405161345a939291906159a9565b60405180910390a250506003805460ff60c81b1916600160c81b1790559092909150565b600354600160c81b900460ff166001146134ab5760405163558a1e0360e11b815260040160405180910390fd5b6003805460ff60c81b1916600160c91b179081905560ff7b01000000000000000000000000000000000000000000000000000000909104168061351a576040517fbced907900000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe60ff821601613576576040517f09dd123600000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffd60ff8216016135d2576040517f50e929ad00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b60075474010000000000000000000000000000000000000000900467ffffffffffffffff16428111613639576040517f9187e90200000000000000000000000000000000000000000000000000000000815260048101829052426024820152604401610aeb565b600380547b020000000000000000000000000000000000000000000000000000007fffffffff00ffffffffffffffffffffffffffffffffffffffffffffffffffffff909116179055600880547fffffffffffffffffffffffff0000000000000000000000000000000000000000163317905560065480156136cc576004546136cc906001600160a01b0316333084613f5d565b60405181815233907f94799ce1f5151942e96745d7a2d873bfb4ef3c373a34cc901e03e4fdc4c8263f9060200160405180910390a250506003805460ff60c81b1916600160c81b17905550565b60008061372e61372761373a565b8585613bf1565b915091505b9250929050565b600354606090760100000000000000000000000000000000000000000000900460ff168067ffffffffffffffff81111561377657613776615766565b60405190808252806020026020018201604052801561379f578160200160208202803683370190505b50915060005b81811015610a3c576000601a600183901c600881106137c6576137c6615795565b01549050806fffffffffffffffffffffffffffffffff168483815181106137ef576137ef615795565b6020908102919091010152826138068360016157de565b101561383a57608081901c8461381d8460016157de565b8151811061382d5761382d615795565b6020026020010181815250505b506138466002826157de565b90506137a5565b82516000908190808510613897576040517ffbf7b2e80000000000000000000000000000000000000000000000000000000081526004810186905260248101829052604401610aeb565b836000036138d1576040517f1f2a200500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6fffffffffffffffffffffffffffffffff84111561391b576040517f35278d1200000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b8560008151811061392e5761392e615795565b602002602001015160000361396f576040517fb9c049a000000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b61397a868686614a99565b6003549093506139b2906139aa9074010000000000000000000000000000000000000000900461ffff1685615873565b612710614c2e565b915050935093915050565b6001600160a01b038316613a00576040517fe602df0500000000000000000000000000000000000000000000000000000000815260006004820152602401610aeb565b6001600160a01b038216613a43576040517f94280d6200000000000000000000000000000000000000000000000000000000815260006004820152602401610aeb565b6001600160a01b0383811660008181526002602090815260408083209487168084529482529182902085905590518481527f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b92591015b60405180910390a3505050565b60035477010000000000000000000000000000000000000000000000900460ff1615613afd576040517f50e929ad00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6003547b01000000000000000000000000000000000000000000000000000000900460ff1615613b59576040517ff374816a00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b60045474010000000000000000000000000000000000000000900467ffffffffffffffff164210613be557600480546040517e0b6fea0000000000000000000000000000000000000000000000000000000081527401000000000000000000000000000000000000000090910467ffffffffffffffff1691810191909152426024820152604401610aeb565b613bee816148bc565b50565b82516000908190808510613c3b576040517ffbf7b2e80000000000000000000000000000000000000000000000000000000081526004810186905260248101829052604401610aeb565b83600003613c75576040517f1f2a200500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6fffffffffffffffffffffffffffffffff841115613cbf576040517f35278d1200000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b85600081518110613cd257613cd2615795565b6020026020010151600003613d13576040517fb9c049a000000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b600354613d40906139aa9074010000000000000000000000000000000000000000900461ffff1686615873565b91506000613d4e8386615753565b90506000878781518110613d6457613d64615795565b602002602001015190506000670de0b6b3a764000082613d849190615873565b905060005b84811015613de257888114613dd25760008a8281518110613dac57613dac615795565b60200260200101519050613dce83828784613dc791906157de565b6001614c65565b9250505b613ddb816157c4565b9050613d89565b50613df581670de0b6b3a7640000614c2e565b613dff84846157de565b613e099190615753565b955085600003613e45576040517fe618637e00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b50505050935093915050565b805160005b81811015613f58576000838281518110613e7257613e72615795565b60200260200101519050600083836001613e8c91906157de565b10613e98576000613ebd565b84613ea48460016157de565b81518110613eb457613eb4615795565b60200260200101515b90506fffffffffffffffffffffffffffffffff821180613eec57506fffffffffffffffffffffffffffffffff81115b15613f23576040517f35278d1200000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b608081901b8217601a600185901c60088110613f4157613f41615795565b015550613f5190506002826157de565b9050613e56565b505050565b604080516001600160a01b0385811660248301528416604482015260648082018490528251808303909101815260849091019091526020810180517bffffffffffffffffffffffffffffffffffffffffffffffffffffffff167f23b872dd00000000000000000000000000000000000000000000000000000000179052613fe8908590858585614cc4565b50505050565b600080613ff961373a565b805190915060008167ffffffffffffffff81111561401957614019615766565b604051908082528060200260200182016040528015614042578160200160208202803683370190505b509050600061405060005490565b90508060000361409c5760005b83811015614093578685828151811061407857614078615795565b602090810291909101015261408c816157c4565b905061405d565b50859450614152565b60006140a785614a35565b905060005b848110156141425760006140dc898884815181106140cc576140cc615795565b6020026020010151856001614c65565b90506140e8818a615753565b8583815181106140fa576140fa615795565b6020026020010181815250508087838151811061411957614119615795565b6020026020010181815161412d91906157de565b90525061413b9050816157c4565b90506140ac565b5061414e878383614207565b9550505b8460000361418c576040517fe618637e00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b61419584613e51565b6141a1600088876143cb565b506141ac8786614e89565b6141b6878361494e565b866001600160a01b03167fdb175f6acfa6ff5369f12468313e9d7b8cfd180d09b4d272f6b94079863870de878785886040516141f594939291906158ac565b60405180910390a25050505092915050565b600080806000198587098587029250828110838203039150508060000361424157838281614237576142376158e8565b0492505050614312565b8084116142aa576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601560248201527f4d6174683a206d756c446976206f766572666c6f7700000000000000000000006044820152606401610aeb565b600084868809851960019081018716968790049682860381900495909211909303600082900391909104909201919091029190911760038402600290811880860282030280860282030280860282030280860282030280860282030280860290910302029150505b9392505050565b6001600160a01b038084166000908152600260209081526040808320938616835292905220546000198114613fe8578181101561439b576040517ffb8f41b20000000000000000000000000000000000000000000000000000000081526001600160a01b03841660048201526024810182905260448101839052606401610aeb565b6001600160a01b038085166000908152600260209081526040808320938716835292905220828203905550505050565b6000806143d760005490565b90506001600160a01b03851615614461576001600160a01b03851660009081526001602052604090205483811015614454576040517fe450d38c0000000000000000000000000000000000000000000000000000000081526001600160a01b03871660048201526024810182905260448101859052606401610aeb565b61445d8661485d565b9250505b6000811561447b576144766022548584614207565b61447e565b60005b90506001600160a01b038616156144f8576001600160a01b038616600090815260246020526040902054808211156144b4578091505b6144be8282615753565b6001600160a01b038816600090815260246020526040812091909155602380548492906144ec908490615753565b90915550614510915050565b806022600082825461450a91906157de565b90915550505b6001600160a01b0385161561456b576001600160a01b038516600090815260246020526040812080548392906145479084906157de565b92505081905550806023600082825461456091906157de565b909155506145839050565b806022600082825461457d9190615753565b90915550505b50509392505050565b6001600160a01b0383166145cf576040517f96c6fd1e00000000000000000000000000000000000000000000000000000000815260006004820152602401610aeb565b6001600160a01b038216614612576040517fec442f0500000000000000000000000000000000000000000000000000000000815260006004820152602401610aeb565b613f58838383614ed4565b801561463a5760045461463a906001600160a01b0316838361468b565b5050565b801561463a57816001600160a01b03167fc0819c13be868895eb93e40eaceb96de976442fa1d404e5c55f14bb65a8c489a8260405161467f91815260200190565b60405180910390a25050565b604080516001600160a01b038416602482015260448082018490528251808303909101815260649091019091526020810180517bffffffffffffffffffffffffffffffffffffffffffffffffffffffff167fa9059cbb00000000000000000000000000000000000000000000000000000000179052613f58908490308585614cc4565b600380547fffffffff00ffffff00ffffffffffffffffffffffffffffffffffffffffffffff167b03000000010000000000000000000000000000000000000000000000179055600182016147db57600380547fffffff00ffffffffffffffffffffffffffffffffffffffffffffffffffffffff167c01000000000000000000000000000000000000000000000000000000001790556040516001600160a01b038216907f6a22d00146070e6ae40e0c3b09f4713c1eb48589a845ed3bdc9dd058f4d84c5990600090a25050565b600380547fffffffffffffff00ffffffffffffffffffffffffffffffffffffffffffffffff16780100000000000000000000000000000000000000000000000060ff8516021790556040516001600160a01b0382169083907f1ddc75d9b5fc6d37e23b3284e94f0db77b95dfe06b38540ac86c16e6ee3f723890600090a35050565b60006148688261106d565b905080156148b7576001600160a01b038216600090815260246020526040812080548392906148989084906157de565b9250508190555080602360008282546148b191906157de565b90915550505b919050565b80421115613bee576040517f1503f5f800000000000000000000000000000000000000000000000000000000815260048101829052426024820152604401610aeb565b6001600160a01b038216614942576040517f96c6fd1e00000000000000000000000000000000000000000000000000000000815260006004820152602401610aeb565b61463a82600083614ed4565b805160005b81811015613fe85782818151811061496d5761496d615795565b6020026020010151600014614a2557600a816010811061498f5761498f615795565b015483516001600160a01b03909116906340c10f199086908690859081106149b9576149b9615795565b60200260200101516040518363ffffffff1660e01b81526004016149f29291906001600160a01b03929092168252602082015260400190565b600060405180830381600087803b158015614a0c57600080fd5b505af1158015614a20573d6000803e3d6000fd5b505050505b614a2e816157c4565b9050614953565b8051600090815b81811015614a925782848281518110614a5757614a57615795565b60200260200101511115614a8257838181518110614a7757614a77615795565b602002602001015192505b614a8b816157c4565b9050614a3c565b5050919050565b825160009082825b82811015614b0357858114158015614ad1575081878281518110614ac757614ac7615795565b6020026020010151105b15614af357868181518110614ae857614ae8615795565b602002602001015191505b614afc816157c4565b9050614aa1565b5060018111614b1757600092505050614312565b6000614b2587878785615009565b90508015614bd757614b39878787846151d8565b15614b8e5792508260015b6000614b5082876157de565b9050838110614b5f5750614b88565b614b6b898989846151d8565b15614b7b57945060011b84614b82565b9250614b88565b50614b44565b50614bd7565b90508060015b614b9e8584615753565b811015614bd5576000614bb18285615753565b9050614bbf898989846151d8565b15614bcb579450614bd5565b925060011b614b94565b505b6001614be38584615753565b1115614c245760006001614bf78685615753565b614c02911c866157de565b9050614c10888888846151d8565b15614c1d57809450614b88565b9150614bd7565b5050509392505050565b60008215614c5c5781614c42600185615753565b614c4c9190615917565b614c579060016157de565b614312565b60009392505050565b600080614c73868686614207565b90506001836002811115614c8957614c896159d1565b148015614ca6575060008480614ca157614ca16158e8565b868809115b15614cb957614cb66001826157de565b90505b90505b949350505050565b600080866001600160a01b031686604051614cdf9190615a00565b6000604051808303816000865af19150503d8060008114614d1c576040519150601f19603f3d011682016040523d82523d6000602084013e614d21565b606091505b509150915081614d8e57805115614d3a57805160208201fd5b6040517fcd3f16590000000000000000000000000000000000000000000000000000000081526001600160a01b03808916600483015280871660248301528516604482015260648101849052608401610aeb565b8051600003614e0257866001600160a01b03163b600003614dfd576040517fcd3f16590000000000000000000000000000000000000000000000000000000081526001600160a01b03808916600483015280871660248301528516604482015260648101849052608401610aeb565b614e80565b80516020141580614e27575080806020019051810190614e229190615a1c565b600114155b15614e80576040517fcd3f16590000000000000000000000000000000000000000000000000000000081526001600160a01b03808916600483015280871660248301528516604482015260648101849052608401610aeb565b50505050505050565b6001600160a01b038216614ecc576040517fec442f0500000000000000000000000000000000000000000000000000000000815260006004820152602401610aeb565b61463a600083835b6001600160a01b038316614efe5780600080828254614ef391906157de565b90915550614f899050565b6001600160a01b03831660009081526001602052604090205481811015614f6a576040517fe450d38c0000000000000000000000000000000000000000000000000000000081526001600160a01b03851660048201526024810182905260448101839052606401610aeb565b6001600160a01b03841660009081526001602052604090209082900390555b6001600160a01b038216614fa557600080548290039055614fc4565b6001600160a01b03821660009081526001602052604090208054820190555b816001600160a01b0316836001600160a01b03167fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef83604051613a9891815260200190565b835160009081868683811061502057615020615795565b6020026020010151905060005b60408110156151cd576000670de0b6b3a76400008561504c89866157de565b6150569190615753565b6150609190615873565b90506000615076670de0b6b3a764000085615873565b9050670de0b6b3a764000060005b8681101561514c578a811461513c5760008c82815181106150a7576150a7615795565b60200260200101519050600089826150bf9190615753565b9050604082901c8111156150f5576150d8858383614207565b9450858511156150f057505050505050505050614cbc565b615123565b615100868284614207565b85111561511557505050505050505050614cbc565b615120858383614207565b94505b61512d8187615917565b61513790856157de565b935050505b615145816157c4565b9050615084565b5082821061515f57505050505050614cbc565b60008161516c8486615753565b6151769190615917565b90508060000361518c5750505050505050614cbc565b61519681896157de565b97508888106151b8576151aa60018a615753565b975050505050505050614cbc565b50505050806151c6906157c4565b905061502d565b505050949350505050565b6000808585815181106151ed576151ed615795565b602002602001015190506000670de0b6b3a764000084868461520f91906157de565b6152199190615753565b6152239190615873565b90506000615239670de0b6b3a764000084615873565b885190915060005b818110156152fb578881146152eb5760008a828151811061526457615264615795565b602002602001015190506000888261527c9190615753565b9050604082901c8111156152b6576152978583836001614c65565b9450858511156152b1576000975050505050505050614cbc565b6152e8565b6152c1868284614207565b8511156152d8576000975050505050505050614cbc565b6152e58583836001614c65565b94505b50505b6152f4816157c4565b9050615241565b5060019998505050505050505050565b6000806040838503121561531e57600080fd5b50508035926020909101359150565b60005b83811015615348578181015183820152602001615330565b50506000910152565b602081526000825180602084015261537081604085016020870161532d565b601f017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0169190910160400192915050565b6001600160a01b0381168114613bee57600080fd5b600080604083850312156153ca57600080fd5b82356153d5816153a2565b946020939093013593505050565b6020808252825182820181905260009190848201906040850190845b818110156154245783516001600160a01b0316835292840192918401916001016153ff565b50909695505050505050565b6000806000806080858703121561544657600080fd5b5050823594602084013594506040840135936060013592509050565b60008083601f84011261547457600080fd5b50813567ffffffffffffffff81111561548c57600080fd5b6020830191508360208260051b850101111561373357600080fd5b803567ffffffffffffffff811681146148b757600080fd5b803561ffff811681146148b757600080fd5b6000806000806000806000806000898b036101408112156154f157600080fd5b8a356154fc816153a2565b995060208b013560ff8116811461551257600080fd5b985060408b013567ffffffffffffffff81111561552e57600080fd5b61553a8d828e01615462565b909950975061554d905060608c016154a7565b955061555b60808c016154bf565b945060a08b013561556b816153a2565b935060c08b0135925060607fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff20820112156155a457600080fd5b5060e08a0190509295985092959850929598565b6000602082840312156155ca57600080fd5b8135614312816153a2565b6000806000606084860312156155ea57600080fd5b83356155f5816153a2565b92506020840135615605816153a2565b929592945050506040919091013590565b60006020828403121561562857600080fd5b5035919050565b600081518084526020808501945080840160005b8381101561565f57815187529582019590820190600101615643565b509495945050505050565b602081526000614312602083018461562f565b60008060006060848603121561569257600080fd5b505081359360208301359350604090920135919050565b600080602083850312156156bc57600080fd5b823567ffffffffffffffff8111156156d357600080fd5b6156df85828601615462565b90969095509350505050565b600080604083850312156156fe57600080fd5b8235615709816153a2565b91506020830135615719816153a2565b809150509250929050565b7f4e487b7100000000000000000000000000000000000000000000000000000000600052601160045260246000fd5b8181038181111561096657610966615724565b7f4e487b7100000000000000000000000000000000000000000000000000000000600052604160045260246000fd5b7f4e487b7100000000000000000000000000000000000000000000000000000000600052603260045260246000fd5b600060001982036157d7576157d7615724565b5060010190565b8082018082111561096657610966615724565b848152836020820152826040820152608060608201526000615816608083018461562f565b9695505050505050565b60006020828403121561583257600080fd5b614312826154a7565b60006020828403121561584d57600080fd5b614312826154bf565b60006020828403121561586857600080fd5b8151614312816153a2565b808202811582820484141761096657610966615724565b60006020828403121561589c57600080fd5b8151801515811461431257600080fd5b8481528360208201526080604082015260006158cb608083018561562f565b82810360608401526158dd818561562f565b979650505050505050565b7f4e487b7100000000000000000000000000000000000000000000000000000000600052601260045260246000fd5b60008261594d577f4e487b7100000000000000000000000000000000000000000000000000000000600052601260045260246000fd5b500490565b6040815282604082015260007f07ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff84111561598b57600080fd5b8360051b808660608501376020830193909352500160600192915050565b8381528260208201526060604082015260006159c8606083018461562f565b95945050505050565b7f4e487b7100000000000000000000000000000000000000000000000000000000600052602160045260246000fd5b60008251615a1281846020870161532d565b9190910192915050565b600060208284031215615a2e57600080fd5b505191905056fea2646970667358221220d3aebe78226710206b696a6d5588fb972eda23904d1888ba1d93ddace8fa419c64736f6c63430008110033608060405234801561001057600080fd5b50600580546001600160a01b0319166001179055610f52806100336000396000f3fe608060405234801561001057600080fd5b50600436106100ea5760003560e01c806370a082311161008c5780639dc29fac116100665780639dc29fac14610230578063a9059cbb14610243578063dd62ed3e14610256578063e28f95101461029c57600080fd5b806370a08231146101ad57806380f55605146101e357806395d89b411461022857600080fd5b806323b872dd116100c857806323b872dd14610142578063313ce5671461015557806340c10f1914610185578063569067111461019a57600080fd5b806306fdde03146100ef578063095ea7b31461010d57806318160ddd14610130575b600080fd5b6100f76102c0565b6040516101049190610aab565b60405180910390f35b61012061011b366004610b40565b610352565b6040519015158152602001610104565b6000545b604051908152602001610104565b610120610150366004610b6a565b610369565b60055474010000000000000000000000000000000000000000900460ff1660405160ff9091168152602001610104565b610198610193366004610b40565b61038b565b005b6101986101a8366004610c00565b6103f1565b6101346101bb366004610ca2565b73ffffffffffffffffffffffffffffffffffffffff1660009081526001602052604090205490565b6005546102039073ffffffffffffffffffffffffffffffffffffffff1681565b60405173ffffffffffffffffffffffffffffffffffffffff9091168152602001610104565b6100f761052a565b61019861023e366004610b40565b610539565b610120610251366004610b40565b610596565b610134610264366004610cc4565b73ffffffffffffffffffffffffffffffffffffffff918216600090815260026020908152604080832093909416825291909152205490565b6005547501000000000000000000000000000000000000000000900460ff16610134565b6060600380546102cf90610cf7565b80601f01602080910402602001604051908101604052809291908181526020018280546102fb90610cf7565b80156103485780601f1061031d57610100808354040283529160200191610348565b820191906000526020600020905b81548152906001019060200180831161032b57829003601f168201915b5050505050905090565b600061035f3384846105a3565b5060015b92915050565b60006103768433846106b2565b6103818484846107aa565b5060019392505050565b60055473ffffffffffffffffffffffffffffffffffffffff1633146103e3576040517fbfae38b30000000000000000000000000000000000000000000000000000000081523360048201526024015b60405180910390fd5b6103ed828261085a565b5050565b60055473ffffffffffffffffffffffffffffffffffffffff1615158061042b575073ffffffffffffffffffffffffffffffffffffffff8216155b15610462576040517f0dc149f000000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b600361046f878983610dc7565b50600461047d858783610dc7565b506005805473ffffffffffffffffffffffffffffffffffffffff939093167fffffffffffffffffffffff000000000000000000000000000000000000000000909316929092177401000000000000000000000000000000000000000060ff94851602177fffffffffffffffffffff00ffffffffffffffffffffffffffffffffffffffffff167501000000000000000000000000000000000000000000919093160291909117905550505050565b6060600480546102cf90610cf7565b60055473ffffffffffffffffffffffffffffffffffffffff16331461058c576040517fbfae38b30000000000000000000000000000000000000000000000000000000081523360048201526024016103da565b6103ed82826108b6565b600061035f3384846107aa565b73ffffffffffffffffffffffffffffffffffffffff83166105f3576040517fe602df05000000000000000000000000000000000000000000000000000000008152600060048201526024016103da565b73ffffffffffffffffffffffffffffffffffffffff8216610643576040517f94280d62000000000000000000000000000000000000000000000000000000008152600060048201526024016103da565b73ffffffffffffffffffffffffffffffffffffffff83811660008181526002602090815260408083209487168084529482529182902085905590518481527f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b92591015b60405180910390a3505050565b73ffffffffffffffffffffffffffffffffffffffff8084166000908152600260209081526040808320938616835292905220547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff81146107a4578181101561076c576040517ffb8f41b200000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff8416600482015260248101829052604481018390526064016103da565b73ffffffffffffffffffffffffffffffffffffffff808516600090815260026020908152604080832093871683529290522082820390555b50505050565b73ffffffffffffffffffffffffffffffffffffffff83166107fa576040517f96c6fd1e000000000000000000000000000000000000000000000000000000008152600060048201526024016103da565b73ffffffffffffffffffffffffffffffffffffffff821661084a576040517fec442f05000000000000000000000000000000000000000000000000000000008152600060048201526024016103da565b61085583838361090e565b505050565b73ffffffffffffffffffffffffffffffffffffffff82166108aa576040517fec442f05000000000000000000000000000000000000000000000000000000008152600060048201526024016103da565b6103ed6000838361090e565b73ffffffffffffffffffffffffffffffffffffffff8216610906576040517f96c6fd1e000000000000000000000000000000000000000000000000000000008152600060048201526024016103da565b6103ed826000835b73ffffffffffffffffffffffffffffffffffffffff8316610945578060008082825461093a9190610ee2565b909155506109f79050565b73ffffffffffffffffffffffffffffffffffffffff8316600090815260016020526040902054818110156109cb576040517fe450d38c00000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff8516600482015260248101829052604481018390526064016103da565b73ffffffffffffffffffffffffffffffffffffffff841660009081526001602052604090209082900390555b73ffffffffffffffffffffffffffffffffffffffff8216610a2057600080548290039055610a4c565b73ffffffffffffffffffffffffffffffffffffffff821660009081526001602052604090208054820190555b8173ffffffffffffffffffffffffffffffffffffffff168373ffffffffffffffffffffffffffffffffffffffff167fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef836040516106a591815260200190565b600060208083528351808285015260005b81811015610ad857858101830151858201604001528201610abc565b5060006040828601015260407fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0601f8301168501019250505092915050565b803573ffffffffffffffffffffffffffffffffffffffff81168114610b3b57600080fd5b919050565b60008060408385031215610b5357600080fd5b610b5c83610b17565b946020939093013593505050565b600080600060608486031215610b7f57600080fd5b610b8884610b17565b9250610b9660208501610b17565b9150604084013590509250925092565b60008083601f840112610bb857600080fd5b50813567ffffffffffffffff811115610bd057600080fd5b602083019150836020828501011115610be857600080fd5b9250929050565b803560ff81168114610b3b57600080fd5b600080600080600080600060a0888a031215610c1b57600080fd5b873567ffffffffffffffff80821115610c3357600080fd5b610c3f8b838c01610ba6565b909950975060208a0135915080821115610c5857600080fd5b50610c658a828b01610ba6565b9096509450610c78905060408901610bef565b9250610c8660608901610b17565b9150610c9460808901610bef565b905092959891949750929550565b600060208284031215610cb457600080fd5b610cbd82610b17565b9392505050565b60008060408385031215610cd757600080fd5b610ce083610b17565b9150610cee60208401610b17565b90509250929050565b600181811c90821680610d0b57607f821691505b602082108103610d44577f4e487b7100000000000000000000000000000000000000000000000000000000600052602260045260246000fd5b50919050565b7f4e487b7100000000000000000000000000000000000000000000000000000000600052604160045260246000fd5b601f82111561085557600081815260208120601f850160051c81016020861015610da05750805b601f850160051c820191505b81811015610dbf57828155600101610dac565b505050505050565b67ffffffffffffffff831115610ddf57610ddf610d4a565b610df383610ded8354610cf7565b83610d79565b6000601f841160018114610e455760008515610e0f5750838201355b7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff600387901b1c1916600186901b178355610edb565b6000838152602090207fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0861690835b82811015610e945786850135825560209485019460019092019101610e74565b5086821015610ecf577fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff60f88860031b161c19848701351681555b505060018560011b0183555b5050505050565b80820180821115610363577f4e487b7100000000000000000000000000000000000000000000000000000000600052601160045260246000fdfea2646970667358221220b7242e0038e39ef575932196c5290cdd3e6c4a7b176508794f47a4cf2617582864736f6c63430008110033",
}

// MarketFactoryABI is the input ABI used to generate the binding from.
// Deprecated: Use MarketFactoryMetaData.ABI instead.
var MarketFactoryABI = MarketFactoryMetaData.ABI

// Deprecated: Use MarketFactoryMetaData.Sigs instead.
// MarketFactoryFuncSigs maps the 4-byte function signature to its string representation.
var MarketFactoryFuncSigs = MarketFactoryMetaData.Sigs

// MarketFactoryBin is the compiled bytecode used for deploying new contracts.
// Deprecated: Use MarketFactoryMetaData.Bin instead.
var MarketFactoryBin = MarketFactoryMetaData.Bin

// DeployMarketFactory deploys a new Ethereum contract, binding an instance of MarketFactory to it.
func DeployMarketFactory(auth *bind.TransactOpts, backend bind.ContractBackend, owner_ common.Address, defaultFeeBps_ *big.Int) (common.Address, *types.Transaction, *MarketFactory, error) {
	parsed, err := MarketFactoryMetaData.GetAbi()
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	if parsed == nil {
		return common.Address{}, nil, nil, errors.New("GetABI returned nil")
	}

	address, tx, contract, err := bind.DeployContract(auth, *parsed, common.FromHex(MarketFactoryBin), backend, owner_, defaultFeeBps_)
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	return address, tx, &MarketFactory{MarketFactoryCaller: MarketFactoryCaller{contract: contract}, MarketFactoryTransactor: MarketFactoryTransactor{contract: contract}, MarketFactoryFilterer: MarketFactoryFilterer{contract: contract}}, nil
}

// MarketFactory is an auto generated Go binding around an Ethereum contract.
type MarketFactory struct {
	MarketFactoryCaller     // Read-only binding to the contract
	MarketFactoryTransactor // Write-only binding to the contract
	MarketFactoryFilterer   // Log filterer for contract events
}

// MarketFactoryCaller is an auto generated read-only Go binding around an Ethereum contract.
type MarketFactoryCaller struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// MarketFactoryTransactor is an auto generated write-only Go binding around an Ethereum contract.
type MarketFactoryTransactor struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// MarketFactoryFilterer is an auto generated log filtering Go binding around an Ethereum contract events.
type MarketFactoryFilterer struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// MarketFactorySession is an auto generated Go binding around an Ethereum contract,
// with pre-set call and transact options.
type MarketFactorySession struct {
	Contract     *MarketFactory    // Generic contract binding to set the session for
	CallOpts     bind.CallOpts     // Call options to use throughout this session
	TransactOpts bind.TransactOpts // Transaction auth options to use throughout this session
}

// MarketFactoryCallerSession is an auto generated read-only Go binding around an Ethereum contract,
// with pre-set call options.
type MarketFactoryCallerSession struct {
	Contract *MarketFactoryCaller // Generic contract caller binding to set the session for
	CallOpts bind.CallOpts        // Call options to use throughout this session
}

// MarketFactoryTransactorSession is an auto generated write-only Go binding around an Ethereum contract,
// with pre-set transact options.
type MarketFactoryTransactorSession struct {
	Contract     *MarketFactoryTransactor // Generic contract transactor binding to set the session for
	TransactOpts bind.TransactOpts        // Transaction auth options to use throughout this session
}

// MarketFactoryRaw is an auto generated low-level Go binding around an Ethereum contract.
type MarketFactoryRaw struct {
	Contract *MarketFactory // Generic contract binding to access the raw methods on
}

// MarketFactoryCallerRaw is an auto generated low-level read-only Go binding around an Ethereum contract.
type MarketFactoryCallerRaw struct {
	Contract *MarketFactoryCaller // Generic read-only contract binding to access the raw methods on
}

// MarketFactoryTransactorRaw is an auto generated low-level write-only Go binding around an Ethereum contract.
type MarketFactoryTransactorRaw struct {
	Contract *MarketFactoryTransactor // Generic write-only contract binding to access the raw methods on
}

// NewMarketFactory creates a new instance of MarketFactory, bound to a specific deployed contract.
func NewMarketFactory(address common.Address, backend bind.ContractBackend) (*MarketFactory, error) {
	contract, err := bindMarketFactory(address, backend, backend, backend)
	if err != nil {
		return nil, err
	}
	return &MarketFactory{MarketFactoryCaller: MarketFactoryCaller{contract: contract}, MarketFactoryTransactor: MarketFactoryTransactor{contract: contract}, MarketFactoryFilterer: MarketFactoryFilterer{contract: contract}}, nil
}

// NewMarketFactoryCaller creates a new read-only instance of MarketFactory, bound to a specific deployed contract.
func NewMarketFactoryCaller(address common.Address, caller bind.ContractCaller) (*MarketFactoryCaller, error) {
	contract, err := bindMarketFactory(address, caller, nil, nil)
	if err != nil {
		return nil, err
	}
	return &MarketFactoryCaller{contract: contract}, nil
}

// NewMarketFactoryTransactor creates a new write-only instance of MarketFactory, bound to a specific deployed contract.
func NewMarketFactoryTransactor(address common.Address, transactor bind.ContractTransactor) (*MarketFactoryTransactor, error) {
	contract, err := bindMarketFactory(address, nil, transactor, nil)
	if err != nil {
		return nil, err
	}
	return &MarketFactoryTransactor{contract: contract}, nil
}

// NewMarketFactoryFilterer creates a new log filterer instance of MarketFactory, bound to a specific deployed contract.
func NewMarketFactoryFilterer(address common.Address, filterer bind.ContractFilterer) (*MarketFactoryFilterer, error) {
	contract, err := bindMarketFactory(address, nil, nil, filterer)
	if err != nil {
		return nil, err
	}
	return &MarketFactoryFilterer{contract: contract}, nil
}

// bindMarketFactory binds a generic wrapper to an already deployed contract.
func bindMarketFactory(address common.Address, caller bind.ContractCaller, transactor bind.ContractTransactor, filterer bind.ContractFilterer) (*bind.BoundContract, error) {
	parsed, err := MarketFactoryMetaData.GetAbi()
	if err != nil {
		return nil, err
	}
	return bind.NewBoundContract(address, *parsed, caller, transactor, filterer), nil
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_MarketFactory *MarketFactoryRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _MarketFactory.Contract.MarketFactoryCaller.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_MarketFactory *MarketFactoryRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _MarketFactory.Contract.MarketFactoryTransactor.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_MarketFactory *MarketFactoryRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _MarketFactory.Contract.MarketFactoryTransactor.contract.Transact(opts, method, params...)
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_MarketFactory *MarketFactoryCallerRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _MarketFactory.Contract.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_MarketFactory *MarketFactoryTransactorRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _MarketFactory.Contract.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_MarketFactory *MarketFactoryTransactorRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _MarketFactory.Contract.contract.Transact(opts, method, params...)
}

// ADMINROLE is a free data retrieval call binding the contract method 0x75b238fc.
//
// Solidity: function ADMIN_ROLE() view returns(bytes32)
func (_MarketFactory *MarketFactoryCaller) ADMINROLE(opts *bind.CallOpts) ([32]byte, error) {
	var out []interface{}
	err := _MarketFactory.contract.Call(opts, &out, "ADMIN_ROLE")

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// ADMINROLE is a free data retrieval call binding the contract method 0x75b238fc.
//
// Solidity: function ADMIN_ROLE() view returns(bytes32)
func (_MarketFactory *MarketFactorySession) ADMINROLE() ([32]byte, error) {
	return _MarketFactory.Contract.ADMINROLE(&_MarketFactory.CallOpts)
}

// ADMINROLE is a free data retrieval call binding the contract method 0x75b238fc.
//
// Solidity: function ADMIN_ROLE() view returns(bytes32)
func (_MarketFactory *MarketFactoryCallerSession) ADMINROLE() ([32]byte, error) {
	return _MarketFactory.Contract.ADMINROLE(&_MarketFactory.CallOpts)
}

// MAXCHALLENGEWINDOW is a free data retrieval call binding the contract method 0x51586ecb.
//
// Solidity: function MAX_CHALLENGE_WINDOW() view returns(uint256)
func (_MarketFactory *MarketFactoryCaller) MAXCHALLENGEWINDOW(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _MarketFactory.contract.Call(opts, &out, "MAX_CHALLENGE_WINDOW")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// MAXCHALLENGEWINDOW is a free data retrieval call binding the contract method 0x51586ecb.
//
// Solidity: function MAX_CHALLENGE_WINDOW() view returns(uint256)
func (_MarketFactory *MarketFactorySession) MAXCHALLENGEWINDOW() (*big.Int, error) {
	return _MarketFactory.Contract.MAXCHALLENGEWINDOW(&_MarketFactory.CallOpts)
}

// MAXCHALLENGEWINDOW is a free data retrieval call binding the contract method 0x51586ecb.
//
// Solidity: function MAX_CHALLENGE_WINDOW() view returns(uint256)
func (_MarketFactory *MarketFactoryCallerSession) MAXCHALLENGEWINDOW() (*big.Int, error) {
	return _MarketFactory.Contract.MAXCHALLENGEWINDOW(&_MarketFactory.CallOpts)
}

// MAXDISPUTEFEEBPS is a free data retrieval call binding the contract method 0x339ee557.
//
// Solidity: function MAX_DISPUTE_FEE_BPS() view returns(uint256)
func (_MarketFactory *MarketFactoryCaller) MAXDISPUTEFEEBPS(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _MarketFactory.contract.Call(opts, &out, "MAX_DISPUTE_FEE_BPS")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// MAXDISPUTEFEEBPS is a free data retrieval call binding the contract method 0x339ee557.
//
// Solidity: function MAX_DISPUTE_FEE_BPS() view returns(uint256)
func (_MarketFactory *MarketFactorySession) MAXDISPUTEFEEBPS() (*big.Int, error) {
	return _MarketFactory.Contract.MAXDISPUTEFEEBPS(&_MarketFactory.CallOpts)
}

// MAXDISPUTEFEEBPS is a free data retrieval call binding the contract method 0x339ee557.
//
// Solidity: function MAX_DISPUTE_FEE_BPS() view returns(uint256)
func (_MarketFactory *MarketFactoryCallerSession) MAXDISPUTEFEEBPS() (*big.Int, error) {
	return _MarketFactory.Contract.MAXDISPUTEFEEBPS(&_MarketFactory.CallOpts)
}

// MAXFEEBPS is a free data retrieval call binding the contract method 0xd55be8c6.
//
// Solidity: function MAX_FEE_BPS() view returns(uint256)
func (_MarketFactory *MarketFactoryCaller) MAXFEEBPS(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _MarketFactory.contract.Call(opts, &out, "MAX_FEE_BPS")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// MAXFEEBPS is a free data retrieval call binding the contract method 0xd55be8c6.
//
// Solidity: function MAX_FEE_BPS() view returns(uint256)
func (_MarketFactory *MarketFactorySession) MAXFEEBPS() (*big.Int, error) {
	return _MarketFactory.Contract.MAXFEEBPS(&_MarketFactory.CallOpts)
}

// MAXFEEBPS is a free data retrieval call binding the contract method 0xd55be8c6.
//
// Solidity: function MAX_FEE_BPS() view returns(uint256)
func (_MarketFactory *MarketFactoryCallerSession) MAXFEEBPS() (*big.Int, error) {
	return _MarketFactory.Contract.MAXFEEBPS(&_MarketFactory.CallOpts)
}

// MAXOPTIONS is a free data retrieval call binding the contract method 0x0da183d6.
//
// Solidity: function MAX_OPTIONS() view returns(uint256)
func (_MarketFactory *MarketFactoryCaller) MAXOPTIONS(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _MarketFactory.contract.Call(opts, &out, "MAX_OPTIONS")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// MAXOPTIONS is a free data retrieval call binding the contract method 0x0da183d6.
//
// Solidity: function MAX_OPTIONS() view returns(uint256)
func (_MarketFactory *MarketFactorySession) MAXOPTIONS() (*big.Int, error) {
	return _MarketFactory.Contract.MAXOPTIONS(&_MarketFactory.CallOpts)
}

// MAXOPTIONS is a free data retrieval call binding the contract method 0x0da183d6.
//
// Solidity: function MAX_OPTIONS() view returns(uint256)
func (_MarketFactory *MarketFactoryCallerSession) MAXOPTIONS() (*big.Int, error) {
	return _MarketFactory.Contract.MAXOPTIONS(&_MarketFactory.CallOpts)
}

// MINOPTIONS is a free data retrieval call binding the contract method 0x65104334.
//
// Solidity: function MIN_OPTIONS() view returns(uint256)
func (_MarketFactory *MarketFactoryCaller) MINOPTIONS(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _MarketFactory.contract.Call(opts, &out, "MIN_OPTIONS")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// MINOPTIONS is a free data retrieval call binding the contract method 0x65104334.
//
// Solidity: function MIN_OPTIONS() view returns(uint256)
func (_MarketFactory *MarketFactorySession) MINOPTIONS() (*big.Int, error) {
	return _MarketFactory.Contract.MINOPTIONS(&_MarketFactory.CallOpts)
}

// MINOPTIONS is a free data retrieval call binding the contract method 0x65104334.
//
// Solidity: function MIN_OPTIONS() view returns(uint256)
func (_MarketFactory *MarketFactoryCallerSession) MINOPTIONS() (*big.Int, error) {
	return _MarketFactory.Contract.MINOPTIONS(&_MarketFactory.CallOpts)
}

// RESOLVERROLE is a free data retrieval call binding the contract method 0x78fab260.
//
// Solidity: function RESOLVER_ROLE() view returns(bytes32)
func (_MarketFactory *MarketFactoryCaller) RESOLVERROLE(opts *bind.CallOpts) ([32]byte, error) {
	var out []interface{}
	err := _MarketFactory.contract.Call(opts, &out, "RESOLVER_ROLE")

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// RESOLVERROLE is a free data retrieval call binding the contract method 0x78fab260.
//
// Solidity: function RESOLVER_ROLE() view returns(bytes32)
func (_MarketFactory *MarketFactorySession) RESOLVERROLE() ([32]byte, error) {
	return _MarketFactory.Contract.RESOLVERROLE(&_MarketFactory.CallOpts)
}

// RESOLVERROLE is a free data retrieval call binding the contract method 0x78fab260.
//
// Solidity: function RESOLVER_ROLE() view returns(bytes32)
func (_MarketFactory *MarketFactoryCallerSession) RESOLVERROLE() ([32]byte, error) {
	return _MarketFactory.Contract.RESOLVERROLE(&_MarketFactory.CallOpts)
}

// Arbitrator is a free data retrieval call binding the contract method 0x6cc6cde1.
//
// Solidity: function arbitrator() view returns(address)
func (_MarketFactory *MarketFactoryCaller) Arbitrator(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _MarketFactory.contract.Call(opts, &out, "arbitrator")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// Arbitrator is a free data retrieval call binding the contract method 0x6cc6cde1.
//
// Solidity: function arbitrator() view returns(address)
func (_MarketFactory *MarketFactorySession) Arbitrator() (common.Address, error) {
	return _MarketFactory.Contract.Arbitrator(&_MarketFactory.CallOpts)
}

// Arbitrator is a free data retrieval call binding the contract method 0x6cc6cde1.
//
// Solidity: function arbitrator() view returns(address)
func (_MarketFactory *MarketFactoryCallerSession) Arbitrator() (common.Address, error) {
	return _MarketFactory.Contract.Arbitrator(&_MarketFactory.CallOpts)
}

// CanSettle is a free data retrieval call binding the contract method 0x78d03cb2.
//
// Solidity: function canSettle(address account) view returns(bool)
func (_MarketFactory *MarketFactoryCaller) CanSettle(opts *bind.CallOpts, account common.Address) (bool, error) {
	var out []interface{}
	err := _MarketFactory.contract.Call(opts, &out, "canSettle", account)

	if err != nil {
		return *new(bool), err
	}

	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)

	return out0, err

}

// CanSettle is a free data retrieval call binding the contract method 0x78d03cb2.
//
// Solidity: function canSettle(address account) view returns(bool)
func (_MarketFactory *MarketFactorySession) CanSettle(account common.Address) (bool, error) {
	return _MarketFactory.Contract.CanSettle(&_MarketFactory.CallOpts, account)
}

// CanSettle is a free data retrieval call binding the contract method 0x78d03cb2.
//
// Solidity: function canSettle(address account) view returns(bool)
func (_MarketFactory *MarketFactoryCallerSession) CanSettle(account common.Address) (bool, error) {
	return _MarketFactory.Contract.CanSettle(&_MarketFactory.CallOpts, account)
}

// DefaultBond is a free data retrieval call binding the contract method 0x8333cb06.
//
// Solidity: function defaultBond() view returns(uint256)
func (_MarketFactory *MarketFactoryCaller) DefaultBond(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _MarketFactory.contract.Call(opts, &out, "defaultBond")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// DefaultBond is a free data retrieval call binding the contract method 0x8333cb06.
//
// Solidity: function defaultBond() view returns(uint256)
func (_MarketFactory *MarketFactorySession) DefaultBond() (*big.Int, error) {
	return _MarketFactory.Contract.DefaultBond(&_MarketFactory.CallOpts)
}

// DefaultBond is a free data retrieval call binding the contract method 0x8333cb06.
//
// Solidity: function defaultBond() view returns(uint256)
func (_MarketFactory *MarketFactoryCallerSession) DefaultBond() (*big.Int, error) {
	return _MarketFactory.Contract.DefaultBond(&_MarketFactory.CallOpts)
}

// DefaultChallengeWindow is a free data retrieval call binding the contract method 0xe41bf840.
//
// Solidity: function defaultChallengeWindow() view returns(uint256)
func (_MarketFactory *MarketFactoryCaller) DefaultChallengeWindow(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _MarketFactory.contract.Call(opts, &out, "defaultChallengeWindow")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// DefaultChallengeWindow is a free data retrieval call binding the contract method 0xe41bf840.
//
// Solidity: function defaultChallengeWindow() view returns(uint256)
func (_MarketFactory *MarketFactorySession) DefaultChallengeWindow() (*big.Int, error) {
	return _MarketFactory.Contract.DefaultChallengeWindow(&_MarketFactory.CallOpts)
}

// DefaultChallengeWindow is a free data retrieval call binding the contract method 0xe41bf840.
//
// Solidity: function defaultChallengeWindow() view returns(uint256)
func (_MarketFactory *MarketFactoryCallerSession) DefaultChallengeWindow() (*big.Int, error) {
	return _MarketFactory.Contract.DefaultChallengeWindow(&_MarketFactory.CallOpts)
}

// DefaultFeeBps is a free data retrieval call binding the contract method 0xbcae25a4.
//
// Solidity: function defaultFeeBps() view returns(uint256)
func (_MarketFactory *MarketFactoryCaller) DefaultFeeBps(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _MarketFactory.contract.Call(opts, &out, "defaultFeeBps")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// DefaultFeeBps is a free data retrieval call binding the contract method 0xbcae25a4.
//
// Solidity: function defaultFeeBps() view returns(uint256)
func (_MarketFactory *MarketFactorySession) DefaultFeeBps() (*big.Int, error) {
	return _MarketFactory.Contract.DefaultFeeBps(&_MarketFactory.CallOpts)
}

// DefaultFeeBps is a free data retrieval call binding the contract method 0xbcae25a4.
//
// Solidity: function defaultFeeBps() view returns(uint256)
func (_MarketFactory *MarketFactoryCallerSession) DefaultFeeBps() (*big.Int, error) {
	return _MarketFactory.Contract.DefaultFeeBps(&_MarketFactory.CallOpts)
}

// DisputeFeeBps is a free data retrieval call binding the contract method 0x14ecae36.
//
// Solidity: function disputeFeeBps() view returns(uint256)
func (_MarketFactory *MarketFactoryCaller) DisputeFeeBps(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _MarketFactory.contract.Call(opts, &out, "disputeFeeBps")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// DisputeFeeBps is a free data retrieval call binding the contract method 0x14ecae36.
//
// Solidity: function disputeFeeBps() view returns(uint256)
func (_MarketFactory *MarketFactorySession) DisputeFeeBps() (*big.Int, error) {
	return _MarketFactory.Contract.DisputeFeeBps(&_MarketFactory.CallOpts)
}

// DisputeFeeBps is a free data retrieval call binding the contract method 0x14ecae36.
//
// Solidity: function disputeFeeBps() view returns(uint256)
func (_MarketFactory *MarketFactoryCallerSession) DisputeFeeBps() (*big.Int, error) {
	return _MarketFactory.Contract.DisputeFeeBps(&_MarketFactory.CallOpts)
}

// IsAdmin is a free data retrieval call binding the contract method 0x24d7806c.
//
// Solidity: function isAdmin(address ) view returns(bool)
func (_MarketFactory *MarketFactoryCaller) IsAdmin(opts *bind.CallOpts, arg0 common.Address) (bool, error) {
	var out []interface{}
	err := _MarketFactory.contract.Call(opts, &out, "isAdmin", arg0)

	if err != nil {
		return *new(bool), err
	}

	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)

	return out0, err

}

// IsAdmin is a free data retrieval call binding the contract method 0x24d7806c.
//
// Solidity: function isAdmin(address ) view returns(bool)
func (_MarketFactory *MarketFactorySession) IsAdmin(arg0 common.Address) (bool, error) {
	return _MarketFactory.Contract.IsAdmin(&_MarketFactory.CallOpts, arg0)
}

// IsAdmin is a free data retrieval call binding the contract method 0x24d7806c.
//
// Solidity: function isAdmin(address ) view returns(bool)
func (_MarketFactory *MarketFactoryCallerSession) IsAdmin(arg0 common.Address) (bool, error) {
	return _MarketFactory.Contract.IsAdmin(&_MarketFactory.CallOpts, arg0)
}

// IsBaseToken is a free data retrieval call binding the contract method 0x85bb6a3c.
//
// Solidity: function isBaseToken(address ) view returns(bool)
func (_MarketFactory *MarketFactoryCaller) IsBaseToken(opts *bind.CallOpts, arg0 common.Address) (bool, error) {
	var out []interface{}
	err := _MarketFactory.contract.Call(opts, &out, "isBaseToken", arg0)

	if err != nil {
		return *new(bool), err
	}

	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)

	return out0, err

}

// IsBaseToken is a free data retrieval call binding the contract method 0x85bb6a3c.
//
// Solidity: function isBaseToken(address ) view returns(bool)
func (_MarketFactory *MarketFactorySession) IsBaseToken(arg0 common.Address) (bool, error) {
	return _MarketFactory.Contract.IsBaseToken(&_MarketFactory.CallOpts, arg0)
}

// IsBaseToken is a free data retrieval call binding the contract method 0x85bb6a3c.
//
// Solidity: function isBaseToken(address ) view returns(bool)
func (_MarketFactory *MarketFactoryCallerSession) IsBaseToken(arg0 common.Address) (bool, error) {
	return _MarketFactory.Contract.IsBaseToken(&_MarketFactory.CallOpts, arg0)
}

// IsMarket is a free data retrieval call binding the contract method 0x6ec934da.
//
// Solidity: function isMarket(address ) view returns(bool)
func (_MarketFactory *MarketFactoryCaller) IsMarket(opts *bind.CallOpts, arg0 common.Address) (bool, error) {
	var out []interface{}
	err := _MarketFactory.contract.Call(opts, &out, "isMarket", arg0)

	if err != nil {
		return *new(bool), err
	}

	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)

	return out0, err

}

// IsMarket is a free data retrieval call binding the contract method 0x6ec934da.
//
// Solidity: function isMarket(address ) view returns(bool)
func (_MarketFactory *MarketFactorySession) IsMarket(arg0 common.Address) (bool, error) {
	return _MarketFactory.Contract.IsMarket(&_MarketFactory.CallOpts, arg0)
}

// IsMarket is a free data retrieval call binding the contract method 0x6ec934da.
//
// Solidity: function isMarket(address ) view returns(bool)
func (_MarketFactory *MarketFactoryCallerSession) IsMarket(arg0 common.Address) (bool, error) {
	return _MarketFactory.Contract.IsMarket(&_MarketFactory.CallOpts, arg0)
}

// IsResolver is a free data retrieval call binding the contract method 0x9ea7d587.
//
// Solidity: function isResolver(address ) view returns(bool)
func (_MarketFactory *MarketFactoryCaller) IsResolver(opts *bind.CallOpts, arg0 common.Address) (bool, error) {
	var out []interface{}
	err := _MarketFactory.contract.Call(opts, &out, "isResolver", arg0)

	if err != nil {
		return *new(bool), err
	}

	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)

	return out0, err

}

// IsResolver is a free data retrieval call binding the contract method 0x9ea7d587.
//
// Solidity: function isResolver(address ) view returns(bool)
func (_MarketFactory *MarketFactorySession) IsResolver(arg0 common.Address) (bool, error) {
	return _MarketFactory.Contract.IsResolver(&_MarketFactory.CallOpts, arg0)
}

// IsResolver is a free data retrieval call binding the contract method 0x9ea7d587.
//
// Solidity: function isResolver(address ) view returns(bool)
func (_MarketFactory *MarketFactoryCallerSession) IsResolver(arg0 common.Address) (bool, error) {
	return _MarketFactory.Contract.IsResolver(&_MarketFactory.CallOpts, arg0)
}

// MarketImplementation is a free data retrieval call binding the contract method 0x39cfc386.
//
// Solidity: function marketImplementation() view returns(address)
func (_MarketFactory *MarketFactoryCaller) MarketImplementation(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _MarketFactory.contract.Call(opts, &out, "marketImplementation")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// MarketImplementation is a free data retrieval call binding the contract method 0x39cfc386.
//
// Solidity: function marketImplementation() view returns(address)
func (_MarketFactory *MarketFactorySession) MarketImplementation() (common.Address, error) {
	return _MarketFactory.Contract.MarketImplementation(&_MarketFactory.CallOpts)
}

// MarketImplementation is a free data retrieval call binding the contract method 0x39cfc386.
//
// Solidity: function marketImplementation() view returns(address)
func (_MarketFactory *MarketFactoryCallerSession) MarketImplementation() (common.Address, error) {
	return _MarketFactory.Contract.MarketImplementation(&_MarketFactory.CallOpts)
}

// OptionImplementation is a free data retrieval call binding the contract method 0x74004cf6.
//
// Solidity: function optionImplementation() view returns(address)
func (_MarketFactory *MarketFactoryCaller) OptionImplementation(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _MarketFactory.contract.Call(opts, &out, "optionImplementation")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// OptionImplementation is a free data retrieval call binding the contract method 0x74004cf6.
//
// Solidity: function optionImplementation() view returns(address)
func (_MarketFactory *MarketFactorySession) OptionImplementation() (common.Address, error) {
	return _MarketFactory.Contract.OptionImplementation(&_MarketFactory.CallOpts)
}

// OptionImplementation is a free data retrieval call binding the contract method 0x74004cf6.
//
// Solidity: function optionImplementation() view returns(address)
func (_MarketFactory *MarketFactoryCallerSession) OptionImplementation() (common.Address, error) {
	return _MarketFactory.Contract.OptionImplementation(&_MarketFactory.CallOpts)
}

// Owner is a free data retrieval call binding the contract method 0x8da5cb5b.
//
// Solidity: function owner() view returns(address)
func (_MarketFactory *MarketFactoryCaller) Owner(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _MarketFactory.contract.Call(opts, &out, "owner")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// Owner is a free data retrieval call binding the contract method 0x8da5cb5b.
//
// Solidity: function owner() view returns(address)
func (_MarketFactory *MarketFactorySession) Owner() (common.Address, error) {
	return _MarketFactory.Contract.Owner(&_MarketFactory.CallOpts)
}

// Owner is a free data retrieval call binding the contract method 0x8da5cb5b.
//
// Solidity: function owner() view returns(address)
func (_MarketFactory *MarketFactoryCallerSession) Owner() (common.Address, error) {
	return _MarketFactory.Contract.Owner(&_MarketFactory.CallOpts)
}

// PredictMarket is a free data retrieval call binding the contract method 0xf09c63de.
//
// Solidity: function predictMarket(address creator, bytes32 salt) view returns(address)
func (_MarketFactory *MarketFactoryCaller) PredictMarket(opts *bind.CallOpts, creator common.Address, salt [32]byte) (common.Address, error) {
	var out []interface{}
	err := _MarketFactory.contract.Call(opts, &out, "predictMarket", creator, salt)

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// PredictMarket is a free data retrieval call binding the contract method 0xf09c63de.
//
// Solidity: function predictMarket(address creator, bytes32 salt) view returns(address)
func (_MarketFactory *MarketFactorySession) PredictMarket(creator common.Address, salt [32]byte) (common.Address, error) {
	return _MarketFactory.Contract.PredictMarket(&_MarketFactory.CallOpts, creator, salt)
}

// PredictMarket is a free data retrieval call binding the contract method 0xf09c63de.
//
// Solidity: function predictMarket(address creator, bytes32 salt) view returns(address)
func (_MarketFactory *MarketFactoryCallerSession) PredictMarket(creator common.Address, salt [32]byte) (common.Address, error) {
	return _MarketFactory.Contract.PredictMarket(&_MarketFactory.CallOpts, creator, salt)
}

// PredictOption is a free data retrieval call binding the contract method 0x0e7c44b5.
//
// Solidity: function predictOption(address market, uint256 index) view returns(address)
func (_MarketFactory *MarketFactoryCaller) PredictOption(opts *bind.CallOpts, market common.Address, index *big.Int) (common.Address, error) {
	var out []interface{}
	err := _MarketFactory.contract.Call(opts, &out, "predictOption", market, index)

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// PredictOption is a free data retrieval call binding the contract method 0x0e7c44b5.
//
// Solidity: function predictOption(address market, uint256 index) view returns(address)
func (_MarketFactory *MarketFactorySession) PredictOption(market common.Address, index *big.Int) (common.Address, error) {
	return _MarketFactory.Contract.PredictOption(&_MarketFactory.CallOpts, market, index)
}

// PredictOption is a free data retrieval call binding the contract method 0x0e7c44b5.
//
// Solidity: function predictOption(address market, uint256 index) view returns(address)
func (_MarketFactory *MarketFactoryCallerSession) PredictOption(market common.Address, index *big.Int) (common.Address, error) {
	return _MarketFactory.Contract.PredictOption(&_MarketFactory.CallOpts, market, index)
}

// Treasury is a free data retrieval call binding the contract method 0x61d027b3.
//
// Solidity: function treasury() view returns(address)
func (_MarketFactory *MarketFactoryCaller) Treasury(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _MarketFactory.contract.Call(opts, &out, "treasury")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// Treasury is a free data retrieval call binding the contract method 0x61d027b3.
//
// Solidity: function treasury() view returns(address)
func (_MarketFactory *MarketFactorySession) Treasury() (common.Address, error) {
	return _MarketFactory.Contract.Treasury(&_MarketFactory.CallOpts)
}

// Treasury is a free data retrieval call binding the contract method 0x61d027b3.
//
// Solidity: function treasury() view returns(address)
func (_MarketFactory *MarketFactoryCallerSession) Treasury() (common.Address, error) {
	return _MarketFactory.Contract.Treasury(&_MarketFactory.CallOpts)
}

// CreateMarket is a paid mutator transaction binding the contract method 0xd85dbb9b.
//
// Solidity: function createMarket(address baseToken, string[] optionNames, uint256 endTime, uint256 feeBps, uint256 initialLiquidity, bytes32 salt, bytes32 metadataHash) returns(address market, address[] options)
func (_MarketFactory *MarketFactoryTransactor) CreateMarket(opts *bind.TransactOpts, baseToken common.Address, optionNames []string, endTime *big.Int, feeBps *big.Int, initialLiquidity *big.Int, salt [32]byte, metadataHash [32]byte) (*types.Transaction, error) {
	return _MarketFactory.contract.Transact(opts, "createMarket", baseToken, optionNames, endTime, feeBps, initialLiquidity, salt, metadataHash)
}

// CreateMarket is a paid mutator transaction binding the contract method 0xd85dbb9b.
//
// Solidity: function createMarket(address baseToken, string[] optionNames, uint256 endTime, uint256 feeBps, uint256 initialLiquidity, bytes32 salt, bytes32 metadataHash) returns(address market, address[] options)
func (_MarketFactory *MarketFactorySession) CreateMarket(baseToken common.Address, optionNames []string, endTime *big.Int, feeBps *big.Int, initialLiquidity *big.Int, salt [32]byte, metadataHash [32]byte) (*types.Transaction, error) {
	return _MarketFactory.Contract.CreateMarket(&_MarketFactory.TransactOpts, baseToken, optionNames, endTime, feeBps, initialLiquidity, salt, metadataHash)
}

// CreateMarket is a paid mutator transaction binding the contract method 0xd85dbb9b.
//
// Solidity: function createMarket(address baseToken, string[] optionNames, uint256 endTime, uint256 feeBps, uint256 initialLiquidity, bytes32 salt, bytes32 metadataHash) returns(address market, address[] options)
func (_MarketFactory *MarketFactoryTransactorSession) CreateMarket(baseToken common.Address, optionNames []string, endTime *big.Int, feeBps *big.Int, initialLiquidity *big.Int, salt [32]byte, metadataHash [32]byte) (*types.Transaction, error) {
	return _MarketFactory.Contract.CreateMarket(&_MarketFactory.TransactOpts, baseToken, optionNames, endTime, feeBps, initialLiquidity, salt, metadataHash)
}

// CreateMarketWithResolution is a paid mutator transaction binding the contract method 0x9c0f7214.
//
// Solidity: function createMarketWithResolution(address baseToken, string[] optionNames, uint256 endTime, uint256 feeBps, uint256 initialLiquidity, bytes32 salt, bytes32 metadataHash, uint256 challengeWindow, uint256 bond) returns(address market, address[] options)
func (_MarketFactory *MarketFactoryTransactor) CreateMarketWithResolution(opts *bind.TransactOpts, baseToken common.Address, optionNames []string, endTime *big.Int, feeBps *big.Int, initialLiquidity *big.Int, salt [32]byte, metadataHash [32]byte, challengeWindow *big.Int, bond *big.Int) (*types.Transaction, error) {
	return _MarketFactory.contract.Transact(opts, "createMarketWithResolution", baseToken, optionNames, endTime, feeBps, initialLiquidity, salt, metadataHash, challengeWindow, bond)
}

// CreateMarketWithResolution is a paid mutator transaction binding the contract method 0x9c0f7214.
//
// Solidity: function createMarketWithResolution(address baseToken, string[] optionNames, uint256 endTime, uint256 feeBps, uint256 initialLiquidity, bytes32 salt, bytes32 metadataHash, uint256 challengeWindow, uint256 bond) returns(address market, address[] options)
func (_MarketFactory *MarketFactorySession) CreateMarketWithResolution(baseToken common.Address, optionNames []string, endTime *big.Int, feeBps *big.Int, initialLiquidity *big.Int, salt [32]byte, metadataHash [32]byte, challengeWindow *big.Int, bond *big.Int) (*types.Transaction, error) {
	return _MarketFactory.Contract.CreateMarketWithResolution(&_MarketFactory.TransactOpts, baseToken, optionNames, endTime, feeBps, initialLiquidity, salt, metadataHash, challengeWindow, bond)
}

// CreateMarketWithResolution is a paid mutator transaction binding the contract method 0x9c0f7214.
//
// Solidity: function createMarketWithResolution(address baseToken, string[] optionNames, uint256 endTime, uint256 feeBps, uint256 initialLiquidity, bytes32 salt, bytes32 metadataHash, uint256 challengeWindow, uint256 bond) returns(address market, address[] options)
func (_MarketFactory *MarketFactoryTransactorSession) CreateMarketWithResolution(baseToken common.Address, optionNames []string, endTime *big.Int, feeBps *big.Int, initialLiquidity *big.Int, salt [32]byte, metadataHash [32]byte, challengeWindow *big.Int, bond *big.Int) (*types.Transaction, error) {
	return _MarketFactory.Contract.CreateMarketWithResolution(&_MarketFactory.TransactOpts, baseToken, optionNames, endTime, feeBps, initialLiquidity, salt, metadataHash, challengeWindow, bond)
}

// SetAdmin is a paid mutator transaction binding the contract method 0x4b0bddd2.
//
// Solidity: function setAdmin(address account, bool granted) returns()
func (_MarketFactory *MarketFactoryTransactor) SetAdmin(opts *bind.TransactOpts, account common.Address, granted bool) (*types.Transaction, error) {
	return _MarketFactory.contract.Transact(opts, "setAdmin", account, granted)
}

// SetAdmin is a paid mutator transaction binding the contract method 0x4b0bddd2.
//
// Solidity: function setAdmin(address account, bool granted) returns()
func (_MarketFactory *MarketFactorySession) SetAdmin(account common.Address, granted bool) (*types.Transaction, error) {
	return _MarketFactory.Contract.SetAdmin(&_MarketFactory.TransactOpts, account, granted)
}

// SetAdmin is a paid mutator transaction binding the contract method 0x4b0bddd2.
//
// Solidity: function setAdmin(address account, bool granted) returns()
func (_MarketFactory *MarketFactoryTransactorSession) SetAdmin(account common.Address, granted bool) (*types.Transaction, error) {
	return _MarketFactory.Contract.SetAdmin(&_MarketFactory.TransactOpts, account, granted)
}

// SetArbitrator is a paid mutator transaction binding the contract method 0xb0eefabe.
//
// Solidity: function setArbitrator(address account) returns()
func (_MarketFactory *MarketFactoryTransactor) SetArbitrator(opts *bind.TransactOpts, account common.Address) (*types.Transaction, error) {
	return _MarketFactory.contract.Transact(opts, "setArbitrator", account)
}

// SetArbitrator is a paid mutator transaction binding the contract method 0xb0eefabe.
//
// Solidity: function setArbitrator(address account) returns()
func (_MarketFactory *MarketFactorySession) SetArbitrator(account common.Address) (*types.Transaction, error) {
	return _MarketFactory.Contract.SetArbitrator(&_MarketFactory.TransactOpts, account)
}

// SetArbitrator is a paid mutator transaction binding the contract method 0xb0eefabe.
//
// Solidity: function setArbitrator(address account) returns()
func (_MarketFactory *MarketFactoryTransactorSession) SetArbitrator(account common.Address) (*types.Transaction, error) {
	return _MarketFactory.Contract.SetArbitrator(&_MarketFactory.TransactOpts, account)
}

// SetBaseToken is a paid mutator transaction binding the contract method 0xb23e3014.
//
// Solidity: function setBaseToken(address token, bool allowed) returns()
func (_MarketFactory *MarketFactoryTransactor) SetBaseToken(opts *bind.TransactOpts, token common.Address, allowed bool) (*types.Transaction, error) {
	return _MarketFactory.contract.Transact(opts, "setBaseToken", token, allowed)
}

// SetBaseToken is a paid mutator transaction binding the contract method 0xb23e3014.
//
// Solidity: function setBaseToken(address token, bool allowed) returns()
func (_MarketFactory *MarketFactorySession) SetBaseToken(token common.Address, allowed bool) (*types.Transaction, error) {
	return _MarketFactory.Contract.SetBaseToken(&_MarketFactory.TransactOpts, token, allowed)
}

// SetBaseToken is a paid mutator transaction binding the contract method 0xb23e3014.
//
// Solidity: function setBaseToken(address token, bool allowed) returns()
func (_MarketFactory *MarketFactoryTransactorSession) SetBaseToken(token common.Address, allowed bool) (*types.Transaction, error) {
	return _MarketFactory.Contract.SetBaseToken(&_MarketFactory.TransactOpts, token, allowed)
}

// SetDefaultFeeBps is a paid mutator transaction binding the contract method 0x4373a286.
//
// Solidity: function setDefaultFeeBps(uint256 feeBps) returns()
func (_MarketFactory *MarketFactoryTransactor) SetDefaultFeeBps(opts *bind.TransactOpts, feeBps *big.Int) (*types.Transaction, error) {
	return _MarketFactory.contract.Transact(opts, "setDefaultFeeBps", feeBps)
}

// SetDefaultFeeBps is a paid mutator transaction binding the contract method 0x4373a286.
//
// Solidity: function setDefaultFeeBps(uint256 feeBps) returns()
func (_MarketFactory *MarketFactorySession) SetDefaultFeeBps(feeBps *big.Int) (*types.Transaction, error) {
	return _MarketFactory.Contract.SetDefaultFeeBps(&_MarketFactory.TransactOpts, feeBps)
}

// SetDefaultFeeBps is a paid mutator transaction binding the contract method 0x4373a286.
//
// Solidity: function setDefaultFeeBps(uint256 feeBps) returns()
func (_MarketFactory *MarketFactoryTransactorSession) SetDefaultFeeBps(feeBps *big.Int) (*types.Transaction, error) {
	return _MarketFactory.Contract.SetDefaultFeeBps(&_MarketFactory.TransactOpts, feeBps)
}

// SetDisputeFeeBps is a paid mutator transaction binding the contract method 0x1d3daca0.
//
// Solidity: function setDisputeFeeBps(uint256 feeBps) returns()
func (_MarketFactory *MarketFactoryTransactor) SetDisputeFeeBps(opts *bind.TransactOpts, feeBps *big.Int) (*types.Transaction, error) {
	return _MarketFactory.contract.Transact(opts, "setDisputeFeeBps", feeBps)
}

// SetDisputeFeeBps is a paid mutator transaction binding the contract method 0x1d3daca0.
//
// Solidity: function setDisputeFeeBps(uint256 feeBps) returns()
func (_MarketFactory *MarketFactorySession) SetDisputeFeeBps(feeBps *big.Int) (*types.Transaction, error) {
	return _MarketFactory.Contract.SetDisputeFeeBps(&_MarketFactory.TransactOpts, feeBps)
}

// SetDisputeFeeBps is a paid mutator transaction binding the contract method 0x1d3daca0.
//
// Solidity: function setDisputeFeeBps(uint256 feeBps) returns()
func (_MarketFactory *MarketFactoryTransactorSession) SetDisputeFeeBps(feeBps *big.Int) (*types.Transaction, error) {
	return _MarketFactory.Contract.SetDisputeFeeBps(&_MarketFactory.TransactOpts, feeBps)
}

// SetResolutionDefaults is a paid mutator transaction binding the contract method 0x08709168.
//
// Solidity: function setResolutionDefaults(uint256 challengeWindow, uint256 bond) returns()
func (_MarketFactory *MarketFactoryTransactor) SetResolutionDefaults(opts *bind.TransactOpts, challengeWindow *big.Int, bond *big.Int) (*types.Transaction, error) {
	return _MarketFactory.contract.Transact(opts, "setResolutionDefaults", challengeWindow, bond)
}

// SetResolutionDefaults is a paid mutator transaction binding the contract method 0x08709168.
//
// Solidity: function setResolutionDefaults(uint256 challengeWindow, uint256 bond) returns()
func (_MarketFactory *MarketFactorySession) SetResolutionDefaults(challengeWindow *big.Int, bond *big.Int) (*types.Transaction, error) {
	return _MarketFactory.Contract.SetResolutionDefaults(&_MarketFactory.TransactOpts, challengeWindow, bond)
}

// SetResolutionDefaults is a paid mutator transaction binding the contract method 0x08709168.
//
// Solidity: function setResolutionDefaults(uint256 challengeWindow, uint256 bond) returns()
func (_MarketFactory *MarketFactoryTransactorSession) SetResolutionDefaults(challengeWindow *big.Int, bond *big.Int) (*types.Transaction, error) {
	return _MarketFactory.Contract.SetResolutionDefaults(&_MarketFactory.TransactOpts, challengeWindow, bond)
}

// SetResolver is a paid mutator transaction binding the contract method 0x1da6ed7c.
//
// Solidity: function setResolver(address account, bool granted) returns()
func (_MarketFactory *MarketFactoryTransactor) SetResolver(opts *bind.TransactOpts, account common.Address, granted bool) (*types.Transaction, error) {
	return _MarketFactory.contract.Transact(opts, "setResolver", account, granted)
}

// SetResolver is a paid mutator transaction binding the contract method 0x1da6ed7c.
//
// Solidity: function setResolver(address account, bool granted) returns()
func (_MarketFactory *MarketFactorySession) SetResolver(account common.Address, granted bool) (*types.Transaction, error) {
	return _MarketFactory.Contract.SetResolver(&_MarketFactory.TransactOpts, account, granted)
}

// SetResolver is a paid mutator transaction binding the contract method 0x1da6ed7c.
//
// Solidity: function setResolver(address account, bool granted) returns()
func (_MarketFactory *MarketFactoryTransactorSession) SetResolver(account common.Address, granted bool) (*types.Transaction, error) {
	return _MarketFactory.Contract.SetResolver(&_MarketFactory.TransactOpts, account, granted)
}

// SetTreasury is a paid mutator transaction binding the contract method 0xf0f44260.
//
// Solidity: function setTreasury(address account) returns()
func (_MarketFactory *MarketFactoryTransactor) SetTreasury(opts *bind.TransactOpts, account common.Address) (*types.Transaction, error) {
	return _MarketFactory.contract.Transact(opts, "setTreasury", account)
}

// SetTreasury is a paid mutator transaction binding the contract method 0xf0f44260.
//
// Solidity: function setTreasury(address account) returns()
func (_MarketFactory *MarketFactorySession) SetTreasury(account common.Address) (*types.Transaction, error) {
	return _MarketFactory.Contract.SetTreasury(&_MarketFactory.TransactOpts, account)
}

// SetTreasury is a paid mutator transaction binding the contract method 0xf0f44260.
//
// Solidity: function setTreasury(address account) returns()
func (_MarketFactory *MarketFactoryTransactorSession) SetTreasury(account common.Address) (*types.Transaction, error) {
	return _MarketFactory.Contract.SetTreasury(&_MarketFactory.TransactOpts, account)
}

// TransferOwnership is a paid mutator transaction binding the contract method 0xf2fde38b.
//
// Solidity: function transferOwnership(address newOwner) returns()
func (_MarketFactory *MarketFactoryTransactor) TransferOwnership(opts *bind.TransactOpts, newOwner common.Address) (*types.Transaction, error) {
	return _MarketFactory.contract.Transact(opts, "transferOwnership", newOwner)
}

// TransferOwnership is a paid mutator transaction binding the contract method 0xf2fde38b.
//
// Solidity: function transferOwnership(address newOwner) returns()
func (_MarketFactory *MarketFactorySession) TransferOwnership(newOwner common.Address) (*types.Transaction, error) {
	return _MarketFactory.Contract.TransferOwnership(&_MarketFactory.TransactOpts, newOwner)
}

// TransferOwnership is a paid mutator transaction binding the contract method 0xf2fde38b.
//
// Solidity: function transferOwnership(address newOwner) returns()
func (_MarketFactory *MarketFactoryTransactorSession) TransferOwnership(newOwner common.Address) (*types.Transaction, error) {
	return _MarketFactory.Contract.TransferOwnership(&_MarketFactory.TransactOpts, newOwner)
}

// MarketFactoryArbitratorChangedIterator is returned from FilterArbitratorChanged and is used to iterate over the raw logs and unpacked data for ArbitratorChanged events raised by the MarketFactory contract.
type MarketFactoryArbitratorChangedIterator struct {
	Event *MarketFactoryArbitratorChanged // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *MarketFactoryArbitratorChangedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(MarketFactoryArbitratorChanged)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(MarketFactoryArbitratorChanged)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *MarketFactoryArbitratorChangedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *MarketFactoryArbitratorChangedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// MarketFactoryArbitratorChanged represents a ArbitratorChanged event raised by the MarketFactory contract.
type MarketFactoryArbitratorChanged struct {
	Arbitrator common.Address
	Raw        types.Log // Blockchain specific contextual infos
}

// FilterArbitratorChanged is a free log retrieval operation binding the contract event 0xcea58c692fbc9fb8dd2ed0126e9e62c4be5c8d5990b1dfafa05adf2d32927da1.
//
// Solidity: event ArbitratorChanged(address indexed arbitrator)
func (_MarketFactory *MarketFactoryFilterer) FilterArbitratorChanged(opts *bind.FilterOpts, arbitrator []common.Address) (*MarketFactoryArbitratorChangedIterator, error) {

	var arbitratorRule []interface{}
	for _, arbitratorItem := range arbitrator {
		arbitratorRule = append(arbitratorRule, arbitratorItem)
	}

	logs, sub, err := _MarketFactory.contract.FilterLogs(opts, "ArbitratorChanged", arbitratorRule)
	if err != nil {
		return nil, err
	}
	return &MarketFactoryArbitratorChangedIterator{contract: _MarketFactory.contract, event: "ArbitratorChanged", logs: logs, sub: sub}, nil
}

// WatchArbitratorChanged is a free log subscription operation binding the contract event 0xcea58c692fbc9fb8dd2ed0126e9e62c4be5c8d5990b1dfafa05adf2d32927da1.
//
// Solidity: event ArbitratorChanged(address indexed arbitrator)
func (_MarketFactory *MarketFactoryFilterer) WatchArbitratorChanged(opts *bind.WatchOpts, sink chan<- *MarketFactoryArbitratorChanged, arbitrator []common.Address) (event.Subscription, error) {

	var arbitratorRule []interface{}
	for _, arbitratorItem := range arbitrator {
		arbitratorRule = append(arbitratorRule, arbitratorItem)
	}

	logs, sub, err := _MarketFactory.contract.WatchLogs(opts, "ArbitratorChanged", arbitratorRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(MarketFactoryArbitratorChanged)
				if err := _MarketFactory.contract.UnpackLog(event, "ArbitratorChanged", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseArbitratorChanged is a log parse operation binding the contract event 0xcea58c692fbc9fb8dd2ed0126e9e62c4be5c8d5990b1dfafa05adf2d32927da1.
//
// Solidity: event ArbitratorChanged(address indexed arbitrator)
func (_MarketFactory *MarketFactoryFilterer) ParseArbitratorChanged(log types.Log) (*MarketFactoryArbitratorChanged, error) {
	event := new(MarketFactoryArbitratorChanged)
	if err := _MarketFactory.contract.UnpackLog(event, "ArbitratorChanged", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// MarketFactoryBaseTokenAllowedIterator is returned from FilterBaseTokenAllowed and is used to iterate over the raw logs and unpacked data for BaseTokenAllowed events raised by the MarketFactory contract.
type MarketFactoryBaseTokenAllowedIterator struct {
	Event *MarketFactoryBaseTokenAllowed // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *MarketFactoryBaseTokenAllowedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(MarketFactoryBaseTokenAllowed)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(MarketFactoryBaseTokenAllowed)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *MarketFactoryBaseTokenAllowedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *MarketFactoryBaseTokenAllowedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// MarketFactoryBaseTokenAllowed represents a BaseTokenAllowed event raised by the MarketFactory contract.
type MarketFactoryBaseTokenAllowed struct {
	Token   common.Address
	Allowed bool
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterBaseTokenAllowed is a free log retrieval operation binding the contract event 0x50475c71647cd3e73b4c309f73e2d59faf51dd0119d00e8e26cac9c3b0ac24af.
//
// Solidity: event BaseTokenAllowed(address indexed token, bool allowed)
func (_MarketFactory *MarketFactoryFilterer) FilterBaseTokenAllowed(opts *bind.FilterOpts, token []common.Address) (*MarketFactoryBaseTokenAllowedIterator, error) {

	var tokenRule []interface{}
	for _, tokenItem := range token {
		tokenRule = append(tokenRule, tokenItem)
	}

	logs, sub, err := _MarketFactory.contract.FilterLogs(opts, "BaseTokenAllowed", tokenRule)
	if err != nil {
		return nil, err
	}
	return &MarketFactoryBaseTokenAllowedIterator{contract: _MarketFactory.contract, event: "BaseTokenAllowed", logs: logs, sub: sub}, nil
}

// WatchBaseTokenAllowed is a free log subscription operation binding the contract event 0x50475c71647cd3e73b4c309f73e2d59faf51dd0119d00e8e26cac9c3b0ac24af.
//
// Solidity: event BaseTokenAllowed(address indexed token, bool allowed)
func (_MarketFactory *MarketFactoryFilterer) WatchBaseTokenAllowed(opts *bind.WatchOpts, sink chan<- *MarketFactoryBaseTokenAllowed, token []common.Address) (event.Subscription, error) {

	var tokenRule []interface{}
	for _, tokenItem := range token {
		tokenRule = append(tokenRule, tokenItem)
	}

	logs, sub, err := _MarketFactory.contract.WatchLogs(opts, "BaseTokenAllowed", tokenRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(MarketFactoryBaseTokenAllowed)
				if err := _MarketFactory.contract.UnpackLog(event, "BaseTokenAllowed", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseBaseTokenAllowed is a log parse operation binding the contract event 0x50475c71647cd3e73b4c309f73e2d59faf51dd0119d00e8e26cac9c3b0ac24af.
//
// Solidity: event BaseTokenAllowed(address indexed token, bool allowed)
func (_MarketFactory *MarketFactoryFilterer) ParseBaseTokenAllowed(log types.Log) (*MarketFactoryBaseTokenAllowed, error) {
	event := new(MarketFactoryBaseTokenAllowed)
	if err := _MarketFactory.contract.UnpackLog(event, "BaseTokenAllowed", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// MarketFactoryDefaultFeeChangedIterator is returned from FilterDefaultFeeChanged and is used to iterate over the raw logs and unpacked data for DefaultFeeChanged events raised by the MarketFactory contract.
type MarketFactoryDefaultFeeChangedIterator struct {
	Event *MarketFactoryDefaultFeeChanged // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *MarketFactoryDefaultFeeChangedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(MarketFactoryDefaultFeeChanged)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(MarketFactoryDefaultFeeChanged)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *MarketFactoryDefaultFeeChangedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *MarketFactoryDefaultFeeChangedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// MarketFactoryDefaultFeeChanged represents a DefaultFeeChanged event raised by the MarketFactory contract.
type MarketFactoryDefaultFeeChanged struct {
	FeeBps *big.Int
	Raw    types.Log // Blockchain specific contextual infos
}

// FilterDefaultFeeChanged is a free log retrieval operation binding the contract event 0x47c26d86c0cb4918d3bd962b301c7862a23ebc8bd9be594cbb8517e7fa4a4d3b.
//
// Solidity: event DefaultFeeChanged(uint256 feeBps)
func (_MarketFactory *MarketFactoryFilterer) FilterDefaultFeeChanged(opts *bind.FilterOpts) (*MarketFactoryDefaultFeeChangedIterator, error) {

	logs, sub, err := _MarketFactory.contract.FilterLogs(opts, "DefaultFeeChanged")
	if err != nil {
		return nil, err
	}
	return &MarketFactoryDefaultFeeChangedIterator{contract: _MarketFactory.contract, event: "DefaultFeeChanged", logs: logs, sub: sub}, nil
}

// WatchDefaultFeeChanged is a free log subscription operation binding the contract event 0x47c26d86c0cb4918d3bd962b301c7862a23ebc8bd9be594cbb8517e7fa4a4d3b.
//
// Solidity: event DefaultFeeChanged(uint256 feeBps)
func (_MarketFactory *MarketFactoryFilterer) WatchDefaultFeeChanged(opts *bind.WatchOpts, sink chan<- *MarketFactoryDefaultFeeChanged) (event.Subscription, error) {

	logs, sub, err := _MarketFactory.contract.WatchLogs(opts, "DefaultFeeChanged")
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(MarketFactoryDefaultFeeChanged)
				if err := _MarketFactory.contract.UnpackLog(event, "DefaultFeeChanged", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseDefaultFeeChanged is a log parse operation binding the contract event 0x47c26d86c0cb4918d3bd962b301c7862a23ebc8bd9be594cbb8517e7fa4a4d3b.
//
// Solidity: event DefaultFeeChanged(uint256 feeBps)
func (_MarketFactory *MarketFactoryFilterer) ParseDefaultFeeChanged(log types.Log) (*MarketFactoryDefaultFeeChanged, error) {
	event := new(MarketFactoryDefaultFeeChanged)
	if err := _MarketFactory.contract.UnpackLog(event, "DefaultFeeChanged", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// MarketFactoryDisputeFeeChangedIterator is returned from FilterDisputeFeeChanged and is used to iterate over the raw logs and unpacked data for DisputeFeeChanged events raised by the MarketFactory contract.
type MarketFactoryDisputeFeeChangedIterator struct {
	Event *MarketFactoryDisputeFeeChanged // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *MarketFactoryDisputeFeeChangedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(MarketFactoryDisputeFeeChanged)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(MarketFactoryDisputeFeeChanged)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *MarketFactoryDisputeFeeChangedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *MarketFactoryDisputeFeeChangedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// MarketFactoryDisputeFeeChanged represents a DisputeFeeChanged event raised by the MarketFactory contract.
type MarketFactoryDisputeFeeChanged struct {
	FeeBps *big.Int
	Raw    types.Log // Blockchain specific contextual infos
}

// FilterDisputeFeeChanged is a free log retrieval operation binding the contract event 0xfe745c6955d580f16cc3b2124cf389020fa0f941718271d4a252829507e9769b.
//
// Solidity: event DisputeFeeChanged(uint256 feeBps)
func (_MarketFactory *MarketFactoryFilterer) FilterDisputeFeeChanged(opts *bind.FilterOpts) (*MarketFactoryDisputeFeeChangedIterator, error) {

	logs, sub, err := _MarketFactory.contract.FilterLogs(opts, "DisputeFeeChanged")
	if err != nil {
		return nil, err
	}
	return &MarketFactoryDisputeFeeChangedIterator{contract: _MarketFactory.contract, event: "DisputeFeeChanged", logs: logs, sub: sub}, nil
}

// WatchDisputeFeeChanged is a free log subscription operation binding the contract event 0xfe745c6955d580f16cc3b2124cf389020fa0f941718271d4a252829507e9769b.
//
// Solidity: event DisputeFeeChanged(uint256 feeBps)
func (_MarketFactory *MarketFactoryFilterer) WatchDisputeFeeChanged(opts *bind.WatchOpts, sink chan<- *MarketFactoryDisputeFeeChanged) (event.Subscription, error) {

	logs, sub, err := _MarketFactory.contract.WatchLogs(opts, "DisputeFeeChanged")
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(MarketFactoryDisputeFeeChanged)
				if err := _MarketFactory.contract.UnpackLog(event, "DisputeFeeChanged", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseDisputeFeeChanged is a log parse operation binding the contract event 0xfe745c6955d580f16cc3b2124cf389020fa0f941718271d4a252829507e9769b.
//
// Solidity: event DisputeFeeChanged(uint256 feeBps)
func (_MarketFactory *MarketFactoryFilterer) ParseDisputeFeeChanged(log types.Log) (*MarketFactoryDisputeFeeChanged, error) {
	event := new(MarketFactoryDisputeFeeChanged)
	if err := _MarketFactory.contract.UnpackLog(event, "DisputeFeeChanged", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// MarketFactoryMarketCreatedIterator is returned from FilterMarketCreated and is used to iterate over the raw logs and unpacked data for MarketCreated events raised by the MarketFactory contract.
type MarketFactoryMarketCreatedIterator struct {
	Event *MarketFactoryMarketCreated // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *MarketFactoryMarketCreatedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(MarketFactoryMarketCreated)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(MarketFactoryMarketCreated)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *MarketFactoryMarketCreatedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *MarketFactoryMarketCreatedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// MarketFactoryMarketCreated represents a MarketCreated event raised by the MarketFactory contract.
type MarketFactoryMarketCreated struct {
	Market           common.Address
	Creator          common.Address
	BaseToken        common.Address
	Options          []common.Address
	EndTime          *big.Int
	FeeBps           *big.Int
	InitialLiquidity *big.Int
	MetadataHash     [32]byte
	Raw              types.Log // Blockchain specific contextual infos
}

// FilterMarketCreated is a free log retrieval operation binding the contract event 0x0d5d44812e8c3094c5c920f812e9c9b27a8db1cd91603c14465e894cd80197a5.
//
// Solidity: event MarketCreated(address indexed market, address indexed creator, address indexed baseToken, address[] options, uint256 endTime, uint256 feeBps, uint256 initialLiquidity, bytes32 metadataHash)
func (_MarketFactory *MarketFactoryFilterer) FilterMarketCreated(opts *bind.FilterOpts, market []common.Address, creator []common.Address, baseToken []common.Address) (*MarketFactoryMarketCreatedIterator, error) {

	var marketRule []interface{}
	for _, marketItem := range market {
		marketRule = append(marketRule, marketItem)
	}
	var creatorRule []interface{}
	for _, creatorItem := range creator {
		creatorRule = append(creatorRule, creatorItem)
	}
	var baseTokenRule []interface{}
	for _, baseTokenItem := range baseToken {
		baseTokenRule = append(baseTokenRule, baseTokenItem)
	}

	logs, sub, err := _MarketFactory.contract.FilterLogs(opts, "MarketCreated", marketRule, creatorRule, baseTokenRule)
	if err != nil {
		return nil, err
	}
	return &MarketFactoryMarketCreatedIterator{contract: _MarketFactory.contract, event: "MarketCreated", logs: logs, sub: sub}, nil
}

// WatchMarketCreated is a free log subscription operation binding the contract event 0x0d5d44812e8c3094c5c920f812e9c9b27a8db1cd91603c14465e894cd80197a5.
//
// Solidity: event MarketCreated(address indexed market, address indexed creator, address indexed baseToken, address[] options, uint256 endTime, uint256 feeBps, uint256 initialLiquidity, bytes32 metadataHash)
func (_MarketFactory *MarketFactoryFilterer) WatchMarketCreated(opts *bind.WatchOpts, sink chan<- *MarketFactoryMarketCreated, market []common.Address, creator []common.Address, baseToken []common.Address) (event.Subscription, error) {

	var marketRule []interface{}
	for _, marketItem := range market {
		marketRule = append(marketRule, marketItem)
	}
	var creatorRule []interface{}
	for _, creatorItem := range creator {
		creatorRule = append(creatorRule, creatorItem)
	}
	var baseTokenRule []interface{}
	for _, baseTokenItem := range baseToken {
		baseTokenRule = append(baseTokenRule, baseTokenItem)
	}

	logs, sub, err := _MarketFactory.contract.WatchLogs(opts, "MarketCreated", marketRule, creatorRule, baseTokenRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(MarketFactoryMarketCreated)
				if err := _MarketFactory.contract.UnpackLog(event, "MarketCreated", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseMarketCreated is a log parse operation binding the contract event 0x0d5d44812e8c3094c5c920f812e9c9b27a8db1cd91603c14465e894cd80197a5.
//
// Solidity: event MarketCreated(address indexed market, address indexed creator, address indexed baseToken, address[] options, uint256 endTime, uint256 feeBps, uint256 initialLiquidity, bytes32 metadataHash)
func (_MarketFactory *MarketFactoryFilterer) ParseMarketCreated(log types.Log) (*MarketFactoryMarketCreated, error) {
	event := new(MarketFactoryMarketCreated)
	if err := _MarketFactory.contract.UnpackLog(event, "MarketCreated", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// MarketFactoryMarketResolutionIterator is returned from FilterMarketResolution and is used to iterate over the raw logs and unpacked data for MarketResolution events raised by the MarketFactory contract.
type MarketFactoryMarketResolutionIterator struct {
	Event *MarketFactoryMarketResolution // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *MarketFactoryMarketResolutionIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(MarketFactoryMarketResolution)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(MarketFactoryMarketResolution)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *MarketFactoryMarketResolutionIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *MarketFactoryMarketResolutionIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// MarketFactoryMarketResolution represents a MarketResolution event raised by the MarketFactory contract.
type MarketFactoryMarketResolution struct {
	Market          common.Address
	ChallengeWindow *big.Int
	Bond            *big.Int
	DisputeFeeBps   *big.Int
	Raw             types.Log // Blockchain specific contextual infos
}

// FilterMarketResolution is a free log retrieval operation binding the contract event 0xc6398185488d49321fa8bc611fe68e21c1d1968bca8bbecc88d08d26b61284c2.
//
// Solidity: event MarketResolution(address indexed market, uint256 challengeWindow, uint256 bond, uint256 disputeFeeBps)
func (_MarketFactory *MarketFactoryFilterer) FilterMarketResolution(opts *bind.FilterOpts, market []common.Address) (*MarketFactoryMarketResolutionIterator, error) {

	var marketRule []interface{}
	for _, marketItem := range market {
		marketRule = append(marketRule, marketItem)
	}

	logs, sub, err := _MarketFactory.contract.FilterLogs(opts, "MarketResolution", marketRule)
	if err != nil {
		return nil, err
	}
	return &MarketFactoryMarketResolutionIterator{contract: _MarketFactory.contract, event: "MarketResolution", logs: logs, sub: sub}, nil
}

// WatchMarketResolution is a free log subscription operation binding the contract event 0xc6398185488d49321fa8bc611fe68e21c1d1968bca8bbecc88d08d26b61284c2.
//
// Solidity: event MarketResolution(address indexed market, uint256 challengeWindow, uint256 bond, uint256 disputeFeeBps)
func (_MarketFactory *MarketFactoryFilterer) WatchMarketResolution(opts *bind.WatchOpts, sink chan<- *MarketFactoryMarketResolution, market []common.Address) (event.Subscription, error) {

	var marketRule []interface{}
	for _, marketItem := range market {
		marketRule = append(marketRule, marketItem)
	}

	logs, sub, err := _MarketFactory.contract.WatchLogs(opts, "MarketResolution", marketRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(MarketFactoryMarketResolution)
				if err := _MarketFactory.contract.UnpackLog(event, "MarketResolution", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseMarketResolution is a log parse operation binding the contract event 0xc6398185488d49321fa8bc611fe68e21c1d1968bca8bbecc88d08d26b61284c2.
//
// Solidity: event MarketResolution(address indexed market, uint256 challengeWindow, uint256 bond, uint256 disputeFeeBps)
func (_MarketFactory *MarketFactoryFilterer) ParseMarketResolution(log types.Log) (*MarketFactoryMarketResolution, error) {
	event := new(MarketFactoryMarketResolution)
	if err := _MarketFactory.contract.UnpackLog(event, "MarketResolution", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// MarketFactoryOwnershipTransferredIterator is returned from FilterOwnershipTransferred and is used to iterate over the raw logs and unpacked data for OwnershipTransferred events raised by the MarketFactory contract.
type MarketFactoryOwnershipTransferredIterator struct {
	Event *MarketFactoryOwnershipTransferred // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *MarketFactoryOwnershipTransferredIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(MarketFactoryOwnershipTransferred)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(MarketFactoryOwnershipTransferred)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *MarketFactoryOwnershipTransferredIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *MarketFactoryOwnershipTransferredIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// MarketFactoryOwnershipTransferred represents a OwnershipTransferred event raised by the MarketFactory contract.
type MarketFactoryOwnershipTransferred struct {
	PreviousOwner common.Address
	NewOwner      common.Address
	Raw           types.Log // Blockchain specific contextual infos
}

// FilterOwnershipTransferred is a free log retrieval operation binding the contract event 0x8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0.
//
// Solidity: event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)
func (_MarketFactory *MarketFactoryFilterer) FilterOwnershipTransferred(opts *bind.FilterOpts, previousOwner []common.Address, newOwner []common.Address) (*MarketFactoryOwnershipTransferredIterator, error) {

	var previousOwnerRule []interface{}
	for _, previousOwnerItem := range previousOwner {
		previousOwnerRule = append(previousOwnerRule, previousOwnerItem)
	}
	var newOwnerRule []interface{}
	for _, newOwnerItem := range newOwner {
		newOwnerRule = append(newOwnerRule, newOwnerItem)
	}

	logs, sub, err := _MarketFactory.contract.FilterLogs(opts, "OwnershipTransferred", previousOwnerRule, newOwnerRule)
	if err != nil {
		return nil, err
	}
	return &MarketFactoryOwnershipTransferredIterator{contract: _MarketFactory.contract, event: "OwnershipTransferred", logs: logs, sub: sub}, nil
}

// WatchOwnershipTransferred is a free log subscription operation binding the contract event 0x8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0.
//
// Solidity: event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)
func (_MarketFactory *MarketFactoryFilterer) WatchOwnershipTransferred(opts *bind.WatchOpts, sink chan<- *MarketFactoryOwnershipTransferred, previousOwner []common.Address, newOwner []common.Address) (event.Subscription, error) {

	var previousOwnerRule []interface{}
	for _, previousOwnerItem := range previousOwner {
		previousOwnerRule = append(previousOwnerRule, previousOwnerItem)
	}
	var newOwnerRule []interface{}
	for _, newOwnerItem := range newOwner {
		newOwnerRule = append(newOwnerRule, newOwnerItem)
	}

	logs, sub, err := _MarketFactory.contract.WatchLogs(opts, "OwnershipTransferred", previousOwnerRule, newOwnerRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(MarketFactoryOwnershipTransferred)
				if err := _MarketFactory.contract.UnpackLog(event, "OwnershipTransferred", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseOwnershipTransferred is a log parse operation binding the contract event 0x8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0.
//
// Solidity: event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)
func (_MarketFactory *MarketFactoryFilterer) ParseOwnershipTransferred(log types.Log) (*MarketFactoryOwnershipTransferred, error) {
	event := new(MarketFactoryOwnershipTransferred)
	if err := _MarketFactory.contract.UnpackLog(event, "OwnershipTransferred", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// MarketFactoryResolutionDefaultsChangedIterator is returned from FilterResolutionDefaultsChanged and is used to iterate over the raw logs and unpacked data for ResolutionDefaultsChanged events raised by the MarketFactory contract.
type MarketFactoryResolutionDefaultsChangedIterator struct {
	Event *MarketFactoryResolutionDefaultsChanged // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *MarketFactoryResolutionDefaultsChangedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(MarketFactoryResolutionDefaultsChanged)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(MarketFactoryResolutionDefaultsChanged)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *MarketFactoryResolutionDefaultsChangedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *MarketFactoryResolutionDefaultsChangedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// MarketFactoryResolutionDefaultsChanged represents a ResolutionDefaultsChanged event raised by the MarketFactory contract.
type MarketFactoryResolutionDefaultsChanged struct {
	ChallengeWindow *big.Int
	Bond            *big.Int
	Raw             types.Log // Blockchain specific contextual infos
}

// FilterResolutionDefaultsChanged is a free log retrieval operation binding the contract event 0x5caa488e59a755f7349dbe3b0e637fd31ca532cbd7690cedeaa3f5f86e2c9c73.
//
// Solidity: event ResolutionDefaultsChanged(uint256 challengeWindow, uint256 bond)
func (_MarketFactory *MarketFactoryFilterer) FilterResolutionDefaultsChanged(opts *bind.FilterOpts) (*MarketFactoryResolutionDefaultsChangedIterator, error) {

	logs, sub, err := _MarketFactory.contract.FilterLogs(opts, "ResolutionDefaultsChanged")
	if err != nil {
		return nil, err
	}
	return &MarketFactoryResolutionDefaultsChangedIterator{contract: _MarketFactory.contract, event: "ResolutionDefaultsChanged", logs: logs, sub: sub}, nil
}

// WatchResolutionDefaultsChanged is a free log subscription operation binding the contract event 0x5caa488e59a755f7349dbe3b0e637fd31ca532cbd7690cedeaa3f5f86e2c9c73.
//
// Solidity: event ResolutionDefaultsChanged(uint256 challengeWindow, uint256 bond)
func (_MarketFactory *MarketFactoryFilterer) WatchResolutionDefaultsChanged(opts *bind.WatchOpts, sink chan<- *MarketFactoryResolutionDefaultsChanged) (event.Subscription, error) {

	logs, sub, err := _MarketFactory.contract.WatchLogs(opts, "ResolutionDefaultsChanged")
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(MarketFactoryResolutionDefaultsChanged)
				if err := _MarketFactory.contract.UnpackLog(event, "ResolutionDefaultsChanged", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseResolutionDefaultsChanged is a log parse operation binding the contract event 0x5caa488e59a755f7349dbe3b0e637fd31ca532cbd7690cedeaa3f5f86e2c9c73.
//
// Solidity: event ResolutionDefaultsChanged(uint256 challengeWindow, uint256 bond)
func (_MarketFactory *MarketFactoryFilterer) ParseResolutionDefaultsChanged(log types.Log) (*MarketFactoryResolutionDefaultsChanged, error) {
	event := new(MarketFactoryResolutionDefaultsChanged)
	if err := _MarketFactory.contract.UnpackLog(event, "ResolutionDefaultsChanged", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// MarketFactoryRoleChangedIterator is returned from FilterRoleChanged and is used to iterate over the raw logs and unpacked data for RoleChanged events raised by the MarketFactory contract.
type MarketFactoryRoleChangedIterator struct {
	Event *MarketFactoryRoleChanged // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *MarketFactoryRoleChangedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(MarketFactoryRoleChanged)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(MarketFactoryRoleChanged)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *MarketFactoryRoleChangedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *MarketFactoryRoleChangedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// MarketFactoryRoleChanged represents a RoleChanged event raised by the MarketFactory contract.
type MarketFactoryRoleChanged struct {
	Account common.Address
	Role    [32]byte
	Granted bool
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterRoleChanged is a free log retrieval operation binding the contract event 0x0a3389242138f35e16a456882b75845c8c6b72970ed65963a34ec6f1cc9be603.
//
// Solidity: event RoleChanged(address indexed account, bytes32 indexed role, bool granted)
func (_MarketFactory *MarketFactoryFilterer) FilterRoleChanged(opts *bind.FilterOpts, account []common.Address, role [][32]byte) (*MarketFactoryRoleChangedIterator, error) {

	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var roleRule []interface{}
	for _, roleItem := range role {
		roleRule = append(roleRule, roleItem)
	}

	logs, sub, err := _MarketFactory.contract.FilterLogs(opts, "RoleChanged", accountRule, roleRule)
	if err != nil {
		return nil, err
	}
	return &MarketFactoryRoleChangedIterator{contract: _MarketFactory.contract, event: "RoleChanged", logs: logs, sub: sub}, nil
}

// WatchRoleChanged is a free log subscription operation binding the contract event 0x0a3389242138f35e16a456882b75845c8c6b72970ed65963a34ec6f1cc9be603.
//
// Solidity: event RoleChanged(address indexed account, bytes32 indexed role, bool granted)
func (_MarketFactory *MarketFactoryFilterer) WatchRoleChanged(opts *bind.WatchOpts, sink chan<- *MarketFactoryRoleChanged, account []common.Address, role [][32]byte) (event.Subscription, error) {

	var accountRule []interface{}
	for _, accountItem := range account {
		accountRule = append(accountRule, accountItem)
	}
	var roleRule []interface{}
	for _, roleItem := range role {
		roleRule = append(roleRule, roleItem)
	}

	logs, sub, err := _MarketFactory.contract.WatchLogs(opts, "RoleChanged", accountRule, roleRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(MarketFactoryRoleChanged)
				if err := _MarketFactory.contract.UnpackLog(event, "RoleChanged", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseRoleChanged is a log parse operation binding the contract event 0x0a3389242138f35e16a456882b75845c8c6b72970ed65963a34ec6f1cc9be603.
//
// Solidity: event RoleChanged(address indexed account, bytes32 indexed role, bool granted)
func (_MarketFactory *MarketFactoryFilterer) ParseRoleChanged(log types.Log) (*MarketFactoryRoleChanged, error) {
	event := new(MarketFactoryRoleChanged)
	if err := _MarketFactory.contract.UnpackLog(event, "RoleChanged", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// MarketFactoryTreasuryChangedIterator is returned from FilterTreasuryChanged and is used to iterate over the raw logs and unpacked data for TreasuryChanged events raised by the MarketFactory contract.
type MarketFactoryTreasuryChangedIterator struct {
	Event *MarketFactoryTreasuryChanged // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *MarketFactoryTreasuryChangedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(MarketFactoryTreasuryChanged)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(MarketFactoryTreasuryChanged)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *MarketFactoryTreasuryChangedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *MarketFactoryTreasuryChangedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// MarketFactoryTreasuryChanged represents a TreasuryChanged event raised by the MarketFactory contract.
type MarketFactoryTreasuryChanged struct {
	Treasury common.Address
	Raw      types.Log // Blockchain specific contextual infos
}

// FilterTreasuryChanged is a free log retrieval operation binding the contract event 0xc714d22a2f08b695f81e7c707058db484aa5b4d6b4c9fd64beb10fe85832f608.
//
// Solidity: event TreasuryChanged(address indexed treasury)
func (_MarketFactory *MarketFactoryFilterer) FilterTreasuryChanged(opts *bind.FilterOpts, treasury []common.Address) (*MarketFactoryTreasuryChangedIterator, error) {

	var treasuryRule []interface{}
	for _, treasuryItem := range treasury {
		treasuryRule = append(treasuryRule, treasuryItem)
	}

	logs, sub, err := _MarketFactory.contract.FilterLogs(opts, "TreasuryChanged", treasuryRule)
	if err != nil {
		return nil, err
	}
	return &MarketFactoryTreasuryChangedIterator{contract: _MarketFactory.contract, event: "TreasuryChanged", logs: logs, sub: sub}, nil
}

// WatchTreasuryChanged is a free log subscription operation binding the contract event 0xc714d22a2f08b695f81e7c707058db484aa5b4d6b4c9fd64beb10fe85832f608.
//
// Solidity: event TreasuryChanged(address indexed treasury)
func (_MarketFactory *MarketFactoryFilterer) WatchTreasuryChanged(opts *bind.WatchOpts, sink chan<- *MarketFactoryTreasuryChanged, treasury []common.Address) (event.Subscription, error) {

	var treasuryRule []interface{}
	for _, treasuryItem := range treasury {
		treasuryRule = append(treasuryRule, treasuryItem)
	}

	logs, sub, err := _MarketFactory.contract.WatchLogs(opts, "TreasuryChanged", treasuryRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(MarketFactoryTreasuryChanged)
				if err := _MarketFactory.contract.UnpackLog(event, "TreasuryChanged", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseTreasuryChanged is a log parse operation binding the contract event 0xc714d22a2f08b695f81e7c707058db484aa5b4d6b4c9fd64beb10fe85832f608.
//
// Solidity: event TreasuryChanged(address indexed treasury)
func (_MarketFactory *MarketFactoryFilterer) ParseTreasuryChanged(log types.Log) (*MarketFactoryTreasuryChanged, error) {
	event := new(MarketFactoryTreasuryChanged)
	if err := _MarketFactory.contract.UnpackLog(event, "TreasuryChanged", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// OptionTokenMetaData contains all meta data concerning the OptionToken contract.
var OptionTokenMetaData = &bind.MetaData{
	ABI: "[{\"inputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[],\"name\":\"AlreadyInitialized\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"allowance\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"needed\",\"type\":\"uint256\"}],\"name\":\"ERC20InsufficientAllowance\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"balance\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"needed\",\"type\":\"uint256\"}],\"name\":\"ERC20InsufficientBalance\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"approver\",\"type\":\"address\"}],\"name\":\"ERC20InvalidApprover\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"receiver\",\"type\":\"address\"}],\"name\":\"ERC20InvalidReceiver\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"ERC20InvalidSender\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"}],\"name\":\"ERC20InvalidSpender\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"caller\",\"type\":\"address\"}],\"name\":\"NotMarket\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Approval\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Transfer\",\"type\":\"event\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner_\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"}],\"name\":\"allowance\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"approve\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"balanceOf\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"burn\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"decimals\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"string\",\"name\":\"name_\",\"type\":\"string\"},{\"internalType\":\"string\",\"name\":\"symbol_\",\"type\":\"string\"},{\"internalType\":\"uint8\",\"name\":\"decimals_\",\"type\":\"uint8\"},{\"internalType\":\"address\",\"name\":\"market_\",\"type\":\"address\"},{\"internalType\":\"uint8\",\"name\":\"index_\",\"type\":\"uint8\"}],\"name\":\"initialize\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"market\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"mint\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"name\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"optionIndex\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"symbol\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"totalSupply\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"transfer\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"transferFrom\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	Sigs: map[string]string{
		"dd62ed3e": "allowance(address,address)",
		"095ea7b3": "approve(address,uint256)",
		"70a08231": "balanceOf(address)",
		"9dc29fac": "burn(address,uint256)",
		"313ce567": "decimals()",
		"56906711": "initialize(string,string,uint8,address,uint8)",
		"80f55605": "market()",
		"40c10f19": "mint(address,uint256)",
		"06fdde03": "name()",
		"e28f9510": "optionIndex()",
		"95d89b41": "symbol()",
		"18160ddd": "totalSupply()",
		"a9059cbb": "transfer(address,uint256)",
		"23b872dd": "transferFrom(address,address,uint256)",
	},
	Bin: "0x608060405234801561001057600080fd5b50600580546001600160a01b0319166001179055610f52806100336000396000f3fe608060405234801561001057600080fd5b50600436106100ea5760003560e01c806370a082311161008c5780639dc29fac116100665780639dc29fac14610230578063a9059cbb14610243578063dd62ed3e14610256578063e28f95101461029c57600080fd5b806370a08231146101ad57806380f55605146101e357806395d89b411461022857600080fd5b806323b872dd116100c857806323b872dd14610142578063313ce5671461015557806340c10f1914610185578063569067111461019a57600080fd5b806306fdde03146100ef578063095ea7b31461010d57806318160ddd14610130575b600080fd5b6100f76102c0565b6040516101049190610aab565b60405180910390f35b61012061011b366004610b40565b610352565b6040519015158152602001610104565b6000545b604051908152602001610104565b610120610150366004610b6a565b610369565b60055474010000000000000000000000000000000000000000900460ff1660405160ff9091168152602001610104565b610198610193366004610b40565b61038b565b005b6101986101a8366004610c00565b6103f1565b6101346101bb366004610ca2565b73ffffffffffffffffffffffffffffffffffffffff1660009081526001602052604090205490565b6005546102039073ffffffffffffffffffffffffffffffffffffffff1681565b60405173ffffffffffffffffffffffffffffffffffffffff9091168152602001610104565b6100f761052a565b61019861023e366004610b40565b610539565b610120610251366004610b40565b610596565b610134610264366004610cc4565b73ffffffffffffffffffffffffffffffffffffffff918216600090815260026020908152604080832093909416825291909152205490565b6005547501000000000000000000000000000000000000000000900460ff16610134565b6060600380546102cf90610cf7565b80601f01602080910402602001604051908101604052809291908181526020018280546102fb90610cf7565b80156103485780601f1061031d57610100808354040283529160200191610348565b820191906000526020600020905b81548152906001019060200180831161032b57829003601f168201915b5050505050905090565b600061035f3384846105a3565b5060015b92915050565b60006103768433846106b2565b6103818484846107aa565b5060019392505050565b60055473ffffffffffffffffffffffffffffffffffffffff1633146103e3576040517fbfae38b30000000000000000000000000000000000000000000000000000000081523360048201526024015b60405180910390fd5b6103ed828261085a565b5050565b60055473ffffffffffffffffffffffffffffffffffffffff1615158061042b575073ffffffffffffffffffffffffffffffffffffffff8216155b15610462576040517f0dc149f000000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b600361046f878983610dc7565b50600461047d858783610dc7565b506005805473ffffffffffffffffffffffffffffffffffffffff939093167fffffffffffffffffffffff000000000000000000000000000000000000000000909316929092177401000000000000000000000000000000000000000060ff94851602177fffffffffffffffffffff00ffffffffffffffffffffffffffffffffffffffffff167501000000000000000000000000000000000000000000919093160291909117905550505050565b6060600480546102cf90610cf7565b60055473ffffffffffffffffffffffffffffffffffffffff16331461058c576040517fbfae38b30000000000000000000000000000000000000000000000000000000081523360048201526024016103da565b6103ed82826108b6565b600061035f3384846107aa565b73ffffffffffffffffffffffffffffffffffffffff83166105f3576040517fe602df05000000000000000000000000000000000000000000000000000000008152600060048201526024016103da565b73ffffffffffffffffffffffffffffffffffffffff8216610643576040517f94280d62000000000000000000000000000000000000000000000000000000008152600060048201526024016103da565b73ffffffffffffffffffffffffffffffffffffffff83811660008181526002602090815260408083209487168084529482529182902085905590518481527f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b92591015b60405180910390a3505050565b73ffffffffffffffffffffffffffffffffffffffff8084166000908152600260209081526040808320938616835292905220547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff81146107a4578181101561076c576040517ffb8f41b200000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff8416600482015260248101829052604481018390526064016103da565b73ffffffffffffffffffffffffffffffffffffffff808516600090815260026020908152604080832093871683529290522082820390555b50505050565b73ffffffffffffffffffffffffffffffffffffffff83166107fa576040517f96c6fd1e000000000000000000000000000000000000000000000000000000008152600060048201526024016103da565b73ffffffffffffffffffffffffffffffffffffffff821661084a576040517fec442f05000000000000000000000000000000000000000000000000000000008152600060048201526024016103da565b61085583838361090e565b505050565b73ffffffffffffffffffffffffffffffffffffffff82166108aa576040517fec442f05000000000000000000000000000000000000000000000000000000008152600060048201526024016103da565b6103ed6000838361090e565b73ffffffffffffffffffffffffffffffffffffffff8216610906576040517f96c6fd1e000000000000000000000000000000000000000000000000000000008152600060048201526024016103da565b6103ed826000835b73ffffffffffffffffffffffffffffffffffffffff8316610945578060008082825461093a9190610ee2565b909155506109f79050565b73ffffffffffffffffffffffffffffffffffffffff8316600090815260016020526040902054818110156109cb576040517fe450d38c00000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff8516600482015260248101829052604481018390526064016103da565b73ffffffffffffffffffffffffffffffffffffffff841660009081526001602052604090209082900390555b73ffffffffffffffffffffffffffffffffffffffff8216610a2057600080548290039055610a4c565b73ffffffffffffffffffffffffffffffffffffffff821660009081526001602052604090208054820190555b8173ffffffffffffffffffffffffffffffffffffffff168373ffffffffffffffffffffffffffffffffffffffff167fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef836040516106a591815260200190565b600060208083528351808285015260005b81811015610ad857858101830151858201604001528201610abc565b5060006040828601015260407fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0601f8301168501019250505092915050565b803573ffffffffffffffffffffffffffffffffffffffff81168114610b3b57600080fd5b919050565b60008060408385031215610b5357600080fd5b610b5c83610b17565b946020939093013593505050565b600080600060608486031215610b7f57600080fd5b610b8884610b17565b9250610b9660208501610b17565b9150604084013590509250925092565b60008083601f840112610bb857600080fd5b50813567ffffffffffffffff811115610bd057600080fd5b602083019150836020828501011115610be857600080fd5b9250929050565b803560ff81168114610b3b57600080fd5b600080600080600080600060a0888a031215610c1b57600080fd5b873567ffffffffffffffff80821115610c3357600080fd5b610c3f8b838c01610ba6565b909950975060208a0135915080821115610c5857600080fd5b50610c658a828b01610ba6565b9096509450610c78905060408901610bef565b9250610c8660608901610b17565b9150610c9460808901610bef565b905092959891949750929550565b600060208284031215610cb457600080fd5b610cbd82610b17565b9392505050565b60008060408385031215610cd757600080fd5b610ce083610b17565b9150610cee60208401610b17565b90509250929050565b600181811c90821680610d0b57607f821691505b602082108103610d44577f4e487b7100000000000000000000000000000000000000000000000000000000600052602260045260246000fd5b50919050565b7f4e487b7100000000000000000000000000000000000000000000000000000000600052604160045260246000fd5b601f82111561085557600081815260208120601f850160051c81016020861015610da05750805b601f850160051c820191505b81811015610dbf57828155600101610dac565b505050505050565b67ffffffffffffffff831115610ddf57610ddf610d4a565b610df383610ded8354610cf7565b83610d79565b6000601f841160018114610e455760008515610e0f5750838201355b7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff600387901b1c1916600186901b178355610edb565b6000838152602090207fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0861690835b82811015610e945786850135825560209485019460019092019101610e74565b5086821015610ecf577fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff60f88860031b161c19848701351681555b505060018560011b0183555b5050505050565b80820180821115610363577f4e487b7100000000000000000000000000000000000000000000000000000000600052601160045260246000fdfea2646970667358221220b7242e0038e39ef575932196c5290cdd3e6c4a7b176508794f47a4cf2617582864736f6c63430008110033",
}

// OptionTokenABI is the input ABI used to generate the binding from.
// Deprecated: Use OptionTokenMetaData.ABI instead.
var OptionTokenABI = OptionTokenMetaData.ABI

// Deprecated: Use OptionTokenMetaData.Sigs instead.
// OptionTokenFuncSigs maps the 4-byte function signature to its string representation.
var OptionTokenFuncSigs = OptionTokenMetaData.Sigs

// OptionTokenBin is the compiled bytecode used for deploying new contracts.
// Deprecated: Use OptionTokenMetaData.Bin instead.
var OptionTokenBin = OptionTokenMetaData.Bin

// DeployOptionToken deploys a new Ethereum contract, binding an instance of OptionToken to it.
func DeployOptionToken(auth *bind.TransactOpts, backend bind.ContractBackend) (common.Address, *types.Transaction, *OptionToken, error) {
	parsed, err := OptionTokenMetaData.GetAbi()
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	if parsed == nil {
		return common.Address{}, nil, nil, errors.New("GetABI returned nil")
	}

	address, tx, contract, err := bind.DeployContract(auth, *parsed, common.FromHex(OptionTokenBin), backend)
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	return address, tx, &OptionToken{OptionTokenCaller: OptionTokenCaller{contract: contract}, OptionTokenTransactor: OptionTokenTransactor{contract: contract}, OptionTokenFilterer: OptionTokenFilterer{contract: contract}}, nil
}

// OptionToken is an auto generated Go binding around an Ethereum contract.
type OptionToken struct {
	OptionTokenCaller     // Read-only binding to the contract
	OptionTokenTransactor // Write-only binding to the contract
	OptionTokenFilterer   // Log filterer for contract events
}

// OptionTokenCaller is an auto generated read-only Go binding around an Ethereum contract.
type OptionTokenCaller struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// OptionTokenTransactor is an auto generated write-only Go binding around an Ethereum contract.
type OptionTokenTransactor struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// OptionTokenFilterer is an auto generated log filtering Go binding around an Ethereum contract events.
type OptionTokenFilterer struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// OptionTokenSession is an auto generated Go binding around an Ethereum contract,
// with pre-set call and transact options.
type OptionTokenSession struct {
	Contract     *OptionToken      // Generic contract binding to set the session for
	CallOpts     bind.CallOpts     // Call options to use throughout this session
	TransactOpts bind.TransactOpts // Transaction auth options to use throughout this session
}

// OptionTokenCallerSession is an auto generated read-only Go binding around an Ethereum contract,
// with pre-set call options.
type OptionTokenCallerSession struct {
	Contract *OptionTokenCaller // Generic contract caller binding to set the session for
	CallOpts bind.CallOpts      // Call options to use throughout this session
}

// OptionTokenTransactorSession is an auto generated write-only Go binding around an Ethereum contract,
// with pre-set transact options.
type OptionTokenTransactorSession struct {
	Contract     *OptionTokenTransactor // Generic contract transactor binding to set the session for
	TransactOpts bind.TransactOpts      // Transaction auth options to use throughout this session
}

// OptionTokenRaw is an auto generated low-level Go binding around an Ethereum contract.
type OptionTokenRaw struct {
	Contract *OptionToken // Generic contract binding to access the raw methods on
}

// OptionTokenCallerRaw is an auto generated low-level read-only Go binding around an Ethereum contract.
type OptionTokenCallerRaw struct {
	Contract *OptionTokenCaller // Generic read-only contract binding to access the raw methods on
}

// OptionTokenTransactorRaw is an auto generated low-level write-only Go binding around an Ethereum contract.
type OptionTokenTransactorRaw struct {
	Contract *OptionTokenTransactor // Generic write-only contract binding to access the raw methods on
}

// NewOptionToken creates a new instance of OptionToken, bound to a specific deployed contract.
func NewOptionToken(address common.Address, backend bind.ContractBackend) (*OptionToken, error) {
	contract, err := bindOptionToken(address, backend, backend, backend)
	if err != nil {
		return nil, err
	}
	return &OptionToken{OptionTokenCaller: OptionTokenCaller{contract: contract}, OptionTokenTransactor: OptionTokenTransactor{contract: contract}, OptionTokenFilterer: OptionTokenFilterer{contract: contract}}, nil
}

// NewOptionTokenCaller creates a new read-only instance of OptionToken, bound to a specific deployed contract.
func NewOptionTokenCaller(address common.Address, caller bind.ContractCaller) (*OptionTokenCaller, error) {
	contract, err := bindOptionToken(address, caller, nil, nil)
	if err != nil {
		return nil, err
	}
	return &OptionTokenCaller{contract: contract}, nil
}

// NewOptionTokenTransactor creates a new write-only instance of OptionToken, bound to a specific deployed contract.
func NewOptionTokenTransactor(address common.Address, transactor bind.ContractTransactor) (*OptionTokenTransactor, error) {
	contract, err := bindOptionToken(address, nil, transactor, nil)
	if err != nil {
		return nil, err
	}
	return &OptionTokenTransactor{contract: contract}, nil
}

// NewOptionTokenFilterer creates a new log filterer instance of OptionToken, bound to a specific deployed contract.
func NewOptionTokenFilterer(address common.Address, filterer bind.ContractFilterer) (*OptionTokenFilterer, error) {
	contract, err := bindOptionToken(address, nil, nil, filterer)
	if err != nil {
		return nil, err
	}
	return &OptionTokenFilterer{contract: contract}, nil
}

// bindOptionToken binds a generic wrapper to an already deployed contract.
func bindOptionToken(address common.Address, caller bind.ContractCaller, transactor bind.ContractTransactor, filterer bind.ContractFilterer) (*bind.BoundContract, error) {
	parsed, err := OptionTokenMetaData.GetAbi()
	if err != nil {
		return nil, err
	}
	return bind.NewBoundContract(address, *parsed, caller, transactor, filterer), nil
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_OptionToken *OptionTokenRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _OptionToken.Contract.OptionTokenCaller.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_OptionToken *OptionTokenRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _OptionToken.Contract.OptionTokenTransactor.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_OptionToken *OptionTokenRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _OptionToken.Contract.OptionTokenTransactor.contract.Transact(opts, method, params...)
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_OptionToken *OptionTokenCallerRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _OptionToken.Contract.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_OptionToken *OptionTokenTransactorRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _OptionToken.Contract.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_OptionToken *OptionTokenTransactorRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _OptionToken.Contract.contract.Transact(opts, method, params...)
}

// Allowance is a free data retrieval call binding the contract method 0xdd62ed3e.
//
// Solidity: function allowance(address owner_, address spender) view returns(uint256)
func (_OptionToken *OptionTokenCaller) Allowance(opts *bind.CallOpts, owner_ common.Address, spender common.Address) (*big.Int, error) {
	var out []interface{}
	err := _OptionToken.contract.Call(opts, &out, "allowance", owner_, spender)

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// Allowance is a free data retrieval call binding the contract method 0xdd62ed3e.
//
// Solidity: function allowance(address owner_, address spender) view returns(uint256)
func (_OptionToken *OptionTokenSession) Allowance(owner_ common.Address, spender common.Address) (*big.Int, error) {
	return _OptionToken.Contract.Allowance(&_OptionToken.CallOpts, owner_, spender)
}

// Allowance is a free data retrieval call binding the contract method 0xdd62ed3e.
//
// Solidity: function allowance(address owner_, address spender) view returns(uint256)
func (_OptionToken *OptionTokenCallerSession) Allowance(owner_ common.Address, spender common.Address) (*big.Int, error) {
	return _OptionToken.Contract.Allowance(&_OptionToken.CallOpts, owner_, spender)
}

// BalanceOf is a free data retrieval call binding the contract method 0x70a08231.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (_OptionToken *OptionTokenCaller) BalanceOf(opts *bind.CallOpts, account common.Address) (*big.Int, error) {
	var out []interface{}
	err := _OptionToken.contract.Call(opts, &out, "balanceOf", account)

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// BalanceOf is a free data retrieval call binding the contract method 0x70a08231.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (_OptionToken *OptionTokenSession) BalanceOf(account common.Address) (*big.Int, error) {
	return _OptionToken.Contract.BalanceOf(&_OptionToken.CallOpts, account)
}

// BalanceOf is a free data retrieval call binding the contract method 0x70a08231.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (_OptionToken *OptionTokenCallerSession) BalanceOf(account common.Address) (*big.Int, error) {
	return _OptionToken.Contract.BalanceOf(&_OptionToken.CallOpts, account)
}

// Decimals is a free data retrieval call binding the contract method 0x313ce567.
//
// Solidity: function decimals() view returns(uint8)
func (_OptionToken *OptionTokenCaller) Decimals(opts *bind.CallOpts) (uint8, error) {
	var out []interface{}
	err := _OptionToken.contract.Call(opts, &out, "decimals")

	if err != nil {
		return *new(uint8), err
	}

	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)

	return out0, err

}

// Decimals is a free data retrieval call binding the contract method 0x313ce567.
//
// Solidity: function decimals() view returns(uint8)
func (_OptionToken *OptionTokenSession) Decimals() (uint8, error) {
	return _OptionToken.Contract.Decimals(&_OptionToken.CallOpts)
}

// Decimals is a free data retrieval call binding the contract method 0x313ce567.
//
// Solidity: function decimals() view returns(uint8)
func (_OptionToken *OptionTokenCallerSession) Decimals() (uint8, error) {
	return _OptionToken.Contract.Decimals(&_OptionToken.CallOpts)
}

// Market is a free data retrieval call binding the contract method 0x80f55605.
//
// Solidity: function market() view returns(address)
func (_OptionToken *OptionTokenCaller) Market(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _OptionToken.contract.Call(opts, &out, "market")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// Market is a free data retrieval call binding the contract method 0x80f55605.
//
// Solidity: function market() view returns(address)
func (_OptionToken *OptionTokenSession) Market() (common.Address, error) {
	return _OptionToken.Contract.Market(&_OptionToken.CallOpts)
}

// Market is a free data retrieval call binding the contract method 0x80f55605.
//
// Solidity: function market() view returns(address)
func (_OptionToken *OptionTokenCallerSession) Market() (common.Address, error) {
	return _OptionToken.Contract.Market(&_OptionToken.CallOpts)
}

// Name is a free data retrieval call binding the contract method 0x06fdde03.
//
// Solidity: function name() view returns(string)
func (_OptionToken *OptionTokenCaller) Name(opts *bind.CallOpts) (string, error) {
	var out []interface{}
	err := _OptionToken.contract.Call(opts, &out, "name")

	if err != nil {
		return *new(string), err
	}

	out0 := *abi.ConvertType(out[0], new(string)).(*string)

	return out0, err

}

// Name is a free data retrieval call binding the contract method 0x06fdde03.
//
// Solidity: function name() view returns(string)
func (_OptionToken *OptionTokenSession) Name() (string, error) {
	return _OptionToken.Contract.Name(&_OptionToken.CallOpts)
}

// Name is a free data retrieval call binding the contract method 0x06fdde03.
//
// Solidity: function name() view returns(string)
func (_OptionToken *OptionTokenCallerSession) Name() (string, error) {
	return _OptionToken.Contract.Name(&_OptionToken.CallOpts)
}

// OptionIndex is a free data retrieval call binding the contract method 0xe28f9510.
//
// Solidity: function optionIndex() view returns(uint256)
func (_OptionToken *OptionTokenCaller) OptionIndex(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _OptionToken.contract.Call(opts, &out, "optionIndex")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// OptionIndex is a free data retrieval call binding the contract method 0xe28f9510.
//
// Solidity: function optionIndex() view returns(uint256)
func (_OptionToken *OptionTokenSession) OptionIndex() (*big.Int, error) {
	return _OptionToken.Contract.OptionIndex(&_OptionToken.CallOpts)
}

// OptionIndex is a free data retrieval call binding the contract method 0xe28f9510.
//
// Solidity: function optionIndex() view returns(uint256)
func (_OptionToken *OptionTokenCallerSession) OptionIndex() (*big.Int, error) {
	return _OptionToken.Contract.OptionIndex(&_OptionToken.CallOpts)
}

// Symbol is a free data retrieval call binding the contract method 0x95d89b41.
//
// Solidity: function symbol() view returns(string)
func (_OptionToken *OptionTokenCaller) Symbol(opts *bind.CallOpts) (string, error) {
	var out []interface{}
	err := _OptionToken.contract.Call(opts, &out, "symbol")

	if err != nil {
		return *new(string), err
	}

	out0 := *abi.ConvertType(out[0], new(string)).(*string)

	return out0, err

}

// Symbol is a free data retrieval call binding the contract method 0x95d89b41.
//
// Solidity: function symbol() view returns(string)
func (_OptionToken *OptionTokenSession) Symbol() (string, error) {
	return _OptionToken.Contract.Symbol(&_OptionToken.CallOpts)
}

// Symbol is a free data retrieval call binding the contract method 0x95d89b41.
//
// Solidity: function symbol() view returns(string)
func (_OptionToken *OptionTokenCallerSession) Symbol() (string, error) {
	return _OptionToken.Contract.Symbol(&_OptionToken.CallOpts)
}

// TotalSupply is a free data retrieval call binding the contract method 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (_OptionToken *OptionTokenCaller) TotalSupply(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _OptionToken.contract.Call(opts, &out, "totalSupply")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// TotalSupply is a free data retrieval call binding the contract method 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (_OptionToken *OptionTokenSession) TotalSupply() (*big.Int, error) {
	return _OptionToken.Contract.TotalSupply(&_OptionToken.CallOpts)
}

// TotalSupply is a free data retrieval call binding the contract method 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (_OptionToken *OptionTokenCallerSession) TotalSupply() (*big.Int, error) {
	return _OptionToken.Contract.TotalSupply(&_OptionToken.CallOpts)
}

// Approve is a paid mutator transaction binding the contract method 0x095ea7b3.
//
// Solidity: function approve(address spender, uint256 amount) returns(bool)
func (_OptionToken *OptionTokenTransactor) Approve(opts *bind.TransactOpts, spender common.Address, amount *big.Int) (*types.Transaction, error) {
	return _OptionToken.contract.Transact(opts, "approve", spender, amount)
}

// Approve is a paid mutator transaction binding the contract method 0x095ea7b3.
//
// Solidity: function approve(address spender, uint256 amount) returns(bool)
func (_OptionToken *OptionTokenSession) Approve(spender common.Address, amount *big.Int) (*types.Transaction, error) {
	return _OptionToken.Contract.Approve(&_OptionToken.TransactOpts, spender, amount)
}

// Approve is a paid mutator transaction binding the contract method 0x095ea7b3.
//
// Solidity: function approve(address spender, uint256 amount) returns(bool)
func (_OptionToken *OptionTokenTransactorSession) Approve(spender common.Address, amount *big.Int) (*types.Transaction, error) {
	return _OptionToken.Contract.Approve(&_OptionToken.TransactOpts, spender, amount)
}

// Burn is a paid mutator transaction binding the contract method 0x9dc29fac.
//
// Solidity: function burn(address from, uint256 amount) returns()
func (_OptionToken *OptionTokenTransactor) Burn(opts *bind.TransactOpts, from common.Address, amount *big.Int) (*types.Transaction, error) {
	return _OptionToken.contract.Transact(opts, "burn", from, amount)
}

// Burn is a paid mutator transaction binding the contract method 0x9dc29fac.
//
// Solidity: function burn(address from, uint256 amount) returns()
func (_OptionToken *OptionTokenSession) Burn(from common.Address, amount *big.Int) (*types.Transaction, error) {
	return _OptionToken.Contract.Burn(&_OptionToken.TransactOpts, from, amount)
}

// Burn is a paid mutator transaction binding the contract method 0x9dc29fac.
//
// Solidity: function burn(address from, uint256 amount) returns()
func (_OptionToken *OptionTokenTransactorSession) Burn(from common.Address, amount *big.Int) (*types.Transaction, error) {
	return _OptionToken.Contract.Burn(&_OptionToken.TransactOpts, from, amount)
}

// Initialize is a paid mutator transaction binding the contract method 0x56906711.
//
// Solidity: function initialize(string name_, string symbol_, uint8 decimals_, address market_, uint8 index_) returns()
func (_OptionToken *OptionTokenTransactor) Initialize(opts *bind.TransactOpts, name_ string, symbol_ string, decimals_ uint8, market_ common.Address, index_ uint8) (*types.Transaction, error) {
	return _OptionToken.contract.Transact(opts, "initialize", name_, symbol_, decimals_, market_, index_)
}

// Initialize is a paid mutator transaction binding the contract method 0x56906711.
//
// Solidity: function initialize(string name_, string symbol_, uint8 decimals_, address market_, uint8 index_) returns()
func (_OptionToken *OptionTokenSession) Initialize(name_ string, symbol_ string, decimals_ uint8, market_ common.Address, index_ uint8) (*types.Transaction, error) {
	return _OptionToken.Contract.Initialize(&_OptionToken.TransactOpts, name_, symbol_, decimals_, market_, index_)
}

// Initialize is a paid mutator transaction binding the contract method 0x56906711.
//
// Solidity: function initialize(string name_, string symbol_, uint8 decimals_, address market_, uint8 index_) returns()
func (_OptionToken *OptionTokenTransactorSession) Initialize(name_ string, symbol_ string, decimals_ uint8, market_ common.Address, index_ uint8) (*types.Transaction, error) {
	return _OptionToken.Contract.Initialize(&_OptionToken.TransactOpts, name_, symbol_, decimals_, market_, index_)
}

// Mint is a paid mutator transaction binding the contract method 0x40c10f19.
//
// Solidity: function mint(address to, uint256 amount) returns()
func (_OptionToken *OptionTokenTransactor) Mint(opts *bind.TransactOpts, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _OptionToken.contract.Transact(opts, "mint", to, amount)
}

// Mint is a paid mutator transaction binding the contract method 0x40c10f19.
//
// Solidity: function mint(address to, uint256 amount) returns()
func (_OptionToken *OptionTokenSession) Mint(to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _OptionToken.Contract.Mint(&_OptionToken.TransactOpts, to, amount)
}

// Mint is a paid mutator transaction binding the contract method 0x40c10f19.
//
// Solidity: function mint(address to, uint256 amount) returns()
func (_OptionToken *OptionTokenTransactorSession) Mint(to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _OptionToken.Contract.Mint(&_OptionToken.TransactOpts, to, amount)
}

// Transfer is a paid mutator transaction binding the contract method 0xa9059cbb.
//
// Solidity: function transfer(address to, uint256 amount) returns(bool)
func (_OptionToken *OptionTokenTransactor) Transfer(opts *bind.TransactOpts, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _OptionToken.contract.Transact(opts, "transfer", to, amount)
}

// Transfer is a paid mutator transaction binding the contract method 0xa9059cbb.
//
// Solidity: function transfer(address to, uint256 amount) returns(bool)
func (_OptionToken *OptionTokenSession) Transfer(to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _OptionToken.Contract.Transfer(&_OptionToken.TransactOpts, to, amount)
}

// Transfer is a paid mutator transaction binding the contract method 0xa9059cbb.
//
// Solidity: function transfer(address to, uint256 amount) returns(bool)
func (_OptionToken *OptionTokenTransactorSession) Transfer(to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _OptionToken.Contract.Transfer(&_OptionToken.TransactOpts, to, amount)
}

// TransferFrom is a paid mutator transaction binding the contract method 0x23b872dd.
//
// Solidity: function transferFrom(address from, address to, uint256 amount) returns(bool)
func (_OptionToken *OptionTokenTransactor) TransferFrom(opts *bind.TransactOpts, from common.Address, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _OptionToken.contract.Transact(opts, "transferFrom", from, to, amount)
}

// TransferFrom is a paid mutator transaction binding the contract method 0x23b872dd.
//
// Solidity: function transferFrom(address from, address to, uint256 amount) returns(bool)
func (_OptionToken *OptionTokenSession) TransferFrom(from common.Address, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _OptionToken.Contract.TransferFrom(&_OptionToken.TransactOpts, from, to, amount)
}

// TransferFrom is a paid mutator transaction binding the contract method 0x23b872dd.
//
// Solidity: function transferFrom(address from, address to, uint256 amount) returns(bool)
func (_OptionToken *OptionTokenTransactorSession) TransferFrom(from common.Address, to common.Address, amount *big.Int) (*types.Transaction, error) {
	return _OptionToken.Contract.TransferFrom(&_OptionToken.TransactOpts, from, to, amount)
}

// OptionTokenApprovalIterator is returned from FilterApproval and is used to iterate over the raw logs and unpacked data for Approval events raised by the OptionToken contract.
type OptionTokenApprovalIterator struct {
	Event *OptionTokenApproval // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *OptionTokenApprovalIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(OptionTokenApproval)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(OptionTokenApproval)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *OptionTokenApprovalIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *OptionTokenApprovalIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// OptionTokenApproval represents a Approval event raised by the OptionToken contract.
type OptionTokenApproval struct {
	Owner   common.Address
	Spender common.Address
	Value   *big.Int
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterApproval is a free log retrieval operation binding the contract event 0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925.
//
// Solidity: event Approval(address indexed owner, address indexed spender, uint256 value)
func (_OptionToken *OptionTokenFilterer) FilterApproval(opts *bind.FilterOpts, owner []common.Address, spender []common.Address) (*OptionTokenApprovalIterator, error) {

	var ownerRule []interface{}
	for _, ownerItem := range owner {
		ownerRule = append(ownerRule, ownerItem)
	}
	var spenderRule []interface{}
	for _, spenderItem := range spender {
		spenderRule = append(spenderRule, spenderItem)
	}

	logs, sub, err := _OptionToken.contract.FilterLogs(opts, "Approval", ownerRule, spenderRule)
	if err != nil {
		return nil, err
	}
	return &OptionTokenApprovalIterator{contract: _OptionToken.contract, event: "Approval", logs: logs, sub: sub}, nil
}

// WatchApproval is a free log subscription operation binding the contract event 0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925.
//
// Solidity: event Approval(address indexed owner, address indexed spender, uint256 value)
func (_OptionToken *OptionTokenFilterer) WatchApproval(opts *bind.WatchOpts, sink chan<- *OptionTokenApproval, owner []common.Address, spender []common.Address) (event.Subscription, error) {

	var ownerRule []interface{}
	for _, ownerItem := range owner {
		ownerRule = append(ownerRule, ownerItem)
	}
	var spenderRule []interface{}
	for _, spenderItem := range spender {
		spenderRule = append(spenderRule, spenderItem)
	}

	logs, sub, err := _OptionToken.contract.WatchLogs(opts, "Approval", ownerRule, spenderRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(OptionTokenApproval)
				if err := _OptionToken.contract.UnpackLog(event, "Approval", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseApproval is a log parse operation binding the contract event 0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925.
//
// Solidity: event Approval(address indexed owner, address indexed spender, uint256 value)
func (_OptionToken *OptionTokenFilterer) ParseApproval(log types.Log) (*OptionTokenApproval, error) {
	event := new(OptionTokenApproval)
	if err := _OptionToken.contract.UnpackLog(event, "Approval", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// OptionTokenTransferIterator is returned from FilterTransfer and is used to iterate over the raw logs and unpacked data for Transfer events raised by the OptionToken contract.
type OptionTokenTransferIterator struct {
	Event *OptionTokenTransfer // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *OptionTokenTransferIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(OptionTokenTransfer)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(OptionTokenTransfer)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *OptionTokenTransferIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *OptionTokenTransferIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// OptionTokenTransfer represents a Transfer event raised by the OptionToken contract.
type OptionTokenTransfer struct {
	From  common.Address
	To    common.Address
	Value *big.Int
	Raw   types.Log // Blockchain specific contextual infos
}

// FilterTransfer is a free log retrieval operation binding the contract event 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef.
//
// Solidity: event Transfer(address indexed from, address indexed to, uint256 value)
func (_OptionToken *OptionTokenFilterer) FilterTransfer(opts *bind.FilterOpts, from []common.Address, to []common.Address) (*OptionTokenTransferIterator, error) {

	var fromRule []interface{}
	for _, fromItem := range from {
		fromRule = append(fromRule, fromItem)
	}
	var toRule []interface{}
	for _, toItem := range to {
		toRule = append(toRule, toItem)
	}

	logs, sub, err := _OptionToken.contract.FilterLogs(opts, "Transfer", fromRule, toRule)
	if err != nil {
		return nil, err
	}
	return &OptionTokenTransferIterator{contract: _OptionToken.contract, event: "Transfer", logs: logs, sub: sub}, nil
}

// WatchTransfer is a free log subscription operation binding the contract event 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef.
//
// Solidity: event Transfer(address indexed from, address indexed to, uint256 value)
func (_OptionToken *OptionTokenFilterer) WatchTransfer(opts *bind.WatchOpts, sink chan<- *OptionTokenTransfer, from []common.Address, to []common.Address) (event.Subscription, error) {

	var fromRule []interface{}
	for _, fromItem := range from {
		fromRule = append(fromRule, fromItem)
	}
	var toRule []interface{}
	for _, toItem := range to {
		toRule = append(toRule, toItem)
	}

	logs, sub, err := _OptionToken.contract.WatchLogs(opts, "Transfer", fromRule, toRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(OptionTokenTransfer)
				if err := _OptionToken.contract.UnpackLog(event, "Transfer", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseTransfer is a log parse operation binding the contract event 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef.
//
// Solidity: event Transfer(address indexed from, address indexed to, uint256 value)
func (_OptionToken *OptionTokenFilterer) ParseTransfer(log types.Log) (*OptionTokenTransfer, error) {
	event := new(OptionTokenTransfer)
	if err := _OptionToken.contract.UnpackLog(event, "Transfer", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// SimpleAccountMetaData contains all meta data concerning the SimpleAccount contract.
var SimpleAccountMetaData = &bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"contractIEntryPoint\",\"name\":\"anEntryPoint\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":false,\"internalType\":\"address\",\"name\":\"previousAdmin\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"address\",\"name\":\"newAdmin\",\"type\":\"address\"}],\"name\":\"AdminChanged\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"beacon\",\"type\":\"address\"}],\"name\":\"BeaconUpgraded\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":false,\"internalType\":\"uint8\",\"name\":\"version\",\"type\":\"uint8\"}],\"name\":\"Initialized\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"contractIEntryPoint\",\"name\":\"entryPoint\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"}],\"name\":\"SimpleAccountInitialized\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"implementation\",\"type\":\"address\"}],\"name\":\"Upgraded\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"addDeposit\",\"outputs\":[],\"stateMutability\":\"payable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"entryPoint\",\"outputs\":[{\"internalType\":\"contractIEntryPoint\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"dest\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"},{\"internalType\":\"bytes\",\"name\":\"func\",\"type\":\"bytes\"}],\"name\":\"execute\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address[]\",\"name\":\"dest\",\"type\":\"address[]\"},{\"internalType\":\"bytes[]\",\"name\":\"func\",\"type\":\"bytes[]\"}],\"name\":\"executeBatch\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"getDeposit\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"getNonce\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"anOwner\",\"type\":\"address\"}],\"name\":\"initialize\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"},{\"internalType\":\"uint256[]\",\"name\":\"\",\"type\":\"uint256[]\"},{\"internalType\":\"uint256[]\",\"name\":\"\",\"type\":\"uint256[]\"},{\"internalType\":\"bytes\",\"name\":\"\",\"type\":\"bytes\"}],\"name\":\"onERC1155BatchReceived\",\"outputs\":[{\"internalType\":\"bytes4\",\"name\":\"\",\"type\":\"bytes4\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"},{\"internalType\":\"bytes\",\"name\":\"\",\"type\":\"bytes\"}],\"name\":\"onERC1155Received\",\"outputs\":[{\"internalType\":\"bytes4\",\"name\":\"\",\"type\":\"bytes4\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"},{\"internalType\":\"bytes\",\"name\":\"\",\"type\":\"bytes\"}],\"name\":\"onERC721Received\",\"outputs\":[{\"internalType\":\"bytes4\",\"name\":\"\",\"type\":\"bytes4\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"owner\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"proxiableUUID\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes4\",\"name\":\"interfaceId\",\"type\":\"bytes4\"}],\"name\":\"supportsInterface\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"},{\"internalType\":\"bytes\",\"name\":\"\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"\",\"type\":\"bytes\"}],\"name\":\"tokensReceived\",\"outputs\":[],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"newImplementation\",\"type\":\"address\"}],\"name\":\"upgradeTo\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"newImplementation\",\"type\":\"address\"},{\"internalType\":\"bytes\",\"name\":\"data\",\"type\":\"bytes\"}],\"name\":\"upgradeToAndCall\",\"outputs\":[],\"stateMutability\":\"payable\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"},{\"internalType\":\"bytes\",\"name\":\"initCode\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"callData\",\"type\":\"bytes\"},{\"internalType\":\"uint256\",\"name\":\"callGasLimit\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"verificationGasLimit\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"preVerificationGas\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"maxFeePerGas\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"maxPriorityFeePerGas\",\"type\":\"uint256\"},{\"internalType\":\"bytes\",\"name\":\"paymasterAndData\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"signature\",\"type\":\"bytes\"}],\"internalType\":\"structUserOperation\",\"name\":\"userOp\",\"type\":\"tuple\"},{\"internalType\":\"bytes32\",\"name\":\"userOpHash\",\"type\":\"bytes32\"},{\"internalType\":\"uint256\",\"name\":\"missingAccountFunds\",\"type\":\"uint256\"}],\"name\":\"validateUserOp\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"validationData\",\"type\":\"uint256\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"addresspayable\",\"name\":\"withdrawAddress\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"withdrawDepositTo\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"stateMutability\":\"payable\",\"type\":\"receive\"}]",
	Sigs: map[string]string{
		"4a58db19": "addDeposit()",
		"b0d691fe": "entryPoint()",
		"b61d27f6": "execute(address,uint256,bytes)",
		"18dfb3c7": "executeBatch(address[],bytes[])",
		"c399ec88": "getDeposit()",
		"d087d288": "getNonce()",
		"c4d66de8": "initialize(address)",
		"bc197c81": "onERC1155BatchReceived(address,address,uint256[],uint256[],bytes)",
		"f23a6e61": "onERC1155Received(address,address,uint256,uint256,bytes)",
		"150b7a02": "onERC721Received(address,address,uint256,bytes)",
		"8da5cb5b": "owner()",
		"52d1902d": "proxiableUUID()",
		"01ffc9a7": "supportsInterface(bytes4)",
		"0023de29": "tokensReceived(address,address,address,uint256,bytes,bytes)",
		"3659cfe6": "upgradeTo(address)",
		"4f1ef286": "upgradeToAndCall(address,bytes)",
		"3a871cdd": "validateUserOp((address,uint256,bytes,bytes,uint256,uint256,uint256,uint256,uint256,bytes,bytes),bytes32,uint256)",
		"4d44560d": "withdrawDepositTo(address,uint256)",
	},
	Bin: "0x60c0604052306080523480156200001557600080fd5b50604051620025a6380380620025a6833981016040819052620000389162000117565b6001600160a01b03811660a0526200004f62000056565b5062000149565b600054610100900460ff1615620000c35760405162461bcd60e51b815260206004820152602760248201527f496e697469616c697a61626c653a20636f6e747261637420697320696e697469604482015266616c697a696e6760c81b606482015260840160405180910390fd5b60005460ff9081161462000115576000805460ff191660ff9081179091556040519081527f7f26b83ff96e1f2b6a682f133852f6798a09c465da95921460cefb38474024989060200160405180910390a15b565b6000602082840312156200012a57600080fd5b81516001600160a01b03811681146200014257600080fd5b9392505050565b60805160a0516123ea620001bc6000396000818161032f015281816108810152818161092801528181610d4c01528181610f9d01528181610fe40152818161133601526115c801526000818161066b0152818161071b015281816109ec01528181610a9c0152610be501526123ea6000f3fe60806040526004361061012c5760003560e01c806352d1902d116100a5578063bc197c8111610074578063c4d66de811610059578063c4d66de8146103d0578063d087d288146103f0578063f23a6e611461040557600080fd5b8063bc197c8114610373578063c399ec88146103bb57600080fd5b806352d1902d146102b35780638da5cb5b146102c8578063b0d691fe14610320578063b61d27f61461035357600080fd5b80633659cfe6116100fc5780634a58db19116100e15780634a58db19146102785780634d44560d146102805780634f1ef286146102a057600080fd5b80633659cfe61461022a5780633a871cdd1461024a57600080fd5b806223de291461013857806301ffc9a71461015f578063150b7a021461019457806318dfb3c71461020a57600080fd5b3661013357005b600080fd5b34801561014457600080fd5b5061015d610153366004611c92565b5050505050505050565b005b34801561016b57600080fd5b5061017f61017a366004611d43565b61044b565b60405190151581526020015b60405180910390f35b3480156101a057600080fd5b506101d96101af366004611d85565b7f150b7a020000000000000000000000000000000000000000000000000000000095945050505050565b6040517fffffffff00000000000000000000000000000000000000000000000000000000909116815260200161018b565b34801561021657600080fd5b5061015d610225366004611e3d565b610530565b34801561023657600080fd5b5061015d610245366004611ea9565b610654565b34801561025657600080fd5b5061026a610265366004611ec6565b610859565b60405190815260200161018b565b61015d61087f565b34801561028c57600080fd5b5061015d61029b366004611f1a565b61091e565b61015d6102ae366004611f75565b6109d5565b3480156102bf57600080fd5b5061026a610bcb565b3480156102d457600080fd5b506000546102fb9062010000900473ffffffffffffffffffffffffffffffffffffffff1681565b60405173ffffffffffffffffffffffffffffffffffffffff909116815260200161018b565b34801561032c57600080fd5b507f00000000000000000000000000000000000000000000000000000000000000006102fb565b34801561035f57600080fd5b5061015d61036e366004612057565b610cb7565b34801561037f57600080fd5b506101d961038e3660046120a7565b7fbc197c810000000000000000000000000000000000000000000000000000000098975050505050505050565b3480156103c757600080fd5b5061026a610d06565b3480156103dc57600080fd5b5061015d6103eb366004611ea9565b610dbd565b3480156103fc57600080fd5b5061026a610f50565b34801561041157600080fd5b506101d9610420366004612145565b7ff23a6e61000000000000000000000000000000000000000000000000000000009695505050505050565b60007fffffffff0000000000000000000000000000000000000000000000000000000082167f150b7a020000000000000000000000000000000000000000000000000000000014806104de57507fffffffff0000000000000000000000000000000000000000000000000000000082167f4e2312e000000000000000000000000000000000000000000000000000000000145b8061052a57507fffffffff0000000000000000000000000000000000000000000000000000000082167f01ffc9a700000000000000000000000000000000000000000000000000000000145b92915050565b610538610fcc565b8281146105a6576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601360248201527f77726f6e67206172726179206c656e677468730000000000000000000000000060448201526064015b60405180910390fd5b60005b8381101561064d5761063b8585838181106105c6576105c66121c1565b90506020020160208101906105db9190611ea9565b60008585858181106105ef576105ef6121c1565b905060200281019061060191906121f0565b8080601f01602080910402602001604051908101604052809392919081815260200183838082843760009201919091525061109592505050565b8061064581612255565b9150506105a9565b5050505050565b73ffffffffffffffffffffffffffffffffffffffff7f0000000000000000000000000000000000000000000000000000000000000000163003610719576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152602c60248201527f46756e6374696f6e206d7573742062652063616c6c6564207468726f7567682060448201527f64656c656761746563616c6c0000000000000000000000000000000000000000606482015260840161059d565b7f000000000000000000000000000000000000000000000000000000000000000073ffffffffffffffffffffffffffffffffffffffff1661078e7f360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc5473ffffffffffffffffffffffffffffffffffffffff1690565b73ffffffffffffffffffffffffffffffffffffffff1614610831576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152602c60248201527f46756e6374696f6e206d7573742062652063616c6c6564207468726f7567682060448201527f6163746976652070726f78790000000000000000000000000000000000000000606482015260840161059d565b61083a81611112565b604080516000808252602082019092526108569183919061111a565b50565b600061086361131e565b61086d84846113bd565b905061087882611476565b9392505050565b7f00000000000000000000000000000000000000000000000000000000000000006040517fb760faf900000000000000000000000000000000000000000000000000000000815230600482015273ffffffffffffffffffffffffffffffffffffffff919091169063b760faf99034906024016000604051808303818588803b15801561090a57600080fd5b505af115801561064d573d6000803e3d6000fd5b6109266114e1565b7f00000000000000000000000000000000000000000000000000000000000000006040517f205c287800000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff848116600483015260248201849052919091169063205c287890604401600060405180830381600087803b1580156109b957600080fd5b505af11580156109cd573d6000803e3d6000fd5b505050505050565b73ffffffffffffffffffffffffffffffffffffffff7f0000000000000000000000000000000000000000000000000000000000000000163003610a9a576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152602c60248201527f46756e6374696f6e206d7573742062652063616c6c6564207468726f7567682060448201527f64656c656761746563616c6c0000000000000000000000000000000000000000606482015260840161059d565b7f000000000000000000000000000000000000000000000000000000000000000073ffffffffffffffffffffffffffffffffffffffff16610b0f7f360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc5473ffffffffffffffffffffffffffffffffffffffff1690565b73ffffffffffffffffffffffffffffffffffffffff1614610bb2576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152602c60248201527f46756e6374696f6e206d7573742062652063616c6c6564207468726f7567682060448201527f6163746976652070726f78790000000000000000000000000000000000000000606482015260840161059d565b610bbb82611112565b610bc78282600161111a565b5050565b60003073ffffffffffffffffffffffffffffffffffffffff7f00000000000000000000000000000000000000000000000000000000000000001614610c92576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152603860248201527f555550535570677261646561626c653a206d757374206e6f742062652063616c60448201527f6c6564207468726f7567682064656c656761746563616c6c0000000000000000606482015260840161059d565b507f360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc90565b610cbf610fcc565b610d00848484848080601f01602080910402602001604051908101604052809392919081815260200183838082843760009201919091525061109592505050565b50505050565b6040517f70a0823100000000000000000000000000000000000000000000000000000000815230600482015260009073ffffffffffffffffffffffffffffffffffffffff7f000000000000000000000000000000000000000000000000000000000000000016906370a08231906024015b602060405180830381865afa158015610d94573d6000803e3d6000fd5b505050506040513d601f19601f82011682018060405250810190610db891906122b4565b905090565b600054610100900460ff1615808015610ddd5750600054600160ff909116105b80610df75750303b158015610df7575060005460ff166001145b610e83576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152602e60248201527f496e697469616c697a61626c653a20636f6e747261637420697320616c72656160448201527f647920696e697469616c697a6564000000000000000000000000000000000000606482015260840161059d565b600080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff001660011790558015610ee157600080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00ff166101001790555b610eea82611572565b8015610bc757600080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00ff169055604051600181527f7f26b83ff96e1f2b6a682f133852f6798a09c465da95921460cefb38474024989060200160405180910390a15050565b6040517f35567e1a0000000000000000000000000000000000000000000000000000000081523060048201526000602482018190529073ffffffffffffffffffffffffffffffffffffffff7f000000000000000000000000000000000000000000000000000000000000000016906335567e1a90604401610d77565b3373ffffffffffffffffffffffffffffffffffffffff7f000000000000000000000000000000000000000000000000000000000000000016148061102d575060005462010000900473ffffffffffffffffffffffffffffffffffffffff1633145b611093576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820181905260248201527f6163636f756e743a206e6f74204f776e6572206f7220456e747279506f696e74604482015260640161059d565b565b6000808473ffffffffffffffffffffffffffffffffffffffff1684846040516110be91906122f1565b60006040518083038185875af1925050503d80600081146110fb576040519150601f19603f3d011682016040523d82523d6000602084013e611100565b606091505b50915091508161064d57805160208201fd5b6108566114e1565b7f4910fdfa16fed3260ed0e7147f7cc6da11a60208b5b9406d12a635614ffd91435460ff16156111525761114d83611611565b505050565b8273ffffffffffffffffffffffffffffffffffffffff166352d1902d6040518163ffffffff1660e01b8152600401602060405180830381865afa9250505080156111d7575060408051601f3d9081017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe01682019092526111d4918101906122b4565b60015b611263576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152602e60248201527f45524331393637557067726164653a206e657720696d706c656d656e7461746960448201527f6f6e206973206e6f742055555053000000000000000000000000000000000000606482015260840161059d565b7f360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc8114611312576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152602960248201527f45524331393637557067726164653a20756e737570706f727465642070726f7860448201527f6961626c65555549440000000000000000000000000000000000000000000000606482015260840161059d565b5061114d83838361171b565b3373ffffffffffffffffffffffffffffffffffffffff7f00000000000000000000000000000000000000000000000000000000000000001614611093576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601c60248201527f6163636f756e743a206e6f742066726f6d20456e747279506f696e7400000000604482015260640161059d565b7f19457468657265756d205369676e6564204d6573736167653a0a3332000000006000908152601c829052603c812061143a6113fd6101408601866121f0565b8080601f01602080910402602001604051908101604052809392919081815260200183838082843760009201919091525085939250506117409050565b60005462010000900473ffffffffffffffffffffffffffffffffffffffff90811691161461146c57600191505061052a565b5060009392505050565b80156108565760405160009033907fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff90849084818181858888f193505050503d806000811461064d576040519150601f19603f3d011682016040523d82523d6000602084013e61064d565b60005462010000900473ffffffffffffffffffffffffffffffffffffffff1633148061150c57503330145b611093576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152600a60248201527f6f6e6c79206f776e657200000000000000000000000000000000000000000000604482015260640161059d565b600080547fffffffffffffffffffff0000000000000000000000000000000000000000ffff166201000073ffffffffffffffffffffffffffffffffffffffff8481168202929092178084556040519190048216927f0000000000000000000000000000000000000000000000000000000000000000909216917f47e55c76e7a6f1fd8996a1da8008c1ea29699cca35e7bcd057f2dec313b6e5de91a350565b73ffffffffffffffffffffffffffffffffffffffff81163b6116b5576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152602d60248201527f455243313936373a206e657720696d706c656d656e746174696f6e206973206e60448201527f6f74206120636f6e747261637400000000000000000000000000000000000000606482015260840161059d565b7f360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc80547fffffffffffffffffffffffff00000000000000000000000000000000000000001673ffffffffffffffffffffffffffffffffffffffff92909216919091179055565b61172483611764565b6000825111806117315750805b1561114d57610d0083836117b1565b600080600061174f85856117d6565b9150915061175c8161181b565b509392505050565b61176d81611611565b60405173ffffffffffffffffffffffffffffffffffffffff8216907fbc7cd75a20ee27fd9adebab32041f755214dbc6bffa90cc0225b39da2e5c2d3b90600090a250565b6060610878838360405180606001604052806027815260200161238e602791396119ce565b600080825160410361180c5760208301516040840151606085015160001a61180087828585611a53565b94509450505050611814565b506000905060025b9250929050565b600081600481111561182f5761182f61230d565b036118375750565b600181600481111561184b5761184b61230d565b036118b2576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601860248201527f45434453413a20696e76616c6964207369676e61747572650000000000000000604482015260640161059d565b60028160048111156118c6576118c661230d565b0361192d576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601f60248201527f45434453413a20696e76616c6964207369676e6174757265206c656e67746800604482015260640161059d565b60038160048111156119415761194161230d565b03610856576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152602260248201527f45434453413a20696e76616c6964207369676e6174757265202773272076616c60448201527f7565000000000000000000000000000000000000000000000000000000000000606482015260840161059d565b60606000808573ffffffffffffffffffffffffffffffffffffffff16856040516119f891906122f1565b600060405180830381855af49150503d8060008114611a33576040519150601f19603f3d011682016040523d82523d6000602084013e611a38565b606091505b5091509150611a4986838387611b42565b9695505050505050565b6000807f7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0831115611a8a5750600090506003611b39565b6040805160008082526020820180845289905260ff881692820192909252606081018690526080810185905260019060a0016020604051602081039080840390855afa158015611ade573d6000803e3d6000fd5b50506040517fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0015191505073ffffffffffffffffffffffffffffffffffffffff8116611b3257600060019250925050611b39565b9150600090505b94509492505050565b60608315611bd8578251600003611bd15773ffffffffffffffffffffffffffffffffffffffff85163b611bd1576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601d60248201527f416464726573733a2063616c6c20746f206e6f6e2d636f6e7472616374000000604482015260640161059d565b5081611be2565b611be28383611bea565b949350505050565b815115611bfa5781518083602001fd5b806040517f08c379a000000000000000000000000000000000000000000000000000000000815260040161059d919061233c565b73ffffffffffffffffffffffffffffffffffffffff8116811461085657600080fd5b60008083601f840112611c6257600080fd5b50813567ffffffffffffffff811115611c7a57600080fd5b60208301915083602082850101111561181457600080fd5b60008060008060008060008060c0898b031215611cae57600080fd5b8835611cb981611c2e565b97506020890135611cc981611c2e565b96506040890135611cd981611c2e565b955060608901359450608089013567ffffffffffffffff80821115611cfd57600080fd5b611d098c838d01611c50565b909650945060a08b0135915080821115611d2257600080fd5b50611d2f8b828c01611c50565b999c989b5096995094979396929594505050565b600060208284031215611d5557600080fd5b81357fffffffff000000000000000000000000000000000000000000000000000000008116811461087857600080fd5b600080600080600060808688031215611d9d57600080fd5b8535611da881611c2e565b94506020860135611db881611c2e565b935060408601359250606086013567ffffffffffffffff811115611ddb57600080fd5b611de788828901611c50565b969995985093965092949392505050565b60008083601f840112611e0a57600080fd5b50813567ffffffffffffffff811115611e2257600080fd5b6020830191508360208260051b850101111561181457600080fd5b60008060008060408587031215611e5357600080fd5b843567ffffffffffffffff80821115611e6b57600080fd5b611e7788838901611df8565b90965094506020870135915080821115611e9057600080fd5b50611e9d87828801611df8565b95989497509550505050565b600060208284031215611ebb57600080fd5b813561087881611c2e565b600080600060608486031215611edb57600080fd5b833567ffffffffffffffff811115611ef257600080fd5b84016101608187031215611f0557600080fd5b95602085013595506040909401359392505050565b60008060408385031215611f2d57600080fd5b8235611f3881611c2e565b946020939093013593505050565b7f4e487b7100000000000000000000000000000000000000000000000000000000600052604160045260246000fd5b60008060408385031215611f8857600080fd5b8235611f9381611c2e565b9150602083013567ffffffffffffffff80821115611fb057600080fd5b818501915085601f830112611fc457600080fd5b813581811115611fd657611fd6611f46565b604051601f82017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0908116603f0116810190838211818310171561201c5761201c611f46565b8160405282815288602084870101111561203557600080fd5b8260208601602083013760006020848301015280955050505050509250929050565b6000806000806060858703121561206d57600080fd5b843561207881611c2e565b935060208501359250604085013567ffffffffffffffff81111561209b57600080fd5b611e9d87828801611c50565b60008060008060008060008060a0898b0312156120c357600080fd5b88356120ce81611c2e565b975060208901356120de81611c2e565b9650604089013567ffffffffffffffff808211156120fb57600080fd5b6121078c838d01611df8565b909850965060608b013591508082111561212057600080fd5b61212c8c838d01611df8565b909650945060808b0135915080821115611d2257600080fd5b60008060008060008060a0878903121561215e57600080fd5b863561216981611c2e565b9550602087013561217981611c2e565b94506040870135935060608701359250608087013567ffffffffffffffff8111156121a357600080fd5b6121af89828a01611c50565b979a9699509497509295939492505050565b7f4e487b7100000000000000000000000000000000000000000000000000000000600052603260045260246000fd5b60008083357fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe184360301811261222557600080fd5b83018035915067ffffffffffffffff82111561224057600080fd5b60200191503681900382131561181457600080fd5b60007fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff82036122ad577f4e487b7100000000000000000000000000000000000000000000000000000000600052601160045260246000fd5b5060010190565b6000602082840312156122c657600080fd5b5051919050565b60005b838110156122e85781810151838201526020016122d0565b50506000910152565b600082516123038184602087016122cd565b9190910192915050565b7f4e487b7100000000000000000000000000000000000000000000000000000000600052602160045260246000fd5b602081526000825180602084015261235b8160408501602087016122cd565b601f017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe016919091016040019291505056fe416464726573733a206c6f772d6c6576656c2064656c65676174652063616c6c206661696c6564a2646970667358221220b0528fdd5dbda61511146829dc0c7d604bc59526038dbcad46b8470221d24a7c64736f6c63430008110033",
}

// SimpleAccountABI is the input ABI used to generate the binding from.
// Deprecated: Use SimpleAccountMetaData.ABI instead.
var SimpleAccountABI = SimpleAccountMetaData.ABI

// Deprecated: Use SimpleAccountMetaData.Sigs instead.
// SimpleAccountFuncSigs maps the 4-byte function signature to its string representation.
var SimpleAccountFuncSigs = SimpleAccountMetaData.Sigs

// SimpleAccountBin is the compiled bytecode used for deploying new contracts.
// Deprecated: Use SimpleAccountMetaData.Bin instead.
var SimpleAccountBin = SimpleAccountMetaData.Bin

// DeploySimpleAccount deploys a new Ethereum contract, binding an instance of SimpleAccount to it.
func DeploySimpleAccount(auth *bind.TransactOpts, backend bind.ContractBackend, anEntryPoint common.Address) (common.Address, *types.Transaction, *SimpleAccount, error) {
	parsed, err := SimpleAccountMetaData.GetAbi()
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	if parsed == nil {
		return common.Address{}, nil, nil, errors.New("GetABI returned nil")
	}

	address, tx, contract, err := bind.DeployContract(auth, *parsed, common.FromHex(SimpleAccountBin), backend, anEntryPoint)
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	return address, tx, &SimpleAccount{SimpleAccountCaller: SimpleAccountCaller{contract: contract}, SimpleAccountTransactor: SimpleAccountTransactor{contract: contract}, SimpleAccountFilterer: SimpleAccountFilterer{contract: contract}}, nil
}

// SimpleAccount is an auto generated Go binding around an Ethereum contract.
type SimpleAccount struct {
	SimpleAccountCaller     // Read-only binding to the contract
	SimpleAccountTransactor // Write-only binding to the contract
	SimpleAccountFilterer   // Log filterer for contract events
}

// SimpleAccountCaller is an auto generated read-only Go binding around an Ethereum contract.
type SimpleAccountCaller struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// SimpleAccountTransactor is an auto generated write-only Go binding around an Ethereum contract.
type SimpleAccountTransactor struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// SimpleAccountFilterer is an auto generated log filtering Go binding around an Ethereum contract events.
type SimpleAccountFilterer struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// SimpleAccountSession is an auto generated Go binding around an Ethereum contract,
// with pre-set call and transact options.
type SimpleAccountSession struct {
	Contract     *SimpleAccount    // Generic contract binding to set the session for
	CallOpts     bind.CallOpts     // Call options to use throughout this session
	TransactOpts bind.TransactOpts // Transaction auth options to use throughout this session
}

// SimpleAccountCallerSession is an auto generated read-only Go binding around an Ethereum contract,
// with pre-set call options.
type SimpleAccountCallerSession struct {
	Contract *SimpleAccountCaller // Generic contract caller binding to set the session for
	CallOpts bind.CallOpts        // Call options to use throughout this session
}

// SimpleAccountTransactorSession is an auto generated write-only Go binding around an Ethereum contract,
// with pre-set transact options.
type SimpleAccountTransactorSession struct {
	Contract     *SimpleAccountTransactor // Generic contract transactor binding to set the session for
	TransactOpts bind.TransactOpts        // Transaction auth options to use throughout this session
}

// SimpleAccountRaw is an auto generated low-level Go binding around an Ethereum contract.
type SimpleAccountRaw struct {
	Contract *SimpleAccount // Generic contract binding to access the raw methods on
}

// SimpleAccountCallerRaw is an auto generated low-level read-only Go binding around an Ethereum contract.
type SimpleAccountCallerRaw struct {
	Contract *SimpleAccountCaller // Generic read-only contract binding to access the raw methods on
}

// SimpleAccountTransactorRaw is an auto generated low-level write-only Go binding around an Ethereum contract.
type SimpleAccountTransactorRaw struct {
	Contract *SimpleAccountTransactor // Generic write-only contract binding to access the raw methods on
}

// NewSimpleAccount creates a new instance of SimpleAccount, bound to a specific deployed contract.
func NewSimpleAccount(address common.Address, backend bind.ContractBackend) (*SimpleAccount, error) {
	contract, err := bindSimpleAccount(address, backend, backend, backend)
	if err != nil {
		return nil, err
	}
	return &SimpleAccount{SimpleAccountCaller: SimpleAccountCaller{contract: contract}, SimpleAccountTransactor: SimpleAccountTransactor{contract: contract}, SimpleAccountFilterer: SimpleAccountFilterer{contract: contract}}, nil
}

// NewSimpleAccountCaller creates a new read-only instance of SimpleAccount, bound to a specific deployed contract.
func NewSimpleAccountCaller(address common.Address, caller bind.ContractCaller) (*SimpleAccountCaller, error) {
	contract, err := bindSimpleAccount(address, caller, nil, nil)
	if err != nil {
		return nil, err
	}
	return &SimpleAccountCaller{contract: contract}, nil
}

// NewSimpleAccountTransactor creates a new write-only instance of SimpleAccount, bound to a specific deployed contract.
func NewSimpleAccountTransactor(address common.Address, transactor bind.ContractTransactor) (*SimpleAccountTransactor, error) {
	contract, err := bindSimpleAccount(address, nil, transactor, nil)
	if err != nil {
		return nil, err
	}
	return &SimpleAccountTransactor{contract: contract}, nil
}

// NewSimpleAccountFilterer creates a new log filterer instance of SimpleAccount, bound to a specific deployed contract.
func NewSimpleAccountFilterer(address common.Address, filterer bind.ContractFilterer) (*SimpleAccountFilterer, error) {
	contract, err := bindSimpleAccount(address, nil, nil, filterer)
	if err != nil {
		return nil, err
	}
	return &SimpleAccountFilterer{contract: contract}, nil
}

// bindSimpleAccount binds a generic wrapper to an already deployed contract.
func bindSimpleAccount(address common.Address, caller bind.ContractCaller, transactor bind.ContractTransactor, filterer bind.ContractFilterer) (*bind.BoundContract, error) {
	parsed, err := SimpleAccountMetaData.GetAbi()
	if err != nil {
		return nil, err
	}
	return bind.NewBoundContract(address, *parsed, caller, transactor, filterer), nil
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_SimpleAccount *SimpleAccountRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _SimpleAccount.Contract.SimpleAccountCaller.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_SimpleAccount *SimpleAccountRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _SimpleAccount.Contract.SimpleAccountTransactor.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_SimpleAccount *SimpleAccountRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _SimpleAccount.Contract.SimpleAccountTransactor.contract.Transact(opts, method, params...)
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_SimpleAccount *SimpleAccountCallerRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _SimpleAccount.Contract.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_SimpleAccount *SimpleAccountTransactorRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _SimpleAccount.Contract.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_SimpleAccount *SimpleAccountTransactorRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _SimpleAccount.Contract.contract.Transact(opts, method, params...)
}

// EntryPoint is a free data retrieval call binding the contract method 0xb0d691fe.
//
// Solidity: function entryPoint() view returns(address)
func (_SimpleAccount *SimpleAccountCaller) EntryPoint(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _SimpleAccount.contract.Call(opts, &out, "entryPoint")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// EntryPoint is a free data retrieval call binding the contract method 0xb0d691fe.
//
// Solidity: function entryPoint() view returns(address)
func (_SimpleAccount *SimpleAccountSession) EntryPoint() (common.Address, error) {
	return _SimpleAccount.Contract.EntryPoint(&_SimpleAccount.CallOpts)
}

// EntryPoint is a free data retrieval call binding the contract method 0xb0d691fe.
//
// Solidity: function entryPoint() view returns(address)
func (_SimpleAccount *SimpleAccountCallerSession) EntryPoint() (common.Address, error) {
	return _SimpleAccount.Contract.EntryPoint(&_SimpleAccount.CallOpts)
}

// GetDeposit is a free data retrieval call binding the contract method 0xc399ec88.
//
// Solidity: function getDeposit() view returns(uint256)
func (_SimpleAccount *SimpleAccountCaller) GetDeposit(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _SimpleAccount.contract.Call(opts, &out, "getDeposit")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// GetDeposit is a free data retrieval call binding the contract method 0xc399ec88.
//
// Solidity: function getDeposit() view returns(uint256)
func (_SimpleAccount *SimpleAccountSession) GetDeposit() (*big.Int, error) {
	return _SimpleAccount.Contract.GetDeposit(&_SimpleAccount.CallOpts)
}

// GetDeposit is a free data retrieval call binding the contract method 0xc399ec88.
//
// Solidity: function getDeposit() view returns(uint256)
func (_SimpleAccount *SimpleAccountCallerSession) GetDeposit() (*big.Int, error) {
	return _SimpleAccount.Contract.GetDeposit(&_SimpleAccount.CallOpts)
}

// GetNonce is a free data retrieval call binding the contract method 0xd087d288.
//
// Solidity: function getNonce() view returns(uint256)
func (_SimpleAccount *SimpleAccountCaller) GetNonce(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _SimpleAccount.contract.Call(opts, &out, "getNonce")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// GetNonce is a free data retrieval call binding the contract method 0xd087d288.
//
// Solidity: function getNonce() view returns(uint256)
func (_SimpleAccount *SimpleAccountSession) GetNonce() (*big.Int, error) {
	return _SimpleAccount.Contract.GetNonce(&_SimpleAccount.CallOpts)
}

// GetNonce is a free data retrieval call binding the contract method 0xd087d288.
//
// Solidity: function getNonce() view returns(uint256)
func (_SimpleAccount *SimpleAccountCallerSession) GetNonce() (*big.Int, error) {
	return _SimpleAccount.Contract.GetNonce(&_SimpleAccount.CallOpts)
}

// OnERC1155BatchReceived is a free data retrieval call binding the contract method 0xbc197c81.
//
// Solidity: function onERC1155BatchReceived(address , address , uint256[] , uint256[] , bytes ) pure returns(bytes4)
func (_SimpleAccount *SimpleAccountCaller) OnERC1155BatchReceived(opts *bind.CallOpts, arg0 common.Address, arg1 common.Address, arg2 []*big.Int, arg3 []*big.Int, arg4 []byte) ([4]byte, error) {
	var out []interface{}
	err := _SimpleAccount.contract.Call(opts, &out, "onERC1155BatchReceived", arg0, arg1, arg2, arg3, arg4)

	if err != nil {
		return *new([4]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([4]byte)).(*[4]byte)

	return out0, err

}

// OnERC1155BatchReceived is a free data retrieval call binding the contract method 0xbc197c81.
//
// Solidity: function onERC1155BatchReceived(address , address , uint256[] , uint256[] , bytes ) pure returns(bytes4)
func (_SimpleAccount *SimpleAccountSession) OnERC1155BatchReceived(arg0 common.Address, arg1 common.Address, arg2 []*big.Int, arg3 []*big.Int, arg4 []byte) ([4]byte, error) {
	return _SimpleAccount.Contract.OnERC1155BatchReceived(&_SimpleAccount.CallOpts, arg0, arg1, arg2, arg3, arg4)
}

// OnERC1155BatchReceived is a free data retrieval call binding the contract method 0xbc197c81.
//
// Solidity: function onERC1155BatchReceived(address , address , uint256[] , uint256[] , bytes ) pure returns(bytes4)
func (_SimpleAccount *SimpleAccountCallerSession) OnERC1155BatchReceived(arg0 common.Address, arg1 common.Address, arg2 []*big.Int, arg3 []*big.Int, arg4 []byte) ([4]byte, error) {
	return _SimpleAccount.Contract.OnERC1155BatchReceived(&_SimpleAccount.CallOpts, arg0, arg1, arg2, arg3, arg4)
}

// OnERC1155Received is a free data retrieval call binding the contract method 0xf23a6e61.
//
// Solidity: function onERC1155Received(address , address , uint256 , uint256 , bytes ) pure returns(bytes4)
func (_SimpleAccount *SimpleAccountCaller) OnERC1155Received(opts *bind.CallOpts, arg0 common.Address, arg1 common.Address, arg2 *big.Int, arg3 *big.Int, arg4 []byte) ([4]byte, error) {
	var out []interface{}
	err := _SimpleAccount.contract.Call(opts, &out, "onERC1155Received", arg0, arg1, arg2, arg3, arg4)

	if err != nil {
		return *new([4]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([4]byte)).(*[4]byte)

	return out0, err

}

// OnERC1155Received is a free data retrieval call binding the contract method 0xf23a6e61.
//
// Solidity: function onERC1155Received(address , address , uint256 , uint256 , bytes ) pure returns(bytes4)
func (_SimpleAccount *SimpleAccountSession) OnERC1155Received(arg0 common.Address, arg1 common.Address, arg2 *big.Int, arg3 *big.Int, arg4 []byte) ([4]byte, error) {
	return _SimpleAccount.Contract.OnERC1155Received(&_SimpleAccount.CallOpts, arg0, arg1, arg2, arg3, arg4)
}

// OnERC1155Received is a free data retrieval call binding the contract method 0xf23a6e61.
//
// Solidity: function onERC1155Received(address , address , uint256 , uint256 , bytes ) pure returns(bytes4)
func (_SimpleAccount *SimpleAccountCallerSession) OnERC1155Received(arg0 common.Address, arg1 common.Address, arg2 *big.Int, arg3 *big.Int, arg4 []byte) ([4]byte, error) {
	return _SimpleAccount.Contract.OnERC1155Received(&_SimpleAccount.CallOpts, arg0, arg1, arg2, arg3, arg4)
}

// OnERC721Received is a free data retrieval call binding the contract method 0x150b7a02.
//
// Solidity: function onERC721Received(address , address , uint256 , bytes ) pure returns(bytes4)
func (_SimpleAccount *SimpleAccountCaller) OnERC721Received(opts *bind.CallOpts, arg0 common.Address, arg1 common.Address, arg2 *big.Int, arg3 []byte) ([4]byte, error) {
	var out []interface{}
	err := _SimpleAccount.contract.Call(opts, &out, "onERC721Received", arg0, arg1, arg2, arg3)

	if err != nil {
		return *new([4]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([4]byte)).(*[4]byte)

	return out0, err

}

// OnERC721Received is a free data retrieval call binding the contract method 0x150b7a02.
//
// Solidity: function onERC721Received(address , address , uint256 , bytes ) pure returns(bytes4)
func (_SimpleAccount *SimpleAccountSession) OnERC721Received(arg0 common.Address, arg1 common.Address, arg2 *big.Int, arg3 []byte) ([4]byte, error) {
	return _SimpleAccount.Contract.OnERC721Received(&_SimpleAccount.CallOpts, arg0, arg1, arg2, arg3)
}

// OnERC721Received is a free data retrieval call binding the contract method 0x150b7a02.
//
// Solidity: function onERC721Received(address , address , uint256 , bytes ) pure returns(bytes4)
func (_SimpleAccount *SimpleAccountCallerSession) OnERC721Received(arg0 common.Address, arg1 common.Address, arg2 *big.Int, arg3 []byte) ([4]byte, error) {
	return _SimpleAccount.Contract.OnERC721Received(&_SimpleAccount.CallOpts, arg0, arg1, arg2, arg3)
}

// Owner is a free data retrieval call binding the contract method 0x8da5cb5b.
//
// Solidity: function owner() view returns(address)
func (_SimpleAccount *SimpleAccountCaller) Owner(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _SimpleAccount.contract.Call(opts, &out, "owner")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// Owner is a free data retrieval call binding the contract method 0x8da5cb5b.
//
// Solidity: function owner() view returns(address)
func (_SimpleAccount *SimpleAccountSession) Owner() (common.Address, error) {
	return _SimpleAccount.Contract.Owner(&_SimpleAccount.CallOpts)
}

// Owner is a free data retrieval call binding the contract method 0x8da5cb5b.
//
// Solidity: function owner() view returns(address)
func (_SimpleAccount *SimpleAccountCallerSession) Owner() (common.Address, error) {
	return _SimpleAccount.Contract.Owner(&_SimpleAccount.CallOpts)
}

// ProxiableUUID is a free data retrieval call binding the contract method 0x52d1902d.
//
// Solidity: function proxiableUUID() view returns(bytes32)
func (_SimpleAccount *SimpleAccountCaller) ProxiableUUID(opts *bind.CallOpts) ([32]byte, error) {
	var out []interface{}
	err := _SimpleAccount.contract.Call(opts, &out, "proxiableUUID")

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// ProxiableUUID is a free data retrieval call binding the contract method 0x52d1902d.
//
// Solidity: function proxiableUUID() view returns(bytes32)
func (_SimpleAccount *SimpleAccountSession) ProxiableUUID() ([32]byte, error) {
	return _SimpleAccount.Contract.ProxiableUUID(&_SimpleAccount.CallOpts)
}

// ProxiableUUID is a free data retrieval call binding the contract method 0x52d1902d.
//
// Solidity: function proxiableUUID() view returns(bytes32)
func (_SimpleAccount *SimpleAccountCallerSession) ProxiableUUID() ([32]byte, error) {
	return _SimpleAccount.Contract.ProxiableUUID(&_SimpleAccount.CallOpts)
}

// SupportsInterface is a free data retrieval call binding the contract method 0x01ffc9a7.
//
// Solidity: function supportsInterface(bytes4 interfaceId) view returns(bool)
func (_SimpleAccount *SimpleAccountCaller) SupportsInterface(opts *bind.CallOpts, interfaceId [4]byte) (bool, error) {
	var out []interface{}
	err := _SimpleAccount.contract.Call(opts, &out, "supportsInterface", interfaceId)

	if err != nil {
		return *new(bool), err
	}

	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)

	return out0, err

}

// SupportsInterface is a free data retrieval call binding the contract method 0x01ffc9a7.
//
// Solidity: function supportsInterface(bytes4 interfaceId) view returns(bool)
func (_SimpleAccount *SimpleAccountSession) SupportsInterface(interfaceId [4]byte) (bool, error) {
	return _SimpleAccount.Contract.SupportsInterface(&_SimpleAccount.CallOpts, interfaceId)
}

// SupportsInterface is a free data retrieval call binding the contract method 0x01ffc9a7.
//
// Solidity: function supportsInterface(bytes4 interfaceId) view returns(bool)
func (_SimpleAccount *SimpleAccountCallerSession) SupportsInterface(interfaceId [4]byte) (bool, error) {
	return _SimpleAccount.Contract.SupportsInterface(&_SimpleAccount.CallOpts, interfaceId)
}

// TokensReceived is a free data retrieval call binding the contract method 0x0023de29.
//
// Solidity: function tokensReceived(address , address , address , uint256 , bytes , bytes ) pure returns()
func (_SimpleAccount *SimpleAccountCaller) TokensReceived(opts *bind.CallOpts, arg0 common.Address, arg1 common.Address, arg2 common.Address, arg3 *big.Int, arg4 []byte, arg5 []byte) error {
	var out []interface{}
	err := _SimpleAccount.contract.Call(opts, &out, "tokensReceived", arg0, arg1, arg2, arg3, arg4, arg5)

	if err != nil {
		return err
	}

	return err

}

// TokensReceived is a free data retrieval call binding the contract method 0x0023de29.
//
// Solidity: function tokensReceived(address , address , address , uint256 , bytes , bytes ) pure returns()
func (_SimpleAccount *SimpleAccountSession) TokensReceived(arg0 common.Address, arg1 common.Address, arg2 common.Address, arg3 *big.Int, arg4 []byte, arg5 []byte) error {
	return _SimpleAccount.Contract.TokensReceived(&_SimpleAccount.CallOpts, arg0, arg1, arg2, arg3, arg4, arg5)
}

// TokensReceived is a free data retrieval call binding the contract method 0x0023de29.
//
// Solidity: function tokensReceived(address , address , address , uint256 , bytes , bytes ) pure returns()
func (_SimpleAccount *SimpleAccountCallerSession) TokensReceived(arg0 common.Address, arg1 common.Address, arg2 common.Address, arg3 *big.Int, arg4 []byte, arg5 []byte) error {
	return _SimpleAccount.Contract.TokensReceived(&_SimpleAccount.CallOpts, arg0, arg1, arg2, arg3, arg4, arg5)
}

// AddDeposit is a paid mutator transaction binding the contract method 0x4a58db19.
//
// Solidity: function addDeposit() payable returns()
func (_SimpleAccount *SimpleAccountTransactor) AddDeposit(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _SimpleAccount.contract.Transact(opts, "addDeposit")
}

// AddDeposit is a paid mutator transaction binding the contract method 0x4a58db19.
//
// Solidity: function addDeposit() payable returns()
func (_SimpleAccount *SimpleAccountSession) AddDeposit() (*types.Transaction, error) {
	return _SimpleAccount.Contract.AddDeposit(&_SimpleAccount.TransactOpts)
}

// AddDeposit is a paid mutator transaction binding the contract method 0x4a58db19.
//
// Solidity: function addDeposit() payable returns()
func (_SimpleAccount *SimpleAccountTransactorSession) AddDeposit() (*types.Transaction, error) {
	return _SimpleAccount.Contract.AddDeposit(&_SimpleAccount.TransactOpts)
}

// Execute is a paid mutator transaction binding the contract method 0xb61d27f6.
//
// Solidity: function execute(address dest, uint256 value, bytes func) returns()
func (_SimpleAccount *SimpleAccountTransactor) Execute(opts *bind.TransactOpts, dest common.Address, value *big.Int, arg2 []byte) (*types.Transaction, error) {
	return _SimpleAccount.contract.Transact(opts, "execute", dest, value, arg2)
}

// Execute is a paid mutator transaction binding the contract method 0xb61d27f6.
//
// Solidity: function execute(address dest, uint256 value, bytes func) returns()
func (_SimpleAccount *SimpleAccountSession) Execute(dest common.Address, value *big.Int, arg2 []byte) (*types.Transaction, error) {
	return _SimpleAccount.Contract.Execute(&_SimpleAccount.TransactOpts, dest, value, arg2)
}

// Execute is a paid mutator transaction binding the contract method 0xb61d27f6.
//
// Solidity: function execute(address dest, uint256 value, bytes func) returns()
func (_SimpleAccount *SimpleAccountTransactorSession) Execute(dest common.Address, value *big.Int, arg2 []byte) (*types.Transaction, error) {
	return _SimpleAccount.Contract.Execute(&_SimpleAccount.TransactOpts, dest, value, arg2)
}

// ExecuteBatch is a paid mutator transaction binding the contract method 0x18dfb3c7.
//
// Solidity: function executeBatch(address[] dest, bytes[] func) returns()
func (_SimpleAccount *SimpleAccountTransactor) ExecuteBatch(opts *bind.TransactOpts, dest []common.Address, arg1 [][]byte) (*types.Transaction, error) {
	return _SimpleAccount.contract.Transact(opts, "executeBatch", dest, arg1)
}

// ExecuteBatch is a paid mutator transaction binding the contract method 0x18dfb3c7.
//
// Solidity: function executeBatch(address[] dest, bytes[] func) returns()
func (_SimpleAccount *SimpleAccountSession) ExecuteBatch(dest []common.Address, arg1 [][]byte) (*types.Transaction, error) {
	return _SimpleAccount.Contract.ExecuteBatch(&_SimpleAccount.TransactOpts, dest, arg1)
}

// ExecuteBatch is a paid mutator transaction binding the contract method 0x18dfb3c7.
//
// Solidity: function executeBatch(address[] dest, bytes[] func) returns()
func (_SimpleAccount *SimpleAccountTransactorSession) ExecuteBatch(dest []common.Address, arg1 [][]byte) (*types.Transaction, error) {
	return _SimpleAccount.Contract.ExecuteBatch(&_SimpleAccount.TransactOpts, dest, arg1)
}

// Initialize is a paid mutator transaction binding the contract method 0xc4d66de8.
//
// Solidity: function initialize(address anOwner) returns()
func (_SimpleAccount *SimpleAccountTransactor) Initialize(opts *bind.TransactOpts, anOwner common.Address) (*types.Transaction, error) {
	return _SimpleAccount.contract.Transact(opts, "initialize", anOwner)
}

// Initialize is a paid mutator transaction binding the contract method 0xc4d66de8.
//
// Solidity: function initialize(address anOwner) returns()
func (_SimpleAccount *SimpleAccountSession) Initialize(anOwner common.Address) (*types.Transaction, error) {
	return _SimpleAccount.Contract.Initialize(&_SimpleAccount.TransactOpts, anOwner)
}

// Initialize is a paid mutator transaction binding the contract method 0xc4d66de8.
//
// Solidity: function initialize(address anOwner) returns()
func (_SimpleAccount *SimpleAccountTransactorSession) Initialize(anOwner common.Address) (*types.Transaction, error) {
	return _SimpleAccount.Contract.Initialize(&_SimpleAccount.TransactOpts, anOwner)
}

// UpgradeTo is a paid mutator transaction binding the contract method 0x3659cfe6.
//
// Solidity: function upgradeTo(address newImplementation) returns()
func (_SimpleAccount *SimpleAccountTransactor) UpgradeTo(opts *bind.TransactOpts, newImplementation common.Address) (*types.Transaction, error) {
	return _SimpleAccount.contract.Transact(opts, "upgradeTo", newImplementation)
}

// UpgradeTo is a paid mutator transaction binding the contract method 0x3659cfe6.
//
// Solidity: function upgradeTo(address newImplementation) returns()
func (_SimpleAccount *SimpleAccountSession) UpgradeTo(newImplementation common.Address) (*types.Transaction, error) {
	return _SimpleAccount.Contract.UpgradeTo(&_SimpleAccount.TransactOpts, newImplementation)
}

// UpgradeTo is a paid mutator transaction binding the contract method 0x3659cfe6.
//
// Solidity: function upgradeTo(address newImplementation) returns()
func (_SimpleAccount *SimpleAccountTransactorSession) UpgradeTo(newImplementation common.Address) (*types.Transaction, error) {
	return _SimpleAccount.Contract.UpgradeTo(&_SimpleAccount.TransactOpts, newImplementation)
}

// UpgradeToAndCall is a paid mutator transaction binding the contract method 0x4f1ef286.
//
// Solidity: function upgradeToAndCall(address newImplementation, bytes data) payable returns()
func (_SimpleAccount *SimpleAccountTransactor) UpgradeToAndCall(opts *bind.TransactOpts, newImplementation common.Address, data []byte) (*types.Transaction, error) {
	return _SimpleAccount.contract.Transact(opts, "upgradeToAndCall", newImplementation, data)
}

// UpgradeToAndCall is a paid mutator transaction binding the contract method 0x4f1ef286.
//
// Solidity: function upgradeToAndCall(address newImplementation, bytes data) payable returns()
func (_SimpleAccount *SimpleAccountSession) UpgradeToAndCall(newImplementation common.Address, data []byte) (*types.Transaction, error) {
	return _SimpleAccount.Contract.UpgradeToAndCall(&_SimpleAccount.TransactOpts, newImplementation, data)
}

// UpgradeToAndCall is a paid mutator transaction binding the contract method 0x4f1ef286.
//
// Solidity: function upgradeToAndCall(address newImplementation, bytes data) payable returns()
func (_SimpleAccount *SimpleAccountTransactorSession) UpgradeToAndCall(newImplementation common.Address, data []byte) (*types.Transaction, error) {
	return _SimpleAccount.Contract.UpgradeToAndCall(&_SimpleAccount.TransactOpts, newImplementation, data)
}

// ValidateUserOp is a paid mutator transaction binding the contract method 0x3a871cdd.
//
// Solidity: function validateUserOp((address,uint256,bytes,bytes,uint256,uint256,uint256,uint256,uint256,bytes,bytes) userOp, bytes32 userOpHash, uint256 missingAccountFunds) returns(uint256 validationData)
func (_SimpleAccount *SimpleAccountTransactor) ValidateUserOp(opts *bind.TransactOpts, userOp UserOperation, userOpHash [32]byte, missingAccountFunds *big.Int) (*types.Transaction, error) {
	return _SimpleAccount.contract.Transact(opts, "validateUserOp", userOp, userOpHash, missingAccountFunds)
}

// ValidateUserOp is a paid mutator transaction binding the contract method 0x3a871cdd.
//
// Solidity: function validateUserOp((address,uint256,bytes,bytes,uint256,uint256,uint256,uint256,uint256,bytes,bytes) userOp, bytes32 userOpHash, uint256 missingAccountFunds) returns(uint256 validationData)
func (_SimpleAccount *SimpleAccountSession) ValidateUserOp(userOp UserOperation, userOpHash [32]byte, missingAccountFunds *big.Int) (*types.Transaction, error) {
	return _SimpleAccount.Contract.ValidateUserOp(&_SimpleAccount.TransactOpts, userOp, userOpHash, missingAccountFunds)
}

// ValidateUserOp is a paid mutator transaction binding the contract method 0x3a871cdd.
//
// Solidity: function validateUserOp((address,uint256,bytes,bytes,uint256,uint256,uint256,uint256,uint256,bytes,bytes) userOp, bytes32 userOpHash, uint256 missingAccountFunds) returns(uint256 validationData)
func (_SimpleAccount *SimpleAccountTransactorSession) ValidateUserOp(userOp UserOperation, userOpHash [32]byte, missingAccountFunds *big.Int) (*types.Transaction, error) {
	return _SimpleAccount.Contract.ValidateUserOp(&_SimpleAccount.TransactOpts, userOp, userOpHash, missingAccountFunds)
}

// WithdrawDepositTo is a paid mutator transaction binding the contract method 0x4d44560d.
//
// Solidity: function withdrawDepositTo(address withdrawAddress, uint256 amount) returns()
func (_SimpleAccount *SimpleAccountTransactor) WithdrawDepositTo(opts *bind.TransactOpts, withdrawAddress common.Address, amount *big.Int) (*types.Transaction, error) {
	return _SimpleAccount.contract.Transact(opts, "withdrawDepositTo", withdrawAddress, amount)
}

// WithdrawDepositTo is a paid mutator transaction binding the contract method 0x4d44560d.
//
// Solidity: function withdrawDepositTo(address withdrawAddress, uint256 amount) returns()
func (_SimpleAccount *SimpleAccountSession) WithdrawDepositTo(withdrawAddress common.Address, amount *big.Int) (*types.Transaction, error) {
	return _SimpleAccount.Contract.WithdrawDepositTo(&_SimpleAccount.TransactOpts, withdrawAddress, amount)
}

// WithdrawDepositTo is a paid mutator transaction binding the contract method 0x4d44560d.
//
// Solidity: function withdrawDepositTo(address withdrawAddress, uint256 amount) returns()
func (_SimpleAccount *SimpleAccountTransactorSession) WithdrawDepositTo(withdrawAddress common.Address, amount *big.Int) (*types.Transaction, error) {
	return _SimpleAccount.Contract.WithdrawDepositTo(&_SimpleAccount.TransactOpts, withdrawAddress, amount)
}

// Receive is a paid mutator transaction binding the contract receive function.
//
// Solidity: receive() payable returns()
func (_SimpleAccount *SimpleAccountTransactor) Receive(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _SimpleAccount.contract.RawTransact(opts, nil) // calldata is disallowed for receive function
}

// Receive is a paid mutator transaction binding the contract receive function.
//
// Solidity: receive() payable returns()
func (_SimpleAccount *SimpleAccountSession) Receive() (*types.Transaction, error) {
	return _SimpleAccount.Contract.Receive(&_SimpleAccount.TransactOpts)
}

// Receive is a paid mutator transaction binding the contract receive function.
//
// Solidity: receive() payable returns()
func (_SimpleAccount *SimpleAccountTransactorSession) Receive() (*types.Transaction, error) {
	return _SimpleAccount.Contract.Receive(&_SimpleAccount.TransactOpts)
}

// SimpleAccountAdminChangedIterator is returned from FilterAdminChanged and is used to iterate over the raw logs and unpacked data for AdminChanged events raised by the SimpleAccount contract.
type SimpleAccountAdminChangedIterator struct {
	Event *SimpleAccountAdminChanged // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *SimpleAccountAdminChangedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(SimpleAccountAdminChanged)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(SimpleAccountAdminChanged)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *SimpleAccountAdminChangedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *SimpleAccountAdminChangedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// SimpleAccountAdminChanged represents a AdminChanged event raised by the SimpleAccount contract.
type SimpleAccountAdminChanged struct {
	PreviousAdmin common.Address
	NewAdmin      common.Address
	Raw           types.Log // Blockchain specific contextual infos
}

// FilterAdminChanged is a free log retrieval operation binding the contract event 0x7e644d79422f17c01e4894b5f4f588d331ebfa28653d42ae832dc59e38c9798f.
//
// Solidity: event AdminChanged(address previousAdmin, address newAdmin)
func (_SimpleAccount *SimpleAccountFilterer) FilterAdminChanged(opts *bind.FilterOpts) (*SimpleAccountAdminChangedIterator, error) {

	logs, sub, err := _SimpleAccount.contract.FilterLogs(opts, "AdminChanged")
	if err != nil {
		return nil, err
	}
	return &SimpleAccountAdminChangedIterator{contract: _SimpleAccount.contract, event: "AdminChanged", logs: logs, sub: sub}, nil
}

// WatchAdminChanged is a free log subscription operation binding the contract event 0x7e644d79422f17c01e4894b5f4f588d331ebfa28653d42ae832dc59e38c9798f.
//
// Solidity: event AdminChanged(address previousAdmin, address newAdmin)
func (_SimpleAccount *SimpleAccountFilterer) WatchAdminChanged(opts *bind.WatchOpts, sink chan<- *SimpleAccountAdminChanged) (event.Subscription, error) {

	logs, sub, err := _SimpleAccount.contract.WatchLogs(opts, "AdminChanged")
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(SimpleAccountAdminChanged)
				if err := _SimpleAccount.contract.UnpackLog(event, "AdminChanged", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseAdminChanged is a log parse operation binding the contract event 0x7e644d79422f17c01e4894b5f4f588d331ebfa28653d42ae832dc59e38c9798f.
//
// Solidity: event AdminChanged(address previousAdmin, address newAdmin)
func (_SimpleAccount *SimpleAccountFilterer) ParseAdminChanged(log types.Log) (*SimpleAccountAdminChanged, error) {
	event := new(SimpleAccountAdminChanged)
	if err := _SimpleAccount.contract.UnpackLog(event, "AdminChanged", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// SimpleAccountBeaconUpgradedIterator is returned from FilterBeaconUpgraded and is used to iterate over the raw logs and unpacked data for BeaconUpgraded events raised by the SimpleAccount contract.
type SimpleAccountBeaconUpgradedIterator struct {
	Event *SimpleAccountBeaconUpgraded // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *SimpleAccountBeaconUpgradedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(SimpleAccountBeaconUpgraded)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(SimpleAccountBeaconUpgraded)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *SimpleAccountBeaconUpgradedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *SimpleAccountBeaconUpgradedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// SimpleAccountBeaconUpgraded represents a BeaconUpgraded event raised by the SimpleAccount contract.
type SimpleAccountBeaconUpgraded struct {
	Beacon common.Address
	Raw    types.Log // Blockchain specific contextual infos
}

// FilterBeaconUpgraded is a free log retrieval operation binding the contract event 0x1cf3b03a6cf19fa2baba4df148e9dcabedea7f8a5c07840e207e5c089be95d3e.
//
// Solidity: event BeaconUpgraded(address indexed beacon)
func (_SimpleAccount *SimpleAccountFilterer) FilterBeaconUpgraded(opts *bind.FilterOpts, beacon []common.Address) (*SimpleAccountBeaconUpgradedIterator, error) {

	var beaconRule []interface{}
	for _, beaconItem := range beacon {
		beaconRule = append(beaconRule, beaconItem)
	}

	logs, sub, err := _SimpleAccount.contract.FilterLogs(opts, "BeaconUpgraded", beaconRule)
	if err != nil {
		return nil, err
	}
	return &SimpleAccountBeaconUpgradedIterator{contract: _SimpleAccount.contract, event: "BeaconUpgraded", logs: logs, sub: sub}, nil
}

// WatchBeaconUpgraded is a free log subscription operation binding the contract event 0x1cf3b03a6cf19fa2baba4df148e9dcabedea7f8a5c07840e207e5c089be95d3e.
//
// Solidity: event BeaconUpgraded(address indexed beacon)
func (_SimpleAccount *SimpleAccountFilterer) WatchBeaconUpgraded(opts *bind.WatchOpts, sink chan<- *SimpleAccountBeaconUpgraded, beacon []common.Address) (event.Subscription, error) {

	var beaconRule []interface{}
	for _, beaconItem := range beacon {
		beaconRule = append(beaconRule, beaconItem)
	}

	logs, sub, err := _SimpleAccount.contract.WatchLogs(opts, "BeaconUpgraded", beaconRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(SimpleAccountBeaconUpgraded)
				if err := _SimpleAccount.contract.UnpackLog(event, "BeaconUpgraded", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseBeaconUpgraded is a log parse operation binding the contract event 0x1cf3b03a6cf19fa2baba4df148e9dcabedea7f8a5c07840e207e5c089be95d3e.
//
// Solidity: event BeaconUpgraded(address indexed beacon)
func (_SimpleAccount *SimpleAccountFilterer) ParseBeaconUpgraded(log types.Log) (*SimpleAccountBeaconUpgraded, error) {
	event := new(SimpleAccountBeaconUpgraded)
	if err := _SimpleAccount.contract.UnpackLog(event, "BeaconUpgraded", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// SimpleAccountInitializedIterator is returned from FilterInitialized and is used to iterate over the raw logs and unpacked data for Initialized events raised by the SimpleAccount contract.
type SimpleAccountInitializedIterator struct {
	Event *SimpleAccountInitialized // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *SimpleAccountInitializedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(SimpleAccountInitialized)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(SimpleAccountInitialized)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *SimpleAccountInitializedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *SimpleAccountInitializedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// SimpleAccountInitialized represents a Initialized event raised by the SimpleAccount contract.
type SimpleAccountInitialized struct {
	Version uint8
	Raw     types.Log // Blockchain specific contextual infos
}

// FilterInitialized is a free log retrieval operation binding the contract event 0x7f26b83ff96e1f2b6a682f133852f6798a09c465da95921460cefb3847402498.
//
// Solidity: event Initialized(uint8 version)
func (_SimpleAccount *SimpleAccountFilterer) FilterInitialized(opts *bind.FilterOpts) (*SimpleAccountInitializedIterator, error) {

	logs, sub, err := _SimpleAccount.contract.FilterLogs(opts, "Initialized")
	if err != nil {
		return nil, err
	}
	return &SimpleAccountInitializedIterator{contract: _SimpleAccount.contract, event: "Initialized", logs: logs, sub: sub}, nil
}

// WatchInitialized is a free log subscription operation binding the contract event 0x7f26b83ff96e1f2b6a682f133852f6798a09c465da95921460cefb3847402498.
//
// Solidity: event Initialized(uint8 version)
func (_SimpleAccount *SimpleAccountFilterer) WatchInitialized(opts *bind.WatchOpts, sink chan<- *SimpleAccountInitialized) (event.Subscription, error) {

	logs, sub, err := _SimpleAccount.contract.WatchLogs(opts, "Initialized")
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(SimpleAccountInitialized)
				if err := _SimpleAccount.contract.UnpackLog(event, "Initialized", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseInitialized is a log parse operation binding the contract event 0x7f26b83ff96e1f2b6a682f133852f6798a09c465da95921460cefb3847402498.
//
// Solidity: event Initialized(uint8 version)
func (_SimpleAccount *SimpleAccountFilterer) ParseInitialized(log types.Log) (*SimpleAccountInitialized, error) {
	event := new(SimpleAccountInitialized)
	if err := _SimpleAccount.contract.UnpackLog(event, "Initialized", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// SimpleAccountSimpleAccountInitializedIterator is returned from FilterSimpleAccountInitialized and is used to iterate over the raw logs and unpacked data for SimpleAccountInitialized events raised by the SimpleAccount contract.
type SimpleAccountSimpleAccountInitializedIterator struct {
	Event *SimpleAccountSimpleAccountInitialized // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *SimpleAccountSimpleAccountInitializedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(SimpleAccountSimpleAccountInitialized)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(SimpleAccountSimpleAccountInitialized)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *SimpleAccountSimpleAccountInitializedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *SimpleAccountSimpleAccountInitializedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// SimpleAccountSimpleAccountInitialized represents a SimpleAccountInitialized event raised by the SimpleAccount contract.
type SimpleAccountSimpleAccountInitialized struct {
	EntryPoint common.Address
	Owner      common.Address
	Raw        types.Log // Blockchain specific contextual infos
}

// FilterSimpleAccountInitialized is a free log retrieval operation binding the contract event 0x47e55c76e7a6f1fd8996a1da8008c1ea29699cca35e7bcd057f2dec313b6e5de.
//
// Solidity: event SimpleAccountInitialized(address indexed entryPoint, address indexed owner)
func (_SimpleAccount *SimpleAccountFilterer) FilterSimpleAccountInitialized(opts *bind.FilterOpts, entryPoint []common.Address, owner []common.Address) (*SimpleAccountSimpleAccountInitializedIterator, error) {

	var entryPointRule []interface{}
	for _, entryPointItem := range entryPoint {
		entryPointRule = append(entryPointRule, entryPointItem)
	}
	var ownerRule []interface{}
	for _, ownerItem := range owner {
		ownerRule = append(ownerRule, ownerItem)
	}

	logs, sub, err := _SimpleAccount.contract.FilterLogs(opts, "SimpleAccountInitialized", entryPointRule, ownerRule)
	if err != nil {
		return nil, err
	}
	return &SimpleAccountSimpleAccountInitializedIterator{contract: _SimpleAccount.contract, event: "SimpleAccountInitialized", logs: logs, sub: sub}, nil
}

// WatchSimpleAccountInitialized is a free log subscription operation binding the contract event 0x47e55c76e7a6f1fd8996a1da8008c1ea29699cca35e7bcd057f2dec313b6e5de.
//
// Solidity: event SimpleAccountInitialized(address indexed entryPoint, address indexed owner)
func (_SimpleAccount *SimpleAccountFilterer) WatchSimpleAccountInitialized(opts *bind.WatchOpts, sink chan<- *SimpleAccountSimpleAccountInitialized, entryPoint []common.Address, owner []common.Address) (event.Subscription, error) {

	var entryPointRule []interface{}
	for _, entryPointItem := range entryPoint {
		entryPointRule = append(entryPointRule, entryPointItem)
	}
	var ownerRule []interface{}
	for _, ownerItem := range owner {
		ownerRule = append(ownerRule, ownerItem)
	}

	logs, sub, err := _SimpleAccount.contract.WatchLogs(opts, "SimpleAccountInitialized", entryPointRule, ownerRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(SimpleAccountSimpleAccountInitialized)
				if err := _SimpleAccount.contract.UnpackLog(event, "SimpleAccountInitialized", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseSimpleAccountInitialized is a log parse operation binding the contract event 0x47e55c76e7a6f1fd8996a1da8008c1ea29699cca35e7bcd057f2dec313b6e5de.
//
// Solidity: event SimpleAccountInitialized(address indexed entryPoint, address indexed owner)
func (_SimpleAccount *SimpleAccountFilterer) ParseSimpleAccountInitialized(log types.Log) (*SimpleAccountSimpleAccountInitialized, error) {
	event := new(SimpleAccountSimpleAccountInitialized)
	if err := _SimpleAccount.contract.UnpackLog(event, "SimpleAccountInitialized", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// SimpleAccountUpgradedIterator is returned from FilterUpgraded and is used to iterate over the raw logs and unpacked data for Upgraded events raised by the SimpleAccount contract.
type SimpleAccountUpgradedIterator struct {
	Event *SimpleAccountUpgraded // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *SimpleAccountUpgradedIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(SimpleAccountUpgraded)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(SimpleAccountUpgraded)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *SimpleAccountUpgradedIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *SimpleAccountUpgradedIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// SimpleAccountUpgraded represents a Upgraded event raised by the SimpleAccount contract.
type SimpleAccountUpgraded struct {
	Implementation common.Address
	Raw            types.Log // Blockchain specific contextual infos
}

// FilterUpgraded is a free log retrieval operation binding the contract event 0xbc7cd75a20ee27fd9adebab32041f755214dbc6bffa90cc0225b39da2e5c2d3b.
//
// Solidity: event Upgraded(address indexed implementation)
func (_SimpleAccount *SimpleAccountFilterer) FilterUpgraded(opts *bind.FilterOpts, implementation []common.Address) (*SimpleAccountUpgradedIterator, error) {

	var implementationRule []interface{}
	for _, implementationItem := range implementation {
		implementationRule = append(implementationRule, implementationItem)
	}

	logs, sub, err := _SimpleAccount.contract.FilterLogs(opts, "Upgraded", implementationRule)
	if err != nil {
		return nil, err
	}
	return &SimpleAccountUpgradedIterator{contract: _SimpleAccount.contract, event: "Upgraded", logs: logs, sub: sub}, nil
}

// WatchUpgraded is a free log subscription operation binding the contract event 0xbc7cd75a20ee27fd9adebab32041f755214dbc6bffa90cc0225b39da2e5c2d3b.
//
// Solidity: event Upgraded(address indexed implementation)
func (_SimpleAccount *SimpleAccountFilterer) WatchUpgraded(opts *bind.WatchOpts, sink chan<- *SimpleAccountUpgraded, implementation []common.Address) (event.Subscription, error) {

	var implementationRule []interface{}
	for _, implementationItem := range implementation {
		implementationRule = append(implementationRule, implementationItem)
	}

	logs, sub, err := _SimpleAccount.contract.WatchLogs(opts, "Upgraded", implementationRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(SimpleAccountUpgraded)
				if err := _SimpleAccount.contract.UnpackLog(event, "Upgraded", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseUpgraded is a log parse operation binding the contract event 0xbc7cd75a20ee27fd9adebab32041f755214dbc6bffa90cc0225b39da2e5c2d3b.
//
// Solidity: event Upgraded(address indexed implementation)
func (_SimpleAccount *SimpleAccountFilterer) ParseUpgraded(log types.Log) (*SimpleAccountUpgraded, error) {
	event := new(SimpleAccountUpgraded)
	if err := _SimpleAccount.contract.UnpackLog(event, "Upgraded", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}

// SimpleAccountFactoryMetaData contains all meta data concerning the SimpleAccountFactory contract.
var SimpleAccountFactoryMetaData = &bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"contractIEntryPoint\",\"name\":\"_entryPoint\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[],\"name\":\"accountImplementation\",\"outputs\":[{\"internalType\":\"contractSimpleAccount\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"salt\",\"type\":\"uint256\"}],\"name\":\"createAccount\",\"outputs\":[{\"internalType\":\"contractSimpleAccount\",\"name\":\"ret\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"salt\",\"type\":\"uint256\"}],\"name\":\"getAddress\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"}]",
	Sigs: map[string]string{
		"11464fbe": "accountImplementation()",
		"5fbfb9cf": "createAccount(address,uint256)",
		"8cb84e18": "getAddress(address,uint256)",
	},
	Bin: "0x60a060405234801561001057600080fd5b5060405161330c38038061330c83398101604081905261002f91610088565b8060405161003c9061007b565b6001600160a01b039091168152602001604051809103906000f080158015610068573d6000803e3d6000fd5b506001600160a01b0316608052506100b8565b6125a680610d6683390190565b60006020828403121561009a57600080fd5b81516001600160a01b03811681146100b157600080fd5b9392505050565b608051610c866100e060003960008181604b0152818161011401526102580152610c866000f3fe608060405234801561001057600080fd5b50600436106100415760003560e01c806311464fbe146100465780635fbfb9cf146100965780638cb84e18146100a9575b600080fd5b61006d7f000000000000000000000000000000000000000000000000000000000000000081565b60405173ffffffffffffffffffffffffffffffffffffffff909116815260200160405180910390f35b61006d6100a436600461039d565b6100bc565b61006d6100b736600461039d565b6101ee565b6000806100c984846101ee565b905073ffffffffffffffffffffffffffffffffffffffff81163b80156100f1575090506101e8565b60405173ffffffffffffffffffffffffffffffffffffffff8616602482015284907f000000000000000000000000000000000000000000000000000000000000000090604401604080517fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe08184030181529181526020820180517bffffffffffffffffffffffffffffffffffffffffffffffffffffffff167fc4d66de800000000000000000000000000000000000000000000000000000000179052516101b790610390565b6101c2929190610406565b8190604051809103906000f59050801580156101e2573d6000803e3d6000fd5b50925050505b92915050565b60006103578260001b6040518060200161020790610390565b7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe082820381018352601f90910116604081905273ffffffffffffffffffffffffffffffffffffffff871660248201527f000000000000000000000000000000000000000000000000000000000000000090604401604080517fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0818403018152918152602080830180517bffffffffffffffffffffffffffffffffffffffffffffffffffffffff167fc4d66de800000000000000000000000000000000000000000000000000000000179052905161030093929101610406565b604080517fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe08184030181529082905261033c9291602001610474565b6040516020818303038152906040528051906020012061035e565b9392505050565b60006103578383306000604051836040820152846020820152828152600b8101905060ff815360559020949350505050565b6107ad806104a483390190565b600080604083850312156103b057600080fd5b823573ffffffffffffffffffffffffffffffffffffffff811681146103d457600080fd5b946020939093013593505050565b60005b838110156103fd5781810151838201526020016103e5565b50506000910152565b73ffffffffffffffffffffffffffffffffffffffff8316815260406020820152600082518060408401526104418160608501602087016103e2565b601f017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe016919091016060019392505050565b600083516104868184602088016103e2565b83519083019061049a8183602088016103e2565b0194935050505056fe60806040526040516107ad3803806107ad83398101604081905261002291610319565b61002e82826000610035565b5050610436565b61003e8361006b565b60008251118061004b5750805b156100665761006483836100ab60201b6100291760201c565b505b505050565b610074816100d7565b6040516001600160a01b038216907fbc7cd75a20ee27fd9adebab32041f755214dbc6bffa90cc0225b39da2e5c2d3b90600090a250565b60606100d08383604051806060016040528060278152602001610786602791396101a9565b9392505050565b6100ea8161022260201b6100551760201c565b6101515760405162461bcd60e51b815260206004820152602d60248201527f455243313936373a206e657720696d706c656d656e746174696f6e206973206e60448201526c1bdd08184818dbdb9d1c9858dd609a1b60648201526084015b60405180910390fd5b806101887f360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc60001b61023160201b6100711760201c565b80546001600160a01b0319166001600160a01b039290921691909117905550565b6060600080856001600160a01b0316856040516101c691906103e7565b600060405180830381855af49150503d8060008114610201576040519150601f19603f3d011682016040523d82523d6000602084013e610206565b606091505b50909250905061021886838387610234565b9695505050505050565b6001600160a01b03163b151590565b90565b606083156102a357825160000361029c576001600160a01b0385163b61029c5760405162461bcd60e51b815260206004820152601d60248201527f416464726573733a2063616c6c20746f206e6f6e2d636f6e74726163740000006044820152606401610148565b50816102ad565b6102ad83836102b5565b949350505050565b8151156102c55781518083602001fd5b8060405162461bcd60e51b81526004016101489190610403565b634e487b7160e01b600052604160045260246000fd5b60005b838110156103105781810151838201526020016102f8565b50506000910152565b6000806040838503121561032c57600080fd5b82516001600160a01b038116811461034357600080fd5b60208401519092506001600160401b038082111561036057600080fd5b818501915085601f83011261037457600080fd5b815181811115610386576103866102df565b604051601f8201601f19908116603f011681019083821181831017156103ae576103ae6102df565b816040528281528860208487010111156103c757600080fd5b6103d88360208301602088016102f5565b80955050505050509250929050565b600082516103f98184602087016102f5565b9190910192915050565b60208152600082518060208401526104228160408501602087016102f5565b601f01601f19169190910160400192915050565b610341806104456000396000f3fe60806040523661001357610011610017565b005b6100115b610027610022610074565b6100b9565b565b606061004e83836040518060600160405280602781526020016102e5602791396100dd565b9392505050565b73ffffffffffffffffffffffffffffffffffffffff163b151590565b90565b60006100b47f360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc5473ffffffffffffffffffffffffffffffffffffffff1690565b905090565b3660008037600080366000845af43d6000803e8080156100d8573d6000f35b3d6000fd5b60606000808573ffffffffffffffffffffffffffffffffffffffff16856040516101079190610277565b600060405180830381855af49150503d8060008114610142576040519150601f19603f3d011682016040523d82523d6000602084013e610147565b606091505b509150915061015886838387610162565b9695505050505050565b606083156101fd5782516000036101f65773ffffffffffffffffffffffffffffffffffffffff85163b6101f6576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601d60248201527f416464726573733a2063616c6c20746f206e6f6e2d636f6e747261637400000060448201526064015b60405180910390fd5b5081610207565b610207838361020f565b949350505050565b81511561021f5781518083602001fd5b806040517f08c379a00000000000000000000000000000000000000000000000000000000081526004016101ed9190610293565b60005b8381101561026e578181015183820152602001610256565b50506000910152565b60008251610289818460208701610253565b9190910192915050565b60208152600082518060208401526102b2816040850160208701610253565b601f017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe016919091016040019291505056fe416464726573733a206c6f772d6c6576656c2064656c65676174652063616c6c206661696c6564a2646970667358221220386e2cd9278e9d15b0eb9682ef3438cc4f47a346f2fc7cfeb61ff7167877295964736f6c63430008110033416464726573733a206c6f772d6c6576656c2064656c65676174652063616c6c206661696c6564a2646970667358221220e8c2a6cf24d165ca0322b95035b345b0f55512f8563363722905b310d601565364736f6c6343000811003360c0604052306080523480156200001557600080fd5b50604051620025a6380380620025a6833981016040819052620000389162000117565b6001600160a01b03811660a0526200004f62000056565b5062000149565b600054610100900460ff1615620000c35760405162461bcd60e51b815260206004820152602760248201527f496e697469616c697a61626c653a20636f6e747261637420697320696e697469604482015266616c697a696e6760c81b606482015260840160405180910390fd5b60005460ff9081161462000115576000805460ff191660ff9081179091556040519081527f7f26b83ff96e1f2b6a682f133852f6798a09c465da95921460cefb38474024989060200160405180910390a15b565b6000602082840312156200012a57600080fd5b81516001600160a01b03811681146200014257600080fd5b9392505050565b60805160a0516123ea620001bc6000396000818161032f015281816108810152818161092801528181610d4c01528181610f9d01528181610fe40152818161133601526115c801526000818161066b0152818161071b015281816109ec01528181610a9c0152610be501526123ea6000f3fe60806040526004361061012c5760003560e01c806352d1902d116100a5578063bc197c8111610074578063c4d66de811610059578063c4d66de8146103d0578063d087d288146103f0578063f23a6e611461040557600080fd5b8063bc197c8114610373578063c399ec88146103bb57600080fd5b806352d1902d146102b35780638da5cb5b146102c8578063b0d691fe14610320578063b61d27f61461035357600080fd5b80633659cfe6116100fc5780634a58db19116100e15780634a58db19146102785780634d44560d146102805780634f1ef286146102a057600080fd5b80633659cfe61461022a5780633a871cdd1461024a57600080fd5b806223de291461013857806301ffc9a71461015f578063150b7a021461019457806318dfb3c71461020a57600080fd5b3661013357005b600080fd5b34801561014457600080fd5b5061015d610153366004611c92565b5050505050505050565b005b34801561016b57600080fd5b5061017f61017a366004611d43565b61044b565b60405190151581526020015b60405180910390f35b3480156101a057600080fd5b506101d96101af366004611d85565b7f150b7a020000000000000000000000000000000000000000000000000000000095945050505050565b6040517fffffffff00000000000000000000000000000000000000000000000000000000909116815260200161018b565b34801561021657600080fd5b5061015d610225366004611e3d565b610530565b34801561023657600080fd5b5061015d610245366004611ea9565b610654565b34801561025657600080fd5b5061026a610265366004611ec6565b610859565b60405190815260200161018b565b61015d61087f565b34801561028c57600080fd5b5061015d61029b366004611f1a565b61091e565b61015d6102ae366004611f75565b6109d5565b3480156102bf57600080fd5b5061026a610bcb565b3480156102d457600080fd5b506000546102fb9062010000900473ffffffffffffffffffffffffffffffffffffffff1681565b60405173ffffffffffffffffffffffffffffffffffffffff909116815260200161018b565b34801561032c57600080fd5b507f00000000000000000000000000000000000000000000000000000000000000006102fb565b34801561035f57600080fd5b5061015d61036e366004612057565b610cb7565b34801561037f57600080fd5b506101d961038e3660046120a7565b7fbc197c810000000000000000000000000000000000000000000000000000000098975050505050505050565b3480156103c757600080fd5b5061026a610d06565b3480156103dc57600080fd5b5061015d6103eb366004611ea9565b610dbd565b3480156103fc57600080fd5b5061026a610f50565b34801561041157600080fd5b506101d9610420366004612145565b7ff23a6e61000000000000000000000000000000000000000000000000000000009695505050505050565b60007fffffffff0000000000000000000000000000000000000000000000000000000082167f150b7a020000000000000000000000000000000000000000000000000000000014806104de57507fffffffff0000000000000000000000000000000000000000000000000000000082167f4e2312e000000000000000000000000000000000000000000000000000000000145b8061052a57507fffffffff0000000000000000000000000000000000000000000000000000000082167f01ffc9a700000000000000000000000000000000000000000000000000000000145b92915050565b610538610fcc565b8281146105a6576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601360248201527f77726f6e67206172726179206c656e677468730000000000000000000000000060448201526064015b60405180910390fd5b60005b8381101561064d5761063b8585838181106105c6576105c66121c1565b90506020020160208101906105db9190611ea9565b60008585858181106105ef576105ef6121c1565b905060200281019061060191906121f0565b8080601f01602080910402602001604051908101604052809392919081815260200183838082843760009201919091525061109592505050565b8061064581612255565b9150506105a9565b5050505050565b73ffffffffffffffffffffffffffffffffffffffff7f0000000000000000000000000000000000000000000000000000000000000000163003610719576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152602c60248201527f46756e6374696f6e206d7573742062652063616c6c6564207468726f7567682060448201527f64656c656761746563616c6c0000000000000000000000000000000000000000606482015260840161059d565b7f000000000000000000000000000000000000000000000000000000000000000073ffffffffffffffffffffffffffffffffffffffff1661078e7f360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc5473ffffffffffffffffffffffffffffffffffffffff1690565b73ffffffffffffffffffffffffffffffffffffffff1614610831576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152602c60248201527f46756e6374696f6e206d7573742062652063616c6c6564207468726f7567682060448201527f6163746976652070726f78790000000000000000000000000000000000000000606482015260840161059d565b61083a81611112565b604080516000808252602082019092526108569183919061111a565b50565b600061086361131e565b61086d84846113bd565b905061087882611476565b9392505050565b7f00000000000000000000000000000000000000000000000000000000000000006040517fb760faf900000000000000000000000000000000000000000000000000000000815230600482015273ffffffffffffffffffffffffffffffffffffffff919091169063b760faf99034906024016000604051808303818588803b15801561090a57600080fd5b505af115801561064d573d6000803e3d6000fd5b6109266114e1565b7f00000000000000000000000000000000000000000000000000000000000000006040517f205c287800000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff848116600483015260248201849052919091169063205c287890604401600060405180830381600087803b1580156109b957600080fd5b505af11580156109cd573d6000803e3d6000fd5b505050505050565b73ffffffffffffffffffffffffffffffffffffffff7f0000000000000000000000000000000000000000000000000000000000000000163003610a9a576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152602c60248201527f46756e6374696f6e206d7573742062652063616c6c6564207468726f7567682060448201527f64656c656761746563616c6c0000000000000000000000000000000000000000606482015260840161059d565b7f000000000000000000000000000000000000000000000000000000000000000073ffffffffffffffffffffffffffffffffffffffff16610b0f7f360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc5473ffffffffffffffffffffffffffffffffffffffff1690565b73ffffffffffffffffffffffffffffffffffffffff1614610bb2576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152602c60248201527f46756e6374696f6e206d7573742062652063616c6c6564207468726f7567682060448201527f6163746976652070726f78790000000000000000000000000000000000000000606482015260840161059d565b610bbb82611112565b610bc78282600161111a565b5050565b60003073ffffffffffffffffffffffffffffffffffffffff7f00000000000000000000000000000000000000000000000000000000000000001614610c92576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152603860248201527f555550535570677261646561626c653a206d757374206e6f742062652063616c60448201527f6c6564207468726f7567682064656c656761746563616c6c0000000000000000606482015260840161059d565b507f360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc90565b610cbf610fcc565b610d00848484848080601f01602080910402602001604051908101604052809392919081815260200183838082843760009201919091525061109592505050565b50505050565b6040517f70a0823100000000000000000000000000000000000000000000000000000000815230600482015260009073ffffffffffffffffffffffffffffffffffffffff7f000000000000000000000000000000000000000000000000000000000000000016906370a08231906024015b602060405180830381865afa158015610d94573d6000803e3d6000fd5b505050506040513d601f19601f82011682018060405250810190610db891906122b4565b905090565b600054610100900460ff1615808015610ddd5750600054600160ff909116105b80610df75750303b158015610df7575060005460ff166001145b610e83576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152602e60248201527f496e697469616c697a61626c653a20636f6e747261637420697320616c72656160448201527f647920696e697469616c697a6564000000000000000000000000000000000000606482015260840161059d565b600080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff001660011790558015610ee157600080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00ff166101001790555b610eea82611572565b8015610bc757600080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00ff169055604051600181527f7f26b83ff96e1f2b6a682f133852f6798a09c465da95921460cefb38474024989060200160405180910390a15050565b6040517f35567e1a0000000000000000000000000000000000000000000000000000000081523060048201526000602482018190529073ffffffffffffffffffffffffffffffffffffffff7f000000000000000000000000000000000000000000000000000000000000000016906335567e1a90604401610d77565b3373ffffffffffffffffffffffffffffffffffffffff7f000000000000000000000000000000000000000000000000000000000000000016148061102d575060005462010000900473ffffffffffffffffffffffffffffffffffffffff1633145b611093576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820181905260248201527f6163636f756e743a206e6f74204f776e6572206f7220456e747279506f696e74604482015260640161059d565b565b6000808473ffffffffffffffffffffffffffffffffffffffff1684846040516110be91906122f1565b60006040518083038185875af1925050503d80600081146110fb576040519150601f19603f3d011682016040523d82523d6000602084013e611100565b606091505b50915091508161064d57805160208201fd5b6108566114e1565b7f4910fdfa16fed3260ed0e7147f7cc6da11a60208b5b9406d12a635614ffd91435460ff16156111525761114d83611611565b505050565b8273ffffffffffffffffffffffffffffffffffffffff166352d1902d6040518163ffffffff1660e01b8152600401602060405180830381865afa9250505080156111d7575060408051601f3d9081017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe01682019092526111d4918101906122b4565b60015b611263576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152602e60248201527f45524331393637557067726164653a206e657720696d706c656d656e7461746960448201527f6f6e206973206e6f742055555053000000000000000000000000000000000000606482015260840161059d565b7f360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc8114611312576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152602960248201527f45524331393637557067726164653a20756e737570706f727465642070726f7860448201527f6961626c65555549440000000000000000000000000000000000000000000000606482015260840161059d565b5061114d83838361171b565b3373ffffffffffffffffffffffffffffffffffffffff7f00000000000000000000000000000000000000000000000000000000000000001614611093576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601c60248201527f6163636f756e743a206e6f742066726f6d20456e747279506f696e7400000000604482015260640161059d565b7f19457468657265756d205369676e6564204d6573736167653a0a3332000000006000908152601c829052603c812061143a6113fd6101408601866121f0565b8080601f01602080910402602001604051908101604052809392919081815260200183838082843760009201919091525085939250506117409050565b60005462010000900473ffffffffffffffffffffffffffffffffffffffff90811691161461146c57600191505061052a565b5060009392505050565b80156108565760405160009033907fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff90849084818181858888f193505050503d806000811461064d576040519150601f19603f3d011682016040523d82523d6000602084013e61064d565b60005462010000900473ffffffffffffffffffffffffffffffffffffffff1633148061150c57503330145b611093576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152600a60248201527f6f6e6c79206f776e657200000000000000000000000000000000000000000000604482015260640161059d565b600080547fffffffffffffffffffff0000000000000000000000000000000000000000ffff166201000073ffffffffffffffffffffffffffffffffffffffff8481168202929092178084556040519190048216927f0000000000000000000000000000000000000000000000000000000000000000909216917f47e55c76e7a6f1fd8996a1da8008c1ea29699cca35e7bcd057f2dec313b6e5de91a350565b73ffffffffffffffffffffffffffffffffffffffff81163b6116b5576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152602d60248201527f455243313936373a206e657720696d706c656d656e746174696f6e206973206e60448201527f6f74206120636f6e747261637400000000000000000000000000000000000000606482015260840161059d565b7f360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc80547fffffffffffffffffffffffff00000000000000000000000000000000000000001673ffffffffffffffffffffffffffffffffffffffff92909216919091179055565b61172483611764565b6000825111806117315750805b1561114d57610d0083836117b1565b600080600061174f85856117d6565b9150915061175c8161181b565b509392505050565b61176d81611611565b60405173ffffffffffffffffffffffffffffffffffffffff8216907fbc7cd75a20ee27fd9adebab32041f755214dbc6bffa90cc0225b39da2e5c2d3b90600090a250565b6060610878838360405180606001604052806027815260200161238e602791396119ce565b600080825160410361180c5760208301516040840151606085015160001a61180087828585611a53565b94509450505050611814565b506000905060025b9250929050565b600081600481111561182f5761182f61230d565b036118375750565b600181600481111561184b5761184b61230d565b036118b2576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601860248201527f45434453413a20696e76616c6964207369676e61747572650000000000000000604482015260640161059d565b60028160048111156118c6576118c661230d565b0361192d576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601f60248201527f45434453413a20696e76616c6964207369676e6174757265206c656e67746800604482015260640161059d565b60038160048111156119415761194161230d565b03610856576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152602260248201527f45434453413a20696e76616c6964207369676e6174757265202773272076616c60448201527f7565000000000000000000000000000000000000000000000000000000000000606482015260840161059d565b60606000808573ffffffffffffffffffffffffffffffffffffffff16856040516119f891906122f1565b600060405180830381855af49150503d8060008114611a33576040519150601f19603f3d011682016040523d82523d6000602084013e611a38565b606091505b5091509150611a4986838387611b42565b9695505050505050565b6000807f7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0831115611a8a5750600090506003611b39565b6040805160008082526020820180845289905260ff881692820192909252606081018690526080810185905260019060a0016020604051602081039080840390855afa158015611ade573d6000803e3d6000fd5b50506040517fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0015191505073ffffffffffffffffffffffffffffffffffffffff8116611b3257600060019250925050611b39565b9150600090505b94509492505050565b60608315611bd8578251600003611bd15773ffffffffffffffffffffffffffffffffffffffff85163b611bd1576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601d60248201527f416464726573733a2063616c6c20746f206e6f6e2d636f6e7472616374000000604482015260640161059d565b5081611be2565b611be28383611bea565b949350505050565b815115611bfa5781518083602001fd5b806040517f08c379a000000000000000000000000000000000000000000000000000000000815260040161059d919061233c565b73ffffffffffffffffffffffffffffffffffffffff8116811461085657600080fd5b60008083601f840112611c6257600080fd5b50813567ffffffffffffffff811115611c7a57600080fd5b60208301915083602082850101111561181457600080fd5b60008060008060008060008060c0898b031215611cae57600080fd5b8835611cb981611c2e565b97506020890135611cc981611c2e565b96506040890135611cd981611c2e565b955060608901359450608089013567ffffffffffffffff80821115611cfd57600080fd5b611d098c838d01611c50565b909650945060a08b0135915080821115611d2257600080fd5b50611d2f8b828c01611c50565b999c989b5096995094979396929594505050565b600060208284031215611d5557600080fd5b81357fffffffff000000000000000000000000000000000000000000000000000000008116811461087857600080fd5b600080600080600060808688031215611d9d57600080fd5b8535611da881611c2e565b94506020860135611db881611c2e565b935060408601359250606086013567ffffffffffffffff811115611ddb57600080fd5b611de788828901611c50565b969995985093965092949392505050565b60008083601f840112611e0a57600080fd5b50813567ffffffffffffffff811115611e2257600080fd5b6020830191508360208260051b850101111561181457600080fd5b60008060008060408587031215611e5357600080fd5b843567ffffffffffffffff80821115611e6b57600080fd5b611e7788838901611df8565b90965094506020870135915080821115611e9057600080fd5b50611e9d87828801611df8565b95989497509550505050565b600060208284031215611ebb57600080fd5b813561087881611c2e565b600080600060608486031215611edb57600080fd5b833567ffffffffffffffff811115611ef257600080fd5b84016101608187031215611f0557600080fd5b95602085013595506040909401359392505050565b60008060408385031215611f2d57600080fd5b8235611f3881611c2e565b946020939093013593505050565b7f4e487b7100000000000000000000000000000000000000000000000000000000600052604160045260246000fd5b60008060408385031215611f8857600080fd5b8235611f9381611c2e565b9150602083013567ffffffffffffffff80821115611fb057600080fd5b818501915085601f830112611fc457600080fd5b813581811115611fd657611fd6611f46565b604051601f82017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0908116603f0116810190838211818310171561201c5761201c611f46565b8160405282815288602084870101111561203557600080fd5b8260208601602083013760006020848301015280955050505050509250929050565b6000806000806060858703121561206d57600080fd5b843561207881611c2e565b935060208501359250604085013567ffffffffffffffff81111561209b57600080fd5b611e9d87828801611c50565b60008060008060008060008060a0898b0312156120c357600080fd5b88356120ce81611c2e565b975060208901356120de81611c2e565b9650604089013567ffffffffffffffff808211156120fb57600080fd5b6121078c838d01611df8565b909850965060608b013591508082111561212057600080fd5b61212c8c838d01611df8565b909650945060808b0135915080821115611d2257600080fd5b60008060008060008060a0878903121561215e57600080fd5b863561216981611c2e565b9550602087013561217981611c2e565b94506040870135935060608701359250608087013567ffffffffffffffff8111156121a357600080fd5b6121af89828a01611c50565b979a9699509497509295939492505050565b7f4e487b7100000000000000000000000000000000000000000000000000000000600052603260045260246000fd5b60008083357fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe184360301811261222557600080fd5b83018035915067ffffffffffffffff82111561224057600080fd5b60200191503681900382131561181457600080fd5b60007fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff82036122ad577f4e487b7100000000000000000000000000000000000000000000000000000000600052601160045260246000fd5b5060010190565b6000602082840312156122c657600080fd5b5051919050565b60005b838110156122e85781810151838201526020016122d0565b50506000910152565b600082516123038184602087016122cd565b9190910192915050565b7f4e487b7100000000000000000000000000000000000000000000000000000000600052602160045260246000fd5b602081526000825180602084015261235b8160408501602087016122cd565b601f017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe016919091016040019291505056fe416464726573733a206c6f772d6c6576656c2064656c65676174652063616c6c206661696c6564a2646970667358221220b0528fdd5dbda61511146829dc0c7d604bc59526038dbcad46b8470221d24a7c64736f6c63430008110033",
}

// SimpleAccountFactoryABI is the input ABI used to generate the binding from.
// Deprecated: Use SimpleAccountFactoryMetaData.ABI instead.
var SimpleAccountFactoryABI = SimpleAccountFactoryMetaData.ABI

// Deprecated: Use SimpleAccountFactoryMetaData.Sigs instead.
// SimpleAccountFactoryFuncSigs maps the 4-byte function signature to its string representation.
var SimpleAccountFactoryFuncSigs = SimpleAccountFactoryMetaData.Sigs

// SimpleAccountFactoryBin is the compiled bytecode used for deploying new contracts.
// Deprecated: Use SimpleAccountFactoryMetaData.Bin instead.
var SimpleAccountFactoryBin = SimpleAccountFactoryMetaData.Bin

// DeploySimpleAccountFactory deploys a new Ethereum contract, binding an instance of SimpleAccountFactory to it.
func DeploySimpleAccountFactory(auth *bind.TransactOpts, backend bind.ContractBackend, _entryPoint common.Address) (common.Address, *types.Transaction, *SimpleAccountFactory, error) {
	parsed, err := SimpleAccountFactoryMetaData.GetAbi()
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	if parsed == nil {
		return common.Address{}, nil, nil, errors.New("GetABI returned nil")
	}

	address, tx, contract, err := bind.DeployContract(auth, *parsed, common.FromHex(SimpleAccountFactoryBin), backend, _entryPoint)
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	return address, tx, &SimpleAccountFactory{SimpleAccountFactoryCaller: SimpleAccountFactoryCaller{contract: contract}, SimpleAccountFactoryTransactor: SimpleAccountFactoryTransactor{contract: contract}, SimpleAccountFactoryFilterer: SimpleAccountFactoryFilterer{contract: contract}}, nil
}

// SimpleAccountFactory is an auto generated Go binding around an Ethereum contract.
type SimpleAccountFactory struct {
	SimpleAccountFactoryCaller     // Read-only binding to the contract
	SimpleAccountFactoryTransactor // Write-only binding to the contract
	SimpleAccountFactoryFilterer   // Log filterer for contract events
}

// SimpleAccountFactoryCaller is an auto generated read-only Go binding around an Ethereum contract.
type SimpleAccountFactoryCaller struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// SimpleAccountFactoryTransactor is an auto generated write-only Go binding around an Ethereum contract.
type SimpleAccountFactoryTransactor struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// SimpleAccountFactoryFilterer is an auto generated log filtering Go binding around an Ethereum contract events.
type SimpleAccountFactoryFilterer struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// SimpleAccountFactorySession is an auto generated Go binding around an Ethereum contract,
// with pre-set call and transact options.
type SimpleAccountFactorySession struct {
	Contract     *SimpleAccountFactory // Generic contract binding to set the session for
	CallOpts     bind.CallOpts         // Call options to use throughout this session
	TransactOpts bind.TransactOpts     // Transaction auth options to use throughout this session
}

// SimpleAccountFactoryCallerSession is an auto generated read-only Go binding around an Ethereum contract,
// with pre-set call options.
type SimpleAccountFactoryCallerSession struct {
	Contract *SimpleAccountFactoryCaller // Generic contract caller binding to set the session for
	CallOpts bind.CallOpts               // Call options to use throughout this session
}

// SimpleAccountFactoryTransactorSession is an auto generated write-only Go binding around an Ethereum contract,
// with pre-set transact options.
type SimpleAccountFactoryTransactorSession struct {
	Contract     *SimpleAccountFactoryTransactor // Generic contract transactor binding to set the session for
	TransactOpts bind.TransactOpts               // Transaction auth options to use throughout this session
}

// SimpleAccountFactoryRaw is an auto generated low-level Go binding around an Ethereum contract.
type SimpleAccountFactoryRaw struct {
	Contract *SimpleAccountFactory // Generic contract binding to access the raw methods on
}

// SimpleAccountFactoryCallerRaw is an auto generated low-level read-only Go binding around an Ethereum contract.
type SimpleAccountFactoryCallerRaw struct {
	Contract *SimpleAccountFactoryCaller // Generic read-only contract binding to access the raw methods on
}

// SimpleAccountFactoryTransactorRaw is an auto generated low-level write-only Go binding around an Ethereum contract.
type SimpleAccountFactoryTransactorRaw struct {
	Contract *SimpleAccountFactoryTransactor // Generic write-only contract binding to access the raw methods on
}

// NewSimpleAccountFactory creates a new instance of SimpleAccountFactory, bound to a specific deployed contract.
func NewSimpleAccountFactory(address common.Address, backend bind.ContractBackend) (*SimpleAccountFactory, error) {
	contract, err := bindSimpleAccountFactory(address, backend, backend, backend)
	if err != nil {
		return nil, err
	}
	return &SimpleAccountFactory{SimpleAccountFactoryCaller: SimpleAccountFactoryCaller{contract: contract}, SimpleAccountFactoryTransactor: SimpleAccountFactoryTransactor{contract: contract}, SimpleAccountFactoryFilterer: SimpleAccountFactoryFilterer{contract: contract}}, nil
}

// NewSimpleAccountFactoryCaller creates a new read-only instance of SimpleAccountFactory, bound to a specific deployed contract.
func NewSimpleAccountFactoryCaller(address common.Address, caller bind.ContractCaller) (*SimpleAccountFactoryCaller, error) {
	contract, err := bindSimpleAccountFactory(address, caller, nil, nil)
	if err != nil {
		return nil, err
	}
	return &SimpleAccountFactoryCaller{contract: contract}, nil
}

// NewSimpleAccountFactoryTransactor creates a new write-only instance of SimpleAccountFactory, bound to a specific deployed contract.
func NewSimpleAccountFactoryTransactor(address common.Address, transactor bind.ContractTransactor) (*SimpleAccountFactoryTransactor, error) {
	contract, err := bindSimpleAccountFactory(address, nil, transactor, nil)
	if err != nil {
		return nil, err
	}
	return &SimpleAccountFactoryTransactor{contract: contract}, nil
}

// NewSimpleAccountFactoryFilterer creates a new log filterer instance of SimpleAccountFactory, bound to a specific deployed contract.
func NewSimpleAccountFactoryFilterer(address common.Address, filterer bind.ContractFilterer) (*SimpleAccountFactoryFilterer, error) {
	contract, err := bindSimpleAccountFactory(address, nil, nil, filterer)
	if err != nil {
		return nil, err
	}
	return &SimpleAccountFactoryFilterer{contract: contract}, nil
}

// bindSimpleAccountFactory binds a generic wrapper to an already deployed contract.
func bindSimpleAccountFactory(address common.Address, caller bind.ContractCaller, transactor bind.ContractTransactor, filterer bind.ContractFilterer) (*bind.BoundContract, error) {
	parsed, err := SimpleAccountFactoryMetaData.GetAbi()
	if err != nil {
		return nil, err
	}
	return bind.NewBoundContract(address, *parsed, caller, transactor, filterer), nil
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_SimpleAccountFactory *SimpleAccountFactoryRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _SimpleAccountFactory.Contract.SimpleAccountFactoryCaller.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_SimpleAccountFactory *SimpleAccountFactoryRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _SimpleAccountFactory.Contract.SimpleAccountFactoryTransactor.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_SimpleAccountFactory *SimpleAccountFactoryRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _SimpleAccountFactory.Contract.SimpleAccountFactoryTransactor.contract.Transact(opts, method, params...)
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_SimpleAccountFactory *SimpleAccountFactoryCallerRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _SimpleAccountFactory.Contract.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_SimpleAccountFactory *SimpleAccountFactoryTransactorRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _SimpleAccountFactory.Contract.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_SimpleAccountFactory *SimpleAccountFactoryTransactorRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _SimpleAccountFactory.Contract.contract.Transact(opts, method, params...)
}

// AccountImplementation is a free data retrieval call binding the contract method 0x11464fbe.
//
// Solidity: function accountImplementation() view returns(address)
func (_SimpleAccountFactory *SimpleAccountFactoryCaller) AccountImplementation(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _SimpleAccountFactory.contract.Call(opts, &out, "accountImplementation")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// AccountImplementation is a free data retrieval call binding the contract method 0x11464fbe.
//
// Solidity: function accountImplementation() view returns(address)
func (_SimpleAccountFactory *SimpleAccountFactorySession) AccountImplementation() (common.Address, error) {
	return _SimpleAccountFactory.Contract.AccountImplementation(&_SimpleAccountFactory.CallOpts)
}

// AccountImplementation is a free data retrieval call binding the contract method 0x11464fbe.
//
// Solidity: function accountImplementation() view returns(address)
func (_SimpleAccountFactory *SimpleAccountFactoryCallerSession) AccountImplementation() (common.Address, error) {
	return _SimpleAccountFactory.Contract.AccountImplementation(&_SimpleAccountFactory.CallOpts)
}

// GetAddress is a free data retrieval call binding the contract method 0x8cb84e18.
//
// Solidity: function getAddress(address owner, uint256 salt) view returns(address)
func (_SimpleAccountFactory *SimpleAccountFactoryCaller) GetAddress(opts *bind.CallOpts, owner common.Address, salt *big.Int) (common.Address, error) {
	var out []interface{}
	err := _SimpleAccountFactory.contract.Call(opts, &out, "getAddress", owner, salt)

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// GetAddress is a free data retrieval call binding the contract method 0x8cb84e18.
//
// Solidity: function getAddress(address owner, uint256 salt) view returns(address)
func (_SimpleAccountFactory *SimpleAccountFactorySession) GetAddress(owner common.Address, salt *big.Int) (common.Address, error) {
	return _SimpleAccountFactory.Contract.GetAddress(&_SimpleAccountFactory.CallOpts, owner, salt)
}

// GetAddress is a free data retrieval call binding the contract method 0x8cb84e18.
//
// Solidity: function getAddress(address owner, uint256 salt) view returns(address)
func (_SimpleAccountFactory *SimpleAccountFactoryCallerSession) GetAddress(owner common.Address, salt *big.Int) (common.Address, error) {
	return _SimpleAccountFactory.Contract.GetAddress(&_SimpleAccountFactory.CallOpts, owner, salt)
}

// CreateAccount is a paid mutator transaction binding the contract method 0x5fbfb9cf.
//
// Solidity: function createAccount(address owner, uint256 salt) returns(address ret)
func (_SimpleAccountFactory *SimpleAccountFactoryTransactor) CreateAccount(opts *bind.TransactOpts, owner common.Address, salt *big.Int) (*types.Transaction, error) {
	return _SimpleAccountFactory.contract.Transact(opts, "createAccount", owner, salt)
}

// CreateAccount is a paid mutator transaction binding the contract method 0x5fbfb9cf.
//
// Solidity: function createAccount(address owner, uint256 salt) returns(address ret)
func (_SimpleAccountFactory *SimpleAccountFactorySession) CreateAccount(owner common.Address, salt *big.Int) (*types.Transaction, error) {
	return _SimpleAccountFactory.Contract.CreateAccount(&_SimpleAccountFactory.TransactOpts, owner, salt)
}

// CreateAccount is a paid mutator transaction binding the contract method 0x5fbfb9cf.
//
// Solidity: function createAccount(address owner, uint256 salt) returns(address ret)
func (_SimpleAccountFactory *SimpleAccountFactoryTransactorSession) CreateAccount(owner common.Address, salt *big.Int) (*types.Transaction, error) {
	return _SimpleAccountFactory.Contract.CreateAccount(&_SimpleAccountFactory.TransactOpts, owner, salt)
}

// VerifyingPaymasterMetaData contains all meta data concerning the VerifyingPaymaster contract.
var VerifyingPaymasterMetaData = &bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"contractIEntryPoint\",\"name\":\"_entryPoint\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"_verifyingSigner\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"previousOwner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"newOwner\",\"type\":\"address\"}],\"name\":\"OwnershipTransferred\",\"type\":\"event\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"unstakeDelaySec\",\"type\":\"uint32\"}],\"name\":\"addStake\",\"outputs\":[],\"stateMutability\":\"payable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"deposit\",\"outputs\":[],\"stateMutability\":\"payable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"entryPoint\",\"outputs\":[{\"internalType\":\"contractIEntryPoint\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"getDeposit\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"},{\"internalType\":\"bytes\",\"name\":\"initCode\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"callData\",\"type\":\"bytes\"},{\"internalType\":\"uint256\",\"name\":\"callGasLimit\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"verificationGasLimit\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"preVerificationGas\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"maxFeePerGas\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"maxPriorityFeePerGas\",\"type\":\"uint256\"},{\"internalType\":\"bytes\",\"name\":\"paymasterAndData\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"signature\",\"type\":\"bytes\"}],\"internalType\":\"structUserOperation\",\"name\":\"userOp\",\"type\":\"tuple\"},{\"internalType\":\"uint48\",\"name\":\"validUntil\",\"type\":\"uint48\"},{\"internalType\":\"uint48\",\"name\":\"validAfter\",\"type\":\"uint48\"}],\"name\":\"getHash\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"owner\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes\",\"name\":\"paymasterAndData\",\"type\":\"bytes\"}],\"name\":\"parsePaymasterAndData\",\"outputs\":[{\"internalType\":\"uint48\",\"name\":\"validUntil\",\"type\":\"uint48\"},{\"internalType\":\"uint48\",\"name\":\"validAfter\",\"type\":\"uint48\"},{\"internalType\":\"bytes\",\"name\":\"signature\",\"type\":\"bytes\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"enumIPaymaster.PostOpMode\",\"name\":\"mode\",\"type\":\"uint8\"},{\"internalType\":\"bytes\",\"name\":\"context\",\"type\":\"bytes\"},{\"internalType\":\"uint256\",\"name\":\"actualGasCost\",\"type\":\"uint256\"}],\"name\":\"postOp\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"renounceOwnership\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"name\":\"senderNonce\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"newOwner\",\"type\":\"address\"}],\"name\":\"transferOwnership\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"unlockStake\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"},{\"internalType\":\"bytes\",\"name\":\"initCode\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"callData\",\"type\":\"bytes\"},{\"internalType\":\"uint256\",\"name\":\"callGasLimit\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"verificationGasLimit\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"preVerificationGas\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"maxFeePerGas\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"maxPriorityFeePerGas\",\"type\":\"uint256\"},{\"internalType\":\"bytes\",\"name\":\"paymasterAndData\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"signature\",\"type\":\"bytes\"}],\"internalType\":\"structUserOperation\",\"name\":\"userOp\",\"type\":\"tuple\"},{\"internalType\":\"bytes32\",\"name\":\"userOpHash\",\"type\":\"bytes32\"},{\"internalType\":\"uint256\",\"name\":\"maxCost\",\"type\":\"uint256\"}],\"name\":\"validatePaymasterUserOp\",\"outputs\":[{\"internalType\":\"bytes\",\"name\":\"context\",\"type\":\"bytes\"},{\"internalType\":\"uint256\",\"name\":\"validationData\",\"type\":\"uint256\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"verifyingSigner\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"addresspayable\",\"name\":\"withdrawAddress\",\"type\":\"address\"}],\"name\":\"withdrawStake\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"addresspayable\",\"name\":\"withdrawAddress\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"withdrawTo\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	Sigs: map[string]string{
		"0396cb60": "addStake(uint32)",
		"d0e30db0": "deposit()",
		"b0d691fe": "entryPoint()",
		"c399ec88": "getDeposit()",
		"94e1fc19": "getHash((address,uint256,bytes,bytes,uint256,uint256,uint256,uint256,uint256,bytes,bytes),uint48,uint48)",
		"8da5cb5b": "owner()",
		"94d4ad60": "parsePaymasterAndData(bytes)",
		"a9a23409": "postOp(uint8,bytes,uint256)",
		"715018a6": "renounceOwnership()",
		"9c90b443": "senderNonce(address)",
		"f2fde38b": "transferOwnership(address)",
		"bb9fe6bf": "unlockStake()",
		"f465c77e": "validatePaymasterUserOp((address,uint256,bytes,bytes,uint256,uint256,uint256,uint256,uint256,bytes,bytes),bytes32,uint256)",
		"23d9ac9b": "verifyingSigner()",
		"c23a5cea": "withdrawStake(address)",
		"205c2878": "withdrawTo(address,uint256)",
	},
	Bin: "0x60c06040523480156200001157600080fd5b50604051620016fc380380620016fc8339810160408190526200003491620000c2565b81620000403362000059565b6001600160a01b039081166080521660a0525062000101565b600080546001600160a01b038381166001600160a01b0319831681178455604051919092169283917f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09190a35050565b6001600160a01b0381168114620000bf57600080fd5b50565b60008060408385031215620000d657600080fd5b8251620000e381620000a9565b6020840151909250620000f681620000a9565b809150509250929050565b60805160a05161159d6200015f6000396000818161013f0152610c820152600081816102880152818161038601528181610450015281816105730152818161063a015281816106ca0152818161077d0152610a04015261159d6000f3fe6080604052600436106100f35760003560e01c8063a9a234091161008a578063c399ec8811610059578063c399ec88146102df578063d0e30db0146102f4578063f2fde38b146102fc578063f465c77e1461031c57600080fd5b8063a9a2340914610256578063b0d691fe14610276578063bb9fe6bf146102aa578063c23a5cea146102bf57600080fd5b80638da5cb5b116100c65780638da5cb5b146101a057806394d4ad60146101cb57806394e1fc19146101fb5780639c90b4431461022957600080fd5b80630396cb60146100f8578063205c28781461010d57806323d9ac9b1461012d578063715018a61461018b575b600080fd5b61010b610106366004611055565b61034a565b005b34801561011957600080fd5b5061010b6101283660046110a4565b6103fc565b34801561013957600080fd5b506101617f000000000000000000000000000000000000000000000000000000000000000081565b60405173ffffffffffffffffffffffffffffffffffffffff90911681526020015b60405180910390f35b34801561019757600080fd5b5061010b610494565b3480156101ac57600080fd5b5060005473ffffffffffffffffffffffffffffffffffffffff16610161565b3480156101d757600080fd5b506101eb6101e6366004611112565b6104a8565b6040516101829493929190611154565b34801561020757600080fd5b5061021b6102163660046111f2565b6104e5565b604051908152602001610182565b34801561023557600080fd5b5061021b610244366004611250565b60016020526000908152604090205481565b34801561026257600080fd5b5061010b61027136600461126d565b61054f565b34801561028257600080fd5b506101617f000000000000000000000000000000000000000000000000000000000000000081565b3480156102b657600080fd5b5061010b610569565b3480156102cb57600080fd5b5061010b6102da366004611250565b6105ed565b3480156102eb57600080fd5b5061021b610699565b61010b61074f565b34801561030857600080fd5b5061010b610317366004611250565b6107d7565b34801561032857600080fd5b5061033c6103373660046112cd565b610893565b60405161018292919061137f565b6103526108b7565b6040517f0396cb6000000000000000000000000000000000000000000000000000000000815263ffffffff821660048201527f000000000000000000000000000000000000000000000000000000000000000073ffffffffffffffffffffffffffffffffffffffff1690630396cb609034906024016000604051808303818588803b1580156103e057600080fd5b505af11580156103f4573d6000803e3d6000fd5b505050505050565b6104046108b7565b6040517f205c287800000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff8381166004830152602482018390527f0000000000000000000000000000000000000000000000000000000000000000169063205c287890604401600060405180830381600087803b1580156103e057600080fd5b61049c6108b7565b6104a66000610938565b565b60008036816104bb6054601487896113a1565b8101906104c891906113cb565b90945092506104da85605481896113a1565b949793965094505050565b60006104f0846109ad565b73ffffffffffffffffffffffffffffffffffffffff85351660009081526001602090815260409182902054915161053093924692309289918991016113fe565b6040516020818303038152906040528051906020012090509392505050565b6105576109ec565b61056384848484610a8b565b50505050565b6105716108b7565b7f000000000000000000000000000000000000000000000000000000000000000073ffffffffffffffffffffffffffffffffffffffff1663bb9fe6bf6040518163ffffffff1660e01b8152600401600060405180830381600087803b1580156105d957600080fd5b505af1158015610563573d6000803e3d6000fd5b6105f56108b7565b6040517fc23a5cea00000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff82811660048301527f0000000000000000000000000000000000000000000000000000000000000000169063c23a5cea90602401600060405180830381600087803b15801561067e57600080fd5b505af1158015610692573d6000803e3d6000fd5b5050505050565b6040517f70a082310000000000000000000000000000000000000000000000000000000081523060048201526000907f000000000000000000000000000000000000000000000000000000000000000073ffffffffffffffffffffffffffffffffffffffff16906370a0823190602401602060405180830381865afa158015610726573d6000803e3d6000fd5b505050506040513d601f19601f8201168201806040525081019061074a919061145b565b905090565b6040517fb760faf90000000000000000000000000000000000000000000000000000000081523060048201527f000000000000000000000000000000000000000000000000000000000000000073ffffffffffffffffffffffffffffffffffffffff169063b760faf99034906024016000604051808303818588803b15801561067e57600080fd5b6107df6108b7565b73ffffffffffffffffffffffffffffffffffffffff8116610887576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152602660248201527f4f776e61626c653a206e6577206f776e657220697320746865207a65726f206160448201527f646472657373000000000000000000000000000000000000000000000000000060648201526084015b60405180910390fd5b61089081610938565b50565b6060600061089f6109ec565b6108aa858585610aed565b915091505b935093915050565b60005473ffffffffffffffffffffffffffffffffffffffff1633146104a6576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820181905260248201527f4f776e61626c653a2063616c6c6572206973206e6f7420746865206f776e6572604482015260640161087e565b6000805473ffffffffffffffffffffffffffffffffffffffff8381167fffffffffffffffffffffffff0000000000000000000000000000000000000000831681178455604051919092169283917f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09190a35050565b60603660006109c0610120850185611474565b915091508360208184030360405194506020810185016040528085528082602087013750505050919050565b3373ffffffffffffffffffffffffffffffffffffffff7f000000000000000000000000000000000000000000000000000000000000000016146104a6576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601560248201527f53656e646572206e6f7420456e747279506f696e740000000000000000000000604482015260640161087e565b6040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152600d60248201527f6d757374206f7665727269646500000000000000000000000000000000000000604482015260640161087e565b6060600080803681610b066101e66101208b018b611474565b929650909450925090506040811480610b1f5750604181145b610bad57604080517f08c379a00000000000000000000000000000000000000000000000000000000081526020600482015260248101919091527f566572696679696e675061796d61737465723a20696e76616c6964207369676e60448201527f6174757265206c656e67746820696e207061796d6173746572416e6444617461606482015260840161087e565b6000610bf0610bbd8b87876104e5565b7f19457468657265756d205369676e6564204d6573736167653a0a3332000000006000908152601c91909152603c902090565b73ffffffffffffffffffffffffffffffffffffffff8b35166000908152600160205260408120805492935090610c25836114d9565b9190505550610c6a8184848080601f016020809104026020016040519081016040528093929190818152602001838380828437600092019190915250610d1292505050565b73ffffffffffffffffffffffffffffffffffffffff167f000000000000000000000000000000000000000000000000000000000000000073ffffffffffffffffffffffffffffffffffffffff1614610ce757610cc860018686610d36565b60405180602001604052806000815250909650965050505050506108af565b610cf360008686610d36565b6040805160208101909152600081529b909a5098505050505050505050565b6000806000610d218585610d6e565b91509150610d2e81610db3565b509392505050565b600060d08265ffffffffffff16901b60a08465ffffffffffff16901b85610d5e576000610d61565b60015b60ff161717949350505050565b6000808251604103610da45760208301516040840151606085015160001a610d9887828585610f66565b94509450505050610dac565b506000905060025b9250929050565b6000816004811115610dc757610dc7611538565b03610dcf5750565b6001816004811115610de357610de3611538565b03610e4a576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601860248201527f45434453413a20696e76616c6964207369676e61747572650000000000000000604482015260640161087e565b6002816004811115610e5e57610e5e611538565b03610ec5576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601f60248201527f45434453413a20696e76616c6964207369676e6174757265206c656e67746800604482015260640161087e565b6003816004811115610ed957610ed9611538565b03610890576040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152602260248201527f45434453413a20696e76616c6964207369676e6174757265202773272076616c60448201527f7565000000000000000000000000000000000000000000000000000000000000606482015260840161087e565b6000807f7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0831115610f9d575060009050600361104c565b6040805160008082526020820180845289905260ff881692820192909252606081018690526080810185905260019060a0016020604051602081039080840390855afa158015610ff1573d6000803e3d6000fd5b50506040517fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0015191505073ffffffffffffffffffffffffffffffffffffffff81166110455760006001925092505061104c565b9150600090505b94509492505050565b60006020828403121561106757600080fd5b813563ffffffff8116811461107b57600080fd5b9392505050565b73ffffffffffffffffffffffffffffffffffffffff8116811461089057600080fd5b600080604083850312156110b757600080fd5b82356110c281611082565b946020939093013593505050565b60008083601f8401126110e257600080fd5b50813567ffffffffffffffff8111156110fa57600080fd5b602083019150836020828501011115610dac57600080fd5b6000806020838503121561112557600080fd5b823567ffffffffffffffff81111561113c57600080fd5b611148858286016110d0565b90969095509350505050565b600065ffffffffffff8087168352808616602084015250606060408301528260608301528284608084013760006080848401015260807fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0601f850116830101905095945050505050565b600061016082840312156111d157600080fd5b50919050565b803565ffffffffffff811681146111ed57600080fd5b919050565b60008060006060848603121561120757600080fd5b833567ffffffffffffffff81111561121e57600080fd5b61122a868287016111be565b935050611239602085016111d7565b9150611247604085016111d7565b90509250925092565b60006020828403121561126257600080fd5b813561107b81611082565b6000806000806060858703121561128357600080fd5b84356003811061129257600080fd5b9350602085013567ffffffffffffffff8111156112ae57600080fd5b6112ba878288016110d0565b9598909750949560400135949350505050565b6000806000606084860312156112e257600080fd5b833567ffffffffffffffff8111156112f957600080fd5b611305868287016111be565b9660208601359650604090950135949350505050565b6000815180845260005b8181101561134157602081850181015186830182015201611325565b5060006020828601015260207fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0601f83011685010191505092915050565b604081526000611392604083018561131b565b90508260208301529392505050565b600080858511156113b157600080fd5b838611156113be57600080fd5b5050820193919092039150565b600080604083850312156113de57600080fd5b6113e7836111d7565b91506113f5602084016111d7565b90509250929050565b60c08152600061141160c083018961131b565b60208301979097525073ffffffffffffffffffffffffffffffffffffffff949094166040850152606084019290925265ffffffffffff90811660808401521660a090910152919050565b60006020828403121561146d57600080fd5b5051919050565b60008083357fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe18436030181126114a957600080fd5b83018035915067ffffffffffffffff8211156114c457600080fd5b602001915036819003821315610dac57600080fd5b60007fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff8203611531577f4e487b7100000000000000000000000000000000000000000000000000000000600052601160045260246000fd5b5060010190565b7f4e487b7100000000000000000000000000000000000000000000000000000000600052602160045260246000fdfea2646970667358221220e2c21469eae53a84d7f21a2d0bdc709ca8927989050e1928d650a2ce432f25cc64736f6c63430008110033",
}

// VerifyingPaymasterABI is the input ABI used to generate the binding from.
// Deprecated: Use VerifyingPaymasterMetaData.ABI instead.
var VerifyingPaymasterABI = VerifyingPaymasterMetaData.ABI

// Deprecated: Use VerifyingPaymasterMetaData.Sigs instead.
// VerifyingPaymasterFuncSigs maps the 4-byte function signature to its string representation.
var VerifyingPaymasterFuncSigs = VerifyingPaymasterMetaData.Sigs

// VerifyingPaymasterBin is the compiled bytecode used for deploying new contracts.
// Deprecated: Use VerifyingPaymasterMetaData.Bin instead.
var VerifyingPaymasterBin = VerifyingPaymasterMetaData.Bin

// DeployVerifyingPaymaster deploys a new Ethereum contract, binding an instance of VerifyingPaymaster to it.
func DeployVerifyingPaymaster(auth *bind.TransactOpts, backend bind.ContractBackend, _entryPoint common.Address, _verifyingSigner common.Address) (common.Address, *types.Transaction, *VerifyingPaymaster, error) {
	parsed, err := VerifyingPaymasterMetaData.GetAbi()
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	if parsed == nil {
		return common.Address{}, nil, nil, errors.New("GetABI returned nil")
	}

	address, tx, contract, err := bind.DeployContract(auth, *parsed, common.FromHex(VerifyingPaymasterBin), backend, _entryPoint, _verifyingSigner)
	if err != nil {
		return common.Address{}, nil, nil, err
	}
	return address, tx, &VerifyingPaymaster{VerifyingPaymasterCaller: VerifyingPaymasterCaller{contract: contract}, VerifyingPaymasterTransactor: VerifyingPaymasterTransactor{contract: contract}, VerifyingPaymasterFilterer: VerifyingPaymasterFilterer{contract: contract}}, nil
}

// VerifyingPaymaster is an auto generated Go binding around an Ethereum contract.
type VerifyingPaymaster struct {
	VerifyingPaymasterCaller     // Read-only binding to the contract
	VerifyingPaymasterTransactor // Write-only binding to the contract
	VerifyingPaymasterFilterer   // Log filterer for contract events
}

// VerifyingPaymasterCaller is an auto generated read-only Go binding around an Ethereum contract.
type VerifyingPaymasterCaller struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// VerifyingPaymasterTransactor is an auto generated write-only Go binding around an Ethereum contract.
type VerifyingPaymasterTransactor struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// VerifyingPaymasterFilterer is an auto generated log filtering Go binding around an Ethereum contract events.
type VerifyingPaymasterFilterer struct {
	contract *bind.BoundContract // Generic contract wrapper for the low level calls
}

// VerifyingPaymasterSession is an auto generated Go binding around an Ethereum contract,
// with pre-set call and transact options.
type VerifyingPaymasterSession struct {
	Contract     *VerifyingPaymaster // Generic contract binding to set the session for
	CallOpts     bind.CallOpts       // Call options to use throughout this session
	TransactOpts bind.TransactOpts   // Transaction auth options to use throughout this session
}

// VerifyingPaymasterCallerSession is an auto generated read-only Go binding around an Ethereum contract,
// with pre-set call options.
type VerifyingPaymasterCallerSession struct {
	Contract *VerifyingPaymasterCaller // Generic contract caller binding to set the session for
	CallOpts bind.CallOpts             // Call options to use throughout this session
}

// VerifyingPaymasterTransactorSession is an auto generated write-only Go binding around an Ethereum contract,
// with pre-set transact options.
type VerifyingPaymasterTransactorSession struct {
	Contract     *VerifyingPaymasterTransactor // Generic contract transactor binding to set the session for
	TransactOpts bind.TransactOpts             // Transaction auth options to use throughout this session
}

// VerifyingPaymasterRaw is an auto generated low-level Go binding around an Ethereum contract.
type VerifyingPaymasterRaw struct {
	Contract *VerifyingPaymaster // Generic contract binding to access the raw methods on
}

// VerifyingPaymasterCallerRaw is an auto generated low-level read-only Go binding around an Ethereum contract.
type VerifyingPaymasterCallerRaw struct {
	Contract *VerifyingPaymasterCaller // Generic read-only contract binding to access the raw methods on
}

// VerifyingPaymasterTransactorRaw is an auto generated low-level write-only Go binding around an Ethereum contract.
type VerifyingPaymasterTransactorRaw struct {
	Contract *VerifyingPaymasterTransactor // Generic write-only contract binding to access the raw methods on
}

// NewVerifyingPaymaster creates a new instance of VerifyingPaymaster, bound to a specific deployed contract.
func NewVerifyingPaymaster(address common.Address, backend bind.ContractBackend) (*VerifyingPaymaster, error) {
	contract, err := bindVerifyingPaymaster(address, backend, backend, backend)
	if err != nil {
		return nil, err
	}
	return &VerifyingPaymaster{VerifyingPaymasterCaller: VerifyingPaymasterCaller{contract: contract}, VerifyingPaymasterTransactor: VerifyingPaymasterTransactor{contract: contract}, VerifyingPaymasterFilterer: VerifyingPaymasterFilterer{contract: contract}}, nil
}

// NewVerifyingPaymasterCaller creates a new read-only instance of VerifyingPaymaster, bound to a specific deployed contract.
func NewVerifyingPaymasterCaller(address common.Address, caller bind.ContractCaller) (*VerifyingPaymasterCaller, error) {
	contract, err := bindVerifyingPaymaster(address, caller, nil, nil)
	if err != nil {
		return nil, err
	}
	return &VerifyingPaymasterCaller{contract: contract}, nil
}

// NewVerifyingPaymasterTransactor creates a new write-only instance of VerifyingPaymaster, bound to a specific deployed contract.
func NewVerifyingPaymasterTransactor(address common.Address, transactor bind.ContractTransactor) (*VerifyingPaymasterTransactor, error) {
	contract, err := bindVerifyingPaymaster(address, nil, transactor, nil)
	if err != nil {
		return nil, err
	}
	return &VerifyingPaymasterTransactor{contract: contract}, nil
}

// NewVerifyingPaymasterFilterer creates a new log filterer instance of VerifyingPaymaster, bound to a specific deployed contract.
func NewVerifyingPaymasterFilterer(address common.Address, filterer bind.ContractFilterer) (*VerifyingPaymasterFilterer, error) {
	contract, err := bindVerifyingPaymaster(address, nil, nil, filterer)
	if err != nil {
		return nil, err
	}
	return &VerifyingPaymasterFilterer{contract: contract}, nil
}

// bindVerifyingPaymaster binds a generic wrapper to an already deployed contract.
func bindVerifyingPaymaster(address common.Address, caller bind.ContractCaller, transactor bind.ContractTransactor, filterer bind.ContractFilterer) (*bind.BoundContract, error) {
	parsed, err := VerifyingPaymasterMetaData.GetAbi()
	if err != nil {
		return nil, err
	}
	return bind.NewBoundContract(address, *parsed, caller, transactor, filterer), nil
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_VerifyingPaymaster *VerifyingPaymasterRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _VerifyingPaymaster.Contract.VerifyingPaymasterCaller.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_VerifyingPaymaster *VerifyingPaymasterRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _VerifyingPaymaster.Contract.VerifyingPaymasterTransactor.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_VerifyingPaymaster *VerifyingPaymasterRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _VerifyingPaymaster.Contract.VerifyingPaymasterTransactor.contract.Transact(opts, method, params...)
}

// Call invokes the (constant) contract method with params as input values and
// sets the output to result. The result type might be a single field for simple
// returns, a slice of interfaces for anonymous returns and a struct for named
// returns.
func (_VerifyingPaymaster *VerifyingPaymasterCallerRaw) Call(opts *bind.CallOpts, result *[]interface{}, method string, params ...interface{}) error {
	return _VerifyingPaymaster.Contract.contract.Call(opts, result, method, params...)
}

// Transfer initiates a plain transaction to move funds to the contract, calling
// its default method if one is available.
func (_VerifyingPaymaster *VerifyingPaymasterTransactorRaw) Transfer(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _VerifyingPaymaster.Contract.contract.Transfer(opts)
}

// Transact invokes the (paid) contract method with params as input values.
func (_VerifyingPaymaster *VerifyingPaymasterTransactorRaw) Transact(opts *bind.TransactOpts, method string, params ...interface{}) (*types.Transaction, error) {
	return _VerifyingPaymaster.Contract.contract.Transact(opts, method, params...)
}

// EntryPoint is a free data retrieval call binding the contract method 0xb0d691fe.
//
// Solidity: function entryPoint() view returns(address)
func (_VerifyingPaymaster *VerifyingPaymasterCaller) EntryPoint(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _VerifyingPaymaster.contract.Call(opts, &out, "entryPoint")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// EntryPoint is a free data retrieval call binding the contract method 0xb0d691fe.
//
// Solidity: function entryPoint() view returns(address)
func (_VerifyingPaymaster *VerifyingPaymasterSession) EntryPoint() (common.Address, error) {
	return _VerifyingPaymaster.Contract.EntryPoint(&_VerifyingPaymaster.CallOpts)
}

// EntryPoint is a free data retrieval call binding the contract method 0xb0d691fe.
//
// Solidity: function entryPoint() view returns(address)
func (_VerifyingPaymaster *VerifyingPaymasterCallerSession) EntryPoint() (common.Address, error) {
	return _VerifyingPaymaster.Contract.EntryPoint(&_VerifyingPaymaster.CallOpts)
}

// GetDeposit is a free data retrieval call binding the contract method 0xc399ec88.
//
// Solidity: function getDeposit() view returns(uint256)
func (_VerifyingPaymaster *VerifyingPaymasterCaller) GetDeposit(opts *bind.CallOpts) (*big.Int, error) {
	var out []interface{}
	err := _VerifyingPaymaster.contract.Call(opts, &out, "getDeposit")

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// GetDeposit is a free data retrieval call binding the contract method 0xc399ec88.
//
// Solidity: function getDeposit() view returns(uint256)
func (_VerifyingPaymaster *VerifyingPaymasterSession) GetDeposit() (*big.Int, error) {
	return _VerifyingPaymaster.Contract.GetDeposit(&_VerifyingPaymaster.CallOpts)
}

// GetDeposit is a free data retrieval call binding the contract method 0xc399ec88.
//
// Solidity: function getDeposit() view returns(uint256)
func (_VerifyingPaymaster *VerifyingPaymasterCallerSession) GetDeposit() (*big.Int, error) {
	return _VerifyingPaymaster.Contract.GetDeposit(&_VerifyingPaymaster.CallOpts)
}

// GetHash is a free data retrieval call binding the contract method 0x94e1fc19.
//
// Solidity: function getHash((address,uint256,bytes,bytes,uint256,uint256,uint256,uint256,uint256,bytes,bytes) userOp, uint48 validUntil, uint48 validAfter) view returns(bytes32)
func (_VerifyingPaymaster *VerifyingPaymasterCaller) GetHash(opts *bind.CallOpts, userOp UserOperation, validUntil *big.Int, validAfter *big.Int) ([32]byte, error) {
	var out []interface{}
	err := _VerifyingPaymaster.contract.Call(opts, &out, "getHash", userOp, validUntil, validAfter)

	if err != nil {
		return *new([32]byte), err
	}

	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)

	return out0, err

}

// GetHash is a free data retrieval call binding the contract method 0x94e1fc19.
//
// Solidity: function getHash((address,uint256,bytes,bytes,uint256,uint256,uint256,uint256,uint256,bytes,bytes) userOp, uint48 validUntil, uint48 validAfter) view returns(bytes32)
func (_VerifyingPaymaster *VerifyingPaymasterSession) GetHash(userOp UserOperation, validUntil *big.Int, validAfter *big.Int) ([32]byte, error) {
	return _VerifyingPaymaster.Contract.GetHash(&_VerifyingPaymaster.CallOpts, userOp, validUntil, validAfter)
}

// GetHash is a free data retrieval call binding the contract method 0x94e1fc19.
//
// Solidity: function getHash((address,uint256,bytes,bytes,uint256,uint256,uint256,uint256,uint256,bytes,bytes) userOp, uint48 validUntil, uint48 validAfter) view returns(bytes32)
func (_VerifyingPaymaster *VerifyingPaymasterCallerSession) GetHash(userOp UserOperation, validUntil *big.Int, validAfter *big.Int) ([32]byte, error) {
	return _VerifyingPaymaster.Contract.GetHash(&_VerifyingPaymaster.CallOpts, userOp, validUntil, validAfter)
}

// Owner is a free data retrieval call binding the contract method 0x8da5cb5b.
//
// Solidity: function owner() view returns(address)
func (_VerifyingPaymaster *VerifyingPaymasterCaller) Owner(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _VerifyingPaymaster.contract.Call(opts, &out, "owner")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// Owner is a free data retrieval call binding the contract method 0x8da5cb5b.
//
// Solidity: function owner() view returns(address)
func (_VerifyingPaymaster *VerifyingPaymasterSession) Owner() (common.Address, error) {
	return _VerifyingPaymaster.Contract.Owner(&_VerifyingPaymaster.CallOpts)
}

// Owner is a free data retrieval call binding the contract method 0x8da5cb5b.
//
// Solidity: function owner() view returns(address)
func (_VerifyingPaymaster *VerifyingPaymasterCallerSession) Owner() (common.Address, error) {
	return _VerifyingPaymaster.Contract.Owner(&_VerifyingPaymaster.CallOpts)
}

// ParsePaymasterAndData is a free data retrieval call binding the contract method 0x94d4ad60.
//
// Solidity: function parsePaymasterAndData(bytes paymasterAndData) pure returns(uint48 validUntil, uint48 validAfter, bytes signature)
func (_VerifyingPaymaster *VerifyingPaymasterCaller) ParsePaymasterAndData(opts *bind.CallOpts, paymasterAndData []byte) (struct {
	ValidUntil *big.Int
	ValidAfter *big.Int
	Signature  []byte
}, error) {
	var out []interface{}
	err := _VerifyingPaymaster.contract.Call(opts, &out, "parsePaymasterAndData", paymasterAndData)

	outstruct := new(struct {
		ValidUntil *big.Int
		ValidAfter *big.Int
		Signature  []byte
	})
	if err != nil {
		return *outstruct, err
	}

	outstruct.ValidUntil = *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)
	outstruct.ValidAfter = *abi.ConvertType(out[1], new(*big.Int)).(**big.Int)
	outstruct.Signature = *abi.ConvertType(out[2], new([]byte)).(*[]byte)

	return *outstruct, err

}

// ParsePaymasterAndData is a free data retrieval call binding the contract method 0x94d4ad60.
//
// Solidity: function parsePaymasterAndData(bytes paymasterAndData) pure returns(uint48 validUntil, uint48 validAfter, bytes signature)
func (_VerifyingPaymaster *VerifyingPaymasterSession) ParsePaymasterAndData(paymasterAndData []byte) (struct {
	ValidUntil *big.Int
	ValidAfter *big.Int
	Signature  []byte
}, error) {
	return _VerifyingPaymaster.Contract.ParsePaymasterAndData(&_VerifyingPaymaster.CallOpts, paymasterAndData)
}

// ParsePaymasterAndData is a free data retrieval call binding the contract method 0x94d4ad60.
//
// Solidity: function parsePaymasterAndData(bytes paymasterAndData) pure returns(uint48 validUntil, uint48 validAfter, bytes signature)
func (_VerifyingPaymaster *VerifyingPaymasterCallerSession) ParsePaymasterAndData(paymasterAndData []byte) (struct {
	ValidUntil *big.Int
	ValidAfter *big.Int
	Signature  []byte
}, error) {
	return _VerifyingPaymaster.Contract.ParsePaymasterAndData(&_VerifyingPaymaster.CallOpts, paymasterAndData)
}

// SenderNonce is a free data retrieval call binding the contract method 0x9c90b443.
//
// Solidity: function senderNonce(address ) view returns(uint256)
func (_VerifyingPaymaster *VerifyingPaymasterCaller) SenderNonce(opts *bind.CallOpts, arg0 common.Address) (*big.Int, error) {
	var out []interface{}
	err := _VerifyingPaymaster.contract.Call(opts, &out, "senderNonce", arg0)

	if err != nil {
		return *new(*big.Int), err
	}

	out0 := *abi.ConvertType(out[0], new(*big.Int)).(**big.Int)

	return out0, err

}

// SenderNonce is a free data retrieval call binding the contract method 0x9c90b443.
//
// Solidity: function senderNonce(address ) view returns(uint256)
func (_VerifyingPaymaster *VerifyingPaymasterSession) SenderNonce(arg0 common.Address) (*big.Int, error) {
	return _VerifyingPaymaster.Contract.SenderNonce(&_VerifyingPaymaster.CallOpts, arg0)
}

// SenderNonce is a free data retrieval call binding the contract method 0x9c90b443.
//
// Solidity: function senderNonce(address ) view returns(uint256)
func (_VerifyingPaymaster *VerifyingPaymasterCallerSession) SenderNonce(arg0 common.Address) (*big.Int, error) {
	return _VerifyingPaymaster.Contract.SenderNonce(&_VerifyingPaymaster.CallOpts, arg0)
}

// VerifyingSigner is a free data retrieval call binding the contract method 0x23d9ac9b.
//
// Solidity: function verifyingSigner() view returns(address)
func (_VerifyingPaymaster *VerifyingPaymasterCaller) VerifyingSigner(opts *bind.CallOpts) (common.Address, error) {
	var out []interface{}
	err := _VerifyingPaymaster.contract.Call(opts, &out, "verifyingSigner")

	if err != nil {
		return *new(common.Address), err
	}

	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)

	return out0, err

}

// VerifyingSigner is a free data retrieval call binding the contract method 0x23d9ac9b.
//
// Solidity: function verifyingSigner() view returns(address)
func (_VerifyingPaymaster *VerifyingPaymasterSession) VerifyingSigner() (common.Address, error) {
	return _VerifyingPaymaster.Contract.VerifyingSigner(&_VerifyingPaymaster.CallOpts)
}

// VerifyingSigner is a free data retrieval call binding the contract method 0x23d9ac9b.
//
// Solidity: function verifyingSigner() view returns(address)
func (_VerifyingPaymaster *VerifyingPaymasterCallerSession) VerifyingSigner() (common.Address, error) {
	return _VerifyingPaymaster.Contract.VerifyingSigner(&_VerifyingPaymaster.CallOpts)
}

// AddStake is a paid mutator transaction binding the contract method 0x0396cb60.
//
// Solidity: function addStake(uint32 unstakeDelaySec) payable returns()
func (_VerifyingPaymaster *VerifyingPaymasterTransactor) AddStake(opts *bind.TransactOpts, unstakeDelaySec uint32) (*types.Transaction, error) {
	return _VerifyingPaymaster.contract.Transact(opts, "addStake", unstakeDelaySec)
}

// AddStake is a paid mutator transaction binding the contract method 0x0396cb60.
//
// Solidity: function addStake(uint32 unstakeDelaySec) payable returns()
func (_VerifyingPaymaster *VerifyingPaymasterSession) AddStake(unstakeDelaySec uint32) (*types.Transaction, error) {
	return _VerifyingPaymaster.Contract.AddStake(&_VerifyingPaymaster.TransactOpts, unstakeDelaySec)
}

// AddStake is a paid mutator transaction binding the contract method 0x0396cb60.
//
// Solidity: function addStake(uint32 unstakeDelaySec) payable returns()
func (_VerifyingPaymaster *VerifyingPaymasterTransactorSession) AddStake(unstakeDelaySec uint32) (*types.Transaction, error) {
	return _VerifyingPaymaster.Contract.AddStake(&_VerifyingPaymaster.TransactOpts, unstakeDelaySec)
}

// Deposit is a paid mutator transaction binding the contract method 0xd0e30db0.
//
// Solidity: function deposit() payable returns()
func (_VerifyingPaymaster *VerifyingPaymasterTransactor) Deposit(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _VerifyingPaymaster.contract.Transact(opts, "deposit")
}

// Deposit is a paid mutator transaction binding the contract method 0xd0e30db0.
//
// Solidity: function deposit() payable returns()
func (_VerifyingPaymaster *VerifyingPaymasterSession) Deposit() (*types.Transaction, error) {
	return _VerifyingPaymaster.Contract.Deposit(&_VerifyingPaymaster.TransactOpts)
}

// Deposit is a paid mutator transaction binding the contract method 0xd0e30db0.
//
// Solidity: function deposit() payable returns()
func (_VerifyingPaymaster *VerifyingPaymasterTransactorSession) Deposit() (*types.Transaction, error) {
	return _VerifyingPaymaster.Contract.Deposit(&_VerifyingPaymaster.TransactOpts)
}

// PostOp is a paid mutator transaction binding the contract method 0xa9a23409.
//
// Solidity: function postOp(uint8 mode, bytes context, uint256 actualGasCost) returns()
func (_VerifyingPaymaster *VerifyingPaymasterTransactor) PostOp(opts *bind.TransactOpts, mode uint8, context []byte, actualGasCost *big.Int) (*types.Transaction, error) {
	return _VerifyingPaymaster.contract.Transact(opts, "postOp", mode, context, actualGasCost)
}

// PostOp is a paid mutator transaction binding the contract method 0xa9a23409.
//
// Solidity: function postOp(uint8 mode, bytes context, uint256 actualGasCost) returns()
func (_VerifyingPaymaster *VerifyingPaymasterSession) PostOp(mode uint8, context []byte, actualGasCost *big.Int) (*types.Transaction, error) {
	return _VerifyingPaymaster.Contract.PostOp(&_VerifyingPaymaster.TransactOpts, mode, context, actualGasCost)
}

// PostOp is a paid mutator transaction binding the contract method 0xa9a23409.
//
// Solidity: function postOp(uint8 mode, bytes context, uint256 actualGasCost) returns()
func (_VerifyingPaymaster *VerifyingPaymasterTransactorSession) PostOp(mode uint8, context []byte, actualGasCost *big.Int) (*types.Transaction, error) {
	return _VerifyingPaymaster.Contract.PostOp(&_VerifyingPaymaster.TransactOpts, mode, context, actualGasCost)
}

// RenounceOwnership is a paid mutator transaction binding the contract method 0x715018a6.
//
// Solidity: function renounceOwnership() returns()
func (_VerifyingPaymaster *VerifyingPaymasterTransactor) RenounceOwnership(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _VerifyingPaymaster.contract.Transact(opts, "renounceOwnership")
}

// RenounceOwnership is a paid mutator transaction binding the contract method 0x715018a6.
//
// Solidity: function renounceOwnership() returns()
func (_VerifyingPaymaster *VerifyingPaymasterSession) RenounceOwnership() (*types.Transaction, error) {
	return _VerifyingPaymaster.Contract.RenounceOwnership(&_VerifyingPaymaster.TransactOpts)
}

// RenounceOwnership is a paid mutator transaction binding the contract method 0x715018a6.
//
// Solidity: function renounceOwnership() returns()
func (_VerifyingPaymaster *VerifyingPaymasterTransactorSession) RenounceOwnership() (*types.Transaction, error) {
	return _VerifyingPaymaster.Contract.RenounceOwnership(&_VerifyingPaymaster.TransactOpts)
}

// TransferOwnership is a paid mutator transaction binding the contract method 0xf2fde38b.
//
// Solidity: function transferOwnership(address newOwner) returns()
func (_VerifyingPaymaster *VerifyingPaymasterTransactor) TransferOwnership(opts *bind.TransactOpts, newOwner common.Address) (*types.Transaction, error) {
	return _VerifyingPaymaster.contract.Transact(opts, "transferOwnership", newOwner)
}

// TransferOwnership is a paid mutator transaction binding the contract method 0xf2fde38b.
//
// Solidity: function transferOwnership(address newOwner) returns()
func (_VerifyingPaymaster *VerifyingPaymasterSession) TransferOwnership(newOwner common.Address) (*types.Transaction, error) {
	return _VerifyingPaymaster.Contract.TransferOwnership(&_VerifyingPaymaster.TransactOpts, newOwner)
}

// TransferOwnership is a paid mutator transaction binding the contract method 0xf2fde38b.
//
// Solidity: function transferOwnership(address newOwner) returns()
func (_VerifyingPaymaster *VerifyingPaymasterTransactorSession) TransferOwnership(newOwner common.Address) (*types.Transaction, error) {
	return _VerifyingPaymaster.Contract.TransferOwnership(&_VerifyingPaymaster.TransactOpts, newOwner)
}

// UnlockStake is a paid mutator transaction binding the contract method 0xbb9fe6bf.
//
// Solidity: function unlockStake() returns()
func (_VerifyingPaymaster *VerifyingPaymasterTransactor) UnlockStake(opts *bind.TransactOpts) (*types.Transaction, error) {
	return _VerifyingPaymaster.contract.Transact(opts, "unlockStake")
}

// UnlockStake is a paid mutator transaction binding the contract method 0xbb9fe6bf.
//
// Solidity: function unlockStake() returns()
func (_VerifyingPaymaster *VerifyingPaymasterSession) UnlockStake() (*types.Transaction, error) {
	return _VerifyingPaymaster.Contract.UnlockStake(&_VerifyingPaymaster.TransactOpts)
}

// UnlockStake is a paid mutator transaction binding the contract method 0xbb9fe6bf.
//
// Solidity: function unlockStake() returns()
func (_VerifyingPaymaster *VerifyingPaymasterTransactorSession) UnlockStake() (*types.Transaction, error) {
	return _VerifyingPaymaster.Contract.UnlockStake(&_VerifyingPaymaster.TransactOpts)
}

// ValidatePaymasterUserOp is a paid mutator transaction binding the contract method 0xf465c77e.
//
// Solidity: function validatePaymasterUserOp((address,uint256,bytes,bytes,uint256,uint256,uint256,uint256,uint256,bytes,bytes) userOp, bytes32 userOpHash, uint256 maxCost) returns(bytes context, uint256 validationData)
func (_VerifyingPaymaster *VerifyingPaymasterTransactor) ValidatePaymasterUserOp(opts *bind.TransactOpts, userOp UserOperation, userOpHash [32]byte, maxCost *big.Int) (*types.Transaction, error) {
	return _VerifyingPaymaster.contract.Transact(opts, "validatePaymasterUserOp", userOp, userOpHash, maxCost)
}

// ValidatePaymasterUserOp is a paid mutator transaction binding the contract method 0xf465c77e.
//
// Solidity: function validatePaymasterUserOp((address,uint256,bytes,bytes,uint256,uint256,uint256,uint256,uint256,bytes,bytes) userOp, bytes32 userOpHash, uint256 maxCost) returns(bytes context, uint256 validationData)
func (_VerifyingPaymaster *VerifyingPaymasterSession) ValidatePaymasterUserOp(userOp UserOperation, userOpHash [32]byte, maxCost *big.Int) (*types.Transaction, error) {
	return _VerifyingPaymaster.Contract.ValidatePaymasterUserOp(&_VerifyingPaymaster.TransactOpts, userOp, userOpHash, maxCost)
}

// ValidatePaymasterUserOp is a paid mutator transaction binding the contract method 0xf465c77e.
//
// Solidity: function validatePaymasterUserOp((address,uint256,bytes,bytes,uint256,uint256,uint256,uint256,uint256,bytes,bytes) userOp, bytes32 userOpHash, uint256 maxCost) returns(bytes context, uint256 validationData)
func (_VerifyingPaymaster *VerifyingPaymasterTransactorSession) ValidatePaymasterUserOp(userOp UserOperation, userOpHash [32]byte, maxCost *big.Int) (*types.Transaction, error) {
	return _VerifyingPaymaster.Contract.ValidatePaymasterUserOp(&_VerifyingPaymaster.TransactOpts, userOp, userOpHash, maxCost)
}

// WithdrawStake is a paid mutator transaction binding the contract method 0xc23a5cea.
//
// Solidity: function withdrawStake(address withdrawAddress) returns()
func (_VerifyingPaymaster *VerifyingPaymasterTransactor) WithdrawStake(opts *bind.TransactOpts, withdrawAddress common.Address) (*types.Transaction, error) {
	return _VerifyingPaymaster.contract.Transact(opts, "withdrawStake", withdrawAddress)
}

// WithdrawStake is a paid mutator transaction binding the contract method 0xc23a5cea.
//
// Solidity: function withdrawStake(address withdrawAddress) returns()
func (_VerifyingPaymaster *VerifyingPaymasterSession) WithdrawStake(withdrawAddress common.Address) (*types.Transaction, error) {
	return _VerifyingPaymaster.Contract.WithdrawStake(&_VerifyingPaymaster.TransactOpts, withdrawAddress)
}

// WithdrawStake is a paid mutator transaction binding the contract method 0xc23a5cea.
//
// Solidity: function withdrawStake(address withdrawAddress) returns()
func (_VerifyingPaymaster *VerifyingPaymasterTransactorSession) WithdrawStake(withdrawAddress common.Address) (*types.Transaction, error) {
	return _VerifyingPaymaster.Contract.WithdrawStake(&_VerifyingPaymaster.TransactOpts, withdrawAddress)
}

// WithdrawTo is a paid mutator transaction binding the contract method 0x205c2878.
//
// Solidity: function withdrawTo(address withdrawAddress, uint256 amount) returns()
func (_VerifyingPaymaster *VerifyingPaymasterTransactor) WithdrawTo(opts *bind.TransactOpts, withdrawAddress common.Address, amount *big.Int) (*types.Transaction, error) {
	return _VerifyingPaymaster.contract.Transact(opts, "withdrawTo", withdrawAddress, amount)
}

// WithdrawTo is a paid mutator transaction binding the contract method 0x205c2878.
//
// Solidity: function withdrawTo(address withdrawAddress, uint256 amount) returns()
func (_VerifyingPaymaster *VerifyingPaymasterSession) WithdrawTo(withdrawAddress common.Address, amount *big.Int) (*types.Transaction, error) {
	return _VerifyingPaymaster.Contract.WithdrawTo(&_VerifyingPaymaster.TransactOpts, withdrawAddress, amount)
}

// WithdrawTo is a paid mutator transaction binding the contract method 0x205c2878.
//
// Solidity: function withdrawTo(address withdrawAddress, uint256 amount) returns()
func (_VerifyingPaymaster *VerifyingPaymasterTransactorSession) WithdrawTo(withdrawAddress common.Address, amount *big.Int) (*types.Transaction, error) {
	return _VerifyingPaymaster.Contract.WithdrawTo(&_VerifyingPaymaster.TransactOpts, withdrawAddress, amount)
}

// VerifyingPaymasterOwnershipTransferredIterator is returned from FilterOwnershipTransferred and is used to iterate over the raw logs and unpacked data for OwnershipTransferred events raised by the VerifyingPaymaster contract.
type VerifyingPaymasterOwnershipTransferredIterator struct {
	Event *VerifyingPaymasterOwnershipTransferred // Event containing the contract specifics and raw log

	contract *bind.BoundContract // Generic contract to use for unpacking event data
	event    string              // Event name to use for unpacking event data

	logs chan types.Log        // Log channel receiving the found contract events
	sub  ethereum.Subscription // Subscription for errors, completion and termination
	done bool                  // Whether the subscription completed delivering logs
	fail error                 // Occurred error to stop iteration
}

// Next advances the iterator to the subsequent event, returning whether there
// are any more events found. In case of a retrieval or parsing error, false is
// returned and Error() can be queried for the exact failure.
func (it *VerifyingPaymasterOwnershipTransferredIterator) Next() bool {
	// If the iterator failed, stop iterating
	if it.fail != nil {
		return false
	}
	// If the iterator completed, deliver directly whatever's available
	if it.done {
		select {
		case log := <-it.logs:
			it.Event = new(VerifyingPaymasterOwnershipTransferred)
			if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
				it.fail = err
				return false
			}
			it.Event.Raw = log
			return true

		default:
			return false
		}
	}
	// Iterator still in progress, wait for either a data or an error event
	select {
	case log := <-it.logs:
		it.Event = new(VerifyingPaymasterOwnershipTransferred)
		if err := it.contract.UnpackLog(it.Event, it.event, log); err != nil {
			it.fail = err
			return false
		}
		it.Event.Raw = log
		return true

	case err := <-it.sub.Err():
		it.done = true
		it.fail = err
		return it.Next()
	}
}

// Error returns any retrieval or parsing error occurred during filtering.
func (it *VerifyingPaymasterOwnershipTransferredIterator) Error() error {
	return it.fail
}

// Close terminates the iteration process, releasing any pending underlying
// resources.
func (it *VerifyingPaymasterOwnershipTransferredIterator) Close() error {
	it.sub.Unsubscribe()
	return nil
}

// VerifyingPaymasterOwnershipTransferred represents a OwnershipTransferred event raised by the VerifyingPaymaster contract.
type VerifyingPaymasterOwnershipTransferred struct {
	PreviousOwner common.Address
	NewOwner      common.Address
	Raw           types.Log // Blockchain specific contextual infos
}

// FilterOwnershipTransferred is a free log retrieval operation binding the contract event 0x8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0.
//
// Solidity: event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)
func (_VerifyingPaymaster *VerifyingPaymasterFilterer) FilterOwnershipTransferred(opts *bind.FilterOpts, previousOwner []common.Address, newOwner []common.Address) (*VerifyingPaymasterOwnershipTransferredIterator, error) {

	var previousOwnerRule []interface{}
	for _, previousOwnerItem := range previousOwner {
		previousOwnerRule = append(previousOwnerRule, previousOwnerItem)
	}
	var newOwnerRule []interface{}
	for _, newOwnerItem := range newOwner {
		newOwnerRule = append(newOwnerRule, newOwnerItem)
	}

	logs, sub, err := _VerifyingPaymaster.contract.FilterLogs(opts, "OwnershipTransferred", previousOwnerRule, newOwnerRule)
	if err != nil {
		return nil, err
	}
	return &VerifyingPaymasterOwnershipTransferredIterator{contract: _VerifyingPaymaster.contract, event: "OwnershipTransferred", logs: logs, sub: sub}, nil
}

// WatchOwnershipTransferred is a free log subscription operation binding the contract event 0x8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0.
//
// Solidity: event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)
func (_VerifyingPaymaster *VerifyingPaymasterFilterer) WatchOwnershipTransferred(opts *bind.WatchOpts, sink chan<- *VerifyingPaymasterOwnershipTransferred, previousOwner []common.Address, newOwner []common.Address) (event.Subscription, error) {

	var previousOwnerRule []interface{}
	for _, previousOwnerItem := range previousOwner {
		previousOwnerRule = append(previousOwnerRule, previousOwnerItem)
	}
	var newOwnerRule []interface{}
	for _, newOwnerItem := range newOwner {
		newOwnerRule = append(newOwnerRule, newOwnerItem)
	}

	logs, sub, err := _VerifyingPaymaster.contract.WatchLogs(opts, "OwnershipTransferred", previousOwnerRule, newOwnerRule)
	if err != nil {
		return nil, err
	}
	return event.NewSubscription(func(quit <-chan struct{}) error {
		defer sub.Unsubscribe()
		for {
			select {
			case log := <-logs:
				// New log arrived, parse the event and forward to the user
				event := new(VerifyingPaymasterOwnershipTransferred)
				if err := _VerifyingPaymaster.contract.UnpackLog(event, "OwnershipTransferred", log); err != nil {
					// If the signature doesn't match, skip this log.
					if errors.Is(err, bind.ErrEventSignatureMismatch) {
						continue
					}
					return err
				}
				event.Raw = log

				select {
				case sink <- event:
				case err := <-sub.Err():
					return err
				case <-quit:
					return nil
				}
			case err := <-sub.Err():
				return err
			case <-quit:
				return nil
			}
		}
	}), nil
}

// ParseOwnershipTransferred is a log parse operation binding the contract event 0x8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0.
//
// Solidity: event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)
func (_VerifyingPaymaster *VerifyingPaymasterFilterer) ParseOwnershipTransferred(log types.Log) (*VerifyingPaymasterOwnershipTransferred, error) {
	event := new(VerifyingPaymasterOwnershipTransferred)
	if err := _VerifyingPaymaster.contract.UnpackLog(event, "OwnershipTransferred", log); err != nil {
		return nil, err
	}
	event.Raw = log
	return event, nil
}
