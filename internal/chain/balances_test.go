package chain_test

import (
	"math/big"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/predict-dev/predict/internal/chain"
)

// TestBalanceCollector reads the paymaster's EntryPoint deposit and the
// bundler's ether from a chain with the suite deployed.
func TestBalanceCollector(t *testing.T) {
	env := ctNewEnv(t, 1)
	bundler := env.users[0].addr
	c := chain.NewBalanceCollector(env.client, env.suite.EntryPoint, env.suite.Paymaster, &bundler)
	reg := prometheus.NewRegistry()
	reg.MustRegister(c)
	balance, err := env.client.BalanceAt(env.ctx, bundler, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := "# HELP predict_paymaster_deposit_wei The paymaster's deposit in the EntryPoint, which pays for sponsored operations.\n" +
		"# TYPE predict_paymaster_deposit_wei gauge\npredict_paymaster_deposit_wei 1e+18\n" +
		"# HELP predict_chain_balance_read_errors_total Failed reads of the paymaster deposit or the bundler balance.\n" +
		"# TYPE predict_chain_balance_read_errors_total counter\npredict_chain_balance_read_errors_total 0\n"
	if err := testutil.GatherAndCompare(reg, strings.NewReader(want), "predict_paymaster_deposit_wei", "predict_chain_balance_read_errors_total"); err != nil {
		t.Fatal(err)
	}
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() == "predict_bundler_balance_wei" {
			want, _ := new(big.Float).SetInt(balance).Float64()
			if got := mf.GetMetric()[0].GetGauge().GetValue(); got != want || got == 0 {
				t.Fatalf("bundler balance %v, want %v", got, want)
			}
			return
		}
	}
	t.Fatal("no predict_bundler_balance_wei")
}
