package webhook

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The Standard Webhooks test vector (the specification's libraries share
// it): a signature made here must be the one every receiver computes.
func TestSignVector(t *testing.T) {
	const (
		secret  = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
		id      = "msg_p5jXN8AQM9LWM0D4loKWxJek"
		payload = `{"test": 2432232314}`
		want    = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
	)
	ts := time.Unix(1614265330, 0)
	got, err := Sign([]string{secret}, id, ts, []byte(payload))
	if err != nil || got != want {
		t.Fatalf("Sign = %q, %v; want %q", got, err, want)
	}
}

func TestVerify(t *testing.T) {
	old, err := NewSecret()
	if err != nil {
		t.Fatal(err)
	}
	current, _ := NewSecret()
	now := time.Now()
	body := []byte(`{"type":"market:new_trades"}`)
	headers := func(secrets []string, ts time.Time, body []byte) http.Header {
		sig, err := Sign(secrets, "msg_1", ts, body)
		if err != nil {
			t.Fatal(err)
		}
		h := http.Header{}
		h.Set(HeaderID, "msg_1")
		h.Set(HeaderTimestamp, strconv.FormatInt(ts.Unix(), 10))
		h.Set(HeaderSignature, sig)
		return h
	}
	for _, tc := range []struct {
		name   string
		secret string
		h      http.Header
		body   []byte
		want   error
	}{
		{"signed", current, headers([]string{current}, now, body), body, nil},
		{"rollover, new secret", current, headers([]string{current, old}, now, body), body, nil},
		{"rollover, old secret", old, headers([]string{current, old}, now, body), body, nil},
		{"other secret", old, headers([]string{current}, now, body), body, ErrNoSignature},
		{"body changed", current, headers([]string{current}, now, body), []byte(`{"type":"x"}`), ErrNoSignature},
		{"too old", current, headers([]string{current}, now.Add(-10*time.Minute), body), body, ErrTimestamp},
		{"from the future", current, headers([]string{current}, now.Add(10*time.Minute), body), body, ErrTimestamp},
		{"no headers", current, http.Header{}, body, ErrHeadersShort},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := Verify(tc.secret, tc.h, tc.body, now, 5*time.Minute); !errors.Is(err, tc.want) {
				t.Fatalf("Verify = %v, want %v", err, tc.want)
			}
		})
	}
	if s, _ := NewSecret(); !strings.HasPrefix(s, "whsec_") || s == current {
		t.Fatalf("secret %q", s)
	}
}
