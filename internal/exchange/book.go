package exchange

import (
	"errors"
	"fmt"
	"math/big"
	"slices"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict/internal/market/fpmm"
)

// Resting is an order in a book: the signed order, its hash, its place in
// time and what it has given so far.
type Resting struct {
	*Order
	Hash   common.Hash
	Seq    uint64   // arrival order: earlier rests first at one price
	Filled *big.Int // given so far, in maker units
	price  *big.Rat // Price, once computed (the terms never change)
}

// Left is what the order may still give.
func (r *Resting) Left() *big.Int {
	return new(big.Int).Sub(r.MakerAmount, r.filled())
}

func (r *Resting) filled() *big.Int {
	if r.Filled == nil {
		r.Filled = new(big.Int)
	}
	return r.Filled
}

// Price is the order's limit in base tokens per option token: what a buy
// pays at most, what a sell takes at least.
// The result is shared: do not change it.
func (r *Resting) Price() *big.Rat {
	if r.price == nil {
		if r.Side == Buy {
			r.price = new(big.Rat).SetFrac(r.MakerAmount, r.TakerAmount)
		} else {
			r.price = new(big.Rat).SetFrac(r.TakerAmount, r.MakerAmount)
		}
	}
	return r.price
}

// Book is one market's resting orders, by option and side, best price
// first and then by time, and the market's pool as the contract keeps it
// (nil: no pool fills).
type Book struct {
	Market  common.Address
	Options int
	Pool    *fpmm.Pool
	// Dust is the remainder below which a partly filled order leaves the
	// book: a few units cannot fill at a price, and a book full of them
	// would be searched for nothing on every arrival.
	Dust   *big.Int
	sides  [2][][]*Resting // [side][option], sorted
	byHash map[common.Hash]*Resting
	seq    uint64
}

// DefaultDust is a book's Dust: a thousandth of a token of 6 decimals.
const DefaultDust = 1000

// Errors of a book.
var (
	ErrWrongMarket = errors.New("exchange: the order is for another market")
	ErrBadOrder    = errors.New("exchange: the order's option, side or amounts are out of range")
	ErrDuplicate   = errors.New("exchange: the order is in the book already")
)

// NewBook is an empty book of a market of n options.
func NewBook(market common.Address, n int, pool *fpmm.Pool) *Book {
	b := &Book{Market: market, Options: n, Pool: pool, Dust: big.NewInt(DefaultDust), byHash: map[common.Hash]*Resting{}}
	for s := range b.sides {
		b.sides[s] = make([][]*Resting, n)
	}
	return b
}

// check refuses an order the book cannot hold.
func (b *Book) check(r *Resting) error {
	switch {
	case r.Market != b.Market:
		return ErrWrongMarket
	case r.Option == nil || !r.Option.IsInt64() || r.Option.Int64() < 0 || r.Option.Int64() >= int64(b.Options),
		r.Side > Sell, r.MakerAmount == nil || r.MakerAmount.Sign() <= 0, r.TakerAmount == nil || r.TakerAmount.Sign() <= 0:
		return ErrBadOrder
	}
	return nil
}

// Add rests r, after every order of its price that came before it.
func (b *Book) Add(r *Resting) error {
	if err := b.check(r); err != nil {
		return err
	}
	if r.Seq == 0 {
		b.seq++
		r.Seq = b.seq
	} else {
		b.seq = max(b.seq, r.Seq)
	}
	if _, ok := b.byHash[r.Hash]; ok {
		return ErrDuplicate
	}
	r.filled()
	list := &b.sides[r.Side][r.Option.Int64()]
	i, _ := slices.BinarySearchFunc(*list, r, b.order)
	*list = slices.Insert(*list, i, r)
	b.byHash[r.Hash] = r
	return nil
}

// order sorts one side of one option: best price, then earlier.
func (b *Book) order(x, y *Resting) int {
	c := x.Price().Cmp(y.Price())
	if x.Side == Buy {
		c = -c
	}
	if c == 0 {
		return int(x.Seq) - int(y.Seq)
	}
	return c
}

// Remove takes the order of hash h out of the book and returns it (nil
// when it is not there).
func (b *Book) Remove(h common.Hash) *Resting {
	r := b.byHash[h]
	if r == nil {
		return nil
	}
	delete(b.byHash, h)
	list := &b.sides[r.Side][r.Option.Int64()]
	if i, found := slices.BinarySearchFunc(*list, r, b.order); found {
		*list = slices.Delete(*list, i, i+1)
	}
	return r
}

// Get is the resting order of hash h, nil when there is none.
func (b *Book) Get(h common.Hash) *Resting { return b.byHash[h] }

// Orders lists the resting orders of one option and side, best first.
func (b *Book) Orders(option int, side uint8) []*Resting {
	return slices.Clone(b.sides[side][option])
}

// Len counts the resting orders.
func (b *Book) Len() int { return len(b.byHash) }

// best is the best order of option and side that taker may meet (not
// its own maker's, not skipped).
func (b *Book) best(option int, side uint8, taker *Resting, skip map[common.Hash]bool) *Resting {
	for _, r := range b.sides[side][option] {
		if r.Maker != taker.Maker && !skip[r.Hash] {
			return r
		}
	}
	return nil
}

// settleInto records that r gave given and drops it from the book once
// what it has left is dust.
func (b *Book) settleInto(r *Resting, given *big.Int) {
	r.filled().Add(r.filled(), given)
	if r.Left().Cmp(b.Dust) < 0 {
		b.Remove(r.Hash)
	}
}

func (r *Resting) String() string {
	side := "buy"
	if r.Side == Sell {
		side = "sell"
	}
	return fmt.Sprintf("%s %s@%s #%d", side, r.Option, r.Price().FloatString(4), r.Seq)
}
