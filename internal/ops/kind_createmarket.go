package ops

import (
	"context"
	"encoding/json"
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/chain/bindings"
	"github.com/predict-dev/predict/internal/input"
	"github.com/predict-dev/predict/internal/market/fpmm"
	"github.com/predict-dev/predict/kind"
	"github.com/predict-dev/predict/wire"
)

// Limits of create-market's text fields (docs/transactions.md).
const (
	maxTitle       = 200
	maxLongText    = 5000
	maxOptionTitle = 100
	maxTags        = 10
	maxTagLen      = 32
	maxCategoryLen = 64
)

// createMarket deploys a market through the factory (admins only): approve
// the factory for the initial liquidity, then createMarket. The addresses
// are known before confirmation (CREATE2). Its title and texts are off
// chain: it is not read back from callData.
var createMarket = register(kind.CreateMarket, createKind{})

type createKind struct{}

func (createKind) roles() []string { return []string{predict.RoleAdmin} }

func (createKind) onChain(f *bindings.MarketFactoryCaller, opts *bind.CallOpts, _ *predict.User, sender common.Address) (bool, string, error) {
	ok, err := f.IsAdmin(opts, sender)
	return ok, predict.RoleAdmin, err
}

func (createKind) input() Input { return new(createBody) }

func (createKind) unreadable() error {
	return rejected("%s carries its title and texts off chain: send it to POST %s", kind.CreateMarket, createMarket.spec.Path)
}

func (createKind) resubmitted(ctx context.Context, s *Service, op *predict.Operation, res *Result) error {
	var d MarketDraft
	if err := json.Unmarshal(op.Request, &d); err != nil {
		return nil
	}
	for i := range d.Options {
		a, err := s.reads.predictOption(ctx, common.HexToAddress(op.Market), i)
		if err != nil {
			return err
		}
		res.Options = append(res.Options, a)
	}
	return nil
}

// createBody is create-market's body.
type createBody struct {
	// MarketDraft holds the texts and the end time.
	MarketDraft
	BaseTokenAddress       string `json:"baseTokenAddress"`
	InitialLiquidity       string `json:"initialLiquidity"`
	ChallengeWindowSeconds *int64 `json:"challengeWindowSeconds"`
}

// createRequest is create-market's request: the market's texts, and what
// the factory is called with.
type createRequest struct {
	Header
	// Draft is the texts as the operation's record keeps them until the
	// indexer sees MarketCreated; the keccak256 of its JSON is the
	// market's metadata hash.
	Draft            MarketDraft
	EndTime          time.Time
	BaseToken        string // lowercase 0x-hex
	InitialLiquidity *big.Int
	// ChallengeWindow is the market's challenge window in seconds; nil
	// takes the deployment's (predict.Deployment.ChallengeWindow), 0
	// settles at once.
	ChallengeWindow *int64
}

func (r *createRequest) factory() {}

// accepted: the client chose the salt, the addresses follow from it.
func (r *createRequest) accepted(c *call, act *aa.Action) (err error) {
	c.res, err = c.s.predictAddresses(c.ctx, c.sender, act.Create.Salt, len(act.Create.OptionNames))
	return err
}

func (r *createRequest) record(rec *recording) (err error) {
	rec.op.Market = rec.res.Market
	rec.op.Request, err = jsonOf(r.Draft)
	return err
}

func (r *createRequest) prepared(out *wire.PreparedOperation, res *Result) {
	out.MarketAddress = res.Market
	out.Options = createdOptions(res, r.Draft.titles())
}

func (r *createRequest) answer(res *Result) any {
	return wire.CreateMarketResult{MarketAddress: res.Market, OpHash: res.OpHash, Options: createdOptions(res, r.Draft.titles())}
}

// parse validates create-market's fields.
func (b *createBody) parse(h Header) (Request, error) {
	err := firstErr(
		input.Text("title", b.Title, true, maxTitle),
		input.Text("description", b.Description, true, maxLongText),
		input.Text("rules", b.Rules, true, maxLongText),
		input.Text("categoryId", b.CategoryID, true, maxCategoryLen),
	)
	if err != nil {
		return nil, err
	}
	if len(b.Options) < fpmm.MinOptions || len(b.Options) > fpmm.MaxOptions {
		return nil, invalid("options must hold %d to %d entries", fpmm.MinOptions, fpmm.MaxOptions)
	}
	seen := map[string]bool{}
	var titles []OptionTitle
	for i, o := range b.Options {
		t := strings.TrimSpace(o.Title)
		if err := input.Text("options[].title", t, true, maxOptionTitle); err != nil {
			return nil, invalid("options[%d].title: %s", i, predict.ErrorMessage(err))
		}
		if seen[strings.ToLower(t)] {
			return nil, invalid("options[%d].title %q repeats another option", i, t)
		}
		seen[strings.ToLower(t)] = true
		titles = append(titles, OptionTitle{Title: t})
	}
	if len(b.Tags) > maxTags {
		return nil, invalid("tags must hold at most %d entries", maxTags)
	}
	tags := []string{}
	for _, t := range b.Tags {
		if err := input.Text("tags[]", t, true, maxTagLen); err != nil {
			return nil, err
		}
		tags = append(tags, strings.TrimSpace(t))
	}
	end, err := time.Parse(time.RFC3339, b.EndTime)
	if err != nil {
		return nil, invalid("endTime must be an ISO 8601 time such as 2027-01-31T12:00:00Z")
	}
	base, err := input.Address("baseTokenAddress", b.BaseTokenAddress)
	if err != nil {
		return nil, err
	}
	liq, err := input.Amount("initialLiquidity", b.InitialLiquidity)
	if err != nil {
		return nil, err
	}
	if w := b.ChallengeWindowSeconds; w != nil && (*w < 0 || *w > MaxChallengeWindow) {
		return nil, invalid("challengeWindowSeconds must be 0 to %d (30 days)", int64(MaxChallengeWindow))
	}
	if b.ImageURL != "" {
		if err := input.URL("imageUrl", b.ImageURL); err != nil {
			return nil, err
		}
	}
	return &createRequest{
		Header: h,
		Draft: MarketDraft{
			Title: strings.TrimSpace(b.Title), Description: strings.TrimSpace(b.Description), Rules: strings.TrimSpace(b.Rules),
			Options: titles, CategoryID: strings.TrimSpace(b.CategoryID), Tags: tags, ImageURL: b.ImageURL,
			EndTime: end.UTC().Format(time.RFC3339),
		},
		EndTime: end, BaseToken: base, InitialLiquidity: liq, ChallengeWindow: b.ChallengeWindowSeconds,
	}, nil
}

