package api_test

import (
	"context"
	"math/big"
	"testing"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/portfolio"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// TestAssetHistorySnapshots reads get-user-asset-history in the platform's
// form: total, decimal, and snapshots that split value into balance and
// portfolio; a snapshot recorded before the store kept the balance shows
// them as null, and the refresher records the split the next time round.
func TestAssetHistorySnapshots(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env, s *store.DB) {
		d := newMarketData(t, e, s)
		base := d.busy.Base

		var info struct{ Value, Balance, Portfolio, PnL string }
		r := e.do("GET", "/api/v1/market/get-user-asset-info?uid="+d.bobUID+"&baseTokenAddress="+base, d.bob, nil)
		wantOK(t, r)
		r.into(t, &info)
		if info.Balance == "0" || info.Portfolio == "0" {
			t.Fatalf("bob should hold both base tokens and positions: %+v", info)
		}
		// A snapshot as the store recorded them before it kept the
		// balance: same value and PnL as now, no balance.
		value, _ := new(big.Int).SetString(info.Value, 10)
		pnl, _ := new(big.Int).SetString(info.PnL, 10)
		old := e.now.Add(-3 * time.Hour)
		storetest.Must(t, s.AddAssetSnapshots(context.Background(), []predict.AssetSnapshot{
			{UID: d.bobUID, BaseToken: base, Time: old, Value: value, PnL: pnl}}))
		refreshed := e.now
		_, err := (&portfolio.Refresher{Store: s, Now: func() time.Time { return refreshed }}).Refresh(context.Background())
		storetest.Must(t, err)

		e.now = e.now.Add(2 * time.Hour)
		var hist struct {
			Points []struct {
				Time       time.Time
				Value, PnL string
			}
			Total     int
			Decimal   int
			Snapshots []struct {
				Timestamp          time.Time
				Value, PnL         string
				Balance, Portfolio *string
			}
		}
		r = e.do("GET", "/api/v1/user/get-user-asset-history?uid="+d.bobUID+"&timeInterval=1d&baseTokenAddress="+base, d.alice, nil)
		wantOK(t, r)
		r.into(t, &hist)
		n := len(hist.Snapshots)
		if hist.Total != n || n != len(hist.Points) || n < 4 || hist.Decimal != 6 {
			t.Fatalf("history: total %d, %d snapshots, %d points, decimal %d", hist.Total, n, len(hist.Points), hist.Decimal)
		}
		var unknown, split int
		for i, sn := range hist.Snapshots {
			p := hist.Points[i]
			if !sn.Timestamp.Equal(p.Time) || sn.Value != p.Value || sn.PnL != p.PnL || sn.Value != info.Value || sn.PnL != info.PnL {
				t.Fatalf("snapshot %d %+v disagrees with point %+v or bob's figures %+v", i, sn, p, info)
			}
			switch {
			case sn.Timestamp.Before(refreshed.Truncate(time.Hour)):
				if sn.Balance != nil || sn.Portfolio != nil {
					t.Fatalf("snapshot %d before the refresh has a split: %s + %s", i, *sn.Balance, *sn.Portfolio)
				}
				unknown++
			case sn.Balance == nil || sn.Portfolio == nil || *sn.Balance != info.Balance || *sn.Portfolio != info.Portfolio:
				t.Fatalf("snapshot %d (%s) after the refresh: %+v, want balance %s portfolio %s", i, sn.Timestamp, sn, info.Balance, info.Portfolio)
			default:
				split++
			}
		}
		if unknown == 0 || split < 2 {
			t.Fatalf("%d snapshots without a split, %d with", unknown, split)
		}

		for _, tc := range []struct{ name, query string }{
			{"NoUID", "timeInterval=1d&baseTokenAddress=" + base},
			{"NoBase", "uid=" + d.bobUID + "&timeInterval=1d"},
			{"NoInterval", "uid=" + d.bobUID + "&baseTokenAddress=" + base},
			{"Interval1h", "uid=" + d.bobUID + "&timeInterval=1h&baseTokenAddress=" + base},
		} {
			t.Run("Err"+tc.name, func(t *testing.T) {
				wantError(t, e.do("GET", "/api/v1/user/get-user-asset-history?"+tc.query, d.bob, nil), 400, 110101)
			})
		}
	})
}
