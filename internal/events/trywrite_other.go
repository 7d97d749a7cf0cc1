//go:build !unix

package events

import "net"

// NonBlocking is a connection's own TryWrite; a plain socket has none
// here, so its stream's goroutine writes every event.
func NonBlocking(c net.Conn) func([]byte) (int, error) {
	if t, ok := c.(interface{ TryWrite([]byte) (int, error) }); ok {
		return t.TryWrite
	}
	return nil
}
