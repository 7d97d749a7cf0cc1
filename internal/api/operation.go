package api

import (
	"encoding/json"
	"math/big"
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/market/fpmm"
	"github.com/predict-dev/predict/internal/ops"
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
	maxNoteLen     = 1000
)

// txBody holds the fields of every transaction endpoint; each endpoint
// reads the ones SPEC.md gives it.
type txBody struct {
	Action               string          `json:"action"` // prepare-user-operation only
	Owner                string          `json:"owner"`  // prepare-user-operation only
	MarketAddress        string          `json:"marketAddress"`
	OptionAddress        string          `json:"optionAddress"`
	Side                 *int            `json:"side"`
	Price                string          `json:"price"`
	Amount               string          `json:"amount"`
	LPAmount             string          `json:"lpAmount"`
	MinReceiveAmount     string          `json:"minReceiveAmount"`
	MinLPAmount          string          `json:"minLpAmount"`
	Deadline             json.Number     `json:"deadline"`
	WinningOptionAddress string          `json:"winningOptionAddress"`
	ResolutionSource     string          `json:"resolutionSource"`
	ResolutionNote       string          `json:"resolutionNote"`
	Title                string          `json:"title"`
	Description          string          `json:"description"`
	Rules                string          `json:"rules"`
	Options              []createOption  `json:"options"`
	CategoryID           string          `json:"categoryId"`
	Tags                 []string        `json:"tags"`
	EndTime              string          `json:"endTime"`
	BaseTokenAddress     string          `json:"baseTokenAddress"`
	InitialLiquidity     string          `json:"initialLiquidity"`
	ImageURL             string          `json:"imageUrl"`
	ChallengeWindow      *int64          `json:"challengeWindowSeconds"`
	UserOperation        json.RawMessage `json:"userOperation"`
}

type createOption struct {
	Title string `json:"title"`
}

var deadlineRe = regexp.MustCompile(`^[1-9][0-9]{0,11}$`)

// parseTx validates the fields of kind's endpoint into an ops.Request.
func parseTx(kind aa.Kind, b *txBody) (*ops.Request, error) {
	req := &ops.Request{Kind: kind}
	var err error
	addr := func(field, v string) common.Address {
		if err != nil {
			return common.Address{}
		}
		var a string
		if a, err = parseAddress(field, v); err != nil {
			return common.Address{}
		}
		return common.HexToAddress(a)
	}
	amt := func(field, v string) *big.Int {
		if err != nil {
			return nil
		}
		var n *big.Int
		n, err = parseAmount(field, v)
		return n
	}
	deadline := func() *big.Int {
		if err != nil {
			return nil
		}
		d := b.Deadline.String()
		if d == "" {
			err = predict.Errorf(predict.EINVALID, "deadline is required (unix seconds)")
			return nil
		}
		if !deadlineRe.MatchString(d) {
			err = predict.Errorf(predict.EINVALID, "deadline must be a unix timestamp in seconds")
			return nil
		}
		n, _ := new(big.Int).SetString(d, 10)
		return n
	}
	switch kind {
	case aa.KindBuy, aa.KindSell:
		req.Market = addr("marketAddress", b.MarketAddress)
		req.Option = addr("optionAddress", b.OptionAddress)
		req.Amount = amt("amount", b.Amount)
		req.MinOut = amt("minReceiveAmount", b.MinReceiveAmount)
		req.Deadline = deadline()
		if err == nil && b.Price != "" {
			req.Price = amt("price", b.Price)
		}
		if req.Price == nil {
			req.Price = new(big.Int)
		}
		req.Side = predict.SideBuy
		if kind == aa.KindSell {
			req.Side = predict.SideSell
		}
	case aa.KindClaim:
		req.Market = addr("marketAddress", b.MarketAddress)
		req.Option = addr("optionAddress", b.OptionAddress)
	case aa.KindAddLiquidity:
		req.Market = addr("marketAddress", b.MarketAddress)
		req.Amount = amt("amount", b.Amount)
		req.MinOut = amt("minLpAmount", b.MinLPAmount)
		req.Deadline = deadline()
	case aa.KindRemoveLiquidity:
		req.Market = addr("marketAddress", b.MarketAddress)
		req.Amount = amt("lpAmount", b.LPAmount)
		req.MinOut = amt("minReceiveAmount", b.MinReceiveAmount)
		req.Deadline = deadline()
	case aa.KindSettleMarket:
		req.Market = addr("marketAddress", b.MarketAddress)
		req.Option = addr("winningOptionAddress", b.WinningOptionAddress)
		if err == nil {
			err = firstError(checkText("resolutionSource", b.ResolutionSource, false, maxNoteLen), checkText("resolutionNote", b.ResolutionNote, false, maxNoteLen))
		}
		req.ResolutionSource, req.ResolutionNote = strings.TrimSpace(b.ResolutionSource), strings.TrimSpace(b.ResolutionNote)
	case aa.KindCreateMarket:
		req.Create, err = parseCreate(b)
	}
	if err != nil {
		return nil, err
	}
	return req, nil
}

func firstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// parseCreate validates create-market's fields.
func parseCreate(b *txBody) (*ops.CreateRequest, error) {
	err := firstError(
		checkText("title", b.Title, true, maxTitle),
		checkText("description", b.Description, true, maxLongText),
		checkText("rules", b.Rules, true, maxLongText),
		checkText("categoryId", b.CategoryID, true, maxCategoryLen),
	)
	if err != nil {
		return nil, err
	}
	if len(b.Options) < fpmm.MinOptions || len(b.Options) > fpmm.MaxOptions {
		return nil, predict.Errorf(predict.EINVALID, "options must hold %d to %d entries", fpmm.MinOptions, fpmm.MaxOptions)
	}
	seen := map[string]bool{}
	var titles []string
	for i, o := range b.Options {
		t := strings.TrimSpace(o.Title)
		if err := checkText("options[].title", t, true, maxOptionTitle); err != nil {
			return nil, predict.Errorf(predict.EINVALID, "options[%d].title: %s", i, predict.ErrorMessage(err))
		}
		if seen[strings.ToLower(t)] {
			return nil, predict.Errorf(predict.EINVALID, "options[%d].title %q repeats another option", i, t)
		}
		seen[strings.ToLower(t)] = true
		titles = append(titles, t)
	}
	if len(b.Tags) > maxTags {
		return nil, predict.Errorf(predict.EINVALID, "tags must hold at most %d entries", maxTags)
	}
	tags := []string{}
	for _, t := range b.Tags {
		if err := checkText("tags[]", t, true, maxTagLen); err != nil {
			return nil, err
		}
		tags = append(tags, strings.TrimSpace(t))
	}
	end, err := time.Parse(time.RFC3339, b.EndTime)
	if err != nil {
		return nil, predict.Errorf(predict.EINVALID, "endTime must be an ISO 8601 time such as 2027-01-31T12:00:00Z")
	}
	base, err := parseAddress("baseTokenAddress", b.BaseTokenAddress)
	if err != nil {
		return nil, err
	}
	liq, err := parseAmount("initialLiquidity", b.InitialLiquidity)
	if err != nil {
		return nil, err
	}
	if b.ImageURL != "" {
		if err := checkAvatarURL("imageUrl", b.ImageURL); err != nil {
			return nil, err
		}
	}
	if w := b.ChallengeWindow; w != nil && (*w < 0 || *w > ops.MaxChallengeWindow) {
		return nil, predict.Errorf(predict.EINVALID, "challengeWindowSeconds must be 0 to %d (30 days)", int64(ops.MaxChallengeWindow))
	}
	return &ops.CreateRequest{
		Title: strings.TrimSpace(b.Title), Description: strings.TrimSpace(b.Description), Rules: strings.TrimSpace(b.Rules),
		Options: titles, CategoryID: strings.TrimSpace(b.CategoryID), Tags: tags, EndTime: end, BaseToken: base,
		InitialLiquidity: liq.String(), ImageURL: b.ImageURL, ChallengeWindowSeconds: b.ChallengeWindow,
	}, nil
}

// sideKind maps place-order's side: 1 buys, 2 sells.
func sideKind(side *int) (aa.Kind, error) {
	if side == nil {
		return "", predict.Errorf(predict.EINVALID, "side is required: 1 buys, 2 sells")
	}
	switch *side {
	case predict.SideBuy:
		return aa.KindBuy, nil
	case predict.SideSell:
		return aa.KindSell, nil
	}
	return "", predict.Errorf(predict.EINVALID, "side must be 1 (buy) or 2 (sell)")
}

