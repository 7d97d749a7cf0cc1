// Package auth authenticates API callers by the identity token their
// identity provider issued: an ES256 JWT checked against the provider's
// published keys (JWKS). It also holds the development identity provider the
// embedded mode uses, which publishes its keys through the same KeySource
// interface so that dev tokens go through exactly the production checks.
//
// Every failure is a *predict.Error with code EUNAUTHORIZED: the API turns it
// into HTTP 401 / 110303, which tells the client to refresh its token and
// retry. Messages name what was wrong but never echo the token.
package auth

import (
	"context"
	"crypto/ecdsa"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/predict-dev/predict"
)

// Defaults for the zero values of Config.
const (
	// DefaultLeeway absorbs clock skew between the provider and us; 30 s is
	// enough for NTP-synchronised hosts and short next to token lifetimes.
	DefaultLeeway = 30 * time.Second
	// DefaultRefreshInterval bounds how often tokens can make us fetch the
	// JWKS: the kid that triggers a refresh is attacker-controlled.
	DefaultRefreshInterval = 30 * time.Second
	// DefaultMaxKeyAge is how long fetched keys are trusted before they are
	// re-fetched in the background, so a key the provider withdrew stops
	// verifying even if no unknown kid ever forces a refresh.
	DefaultMaxKeyAge = time.Hour
	// DefaultFetchTimeout bounds one JWKS fetch so a hanging provider
	// cannot hold requests (which all wait on the shared fetch) forever.
	DefaultFetchTimeout = 10 * time.Second
)

const (
	// maxTokenBytes rejects absurd inputs before any base64 or JSON work;
	// real access tokens are well under 2 KiB.
	maxTokenBytes = 8 << 10
	// maxSubjectBytes bounds the subject because it becomes a database key.
	maxSubjectBytes = 256
	// algES256 is the only algorithm openapi.yaml allows.
	algES256 = "ES256"
)

// Config configures a Verifier. Issuer and Audience are required, and so is
// one of KeySource or JWKSURL.
type Config struct {
	// JWKSURL is the provider's JWKS endpoint; used when KeySource is nil.
	JWKSURL string
	// HTTPClient fetches JWKSURL; nil means a client with a 10 s timeout.
	HTTPClient *http.Client
	// KeySource, when set, supplies the JWKS instead of JWKSURL, e.g. the
	// DevProvider in embedded mode.
	KeySource KeySource

	// Issuer must equal the token's iss exactly.
	Issuer string
	// Audience must be one of the token's aud values: it is the application
	// id, which keeps tokens minted for another app of the same provider out.
	Audience string

	// Leeway is the allowed clock skew for exp, nbf and iat; 0 means
	// DefaultLeeway, a negative value means none.
	Leeway time.Duration
	// RefreshInterval is the minimum time between two JWKS fetches; 0 means
	// DefaultRefreshInterval.
	RefreshInterval time.Duration
	// MaxKeyAge is how long keys are used before a background re-fetch; 0
	// means DefaultMaxKeyAge, a negative value disables the age check.
	MaxKeyAge time.Duration
	// FetchTimeout bounds one JWKS fetch; 0 means DefaultFetchTimeout.
	FetchTimeout time.Duration
	// CacheSize bounds the verified tokens remembered until they expire
	// (their signature is then checked once, not per request); 0 means
	// DefaultTokenCacheSize, a negative value remembers none.
	CacheSize int
	// Now is the clock, for tests; nil means time.Now.
	Now func() time.Time
}

// Claims is what the service learns from a verified token. Only the
// registered claims are exposed: the service keys users on Subject and
// nothing else in the token is trusted.
type Claims struct {
	// Subject is the user's DID, did:<provider>:<id>.
	Subject   string
	Issuer    string
	Audience  []string
	ExpiresAt time.Time
	// IssuedAt is zero when the token has no iat.
	IssuedAt time.Time
	// NotBefore is zero when the token has no nbf.
	NotBefore time.Time
}

