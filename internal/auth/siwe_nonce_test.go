package auth

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/predict-dev/predict"
)

// TestSIWENonce: a nonce checks with the key that made it until it
// expires; one changed, cut, made with another key or expired does not.
func TestSIWENonce(t *testing.T) {
	key, other := []byte(strings.Repeat("k", 32)), []byte(strings.Repeat("o", 32))
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	expires := now.Add(10 * time.Minute)
	nonce, err := NewSIWENonce(key, expires)
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^[0-9a-f]{80}$`).MatchString(nonce) || len(nonce) != SIWENonceLen || !siweNonceRe.MatchString(nonce) {
		t.Fatalf("nonce %q is not 80 hex digits", nonce)
	}
	if again, _ := NewSIWENonce(key, expires); again == nonce {
		t.Fatal("two nonces of one expiry are the same")
	}
	if got, err := CheckSIWENonce(key, nonce, now); err != nil || !got.Equal(expires) {
		t.Fatalf("check: %v %v, want expiry %v", got, err, expires)
	}
	foreign, _ := NewSIWENonce(other, expires)
	flip := func(i int) string { // another hex digit at i
		b := []byte(nonce)
		if b[i] = '0'; nonce[i] == '0' {
			b[i] = '1'
		}
		return string(b)
	}
	// A nonce whose expiry was moved later, with the MAC left as it was.
	later, _ := NewSIWENonce(key, expires.Add(time.Hour))
	for _, tc := range []struct {
		name, nonce string
		now         time.Time
		why         string
	}{
		{"ErrOtherKey", foreign, now, "not handed out"},
		{"ErrExpiryChanged", later[:2*nonceExpiry] + nonce[2*nonceExpiry:], now, "not handed out"},
		{"ErrRandomChanged", flip(2*nonceExpiry + 3), now, "not handed out"},
		{"ErrMACChanged", flip(SIWENonceLen - 1), now, "not handed out"},
		{"ErrCut", nonce[:SIWENonceLen-2], now, "not handed out"},
		{"ErrLonger", nonce + "00", now, "not handed out"},
		{"ErrUpperCase", strings.ToUpper(nonce), now, "not handed out"},
		{"ErrNotHex", strings.Repeat("z", SIWENonceLen), now, "not handed out"},
		{"ErrOldNonce", "0123456789abcdef0123456789abcdef", now, "not handed out"},
		{"ErrExpired", nonce, expires, "expired"},
		{"ErrLongExpired", nonce, expires.Add(24 * time.Hour), "expired"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := CheckSIWENonce(key, tc.nonce, tc.now); predict.ErrorCode(err) != predict.EUNAUTHORIZED || !strings.Contains(err.Error(), tc.why) {
				t.Fatalf("check %q: %v, want EUNAUTHORIZED …%s…", tc.nonce, err, tc.why)
			}
		})
	}
	if _, err := NewSIWENonce([]byte("short"), expires); err == nil {
		t.Fatal("a nonce made with a 5-byte key")
	}
}
