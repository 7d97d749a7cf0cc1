package auth

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

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
	// siweRequestIDRe is *pchar (RFC 3986).
	siweRequestIDRe = regexp.MustCompile(`^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})*$`)
)

// errSIWE is a message that is not EIP-4361.
func errSIWE(format string, args ...any) error {
	return predict.Errorf(predict.EINVALID, "message: "+format, args...)
}

// ParseSIWE reads an EIP-4361 message, strictly by the standard's ABNF:
// its lines in the order it gives (the statement, the optional fields and
// the resources may each be left out), an EIP-55 address, version 1,
// RFC 3339 times, absolute URIs.
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
	// address LF LF [ statement LF ] LF "URI: ": without a statement
	// (viem's createSiweMessage and SpruceID's siwe leave it out when
	// there is none) the address is followed by two empty lines.
	if l, _ := line(); l != "" {
		if strings.HasPrefix(l, "URI: ") {
			return nil, errSIWE("without a statement, two empty lines must follow the address")
		}
		if i := strings.IndexFunc(l, notStatement); i >= 0 {
			r, _ := utf8.DecodeRuneInString(l[i:])
			return nil, errSIWE("the statement may hold only letters, digits, spaces and %s, not %q", siweStatementMarks, r)
		}
		m.Statement = l
		if blank, _ := line(); blank != "" {
			return nil, errSIWE("the statement is one line, and an empty line must follow it")
		}
	}
	fields := []struct {
		name     string
		required bool
		set      func(v string) error
	}{
		{"URI", true, func(v string) (err error) { m.URI, err = siweURI("URI", v); return err }},
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
		{"Request ID", false, func(v string) error {
			if m.RequestID = v; !siweRequestIDRe.MatchString(v) {
				return errSIWE("request ID must be URI path characters (RFC 3986 pchar)")
			}
			return nil
		}},
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
			if _, err := siweURI("a resource", r); err != nil {
				return nil, err
			}
			m.Resources = append(m.Resources, r)
		}
	}
	return m, nil
}

// siweStatementMarks are the marks a statement may hold besides letters,
// digits and spaces: RFC 3986's reserved and unreserved characters, which
// EIP-4361's ABNF allows so that a statement is one line of plain text.
const siweStatementMarks = ":/?#[]@!$&'()*+,;=-._~"

func notStatement(r rune) bool {
	return !(r == ' ' || r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r)) || strings.ContainsRune(siweStatementMarks, r))
}

// siweURI checks that v is an absolute URI (RFC 3986: a scheme, then the
// rest, with no space or control character).
func siweURI(name, v string) (string, error) {
	u, err := url.Parse(v)
	if err != nil || u.Scheme == "" || strings.IndexFunc(v, func(r rune) bool { return r <= ' ' || r == 0x7f }) >= 0 {
		return "", errSIWE("%s must be an absolute URI, not %q", name, v)
	}
	return v, nil
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

// VerifySIWE checks a signed message against the rules (its domain and
// its URI's authority are the rules' domain), and that the signature
// (EIP-191 personal_sign, 65 bytes) is by the message's address. It does
// not check the nonce, which the caller consumes.
func VerifySIWE(text string, signature []byte, r SIWERules) (*SIWEMessage, error) {
	m, err := ParseSIWE(text)
	if err != nil {
		return nil, err
	}
	switch {
	case !strings.EqualFold(m.Domain, r.Domain):
		return nil, predict.Errorf(predict.EUNAUTHORIZED, "the message signs in to %q, not to %q", m.Domain, r.Domain)
	case !uriOn(m.URI, r.Domain):
		return nil, predict.Errorf(predict.EUNAUTHORIZED, "the message's URI %q is not on %q, the domain it signs in to", m.URI, r.Domain)
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

// uriOn reports whether uri's authority is domain (host[:port], without
// user information): the resource a wallet's user is shown signing in to
// must be this service, not another site that borrowed its domain line.
func uriOn(uri, domain string) bool {
	u, err := url.Parse(uri)
	return err == nil && u.User == nil && u.Host != "" && strings.EqualFold(u.Host, domain)
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
