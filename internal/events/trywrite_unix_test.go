//go:build unix

package events

import (
	"io"
	"net"
	"path/filepath"
	"testing"
)

// BenchmarkSocketWriteFloor is what one event costs the kernel per stream,
// whatever the hub does: a frame of SSE size written with NonBlocking (as
// the delivery writes) to each of 1,000 connected sockets in turn, each
// drained by a reader, over loopback TCP and over a Unix socket. On
// loopback the sender's write also runs the receiving side's TCP work, so
// ns/op is a floor under loadgen sse's CPU per delivery (BENCHMARKS.md,
// SSE fan-out).
//
//	go test -run X -bench SocketWriteFloor ./internal/events
func BenchmarkSocketWriteFloor(b *testing.B) {
	const streams = 1000
	frame := make([]byte, 200)
	for _, network := range []string{"tcp", "unix"} {
		b.Run(network, func(b *testing.B) {
			addr := "127.0.0.1:0"
			if network == "unix" {
				addr = filepath.Join(b.TempDir(), "s")
			}
			ln, err := net.Listen(network, addr)
			if err != nil {
				b.Fatal(err)
			}
			defer ln.Close()
			writers := make([]func([]byte) (int, error), 0, streams)
			for range streams {
				client, err := net.Dial(network, ln.Addr().String())
				if err != nil {
					b.Fatal(err)
				}
				defer client.Close()
				go func() { _, _ = io.Copy(io.Discard, client) }()
				server, err := ln.Accept()
				if err != nil {
					b.Fatal(err)
				}
				defer server.Close()
				w := NonBlocking(server)
				if w == nil {
					b.Fatalf("no non-blocking write on %s", network)
				}
				writers = append(writers, w)
			}
			b.SetBytes(int64(len(frame)))
			b.ResetTimer()
			for i := range b.N {
				// A full send buffer takes nothing: the delivery would then
				// queue the frame for the stream's goroutine, not counted here.
				if _, err := writers[i%streams](frame); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
