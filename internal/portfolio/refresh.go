// Package portfolio recomputes what is derived from every user's holdings
// at once: the leaderboards and the asset snapshots behind
// get-user-asset-history. One replica runs it (the leader), periodically.
package portfolio

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"math/big"
	"slices"
	"time"

	"github.com/predict-dev/predict"
)

// Defaults of the refresh loop.
const (
	DefaultInterval      = 5 * time.Minute
	DefaultSnapshotEvery = time.Hour
)

// Store is what the refresher reads and writes (predict.MarketDataStore's
// holdings, snapshots and leaderboards).
type Store interface {
	BaseTokens(ctx context.Context) ([]string, error)
	Holdings(ctx context.Context, f predict.HoldingsFilter) ([]*predict.Holdings, error)
	LatestAssetSnapshots(ctx context.Context, baseToken string, at time.Time) (map[string]predict.AssetSnapshot, error)
	AddAssetSnapshots(ctx context.Context, snaps []predict.AssetSnapshot) error
	ReplaceLeaderboard(ctx context.Context, baseToken string, period predict.LeaderboardPeriod, entries []predict.LeaderboardEntry, at time.Time) error
}

// Refresher rebuilds the leaderboards of every base token and records a
// snapshot of each user whose value or PnL changed since their last
// snapshot, at most every SnapshotEvery.
type Refresher struct {
	Store  Store
	Logger *slog.Logger
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// SnapshotEvery is the least time between two snapshots of one user;
	// zero means DefaultSnapshotEvery.
	SnapshotEvery time.Duration
}

// Stats tell what one refresh did.
type Stats struct {
	Tokens    int
	Users     int // users with holdings, over all tokens
	Ranked    int // leaderboard rows written, over all periods
	Snapshots int
	Took      time.Duration
}

func (r *Refresher) now() time.Time {
	if r.Now != nil {
		return r.Now()
	}
	return time.Now()
}

// Run refreshes at once and then every interval until ctx ends. A failed
// refresh is logged and retried at the next tick.
func (r *Refresher) Run(ctx context.Context, interval time.Duration) error {
	if interval <= 0 {
		interval = DefaultInterval
	}
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		st, err := r.Refresh(ctx)
		switch {
		case ctx.Err() != nil:
			return nil
		case err != nil:
			r.Logger.Error("portfolio refresh failed", "err", err)
		default:
			r.Logger.Info("portfolio refreshed", "tokens", st.Tokens, "users", st.Users, "ranked", st.Ranked,
				"snapshots", st.Snapshots, "took", st.Took.Round(time.Millisecond))
		}
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}

// Refresh rebuilds every leaderboard and records due snapshots.
func (r *Refresher) Refresh(ctx context.Context) (Stats, error) {
	start := time.Now()
	now := r.now()
	tokens, err := r.Store.BaseTokens(ctx)
	if err != nil {
		return Stats{}, err
	}
	st := Stats{Tokens: len(tokens)}
	for _, token := range tokens {
		if err := r.refreshToken(ctx, token, now, &st); err != nil {
			return st, fmt.Errorf("refresh %s: %w", token, err)
		}
	}
	st.Took = time.Since(start)
	return st, nil
}

func (r *Refresher) refreshToken(ctx context.Context, token string, now time.Time, st *Stats) error {
	periods := predict.LeaderboardPeriods
	since := make([]time.Time, len(periods))
	for i, p := range periods {
		if w := p.Window(); w > 0 {
			since[i] = now.Add(-w)
		}
	}
	holdings, err := r.Store.Holdings(ctx, predict.HoldingsFilter{BaseToken: token, VolumeSince: since})
	if err != nil {
		return err
	}
	// A period's PnL is the PnL now minus the PnL of the user's last
	// snapshot before the period began (0 for a user who had none).
	baselines := make([]map[string]predict.AssetSnapshot, len(periods))
	for i, p := range periods {
		if p.Window() > 0 {
			if baselines[i], err = r.Store.LatestAssetSnapshots(ctx, token, since[i]); err != nil {
				return err
			}
		}
	}
	last, err := r.Store.LatestAssetSnapshots(ctx, token, now)
	if err != nil {
		return err
	}

	every := r.SnapshotEvery
	if every <= 0 {
		every = DefaultSnapshotEvery
	}
	boards := make([][]predict.LeaderboardEntry, len(periods))
	var snaps []predict.AssetSnapshot
	for _, h := range holdings {
		value, pnl, balance := h.Value(), h.PnL(), new(big.Int)
		if h.Balance != nil {
			balance.Set(h.Balance)
		}
		prev, seen := last[h.UID]
		// A snapshot without a balance (recorded before the store kept
		// it) counts as changed, so the split is recorded from then on.
		changed := !seen || prev.Value.Cmp(value) != 0 || prev.PnL.Cmp(pnl) != 0 ||
			prev.Balance == nil || prev.Balance.Cmp(balance) != 0
		if (seen || value.Sign() != 0 || h.Active()) && changed && (!seen || now.Sub(prev.Time) >= every) {
			snaps = append(snaps, predict.AssetSnapshot{UID: h.UID, BaseToken: token, Time: now, Value: value, PnL: pnl, Balance: balance})
		}
		if !h.Active() {
			continue
		}
		st.Users++
		for i, p := range periods {
			delta := pnl
			if p.Window() > 0 {
				delta = new(big.Int).Set(pnl)
				if b, found := baselines[i][h.UID]; found {
					delta.Sub(delta, b.PnL)
				}
				if delta.Sign() == 0 && h.Volumes[i].Sign() == 0 {
					continue // nothing happened to this user in the period
				}
			}
			boards[i] = append(boards[i], predict.LeaderboardEntry{UID: h.UID, PnL: delta, Volume: h.Volumes[i]})
		}
	}
	for i, p := range periods {
		rank(boards[i])
		if err := r.Store.ReplaceLeaderboard(ctx, token, p, boards[i], now); err != nil {
			return err
		}
		st.Ranked += len(boards[i])
	}
	if err := r.Store.AddAssetSnapshots(ctx, snaps); err != nil {
		return err
	}
	st.Snapshots += len(snaps)
	return nil
}

// rank sets both ranks of entries: by PnL and by volume, highest first,
// ties broken by uid so every refresh ranks the same data the same way.
func rank(entries []predict.LeaderboardEntry) {
	by := func(key func(*predict.LeaderboardEntry) *big.Int, set func(*predict.LeaderboardEntry, int)) {
		idx := make([]int, len(entries))
		for i := range idx {
			idx[i] = i
		}
		slices.SortFunc(idx, func(a, b int) int {
			if c := key(&entries[b]).Cmp(key(&entries[a])); c != 0 {
				return c
			}
			return cmp.Compare(entries[a].UID, entries[b].UID)
		})
		for r, i := range idx {
			set(&entries[i], r+1)
		}
	}
	by(func(e *predict.LeaderboardEntry) *big.Int { return e.PnL }, func(e *predict.LeaderboardEntry, r int) { e.PnLRank = r })
	by(func(e *predict.LeaderboardEntry) *big.Int { return e.Volume }, func(e *predict.LeaderboardEntry, r int) { e.VolumeRank = r })
}
