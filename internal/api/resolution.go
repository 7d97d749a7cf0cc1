package api

import (
	"net/http"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/wire"
)

// handleGetResolutionStatus tells where a market's settlement is and
// what its winners have claimed and have yet to claim.
func (s *Server) handleGetResolutionStatus(w http.ResponseWriter, r *http.Request) {
	q := newQuery(r)
	market := q.address("marketAddress", true)
	if !s.queryValid(w, r, q) {
		return
	}
	res, err := s.store.Resolution(r.Context(), market)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	now, err := s.chainNow(r.Context())
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out := newResolution(res, now)
	// Who decides a pending dispute is the factory's, on chain: deploy may
	// have set it without any role in the store.
	if out.Dispute != nil && res.Status == predict.StatusDisputed && s.cfg.Ops != nil {
		if out.Dispute.ArbitratorAddress, err = s.cfg.Ops.Arbitrator(r.Context()); err != nil {
			s.Error(w, r, err)
			return
		}
	}
	// Who would decide a dispute, for a market with a window not ended.
	switch {
	case out.Dispute != nil && out.Dispute.ArbitratorAddress != "":
		out.ArbitratorAddress = out.Dispute.ArbitratorAddress
	case res.ChallengeWindow > 0 && res.Status != predict.StatusEnded && s.cfg.Ops != nil:
		if out.ArbitratorAddress, err = s.cfg.Ops.Arbitrator(r.Context()); err != nil {
			s.Error(w, r, err)
			return
		}
	case out.Arbitration != nil:
		out.ArbitratorAddress = out.Arbitration.ArbitratorAddress
	}
	ok(w, out)
}

// newResolution is a market's settlement; until it is confirmed nothing
// is won, settled or owed. now is the chain's time, which decides whether
// the challenge window is open.
func newResolution(res *predict.Resolution, now time.Time) wire.ResolutionStatus {
	out := wire.ResolutionStatus{
		MarketAddress: res.Market, Status: string(res.Status), WinningOptionAddress: res.WinningOption,
		ResolutionSource: res.Source, ResolutionNote: res.Note, ResolverUID: res.ResolverUID, ResolverAddress: res.Resolver,
		OpHash: res.OpHash, TxHash: res.TxHash, BlockNumber: res.Block, SubmittedAt: wireTime(res.SubmittedAt),
		SettledAt: wireTime(res.SettledAt), TotalClaimableAmount: wire.AmountOf(0), TotalClaimedAmount: amount(res.Claimed),
	}
	// Until the settlement is confirmed nothing is won, settled or owed:
	// the resolver under way stays in resolverUid.
	if res.Status == predict.StatusEnded && res.WinningOption != "" {
		out.WinningOption = &wire.WinningOption{OptionAddress: res.WinningOption, Title: res.WinningTitle}
		out.SettledBy = wire.SettledBy{UID: res.ResolverUID, Name: res.ResolverName}
		out.TotalClaimableAmount = amount(res.Unclaimed)
		out.Claimable = res.Unclaimed != nil && res.Unclaimed.Sign() > 0
	}
	if res.Status == predict.StatusEnded && res.Void {
		out.TotalClaimableAmount = amount(res.Unclaimed)
		out.Claimable = res.Unclaimed != nil && res.Unclaimed.Sign() > 0
	}
	out.Void, out.ChallengeWindowSeconds, out.Bond, out.DisputeFeeBps = res.Void, int64(res.ChallengeWindow.Seconds()), amount(res.Bond), res.DisputeFeeBps
	out.OperatorResolved, out.EarlyResolvable = res.ChallengeWindow == 0, res.EarlyResolvable
	if a := res.Assertion; a != nil {
		out.Assertion = &wire.Assertion{Void: a.Void, OptionAddress: a.Option, OptionTitle: a.OptionTitle,
			AsserterUID: a.AsserterUID, AsserterAddress: a.Asserter, Bond: amount(a.Bond), AssertedAt: wireTime(a.At),
			ChallengeEndsAt: wireTime(a.ChallengeEnd), TxHash: a.TxHash}
		if res.Status == predict.StatusSettling && res.Dispute == nil {
			open := now.Before(a.ChallengeEnd)
			out.Disputable, out.Finalizable = open, !open
		}
	}
	if d := res.Dispute; d != nil {
		out.Dispute = &wire.Dispute{DisputerUID: d.DisputerUID, DisputerAddress: d.Disputer, Bond: amount(d.Bond),
			DisputedAt: wireTime(d.At), TxHash: d.TxHash}
	}
	if a := res.Arbitration; a != nil {
		out.Arbitration = &wire.Arbitration{ArbitratorAddress: a.Arbitrator, Void: a.Void, OptionAddress: a.Option,
			OptionTitle: a.OptionTitle, Upheld: a.Upheld, ArbitratedAt: wireTime(a.At), TxHash: a.TxHash}
	}
	return out
}
