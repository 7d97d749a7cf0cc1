package store

import (
	"errors"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// dialect is everything that differs between the two databases at run
// time. The schemas differ too, but they live in per-dialect migrations.
type dialect struct {
	name string
	// dollar reports whether placeholders are $1, $2 ... instead of ?.
	dollar bool
	// uniqueViolation reports whether err is a UNIQUE or PRIMARY KEY
	// constraint failure.
	uniqueViolation func(err error) bool
	// foreignKeyViolation reports whether err is a FOREIGN KEY failure.
	foreignKeyViolation func(err error) bool
	// newUUID is an SQL expression giving a random version 4 uuid, in
	// lowercase text, evaluated per row.
	newUUID string
}

var (
	sqliteDialect = dialect{
		name: DialectSQLite,
		uniqueViolation: func(err error) bool {
			return sqliteCode(err, sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY)
		},
		foreignKeyViolation: func(err error) bool { return sqliteCode(err, sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY) },
		newUUID: `lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' ||
			substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))`,
	}
	postgresDialect = dialect{
		name:                DialectPostgres,
		dollar:              true,
		uniqueViolation:     func(err error) bool { return pgCode(err, "23505") },
		foreignKeyViolation: func(err error) bool { return pgCode(err, "23503") },
		newUUID:             `gen_random_uuid()::text`,
	}
)

func sqliteCode(err error, codes ...int) bool {
	var e *sqlite.Error
	if !errors.As(err, &e) {
		return false
	}
	for _, c := range codes {
		if e.Code() == c {
			return true
		}
	}
	return false
}

func pgCode(err error, code string) bool {
	var e *pgconn.PgError
	return errors.As(err, &e) && e.Code == code
}

// rebind rewrites the ? placeholders of query as $1, $2 ... for PostgreSQL.
// Question marks inside quoted strings, quoted identifiers and comments are
// left alone.
func (d dialect) rebind(query string) string {
	if !d.dollar || !strings.Contains(query, "?") {
		return query
	}
	var b strings.Builder
	b.Grow(len(query) + 16)
	n := 0
	for i := 0; i < len(query); i++ {
		c := query[i]
		switch {
		case c == '\'' || c == '"':
			j := strings.IndexByte(query[i+1:], c)
			if j < 0 {
				b.WriteString(query[i:])
				return b.String()
			}
			b.WriteString(query[i : i+j+2])
			i += j + 1
		case c == '-' && i+1 < len(query) && query[i+1] == '-':
			j := strings.IndexByte(query[i:], '\n')
			if j < 0 {
				b.WriteString(query[i:])
				return b.String()
			}
			b.WriteString(query[i : i+j+1])
			i += j
		case c == '?':
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
