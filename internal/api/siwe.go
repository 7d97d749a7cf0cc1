package api

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common/hexutil"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/auth"
	"github.com/predict-dev/predict/wire"
)

// SIWE configures Sign-In with Ethereum, the service's own identity
// provider for operators without a hosted one (docs/users.md).
type SIWE struct {
	// Domain is the host[:port] messages must sign in to; ChainID the
	// chain they must name.
	Domain  string
	ChainID uint64
	// Issuer signs the tokens (and its key set is served in the JWKS).
	Issuer interface {
		Mint(sub string, ttl time.Duration) (string, error)
	}
	TokenTTL   time.Duration
	RefreshTTL time.Duration
}

// nonceTTL is how long a nonce may wait for its signature; it also bounds
// how old a message's Issued At may be.
const nonceTTL = 10 * time.Minute

// siweStore is the store of siwe.go.
type siweStore interface {
	SIWENonceKey(ctx context.Context) ([]byte, error)
	UseSIWENonce(ctx context.Context, nonce string, expires, now time.Time) error
	CreateRefreshToken(ctx context.Context, hash, subject string, expires time.Time) error
	UseRefreshToken(ctx context.Context, hash string, now time.Time) (string, error)
}

// nonceKey is the key that signs nonces, read from the store on first use
// and kept: handing out a nonce then touches no database at all.
type nonceKey struct {
	mu  sync.Mutex
	key []byte
}

func (k *nonceKey) get(ctx context.Context, st siweStore) ([]byte, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.key == nil {
		key, err := st.SIWENonceKey(ctx)
		if err != nil {
			return nil, err
		}
		k.key = key
	}
	return k.key, nil
}

// handleSIWENonce hands out a nonce for the message a wallet signs. The
// nonce is signed (auth.NewSIWENonce), not stored: a flood of requests
// here writes nothing.
func (s *Server) handleSIWENonce(w http.ResponseWriter, r *http.Request) {
	key, err := s.nonceKey.get(r.Context(), s.store)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	expires := s.now().Add(nonceTTL)
	nonce, err := auth.NewSIWENonce(key, expires)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	c := s.cfg.SIWE
	ok(w, wire.SIWENonce{Nonce: nonce, ExpiresAt: wireTime(expires), Domain: c.Domain, ChainID: c.ChainID})
}

// useSIWENonce spends a nonce: signed by this service (any replica of its
// database), not expired, and not used before.
func (s *Server) useSIWENonce(ctx context.Context, nonce string) error {
	key, err := s.nonceKey.get(ctx, s.store)
	if err != nil {
		return err
	}
	now := s.now()
	expires, err := auth.CheckSIWENonce(key, nonce, now)
	if err != nil {
		return err
	}
	return s.store.UseSIWENonce(ctx, nonce, expires, now)
}

// handleSIWELogin signs a wallet in: the message must name this domain
// and chain and a nonce handed out and not used, and be signed by its
// address. The answer is a token of the subject did:pkh:eip155:<chain>:<address>
// and a refresh token.
func (s *Server) handleSIWELogin(w http.ResponseWriter, r *http.Request) {
	var req wire.SIWELoginRequest
	if err := decodeBody(w, r, s.cfg.BodyLimit, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	if req.Message == "" || req.Signature == "" {
		s.Error(w, r, predict.Errorf(predict.EINVALID, "message and signature are required"))
		return
	}
	sig, err := hexutil.Decode(req.Signature)
	if err != nil {
		s.Error(w, r, predict.Errorf(predict.EINVALID, "signature must be 0x-prefixed hex"))
		return
	}
	c := s.cfg.SIWE
	m, err := auth.VerifySIWE(req.Message, sig, auth.SIWERules{Domain: c.Domain, ChainID: c.ChainID, Now: s.now(), MaxAge: nonceTTL})
	if err == nil {
		// Spent only once the message is good: a bad try does not burn
		// the wallet's nonce, and a good one cannot be replayed.
		err = s.useSIWENonce(r.Context(), m.Nonce)
	}
	if err != nil {
		s.Error(w, r, err)
		return
	}
	subject := auth.PKHSubject(m.ChainID, m.Address)
	s.logger.InfoContext(r.Context(), "signed in with Ethereum", "subject", subject)
	s.issueSIWE(w, r, subject, m.Address.Hex())
}

// handleSIWERefresh trades a refresh token, once, for a new token and a
// new refresh token.
func (s *Server) handleSIWERefresh(w http.ResponseWriter, r *http.Request) {
	var req wire.SIWERefreshRequest
	if err := decodeBody(w, r, s.cfg.BodyLimit, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	if req.RefreshToken == "" || len(req.RefreshToken) > 128 {
		s.Error(w, r, predict.Errorf(predict.EINVALID, "refreshToken is required"))
		return
	}
	subject, err := s.store.UseRefreshToken(r.Context(), hashToken(req.RefreshToken), s.now())
	if err != nil {
		s.Error(w, r, err)
		return
	}
	address := subject[strings.LastIndexByte(subject, ':')+1:]
	s.issueSIWE(w, r, subject, address)
}

// issueSIWE answers a token and a refresh token for subject.
func (s *Server) issueSIWE(w http.ResponseWriter, r *http.Request, subject, address string) {
	c := s.cfg.SIWE
	token, err := c.Issuer.Mint(subject, c.TokenTTL)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		s.Error(w, r, err)
		return
	}
	refresh := "pdr_" + base64.RawURLEncoding.EncodeToString(b)
	now := s.now()
	if err := s.store.CreateRefreshToken(r.Context(), hashToken(refresh), subject, now.Add(c.RefreshTTL)); err != nil {
		s.Error(w, r, err)
		return
	}
	ok(w, wire.SIWEToken{Token: token, ExpiresAt: wireTime(now.Add(c.TokenTTL)), RefreshToken: refresh,
		RefreshExpiresAt: wireTime(now.Add(c.RefreshTTL)), Subject: subject, Address: address})
}

// hashToken is what the store keeps of a refresh token.
func hashToken(t string) string {
	sum := sha256.Sum256([]byte(t))
	return hex.EncodeToString(sum[:])
}
