package predict

import (
	"context"
	"math/big"
	"time"
)

// MarketStatus is the lifecycle state of a market.
type MarketStatus string

// The states of openapi.yaml: running → settling (a settlement was submitted,
// or an outcome asserted and its challenge window open) → ended (the
// settlement confirmed on chain, or the assertion final), plus disputed
// (settling → disputed → ended: an assertion was disputed and waits for
// the arbitrator; docs/contracts.md).
const (
	StatusRunning  MarketStatus = "running"
	StatusSettling MarketStatus = "settling"
	StatusDisputed MarketStatus = "disputed"
	StatusEnded    MarketStatus = "ended"
)

// Valid reports whether s is one of the four states.
func (s MarketStatus) Valid() bool {
	return s == StatusRunning || s == StatusSettling || s == StatusDisputed || s == StatusEnded
}

// Market is a prediction market: a question, its options and the pool that
// prices them. Amounts are in the smallest unit of the base token.
type Market struct {
	Address          string // market contract, lowercase 0x-hex
	Title            string
	Description      string
	Rules            string
	Status           MarketStatus
	BaseToken        string // collateral token address
	CategoryID       string
	Tags             []string
	ImageURL         string
	FeeBps           int
	Volume           *big.Int // total traded, base units
	Liquidity        *big.Int // pool value, base units
	ParticipantCount int      // unique traders
	StartTime        time.Time
	EndTime          time.Time
	CreatedAt        time.Time
	Options          []Option // in on-chain index order
	WinningOption    string   // option address once ended
	Creator          Creator
	// IsFollowed is filled per viewer by the store; false without a viewer.
	IsFollowed bool
	// HotScore ranks markets for sortType=hot (see docs/markets.md).
	HotScore float64
	// Resolution is how the market resolves: its challenge window (0:
	// settlement ends it at once), bond and dispute fee, from the chain.
	Resolution MarketResolution
	// Void is true once the market ended void (no winning option).
	Void bool
}

// MarketResolution is a market's resolution parameters (the factory's
// MarketResolution log; zero for a market that settles at once).
type MarketResolution struct {
	ChallengeWindow time.Duration
	Bond            *big.Int // base units an assertion posts and a dispute matches
	DisputeFeeBps   int      // of the losing bond, to the treasury
	// EarlyResolvable: the market may be settled or asserted before its
	// end time (the market's EARLY_RESOLVABLE flag).
	EarlyResolvable bool
}

// OperatorResolved says whether an admin or resolver settles the market
// alone, at once: a market without a challenge window (the factory
// creates one only with its OPERATOR_RESOLVED flag).
func (r MarketResolution) OperatorResolved() bool { return r.ChallengeWindow == 0 }

// Creator is the public face of the user who created a market.
type Creator struct {
	UID       string
	Name      string
	AvatarURL string
}

// Option is one outcome of a market and its ERC-20 token.
type Option struct {
	Address      string // option token, lowercase 0x-hex
	Index        int    // position in the pool
	Title        string
	Price        *big.Int // 18-decimal fixed point; prices of a market sum to 1e18
	PoolBalance  *big.Int // option tokens held by the pool
	Volume       *big.Int // base units traded on this option
	HoldersCount int
}

// Tradable refuses (ECONFLICT) what, a trade or a change of liquidity, on
// m at chain time now: only a running market trades, until its end time.
func (m *Market) Tradable(what string, now time.Time) error {
	switch {
	case m.Status == StatusSettling, m.Status == StatusDisputed:
		return Errorf(ECONFLICT, "market %s is %s: %s is closed", m.Address, m.Status, what)
	case m.Status == StatusEnded:
		return Errorf(ECONFLICT, "market %s has ended: %s is closed", m.Address, what)
	case !now.Before(m.EndTime):
		return Errorf(ECONFLICT, "market %s stopped trading at %s", m.Address, m.EndTime.UTC().Format(time.RFC3339))
	}
	return nil
}

// Settleable refuses (ECONFLICT) a settlement or an assertion of m at
// chain time now: only a running market is settled, and only from its end
// time unless it was created early-resolvable, as the contract refuses
// (MarketNotEnded): whoever knows the outcome first could otherwise buy
// the winner at the old price from a settlement still pending.
func (m *Market) Settleable(now time.Time) error {
	switch {
	case m.Status != StatusRunning:
		return Errorf(ECONFLICT, "market %s is %s; only a running market can be settled", m.Address, m.Status)
	case !m.Resolution.EarlyResolvable && now.Before(m.EndTime):
		return Errorf(ECONFLICT, "market %s ends at %s: it can be settled from then on (it was not created early-resolvable)",
			m.Address, m.EndTime.UTC().Format(time.RFC3339))
	}
	return nil
}

