package wire

import "strings"

// MarketOption is one option of a market: an ERC-20 token priced by the
// pool.
type MarketOption struct {
	OptionAddress string `json:"optionAddress"`
	Title         string `json:"title"`
	// Price is a decimal string between 0 and 1; the prices of a market
	// sum to 1.
	Price  string `json:"price"`
	Volume Amount `json:"volume"`
	// HoldersCount is set in market detail only.
	HoldersCount *int `json:"holdersCount,omitempty"`
}

// MarketSummary is the list form of a market (get-markets,
// get-follow-markets, get-hot-markets).
type MarketSummary struct {
	MarketAddress    string         `json:"marketAddress"`
	Title            string         `json:"title"`
	Description      string         `json:"description"`
	Status           string         `json:"status"`
	Volume           Amount         `json:"volume"`
	ParticipantCount int            `json:"participantCount"`
	EndTime          Time           `json:"endTime"`
	Options          []MarketOption `json:"options"`
	Tags             []string       `json:"tags"`
	CategoryID       string         `json:"categoryId"`
	CreatedAt        Time           `json:"createdAt"`
	BaseTokenAddress string         `json:"baseTokenAddress"`
	ImageURL         string         `json:"imageUrl"`
}

// Creator is who created a market.
type Creator struct {
	UID       string `json:"uid"`
	Name      string `json:"name"`
	AvatarURL string `json:"avatarUrl"`
}

// Market is the detail form of a market (get-market-detail).
type Market struct {
	MarketAddress    string         `json:"marketAddress"`
	Title            string         `json:"title"`
	Description      string         `json:"description"`
	Rules            string         `json:"rules"`
	Status           string         `json:"status"`
	Volume           Amount         `json:"volume"`
	ParticipantCount int            `json:"participantCount"`
	Liquidity        Amount         `json:"liquidity"`
	StartTime        Time           `json:"startTime"`
	EndTime          Time           `json:"endTime"`
	Options          []MarketOption `json:"options"`
	Tags             []string       `json:"tags"`
	CategoryID       string         `json:"categoryId"`
	IsFollowed       bool           `json:"isFollowed"`
	Creator          Creator        `json:"creator"`
	BaseTokenAddress string         `json:"baseTokenAddress"`
	ImageURL         string         `json:"imageUrl"`
	// FeeBps is the pool's trading fee in basis points.
	FeeBps int `json:"feeBps"`
	// WinningOptionAddress is set once the market has ended.
	WinningOptionAddress string `json:"winningOptionAddress"`
	CreatedAt            Time   `json:"createdAt"`
	// Resolution is how the market may be resolved, fixed at its
	// creation (docs/contracts.md, trust model).
	Resolution MarketResolution `json:"resolution"`
}

// MarketResolution is how a market may be resolved: by whom, when, and
// with which window and bond.
type MarketResolution struct {
	// OperatorResolved: an admin or resolver settles the market alone, at
	// once (it has no challenge window).
	OperatorResolved bool `json:"operatorResolved"`
	// EarlyResolvable: the market may be settled or asserted before its
	// end time; otherwise only from it.
	EarlyResolvable bool `json:"earlyResolvable"`
	// ChallengeWindowSeconds is how long an assertion can be disputed
	// (0 for an operator-resolved market); Bond what an assertion and a
	// dispute post; DisputeFeeBps the share of the wrong side's bond paid
	// to the treasury when the arbitrator decides. Who decides a dispute
	// is in get-resolution-status (arbitratorAddress).
	ChallengeWindowSeconds int64  `json:"challengeWindowSeconds"`
	Bond                   Amount `json:"bond"`
	DisputeFeeBps          int    `json:"disputeFeeBps"`
}

// OptionByAddress returns the option with the given address (any case),
// or nil.
func (m *Market) OptionByAddress(address string) *MarketOption {
	for i := range m.Options {
		if strings.EqualFold(m.Options[i].OptionAddress, address) {
			return &m.Options[i]
		}
	}
	return nil
}

// MarketsPage is a page of get-markets.
type MarketsPage struct {
	Markets []MarketSummary `json:"markets"`
	// TotalCount counts every market matching the filters.
	TotalCount int `json:"totalCount"`
}

// CategoryCount is a category in use and how many markets carry it.
type CategoryCount struct {
	CategoryID  string `json:"categoryId"`
	MarketCount int    `json:"marketCount"`
}

// Categories is the answer of get-categories, most used first.
type Categories struct {
	Categories []CategoryCount `json:"categories"`
}

// TagCount is a tag in use and how many markets carry it.
type TagCount struct {
	MarketCount int    `json:"marketCount"`
	Tag         string `json:"tag"`
}

// Tags is the answer of get-tags, most used first.
type Tags struct {
	Tags []TagCount `json:"tags"`
}

// FollowMarketRequest is the body of follow-market and unfollow-market.
// Follow is follow-market's only: false unfollows, absent follows.
type FollowMarketRequest struct {
	MarketAddress string `json:"marketAddress"`
	Follow        *bool  `json:"follow,omitempty"`
}

// FollowResult is the answer of follow-market and unfollow-market.
type FollowResult struct {
	MarketAddress string `json:"marketAddress"`
	IsFollowed    bool   `json:"isFollowed"`
}

// FollowedMarkets is a page of get-follow-markets.
type FollowedMarkets struct {
	Total      int             `json:"total"`
	MarketList []MarketSummary `json:"marketList"`
}
