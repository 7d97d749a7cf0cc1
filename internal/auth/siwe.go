package auth

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/accounts"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict"
)

// SIWEMessage is a Sign-In with Ethereum message (EIP-4361): what a
// wallet shows its user and signs.
type SIWEMessage struct {
	Scheme    string // "" or e.g. "https"
	Domain    string // host[:port] asking for the sign-in
	Address   common.Address
	Statement string
	URI       string
	Version   string
	ChainID   uint64
	Nonce     string
	IssuedAt  time.Time
	// ExpirationTime and NotBefore are zero when the message has none.
	ExpirationTime time.Time
	NotBefore      time.Time
	RequestID      string
	Resources      []string
}

// MaxSIWEMessage bounds a message, in bytes.
const MaxSIWEMessage = 4096

var (
	siweHeader  = regexp.MustCompile(`^(?:([a-zA-Z][a-zA-Z0-9+.-]*)://)?([^ /?#]+) wants you to sign in with your Ethereum account:$`)
	siweNonceRe = regexp.MustCompile(`^[A-Za-z0-9]{8,}$`)
)

// errSIWE is a message that is not EIP-4361.
func errSIWE(format string, args ...any) error {
	return predict.Errorf(predict.EINVALID, "message: "+format, args...)
}

// ParseSIWE reads an EIP-4361 message, strictly: its lines in the order
// the standard gives, an EIP-55 address, version 1, RFC 3339 times.
func ParseSIWE(text string) (*SIWEMessage, error) {
	if len(text) > MaxSIWEMessage {
		return nil, errSIWE("longer than %d bytes", MaxSIWEMessage)
	}
	lines := strings.Split(text, "\n")
	next := 0
	line := func() (string, bool) {
		if next >= len(lines) {
			return "", false
		}
		next++
		return lines[next-1], true
	}
	m := &SIWEMessage{}
	first, _ := line()
	h := siweHeader.FindStringSubmatch(first)
	if h == nil {
		return nil, errSIWE("the first line must be \"<domain> wants you to sign in with your Ethereum account:\"")
	}
	m.Scheme, m.Domain = h[1], h[2]
	addr, _ := line()
	if !common.IsHexAddress(addr) || common.HexToAddress(addr).Hex() != addr {
		return nil, errSIWE("the second line must be the address in EIP-55 checksum form")
	}
	m.Address = common.HexToAddress(addr)
	if blank, _ := line(); blank != "" {
		return nil, errSIWE("an empty line must follow the address")
	}
	// The statement, optional, is one line followed by an empty one.
	if l, _ := line(); !strings.HasPrefix(l, "URI: ") {
		m.Statement = l
		if blank, _ := line(); blank != "" {
			return nil, errSIWE("an empty line must follow the statement")
		}
	} else {
		next--
	}
	fields := []struct {
		name     string
		required bool
		set      func(v string) error
	}{
		{"URI", true, func(v string) error { m.URI = v; return nil }},
		{"Version", true, func(v string) error {
			if m.Version = v; v != "1" {
				return errSIWE("version must be 1")
			}
			return nil
		}},
		{"Chain ID", true, func(v string) (err error) {
			if m.ChainID, err = strconv.ParseUint(v, 10, 64); err != nil || m.ChainID == 0 {
				return errSIWE("chain ID must be a positive integer")
			}
			return nil
		}},
		{"Nonce", true, func(v string) error {
			if m.Nonce = v; !siweNonceRe.MatchString(v) {
				return errSIWE("nonce must be at least 8 letters and digits")
			}
			return nil
		}},
		{"Issued At", true, siweTime(&m.IssuedAt, "Issued At")},
		{"Expiration Time", false, siweTime(&m.ExpirationTime, "Expiration Time")},
		{"Not Before", false, siweTime(&m.NotBefore, "Not Before")},
		{"Request ID", false, func(v string) error { m.RequestID = v; return nil }},
	}
	for _, f := range fields {
		l, ok := line()
		v, found := strings.CutPrefix(l, f.name+": ")
		if !ok || !found {
			if f.required {
				return nil, errSIWE("the line %q is missing or out of order", f.name+": …")
			}
			if ok {
				next--
			}
			continue
		}
		if err := f.set(v); err != nil {
			return nil, err
		}
	}
	if l, ok := line(); ok {
		if l != "Resources:" {
			return nil, errSIWE("unexpected line %q", l)
		}
		for l, ok := line(); ok; l, ok = line() {
			r, found := strings.CutPrefix(l, "- ")
			if !found {
				return nil, errSIWE("a resource line must start with \"- \"")
			}
			m.Resources = append(m.Resources, r)
		}
	}
	return m, nil
}

