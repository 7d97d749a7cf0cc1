// Package client is a typed Go client of the prediction-market service's
// HTTP API (openapi.yaml): one method per endpoint, the error
// envelope as *Error, the token refresh rule of openapi.yaml, a Signer that
// prepares, checks, signs and submits ERC-4337 operations, and a Stream
// that follows the SSE client rules (reconnect with backoff, resubscribe,
// Last-Event-ID).
//
// The request and answer types are those of package wire (most are
// aliases here), which the service writes too. Wire conventions and how
// they map to Go:
//   - token quantities are decimal strings on the wire and wire.Amount
//     here, a *big.Int (a.Int) with big.Int's methods;
//   - prices are decimal strings ("0.5", "0.333333333333333333") and stay
//     strings here: they are exact 18-decimal values computed by the
//     service, and a float would round them. Parse one with
//     new(big.Rat).SetString(p) when arithmetic is needed;
//   - times are ISO 8601 strings on the wire and wire.Time here, a
//     time.Time (t.Time; the zero time when the service sends "");
//     deadlines are unix seconds on the wire and wire.Unix here;
//   - addresses are strings, as the service sends them (lowercase 0x-hex).
//
// Every method takes a context; use it (not http.Client.Timeout, which
// would also cut event streams) to bound requests.
package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/predict-dev/predict/wire"
)

// TokenSource returns the identity-provider token to send, for clients
// whose token comes from an SDK that renews it.
type TokenSource func(ctx context.Context) (string, error)

// RefreshFunc returns a new token after the service refused the current
// one (HTTP 401, code 110303). rejected is the token that was refused.
type RefreshFunc func(ctx context.Context, rejected string) (string, error)

// maxResponse bounds a JSON answer: the largest page is far below it.
const maxResponse = 32 << 20

