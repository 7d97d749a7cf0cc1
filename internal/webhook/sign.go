// Package webhook delivers the events of the outbox (the ledger's events,
// recorded in the transaction that applied them) to the HTTPS endpoints
// users and admins register: in order per endpoint, at least once with
// the same id, retried with backoff for a day, signed as the Standard
// Webhooks convention does (https://www.standardwebhooks.com), so that a
// receiver can use any of its libraries. docs/integrations.md is the
// receiver's side.
package webhook

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// The headers of a delivery (Standard Webhooks).
const (
	HeaderID        = "webhook-id"
	HeaderTimestamp = "webhook-timestamp"
	HeaderSignature = "webhook-signature"
)

// secretPrefix marks a signing secret; the rest is its key, base64.
const secretPrefix = "whsec_"

// NewSecret is a fresh signing secret: 32 random bytes, as whsec_<base64>.
func NewSecret() (string, error) {
	key := make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		return "", fmt.Errorf("webhook secret: %w", err)
	}
	return secretPrefix + base64.StdEncoding.EncodeToString(key), nil
}

// key is a secret's HMAC key.
func key(secret string) ([]byte, error) {
	k, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, secretPrefix))
	if err != nil || len(k) == 0 {
		return nil, errors.New("webhook secret is not whsec_ followed by base64")
	}
	return k, nil
}

// signature is one v1 signature: HMAC-SHA256 over "id.timestamp.body".
func signature(k []byte, id string, ts int64, body []byte) string {
	mac := hmac.New(sha256.New, k)
	fmt.Fprintf(mac, "%s.%d.", id, ts)
	mac.Write(body)
	return "v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil))
}

// Sign is the webhook-signature header of a delivery: a v1 signature by
// each secret, space separated (during a rollover, by the new secret and
// the old one, so that a receiver holding either accepts it).
func Sign(secrets []string, id string, ts time.Time, body []byte) (string, error) {
	sigs := make([]string, 0, len(secrets))
	for _, s := range secrets {
		k, err := key(s)
		if err != nil {
			return "", err
		}
		sigs = append(sigs, signature(k, id, ts.Unix(), body))
	}
	return strings.Join(sigs, " "), nil
}

// Errors of Verify.
var (
	ErrNoSignature  = errors.New("webhook: no valid signature")
	ErrTimestamp    = errors.New("webhook: timestamp outside the tolerance")
	ErrHeadersShort = errors.New("webhook: missing webhook-id, webhook-timestamp or webhook-signature")
)

// Verify checks a delivery as a receiver does: one of its v1 signatures
// is by secret, and its timestamp is within tolerance of now (which stops
// a captured delivery being replayed later).
func Verify(secret string, h http.Header, body []byte, now time.Time, tolerance time.Duration) error {
	id, tsText, sigs := h.Get(HeaderID), h.Get(HeaderTimestamp), h.Get(HeaderSignature)
	if id == "" || tsText == "" || sigs == "" {
		return ErrHeadersShort
	}
	ts, err := strconv.ParseInt(tsText, 10, 64)
	if err != nil {
		return ErrTimestamp
	}
	if d := now.Sub(time.Unix(ts, 0)); d > tolerance || d < -tolerance {
		return ErrTimestamp
	}
	k, err := key(secret)
	if err != nil {
		return err
	}
	want := signature(k, id, ts, body)
	for _, s := range strings.Fields(sigs) {
		if hmac.Equal([]byte(s), []byte(want)) {
			return nil
		}
	}
	return ErrNoSignature
}
