//go:build unix

package events

import (
	"errors"
	"net"
	"syscall"
)

// NonBlocking returns a write to c that never waits: it writes what the
// socket's send buffer takes at once (Go keeps its sockets in
// non-blocking mode) and reports 0 with a nil error when the buffer is
// full. nil when c has no file descriptor to write to (TLS, a pipe).
//
// The caller must not use it while another write on c may be waiting:
// the runtime holds c's write lock for the whole of a blocked Write.
// A connection that wraps another (to count or note what is written)
// supplies its own by having a TryWrite method.
func NonBlocking(c net.Conn) func([]byte) (int, error) {
	if t, ok := c.(interface{ TryWrite([]byte) (int, error) }); ok {
		return t.TryWrite
	}
	sc, ok := c.(syscall.Conn)
	if !ok {
		return nil
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return nil
	}
	return func(p []byte) (int, error) {
		var (
			n    int
			werr error
		)
		if err := rc.Write(func(fd uintptr) bool {
			n, werr = syscall.Write(int(fd), p)
			return true // never wait for the socket: the stream's goroutine does
		}); err != nil {
			return 0, err
		}
		switch {
		case werr == nil:
			return n, nil
		case errors.Is(werr, syscall.EAGAIN), errors.Is(werr, syscall.EINTR):
			return 0, nil
		default:
			return 0, werr
		}
	}
}
