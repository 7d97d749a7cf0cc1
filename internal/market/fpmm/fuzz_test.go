package fpmm

import (
	"encoding/binary"
	"errors"
	"math/big"
	"testing"
)

// FuzzBuySell drives a pool with a script of operations by three accounts and checks, after
// every operation: no panic, prices sum to exactly 1, every option is backed by the same
// number of complete sets, the market's base ledger covers every claim and the reserved fees
// under any outcome (the pool never pays more than it holds), and selling a whole position
// always works (no unsellable dust).
//
// Script: each operation is 1 opcode byte, 1 argument byte and 8 amount bytes.
func FuzzBuySell(f *testing.F) {
	f.Add(uint8(2), uint16(200), uint64(1_000_000_000), []byte("\x00\x00\x00\x00\x00\x00\x00\x10\x00\x00\x01\x00\xff\xff\xff\xff\xff\xff\xff\xff"))
	f.Add(uint8(5), uint16(1000), uint64(7), []byte("\x00\x03\x00\x00\x00\x00\x00\x00\x00\x09\x02\x01\x00\x00\x00\x00\x00\x00\x00\x01\x03\x00\x00\x00\x00\x00\x00\x00\x00\x05"))
	f.Add(uint8(16), uint16(0), uint64(1), []byte{})
	f.Fuzz(runFuzzBody)
}

func runFuzzBody(t *testing.T, options uint8, feeBps uint16, liquidity uint64, script []byte) {
	{
		n := MinOptions + int(options)%(MaxOptions-MinOptions+1)
		fee := uint64(feeBps) % (MaxFeeBps + 1)
		seed := new(big.Int).SetUint64(liquidity%(1<<60) + 1)
		p, err := NewPool(n, fee, "lp", seed)
		if err != nil {
			t.Fatal(err)
		}
		s := &fuzzState{t: t, p: p, base: new(big.Int).Set(seed), holdings: map[string][]*big.Int{}}
		accounts := []string{"lp", "alice", "bob"}
		s.check()
		for len(script) >= 10 {
			op, arg := script[0], int(script[1])
			amount := new(big.Int).SetUint64(binary.BigEndian.Uint64(script[2:10]))
			script = script[10:]
			acct := accounts[arg%len(accounts)]
			opt := (arg / len(accounts)) % n
			s.apply(op%9, acct, accounts[(arg+1)%len(accounts)], opt, amount)
			s.check()
		}
		// Every position can be sold entirely while trading is open.
		if !p.Settled && p.LPSupply.Sign() > 0 {
			for _, a := range accounts {
				for k, h := range s.hold(a) {
					if h.Sign() == 0 {
						continue
					}
					q, err := p.Sell(k, h)
					if err != nil {
						t.Fatalf("selling all %v of option %d: %v", h, k, err)
					}
					s.base.Sub(s.base, q.BaseOut)
					h.SetInt64(0)
					s.check()
				}
			}
		}
		// Settle, then everybody claims and redeems everything: the ledger never goes negative.
		if !p.Settled {
			if err := p.Settle(int(liquidity % uint64(n))); err != nil {
				t.Fatal(err)
			}
		}
		for _, a := range accounts {
			h := s.hold(a)[p.Winner]
			s.base.Sub(s.base, h)
			h.SetInt64(0)
			if lp := p.LPBalance(a); lp.Sign() > 0 {
				r, err := p.RedeemLiquidity(a, lp)
				if err != nil {
					t.Fatal(err)
				}
				s.base.Sub(s.base, r.BaseOut).Sub(s.base, r.FeesPaid)
			}
			s.base.Sub(s.base, p.WithdrawFees(a))
			s.check()
		}
	}
}

type fuzzState struct {
	t        *testing.T
	p        *Pool
	base     *big.Int // base tokens the market holds
	holdings map[string][]*big.Int
}

func (s *fuzzState) hold(a string) []*big.Int {
	h, ok := s.holdings[a]
	if !ok {
		h = make([]*big.Int, len(s.p.Balances))
		for i := range h {
			h[i] = new(big.Int)
		}
		s.holdings[a] = h
	}
	return h
}

// scaled maps a raw fuzz amount to a range around the pool size so that most operations do
// something: the low byte picks a scale, the rest a value within it.
func (s *fuzzState) scaled(raw *big.Int) *big.Int {
	x := s.scaledRaw(raw)
	if x.Cmp(fuzzMaxIn) > 0 {
		x.Set(fuzzMaxIn) // keep the state far below the 2^128 bound of the contract
	}
	return x
}

var fuzzMaxIn = new(big.Int).Lsh(big.NewInt(1), 100)

func (s *fuzzState) scaledRaw(raw *big.Int) *big.Int {
	v := raw.Uint64()
	maxB := maxOf(s.p.Balances)
	if maxB.Sign() == 0 {
		return new(big.Int).SetUint64(v>>8 + 1)
	}
	switch v & 3 {
	case 0: // small absolute amount
		return new(big.Int).SetUint64((v>>8)%1000 + 1)
	case 1: // fraction of the largest balance
		x := new(big.Int).Mul(maxB, new(big.Int).SetUint64((v>>8)%1000+1))
		return x.Quo(x, big.NewInt(1000)).Add(x, big.NewInt(1))
	case 2: // multiple of the largest balance
		return new(big.Int).Mul(maxB, new(big.Int).SetUint64((v>>8)%8+1))
	default:
		return new(big.Int).SetUint64(v>>8 + 1)
	}
}