// Verifier checks identity tokens. It is safe for concurrent use; share one
// per process so the key cache and the refresh rate limit are shared too.
type Verifier struct {
	issuer   string
	audience string
	leeway   time.Duration
	now      func() time.Time
	parser   *jwt.Parser
	keys     *keyCache
	tokens   *tokenCache // nil: none remembered
}

// NewVerifier checks cfg and returns a Verifier. No key is fetched here:
// keys are loaded on first use, so the service can start while the identity
// provider is unreachable and recover when it comes back.
func NewVerifier(cfg Config) (*Verifier, error) {
	if cfg.Issuer == "" {
		return nil, errors.New("auth: issuer is required")
	}
	if cfg.Audience == "" {
		return nil, errors.New("auth: audience is required")
	}
	src := cfg.KeySource
	if src == nil {
		if cfg.JWKSURL == "" {
			return nil, errors.New("auth: a JWKS URL or a key source is required")
		}
		hs, err := NewHTTPKeySource(cfg.JWKSURL, cfg.HTTPClient)
		if err != nil {
			return nil, err
		}
		src = hs
	}
	leeway := cfg.Leeway
	switch {
	case leeway == 0:
		leeway = DefaultLeeway
	case leeway < 0:
		leeway = 0
	}
	interval := cfg.RefreshInterval
	if interval <= 0 {
		interval = DefaultRefreshInterval
	}
	maxAge := cfg.MaxKeyAge
	if maxAge == 0 {
		maxAge = DefaultMaxKeyAge
	}
	timeout := cfg.FetchTimeout
	if timeout <= 0 {
		timeout = DefaultFetchTimeout
	}
	now := cfg.Now
	if now == nil {
		now = time.Now
	}

	size := cfg.CacheSize
	if size == 0 {
		size = DefaultTokenCacheSize
	}
	v := &Verifier{
		issuer:   cfg.Issuer,
		audience: cfg.Audience,
		leeway:   leeway,
		now:      now,
		tokens:   newTokenCache(size),
		keys: &keyCache{
			src:      src,
			now:      now,
			interval: interval,
			maxAge:   maxAge,
			timeout:  timeout,
			keys:     map[string]*ecdsa.PublicKey{},
		},
	}
	// The allow-list is pinned here, never derived from the token header:
	// that is what defeats alg=none and the HS256-with-public-key trick.
	v.parser = jwt.NewParser(
		jwt.WithValidMethods([]string{algES256}),
		jwt.WithIssuer(cfg.Issuer),
		jwt.WithAudience(cfg.Audience),
		jwt.WithExpirationRequired(),
		jwt.WithIssuedAt(),
		jwt.WithLeeway(leeway),
		jwt.WithTimeFunc(now),
		// Strict base64 makes every token have one encoding, so a token
		// cannot be varied to dodge a replay or revocation list.
		jwt.WithStrictDecoding(),
	)
	return v, nil
}

// tokenHeader is the part of the JOSE header we look at before handing the
// token to the JWT library. Header fields that name a key by value or by URL
// (jwk, jku, x5u, x5c) are deliberately ignored: trusting them would let the
// token choose its own key.
type tokenHeader struct {
	Alg  string          `json:"alg"`
	Kid  string          `json:"kid"`
	Crit json.RawMessage `json:"crit"`
}

// tokenClaims decodes the registered claims; unknown claims are ignored.
type tokenClaims struct {
	jwt.RegisteredClaims
}

// dateClaimError is an exp, nbf or iat that is not a JSON number.
type dateClaimError struct{ claim string }

func (e *dateClaimError) Error() string {
	return "token " + e.claim + " claim must be a JSON number (NumericDate, RFC 7519 §2)"
}

