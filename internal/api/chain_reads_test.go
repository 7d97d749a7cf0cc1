package api_test

import (
	"context"
	"math/big"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/api"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// TestChainReadsBadInput: the reads of confirmed chain state refuse bad
// parameters with specific codes. Their successful answers are checked
// against the chain in the end-to-end tests of cmd/predict.
func TestChainReadsBadInput(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env, s *store.DB) {
		m := storetest.NewMarket(t, s, nil)
		alice := e.signIn("did:dev:alice", addr(1))
		opt := m.Options[0].Address
		for _, tc := range []struct {
			name, path, token string
			status, code      int
		}{
			{"QuoteMissingAmount", "/api/v1/market/get-quote?marketAddress=" + m.Address + "&optionAddress=" + opt + "&side=1", "", 400, 110101},
			{"QuoteZero", "/api/v1/market/get-quote?marketAddress=" + m.Address + "&optionAddress=" + opt + "&side=1&amount=0", "", 400, 110101},
			{"QuoteFraction", "/api/v1/market/get-quote?marketAddress=" + m.Address + "&optionAddress=" + opt + "&side=1&amount=1.5", "", 400, 110101},
			{"QuoteSide", "/api/v1/market/get-quote?marketAddress=" + m.Address + "&optionAddress=" + opt + "&side=3&amount=10", "", 400, 110101},
			{"QuoteNotAnOption", "/api/v1/market/get-quote?marketAddress=" + m.Address + "&optionAddress=" + addr(7) + "&side=1&amount=10", "", 400, 110101},
			{"QuoteUnknownMarket", "/api/v1/market/get-quote?marketAddress=" + addr(8) + "&optionAddress=" + opt + "&side=1&amount=10", "", 404, 110102},
			{"ResolutionUnknown", "/api/v1/market/get-resolution-status?marketAddress=" + addr(8), "", 404, 110102},
			{"ResolutionBadAddress", "/api/v1/market/get-resolution-status?marketAddress=0x1", "", 400, 110101},
			{"PositionsNoTokenNoUID", "/api/v1/market/get-user-positions?page=1&pageSize=10", "", 401, 110303},
			{"PositionsUnknownUID", "/api/v1/market/get-user-positions?page=1&pageSize=10&uid=nobody", "", 404, 110102},
			{"PositionsPageSize", "/api/v1/market/get-user-positions?page=1&pageSize=51", alice, 400, 110101},
			{"LiquidityNoToken", "/api/v1/market/get-user-liquidity?page=1&pageSize=10", "", 401, 110303},
			{"LiquidityBadMarket", "/api/v1/market/get-user-liquidity?page=1&pageSize=10&marketAddress=zz", alice, 400, 110101},
			{"MarketTradesNoMarket", "/api/v1/market/get-market-trades?page=1&pageSize=10", "", 400, 110101},
			{"MarketTradesUnknown", "/api/v1/market/get-market-trades?page=1&pageSize=10&marketAddress=" + addr(8), "", 404, 110102},
			{"MarketTradesBadOption", "/api/v1/market/get-market-trades?page=1&pageSize=10&marketAddress=" + m.Address + "&optionAddress=x", "", 400, 110101},
			{"UserTradesNoToken", "/api/v1/market/get-user-trades?page=1&pageSize=10", "", 401, 110303},
			{"UserTradesPage", "/api/v1/market/get-user-trades?page=0&pageSize=10", alice, 400, 110101},
			{"OperationBadHash", "/api/v1/aa/get-operation-status?opHash=0x12", "", 400, 110101},
			{"OperationUnknown", "/api/v1/aa/get-operation-status?opHash=0x" + strings.Repeat("ab", 32), "", 404, 110102},
		} {
			t.Run(tc.name, func(t *testing.T) {
				wantError(t, e.do("GET", tc.path, tc.token, nil), tc.status, tc.code)
			})
		}
		t.Run("QuoteOK", func(t *testing.T) {
			var q struct{ AmountOut, Fee, PriceBefore string }
			e.read(t, "/api/v1/market/get-quote?marketAddress="+m.Address+"&optionAddress="+opt+"&side=1&amount=10000000", "", &q)
			// 10 USDC at 2% fee into a 1000/1000 pool priced 0.5.
			if q.Fee != "200000" || q.PriceBefore != "0.5" || q.AmountOut == "" {
				t.Fatalf("quote = %+v", q)
			}
		})
		t.Run("TradesEmpty", func(t *testing.T) {
			var p struct{ Total int }
			e.read(t, "/api/v1/market/get-market-trades?page=1&pageSize=10&marketAddress="+m.Address, "", &p)
			if p.Total != 0 {
				t.Fatalf("trades of a new market: %d", p.Total)
			}
		})
		t.Run("PositionsEmpty", func(t *testing.T) {
			var p struct{ Total int }
			e.read(t, "/api/v1/market/get-user-positions?page=1&pageSize=10", alice, &p)
			if p.Total != 0 {
				t.Fatalf("positions of a new user: %d", p.Total)
			}
		})
	})
}

// headAt is a chain whose head block is at a fixed time; it has no
// transactions.
type headAt time.Time

func (h headAt) HeaderByNumber(context.Context, *big.Int) (*types.Header, error) {
	return &types.Header{Number: big.NewInt(1), Time: uint64(time.Time(h).Unix())}, nil
}

func (headAt) TransactionReceipt(context.Context, common.Hash) (*types.Receipt, error) {
	return nil, ethereum.NotFound
}

func (headAt) TransactionByHash(context.Context, common.Hash) (*types.Transaction, bool, error) {
	return nil, false, ethereum.NotFound
}

// TestQuoteAtChainTime: get-quote judges whether a market trades at the
// chain's time, as operations do, not by the service's clock.
func TestQuoteAtChainTime(t *testing.T) {
	s := storetest.OpenSQLite(t)
	// The market ends in 30 days by the service's clock, on a whole
	// second as the chain's clock counts.
	m := storetest.NewMarket(t, s, func(m *predict.Market) { m.EndTime = m.EndTime.Truncate(time.Second) })
	quote := "/api/v1/market/get-quote?marketAddress=" + m.Address + "&optionAddress=" + m.Options[0].Address + "&side=1&amount=10000000"
	for name, tc := range map[string]struct {
		head time.Time
		ok   bool
	}{
		"BeforeEnd": {m.EndTime.Add(-time.Hour), true},
		"AtEnd":     {m.EndTime, false},
		"AfterEnd":  {m.EndTime.Add(time.Hour), false},
	} {
		t.Run(name, func(t *testing.T) {
			e := newEnv(t, s, func(c *api.Config) { c.Chain = headAt(tc.head) })
			r := e.do("GET", quote, "", nil)
			if tc.ok {
				wantOK(t, r)
				return
			}
			wantError(t, r, http.StatusConflict, 110105)
		})
	}
}