// MaxChallengeWindow is MarketFactory.MAX_CHALLENGE_WINDOW, in seconds.
const MaxChallengeWindow = 30 * 24 * 60 * 60

// build checks create-market's fields against the deployment at chain
// time and builds its action.
func (cr *createRequest) build(c *call) (*aa.Action, error) {
	s := c.s
	token, ok := s.cfg.Deployment.BaseToken(strings.ToLower(cr.BaseToken))
	if !ok {
		return nil, invalid("baseTokenAddress %s is not a base token of this service", cr.BaseToken)
	}
	names := cr.Draft.titles()
	if n := len(names); n < fpmm.MinOptions || n > fpmm.MaxOptions {
		return nil, invalid("options must hold %d to %d entries, got %d", fpmm.MinOptions, fpmm.MaxOptions, n)
	}
	if !cr.EndTime.After(c.now) {
		return nil, invalid("endTime must be in the future (chain time is %s)", c.now.UTC().Format(time.RFC3339))
	}
	liq := cr.InitialLiquidity
	if liq == nil || liq.Sign() <= 0 {
		return nil, invalid("initialLiquidity must be greater than 0")
	}
	salt := crypto.Keccak256Hash([]byte(c.user.UID), []byte(cr.Draft.Title), big.NewInt(c.now.UnixNano()).Bytes())
	factory := common.HexToAddress(s.cfg.Deployment.MarketFactory)
	base := common.HexToAddress(token.Address)
	act := &aa.Action{
		Kind: aa.KindCreateMarket, Target: factory, Amount: liq,
		Approvals: []aa.Approval{{Token: base, Spender: factory, Amount: liq}},
		Create: &aa.CreateParams{
			BaseToken: base, OptionNames: names, EndTime: big.NewInt(cr.EndTime.Unix()),
			FeeBps: big.NewInt(int64(s.cfg.Deployment.FeeBps)), InitialLiquidity: liq, Salt: salt, MetadataHash: metadataHash(&cr.Draft),
		},
	}
	window := int64(s.cfg.Deployment.ChallengeWindow.Seconds())
	if cr.ChallengeWindow != nil {
		window = *cr.ChallengeWindow
	}
	// A window of 0 keeps createMarket, as before windows existed (the
	// factory's default window is 0); any other window and the
	// deployment's bond go to createMarketWithResolution.
	if window > 0 {
		act.Create.ChallengeWindow, act.Create.Bond = big.NewInt(window), predict.OrZero(s.cfg.Deployment.Bond)
	}
	if err := c.covers(base, liq, unit{symbol: token.Symbol, decimals: token.Decimals}, "initial liquidity"); err != nil {
		return nil, err
	}
	res, err := s.predictAddresses(c.ctx, c.sender, salt, len(names))
	if err != nil {
		return nil, err
	}
	res.optionCount = len(names)
	c.res = res
	return act, nil
}

// metadataHash binds the on-chain market to its off-chain metadata: the
// keccak256 of the draft's JSON, echoed by MarketCreated.
func metadataHash(d *MarketDraft) [32]byte {
	raw, _ := json.Marshal(d)
	return crypto.Keccak256Hash(raw)
}

// predictAddresses returns the market and option addresses createMarket
// will deploy for sender and salt.
func (s *Service) predictAddresses(ctx context.Context, sender common.Address, salt [32]byte, options int) (*Result, error) {
	market, err := s.reads.predictMarket(ctx, sender, salt)
	if err != nil {
		return nil, err
	}
	res := &Result{Market: strings.ToLower(market.Hex())}
	for i := 0; i < options; i++ {
		a, err := s.reads.predictOption(ctx, market, i)
		if err != nil {
			return nil, err
		}
		res.Options = append(res.Options, a)
	}
	return res, nil
}

// createdOptions pairs the predicted option addresses with their titles.
func createdOptions(res *Result, titles []string) []wire.CreatedOption {
	out := make([]wire.CreatedOption, len(res.Options))
	for i, a := range res.Options {
		out[i] = wire.CreatedOption{OptionAddress: strings.ToLower(a.Hex())}
		if i < len(titles) {
			out[i].Title = titles[i]
		}
	}
	return out
}
