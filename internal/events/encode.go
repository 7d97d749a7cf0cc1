package events

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"strconv"
	"time"

	"github.com/predict-dev/predict/event"
)

// encodeBody is an event after its id line: the event name and the
// payload as one JSON line (JSON escapes newlines, so it cannot break the
// framing).
func encodeBody(name string, data map[string]string) []byte {
	if data == nil {
		data = map[string]string{}
	}
	payload, _ := json.Marshal(data) // a map of strings always encodes
	b := make([]byte, 0, len(name)+len(payload)+16)
	b = append(b, "event: "...)
	b = append(b, name...)
	b = append(b, "\ndata: "...)
	b = append(b, payload...)
	return append(b, "\n\n"...)
}

var (
	pingBody   = encodeBody(event.Ping, nil)
	resyncBody = encodeBody(event.Resync, nil)
)

// newEntry encodes e once for every connection that receives it: the
// body, and the whole frame with its id line for the connections whose
// position is the event's own id (all but a late replay's).
func newEntry(e Event, at time.Time) *entry {
	body := encodeBody(e.Name, e.Data)
	full := make([]byte, 0, len(body)+24)
	full = appendIDLine(full, e.ID)
	full = append(full, body...)
	return &entry{ev: e, body: body, frame: full, at: at}
}

func appendIDLine(b []byte, id uint64) []byte {
	b = append(b, "id: "...)
	b = strconv.AppendUint(b, id, 10)
	return append(b, '\n')
}

func encodeFrame(id uint64, name string, data map[string]string) frame {
	return frame{id: id, body: encodeBody(name, data)}
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}