// UnmarshalJSON refuses dates given as strings, which the JWT library
// would read as numbers ("exp": "1700000000"): RFC 7519 defines them as
// JSON numbers, and one spelling per claim keeps issuers honest.
func (c *tokenClaims) UnmarshalJSON(b []byte) error {
	var dates struct {
		Exp json.RawMessage `json:"exp"`
		Nbf json.RawMessage `json:"nbf"`
		Iat json.RawMessage `json:"iat"`
	}
	if err := json.Unmarshal(b, &dates); err != nil {
		return err
	}
	for _, d := range []struct {
		claim string
		raw   json.RawMessage
	}{{"exp", dates.Exp}, {"nbf", dates.Nbf}, {"iat", dates.Iat}} {
		if len(d.raw) == 0 || string(d.raw) == "null" {
			continue
		}
		if c := d.raw[0]; c != '-' && (c < '0' || c > '9') {
			return &dateClaimError{d.claim}
		}
	}
	return json.Unmarshal(b, &c.RegisteredClaims)
}

// Verify checks rawToken and returns its claims. ctx bounds the wait for a
// key refresh, if the token needs one. A token verified before is answered
// from memory while it has not expired and its kid still names the key
// that verified it.
func (v *Verifier) Verify(ctx context.Context, rawToken string) (*Claims, error) {
	now := v.now()
	if e, ok := v.tokens.get(rawToken, now); ok {
		// The key of the kid as the provider has it now; the lookup also
		// starts the background refresh of old keys, as a full check does.
		if k, err := v.keys.lookup(ctx, e.kid); err == nil && (k == e.key || k.Equal(e.key)) {
			// The same key object, as until the key set is fetched again,
			// needs no comparison of coordinates (which allocates); after
			// a fetch the entry takes the new object of the same key.
			if k != e.key {
				e.key = k
				v.tokens.put(rawToken, e, now)
			}
			c := *e.claims
			return &c, nil
		}
		v.tokens.forget(rawToken)
	}
	hdr, err := peekHeader(rawToken)
	if err != nil {
		return nil, err
	}

	var (
		keyErr  error
		usedKey *ecdsa.PublicKey
	)
	keyFunc := func(t *jwt.Token) (any, error) {
		// Belt and braces: the parser already enforced the allow-list.
		if t.Method != jwt.SigningMethodES256 {
			keyErr = unauthorized("unsupported token algorithm")
			return nil, keyErr
		}
		k, err := v.keys.lookup(ctx, hdr.Kid)
		if err != nil {
			keyErr = err
			return nil, err
		}
		usedKey = k
		return k, nil
	}

	var tc tokenClaims
	_, err = v.parser.ParseWithClaims(rawToken, &tc, keyFunc)
	if err != nil {
		if keyErr != nil {
			return nil, keyErr
		}
		return nil, v.classify(err, &tc)
	}

	if tc.Subject == "" {
		return nil, unauthorized("token has no sub claim")
	}
	if !validSubject(tc.Subject) {
		return nil, unauthorized("token sub claim is not of the form did:<provider>:<id>")
	}

	c := &Claims{
		Subject:   tc.Subject,
		Issuer:    tc.Issuer,
		Audience:  []string(tc.Audience),
		ExpiresAt: tc.ExpiresAt.Time,
	}
	if tc.IssuedAt != nil {
		c.IssuedAt = tc.IssuedAt.Time
	}
	if tc.NotBefore != nil {
		c.NotBefore = tc.NotBefore.Time
	}
	remembered := *c
	v.tokens.put(rawToken, tokenEntry{claims: &remembered, kid: hdr.Kid, key: usedKey, until: c.ExpiresAt.Add(v.leeway)}, now)
	return c, nil
}

