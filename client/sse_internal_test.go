package client

import (
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
)

// TestParser reads the event-stream format as the WHATWG specification
// (what EventSource implements) defines it.
func TestParser(t *testing.T) {
	for _, tc := range []struct {
		name  string
		in    string
		want  []Event
		lines int
	}{
		{"Service", "id: 7\nevent: base:connected\ndata: {\"connection_id\":\"c1\"}\n\n",
			[]Event{{ID: "7", Name: "base:connected", Data: `{"connection_id":"c1"}`}}, 4},
		{"MultiLineData", "event: x\ndata: a\ndata:  b\ndata\n\n",
			[]Event{{Name: "x", Data: "a\n b\n"}}, 5},
		{"CommentsAndUnknownFields", ": keepalive\nretry: 10\nfoo: bar\ndata: d\n\n",
			[]Event{{Name: "message", Data: "d"}}, 5},
		{"CRLFAndCR", "event: a\r\ndata: 1\r\n\r\nevent: b\rdata: 2\r\r",
			[]Event{{Name: "a", Data: "1"}, {Name: "b", Data: "2"}}, 6},
		{"IDPersists", "id: 1\ndata: a\n\ndata: b\n\nid\ndata: c\n\n",
			[]Event{{ID: "1", Name: "message", Data: "a"}, {ID: "1", Name: "message", Data: "b"}, {ID: "", Name: "message", Data: "c"}}, 8},
		{"NoSpaceAfterColon", "event:x\ndata:y\n\n", []Event{{Name: "x", Data: "y"}}, 3},
		{"EventWithoutDataIsNotDispatched", "event: lonely\n\ndata: d\n\n",
			[]Event{{Name: "message", Data: "d"}}, 4},
		{"EmptyData", "event: e\ndata\n\n", []Event{{Name: "e", Data: ""}}, 3},
		{"UnfinishedEventDropped", "data: a\n\ndata: b\n", []Event{{Name: "message", Data: "a"}}, 3},
		{"NULInIDIgnored", "id: 5\ndata: a\n\nid: 6\x007\ndata: b\n\n",
			[]Event{{ID: "5", Name: "message", Data: "a"}, {ID: "5", Name: "message", Data: "b"}}, 6},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lines := 0
			p := newParser(strings.NewReader(tc.in), func() { lines++ })
			var got []Event
			for {
				ev, err := p.next()
				if errors.Is(err, io.EOF) {
					break
				} else if err != nil {
					t.Fatal(err)
				}
				got = append(got, ev)
			}
			if !slices.Equal(got, tc.want) {
				t.Fatalf("events\n got %q\nwant %q", got, tc.want)
			}
			if lines != tc.lines {
				t.Fatalf("%d lines seen, want %d", lines, tc.lines)
			}
		})
	}
}

// TestParserSlowReader: a CR at the end of what has arrived waits for the
// next byte before deciding where the line ends.
func TestParserSlowReader(t *testing.T) {
	pr, pw := io.Pipe()
	go func() {
		for _, chunk := range []string{"data: a\r", "\n", "\r", "\n", "data: b\r", "\r"} {
			pw.Write([]byte(chunk))
		}
		pw.Close()
	}()
	p := newParser(pr, nil)
	var got []string
	for {
		ev, err := p.next()
		if err != nil {
			break
		}
		got = append(got, ev.Data)
	}
	if !slices.Equal(got, []string{"a", "b"}) {
		t.Fatalf("events %q", got)
	}
}
