package chain

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/chain/bindings"
)

// LoadSuite reads a suite written by SaveSuite. A missing file is
// os.ErrNotExist.
func LoadSuite(path string) (*Suite, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var s Suite
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, fmt.Errorf("decode %s: %w", path, err)
	}
	return &s, nil
}

// SaveSuite writes the suite atomically (temp file, then rename), so a
// crash never leaves half a file that would trigger a second deployment.
func SaveSuite(path string, s *Suite) error {
	raw, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".suite-*.json")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(append(raw, '\n')); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// EnsureSuite returns the suite recorded at path when its contracts are
// on the chain, and otherwise deploys a new one and records it. The code
// check catches a data directory whose chain was reset while the file
// survived.
func EnsureSuite(ctx context.Context, backend DeployBackend, opts *bind.TransactOpts, path string, cfg SuiteConfig, log *slog.Logger) (*Suite, error) {
	s, err := LoadSuite(path)
	switch {
	case err == nil:
		deployed, cerr := suiteDeployed(ctx, backend, s)
		if cerr != nil {
			return nil, cerr
		}
		if deployed && s.LimitOrders == (common.Address{}) {
			// A suite recorded before the escrow existed: add it rather
			// than redeploy everything (the markets stay where they are).
			if s.LimitOrders, err = DeployLimitOrders(ctx, backend, opts, s.MarketFactory, cfg.Commit); err != nil {
				return nil, err
			}
			if err := SaveSuite(path, s); err != nil {
				return nil, fmt.Errorf("record suite: %w", err)
			}
			log.Info("LimitOrders deployed for the recorded suite", "file", path, "limitOrders", s.LimitOrders.Hex())
		}
		if deployed && s.Exchange == (common.Address{}) {
			if s.Exchange, err = DeployExchange(ctx, backend, opts, s.MarketFactory, cfg.Commit); err != nil {
				return nil, err
			}
			if err := SaveSuite(path, s); err != nil {
				return nil, fmt.Errorf("record suite: %w", err)
			}
			log.Info("Exchange deployed for the recorded suite", "file", path, "exchange", s.Exchange.Hex())
		}
		if deployed {
			log.Info("contract suite found", "file", path, "marketFactory", s.MarketFactory.Hex(), "deployBlock", s.DeployBlock)
			return s, nil
		}
		log.Warn("contract suite of the data directory is not on this chain; deploying a new one", "file", path)
	case errors.Is(err, os.ErrNotExist):
		log.Info("deploying the contract suite (first start)")
	default:
		return nil, err
	}
	start := time.Now()
	if s, err = DeploySuite(ctx, backend, opts, cfg); err != nil {
		return nil, err
	}
	if err := SaveSuite(path, s); err != nil {
		return nil, fmt.Errorf("record suite: %w", err)
	}
	log.Info("contract suite deployed", "entryPoint", s.EntryPoint.Hex(), "marketFactory", s.MarketFactory.Hex(),
		"paymaster", s.Paymaster.Hex(), "block", s.DeployBlock, "took", time.Since(start).Round(time.Millisecond))
	return s, nil
}

// suiteDeployed reports whether every contract of s has code.
func suiteDeployed(ctx context.Context, backend DeployBackend, s *Suite) (bool, error) {
	addrs := []common.Address{s.EntryPoint, s.AccountFactory, s.Paymaster, s.MarketFactory}
	if s.LimitOrders != (common.Address{}) {
		addrs = append(addrs, s.LimitOrders)
	}
	for _, t := range s.BaseTokens {
		addrs = append(addrs, t.Address)
	}
	for _, a := range addrs {
		code, err := backend.CodeAt(ctx, a, nil)
		if err != nil {
			return false, fmt.Errorf("read code at %s: %w", a.Hex(), err)
		}
		if len(code) == 0 {
			return false, nil
		}
	}
	return true, nil
}

