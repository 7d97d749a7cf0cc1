package main

import (
	"bufio"
	"context"
	"encoding/json"
	"math/big"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/wire"
)

// TestFirehose follows the whole venue on one topic, under the default
// rate limits: a user's stream subscribed only to the firehose gets the
// trades of a market it never named and the creation of a new one; a
// signed-out visitor's firehose that reconnects with Last-Event-ID is
// replayed the trade it missed.
func TestFirehose(t *testing.T) {
	e := startE2E(t, map[string]string{"PREDICT_RATE_PUBLIC": "", "PREDICT_RATE_USER_READ": "", "PREDICT_RATE_USER_TRADE": ""})
	root, alice, dave := e.newUser("root"), e.newUser("alice"), e.newUser("dave")
	e.faucet(root, 1_000_000_000)
	e.faucet(alice, 1_000_000_000)
	first, _ := e.newMarket(root, "Firehose one?")

	stream := e.watchTopic(dave, client.FirehoseTopic)
	waitEvent(t, stream, "base:connected", nil)
	visitor := openFirehose(t, e, "")
	missedFrom := visitor.next(t, "base:connected", nil).id
	visitor.close()

	second, opts := e.newMarket(root, "Firehose two?")
	waitEvent(t, stream, "market:created", func(ev sseEvent) bool { return ev.data["market_address"] == second })
	placed, err := e.signer(alice).Buy(e.ctx, client.PlaceOrderRequest{MarketAddress: second, OptionAddress: opts[0],
		Amount: wire.NewAmount(big.NewInt(10_000_000)), MinReceiveAmount: wire.NewAmount(big.NewInt(1)), Deadline: wire.NewUnix(e.deadlineTime())})
	e.must(err, "alice buys on the second market")
	e.confirmed(placed.OpHash)
	onSecond := func(ev sseEvent) bool {
		return ev.data["market_address"] == second && ev.data["option_address"] == opts[0]
	}
	waitEvent(t, stream, "market:new_trades", onSecond)
	waitEvent(t, stream, "market:price_change", onSecond)

	// The visitor comes back: what it missed is replayed, in order, with
	// the ids of the live stream.
	again := openFirehose(t, e, missedFrom)
	created := again.next(t, "market:created", func(f frame) bool { return f.data["market_address"] == second })
	trade := again.next(t, "market:new_trades", func(f frame) bool { return f.data["market_address"] == second })
	if created.id <= missedFrom || trade.id <= created.id {
		t.Errorf("replayed ids %s then %s after %s, want increasing", created.id, trade.id, missedFrom)
	}
	if first == second {
		t.Fatal("two markets with one address")
	}
}

// frame is one event of a raw stream.
type frame struct {
	id, name string
	data     map[string]string
}

// rawStream reads an event stream frame by frame.
type rawStream struct {
	res *http.Response
	rd  *bufio.Reader
}

// openFirehose connects a signed-out visitor to the firehose, resuming
// after lastID when it is set.
func openFirehose(t *testing.T, e *e2e, lastID string) *rawStream {
	t.Helper()
	ctx, cancel := context.WithTimeout(e.ctx, time.Minute)
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "POST", "http://"+e.m.Addr()+"/api/v1/sse/connect",
		strings.NewReader(`{"topics":["`+client.FirehoseTopic+`"]}`))
	req.Header.Set("Content-Type", "application/json")
	if lastID != "" {
		req.Header.Set("Last-Event-ID", lastID)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusOK {
		res.Body.Close()
		t.Fatalf("connect to the firehose: HTTP %d", res.StatusCode)
	}
	s := &rawStream{res: res, rd: bufio.NewReader(res.Body)}
	t.Cleanup(s.close)
	return s
}

func (s *rawStream) close() { s.res.Body.Close() }

// next returns the next frame named name that match accepts (nil: any),
// skipping others; the stream's context bounds the wait.
func (s *rawStream) next(t *testing.T, name string, match func(frame) bool) frame {
	t.Helper()
	for {
		var f frame
		for {
			line, err := s.rd.ReadString('\n')
			if err != nil {
				t.Fatalf("waiting for %s: %v", name, err)
			}
			line = strings.TrimRight(line, "\n")
			if line == "" {
				break
			}
			k, v, _ := strings.Cut(line, ": ")
			switch k {
			case "id":
				f.id = v
			case "event":
				f.name = v
			case "data":
				if err := json.Unmarshal([]byte(v), &f.data); err != nil {
					t.Fatalf("data %q: %v", v, err)
				}
			}
		}
		if f.name == name && (match == nil || match(f)) {
			return f
		}
	}
}
