package wire

// Health is the answer of /healthz ("ok", or "starting" before the
// service is up) and /readyz ("ready").
type Health struct {
	Service string `json:"service"`
	Status  string `json:"status"`
}
