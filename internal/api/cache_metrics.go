package api

import (
	"github.com/prometheus/client_golang/prometheus"
)

// registerCacheMetrics puts the metrics of the read cache and the memos
// on the server's registry (once: handlers built twice over one registry
// must not clash).
func (s *Server) registerCacheMetrics(reg *prometheus.Registry) {
	if reg == nil {
		return
	}
	if s.cfg.Cache != nil {
		registerOnce(reg, s.cfg.Cache)
	}
	if m, ok := s.store.(*userMemo); ok {
		registerOnce(reg, m.users)
	}
	if s.keys != nil {
		registerOnce(reg, s.keys.keys)
	}
}

var cacheInvDesc = prometheus.NewDesc("predict_read_cache_invalidations_total", "Events and changes of the API that invalidated read-cache answers.", nil, nil)

// Describe implements prometheus.Collector: the answers' memo
// (predict_read_cache_hits_total, …) and the invalidations.
func (c *ReadCache) Describe(ch chan<- *prometheus.Desc) {
	c.answers.Describe(ch)
	ch <- cacheInvDesc
}

// Collect implements prometheus.Collector.
func (c *ReadCache) Collect(ch chan<- prometheus.Metric) {
	c.answers.Collect(ch)
	ch <- prometheus.MustNewConstMetric(cacheInvDesc, prometheus.CounterValue, float64(c.gens.Changes()))
}
