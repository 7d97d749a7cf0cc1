package client

import (
	"bufio"
	"bytes"
	"io"
	"strings"
)

// parser reads Server-Sent Events (the WHATWG event-stream format):
// lines end with LF, CRLF or CR; a blank line dispatches the event;
// lines starting with ':' are comments; "field: value" loses one space
// after the colon; data lines accumulate; id persists across events.
type parser struct {
	sc     *bufio.Scanner
	onLine func()
	id     string
}

// maxLine bounds one line of the stream.
const maxLine = 1 << 20

func newParser(r io.Reader, onLine func()) *parser {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), maxLine)
	sc.Split(scanEventLines)
	return &parser{sc: sc, onLine: onLine}
}

// next returns the next dispatched event, or the read error (io.EOF at
// the end of the stream; an event not ended by a blank line is dropped).
func (p *parser) next() (Event, error) {
	var name string
	var data strings.Builder
	hasData := false
	for p.sc.Scan() {
		if p.onLine != nil {
			p.onLine()
		}
		line := p.sc.Text()
		if line == "" {
			if !hasData {
				name = ""
				continue
			}
			if name == "" {
				name = "message"
			}
			return Event{ID: p.id, Name: name, Data: strings.TrimSuffix(data.String(), "\n")}, nil
		}
		if line[0] == ':' {
			continue
		}
		field, value, _ := strings.Cut(line, ":")
		value = strings.TrimPrefix(value, " ")
		switch field {
		case "event":
			name = value
		case "data":
			data.WriteString(value)
			data.WriteByte('\n')
			hasData = true
		case "id":
			if !strings.ContainsRune(value, 0) {
				p.id = value
			}
		}
		// "retry" is ignored: the reconnect delay follows the backoff.
	}
	if err := p.sc.Err(); err != nil {
		return Event{}, err
	}
	return Event{}, io.EOF
}

// scanEventLines splits on LF, CRLF or a lone CR.
func scanEventLines(data []byte, atEOF bool) (int, []byte, error) {
	if atEOF && len(data) == 0 {
		return 0, nil, nil
	}
	if i := bytes.IndexAny(data, "\r\n"); i >= 0 {
		if data[i] == '\n' {
			return i + 1, data[:i], nil
		}
		switch {
		case i+1 < len(data) && data[i+1] == '\n':
			return i + 2, data[:i], nil
		case i+1 < len(data) || atEOF:
			return i + 1, data[:i], nil
		}
		return 0, nil, nil // a CR at the end: wait to see whether LF follows
	}
	if atEOF {
		return len(data), data, nil
	}
	return 0, nil, nil
}
