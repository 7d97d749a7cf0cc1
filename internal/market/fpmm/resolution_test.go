package fpmm

import (
	"errors"
	"math/big"
	"testing"
)

func newResolvingPool(t *testing.T, window uint64, bond int64, feeBps uint64) *Pool {
	t.Helper()
	p, err := NewPool(3, 200, "creator", big.NewInt(1_000_000))
	if err != nil {
		t.Fatal(err)
	}
	if err := p.SetResolution(window, big.NewInt(bond), feeBps); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestResolutionStateMachine(t *testing.T) {
	p := newResolvingPool(t, 7200, 1000, 1000)
	if err := p.Settle(0); !errors.Is(err, ErrChallengeWindowRequired) {
		t.Fatalf("settle with a window: %v", err)
	}
	if _, err := p.Dispute("d", 10); !errors.Is(err, ErrNotAsserted) {
		t.Fatalf("dispute before assertion: %v", err)
	}
	if _, err := p.Assert("a", 3, 10); !errors.Is(err, ErrInvalidOption) {
		t.Fatalf("assert option 3 of 3: %v", err)
	}
	bond, err := p.Assert("a", 1, 10)
	if err != nil || bond.Int64() != 1000 || p.Resolution.ChallengeEnd != 7210 {
		t.Fatalf("assert: bond %v end %d err %v", bond, p.Resolution.ChallengeEnd, err)
	}
	if _, err := p.Assert("a", 1, 11); !errors.Is(err, ErrAlreadyAsserted) {
		t.Fatalf("second assertion: %v", err)
	}
	if _, err := p.Buy(0, big.NewInt(100)); !errors.Is(err, ErrResolutionPending) {
		t.Fatalf("buy while settling: %v", err)
	}
	if _, err := p.RemoveLiquidity("creator", big.NewInt(1000)); err != nil {
		t.Fatalf("remove while settling: %v", err)
	}
	if _, err := p.Finalize(7209); !errors.Is(err, ErrChallengeWindowOpen) {
		t.Fatalf("finalize in the window: %v", err)
	}
	if _, err := p.Dispute("d", 7210); !errors.Is(err, ErrChallengeWindowClosed) {
		t.Fatalf("dispute at the window end: %v", err)
	}
	if _, err := p.Dispute("d", 7209); err != nil {
		t.Fatal(err)
	}
	if got := p.BondsHeld(); got.Int64() != 2000 {
		t.Fatalf("bonds held %v", got)
	}
	if _, err := p.Dispute("e", 7209); !errors.Is(err, ErrAlreadyDisputed) {
		t.Fatalf("second dispute: %v", err)
	}
	if _, err := p.Finalize(9999); !errors.Is(err, ErrAlreadyDisputed) {
		t.Fatalf("finalize while disputed: %v", err)
	}
	a, err := p.Arbitrate(2, 9999)
	if err != nil {
		t.Fatal(err)
	}
	if a.BondWinner != "d" || a.Payout.Int64() != 1900 || a.Fee.Int64() != 100 {
		t.Fatalf("arbitration %+v", a)
	}
	if !p.Settled || p.Voided || p.Winner != 2 || p.BondsHeld().Sign() != 0 {
		t.Fatalf("after arbitration: settled %v voided %v winner %d", p.Settled, p.Voided, p.Winner)
	}
	if _, err := p.Arbitrate(2, 9999); !errors.Is(err, ErrNotDisputed) {
		t.Fatalf("second arbitration: %v", err)
	}
}

func TestResolutionUpheldAndFinalized(t *testing.T) {
	p := newResolvingPool(t, 100, 7, 3333)
	if _, err := p.Assert("a", Void, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Dispute("d", 99); err != nil {
		t.Fatal(err)
	}
	a, err := p.Arbitrate(Void, 9999)
	if err != nil {
		t.Fatal(err)
	}
	// fee = floor(7 * 3333 / 10000) = 2, payout = 14 - 2
	if a.BondWinner != "a" || a.Payout.Int64() != 12 || a.Fee.Int64() != 2 || !p.Voided {
		t.Fatalf("arbitration %+v voided %v", a, p.Voided)
	}

	q := newResolvingPool(t, 100, 7, 0)
	if _, err := q.Assert("a", 0, 50); err != nil {
		t.Fatal(err)
	}
	f, err := q.Finalize(150)
	if err != nil || f.Outcome != 0 || f.Asserter != "a" || f.BondReturned.Int64() != 7 || q.Winner != 0 || !q.Settled {
		t.Fatalf("finalize %+v err %v", f, err)
	}
}

func TestResolutionWindowZero(t *testing.T) {
	p := newResolvingPool(t, 0, 1000, 1000)
	bond, err := p.Assert("a", Void, 5)
	if err != nil || bond.Sign() != 0 || !p.Settled || !p.Voided {
		t.Fatalf("immediate void: bond %v err %v", bond, err)
	}
	q := newResolvingPool(t, 0, 0, 0)
	if err := q.Settle(1); err != nil || q.Winner != 1 {
		t.Fatal(err)
	}
	if err := q.SetResolution(MaxChallengeWindow+1, nil, 0); !errors.Is(err, ErrChallengeWindowTooLong) {
		t.Fatalf("window too long: %v", err)
	}
	if err := q.SetResolution(1, nil, MaxDisputeFeeBps+1); !errors.Is(err, ErrDisputeFeeTooHigh) {
		t.Fatalf("dispute fee too high: %v", err)
	}
}

// TestVoidPayouts checks the 1/N valuation: a complete set pays exactly 1, a lone token of a
// 3-option market pays 0 (the dust stays in the market), and LP redemption values the pool's
// share of every balance the same way.
func TestVoidPayouts(t *testing.T) {
	p := newResolvingPool(t, 0, 0, 0)
	if _, err := p.ClaimVoid(bigs(1, 1, 1)); !errors.Is(err, ErrNotSettled) {
		t.Fatalf("claimVoid before the end: %v", err)
	}
	if _, err := p.Buy(0, big.NewInt(50_000)); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Assert("a", Void, 1); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		amounts []int64
		want    int64
	}{{[]int64{1, 1, 1}, 1}, {[]int64{1, 0, 0}, 0}, {[]int64{5, 0, 0}, 1}, {[]int64{10, 20, 31}, 20}} {
		got, err := p.ClaimVoid(bigs(tc.amounts...))
		if err != nil || got.Int64() != tc.want {
			t.Errorf("claimVoid(%v) = %v, %v; want %d", tc.amounts, got, err, tc.want)
		}
	}
	if _, err := p.ClaimVoid(bigs(0, 0, 0)); !errors.Is(err, ErrZeroAmount) {
		t.Fatalf("claimVoid of nothing: %v", err)
	}
	before := cloneAll(p.Balances)
	supply := new(big.Int).Set(p.LPSupply)
	lp := new(big.Int).Quo(supply, big.NewInt(3))
	r, err := p.RedeemLiquidity("creator", lp)
	if err != nil {
		t.Fatal(err)
	}
	sum := new(big.Int)
	for k, b := range before {
		share := new(big.Int).Mul(b, lp)
		share.Quo(share, supply)
		sum.Add(sum, share)
		if d := new(big.Int).Sub(b, r.Balances[k]); d.Cmp(share) != 0 {
			t.Errorf("balance %d fell by %v, want %v", k, d, share)
		}
	}
	if want := sum.Quo(sum, big.NewInt(3)); r.BaseOut.Cmp(want) != 0 {
		t.Errorf("redeem paid %v, want %v", r.BaseOut, want)
	}
	q := newResolvingPool(t, 0, 0, 0)
	if err := q.Settle(0); err != nil {
		t.Fatal(err)
	}
	if _, err := q.ClaimVoid(bigs(1, 1, 1)); !errors.Is(err, ErrNotVoided) {
		t.Fatalf("claimVoid on a settled market: %v", err)
	}
}
