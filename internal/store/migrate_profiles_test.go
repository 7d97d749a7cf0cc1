package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/predict-dev/predict"
)

// TestMigrateNotificationClasses applies the migrations before 0009 to a
// fresh database, writes notifications as the store wrote them then (no
// uuid, type or category), applies the rest, and checks that every
// notification got a distinct uuid and the type and category
// predict.NotificationClass gives, on both databases.
func TestMigrateNotificationClasses(t *testing.T) {
	for _, name := range []string{DialectSQLite, DialectPostgres} {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			db := openUnmigrated(t, name)
			migrateBefore(t, db, "0009")

			payloads := []map[string]string{}
			kinds := []string{}
			add := func(kind string, data map[string]string) {
				kinds, payloads = append(kinds, kind), append(payloads, data)
			}
			for _, action := range []string{"buy", "sell", "add-liquidity", "remove-liquidity", "redeem-liquidity", "claim", "create-market", "settle-market"} {
				for _, status := range []string{"confirmed", "reverted", "dropped"} {
					add(predict.NotifyOperation, map[string]string{predict.NoteAction: action, predict.NoteStatus: status})
				}
			}
			add(predict.NotifyMarketSettled, map[string]string{predict.NoteMarket: "0x01"})
			add(predict.NotifyCommentReply, map[string]string{predict.NoteReplyTo: "post"})
			add(predict.NotifyCommentReply, map[string]string{predict.NoteReplyTo: "comment"})
			add(predict.NotifyAddressLost, map[string]string{})
			migrateAfter(t, db, func(t *tx) error {
				if _, err := t.exec(ctx, `INSERT INTO users (uid, subject, avatar_url, invite_code, created_at, updated_at)
					VALUES ('u1', 'did:test:u1', '', 'AAAAAAAA', 0, 0)`); err != nil {
					return err
				}
				for i, kind := range kinds {
					payload := `{"action":"` + payloads[i][predict.NoteAction] + `","status":"` + payloads[i][predict.NoteStatus] +
						`","replyTo":"` + payloads[i][predict.NoteReplyTo] + `"}`
					if _, err := t.exec(ctx, `INSERT INTO notifications (uid, kind, payload, created_at) VALUES ('u1', ?, ?, ?)`,
						kind, payload, i); err != nil {
						return err
					}
				}
				return nil
			})

			uuidV4 := regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)
			seen := map[string]bool{}
			rows, err := db.reader.QueryContext(ctx, `SELECT uuid, type, category, created_at FROM notifications ORDER BY created_at`)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			n := 0
			for ; rows.Next(); n++ {
				var (
					id, typ, category string
					i                 int
				)
				if err := rows.Scan(&id, &typ, &category, &i); err != nil {
					t.Fatal(err)
				}
				wantType, wantCategory := predict.NotificationClass(kinds[i], payloads[i])
				if !uuidV4.MatchString(id) || seen[id] || typ != wantType || category != wantCategory {
					t.Errorf("%s %v: uuid %q (seen before: %v), type %q, category %q; want %q, %q",
						kinds[i], payloads[i], id, seen[id], typ, category, wantType, wantCategory)
				}
				seen[id] = true
			}
			if err := rows.Err(); err != nil || n != len(kinds) {
				t.Fatalf("read %d notifications of %d: %v", n, len(kinds), err)
			}
		})
	}
}

// migrateBefore applies the migrations whose versions sort before version.
func migrateBefore(t *testing.T, db *DB, version string) {
	t.Helper()
	ctx := context.Background()
	ms, err := db.dialect.migrations()
	if err != nil {
		t.Fatal(err)
	}
	conn, err := db.writer.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, createSchemaMigrations); err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		if m.version >= version {
			break
		}
		if _, err := db.applyMigration(ctx, conn, m); err != nil {
			t.Fatalf("%s: %v", m.version, err)
		}
	}
}

// migrateAfter writes rows as an older schema held them (write), then
// applies the migrations not applied yet.
func migrateAfter(t *testing.T, db *DB, write func(t *tx) error) {
	t.Helper()
	ctx := context.Background()
	if err := db.write(ctx, write); err != nil {
		t.Fatal(err)
	}
	if err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
}

// openUnmigrated opens an empty database of the dialect: a SQLite file,
// or a fresh PostgreSQL schema (skipped without PREDICT_TEST_POSTGRES_DSN).
func openUnmigrated(t *testing.T, dialect string) *DB {
	t.Helper()
	ctx := context.Background()
	if dialect == DialectSQLite {
		db, err := openSQLite(ctx, filepath.Join(t.TempDir(), "predict.db"), slog.New(slog.DiscardHandler))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	}
	base := strings.TrimSpace(os.Getenv("PREDICT_TEST_POSTGRES_DSN"))
	if base == "" {
		t.Skip("PREDICT_TEST_POSTGRES_DSN is not set")
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Close() })
	b := make([]byte, 8)
	rand.Read(b)
	schema := "test_" + hex.EncodeToString(b)
	if _, err := admin.ExecContext(ctx, `CREATE SCHEMA `+schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.ExecContext(context.Background(), `DROP SCHEMA `+schema+` CASCADE`) })
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	db, err := openPostgres(ctx, u.String(), slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
