package ops

import (
	"strings"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/chain/bindings"
	"github.com/predict-dev/predict/internal/input"
	"github.com/predict-dev/predict/kind"
	"github.com/predict-dev/predict/wire"
)

// maxNoteLen bounds settle-market's resolution source and note
// (docs/transactions.md).
const maxNoteLen = 1000

// settleMarket declares a running market's winning option (admins and
// resolvers). The store moves the market to settling with the operation.
var settleMarket = register(kind.SettleMarket, settleKind{})

type settleKind struct{}

func (settleKind) roles() []string { return []string{predict.RoleAdmin, predict.RoleResolver} }

func (settleKind) onChain(f *bindings.MarketFactoryCaller, opts *bind.CallOpts, user *predict.User, sender common.Address) (bool, string, error) {
	role := predict.RoleAdmin
	if !user.HasRole(predict.RoleAdmin) {
		role = predict.RoleResolver
	}
	ok, err := f.CanSettle(opts, sender)
	return ok, role, err
}

func (settleKind) input() Input { return new(settleBody) }

// settleBody is settle-market's body: the wire request, whose signed
// operation the endpoint reads (Envelope).
type settleBody struct {
	wire.SettleMarketRequest
	UserOperation skipped `json:"userOperation"`
}

func (b *settleBody) parse(h Header) (Request, error) {
	req := &settleRequest{Header: h}
	if err := req.outcome.parseInto(&req.Header, b.MarketAddress, b.WinningOptionAddress, b.Void); err != nil {
		return nil, err
	}
	req.ResolutionSource, req.ResolutionNote = strings.TrimSpace(b.ResolutionSource), strings.TrimSpace(b.ResolutionNote)
	return req, firstErr(input.Text("resolutionSource", b.ResolutionSource, false, maxNoteLen), input.Text("resolutionNote", b.ResolutionNote, false, maxNoteLen))
}

// settleRequest settles a market on its outcome, with where it was seen.
type settleRequest struct {
	Header
	outcome
	ResolutionSource string
	ResolutionNote   string
}

func (r *settleRequest) build(c *call) (*aa.Action, error) {
	if err := c.m.Settleable(c.now); err != nil {
		return nil, err
	}
	act := &aa.Action{Kind: aa.KindSettleMarket, Target: r.Market}
	var err error
	if act.Option, err = r.index(c); err != nil {
		return nil, err
	}
	// With a challenge window this is an assertion, bond posted; a
	// void end takes assertOutcome(VOID) whatever the window.
	res, err := c.s.reads.resolution(c.ctx, r.Market)
	if err != nil {
		return nil, err
	}
	if res.Window > 0 || r.Void {
		act.Assert = true
	}
	if res.Window > 0 {
		if err := c.postBond(act, res.Bond, "assertion bond"); err != nil {
			return nil, err
		}
	}
	return act, nil
}

func (settleKind) fromAction(act *aa.Action, m *predict.Market, h Header) (Request, error) {
	req := &settleRequest{Header: h}
	return req, req.outcome.of(act, m)
}

func (r *settleRequest) record(rec *recording) (err error) {
	rec.op.Request, err = jsonOf(settleRecord{r.ResolutionNote, r.ResolutionSource, r.outcome.record()})
	return err
}

func (r *settleRequest) announce() {}

func (r *settleRequest) answer(res *Result) any {
	return wire.SettleMarketResult{OpHash: res.OpHash, Status: string(predict.StatusSettling)}
}

// settleRecord is what settle-market's record keeps (its fields in the
// order of their names, as the records written before it have them).
type settleRecord struct {
	ResolutionNote   string `json:"resolutionNote"`
	ResolutionSource string `json:"resolutionSource"`
	outcomeRecord
}