func siweTime(dst *time.Time, name string) func(string) error {
	return func(v string) error {
		t, err := time.Parse(time.RFC3339Nano, v)
		if err != nil {
			return errSIWE("%s must be an RFC 3339 time", name)
		}
		*dst = t
		return nil
	}
}

// SIWERules are what a message must agree with to sign in.
type SIWERules struct {
	Domain  string // the host[:port] users sign in to
	ChainID uint64
	Now     time.Time
	// MaxAge bounds how long ago the message may have been issued.
	MaxAge time.Duration
}

// VerifySIWE checks a signed message against the rules, and that the
// signature (EIP-191 personal_sign, 65 bytes) is by the message's
// address. It does not check the nonce, which the caller consumes.
func VerifySIWE(text string, signature []byte, r SIWERules) (*SIWEMessage, error) {
	m, err := ParseSIWE(text)
	if err != nil {
		return nil, err
	}
	switch {
	case !strings.EqualFold(m.Domain, r.Domain):
		return nil, predict.Errorf(predict.EUNAUTHORIZED, "the message signs in to %q, not to %q", m.Domain, r.Domain)
	case m.ChainID != r.ChainID:
		return nil, predict.Errorf(predict.EUNAUTHORIZED, "the message is for chain %d, this service is on chain %d", m.ChainID, r.ChainID)
	case !m.ExpirationTime.IsZero() && !r.Now.Before(m.ExpirationTime):
		return nil, predict.Errorf(predict.EUNAUTHORIZED, "the message expired at %s", m.ExpirationTime.UTC().Format(time.RFC3339))
	case !m.NotBefore.IsZero() && r.Now.Before(m.NotBefore):
		return nil, predict.Errorf(predict.EUNAUTHORIZED, "the message is not valid before %s", m.NotBefore.UTC().Format(time.RFC3339))
	case r.Now.Sub(m.IssuedAt) > r.MaxAge || m.IssuedAt.Sub(r.Now) > time.Minute:
		return nil, predict.Errorf(predict.EUNAUTHORIZED, "the message was issued at %s: sign a fresh one", m.IssuedAt.UTC().Format(time.RFC3339))
	}
	if len(signature) != 65 {
		return nil, predict.Errorf(predict.EUNAUTHORIZED, "signature must be 65 bytes")
	}
	sig := append([]byte(nil), signature...)
	if sig[64] >= 27 {
		sig[64] -= 27
	}
	pub, err := crypto.SigToPub(accounts.TextHash([]byte(text)), sig)
	if err != nil || crypto.PubkeyToAddress(*pub) != m.Address {
		return nil, predict.Errorf(predict.EUNAUTHORIZED, "the signature is not by %s", m.Address.Hex())
	}
	return m, nil
}

// PKHSubject is the identity of an Ethereum account: did:pkh (CAIP-10).
func PKHSubject(chainID uint64, a common.Address) string {
	return fmt.Sprintf("did:pkh:eip155:%d:%s", chainID, a.Hex())
}

// Issuers verifies tokens of several issuers (an external provider and
// the service's own): the token's unverified iss picks the verifier,
// which then checks everything, iss included.
type Issuers map[string]interface {
	Verify(ctx context.Context, raw string) (*Claims, error)
}

// Verify checks raw with the verifier of its issuer.
func (is Issuers) Verify(ctx context.Context, raw string) (*Claims, error) {
	iss, err := peekIssuer(raw)
	if err != nil {
		return nil, err
	}
	v, ok := is[iss]
	if !ok {
		return nil, unauthorized("token issuer is not accepted here")
	}
	return v.Verify(ctx, raw)
}

// peekIssuer reads a token's iss without verifying anything.
func peekIssuer(raw string) (string, error) {
	if len(raw) > maxTokenBytes {
		return "", unauthorized("malformed token: too large")
	}
	parts := strings.Split(raw, ".")
	if len(parts) != 3 {
		return "", unauthorized("malformed token: not three segments")
	}
	b, err := base64.RawURLEncoding.Strict().DecodeString(parts[1])
	if err != nil {
		return "", unauthorized("malformed token: payload is not base64url")
	}
	var c struct {
		Iss string `json:"iss"`
	}
	if err := json.Unmarshal(b, &c); err != nil {
		return "", unauthorized("malformed token: payload is not a JSON object")
	}
	return c.Iss, nil
}

// MergeJWKS joins key sets into one: the JWKS of the service's own
// issuers, served at /.well-known/jwks.json.
func MergeJWKS(docs ...[]byte) ([]byte, error) {
	var all []json.RawMessage
	for _, d := range docs {
		var set struct {
			Keys []json.RawMessage `json:"keys"`
		}
		if err := json.Unmarshal(d, &set); err != nil {
			return nil, fmt.Errorf("auth: key set: %w", err)
		}
		all = append(all, set.Keys...)
	}
	return json.Marshal(map[string]any{"keys": all})
}
