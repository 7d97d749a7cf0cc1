package chain

import (
	"context"
	"math/big"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/predict-dev/predict/internal/chain/bindings"
)

// BalanceReader is what BalanceCollector reads from the chain.
type BalanceReader interface {
	bind.ContractCaller
	BalanceAt(ctx context.Context, account common.Address, block *big.Int) (*big.Int, error)
}

// BalanceCollector exports the two balances an operator must keep funded:
// the paymaster's deposit in the EntryPoint (every sponsored operation
// draws on it; at zero, sponsored operations fail validation with AA31)
// and the ether of the built-in bundler's account (it pays for handleOps
// and is refunded by the EntryPoint). It reads them on scrape, at most
// once per refresh interval, so a scrape never waits on a slow node for
// longer than its timeout.
type BalanceCollector struct {
	client     BalanceReader
	entryPoint common.Address
	paymaster  common.Address
	bundler    *common.Address

	mu      sync.Mutex
	readAt  time.Time
	deposit *big.Int
	gas     *big.Int
	failed  float64

	descDeposit, descGas, descErrors *prometheus.Desc
}

// balanceRefresh bounds how often a scrape reads the chain.
const balanceRefresh = 10 * time.Second

// NewBalanceCollector watches the paymaster's deposit and, when bundler
// is not nil, the bundler account's ether.
func NewBalanceCollector(client BalanceReader, entryPoint, paymaster common.Address, bundler *common.Address) *BalanceCollector {
	return &BalanceCollector{
		client: client, entryPoint: entryPoint, paymaster: paymaster, bundler: bundler,
		descDeposit: prometheus.NewDesc("predict_paymaster_deposit_wei",
			"The paymaster's deposit in the EntryPoint, which pays for sponsored operations.", nil, nil),
		descGas: prometheus.NewDesc("predict_bundler_balance_wei",
			"Ether of the built-in bundler's account, which sends handleOps.", nil, nil),
		descErrors: prometheus.NewDesc("predict_chain_balance_read_errors_total",
			"Failed reads of the paymaster deposit or the bundler balance.", nil, nil),
	}
}

// Describe implements prometheus.Collector.
func (c *BalanceCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- c.descDeposit
	ch <- c.descGas
	ch <- c.descErrors
}

// Collect implements prometheus.Collector.
func (c *BalanceCollector) Collect(ch chan<- prometheus.Metric) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if time.Since(c.readAt) >= balanceRefresh {
		c.read()
	}
	if c.deposit != nil {
		ch <- prometheus.MustNewConstMetric(c.descDeposit, prometheus.GaugeValue, weiFloat(c.deposit))
	}
	if c.gas != nil {
		ch <- prometheus.MustNewConstMetric(c.descGas, prometheus.GaugeValue, weiFloat(c.gas))
	}
	ch <- prometheus.MustNewConstMetric(c.descErrors, prometheus.CounterValue, c.failed)
}

func (c *BalanceCollector) read() {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	c.readAt = time.Now()
	ep, err := bindings.NewEntryPointCaller(c.entryPoint, c.client)
	if err == nil {
		var deposit *big.Int
		if deposit, err = ep.BalanceOf(&bind.CallOpts{Context: ctx}, c.paymaster); err == nil {
			c.deposit = deposit
		}
	}
	if err != nil {
		c.failed++
	}
	if c.bundler != nil {
		gas, err := c.client.BalanceAt(ctx, *c.bundler, nil)
		if err != nil {
			c.failed++
		} else {
			c.gas = gas
		}
	}
}

func weiFloat(x *big.Int) float64 {
	f, _ := new(big.Float).SetInt(x).Float64()
	return f
}
