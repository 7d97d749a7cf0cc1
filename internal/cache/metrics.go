package cache

import "github.com/prometheus/client_golang/prometheus"

// memoMetrics are the descriptions of a named Memo's metrics.
type memoMetrics struct {
	hits, misses, stale, entries, bytes *prometheus.Desc // bytes nil without a bound on bytes
}

func newMemoMetrics(name, what string, sized bool) *memoMetrics {
	if what == "" {
		what = "Lookups"
	}
	m := &memoMetrics{
		hits:    prometheus.NewDesc(name+"_hits_total", what+" answered from memory.", nil, nil),
		misses:  prometheus.NewDesc(name+"_misses_total", what+" loaded (not in memory, outdated or expired).", nil, nil),
		stale:   prometheus.NewDesc(name+"_stale_total", what+" answered with a value past its max age (no event since) while its successor was loaded.", nil, nil),
		entries: prometheus.NewDesc(name+"_entries", "Values held by "+name+".", nil, nil),
	}
	if sized {
		m.bytes = prometheus.NewDesc(name+"_bytes", "Bytes of the values held by "+name+".", nil, nil)
	}
	return m
}

// Describe implements prometheus.Collector: nothing for a memo without a
// Name.
func (m *Memo[K, V]) Describe(ch chan<- *prometheus.Desc) {
	d := m.metrics
	if d == nil {
		return
	}
	ch <- d.hits
	ch <- d.misses
	ch <- d.stale
	ch <- d.entries
	if d.bytes != nil {
		ch <- d.bytes
	}
}

// Collect implements prometheus.Collector.
func (m *Memo[K, V]) Collect(ch chan<- prometheus.Metric) {
	d := m.metrics
	if d == nil {
		return
	}
	st := m.Stats()
	ch <- prometheus.MustNewConstMetric(d.hits, prometheus.CounterValue, float64(st.Hits))
	ch <- prometheus.MustNewConstMetric(d.misses, prometheus.CounterValue, float64(st.Misses))
	ch <- prometheus.MustNewConstMetric(d.stale, prometheus.CounterValue, float64(st.Stale))
	ch <- prometheus.MustNewConstMetric(d.entries, prometheus.GaugeValue, float64(st.Entries))
	if d.bytes != nil {
		ch <- prometheus.MustNewConstMetric(d.bytes, prometheus.GaugeValue, float64(st.Bytes))
	}
}
