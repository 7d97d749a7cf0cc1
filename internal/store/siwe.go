package store

import (
	"context"
	"database/sql"
	"time"

	"github.com/predict-dev/predict"
)

// spentGrace is how long a spent or expired nonce or refresh token is
// kept before it is deleted: long after anything could still present it.
const spentGrace = 24 * time.Hour

// CreateSIWENonce records a nonce, and deletes the ones long expired, so
// the table holds only what the rate limit lets through in a day.
func (db *DB) CreateSIWENonce(ctx context.Context, nonce string, expires time.Time) error {
	return db.writeAs(ctx, "create sign-in nonce", func(t *tx) error {
		if _, err := t.exec(ctx, `DELETE FROM siwe_nonces WHERE expires_at < ?`, time.Now().Add(-spentGrace).UnixMilli()); err != nil {
			return err
		}
		_, err := t.exec(ctx, `INSERT INTO siwe_nonces (nonce, expires_at) VALUES (?, ?)`, nonce, expires.UnixMilli())
		return err
	})
}

// UseSIWENonce spends a nonce, once.
func (db *DB) UseSIWENonce(ctx context.Context, nonce string, now time.Time) error {
	return db.writeAs(ctx, "use sign-in nonce", func(t *tx) error {
		res, err := t.exec(ctx, `UPDATE siwe_nonces SET used_at = ? WHERE nonce = ? AND used_at IS NULL AND expires_at > ?`,
			now.UnixMilli(), nonce, now.UnixMilli())
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err == nil && n == 0 {
			return predict.Errorf(predict.EUNAUTHORIZED, "the nonce is unknown, used or expired: ask for a new one")
		}
		return err
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
