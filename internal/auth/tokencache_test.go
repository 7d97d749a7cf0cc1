package auth

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// TestTokenCache: a token verified once is answered from memory, and
// only while the checks that passed still hold: not past its exp (with
// the leeway), and not once the provider has withdrawn its key.
func TestTokenCache(t *testing.T) {
	ctx := context.Background()
	t.Run("Remembered", func(t *testing.T) {
		clk := newTestClock()
		k := newP256(t)
		v := newTestVerifier(t, Config{KeySource: staticSource(jwksOf(t, jwkOf(t, &k.PublicKey, "k1")))}, clk)
		tok := sign(t, jwt.SigningMethodES256, k, "k1", validClaims(clk.Now()))
		first, err := v.Verify(ctx, tok)
		if err != nil {
			t.Fatal(err)
		}
		if n := v.tokens.len(); n != 1 {
			t.Fatalf("%d tokens remembered after one verification, want 1", n)
		}
		again, err := v.Verify(ctx, tok)
		if err != nil || again.Subject != first.Subject || !again.ExpiresAt.Equal(first.ExpiresAt) || again.Issuer != first.Issuer {
			t.Fatalf("remembered token: %+v %v, want %+v", again, err, first)
		}
		// The answer is a copy: a caller changing it changes nothing kept.
		again.Subject = "did:x:changed"
		if third, _ := v.Verify(ctx, tok); third.Subject != testSubject {
			t.Fatalf("remembered claims were changed through an answer: %+v", third)
		}
	})
	t.Run("Expires", func(t *testing.T) {
		clk := newTestClock()
		k := newP256(t)
		v := newTestVerifier(t, Config{KeySource: staticSource(jwksOf(t, jwkOf(t, &k.PublicKey, "k1"))), Leeway: time.Second}, clk)
		tok := sign(t, jwt.SigningMethodES256, k, "k1", validClaims(clk.Now())) // exp in 10 min
		if _, err := v.Verify(ctx, tok); err != nil {
			t.Fatal(err)
		}
		clk.Advance(10*time.Minute + 500*time.Millisecond) // within the leeway
		if _, err := v.Verify(ctx, tok); err != nil {
			t.Fatalf("within the leeway: %v", err)
		}
		clk.Advance(time.Second)
		_, err := v.Verify(ctx, tok)
		wantUnauthorized(t, err, "expired", tok)
	})
	t.Run("KeyWithdrawn", func(t *testing.T) {
		clk := newTestClock()
		k1, k2 := newP256(t), newP256(t)
		srv := newJWKSServer(t, jwksOf(t, jwkOf(t, &k1.PublicKey, "k1")))
		v := newTestVerifier(t, Config{JWKSURL: srv.URL, MaxKeyAge: time.Minute}, clk)
		claims := validClaims(clk.Now())
		claims["exp"] = clk.Now().Add(time.Hour).Unix()
		tok := sign(t, jwt.SigningMethodES256, k1, "k1", claims)
		if _, err := v.Verify(ctx, tok); err != nil {
			t.Fatal(err)
		}
		// The provider withdraws k1; the keys grow old, and the next use
		// refreshes them in the background while k1 still serves.
		srv.set(jwksOf(t, jwkOf(t, &k2.PublicKey, "k1")), http.StatusOK)
		clk.Advance(2 * time.Minute)
		if _, err := v.Verify(ctx, tok); err != nil {
			t.Fatalf("while the keys refresh: %v", err)
		}
		waitIdle(t, v)
		// kid k1 now names another key: the remembered token is checked
		// again, and refused.
		_, err := v.Verify(ctx, tok)
		wantUnauthorized(t, err, "signature", tok)
		if n := v.tokens.len(); n != 0 {
			t.Fatalf("a token whose key was withdrawn is still remembered (%d entries)", n)
		}
	})
	t.Run("Bounded", func(t *testing.T) {
		clk := newTestClock()
		k := newP256(t)
		v := newTestVerifier(t, Config{KeySource: staticSource(jwksOf(t, jwkOf(t, &k.PublicKey, "k1"))), CacheSize: 16}, clk)
		for i := range 100 {
			c := validClaims(clk.Now())
			c["jti"] = fmt.Sprint(i)
			if _, err := v.Verify(ctx, sign(t, jwt.SigningMethodES256, k, "k1", c)); err != nil {
				t.Fatal(err)
			}
			if n := v.tokens.len(); n > 16 {
				t.Fatalf("%d tokens remembered, over the bound of 16", n)
			}
		}
	})
	t.Run("Off", func(t *testing.T) {
		clk := newTestClock()
		k := newP256(t)
		v := newTestVerifier(t, Config{KeySource: staticSource(jwksOf(t, jwkOf(t, &k.PublicKey, "k1"))), CacheSize: -1}, clk)
		if _, err := v.Verify(ctx, sign(t, jwt.SigningMethodES256, k, "k1", validClaims(clk.Now()))); err != nil {
			t.Fatal(err)
		}
		if n := v.tokens.len(); n != 0 {
			t.Fatalf("a verifier with CacheSize -1 remembered %d tokens", n)
		}
	})
	t.Run("RefusedNotRemembered", func(t *testing.T) {
		clk := newTestClock()
		k, other := newP256(t), newP256(t)
		v := newTestVerifier(t, Config{KeySource: staticSource(jwksOf(t, jwkOf(t, &k.PublicKey, "k1")))}, clk)
		tok := sign(t, jwt.SigningMethodES256, other, "k1", validClaims(clk.Now()))
		for range 2 {
			_, err := v.Verify(ctx, tok)
			wantUnauthorized(t, err, "signature", tok)
		}
		if n := v.tokens.len(); n != 0 {
			t.Fatalf("a refused token was remembered (%d entries)", n)
		}
	})
}

// BenchmarkVerify is the cost of one request's token check: a token seen
// before (remembered) and one checked in full.
func BenchmarkVerify(b *testing.B) {
	k := newP256(b)
	src := staticSource(jwksOf(b, jwkOf(b, &k.PublicKey, "k1")))
	tok := sign(b, jwt.SigningMethodES256, k, "k1", validClaims(time.Now()))
	for _, c := range []struct {
		name string
		size int
	}{{"Remembered", 0}, {"Full", -1}} {
		b.Run(c.name, func(b *testing.B) {
			v := newTestVerifier(b, Config{KeySource: src, CacheSize: c.size}, nil)
			ctx := context.Background()
			for b.Loop() {
				if _, err := v.Verify(ctx, tok); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
