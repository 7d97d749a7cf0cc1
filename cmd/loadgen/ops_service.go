package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"
)

// service is a `predict serve` process on the embedded chain.
type service struct {
	url, rpc, dataDir string
	cmd               *exec.Cmd
	done              chan error
}

// startService runs predict serve with its own data directory, open rate
// limits, an admin subject and the chain's JSON-RPC on a loopback port.
func startService(ctx context.Context, log *slog.Logger, bin, dataDir string, interval time.Duration) (*service, error) {
	httpAddr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	rpcAddr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return nil, err
	}
	logFile, err := os.Create(filepath.Join(dataDir, "..", "serve.log"))
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, "serve")
	cmd.Env = append(os.Environ(), "PREDICT_DATA_DIR="+dataDir, "PREDICT_HTTP_ADDR="+httpAddr, "PREDICT_DEV_RPC_ADDR="+rpcAddr,
		"PREDICT_DEV_BLOCK_INTERVAL="+interval.String(), "PREDICT_RATE_PUBLIC=0", "PREDICT_RATE_USER_READ=0",
		"PREDICT_RATE_USER_TRADE=0", "PREDICT_ADMIN_SUBJECTS=did:dev:bench-admin", "PREDICT_LOG_LEVEL=warn", "PREDICT_DATABASE_URL=")
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &service{url: "http://" + httpAddr, rpc: "http://" + rpcAddr, dataDir: dataDir, cmd: cmd, done: make(chan error, 1)}
	go func() { s.done <- cmd.Wait(); logFile.Close() }()
	log.Info("starting predict serve", "url", s.url, "log", logFile.Name())
	deadline := time.Now().Add(3 * time.Minute)
	for {
		res, err := http.Get(s.url + "/api/v1/config")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return s, nil
			}
		}
		select {
		case err := <-s.done:
			return nil, fmt.Errorf("predict serve exited: %v (see %s)", err, logFile.Name())
		case <-ctx.Done():
			s.stop()
			return nil, ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			s.stop()
			return nil, fmt.Errorf("predict serve not ready after 3 minutes (see %s)", logFile.Name())
		}
	}
}

func (s *service) stop() {
	s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.done:
	case <-time.After(20 * time.Second):
		s.cmd.Process.Kill()
		<-s.done
	}
}

func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}
