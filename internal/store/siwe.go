package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/predict-dev/predict"
)

// spentGrace is how long a spent or expired refresh token is kept before
// it is deleted: long after anything could still present it.
const spentGrace = 24 * time.Hour

// usedNonceGrace is how long a used nonce is kept after it expires: a
// replica whose clock is behind still takes it for valid that long, and
// must still find it used. Far more than replicas' clocks differ.
const usedNonceGrace = 10 * time.Minute

// nonceKeyBytes is the size of the nonces' key (HMAC-SHA256's block is 64
// bytes; 32 random bytes are its full strength).
const nonceKeyBytes = 32

// SIWENonceKey returns the key that signs sign-in nonces, creating it on
// first use: the one row of siwe_nonce_key, whichever replica writes it
// first, so every replica of a database signs and checks nonces alike.
func (db *DB) SIWENonceKey(ctx context.Context) ([]byte, error) {
	fresh := make([]byte, nonceKeyBytes)
	if _, err := rand.Read(fresh); err != nil {
		return nil, fmt.Errorf("sign-in nonce key: %w", err)
	}
	var key string
	err := db.writeAs(ctx, "sign-in nonce key", func(t *tx) error {
		if _, err := t.exec(ctx, `INSERT INTO siwe_nonce_key (id, secret) VALUES (1, ?) ON CONFLICT (id) DO NOTHING`,
			hex.EncodeToString(fresh)); err != nil {
			return err
		}
		return t.queryRow(ctx, `SELECT secret FROM siwe_nonce_key WHERE id = 1`).Scan(&key)
	})
	if err != nil {
		return nil, err
	}
	b, err := hex.DecodeString(key)
	if err != nil || len(b) != nonceKeyBytes {
		return nil, fmt.Errorf("sign-in nonce key: siwe_nonce_key holds %d characters, not %d hex digits", len(key), 2*nonceKeyBytes)
	}
	return b, nil
}

// UseSIWENonce records a nonce as used, once, and deletes the used ones
// past their expiry (and usedNonceGrace): the table holds only the
// sign-ins of the last 20 minutes, whatever the number of nonces handed
// out.
func (db *DB) UseSIWENonce(ctx context.Context, nonce string, expires, now time.Time) error {
	return db.writeAs(ctx, "use sign-in nonce", func(t *tx) error {
		if _, err := t.exec(ctx, `DELETE FROM siwe_nonces WHERE expires_at < ?`, now.Add(-usedNonceGrace).UnixMilli()); err != nil {
			return err
		}
		res, err := t.exec(ctx, `INSERT INTO siwe_nonces (nonce, expires_at, used_at) VALUES (?, ?, ?) ON CONFLICT (nonce) DO NOTHING`,
			nonce, expires.UnixMilli(), now.UnixMilli())
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return predict.Errorf(predict.EUNAUTHORIZED, "the nonce was used already: ask for a new one")
		}
		return nil
	})
}

// CreateRefreshToken records a refresh token's hash.
func (db *DB) CreateRefreshToken(ctx context.Context, hash, subject string, expires time.Time) error {
	return db.writeAs(ctx, "create refresh token", func(t *tx) error {
		now := time.Now()
		if _, err := t.exec(ctx, `DELETE FROM refresh_tokens WHERE expires_at < ?`, now.Add(-spentGrace).UnixMilli()); err != nil {
			return err
		}
		_, err := t.exec(ctx, `INSERT INTO refresh_tokens (hash, subject, expires_at, created_at) VALUES (?, ?, ?, ?)`,
			hash, subject, expires.UnixMilli(), now.UnixMilli())
		return err
	})
}

// UseRefreshToken spends a refresh token, once, and returns its subject.
func (db *DB) UseRefreshToken(ctx context.Context, hash string, now time.Time) (string, error) {
	var subject string
	err := db.writeAs(ctx, "use refresh token", func(t *tx) error {
		err := t.queryRow(ctx, `SELECT subject FROM refresh_tokens WHERE hash = ? AND used_at IS NULL AND expires_at > ?`,
			hash, now.UnixMilli()).Scan(&subject)
		if err == sql.ErrNoRows {
			return predict.Errorf(predict.EUNAUTHORIZED, "the refresh token is unknown, used or expired: sign in again")
		} else if err != nil {
			return err
		}
		_, err = t.exec(ctx, `UPDATE refresh_tokens SET used_at = ? WHERE hash = ?`, now.UnixMilli(), hash)
		return err
	})
	return subject, err
}

// SIWENonceCount is how many used nonces the table keeps: what a flood of
// sign-ins grows, for tests and operators.
func (db *DB) SIWENonceCount(ctx context.Context) (int, error) {
	return readValue(ctx, db, func(t *tx) (n int, err error) {
		err = t.queryRow(ctx, `SELECT COUNT(*) FROM siwe_nonces`).Scan(&n)
		return n, err
	})
}