// Claimable refuses (ECONFLICT) a claim on m: winnings are paid once the
// settlement is confirmed on chain.
func (m *Market) Claimable() error {
	if m.Status != StatusEnded {
		return Errorf(ECONFLICT, "market %s has not ended: claims open once it is settled on chain", m.Address)
	}
	return nil
}

// OptionIndex is the pool index of the option token at address
// (lowercase), and whether it is one of m's.
func (m *Market) OptionIndex(address string) (int, bool) {
	for _, o := range m.Options {
		if o.Address == address {
			return o.Index, true
		}
	}
	return 0, false
}

// Sort orders of the market list (sortType).
const (
	SortHot        = "hot"
	SortNewest     = "newest"
	SortEndingSoon = "ending_soon"
	SortVolume     = "volume"
)

// Windows of the time-based market filters.
const (
	NewMarketWindow   = 7 * 24 * time.Hour // newMarket: created within a week
	SoonExpiredWindow = 24 * time.Hour     // soonExpired: ends within a day (openapi.yaml)
)

// MarketFilter selects and orders a page of markets. Zero values mean "no
// filter"; Page is 1-indexed.
type MarketFilter struct {
	Page        int
	PageSize    int
	Tag         string
	Status      MarketStatus
	SortType    string // one of the Sort* constants; empty = newest
	CategoryID  string
	HotWords    []string // each word must match the title, description or a tag
	FollowedBy  string   // uid: only markets this user follows
	NewMarket   bool
	SoonExpired bool
	BaseToken   string
	Now         time.Time // reference time of the window filters
}

// Count is a name with the number of markets that carry it.
type Count struct {
	Name  string
	Count int
}

// MarketStore keeps markets and answers the public market reads.
type MarketStore interface {
	// ListMarkets returns one page of markets and the total that match
	// the filter. Ties in the sort order are broken by address, so paging
	// is stable.
	ListMarkets(ctx context.Context, f MarketFilter) ([]*Market, int, error)
	// MarketByAddress returns the market with its options and creator;
	// IsFollowed is set for viewerUID (may be empty). ENOTFOUND if unknown.
	MarketByAddress(ctx context.Context, address, viewerUID string) (*Market, error)
	// CreateMarket records a market confirmed on chain with its options.
	CreateMarket(ctx context.Context, m *Market) error
	// Categories lists category ids with their number of markets.
	Categories(ctx context.Context) ([]Count, error)
	// Tags lists tags with their number of markets.
	Tags(ctx context.Context) ([]Count, error)
}

// Resolution is the settlement state of a market.
type Resolution struct {
	Market        string
	Status        MarketStatus
	WinningOption string // option token address once ended
	WinningIndex  int    // -1 until ended
	Source        string // resolutionSource of the settle-market request
	Note          string // resolutionNote of the settle-market request
	ResolverUID   string // the user who settled; "" when unknown
	ResolverName  string // that user's name; "" when none
	Resolver      string // the account that settled on chain; "" until ended
	OpHash        string // the settle-market operation; "" when settled outside the service
	TxHash        string
	Block         uint64
	SubmittedAt   time.Time // when the service accepted the settle-market operation
	SettledAt     time.Time // block time of the settlement
	WinningTitle  string    // the winning option's title once ended
	// Claimed is the sum of the market's confirmed claims and Unclaimed
	// the winning tokens still in accounts' hands, each worth one base
	// unit when claimed (0 until ended); both in base units.
	Claimed   *big.Int
	Unclaimed *big.Int
	// Void is true once the market ended void; Unclaimed then counts every
	// option token still held at 1/N.
	Void bool
	// ChallengeWindow, Bond and DisputeFeeBps are the market's resolution
	// parameters (zero window: settlement ends it at once). DisputeFeeBps
	// is the share of the wrong side's bond paid to the treasury when a
	// dispute is decided.
	ChallengeWindow time.Duration
	Bond            *big.Int
	DisputeFeeBps   int
	// EarlyResolvable: the market may be settled or asserted before its
	// end time.
	EarlyResolvable bool
	// Assertion, Dispute and Arbitration are the steps of a resolution
	// with a challenge window, nil until they happen.
	Assertion   *Assertion
	Dispute     *Dispute
	Arbitration *Arbitration
}

// Assertion is an asserted outcome (Asserted): an option, or void.
type Assertion struct {
	Void                bool
	Option, OptionTitle string // "" for void
	AsserterUID         string // "" when the account is nobody's
	Asserter            string
	Bond                *big.Int
	At, ChallengeEnd    time.Time
	TxHash              string
}

// Dispute is a dispute of an assertion (Disputed).
type Dispute struct {
	DisputerUID string
	Disputer    string
	Bond        *big.Int
	At          time.Time
	TxHash      string
}

// Arbitration is the arbitrator's decision of a disputed assertion.
type Arbitration struct {
	Arbitrator          string
	Void                bool
	Option, OptionTitle string
	// Upheld is true when the arbitrator decided the asserted outcome.
	Upheld bool
	At     time.Time
	TxHash string
}
