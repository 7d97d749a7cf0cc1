package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/predict-dev/predict"
)

const apiKeyColumns = `k.id, k.uid, k.name, k.hash, k.scopes, k.expires_at, k.last_used_at, k.revoked_at, k.created_at, u.subject`

func scanAPIKey(r row) (*predict.APIKey, error) {
	var (
		k                      predict.APIKey
		scopes                 string
		expires, used, revoked sql.NullInt64
		created                int64
	)
	if err := r.Scan(&k.ID, &k.UID, &k.Name, &k.Hash, &scopes, &expires, &used, &revoked, &created, &k.Subject); err != nil {
		return nil, err
	}
	k.Scopes = strings.Split(scopes, ",")
	k.ExpiresAt, k.LastUsedAt, k.RevokedAt = nullTime(expires), nullTime(used), nullTime(revoked)
	k.CreatedAt = time.UnixMilli(created).UTC()
	return &k, nil
}

// nullTime is a nullable unix-ms column; zero for NULL.
func nullTime(v sql.NullInt64) time.Time {
	if !v.Valid {
		return time.Time{}
	}
	return time.UnixMilli(v.Int64).UTC()
}

// CreateAPIKey stores a new key of k.UID, unless the user holds max live
// keys already.
func (db *DB) CreateAPIKey(ctx context.Context, k *predict.APIKey, max int) error {
	return db.writeAs(ctx, "create api key", func(t *tx) error {
		now := time.Now().UTC()
		var live int
		if err := t.queryRow(ctx, `SELECT COUNT(*) FROM api_keys WHERE uid = ? AND revoked_at IS NULL
			AND (expires_at IS NULL OR expires_at > ?)`, k.UID, now.UnixMilli()).Scan(&live); err != nil {
			return err
		}
		if live >= max {
			return predict.Errorf(predict.ECONFLICT, "at most %d API keys per user: revoke one first", max)
		}
		k.CreatedAt = now
		_, err := t.exec(ctx, `INSERT INTO api_keys (id, uid, name, hash, scopes, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			k.ID, k.UID, k.Name, k.Hash, strings.Join(k.Scopes, ","), nullMs(k.ExpiresAt), now.UnixMilli())
		return err
	})
}

// APIKey reads a key by id, with its owner's subject.
func (db *DB) APIKey(ctx context.Context, id string) (*predict.APIKey, error) {
	return readValue(ctx, db, func(t *tx) (*predict.APIKey, error) {
		k, err := scanAPIKey(t.queryRow(ctx, `SELECT `+apiKeyColumns+` FROM api_keys k JOIN users u ON u.uid = k.uid WHERE k.id = ?`, id))
		return k, notFound(err, "API key %s not found", id)
	})
}

// APIKeys lists a user's keys that are not revoked, newest first.
func (db *DB) APIKeys(ctx context.Context, uid string) ([]*predict.APIKey, error) {
	return readValue(ctx, db, func(t *tx) ([]*predict.APIKey, error) {
		return listRows(ctx, t, `SELECT `+apiKeyColumns+` FROM api_keys k JOIN users u ON u.uid = k.uid
			WHERE k.uid = ? AND k.revoked_at IS NULL ORDER BY k.created_at DESC, k.id`, []any{uid}, scanAPIKey)
	})
}

// RevokeAPIKey revokes a live key of uid; from the commit on, no replica
// accepts it (each reads the key on every request).
func (db *DB) RevokeAPIKey(ctx context.Context, uid, id string) error {
	return db.writeAs(ctx, "revoke api key", func(t *tx) error {
		res, err := t.exec(ctx, `UPDATE api_keys SET revoked_at = ? WHERE id = ? AND uid = ? AND revoked_at IS NULL`,
			time.Now().UnixMilli(), id, uid)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err == nil && n == 0 {
			return predict.Errorf(predict.ENOTFOUND, "API key %s not found", id)
		}
		return nil
	})
}

// TouchAPIKey records a use of the key.
func (db *DB) TouchAPIKey(ctx context.Context, id string, when time.Time) error {
	if err := db.write(ctx, func(t *tx) error {
		_, err := t.exec(ctx, `UPDATE api_keys SET last_used_at = ? WHERE id = ?`, when.UnixMilli(), id)
		return err
	}); err != nil {
		return fmt.Errorf("touch api key %s: %w", id, err)
	}
	return nil
}