// prepareActions are the actions prepare-user-operation builds.
var prepareActions = map[string]aa.Kind{
	"buy": aa.KindBuy, "sell": aa.KindSell, "claim": aa.KindClaim, "add-liquidity": aa.KindAddLiquidity,
	"remove-liquidity": aa.KindRemoveLiquidity, "create-market": aa.KindCreateMarket, "settle-market": aa.KindSettleMarket,
}

// handlePrepare builds a ready-to-sign operation for an action: the
// service fills sender, nonce, initCode, callData, gas, fees and the
// paymaster's signature; the client signs userOpHash and posts the
// operation to the action's endpoint.
func (s *Server) handlePrepare(w http.ResponseWriter, r *http.Request) {
	u, err := s.authenticate(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	var b txBody
	if err := decodeBody(w, r, s.cfg.BodyLimit, &b); err != nil {
		s.Error(w, r, err)
		return
	}
	kind, known := prepareActions[b.Action]
	if !known {
		s.Error(w, r, predict.Errorf(predict.EINVALID, "action must be one of buy, sell, claim, add-liquidity, remove-liquidity, create-market, settle-market"))
		return
	}
	if b.Side != nil {
		if k, err := sideKind(b.Side); err != nil || k != kind {
			s.Error(w, r, predict.Errorf(predict.EINVALID, "side contradicts action %s", b.Action))
			return
		}
	}
	// The role first: a caller without it learns nothing about the fields.
	err = s.checkRole(u, kind)
	var req *ops.Request
	if err == nil {
		req, err = parseTx(kind, &b)
	}
	if err == nil && b.Owner != "" {
		var owner string
		if owner, err = parseAddress("owner", b.Owner); err == nil {
			req.Owner = common.HexToAddress(owner)
		}
	}
	if err != nil {
		s.Error(w, r, err)
		return
	}
	op, hash, res, err := s.cfg.Ops.Prepare(r.Context(), u, req)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	out := wire.PreparedOperation{Action: b.Action, UserOperation: op, UserOpHash: strings.ToLower(hash.Hex())}
	if kind == aa.KindCreateMarket {
		out.MarketAddress = res.Market
		out.Options = createdOptions(res, req.Create.Options)
	}
	ok(w, out)
}

// checkRole applies SPEC.md's role rules of create and settle (HTTP 403).
func (s *Server) checkRole(u *predict.User, kind aa.Kind) error {
	switch kind {
	case aa.KindCreateMarket:
		if !u.HasRole(predict.RoleAdmin) {
			return errNeedsRole(u, "create-market", predict.RoleAdmin)
		}
	case aa.KindSettleMarket:
		if !u.HasRole(predict.RoleAdmin) && !u.HasRole(predict.RoleResolver) {
			return errNeedsRole(u, "settle-market", predict.RoleAdmin, predict.RoleResolver)
		}
	}
	return nil
}

func createdOptions(res *ops.Result, titles []string) []wire.CreatedOption {
	out := make([]wire.CreatedOption, len(res.Options))
	for i, a := range res.Options {
		out[i] = wire.CreatedOption{OptionAddress: strings.ToLower(a.Hex())}
		if i < len(titles) {
			out[i].Title = titles[i]
		}
	}
	return out
}

// submit is the common path of every transaction endpoint: caller, body,
// fields, role, then the operation's checks and submission.
func (s *Server) submit(w http.ResponseWriter, r *http.Request, kindOf func(*txBody) (aa.Kind, error), answer func(*ops.Request, *ops.Result) any) {
	u, err := s.authenticate(r)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	var b txBody
	if err := decodeBody(w, r, s.cfg.BodyLimit, &b); err != nil {
		s.Error(w, r, err)
		return
	}
	kind, err := kindOf(&b)
	if err == nil {
		err = s.checkRole(u, kind)
	}
	if err != nil {
		s.Error(w, r, err)
		return
	}
	req, err := parseTx(kind, &b)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	if len(b.UserOperation) == 0 || string(b.UserOperation) == "null" {
		s.Error(w, r, predict.Errorf(predict.EINVALID, "userOperation is required"))
		return
	}
	var op aa.UserOperation
	if err := json.Unmarshal(b.UserOperation, &op); err != nil {
		s.Error(w, r, err)
		return
	}
	res, err := s.cfg.Ops.Submit(r.Context(), u, req, &op)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	ok(w, answer(req, res))
}

func fixed(k aa.Kind) func(*txBody) (aa.Kind, error) {
	return func(*txBody) (aa.Kind, error) { return k, nil }
}

func opHashOnly(_ *ops.Request, res *ops.Result) any { return wire.OpResult{OpHash: res.OpHash} }

// handlePlaceOrder buys (side 1) or sells (side 2) option tokens.
func (s *Server) handlePlaceOrder(w http.ResponseWriter, r *http.Request) {
	s.submit(w, r, func(b *txBody) (aa.Kind, error) { return sideKind(b.Side) },
		func(_ *ops.Request, res *ops.Result) any {
			return wire.PlaceOrderResult{OpHash: res.OpHash, OrderUUID: res.OrderUUID}
		})
}

// handleClaim burns winning tokens for base tokens 1:1.
func (s *Server) handleClaim(w http.ResponseWriter, r *http.Request) {
	s.submit(w, r, fixed(aa.KindClaim), opHashOnly)
}

// handleAddLiquidity deposits base tokens into the pool.
func (s *Server) handleAddLiquidity(w http.ResponseWriter, r *http.Request) {
	s.submit(w, r, fixed(aa.KindAddLiquidity), opHashOnly)
}

// handleRemoveLiquidity burns LP tokens (redeems them once the market ended).
func (s *Server) handleRemoveLiquidity(w http.ResponseWriter, r *http.Request) {
	s.submit(w, r, fixed(aa.KindRemoveLiquidity), opHashOnly)
}

// handleCreateMarket deploys a market through the factory (admins only);
// the addresses are known before confirmation.
func (s *Server) handleCreateMarket(w http.ResponseWriter, r *http.Request) {
	s.submit(w, r, fixed(aa.KindCreateMarket), func(req *ops.Request, res *ops.Result) any {
		return wire.CreateMarketResult{MarketAddress: res.Market, OpHash: res.OpHash, Options: createdOptions(res, req.Create.Options)}
	})
}

// handleSettleMarket declares the winning option (admins and resolvers).
func (s *Server) handleSettleMarket(w http.ResponseWriter, r *http.Request) {
	s.submit(w, r, fixed(aa.KindSettleMarket), func(_ *ops.Request, res *ops.Result) any {
		return wire.SettleMarketResult{OpHash: res.OpHash, Status: string(predict.StatusSettling)}
	})
}

var opHashRe = regexp.MustCompile(`^0x[0-9a-fA-F]{64}$`)

// handleOperationStatus reports where an operation is.
func (s *Server) handleOperationStatus(w http.ResponseWriter, r *http.Request) {
	q := newQuery(r)
	h := q.get("opHash")
	if q.err == nil && !opHashRe.MatchString(h) {
		q.fail("opHash must be a 0x-prefixed 32-byte hex hash")
	}
	if q.err != nil {
		s.Error(w, r, q.err)
		return
	}
	op, err := s.store.OperationByHash(r.Context(), strings.ToLower(h))
	if err != nil {
		s.Error(w, r, err)
		return
	}
	ok(w, wire.OperationStatus{
		OpHash: op.OpHash, Status: string(op.Status), Action: op.Kind, MarketAddress: op.Market,
		OrderUUID: op.OrderUUID, TxHash: op.TxHash, BlockNumber: op.Block, Reason: op.Reason,
		Sender: op.Sender, CreatedAt: wireTime(op.CreatedAt), UpdatedAt: wireTime(op.UpdatedAt),
	})
}

// handleGetAccountAddress tells which SimpleAccount an owner key controls,
// so a client can log in with its address before the account exists.
func (s *Server) handleGetAccountAddress(w http.ResponseWriter, r *http.Request) {
	q := newQuery(r)
	owner := q.address("owner", true)
	if q.err != nil {
		s.Error(w, r, q.err)
		return
	}
	acct, deployed, err := s.cfg.Ops.Account(r.Context(), common.HexToAddress(owner))
	if err != nil {
		s.Error(w, r, err)
		return
	}
	ok(w, wire.AccountAddress{Owner: owner, AccountAddress: strings.ToLower(acct.Hex()), Deployed: deployed})
}
