package api

import (
	"github.com/prometheus/client_golang/prometheus"
)

// registerCacheMetrics puts the cache's metrics on the server's registry
// (once: handlers built twice over one registry must not clash).
func (s *Server) registerCacheMetrics(reg *prometheus.Registry) {
	if s.cfg.Cache == nil || reg == nil {
		return
	}
	registerOnce(reg, s.cfg.Cache)
}

var (
	cacheHitsDesc = prometheus.NewDesc("predict_read_cache_hits_total", "Public reads answered from the read cache.", nil, nil)
	cacheMissDesc = prometheus.NewDesc("predict_read_cache_misses_total", "Public reads computed from the store.", nil, nil)
	cacheOldDesc  = prometheus.NewDesc("predict_read_cache_stale_total", "Reads answered with an answer past its max age (no event since) while its successor was being computed.", nil, nil)
	cacheInvDesc  = prometheus.NewDesc("predict_read_cache_invalidations_total", "Events that invalidated read-cache answers.", nil, nil)
	cacheSizeDesc = prometheus.NewDesc("predict_read_cache_entries", "Answers held by the read cache.", nil, nil)
	cacheByteDesc = prometheus.NewDesc("predict_read_cache_bytes", "Bytes of the answers held by the read cache.", nil, nil)
)

// Describe implements prometheus.Collector.
func (c *ReadCache) Describe(ch chan<- *prometheus.Desc) {
	ch <- cacheHitsDesc
	ch <- cacheMissDesc
	ch <- cacheOldDesc
	ch <- cacheInvDesc
	ch <- cacheSizeDesc
	ch <- cacheByteDesc
}

// Collect implements prometheus.Collector.
func (c *ReadCache) Collect(ch chan<- prometheus.Metric) {
	c.mu.Lock()
	n, size := len(c.entries), c.bytes
	c.mu.Unlock()
	ch <- prometheus.MustNewConstMetric(cacheHitsDesc, prometheus.CounterValue, float64(c.hits.Load()))
	ch <- prometheus.MustNewConstMetric(cacheMissDesc, prometheus.CounterValue, float64(c.misses.Load()))
	ch <- prometheus.MustNewConstMetric(cacheOldDesc, prometheus.CounterValue, float64(c.stale.Load()))
	ch <- prometheus.MustNewConstMetric(cacheInvDesc, prometheus.CounterValue, float64(c.invalidations.Load()))
	ch <- prometheus.MustNewConstMetric(cacheSizeDesc, prometheus.GaugeValue, float64(n))
	ch <- prometheus.MustNewConstMetric(cacheByteDesc, prometheus.GaugeValue, float64(size))
}
