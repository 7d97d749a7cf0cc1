package indexer

import (
	"errors"

	"github.com/prometheus/client_golang/prometheus"
)

// Metrics are the indexer's Prometheus collectors.
type Metrics struct {
	Head         prometheus.Gauge     // chain head seen
	Indexed      prometheus.Gauge     // last block applied
	Lag          prometheus.Gauge     // head minus indexed
	LogsApplied  prometheus.Counter   // effects applied (new logs)
	Reorgs       prometheus.Counter   // reorgs undone
	Errors       prometheus.Counter   // failed sync rounds
	BatchSeconds prometheus.Histogram // time to read and apply one batch
	// ConsecutiveFailures counts the sync rounds that failed since the
	// last one that succeeded.
	ConsecutiveFailures prometheus.Gauge
	Quarantined         prometheus.Counter // logs quarantined by this process
	QuarantinedLogs     prometheus.Gauge   // logs in quarantine in the store
}

func newMetrics() *Metrics {
	return &Metrics{
		Head: prometheus.NewGauge(prometheus.GaugeOpts{Namespace: "predict", Subsystem: "indexer",
			Name: "head_block", Help: "Latest block number of the chain seen by the indexer."}),
		Indexed: prometheus.NewGauge(prometheus.GaugeOpts{Namespace: "predict", Subsystem: "indexer",
			Name: "indexed_block", Help: "Last block number applied to the store."}),
		Lag: prometheus.NewGauge(prometheus.GaugeOpts{Namespace: "predict", Subsystem: "indexer",
			Name: "lag_blocks", Help: "Blocks between the chain head and the last applied block."}),
		LogsApplied: prometheus.NewCounter(prometheus.CounterOpts{Namespace: "predict", Subsystem: "indexer",
			Name: "logs_applied_total", Help: "Contract logs applied to the store."}),
		Reorgs: prometheus.NewCounter(prometheus.CounterOpts{Namespace: "predict", Subsystem: "indexer",
			Name: "reorgs_total", Help: "Chain reorganisations undone."}),
		Errors: prometheus.NewCounter(prometheus.CounterOpts{Namespace: "predict", Subsystem: "indexer",
			Name: "errors_total", Help: "Sync rounds that failed (retried with backoff)."}),
		BatchSeconds: prometheus.NewHistogram(prometheus.HistogramOpts{Namespace: "predict", Subsystem: "indexer",
			Name: "batch_seconds", Help: "Time to read and apply one batch of blocks.",
			Buckets: prometheus.ExponentialBuckets(0.005, 2, 12)}),
		ConsecutiveFailures: prometheus.NewGauge(prometheus.GaugeOpts{Namespace: "predict", Subsystem: "indexer",
			Name: "consecutive_failures", Help: "Sync rounds that failed in a row; 0 after a round that succeeded."}),
		Quarantined: prometheus.NewCounter(prometheus.CounterOpts{Namespace: "predict", Subsystem: "indexer",
			Name: "quarantined_logs_total", Help: "Logs the store could not apply, set aside so that the rest is applied."}),
		QuarantinedLogs: prometheus.NewGauge(prometheus.GaugeOpts{Namespace: "predict", Subsystem: "indexer",
			Name: "quarantined_logs", Help: "Logs in quarantine in the store, waiting for an operator to replay or clear them."}),
	}
}

func (m *Metrics) collectors() []prometheus.Collector {
	return []prometheus.Collector{m.Head, m.Indexed, m.Lag, m.LogsApplied, m.Reorgs, m.Errors, m.BatchSeconds,
		m.ConsecutiveFailures, m.Quarantined, m.QuarantinedLogs}
}

// Register registers every collector on r.
func (m *Metrics) Register(r prometheus.Registerer) error {
	var errs []error
	for _, c := range m.collectors() {
		errs = append(errs, r.Register(c))
	}
	return errors.Join(errs...)
}
