package netlimit

import (
	"log/slog"
	"net"
	"net/http"
	"sync"
)

// reserve answers the connections past the cap with an HTTP server of its
// own: one request per connection, short deadlines.
type reserve struct {
	conns chan net.Conn
	done  chan struct{}
	once  sync.Once
	addr  net.Addr
	srv   *http.Server
}

func newReserve(addr net.Addr, size int, h http.Handler) *reserve {
	if h == nil {
		h = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Retry-After", "1")
			http.Error(w, "the server is at its connection limit", http.StatusServiceUnavailable)
		})
	}
	r := &reserve{conns: make(chan net.Conn, size), done: make(chan struct{}), addr: addr}
	r.srv = &http.Server{
		Handler:           h,
		ReadHeaderTimeout: reserveTimeout,
		ReadTimeout:       reserveTimeout,
		WriteTimeout:      reserveTimeout,
		MaxHeaderBytes:    8 << 10,
		ErrorLog:          slog.NewLogLogger(slog.DiscardHandler, slog.LevelError),
	}
	r.srv.SetKeepAlivesEnabled(false)
	go r.srv.Serve(r) //nolint:errcheck // ends with close
	return r
}

// serve hands c to the reserve's server. The channel holds as many
// connections as the reserve has slots, so this never blocks.
func (r *reserve) serve(c *conn) {
	select {
	case r.conns <- c:
	case <-r.done:
		_ = c.Close()
	}
}

// Accept implements net.Listener for the reserve's server.
func (r *reserve) Accept() (net.Conn, error) {
	select {
	case c := <-r.conns:
		return c, nil
	case <-r.done:
		return nil, net.ErrClosed
	}
}

// Close implements net.Listener; it is the reserve's, not the server's.
func (r *reserve) Close() error { return nil }

// Addr implements net.Listener.
func (r *reserve) Addr() net.Addr { return r.addr }

func (r *reserve) close() {
	r.once.Do(func() {
		close(r.done)
		_ = r.srv.Close()
		for {
			select {
			case c := <-r.conns:
				_ = c.Close()
			default:
				return
			}
		}
	})
}
