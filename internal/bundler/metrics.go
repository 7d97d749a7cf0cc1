package bundler

import (
	"regexp"

	"github.com/prometheus/client_golang/prometheus"
)

// Metrics are the bundler's Prometheus collectors. Create them once per
// process and register Collectors() with the registry that /metrics
// serves; pass the same Metrics to every bundler the process makes.
type Metrics struct {
	// BundlesSent counts handleOps transactions sent (replacements apart).
	BundlesSent prometheus.Counter
	// BundlesFailed counts handleOps transactions mined with a failed status.
	BundlesFailed prometheus.Counter
	// BundleOps is the number of operations per bundle sent.
	BundleOps prometheus.Histogram
	// OpsSent counts operations sent: in a bundle (built-in) or to the
	// hosted bundler (external).
	OpsSent prometheus.Counter
	// OpsDropped counts dropped operations by reason class: the EntryPoint
	// code ("AA25") when there is one, else "expired", "gas_limit",
	// "reverted", "rejected" or "other".
	OpsDropped *prometheus.CounterVec
	// Pending is the number of operations the bundler holds that have not
	// been mined yet (queued or in a transaction).
	Pending prometheus.Gauge
	// Replacements counts replacement transactions (same nonce, higher fee).
	Replacements prometheus.Counter
}

// NewMetrics returns unregistered collectors named predict_bundler_*.
func NewMetrics() *Metrics {
	const ns, sub = "predict", "bundler"
	return &Metrics{
		BundlesSent: prometheus.NewCounter(prometheus.CounterOpts{Namespace: ns, Subsystem: sub,
			Name: "bundles_sent_total", Help: "handleOps transactions sent, replacements apart."}),
		BundlesFailed: prometheus.NewCounter(prometheus.CounterOpts{Namespace: ns, Subsystem: sub,
			Name: "bundles_failed_total", Help: "handleOps transactions mined with a failed status."}),
		BundleOps: prometheus.NewHistogram(prometheus.HistogramOpts{Namespace: ns, Subsystem: sub,
			Name: "bundle_ops", Help: "Operations per handleOps transaction sent.",
			Buckets: []float64{1, 2, 5, 10, 20, 50, 100, 200}}),
		OpsSent: prometheus.NewCounter(prometheus.CounterOpts{Namespace: ns, Subsystem: sub,
			Name: "ops_sent_total", Help: "Operations sent in a bundle or to the hosted bundler."}),
		OpsDropped: prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: ns, Subsystem: sub,
			Name: "ops_dropped_total", Help: "Operations dropped, by reason class (EntryPoint code such as AA25, or expired, gas_limit, reverted, rejected, other)."},
			[]string{"reason"}),
		Pending: prometheus.NewGauge(prometheus.GaugeOpts{Namespace: ns, Subsystem: sub,
			Name: "pending_ops", Help: "Operations held by the bundler and not mined yet."}),
		Replacements: prometheus.NewCounter(prometheus.CounterOpts{Namespace: ns, Subsystem: sub,
			Name: "replacements_total", Help: "Replacement transactions sent for stuck bundles."}),
	}
}

// Collectors returns every collector, for prometheus.Registerer.MustRegister.
func (m *Metrics) Collectors() []prometheus.Collector {
	return []prometheus.Collector{m.BundlesSent, m.BundlesFailed, m.BundleOps, m.OpsSent, m.OpsDropped, m.Pending, m.Replacements}
}

var aaCode = regexp.MustCompile(`\bAA\d\d\b`)

// Reason classes of drops that carry no EntryPoint code. The label set
// stays small: the EntryPoint codes are a fixed list of about thirty.
const (
	reasonExpired  = "expired"
	reasonGasLimit = "gas_limit"
	reasonReverted = "reverted"
	reasonRejected = "rejected"
	reasonOther    = "other"
)

// reasonClass maps a drop reason to its metric label.
func reasonClass(reason, fallback string) string {
	if code := aaCode.FindString(reason); code != "" {
		return code
	}
	return fallback
}
