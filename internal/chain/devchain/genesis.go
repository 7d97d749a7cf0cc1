package devchain

import (
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/params"
)

// DefaultChainID is the chain id of the embedded chain unless configured,
// the same as geth --dev, so wallets and tools already know it as a dev chain.
const DefaultChainID = 1337

// GasLimit is the block gas limit of the embedded chain: the mainnet limit of
// the pinned fork era. Osaka also caps one transaction at 2^24 gas
// (params.MaxTxGas), so large handleOps batches must be split regardless.
const GasLimit = 60_000_000

// FeeRecipient receives the priority fees of the blocks the embedded chain
// seals. No key controls it; it is kept apart from the service's own accounts
// so their balances change only by what they send.
var FeeRecipient = common.HexToAddress("0x000000000000000000000000000000000000fee0")

// initialBalance funds each service account at genesis: 10^9 ether, enough
// for any dev or load-test use even when the base fee climbs under load.
var initialBalance = new(big.Int).Mul(big.NewInt(1e9), big.NewInt(params.Ether))

// ChainConfig returns the fork configuration of the embedded chain: every
// fork up to the one live on mainnet in go-ethereum v1.17.10 (Osaka with the
// BPO1 and BPO2 blob parameter updates), active from genesis. It is pinned
// rather than taken from params.AllDevChainProtocolChanges, which also
// enables experimental forks whose gas schedule is far from mainnet, so gas
// measured here predicts gas on a real chain. Contract tests on the
// simulated backend can use it too.
func ChainConfig(chainID uint64) *params.ChainConfig {
	zero := func() *uint64 { var z uint64; return &z }
	return &params.ChainConfig{
		ChainID:                 new(big.Int).SetUint64(chainID),
		HomesteadBlock:          big.NewInt(0),
		EIP150Block:             big.NewInt(0),
		EIP155Block:             big.NewInt(0),
		EIP158Block:             big.NewInt(0),
		ByzantiumBlock:          big.NewInt(0),
		ConstantinopleBlock:     big.NewInt(0),
		PetersburgBlock:         big.NewInt(0),
		IstanbulBlock:           big.NewInt(0),
		MuirGlacierBlock:        big.NewInt(0),
		BerlinBlock:             big.NewInt(0),
		LondonBlock:             big.NewInt(0),
		ArrowGlacierBlock:       big.NewInt(0),
		GrayGlacierBlock:        big.NewInt(0),
		TerminalTotalDifficulty: big.NewInt(0),
		ShanghaiTime:            zero(),
		CancunTime:              zero(),
		PragueTime:              zero(),
		OsakaTime:               zero(),
		BPO1Time:                zero(),
		BPO2Time:                zero(),
		BlobScheduleConfig: &params.BlobScheduleConfig{
			Cancun: params.DefaultCancunBlobConfig,
			Prague: params.DefaultPragueBlobConfig,
			BPO1:   params.DefaultBPO1BlobConfig,
			BPO2:   params.DefaultBPO2BlobConfig,
		},
	}
}

// Genesis returns the genesis of the embedded chain. It is deterministic in
// its inputs: a data directory created with one set of keys and chain id is
// rejected (genesis mismatch) when opened with another, instead of silently
// running a chain whose funded accounts nobody holds the keys to.
func Genesis(chainID uint64, funded ...common.Address) *core.Genesis {
	sys := core.SystemContractAllocs()
	alloc := types.GenesisAlloc{}
	// Only the system contracts mainnet has: the forks active here call
	// into the first four every block, and the deterministic CREATE2
	// factory (0x4e59...956C) exists on mainnet and on most L2s.
	for _, a := range []common.Address{
		params.BeaconRootsAddress,
		params.HistoryStorageAddress,
		params.WithdrawalQueueAddress,
		params.ConsolidationQueueAddress,
		params.DeterministicFactoryAddress,
	} {
		alloc[a] = sys[a]
	}
	for _, a := range funded {
		alloc[a] = types.Account{Balance: new(big.Int).Set(initialBalance)}
	}
	return &core.Genesis{
		Config:     ChainConfig(chainID),
		GasLimit:   GasLimit,
		BaseFee:    big.NewInt(params.InitialBaseFee),
		Difficulty: big.NewInt(0),
		Alloc:      alloc,
	}
}
