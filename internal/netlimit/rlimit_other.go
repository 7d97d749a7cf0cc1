//go:build !unix

package netlimit

// fileLimit is unknown here: the configured cap applies as it is.
func fileLimit() uint64 { return 0 }