// peekHeader does the checks that must happen before any key is looked up,
// so that a token we would reject anyway cannot trigger a JWKS fetch.
func peekHeader(raw string) (*tokenHeader, error) {
	if raw == "" {
		return nil, unauthorized("missing bearer token")
	}
	if len(raw) > maxTokenBytes {
		return nil, unauthorized("malformed token: too large")
	}
	parts := strings.Split(raw, ".")
	if len(parts) != 3 {
		return nil, unauthorized("malformed token: not three segments")
	}
	b, err := base64.RawURLEncoding.Strict().DecodeString(parts[0])
	if err != nil {
		return nil, unauthorized("malformed token: header is not base64url")
	}
	var h tokenHeader
	if err := json.Unmarshal(b, &h); err != nil {
		return nil, unauthorized("malformed token: header is not a JSON object")
	}
	if h.Alg != algES256 {
		return nil, unauthorized("unsupported token algorithm (only ES256 is accepted)")
	}
	// RFC 7515 §4.1.11: a recipient that does not understand a critical
	// extension must reject the token, and we understand none.
	if len(h.Crit) > 0 {
		return nil, unauthorized("token header has unsupported critical extensions")
	}
	if h.Kid == "" {
		return nil, unauthorized("token header has no kid")
	}
	return &h, nil
}

// classify turns a jwt library error into the message a client or an
// operator can act on. Signature problems come first: for a token that is
// not authentic, its claims are noise.
func (v *Verifier) classify(err error, tc *tokenClaims) error {
	var dateErr *dateClaimError
	switch {
	case errors.As(err, &dateErr):
		return unauthorized(dateErr.Error())
	case errors.Is(err, jwt.ErrTokenMalformed):
		return unauthorized("malformed token")
	case errors.Is(err, jwt.ErrTokenUnverifiable):
		return unauthorized("unsupported token algorithm (only ES256 is accepted)")
	case errors.Is(err, jwt.ErrTokenSignatureInvalid):
		return unauthorized("bad token signature")
	case errors.Is(err, jwt.ErrTokenExpired):
		return unauthorized("token expired")
	case errors.Is(err, jwt.ErrTokenNotValidYet):
		return unauthorized("token not valid yet (nbf)")
	case errors.Is(err, jwt.ErrTokenUsedBeforeIssued):
		return unauthorized("token issued in the future (iat)")
	case errors.Is(err, jwt.ErrTokenRequiredClaimMissing):
		switch {
		case tc.ExpiresAt == nil:
			return unauthorized("token has no exp claim")
		case tc.Issuer == "":
			return unauthorized("token has no iss claim")
		case len(tc.Audience) == 0:
			return unauthorized("token has no aud claim")
		}
		return unauthorized("token is missing a required claim")
	case errors.Is(err, jwt.ErrTokenInvalidIssuer):
		return unauthorized("wrong token issuer")
	case errors.Is(err, jwt.ErrTokenInvalidAudience):
		return unauthorized("wrong token audience")
	}
	return unauthorized("invalid token")
}

// validSubject reports whether sub is did:<method>:<id> following the DID
// syntax (W3C DID Core §3.1): a lowercase alphanumeric method and an id of
// idchars and %XX escapes, colon-separated, not ending in a colon. Being
// strict here keeps odd bytes out of logs and of the users table.
func validSubject(sub string) bool {
	if len(sub) > maxSubjectBytes {
		return false
	}
	rest, ok := strings.CutPrefix(sub, "did:")
	if !ok {
		return false
	}
	method, id, ok := strings.Cut(rest, ":")
	if !ok || method == "" || id == "" || id[len(id)-1] == ':' {
		return false
	}
	for i := 0; i < len(method); i++ {
		c := method[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
			return false
		}
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9',
			c == '.', c == '-', c == '_', c == ':':
		case c == '%':
			if i+2 >= len(id) || !isHex(id[i+1]) || !isHex(id[i+2]) {
				return false
			}
			i += 2
		default:
			return false
		}
	}
	return true
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func unauthorized(msg string) *predict.Error {
	return predict.Errorf(predict.EUNAUTHORIZED, "%s", msg)
}

// keysUnavailable keeps the fetch failure in the chain for the log while
// the client sees only the generic message.
func keysUnavailable(cause error) error {
	return fmt.Errorf("%w: %w", unauthorized("identity provider keys unavailable"), cause)
}
