//go:build unix

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/predict-dev/predict/internal/api"
	"github.com/predict-dev/predict/internal/bench"
	"github.com/predict-dev/predict/internal/store"
)

// startServer starts cmd, a server that stops on SIGTERM (also when its
// context ends), and returns what stops it and waits for it.
func startServer(cmd *exec.Cmd) (func(), error) {
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = 5 * time.Second
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		_ = cmd.Wait()
	}, nil
}

// startChild starts a server process that prints "listening ADDR" on its
// stdout, and returns its URL and what stops it.
func startChild(ctx context.Context, cmd *exec.Cmd) (string, func(), error) {
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return "", nil, err
	}
	stop, err := startServer(cmd)
	if err != nil {
		return "", nil, err
	}
	lines := bufio.NewScanner(out)
	for lines.Scan() {
		if addr, ok := strings.CutPrefix(lines.Text(), "listening "); ok {
			go io.Copy(io.Discard, out)
			return "http://" + addr, stop, nil
		}
	}
	stop()
	return "", nil, fmt.Errorf("%s exited without listening", strings.Join(cmd.Args, " "))
}

// serveUntilDone serves h on a loopback port, says where on stdout, and
// returns when ctx ends.
func serveUntilDone(ctx context.Context, h http.Handler) error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	fmt.Printf("listening %s\n", ln.Addr())
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// predictGCPercent is cmd/predict's DefaultGCPercent (a main package
// cannot be imported).
const predictGCPercent = 400

// runWrkServe is predict's side of wrk: the real API over the seeded store.
func runWrkServe(ctx context.Context, log *slog.Logger, args []string) error {
	fs := flag.NewFlagSet("wrk-serve", flag.ContinueOnError)
	target := fs.String("store", "", "SQLite path or PostgreSQL DSN of the seeded store")
	identity := fs.String("identity", "", "directory of the development identity provider's key")
	maxAge := fs.Duration("cache-max-age", api.DefaultCacheMaxAge, "the read cache's max age (0s: off)")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile of the whole run to this file")
	if err := fs.Parse(args); err != nil {
		return err
	}
	stopProfile, err := startCPUProfile(*cpuprofile)
	if err != nil {
		return err
	}
	defer stopProfile()
	s, err := store.Open(ctx, *target, nil)
	if err != nil {
		return err
	}
	defer s.Close()
	// As predict serve builds it; nothing writes during the run, so no
	// event invalidates it and answers live for the max age.
	var cache *api.ReadCache
	if *maxAge > 0 {
		cache = api.NewReadCache(api.CacheConfig{MaxAge: *maxAge})
	}
	h, err := readHandler(s, *identity, cache)
	if err != nil {
		return err
	}
	// predict serve's garbage collector target, unless GOGC says otherwise.
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(predictGCPercent)
	}
	return serveUntilDone(ctx, h)
}

// runWrkStatic is the Go ceiling of wrk: the recorded answers.
func runWrkStatic(ctx context.Context, log *slog.Logger, args []string) error {
	fs := flag.NewFlagSet("wrk-static", flag.ContinueOnError)
	file := fs.String("answers", "", "JSON file of recorded answers")
	if err := fs.Parse(args); err != nil {
		return err
	}
	raw, err := os.ReadFile(*file)
	if err != nil {
		return err
	}
	var answers []bench.Answer
	if err := json.Unmarshal(raw, &answers); err != nil {
		return fmt.Errorf("wrk-static: %s: %w", *file, err)
	}
	return serveUntilDone(ctx, bench.ServeAnswers(answers))
}

// nginxContentType is the one content type of answers, which nginx's
// default_type serves, after checking that every answer's URI, token and
// headers can stand in the configuration within single quotes.
func nginxContentType(answers []bench.Answer) (string, error) {
	types := map[string]bool{}
	for _, a := range answers {
		types[a.Header["Content-Type"]] = true
	}
	if len(types) != 1 {
		return "", fmt.Errorf("nginx: the answers have %d content types; one default_type serves one", len(types))
	}
	var contentType string
	for t := range types {
		contentType = t
	}
	for _, a := range answers {
		// nginx reads a $ as a variable; none of the reads has one, nor
		// a quote that single quotes cannot hold (an ETag's double
		// quotes they can).
		all := a.URI + a.Authorization
		for _, v := range a.Header {
			all += v
		}
		if strings.ContainsAny(all, "$'\\") {
			return "", fmt.Errorf("nginx: the answer to %q has a character its configuration cannot quote", a.URI)
		}
	}
	return contentType, nil
}

