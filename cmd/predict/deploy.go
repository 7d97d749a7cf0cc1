package main

import (
	"context"
	"fmt"
	"io"
	"math/big"
	"os"
	"strconv"
	"strings"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict/internal/chain"
	"github.com/predict-dev/predict/internal/cli"
)

// addressList is a repeatable address flag.
type addressList []common.Address

func (l *addressList) String() string { return fmt.Sprint(*l) }
func (l *addressList) Set(v string) error {
	if !common.IsHexAddress(v) {
		return fmt.Errorf("%q is not an address", v)
	}
	*l = append(*l, common.HexToAddress(v))
	return nil
}

// runDeploy deploys the contract suite to a chain over JSON-RPC and prints
// the PREDICT_* lines that point `predict serve` at it. Keys come from the
// environment or files, never from flags, which shell history would keep.
func runDeploy(ctx context.Context, cfg *Config, args []string, stdout, stderr io.Writer) error {
	fs := commandFlags("deploy", stderr)
	rpcURL := fs.String("rpc", cfg.ChainRPCURL, "JSON-RPC URL of the chain (default $PREDICT_CHAIN_RPC_URL)")
	devTokens := fs.Bool("dev-tokens", false, "also deploy the two mintable development base tokens (USDC-like and points)")
	var baseTokens addressList
	fs.Var(&baseTokens, "base-token", "existing base token to allow-list (repeatable), e.g. USDC")
	feeBps := fs.Uint("fee-bps", chain.DefaultFeeBps, "default trading fee of new markets, basis points (at most 1000)")
	deposit := fs.String("paymaster-deposit", "0", "wei to deposit for the paymaster in the EntryPoint")
	stake := fs.String("paymaster-stake", "0", "wei to stake for the paymaster (external bundlers require a stake)")
	unstakeDelay := fs.Uint("unstake-delay", 86400, "paymaster unstake delay, seconds")
	arbitrator := fs.String("arbitrator", os.Getenv("PREDICT_ARBITRATOR"), "address that decides disputed assertions, e.g. a multisig (default $PREDICT_ARBITRATOR; an admin can grant the arbitrator role to a user later)")
	bond := fs.String("bond", strconv.Itoa(chain.DefaultBond), "bond an assertion and a dispute post on markets with a challenge window, base units")
	disputeFee := fs.Uint("dispute-fee-bps", chain.DefaultDisputeFeeBps, "share of the losing bond of a dispute paid to the treasury, basis points (at most 5000)")
	strict := fs.Bool("strict-markets", false, "leave the factory's default market flags at 0: no market settles at once or before its end unless created saying so (docs/contracts.md, trust model); the service's markets then need a challenge window")
	signer := fs.String("paymaster-signer", "", "address of the paymaster's verifying signer (default: the address of PREDICT_PAYMASTER_KEY or PREDICT_PAYMASTER_KEY_FILE)")
	if err := parseCommandFlags(fs, args); err != nil {
		return err
	}
	// A command line that cannot run is a usage error: exit status 2.
	usage := func(format string, a ...any) error { return &cli.UsageError{Err: fmt.Errorf(format, a...)} }
	if *rpcURL == "" {
		return usage("deploy: --rpc or PREDICT_CHAIN_RPC_URL is required")
	}
	if !*devTokens && len(baseTokens) == 0 {
		return usage("deploy: give at least one --base-token, or --dev-tokens")
	}
	amount := func(name, v string) (*big.Int, error) {
		n, ok := new(big.Int).SetString(v, 10)
		if !ok || n.Sign() < 0 {
			return nil, usage("deploy: --%s must be a non-negative integer of wei", name)
		}
		return n, nil
	}
	dep, err := amount("paymaster-deposit", *deposit)
	if err != nil {
		return err
	}
	stk, err := amount("paymaster-stake", *stake)
	if err != nil {
		return err
	}
	bnd, err := amount("bond", *bond)
	if err != nil {
		return err
	}
	if *disputeFee > 5000 {
		return usage("deploy: --dispute-fee-bps %d is above the 5000 maximum", *disputeFee)
	}
	var arb common.Address
	if *arbitrator != "" {
		if !common.IsHexAddress(*arbitrator) {
			return usage("deploy: --arbitrator %q is not an address", *arbitrator)
		}
		arb = common.HexToAddress(*arbitrator)
	}
	operator, err := chain.KeyFromEnvOrFile("PREDICT_OPERATOR_KEY", "PREDICT_OPERATOR_KEY_FILE")
	if err != nil {
		return fmt.Errorf("deploy: operator key: %w", err)
	}
	var pmSigner common.Address
	switch {
	case *signer != "":
		if !common.IsHexAddress(*signer) {
			return usage("deploy: --paymaster-signer %q is not an address", *signer)
		}
		pmSigner = common.HexToAddress(*signer)
	default:
		k, err := chain.KeyFromEnvOrFile("PREDICT_PAYMASTER_KEY", "PREDICT_PAYMASTER_KEY_FILE")
		if err != nil {
			return fmt.Errorf("deploy: paymaster signer: %w (or pass --paymaster-signer)", err)
		}
		pmSigner = crypto.PubkeyToAddress(k.PublicKey)
	}

	client, err := chain.Dial(ctx, *rpcURL)
	if err != nil {
		return err
	}
	defer client.Close()
	chainID, err := client.ChainID(ctx)
	if err != nil {
		return fmt.Errorf("deploy: read chain id: %w", err)
	}
	opts, err := bind.NewKeyedTransactorWithChainID(operator, chainID)
	if err != nil {
		return err
	}
	opts.Context = ctx
	sc := chain.SuiteConfig{
		PaymasterSigner: pmSigner, PaymasterDeposit: dep, PaymasterStake: stk, PaymasterUnstakeDelay: uint32(*unstakeDelay),
		ExtraBaseTokens: baseTokens, FeeBps: uint16(*feeBps), Arbitrator: arb, Bond: bnd, DisputeFeeBps: uint16(*disputeFee),
		StrictMarkets: *strict,
	}
	if *devTokens {
		sc.BaseTokens = chain.DefaultBaseTokens()
	}
	fmt.Fprintf(stderr, "deploying the contract suite to chain %s from %s …\n", chainID, crypto.PubkeyToAddress(operator.PublicKey).Hex())
	suite, err := chain.DeploySuite(ctx, client, opts, sc)
	if err != nil {
		return fmt.Errorf("deploy: %w", err)
	}
	tokens := make([]string, 0, len(suite.BaseTokens)+len(baseTokens))
	for _, t := range suite.BaseTokens {
		tokens = append(tokens, t.Address.Hex())
	}
	for _, t := range baseTokens {
		tokens = append(tokens, t.Hex())
	}
	fmt.Fprintf(stderr, "deployed at block %d; configure predict serve with:\n", suite.DeployBlock)
	fmt.Fprintf(stdout, "PREDICT_CHAIN_RPC_URL=%s\nPREDICT_CHAIN_ID=%d\nPREDICT_ENTRYPOINT=%s\nPREDICT_ACCOUNT_FACTORY=%s\nPREDICT_PAYMASTER=%s\nPREDICT_MARKET_FACTORY=%s\nPREDICT_LIMIT_ORDERS=%s\nPREDICT_EXCHANGE=%s\nPREDICT_BASE_TOKENS=%s\nPREDICT_DEPLOY_BLOCK=%d\n",
		*rpcURL, suite.ChainID, suite.EntryPoint.Hex(), suite.AccountFactory.Hex(), suite.Paymaster.Hex(), suite.MarketFactory.Hex(), suite.LimitOrders.Hex(),
		suite.Exchange.Hex(), strings.Join(tokens, ","), suite.DeployBlock)
	return nil
}
