package auth

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict"
)

// The example of EIP-4361, with every optional field.
const siweExample = `service.invalid wants you to sign in with your Ethereum account:
0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2

I accept the ServiceOrg Terms of Service: https://service.invalid/tos

URI: https://service.invalid/login
Version: 1
Chain ID: 1
Nonce: 32891756
Issued At: 2021-09-30T16:25:24Z
Expiration Time: 2021-10-01T16:25:24Z
Not Before: 2021-09-30T16:00:00Z
Request ID: abc-1
Resources:
- ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/
- https://example.com/my-web2-claim.json`

func TestParseSIWE(t *testing.T) {
	m, err := ParseSIWE(siweExample)
	if err != nil {
		t.Fatal(err)
	}
	if m.Domain != "service.invalid" || m.Address.Hex() != "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2" || m.ChainID != 1 ||
		m.Nonce != "32891756" || m.Statement == "" || m.URI != "https://service.invalid/login" || len(m.Resources) != 2 ||
		m.RequestID != "abc-1" || m.ExpirationTime.IsZero() || m.NotBefore.IsZero() {
		t.Fatalf("parsed %+v", m)
	}
	// The shortest message: no statement (the address, then two empty
	// lines), no optional field.
	short := "https://a.example:8443 wants you to sign in with your Ethereum account:\n0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2\n\n\n" +
		"URI: https://a.example:8443\nVersion: 1\nChain ID: 5\nNonce: abcdefgh12\nIssued At: 2021-09-30T16:25:24.000Z"
	if m, err := ParseSIWE(short); err != nil || m.Scheme != "https" || m.Domain != "a.example:8443" || m.Statement != "" {
		t.Fatalf("short: %+v %v", m, err)
	}
	for name, edit := range map[string]func(string) string{
		"not checksummed": func(s string) string { return strings.Replace(s, "0xC02aaA39b", "0xc02aaa39b", 1) },
		"version 2":       func(s string) string { return strings.Replace(s, "Version: 1", "Version: 2", 1) },
		"no nonce":        func(s string) string { return strings.Replace(s, "Nonce: 32891756\n", "", 1) },
		"short nonce":     func(s string) string { return strings.Replace(s, "Nonce: 32891756", "Nonce: 1234", 1) },
		"chain 0":         func(s string) string { return strings.Replace(s, "Chain ID: 1", "Chain ID: 0", 1) },
		"bad time":        func(s string) string { return strings.Replace(s, "2021-09-30T16:25:24Z", "yesterday", 1) },
		"out of order": func(s string) string {
			return strings.Replace(s, "Version: 1\nChain ID: 1", "Chain ID: 1\nVersion: 1", 1)
		},
		"other header": func(s string) string { return strings.Replace(s, "wants you to sign in", "asks you to sign in", 1) },
		"extra line":   func(s string) string { return s + "\nP.S. hi" },
		"too long":     func(s string) string { return s + strings.Repeat("x", MaxSIWEMessage) },
	} {
		if _, err := ParseSIWE(edit(siweExample)); predict.ErrorCode(err) != predict.EINVALID {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// siweLines joins the lines of a message (EIP-4361 has no final LF).
func siweLines(lines ...string) string { return strings.Join(lines, "\n") }

// TestParseSIWEGrammar: the lines of EIP-4361's ABNF, as viem's
// createSiweMessage and SpruceID's siwe write them: the statement is
// optional (without it the address is followed by two empty lines), so
// are the resources, and the optional fields come in the standard's
// order.
func TestParseSIWEGrammar(t *testing.T) {
	const (
		head  = "predict.example wants you to sign in with your Ethereum account:"
		addr  = "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2"
		stmt  = "Sign in to predict: https://predict.example/tos (v1.2), #1 & more!"
		uri   = "URI: https://predict.example/login"
		ver   = "Version: 1"
		chain = "Chain ID: 1337"
		nonce = "Nonce: 0123456789abcdef"
		iat   = "Issued At: 2026-11-27T12:00:00.000Z"
		exp   = "Expiration Time: 2026-11-27T12:10:00.000Z"
		nbf   = "Not Before: 2026-11-27T11:59:00Z"
		rid   = "Request ID: req-1"
		res   = "Resources:"
		res1  = "- ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/"
		res2  = "- https://predict.example/my-claim.json"
	)
	for _, tc := range []struct {
		name      string
		msg       string
		statement string
		resources int
	}{
		{"OKStatement", siweLines(head, addr, "", stmt, "", uri, ver, chain, nonce, iat), stmt, 0},
		{"OKNoStatement", siweLines(head, addr, "", "", uri, ver, chain, nonce, iat), "", 0},
		{"OKNoStatementResources", siweLines(head, addr, "", "", uri, ver, chain, nonce, iat, res, res1, res2), "", 2},
		{"OKStatementResources", siweLines(head, addr, "", stmt, "", uri, ver, chain, nonce, iat, res, res1), stmt, 1},
		{"OKNoResourceListed", siweLines(head, addr, "", "", uri, ver, chain, nonce, iat, res), "", 0},
		{"OKEveryField", siweLines(head, addr, "", stmt, "", uri, ver, chain, nonce, iat, exp, nbf, rid, res, res1, res2), stmt, 2},
		{"OKSomeFields", siweLines(head, addr, "", "", uri, ver, chain, nonce, iat, nbf, rid), "", 0},
		{"OKScheme", siweLines("https://"+head, addr, "", "", uri, ver, chain, nonce, iat), "", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := ParseSIWE(tc.msg)
			if err != nil {
				t.Fatal(err)
			}
			if m.Statement != tc.statement || len(m.Resources) != tc.resources || m.Address.Hex() != addr ||
				m.URI != "https://predict.example/login" || m.ChainID != 1337 || m.Nonce != "0123456789abcdef" {
				t.Fatalf("parsed %+v", m)
			}
		})
	}
	for _, tc := range []struct{ name, msg, why string }{
		// Before EIP-4361 settled its grammar, a message without a
		// statement had one empty line; the standard has two.
		{"ErrOneEmptyLine", siweLines(head, addr, "", uri, ver, chain, nonce, iat), `two empty lines must follow the address`},
		{"ErrThreeEmptyLines", siweLines(head, addr, "", "", "", uri, ver, chain, nonce, iat), `"URI: …" is missing`},
		{"ErrNoEmptyLine", siweLines(head, addr, uri, ver, chain, nonce, iat), `an empty line must follow the address`},
		{"ErrStatementUnended", siweLines(head, addr, "", stmt, uri, ver, chain, nonce, iat), `an empty line must follow it`},
		{"ErrStatementTwoLines", siweLines(head, addr, "", stmt, stmt, "", uri, ver, chain, nonce, iat), `an empty line must follow it`},
		{"ErrStatementQuote", siweLines(head, addr, "", `Sign "in"`, "", uri, ver, chain, nonce, iat), `the statement may hold only`},
		{"ErrStatementNotASCII", siweLines(head, addr, "", "Connexion à predict", "", uri, ver, chain, nonce, iat), `not 'à'`},
		{"ErrStatementCR", siweLines(head, addr, "", "Sign in\r", "", uri, ver, chain, nonce, iat), `the statement may hold only`},
		{"ErrURIMissing", siweLines(head, addr, "", "", ver, chain, nonce, iat), `"URI: …" is missing`},
		{"ErrURINotAbsolute", siweLines(head, addr, "", "", "URI: /login", ver, chain, nonce, iat), `URI must be an absolute URI`},
		{"ErrOptionalOutOfOrder", siweLines(head, addr, "", "", uri, ver, chain, nonce, iat, nbf, exp), `unexpected line "Expiration Time`},
		{"ErrOptionalTwice", siweLines(head, addr, "", "", uri, ver, chain, nonce, iat, exp, exp), `unexpected line "Expiration Time`},
		{"ErrOptionalAfterResources", siweLines(head, addr, "", "", uri, ver, chain, nonce, iat, res, res1, rid), `must start with "- "`},
		{"ErrResourceNotURI", siweLines(head, addr, "", "", uri, ver, chain, nonce, iat, res, "- not a uri"), `a resource must be an absolute URI`},
		{"ErrFinalNewline", siweLines(head, addr, "", "", uri, ver, chain, nonce, iat, ""), `unexpected line ""`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := ParseSIWE(tc.msg)
			if predict.ErrorCode(err) != predict.EINVALID || !strings.Contains(err.Error(), tc.why) {
				t.Fatalf("parsed %+v, %v; want EINVALID: …%s…", m, err, tc.why)
			}
		})
	}
}

func TestVerifySIWE(t *testing.T) {
	key, _ := crypto.GenerateKey()
	addr := crypto.PubkeyToAddress(key.PublicKey)
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	messageURI := func(domain, uri string, chain int, issued time.Time, expires string) string {
		m := domain + " wants you to sign in with your Ethereum account:\n" + addr.Hex() + "\n\nSign in to predict\n\n" +
			"URI: " + uri + "\nVersion: 1\nChain ID: " + strconv.Itoa(chain) + "\nNonce: 0123456789abcdef\nIssued At: " +
			issued.Format(time.RFC3339)
		if expires != "" {
			m += "\nExpiration Time: " + expires
		}
		return m
	}
	message := func(domain string, chain int, issued time.Time, expires string) string {
		return messageURI(domain, "https://"+domain, chain, issued, expires)
	}
	sign := func(m string) []byte {
		sig, err := crypto.Sign(accounts.TextHash([]byte(m)), key)
		if err != nil {
			t.Fatal(err)
		}
		sig[64] += 27 // as wallets send it
		return sig
	}
	rules := SIWERules{Domain: "predict.example", ChainID: 1337, Now: now, MaxAge: 10 * time.Minute}
	good := message("predict.example", 1337, now.Add(-time.Minute), "")
	m, err := VerifySIWE(good, sign(good), rules)
	if err != nil || m.Address != addr || PKHSubject(m.ChainID, m.Address) != "did:pkh:eip155:1337:"+addr.Hex() {
		t.Fatalf("verify: %+v %v", m, err)
	}
	if !validSubject(PKHSubject(1337, addr)) {
		t.Fatal("a did:pkh subject is not a valid subject")
	}
	// The URI may be any resource of the domain signed in to.
	for _, uri := range []string{"https://predict.example/", "https://predict.example/login?next=%2Fportfolio", "http://predict.example", "https://PREDICT.example/x"} {
		good := messageURI("predict.example", uri, 1337, now, "")
		if _, err := VerifySIWE(good, sign(good), rules); err != nil {
			t.Errorf("URI %s: %v", uri, err)
		}
	}
	other, _ := crypto.GenerateKey()
	otherSig, _ := crypto.Sign(accounts.TextHash([]byte(good)), other)
	for name, tc := range map[string]struct {
		msg string
		sig []byte
	}{
		"other domain":          {message("evil.example", 1337, now, ""), nil},
		"URI on another site":   {messageURI("predict.example", "https://evil.example/login", 1337, now, ""), nil},
		"URI on another port":   {messageURI("predict.example", "https://predict.example:8443/", 1337, now, ""), nil},
		"URI with a user":       {messageURI("predict.example", "https://predict.example@evil.example/", 1337, now, ""), nil},
		"URI with user info":    {messageURI("predict.example", "https://eve@predict.example/", 1337, now, ""), nil},
		"URI without authority": {messageURI("predict.example", "urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66", 1337, now, ""), nil},
		"other chain":           {message("predict.example", 1, now, ""), nil},
		"expired":               {message("predict.example", 1337, now.Add(-5*time.Minute), now.Add(-time.Minute).Format(time.RFC3339)), nil},
		"issued long ago":       {message("predict.example", 1337, now.Add(-time.Hour), ""), nil},
		"from the future":       {message("predict.example", 1337, now.Add(time.Hour), ""), nil},
		"other signer":          {good, otherSig},
		"short signature":       {good, []byte{1, 2, 3}},
		"changed after signing": {strings.Replace(good, "Sign in to predict", "Sign in to predict!", 1), sign(good)},
	} {
		sig := tc.sig
		if sig == nil {
			sig = sign(tc.msg)
		}
		_, err := VerifySIWE(tc.msg, sig, rules)
		if predict.ErrorCode(err) != predict.EUNAUTHORIZED || strings.HasPrefix(name, "URI") && !strings.Contains(err.Error(), "URI") {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// Issuers hands each token to its issuer's verifier.
func TestIssuers(t *testing.T) {
	dir := t.TempDir()
	a, err := OpenKeyIssuer(dir+"/a.pem", "issuer-a", "predict")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := OpenKeyIssuer(dir+"/b.pem", "issuer-b", "predict")
	va, _ := NewVerifier(Config{KeySource: a, Issuer: "issuer-a", Audience: "predict"})
	vb, _ := NewVerifier(Config{KeySource: b, Issuer: "issuer-b", Audience: "predict"})
	is := Issuers{"issuer-a": va, "issuer-b": vb}
	ta, _ := a.Mint("did:pkh:eip155:1:0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2", time.Hour)
	tb, _ := b.Mint("did:dev:bob", time.Hour)
	if c, err := is.Verify(context.Background(), ta); err != nil || c.Issuer != "issuer-a" {
		t.Fatalf("a: %+v %v", c, err)
	}
	if c, err := is.Verify(context.Background(), tb); err != nil || c.Subject != "did:dev:bob" {
		t.Fatalf("b: %+v %v", c, err)
	}
	stranger, _ := OpenKeyIssuer(dir+"/c.pem", "issuer-c", "predict")
	tc, _ := stranger.Mint("did:dev:eve", time.Hour)
	if _, err := is.Verify(context.Background(), tc); predict.ErrorCode(err) != predict.EUNAUTHORIZED {
		t.Fatalf("unknown issuer: %v", err)
	}
	// A token of a with b's name as iss cannot pass: b's verifier checks
	// the signature against b's keys.
	forged, _ := (&DevProvider{key: a.key, kid: b.kid, issuer: "issuer-b", audience: "predict", now: time.Now}).Mint("did:dev:eve", time.Hour)
	if _, err := is.Verify(context.Background(), forged); predict.ErrorCode(err) != predict.EUNAUTHORIZED {
		t.Fatalf("forged: %v", err)
	}
	if doc, err := MergeJWKS(a.JWKS(), b.JWKS()); err != nil || strings.Count(string(doc), `"kid"`) != 2 {
		t.Fatalf("merged %s %v", doc, err)
	}
}
