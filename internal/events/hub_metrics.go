package events

import (
	"github.com/prometheus/client_golang/prometheus"
)

// Stats are the hub's counters.
type Stats struct {
	Connections int64 // open streams
	Sent        int64 // events written to clients
	Direct      int64 // of Sent, written by the delivery itself (no goroutine woken)
	Dropped     int64 // slow clients dropped
	Replayed    int64 // events replayed after a reconnect
	Resyncs     int64 // bus reconnects that closed every stream
	Replaced    int64 // streams closed for a newer one of the same user
}

// Stats returns the current counters.
func (h *Hub) Stats() Stats {
	return Stats{
		Connections: h.stats.connections.Load(),
		Sent:        h.stats.sent.Load(),
		Direct:      h.stats.direct.Load(),
		Dropped:     h.stats.dropped.Load(),
		Replayed:    h.stats.replayed.Load(),
		Resyncs:     h.stats.resyncs.Load(),
		Replaced:    h.stats.replaced.Load(),
	}
}

var (
	descConnections = prometheus.NewDesc("predict_sse_connections", "Open SSE streams.", nil, nil)
	descSent        = prometheus.NewDesc("predict_sse_events_sent_total", "Events written to SSE clients, pings included.", nil, nil)
	descDirect      = prometheus.NewDesc("predict_sse_events_sent_direct_total", "Of the events written to SSE clients, those written by the delivery at once, without waking the stream's goroutine.", nil, nil)
	descDropped     = prometheus.NewDesc("predict_sse_slow_clients_dropped_total", "SSE clients dropped because their buffer filled up.", nil, nil)
	descReplayed    = prometheus.NewDesc("predict_sse_events_replayed_total", "Events replayed to clients that reconnected with Last-Event-ID.", nil, nil)
	descResyncs     = prometheus.NewDesc("predict_sse_bus_resyncs_total", "Event bus reconnects after which every stream was closed.", nil, nil)
	descReplaced    = prometheus.NewDesc("predict_sse_streams_replaced_total", "SSE streams closed because their user opened more than the per-user cap.", nil, nil)
)

// Describe implements prometheus.Collector, so the hub's metrics sit on
// whatever registry the server exposes.
func (h *Hub) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descConnections, descSent, descDirect, descDropped, descReplayed, descResyncs, descReplaced} {
		ch <- d
	}
}

// Collect implements prometheus.Collector.
func (h *Hub) Collect(ch chan<- prometheus.Metric) {
	s := h.Stats()
	ch <- prometheus.MustNewConstMetric(descConnections, prometheus.GaugeValue, float64(s.Connections))
	ch <- prometheus.MustNewConstMetric(descSent, prometheus.CounterValue, float64(s.Sent))
	ch <- prometheus.MustNewConstMetric(descDirect, prometheus.CounterValue, float64(s.Direct))
	ch <- prometheus.MustNewConstMetric(descDropped, prometheus.CounterValue, float64(s.Dropped))
	ch <- prometheus.MustNewConstMetric(descReplayed, prometheus.CounterValue, float64(s.Replayed))
	ch <- prometheus.MustNewConstMetric(descResyncs, prometheus.CounterValue, float64(s.Resyncs))
	ch <- prometheus.MustNewConstMetric(descReplaced, prometheus.CounterValue, float64(s.Replaced))
}
