package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/predict-dev/predict/internal/bench"
)

func init() { verbs["exportload"] = exportLoad }

// exportLoad measures what honest readers of a running predict meet while
// many clients export at once (BENCHMARKS.md, exports under load): the
// exporters come from loopback addresses of their own (two per address,
// the per-address cap), export the trades again and again and wait out a
// refusal's Retry-After; the honest reads are get-markets at a fixed rate,
// each on its own schedule, from 127.0.0.1. It reports the honest reads'
// latency and how many exports ran, were refused or failed.
func exportLoad(ctx context.Context, log *slog.Logger, args []string) error {
	fs := flag.NewFlagSet("exportload", flag.ContinueOnError)
	var (
		base      = fs.String("url", "http://127.0.0.1:8080", "the running service")
		exporters = fs.Int("exporters", 24, "clients exporting at once")
		rate      = fs.Int("rate", 100, "honest reads a second")
		duration  = fs.Duration("duration", 20*time.Second, "how long to measure")
		dataset   = fs.String("dataset", "trades", "the dataset the exporters export")
		network   = fs.String("net", "127.0.1", "the first three bytes of the exporters' loopback addresses")
	)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *exporters < 0 || *rate < 1 || *duration <= 0 {
		return errors.New("-exporters must be at least 0, -rate at least 1, -duration positive")
	}
	ctx, cancel := context.WithTimeout(ctx, *duration)
	defer cancel()

	var done, refused, failed atomic.Int64
	var wg sync.WaitGroup
	for i := range *exporters {
		cl := clientFrom(fmt.Sprintf("%s.%d", *network, 1+i/2))
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				wait, err := exportOnce(ctx, cl, *base+"/api/v1/export/"+*dataset)
				switch {
				case ctx.Err() != nil:
				case err != nil:
					failed.Add(1)
					log.Debug("export failed", "err", err)
					sleep(ctx, time.Second)
				case wait > 0:
					refused.Add(1)
					sleep(ctx, wait)
				default:
					done.Add(1)
				}
			}
		}()
	}

	honest := &http.Client{Timeout: 10 * time.Second}
	var lat bench.Latencies
	var errs atomic.Int64
	tick := time.NewTicker(time.Second / time.Duration(*rate))
	defer tick.Stop()
	url := *base + "/api/v1/market/get-markets?page=1&pageSize=20"
reads:
	for {
		select {
		case <-ctx.Done():
			break reads
		case <-tick.C:
			wg.Add(1)
			go func() {
				defer wg.Done()
				start := time.Now()
				if err := getOK(ctx, honest, url); err != nil {
					if ctx.Err() == nil {
						errs.Add(1)
					}
					return
				}
				lat.Add(time.Since(start))
			}()
		}
	}
	wg.Wait()
	fmt.Printf("exportload: %d exporters, %d honest reads/s for %s against %s\n", *exporters, *rate, *duration, *base)
	fmt.Printf("  honest reads: %s, %d failed\n", lat.Summary(), errs.Load())
	fmt.Printf("  exports: %d completed, %d refused (waited out Retry-After), %d failed\n", done.Load(), refused.Load(), failed.Load())
	switch {
	case errs.Load() > 0:
		return fmt.Errorf("%d honest reads failed", errs.Load())
	case lat.Summary().N == 0:
		return errors.New("no honest read was answered: nothing measured")
	case *exporters > 0 && done.Load() == 0:
		return errors.New("no export completed: the exporters measured nothing")
	case failed.Load() > 0:
		return fmt.Errorf("%d exports failed", failed.Load())
	}
	return nil
}

// clientFrom is an HTTP client whose connections leave from ip, so the
// service counts it as an address of its own.
func clientFrom(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	return &http.Client{Transport: &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 2}}
}

// exportOnce exports url whole; a refusal (429 or 503) returns its
// Retry-After (1 s when it gives none) instead.
func exportOnce(ctx context.Context, cl *http.Client, url string) (time.Duration, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return 0, err
	}
	res, err := cl.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	switch res.StatusCode {
	case http.StatusOK:
		_, err = io.Copy(io.Discard, res.Body)
		return 0, err
	case http.StatusTooManyRequests, http.StatusServiceUnavailable:
		wait := time.Second
		if s, err := strconv.Atoi(res.Header.Get("Retry-After")); err == nil && s > 0 {
			wait = time.Duration(s) * time.Second
		}
		return wait, nil
	}
	return 0, fmt.Errorf("export: HTTP %d", res.StatusCode)
}

// getOK reads url whole and wants a 200.
func getOK(ctx context.Context, cl *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	res, err := cl.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if _, err := io.Copy(io.Discard, res.Body); err != nil {
		return err
	}
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("HTTP %d", res.StatusCode)
	}
	return nil
}

// sleep waits d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}
