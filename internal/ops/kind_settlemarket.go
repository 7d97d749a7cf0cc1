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
var settleMarket = register(kind.SettleMarket, &Descriptor{
	roles: []string{predict.RoleAdmin, predict.RoleResolver},
	onChain: func(f *bindings.MarketFactoryCaller, opts *bind.CallOpts, user *predict.User, sender common.Address) (bool, string, error) {
		role := predict.RoleAdmin
		if !user.HasRole(predict.RoleAdmin) {
			role = predict.RoleResolver
		}
		ok, err := f.CanSettle(opts, sender)
		return ok, role, err
	},
	parse: func(b *Body, req *Request) error {
		if err := parseOutcome(b, req); err != nil {
			return err
		}
		req.ResolutionSource, req.ResolutionNote = strings.TrimSpace(b.ResolutionSource), strings.TrimSpace(b.ResolutionNote)
		return firstErr(input.Text("resolutionSource", b.ResolutionSource, false, maxNoteLen), input.Text("resolutionNote", b.ResolutionNote, false, maxNoteLen))
	},
	build: func(c *call) (*aa.Action, error) {
		if err := c.m.Settleable(); err != nil {
			return nil, err
		}
		act := &aa.Action{Kind: aa.KindSettleMarket, Target: c.req.Market}
		var err error
		if act.Option, err = c.outcome(); err != nil {
			return nil, err
		}
		// With a challenge window this is an assertion, bond posted; a
		// void end takes assertOutcome(VOID) whatever the window.
		r, err := c.s.reads.resolution(c.ctx, c.req.Market)
		if err != nil {
			return nil, err
		}
		if r.Window > 0 || c.req.Void {
			act.Assert = true
		}
		if r.Window > 0 {
			if err := c.postBond(act, r.Bond, "assertion bond"); err != nil {
				return nil, err
			}
		}
		return act, nil
	},
	request: outcomeOf,
	record: func(r *recording) (err error) {
		r.op.Request, err = jsonOf(settleRecord{r.req.ResolutionNote, r.req.ResolutionSource, outcomeOfRequest(r.req)})
		return err
	},
	announce: true,
	answer: func(_ *Request, res *Result) any {
		return wire.SettleMarketResult{OpHash: res.OpHash, Status: string(predict.StatusSettling)}
	},
})

// settleRecord is what settle-market's record keeps (its fields in the
// order of their names, as the records written before it have them).
type settleRecord struct {
	ResolutionNote   string `json:"resolutionNote"`
	ResolutionSource string `json:"resolutionSource"`
	outcomeRecord
}
