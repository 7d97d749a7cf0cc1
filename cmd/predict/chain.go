package main

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"path/filepath"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/node"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/chain"
	"github.com/predict-dev/predict/internal/chain/devchain"
)

// suiteFile records the contracts deployed into the embedded dev chain.
const suiteFile = "suite.json"

// devPaymasterDeposit funds the paymaster's EntryPoint deposit on the dev
// chain: 1000 ETH pays for millions of sponsored operations.
var devPaymasterDeposit = new(big.Int).Mul(big.NewInt(1000), big.NewInt(1e18))

// openChain connects the chain side: the embedded dev chain (deploying the
// suite at first start) or a real chain over JSON-RPC with a suite
// deployed by `predict deploy`.
func (m *Main) openChain(ctx context.Context) error {
	cfg, log := m.Config, m.Logger
	if cfg.DevChain() {
		keys, err := chain.LoadOrCreateKeys(cfg.DataDir)
		if err != nil {
			return fmt.Errorf("chain keys: %w", err)
		}
		if m.DevChain, err = devchain.Open(ctx, devchain.Config{
			Dir: cfg.DataDir, Period: cfg.DevBlockInterval, ChainID: cfg.DevChainID,
			Keys: keys, HTTPAddr: cfg.DevRPCAddr, Logger: log,
		}); errors.Is(err, node.ErrDatadirUsed) {
			dir, _ := filepath.Abs(cfg.DataDir)
			return fmt.Errorf("the data directory %s is in use: another predict serve holds it (its embedded chain is open); stop that one, or start this one with a data directory of its own: PREDICT_DATA_DIR=OTHER-DIR predict serve", dir)
		} else if err != nil {
			return fmt.Errorf("open dev chain: %w", err)
		}
		m.Client = m.DevChain.Client()
		opts, err := bind.NewKeyedTransactorWithChainID(keys.Operator, m.DevChain.ChainID())
		if err != nil {
			return err
		}
		opts.Context = ctx
		if m.Suite, err = chain.EnsureSuite(ctx, m.Client, opts, filepath.Join(cfg.DataDir, suiteFile), chain.SuiteConfig{
			PaymasterSigner:  keys.PaymasterAddress(),
			PaymasterDeposit: devPaymasterDeposit,
			BaseTokens:       chain.DefaultBaseTokens(),
			FeeBps:           chain.DefaultFeeBps,
			Bond:             big.NewInt(chain.DefaultBond),
			DisputeFeeBps:    chain.DefaultDisputeFeeBps,
		}, log); err != nil {
			return fmt.Errorf("contract suite: %w", err)
		}
		m.Operator = chain.NewOperator(m.Client, keys.Operator, m.Suite)
		m.Deployment, err = m.Suite.Deployment(ctx, m.Client, cfg.DevBlockInterval, true)
		if err != nil {
			return err
		}
		m.Deployment.ChallengeWindow = cfg.ChallengeWindow
		attrs := []any{"chainId", m.Deployment.ChainID, "blockInterval", cfg.DevBlockInterval, "dir", filepath.Join(cfg.DataDir, devchain.SubDir)}
		if url := m.DevChain.RPCURL(); url != "" {
			attrs = append(attrs, "rpc", url)
		}
		log.Info("embedded dev chain ready", attrs...)
		return nil
	}

	if cfg.addressesErr != nil {
		return cfg.addressesErr
	}
	client, err := chain.Dial(ctx, cfg.ChainRPCURL)
	if err != nil {
		return err
	}
	m.Client = client
	if cfg.ChainID != 0 {
		if err := chain.CheckChainID(ctx, client, new(big.Int).SetUint64(cfg.ChainID)); err != nil {
			return err
		}
	}
	if m.Suite, err = chain.SuiteAt(ctx, client, cfg.Addresses); err != nil {
		return err
	}
	if m.Deployment, err = m.Suite.Deployment(ctx, client, cfg.BlockInterval, false); err != nil {
		return err
	}
	m.Deployment.ChallengeWindow = cfg.ChallengeWindow
	key, err := chain.KeyFromEnvOrFile("PREDICT_OPERATOR_KEY", "PREDICT_OPERATOR_KEY_FILE")
	switch {
	case err == nil:
		m.Operator = chain.NewOperator(client, key, m.Suite)
	case errors.Is(err, chain.ErrNoKey):
		log.Warn("no operator key: role changes are recorded but not mirrored on chain", "hint", "set PREDICT_OPERATOR_KEY_FILE")
	default:
		return err
	}
	log.Info("chain ready", "rpc", chain.RedactURL(cfg.ChainRPCURL), "chainId", m.Deployment.ChainID, "marketFactory", m.Deployment.MarketFactory)
	return nil
}

// chainParts are the chain side's handles kept by Main.
type chainParts struct {
	DevChain   *devchain.Chain // nil on a real chain
	Client     *ethclient.Client
	Suite      *chain.Suite
	Deployment *predict.Deployment
	Operator   *chain.Operator // nil without an operator key
}
