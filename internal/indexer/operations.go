package indexer

import (
	"fmt"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/chain/bindings"
)

// settleNote is the resolution source and note of the settle-market
// operation opHash on market, "" when the service does not know it.
// earlyResolvable is the market flag EARLY_RESOLVABLE (MarketFactory).
const earlyResolvable = 2

func (d *decoder) settleNote(opHash, market string) (source, note string) {
	if o := d.operation(opHash, predict.KindSettleMarket, market); o != nil {
		if req, ok := predict.ParseSettleMarketRequest(o.Request); ok {
			return req.ResolutionSource, req.ResolutionNote
		}
	}
	return "", ""
}

// operation returns the service's operation opHash when it is of kind
// for market, nil otherwise (unknown to the service: created on chain
// directly, or by another client).
func (d *decoder) operation(opHash, kind, market string) *predict.Operation {
	if opHash == "" {
		return nil
	}
	op, err := d.ix.cfg.Store.OperationByHash(d.ctx, opHash)
	if err != nil {
		if predict.ErrorCode(err) != predict.ENOTFOUND {
			d.ix.log.Warn("indexer: read operation", "opHash", opHash, "err", err)
		}
		return nil
	}
	if op.Kind != kind || strings.ToLower(op.Market) != market {
		return nil
	}
	return op
}

// marketCreated builds the market record of a MarketCreated log: the
// chain gives addresses, base token, fee and end time; the create-market
// operation's request gives title, texts and option titles; without one
// the option titles are the option tokens' names (the labels passed to
// createMarket) and the title a placeholder.
func (d *decoder) marketCreated(ev *bindings.MarketFactoryMarketCreated, ref predict.LogRef) (predict.Effect, error) {
	address := lower(ev.Market)
	m := predict.Market{
		Address:   address,
		Title:     "Market " + address,
		Status:    predict.StatusRunning,
		BaseToken: lower(ev.BaseToken),
		FeeBps:    int(ev.FeeBps.Int64()),
		StartTime: ref.Time,
		EndTime:   time.Unix(ev.EndTime.Int64(), 0).UTC(),
		CreatedAt: ref.Time,
		Tags:      []string{},
	}
	for i, o := range ev.Options {
		m.Options = append(m.Options, predict.Option{Address: lower(o), Index: i})
	}
	if r := d.resolutions[ev.Market]; r != nil && r.ChallengeWindow.IsInt64() && r.DisputeFeeBps.IsInt64() {
		m.Resolution = predict.MarketResolution{ChallengeWindow: time.Duration(r.ChallengeWindow.Int64()) * time.Second,
			Bond: r.Bond, DisputeFeeBps: int(r.DisputeFeeBps.Int64())}
	}
	m.Resolution.EarlyResolvable = d.flags[ev.Market]&earlyResolvable != 0
	var titles []string
	if op := d.operation(ref.OpHash, predict.KindCreateMarket, address); op != nil {
		if req, ok := predict.ParseCreateMarketRequest(op.Request); ok {
			if req.Title != "" {
				m.Title = req.Title
			}
			m.Description, m.Rules, m.CategoryID, m.ImageURL = req.Description, req.Rules, req.CategoryID, req.ImageURL
			if req.Tags != nil {
				m.Tags = req.Tags
			}
			if len(req.Options) == len(ev.Options) {
				for _, o := range req.Options {
					titles = append(titles, o.Title)
				}
			}
		}
	}
	for i := range m.Options {
		if i < len(titles) && titles[i] != "" {
			m.Options[i].Title = titles[i]
			continue
		}
		m.Options[i].Title = d.optionName(ev.Options[i], i)
	}
	return &predict.MarketCreatedLog{LogRef: ref, Market: m, CreatorAddress: lower(ev.Creator),
		InitialLiquidity: ev.InitialLiquidity}, nil
}

// optionName reads an option token's name, made storable (an admin who
// creates a market on chain chooses its bytes); "Option <i+1>" if it
// cannot or nothing is left of it.
func (d *decoder) optionName(token common.Address, i int) string {
	c, err := bindings.NewOptionTokenCaller(token, d.ix.cfg.Client)
	if err == nil {
		name, err := c.Name(&bind.CallOpts{Context: d.ctx})
		if name = strings.TrimSpace(predict.CleanText(name, predict.MaxChainOptionTitle)); err == nil && name != "" {
			return name
		}
	}
	return fmt.Sprintf("Option %d", i+1)
}