// nginxConfig writes the configuration and the answer files of an nginx
// serving answers under prefix, listening on addr: one worker, every path
// under prefix, each answer chosen by request URI and Authorization.
func nginxConfig(prefix, addr string, answers []bench.Answer) (string, error) {
	for _, d := range []string{"answers", "logs", "tmp"} {
		if err := os.MkdirAll(filepath.Join(prefix, d), 0o755); err != nil {
			return "", err
		}
	}
	contentType, err := nginxContentType(answers)
	if err != nil {
		return "", err
	}
	quote := func(s string) string { return "'" + s + "'" }
	var file, cc, etag, vary strings.Builder
	longest := 0
	for i, a := range answers {
		name := strconv.Itoa(i)
		if err := os.WriteFile(filepath.Join(prefix, "answers", name), a.Body, 0o644); err != nil {
			return "", err
		}
		key := quote(a.URI + "|" + a.Authorization)
		longest = max(longest, len(key))
		fmt.Fprintf(&file, "    %s /%s;\n", key, name)
		for _, m := range []struct {
			b *strings.Builder
			h string
		}{{&cc, "Cache-Control"}, {&etag, "ETag"}, {&vary, "Vary"}} {
			if v := a.Header[m.h]; v != "" {
				fmt.Fprintf(m.b, "    %s %s;\n", key, quote(v))
			}
		}
	}
	bucket := 64
	for bucket < longest+32 {
		bucket *= 2
	}
	p := func(s string) string { return filepath.Join(prefix, s) }
	conf := fmt.Sprintf(`# Generated by loadgen wrk: the recorded answers of predict, served as files.
daemon off;
master_process off;
worker_processes 1;
pid %s;
error_log %s warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path %s;
  proxy_temp_path %s;
  fastcgi_temp_path %s;
  uwsgi_temp_path %s;
  scgi_temp_path %s;
  server_tokens off;
  etag off;
  keepalive_requests 10000000;
  keepalive_timeout 300s;
  types { }
  default_type %s;
  map_hash_bucket_size %d;
  map_hash_max_size %d;
  map "$request_uri|$http_authorization" $answer {
    default "";
%s  }
  map "$request_uri|$http_authorization" $answer_cache_control {
    default "";
%s  }
  map "$request_uri|$http_authorization" $answer_etag {
    default "";
%s  }
  map "$request_uri|$http_authorization" $answer_vary {
    default "";
%s  }
  server {
    listen %s;
    root %s;
    location / {
      add_header Cache-Control $answer_cache_control;
      add_header ETag $answer_etag;
      add_header Vary $answer_vary;
      if ($answer = "") { return 404; }
      try_files $answer =404;
    }
  }
}
`, p("nginx.pid"), p("logs/error.log"), p("tmp/body"), p("tmp/proxy"), p("tmp/fastcgi"), p("tmp/uwsgi"), p("tmp/scgi"),
		quote(contentType), bucket, max(1024, 4*len(answers)), file.String(), cc.String(), etag.String(), vary.String(),
		addr, p("answers"))
	path := p("nginx.conf")
	return path, os.WriteFile(path, []byte(conf), 0o644)
}

// startNginx runs nginx, pinned, serving answers; it returns its URL and
// what stops it.
func startNginx(ctx context.Context, cfg wrkConfig, prefix string, answers []bench.Answer) (string, func(), *exec.Cmd, error) {
	port, err := freePort()
	if err != nil {
		return "", nil, nil, err
	}
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	conf, err := nginxConfig(prefix, addr, answers)
	if err != nil {
		return "", nil, nil, err
	}
	cmd := pinned(ctx, cfg.ServerCPU, cfg.Nginx, "-p", prefix, "-c", conf, "-e", filepath.Join(prefix, "logs/error.log"))
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	stop, err := startServer(cmd)
	if err != nil {
		return "", nil, nil, err
	}
	// Up when it accepts a connection.
	for deadline := time.Now().Add(10 * time.Second); ; {
		if c, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
			c.Close()
			return "http://" + addr, stop, cmd, nil
		}
		if time.Now().After(deadline) {
			stop()
			log, _ := os.ReadFile(filepath.Join(prefix, "logs/error.log"))
			return "", nil, nil, fmt.Errorf("nginx did not start listening on %s: %s", addr, log)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// freePort is a loopback port nothing listens on right now.
func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}
