package netlimit

import (
	"github.com/prometheus/client_golang/prometheus"
)

var (
	descOpen     = prometheus.NewDesc("predict_http_connections", "Open HTTP connections (event streams included, reserve connections excluded).", nil, nil)
	descLimit    = prometheus.NewDesc("predict_http_connections_limit", "The cap on open HTTP connections in force (0: none).", nil, nil)
	descAccepted = prometheus.NewDesc("predict_http_connections_accepted_total", "HTTP connections admitted within the limits.", nil, nil)
	descRefused  = prometheus.NewDesc("predict_http_connections_refused_total", "HTTP connections refused by a limit: per_ip and full are closed at once, reserve are answered on a reserve connection (probes served, other requests asked to retry).", []string{"reason"}, nil)
	descEvicted  = prometheus.NewDesc("predict_http_connections_evicted_total", "Idle keep-alive connections closed to make room for a new connection.", nil, nil)
)

// Describe implements prometheus.Collector.
func (l *Listener) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descOpen, descLimit, descAccepted, descRefused, descEvicted} {
		ch <- d
	}
}

// Collect implements prometheus.Collector.
func (l *Listener) Collect(ch chan<- prometheus.Metric) {
	l.mu.Lock()
	open, accepted, evicted := l.open, l.accepted, l.evicted
	refused := map[string]int64{}
	for _, r := range []string{reasonPerIP, reasonFull, reasonReserve} {
		refused[r] = l.refused[r]
	}
	l.mu.Unlock()
	ch <- prometheus.MustNewConstMetric(descOpen, prometheus.GaugeValue, float64(open))
	ch <- prometheus.MustNewConstMetric(descLimit, prometheus.GaugeValue, float64(l.maxOpen))
	ch <- prometheus.MustNewConstMetric(descAccepted, prometheus.CounterValue, float64(accepted))
	ch <- prometheus.MustNewConstMetric(descEvicted, prometheus.CounterValue, float64(evicted))
	for r, n := range refused {
		ch <- prometheus.MustNewConstMetric(descRefused, prometheus.CounterValue, float64(n), r)
	}
}
