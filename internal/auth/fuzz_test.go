package auth

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/predict-dev/predict"
)

// FuzzVerify checks that no input panics, that every rejection is an
// EUNAUTHORIZED *predict.Error that does not echo the input, and that
// nothing verifies except the one token the test itself signed.
func FuzzVerify(f *testing.F) {
	clk := newTestClock()
	key := newP256(f)
	const kid = "fuzz"
	v := newTestVerifier(f, Config{KeySource: staticSource(jwksOf(f, jwkOf(f, &key.PublicKey, kid)))}, clk)
	valid := sign(f, jwt.SigningMethodES256, key, kid, validClaims(clk.Now()))

	f.Add(valid)
	parts := strings.Split(valid, ".")
	f.Add(parts[0] + "." + parts[1] + ".")
	f.Add(parts[0] + "." + parts[1])
	f.Add(hs256(f, kid, validClaims(clk.Now()), jwksOf(f, jwkOf(f, &key.PublicKey, kid))))
	f.Add(rawToken(f, map[string]any{"alg": "none", "kid": kid}, validClaims(clk.Now()), nil))

	f.Fuzz(func(t *testing.T, tok string) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		c, err := v.Verify(ctx, tok)
		if err == nil {
			if tok != valid {
				t.Fatalf("forged token verified: %q -> %+v", tok, c)
			}
			return
		}
		if c != nil {
			t.Fatalf("claims returned with error %v", err)
		}
		if code := predict.ErrorCode(err); code != predict.EUNAUTHORIZED {
			t.Fatalf("code %q for %v", code, err)
		}
		if len(tok) >= 12 && strings.Contains(predict.ErrorMessage(err), tok) {
			t.Fatalf("message echoes the token: %q", predict.ErrorMessage(err))
		}
	})
}