// Client calls the service. It is safe for concurrent use.
type Client struct {
	base      *url.URL
	hc        *http.Client
	source    TokenSource
	refresh   RefreshFunc
	userAgent string
	// waits is how many times a request refused for the rate (429) is
	// sent again after its Retry-After; onWait is told of each wait.
	waits  int
	onWait func(wait time.Duration, err error)

	mu    sync.Mutex
	token string
	// refreshing serialises refreshes, so requests refused together
	// refresh the token once (static-token mode).
	refreshing sync.Mutex
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient sets the HTTP client. Leave its Timeout at 0 when the
// client opens event streams: contexts bound the other requests.
func WithHTTPClient(hc *http.Client) Option {
	return func(c *Client) { c.hc = hc }
}

// WithToken sets the token sent as Authorization: Bearer. A refresh
// replaces it.
func WithToken(token string) Option {
	return func(c *Client) { c.token = token }
}

// WithTokenSource asks source for the token before every request. It
// takes precedence over WithToken; a refresh callback then should make
// the source return the renewed token too.
func WithTokenSource(source TokenSource) Option {
	return func(c *Client) { c.source = source }
}

// WithRefresh sets the callback used when the service refuses the token
// (openapi.yaml: on HTTP 401 or code 110303, refresh and retry). The request is
// retried once with the new token; a second refusal is returned.
func WithRefresh(refresh RefreshFunc) Option {
	return func(c *Client) { c.refresh = refresh }
}

// maxRateWait is the longest Retry-After a request waits out on its own:
// a longer one (an hourly sponsorship budget) is the caller's to decide.
const maxRateWait = 10 * time.Second

// WithRateLimitWaits makes a request that the service refuses for the
// rate (HTTP 429), or as unavailable for a moment (HTTP 503, 110206: every
// export slot busy, the service starting), wait its Retry-After (1 s when
// it gives none) and go again, up to n times, when the wait is at most
// 10 s. The refusal comes
// before the service does anything, so sending again is safe for every
// request. onWait, when not nil, is told of each wait (a program shows
// it). Without this option a 429 is returned at once, as *Error with
// RetryAfter.
func WithRateLimitWaits(n int, onWait func(wait time.Duration, err error)) Option {
	return func(c *Client) { c.waits, c.onWait = n, onWait }
}

// WithUserAgent sets the User-Agent header.
func WithUserAgent(ua string) Option {
	return func(c *Client) { c.userAgent = ua }
}

// New returns a client of the service at baseURL (scheme and host, and a
// path prefix when the service sits behind one), e.g.
// "http://127.0.0.1:8080".
func New(baseURL string, opts ...Option) (*Client, error) {
	u, err := url.Parse(strings.TrimRight(baseURL, "/"))
	if err != nil {
		return nil, fmt.Errorf("client: base URL: %w", err)
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("client: base URL %q must be http(s)://host[:port][/prefix]", baseURL)
	}
	c := &Client{base: u, hc: &http.Client{}, userAgent: "predict-client/1"}
	for _, o := range opts {
		o(c)
	}
	return c, nil
}

// BaseURL returns the service's base URL.
func (c *Client) BaseURL() string { return c.base.String() }

// SetToken replaces the static token (WithToken).
func (c *Client) SetToken(token string) {
	c.mu.Lock()
	c.token = token
	c.mu.Unlock()
}

// Token returns the token the next request would send.
func (c *Client) Token(ctx context.Context) (string, error) {
	if c.source != nil {
		tok, err := c.source(ctx)
		if err != nil {
			return "", fmt.Errorf("token source: %w", err)
		}
		return tok, nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.token, nil
}

// renew runs the refresh callback after rejected was refused and returns
// the token to retry with.
func (c *Client) renew(ctx context.Context, rejected string) (string, error) {
	c.refreshing.Lock()
	defer c.refreshing.Unlock()
	if c.source == nil {
		// Another request may have refreshed while this one waited.
		c.mu.Lock()
		cur := c.token
		c.mu.Unlock()
		if cur != rejected && cur != "" {
			return cur, nil
		}
	}
	tok, err := c.refresh(ctx, rejected)
	if err != nil {
		return "", err
	}
	if tok == "" {
		return "", errors.New("refresh returned an empty token")
	}
	if c.source == nil {
		c.SetToken(tok)
	}
	return tok, nil
}

// request is one call: what to send, before the token is added.
type request struct {
	method string
	path   string // under the base URL, e.g. /api/v1/config
	query  url.Values
	body   []byte // JSON, nil for none
	header http.Header
}

// send performs r with the current token and, when the service refuses
// the token and a refresh callback is set, refreshes and retries once.
// It returns a response with status 2xx; anything else is an *Error (the
// body is consumed and closed).
func (c *Client) send(ctx context.Context, r request) (*http.Response, error) {
	tok, err := c.Token(ctx)
	if err != nil {
		return nil, err
	}
	res, err := c.attempt(ctx, r, tok)
	for tries := 0; err != nil && tries < c.waits; tries++ {
		wait, limited := rateWait(err)
		if !limited {
			break
		}
		if c.onWait != nil {
			c.onWait(wait, err)
		}
		if sleep(ctx, wait) != nil {
			return nil, err
		}
		res, err = c.attempt(ctx, r, tok)
	}
	if err == nil {
		return res, nil
	}
	var apiErr *Error
	if c.refresh == nil || !errors.As(err, &apiErr) || !isAuthFailure(apiErr) {
		return nil, err
	}
	fresh, rerr := c.renew(ctx, tok)
	if rerr != nil {
		return nil, fmt.Errorf("%w; refresh token: %w", err, rerr)
	}
	return c.attempt(ctx, r, fresh)
}

// sleep waits d, or until ctx ends (then it returns ctx's error).
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// rateWait is how long to wait before sending again a request refused
// with err: limited is false unless err is a 429, or a 503 UNAVAILABLE (a
// service starting, a database queue or every export slot full: refused
// before anything was done), whose wait is short.
func rateWait(err error) (wait time.Duration, limited bool) {
	e, ok := AsError(err)
	if !ok || (e.HTTPStatus != http.StatusTooManyRequests &&
		(e.HTTPStatus != http.StatusServiceUnavailable || e.Code != CodeUnavailable)) {
		return 0, false
	}
	wait = e.RetryAfter
	if wait <= 0 {
		wait = time.Second
	}
	return wait, wait <= maxRateWait
}

// attempt is one HTTP exchange.
func (c *Client) attempt(ctx context.Context, r request, token string) (*http.Response, error) {
	u := *c.base
	u.Path = c.base.Path + r.path
	if len(r.query) > 0 {
		u.RawQuery = r.query.Encode()
	}
	var body io.Reader
	if r.body != nil {
		body = bytes.NewReader(r.body)
	}
	req, err := http.NewRequestWithContext(ctx, r.method, u.String(), body)
	if err != nil {
		return nil, err
	}
	for k, v := range r.header {
		req.Header[k] = v
	}
	if r.body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if req.Header.Get("Accept") == "" {
		req.Header.Set("Accept", "application/json")
	}
	if c.userAgent != "" {
		req.Header.Set("User-Agent", c.userAgent)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := c.hc.Do(req)
	if err != nil {
		return nil, err
	}
	if res.StatusCode >= 200 && res.StatusCode < 300 {
		return res, nil
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(res.Body, maxResponse))
	return nil, decodeError(res, raw)
}

// envelope is every JSON answer: success {code: 0, data} or error
// {code, reason, msg, data: null}.
type envelope struct {
	Code   *int            `json:"code"`
	Reason string          `json:"reason"`
	Msg    string          `json:"msg"`
	Data   json.RawMessage `json:"data"`
}

// decodeError turns a non-2xx answer (or a 2xx one with a non-zero code)
// into an *Error.
func decodeError(res *http.Response, raw []byte) *Error {
	e := &Error{HTTPStatus: res.StatusCode}
	if s := res.Header.Get("Retry-After"); s != "" {
		if n, err := strconv.Atoi(s); err == nil && n >= 0 {
			e.RetryAfter = time.Duration(n) * time.Second
		}
	}
	var env envelope
	if err := json.Unmarshal(raw, &env); err != nil || env.Code == nil {
		e.Message = snippet(raw)
		if e.Message == "" {
			e.Message = http.StatusText(res.StatusCode)
		}
		return e
	}
	e.Code, e.Reason, e.Message = *env.Code, env.Reason, env.Msg
	return e
}

func snippet(raw []byte) string {
	s := strings.TrimSpace(string(raw))
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

// do sends a JSON request and decodes the envelope's data into out (when
// out is not nil).
func (c *Client) do(ctx context.Context, method, path string, query url.Values, in, out any) error {
	r := request{method: method, path: path, query: query}
	if in != nil {
		raw, err := json.Marshal(in)
		if err != nil {
			return fmt.Errorf("encode request: %w", err)
		}
		r.body = raw
	}
	res, err := c.send(ctx, r)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, maxResponse))
	if err != nil {
		return fmt.Errorf("read response: %w", err)
	}
	return decodeAnswer(res.StatusCode, raw, out)
}

// noCode marks an answer without a code: no service code is negative.
const noCode = -1

// decodeAnswer reads an envelope and, in the same pass, its data into out
// (when out is not nil): out sits in the envelope's Data, so the decoder
// fills it in place instead of keeping data aside to decode again.
func decodeAnswer(status int, raw []byte, out any) error {
	var skip json.RawMessage
	if out == nil {
		out = &skip
	}
	env := wire.Envelope{Code: noCode, Data: out}
	err := json.Unmarshal(raw, &env)
	if err != nil {
		// The data did not fit out, or this is not an envelope at all:
		// read the head alone to tell which.
		var head envelope
		if json.Unmarshal(raw, &head) != nil || head.Code == nil {
			return &Error{HTTPStatus: status, Message: "not a JSON envelope: " + snippet(raw)}
		}
		if *head.Code != 0 {
			return &Error{HTTPStatus: status, Code: *head.Code, Reason: head.Reason, Message: head.Msg}
		}
		return fmt.Errorf("decode response data: %w", err)
	}
	switch env.Code {
	case 0:
		return nil
	case noCode:
		return &Error{HTTPStatus: status, Message: "not a JSON envelope: " + snippet(raw)}
	}
	return &Error{HTTPStatus: status, Code: env.Code, Reason: env.Reason, Message: env.Msg}
}

func (c *Client) get(ctx context.Context, path string, query url.Values, out any) error {
	return c.do(ctx, http.MethodGet, path, query, nil, out)
}

func (c *Client) post(ctx context.Context, path string, in, out any) error {
	return c.do(ctx, http.MethodPost, path, nil, in, out)
}

// fetch GETs path and returns its data as a new T; submit POSTs in and
// does the same. The endpoint methods differ only in the path, the
// parameters and what the error says, so the decoding and wrapping live
// here: the error is format and args, then the cause (wrapped, so that
// AsError still finds the service's *Error).
func fetch[T any](ctx context.Context, c *Client, path string, q url.Values, format string, args ...any) (*T, error) {
	var out T
	if err := c.get(ctx, path, q, &out); err != nil {
		return nil, wrapf(err, format, args)
	}
	return &out, nil
}

// fetchBy is fetch of a read with one parameter, key=value (left out when
// value is empty).
func fetchBy[T any](ctx context.Context, c *Client, path, key, value, format string, args ...any) (*T, error) {
	v := url.Values{}
	query(v).str(key, value)
	return fetch[T](ctx, c, path, v, format, args...)
}

func submit[T any](ctx context.Context, c *Client, path string, in any, format string, args ...any) (*T, error) {
	var out T
	if err := c.post(ctx, path, in, &out); err != nil {
		return nil, wrapf(err, format, args)
	}
	return &out, nil
}

// wrapf formats the context of a failed call; it formats only on
// failure, so a successful call spends nothing on its message.
func wrapf(err error, format string, args []any) error {
	return fmt.Errorf(format+": %w", append(args, err)...)
}

// query builds URL parameters, leaving out empty optional ones.
type query url.Values

func (q query) str(k, v string) query {
	if v != "" {
		url.Values(q).Set(k, v)
	}
	return q
}

func (q query) int(k string, v int) query {
	if v != 0 {
		url.Values(q).Set(k, strconv.Itoa(v))
	}
	return q
}

// paging sets page and pageSize, with page's defaults for zeros.
func (q query) paging(p, size int) query {
	p, size = page(p, size)
	return q.int("page", p).int("pageSize", size)
}

func (q query) flag(k string, v bool) query {
	if v {
		url.Values(q).Set(k, "true")
	}
	return q
}
