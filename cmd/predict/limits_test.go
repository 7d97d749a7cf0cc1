package main

import (
	"context"
	"database/sql"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict/internal/store/storetest"
)

// TestLimitsWiring runs the service with a sponsorship budget of one
// operation an hour: the second prepared operation of a user is refused.
// On PostgreSQL the budget and the per-user rate are counted in the
// database, where every replica counts; on SQLite (one process) in memory.
func TestLimitsWiring(t *testing.T) {
	for name, shared := range map[string]bool{"sqlite": false, "postgres": true} {
		t.Run(name, func(t *testing.T) {
			// Rates on, high enough for the test.
			env := map[string]string{"PREDICT_SPONSOR_PER_HOUR": "1", "PREDICT_RATE_USER_READ": "1000", "PREDICT_RATE_USER_TRADE": "1000"}
			var dsn string
			if shared {
				dsn = storetest.PostgresDSN(t)
				env["PREDICT_DATABASE_URL"] = dsn
			}
			e := startE2E(t, env)
			root := e.newUser("root")
			e.faucet(root, 1_000_000_000)
			fields := func() map[string]any {
				return map[string]any{"title": "Budget", "description": "d", "rules": "r",
					"options": []map[string]string{{"title": "Yes"}, {"title": "No"}}, "categoryId": "test",
					"endTime": time.Now().Add(24 * time.Hour).UTC().Format(time.RFC3339), "initialLiquidity": "100000000",
					"baseTokenAddress": strings.ToLower(e.m.Suite.BaseTokens[0].Address.Hex())}
			}
			e.prepare(root, "create-market", fields())
			body := fields()
			body["action"] = "create-market"
			body["owner"] = strings.ToLower(crypto.PubkeyToAddress(root.owner.PublicKey).Hex())
			wantReject(t, request(t, e.m, "POST", "/api/v1/aa/prepare-user-operation", root.token, body), http.StatusTooManyRequests, 110103)

			if !shared {
				return
			}
			db, err := sql.Open("pgx", dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			rows, err := db.QueryContext(context.Background(), `SELECT scope FROM rate_counters ORDER BY scope`)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			var scopes []string
			for rows.Next() {
				var s string
				if err := rows.Scan(&s); err != nil {
					t.Fatal(err)
				}
				scopes = append(scopes, s)
			}
			if !slices.Contains(scopes, "sponsor") || !slices.Contains(scopes, "trade") {
				t.Fatalf("counters in PostgreSQL: %v; want the sponsorship budget and the trade rate among them", scopes)
			}
		})
	}
}
