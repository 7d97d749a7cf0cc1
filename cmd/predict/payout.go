package main

import (
	"github.com/ethereum/go-ethereum/common"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/predict-dev/predict/internal/payout"
)

// openPayout builds the worker that pays the holders and LPs of ended
// markets on their behalf, or nil without the operator key that sends
// its batches.
func (m *Main) openPayout(reg *prometheus.Registry) (*payout.Worker, error) {
	log := m.Logger.With("component", "payout")
	if m.Operator == nil {
		log.Warn("no operator key: winnings are not paid out automatically, holders claim them", "hint", "set PREDICT_OPERATOR_KEY_FILE")
		return nil, nil
	}
	metrics := payout.NewMetrics()
	for _, c := range metrics.Collectors() {
		if err := reg.Register(c); err != nil {
			return nil, err
		}
	}
	var skip []common.Address
	for _, a := range []string{m.Deployment.LimitOrders, m.Deployment.Exchange} {
		if common.IsHexAddress(a) {
			skip = append(skip, common.HexToAddress(a))
		}
	}
	return payout.New(payout.Config{Store: m.Store, Payer: m.Operator, Bus: m.Bus, Delay: m.Config.PayoutDelay, Skip: skip,
		Metrics: metrics, Logger: log}), nil
}
