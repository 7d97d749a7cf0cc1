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
		Head:        gauge("head_block", "Latest block number of the chain seen by the indexer."),
		Indexed:     gauge("indexed_block", "Last block number applied to the store."),
		Lag:         gauge("lag_blocks", "Blocks between the chain head and the last applied block."),
		LogsApplied: counter("logs_applied_total", "Contract logs applied to the store."),
		Reorgs:      counter("reorgs_total", "Chain reorganisations undone."),
		Errors:      counter("errors_total", "Sync rounds that failed (retried with backoff)."),
		BatchSeconds: prometheus.NewHistogram(prometheus.HistogramOpts{Namespace: "predict", Subsystem: "indexer",
			Name: "batch_seconds", Help: "Time to read and apply one batch of blocks.",
			Buckets: prometheus.ExponentialBuckets(0.005, 2, 12)}),
		ConsecutiveFailures: gauge("consecutive_failures", "Sync rounds that failed in a row; 0 after a round that succeeded."),
		Quarantined:         counter("quarantined_logs_total", "Logs the store could not apply, set aside so that the rest is applied."),
		QuarantinedLogs:     gauge("quarantined_logs", "Logs in quarantine in the store, waiting for an operator to replay or clear them."),
	}
}

// gauge is a gauge of the indexer's subsystem.
func gauge(name, help string) prometheus.Gauge {
	return prometheus.NewGauge(prometheus.GaugeOpts{Namespace: "predict", Subsystem: "indexer", Name: name, Help: help})
}

// counter is a counter of the indexer's subsystem.
func counter(name, help string) prometheus.Counter {
	return prometheus.NewCounter(prometheus.CounterOpts{Namespace: "predict", Subsystem: "indexer", Name: name, Help: help})
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