func (s *fuzzState) part(of *big.Int, raw *big.Int) *big.Int {
	if of.Sign() == 0 {
		return new(big.Int)
	}
	v := raw.Uint64() % 1001
	if v == 0 {
		return new(big.Int).Set(of)
	}
	x := new(big.Int).Mul(of, new(big.Int).SetUint64(v))
	x.Quo(x, big.NewInt(1000))
	if x.Sign() == 0 {
		x.SetInt64(1)
	}
	return x
}

func (s *fuzzState) apply(op byte, a, other string, opt int, raw *big.Int) {
	p := s.p
	expect := func(err error, allowed ...error) {
		if err == nil {
			return
		}
		for _, e := range allowed {
			if errors.Is(err, e) {
				return
			}
		}
		s.t.Fatalf("op %d: unexpected error %v", op, err)
	}
	switch op {
	case 0, 1: // buy
		in := s.scaled(raw)
		q, err := p.Buy(opt, in)
		expect(err, ErrZeroOutput, ErrOverflow, ErrSettled, ErrPoolEmpty)
		if err == nil {
			s.base.Add(s.base, in)
			h := s.hold(a)
			h[opt].Add(h[opt], q.TokensOut)
		}
	case 2, 3: // sell part or all of a position
		h := s.hold(a)
		amt := s.part(h[opt], raw)
		if amt.Sign() == 0 {
			return
		}
		q, err := p.Sell(opt, amt)
		expect(err, ErrSettled, ErrPoolEmpty)
		if err == nil {
			s.base.Sub(s.base, q.BaseOut)
			h[opt].Sub(h[opt], amt)
		}
	case 4: // add liquidity
		in := s.scaled(raw)
		q, err := p.AddLiquidity(a, in)
		expect(err, ErrZeroOutput, ErrOverflow, ErrSettled)
		if err == nil {
			s.base.Add(s.base, in)
			h := s.hold(a)
			for k, v := range q.SentBack {
				h[k].Add(h[k], v)
			}
		}
	case 5: // remove liquidity
		lp := s.part(p.LPBalance(a), raw)
		if lp.Sign() == 0 {
			return
		}
		r, err := p.RemoveLiquidity(a, lp)
		expect(err, ErrSettled)
		if err == nil {
			s.base.Sub(s.base, r.BaseOut).Sub(s.base, r.FeesPaid)
			h := s.hold(a)
			for k, v := range r.SentBack {
				h[k].Add(h[k], v)
			}
		}
	case 6: // LP transfer
		paid, err := p.TransferLP(a, other, s.part(p.LPBalance(a), raw))
		expect(err)
		s.base.Sub(s.base, paid)
	case 7: // withdraw fees
		s.base.Sub(s.base, p.WithdrawFees(a))
	case 8: // settle, claim or redeem
		if !p.Settled {
			if raw.Uint64()%4 == 0 {
				expect(p.Settle(opt))
			}
			return
		}
		h := s.hold(a)[p.Winner]
		c := s.part(h, raw)
		h.Sub(h, c)
		s.base.Sub(s.base, c)
		if lp := s.part(p.LPBalance(a), raw); lp.Sign() > 0 {
			r, err := p.RedeemLiquidity(a, lp)
			expect(err)
			s.base.Sub(s.base, r.BaseOut).Sub(s.base, r.FeesPaid)
		}
	}
}

func (s *fuzzState) check() {
	t, p := s.t, s.p
	t.Helper()
	reserve := p.CollectedFees()
	if reserve.Sign() < 0 {
		t.Fatalf("collected fees negative: %v", reserve)
	}
	if s.base.Sign() < 0 {
		t.Fatalf("market paid out more than it held: ledger %v", s.base)
	}
	var need *big.Int
	for k, b := range p.Balances {
		if p.Settled && k != p.Winner {
			continue
		}
		c := new(big.Int).Set(b)
		for _, h := range s.holdings {
			c.Add(c, h[k])
		}
		if !p.Settled {
			sets := new(big.Int).Sub(s.base, reserve)
			if c.Cmp(sets) != 0 {
				t.Fatalf("option %d: %v tokens outstanding, %v complete sets backed", k, c, sets)
			}
		}
		if need == nil || c.Cmp(need) > 0 {
			need = c
		}
	}
	need.Add(need, reserve)
	if s.base.Cmp(need) < 0 {
		t.Fatalf("insolvent: holds %v, owes up to %v", s.base, need)
	}
	if p.LPSupply.Sign() > 0 && !p.Settled {
		prices, err := p.Prices()
		if err != nil {
			t.Fatal(err)
		}
		sum := new(big.Int)
		for _, x := range prices {
			if x.Sign() < 0 || x.Cmp(one) > 0 {
				t.Fatalf("price out of range: %v", x)
			}
			sum.Add(sum, x)
		}
		if sum.Cmp(one) != 0 {
			t.Fatalf("prices sum to %v", sum)
		}
	}
}