// Deployment describes the suite for the API: addresses lowercased, the
// factory's current default fee read from the chain.
func (s *Suite) Deployment(ctx context.Context, backend bind.ContractCaller, blockInterval time.Duration, dev bool) (*predict.Deployment, error) {
	factory, err := bindings.NewMarketFactoryCaller(s.MarketFactory, backend)
	if err != nil {
		return nil, err
	}
	fee, err := factory.DefaultFeeBps(&bind.CallOpts{Context: ctx})
	if err != nil {
		return nil, fmt.Errorf("read default fee: %w", err)
	}
	bond, err := factory.DefaultBond(&bind.CallOpts{Context: ctx})
	if err != nil {
		return nil, fmt.Errorf("read default bond: %w", err)
	}
	d := &predict.Deployment{
		ChainID:        int64(s.ChainID),
		EntryPoint:     lower(s.EntryPoint),
		AccountFactory: lower(s.AccountFactory),
		Paymaster:      lower(s.Paymaster),
		MarketFactory:  lower(s.MarketFactory),
		LimitOrders:    lowerOrEmpty(s.LimitOrders),
		Exchange:       lowerOrEmpty(s.Exchange),
		FeeBps:         int(fee.Int64()),
		DeployBlock:    s.DeployBlock,
		BlockInterval:  blockInterval,
		Dev:            dev,
		Bond:           bond,
	}
	for _, t := range s.BaseTokens {
		d.BaseTokens = append(d.BaseTokens, predict.BaseToken{Address: lower(t.Address), Symbol: t.Symbol, Decimals: int(t.Decimals)})
	}
	return d, nil
}

func lower(a common.Address) string { return strings.ToLower(a.Hex()) }

// lowerOrEmpty is lower, with "" for the zero address of a contract the
// deployment does not have.
func lowerOrEmpty(a common.Address) string {
	if a == (common.Address{}) {
		return ""
	}
	return lower(a)
}

// SuiteAddresses are the contract addresses of a deployment made
// elsewhere (by `predict deploy`), as the configuration gives them.
type SuiteAddresses struct {
	EntryPoint, AccountFactory, Paymaster, MarketFactory common.Address
	// LimitOrders is zero when the deployment has no escrow: limit
	// orders are then refused.
	LimitOrders common.Address
	// Exchange is zero when the deployment has none: signed orders are
	// then not offered.
	Exchange    common.Address
	BaseTokens  []common.Address
	DeployBlock uint64
}

// SuiteAt describes a suite already deployed at addrs: it checks every
// contract has code and reads each base token's symbol and decimals.
func SuiteAt(ctx context.Context, backend DeployBackend, addrs SuiteAddresses) (*Suite, error) {
	chainID, err := backend.ChainID(ctx)
	if err != nil {
		return nil, fmt.Errorf("read chain id: %w", err)
	}
	s := &Suite{
		ChainID: chainID.Uint64(), EntryPoint: addrs.EntryPoint, AccountFactory: addrs.AccountFactory,
		Paymaster: addrs.Paymaster, MarketFactory: addrs.MarketFactory, LimitOrders: addrs.LimitOrders, Exchange: addrs.Exchange,
		DeployBlock: addrs.DeployBlock,
	}
	opts := &bind.CallOpts{Context: ctx}
	for _, a := range addrs.BaseTokens {
		t, err := bindings.NewBaseTokenCaller(a, backend)
		if err != nil {
			return nil, err
		}
		sym, err := t.Symbol(opts)
		if err != nil {
			return nil, fmt.Errorf("base token %s: read symbol: %w", a.Hex(), err)
		}
		dec, err := t.Decimals(opts)
		if err != nil {
			return nil, fmt.Errorf("base token %s: read decimals: %w", a.Hex(), err)
		}
		name, _ := t.Name(opts)
		s.BaseTokens = append(s.BaseTokens, BaseToken{Address: a, Name: name, Symbol: sym, Decimals: dec})
	}
	ok, err := suiteDeployed(ctx, backend, s)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("a configured contract has no code on chain %d: check the PREDICT_* addresses", s.ChainID)
	}
	return s, nil
}
