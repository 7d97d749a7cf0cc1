package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"
)

// MaxHeaderBytes caps the request line (with its URL) and the headers of
// one request; set it as the http.Server's MaxHeaderBytes and serve on
// Listener, which turns net/http's answer to a bigger request into the
// error envelope (431, 110112).
const MaxHeaderBytes = 64 << 10

// What is read of a body refused as too large (413): see discardBody.
const (
	maxDiscardBytes = 16 << 20
	discardTimeout  = 5 * time.Second
)

// discardBody reads and drops what is left of a request body refused as
// too large, up to maxDiscardBytes and for at most discardTimeout, before
// the answer is written. A client that sends its whole body before it
// reads (most do) then gets the 413: closing a socket with unread input
// makes the kernel reset the connection, and a client still writing sees
// the reset instead of the answer. A bigger or slower body is cut short,
// and the connection closes after the answer.
func discardBody(w http.ResponseWriter, r *http.Request) {
	if r.ContentLength <= maxDiscardBytes {
		_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(discardTimeout))
		n, err := io.CopyN(io.Discard, r.Body, maxDiscardBytes)
		if n < maxDiscardBytes && err == io.EOF {
			return
		}
	}
	w.Header().Set("Connection", "close")
}

// plainHeadersTooLarge is what net/http writes, straight to the
// connection and before any handler runs, when the request line and
// headers exceed the server's MaxHeaderBytes. No response of a handler
// starts this way: net/http writes their headers sorted (Connection
// before Content-Type) and always with a Date.
var plainHeadersTooLarge = []byte("HTTP/1.1 431 Request Header Fields Too Large\r\n" +
	"Content-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n" +
	"431 Request Header Fields Too Large")

// jsonHeadersTooLarge is the same answer as an error envelope.
var jsonHeadersTooLarge = func() []byte {
	kind := errorKinds[codeHeadersTooLarge]
	body, err := json.Marshal(errorBody{Code: kind.code, Reason: kind.reason,
		Msg: fmt.Sprintf("request line and headers exceed %d bytes", MaxHeaderBytes)})
	if err != nil {
		panic(err)
	}
	body = append(body, '\n')
	head := fmt.Sprintf("HTTP/1.1 %d %s\r\nCache-Control: no-store\r\nConnection: close\r\n"+
		"Content-Length: %d\r\nContent-Type: application/json; charset=utf-8\r\n\r\n",
		kind.status, http.StatusText(kind.status), len(body))
	return append([]byte(head), body...)
}()

// Listener wraps ln so that net/http's own answer to a request whose line
// and headers are too large, plain text, goes out as the error envelope
// like every other answer. (With TLS terminated by the http.Server the
// listener sees only ciphertext; the service is served in clear text
// behind its proxy.)
func Listener(ln net.Listener) net.Listener {
	return envelopeListener{ln}
}

type envelopeListener struct{ net.Listener }

func (l envelopeListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return envelopeConn{c}, nil
}

// envelopeConn rewrites the one plain-text answer; every other write
// passes through.
type envelopeConn struct{ net.Conn }

func (c envelopeConn) Write(b []byte) (int, error) {
	if len(b) == len(plainHeadersTooLarge) && bytes.Equal(b, plainHeadersTooLarge) {
		if _, err := c.Conn.Write(jsonHeadersTooLarge); err != nil {
			return 0, err
		}
		return len(b), nil
	}
	return c.Conn.Write(b)
}

// CloseWrite lets net/http half-close the connection after an error
// answer and wait, so the client reads the answer before the close
// (without it the server closes at once).
func (c envelopeConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}
