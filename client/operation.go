package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/url"
	"time"

	"github.com/predict-dev/predict/internal/aa"
)

// UserOperation is an ERC-4337 v0.6 user operation in SPEC.md's JSON form
// (every field a hex string).
type UserOperation = aa.UserOperation

// Actions of prepare-user-operation.
const (
	ActionBuy             = "buy"
	ActionSell            = "sell"
	ActionClaim           = "claim"
	ActionAddLiquidity    = "add-liquidity"
	ActionRemoveLiquidity = "remove-liquidity"
	ActionCreateMarket    = "create-market"
	ActionSettleMarket    = "settle-market"
)

// Statuses of an operation (get-operation-status).
const (
	OpPending   = "pending"   // accepted, waiting for a bundle
	OpSubmitted = "submitted" // in a handleOps transaction not mined yet
	OpConfirmed = "confirmed" // executed; its effects are indexed
	OpReverted  = "reverted"  // executed, but the call reverted (Reason says why)
	OpDropped   = "dropped"   // never executed (Reason says why)
)

// TxRequest is the body of a transaction endpoint: the action's fields
// and the signed operation.
type TxRequest interface {
	// Action is the prepare-user-operation action of the request.
	Action() string
	// Path is the endpoint the signed request is posted to.
	Path() string
	// SetUserOperation attaches the signed operation.
	SetUserOperation(op *UserOperation)
}

// PlaceOrderRequest is the body of place-order: a buy (Side 1) or a sell
// (Side 2).
type PlaceOrderRequest struct {
	MarketAddress string `json:"marketAddress"`
	OptionAddress string `json:"optionAddress"`
	Side          int    `json:"side"`
	// Price is informational, base units per token; nil leaves it out.
	Price *big.Int `json:"price,omitzero"`
	// Amount is base tokens in (buy) or option tokens in (sell).
	Amount *big.Int `json:"amount"`
	// MinReceiveAmount: the operation reverts if it would get less.
	MinReceiveAmount *big.Int `json:"minReceiveAmount"`
	// Deadline in chain time (unix seconds on the wire); the operation
	// reverts after it.
	Deadline      time.Time      `json:"deadline"`
	UserOperation *UserOperation `json:"userOperation,omitempty"`
}

func (r *PlaceOrderRequest) wire() any {
	type plain PlaceOrderRequest
	return &struct {
		*plain
		Price            amountField `json:"price,omitzero"`
		Amount           amountField `json:"amount,omitzero"`
		MinReceiveAmount amountField `json:"minReceiveAmount,omitzero"`
		Deadline         unixField   `json:"deadline,omitzero"`
	}{(*plain)(r), amt(&r.Price), amt(&r.Amount), amt(&r.MinReceiveAmount), unix(&r.Deadline)}
}

// MarshalJSON writes the wire form.
func (r PlaceOrderRequest) MarshalJSON() ([]byte, error) { return json.Marshal(r.wire()) }

// UnmarshalJSON reads the wire form.
func (r *PlaceOrderRequest) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, r.wire()) }

// Action is ActionBuy or ActionSell by Side.
func (r *PlaceOrderRequest) Action() string {
	if r.Side == SideSell {
		return ActionSell
	}
	return ActionBuy
}

// Path is place-order's.
func (r *PlaceOrderRequest) Path() string { return "/api/v1/market/place-order" }

// SetUserOperation attaches the signed operation.
func (r *PlaceOrderRequest) SetUserOperation(op *UserOperation) { r.UserOperation = op }

// ClaimRequest is the body of claim-market-result.
type ClaimRequest struct {
	MarketAddress string `json:"marketAddress"`
	// OptionAddress must be the winning option.
	OptionAddress string         `json:"optionAddress"`
	UserOperation *UserOperation `json:"userOperation,omitempty"`
}

// Action is ActionClaim.
func (r *ClaimRequest) Action() string { return ActionClaim }

// Path is claim-market-result's.
func (r *ClaimRequest) Path() string { return "/api/v1/market/claim-market-result" }

// SetUserOperation attaches the signed operation.
func (r *ClaimRequest) SetUserOperation(op *UserOperation) { r.UserOperation = op }

// AddLiquidityRequest is the body of add-liquidity.
type AddLiquidityRequest struct {
	MarketAddress string         `json:"marketAddress"`
	Amount        *big.Int       `json:"amount"`
	MinLPAmount   *big.Int       `json:"minLpAmount"`
	Deadline      time.Time      `json:"deadline"`
	UserOperation *UserOperation `json:"userOperation,omitempty"`
}

func (r *AddLiquidityRequest) wire() any {
	type plain AddLiquidityRequest
	return &struct {
		*plain
		Amount      amountField `json:"amount,omitzero"`
		MinLPAmount amountField `json:"minLpAmount,omitzero"`
		Deadline    unixField   `json:"deadline,omitzero"`
	}{(*plain)(r), amt(&r.Amount), amt(&r.MinLPAmount), unix(&r.Deadline)}
}

// MarshalJSON writes the wire form.
func (r AddLiquidityRequest) MarshalJSON() ([]byte, error) { return json.Marshal(r.wire()) }

// UnmarshalJSON reads the wire form.
func (r *AddLiquidityRequest) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, r.wire()) }

// Action is ActionAddLiquidity.
func (r *AddLiquidityRequest) Action() string { return ActionAddLiquidity }

// Path is add-liquidity's.
func (r *AddLiquidityRequest) Path() string { return "/api/v1/market/add-liquidity" }

// SetUserOperation attaches the signed operation.
func (r *AddLiquidityRequest) SetUserOperation(op *UserOperation) { r.UserOperation = op }

// RemoveLiquidityRequest is the body of remove-liquidity (a redemption
// once the market has ended).
type RemoveLiquidityRequest struct {
	MarketAddress    string         `json:"marketAddress"`
	LPAmount         *big.Int       `json:"lpAmount"`
	MinReceiveAmount *big.Int       `json:"minReceiveAmount"`
	Deadline         time.Time      `json:"deadline"`
	UserOperation    *UserOperation `json:"userOperation,omitempty"`
}

func (r *RemoveLiquidityRequest) wire() any {
	type plain RemoveLiquidityRequest
	return &struct {
		*plain
		LPAmount         amountField `json:"lpAmount,omitzero"`
		MinReceiveAmount amountField `json:"minReceiveAmount,omitzero"`
		Deadline         unixField   `json:"deadline,omitzero"`
	}{(*plain)(r), amt(&r.LPAmount), amt(&r.MinReceiveAmount), unix(&r.Deadline)}
}

// MarshalJSON writes the wire form.
func (r RemoveLiquidityRequest) MarshalJSON() ([]byte, error) { return json.Marshal(r.wire()) }

// UnmarshalJSON reads the wire form.
func (r *RemoveLiquidityRequest) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, r.wire()) }

// Action is ActionRemoveLiquidity.
func (r *RemoveLiquidityRequest) Action() string { return ActionRemoveLiquidity }

// Path is remove-liquidity's.
func (r *RemoveLiquidityRequest) Path() string { return "/api/v1/market/remove-liquidity" }

// SetUserOperation attaches the signed operation.
func (r *RemoveLiquidityRequest) SetUserOperation(op *UserOperation) { r.UserOperation = op }

// OptionTitle is an option of a market to create.
type OptionTitle struct {
	Title string `json:"title"`
}

// CreateMarketRequest is the body of create-market (admins only).
type CreateMarketRequest struct {
	Title            string        `json:"title"`
	Description      string        `json:"description"`
	Rules            string        `json:"rules"`
	Options          []OptionTitle `json:"options"`
	CategoryID       string        `json:"categoryId"`
	Tags             []string      `json:"tags,omitempty"`
	EndTime          time.Time     `json:"endTime"`
	BaseTokenAddress string        `json:"baseTokenAddress"`
	// InitialLiquidity seeds the pool, in base units.
	InitialLiquidity *big.Int       `json:"initialLiquidity"`
	ImageURL         string         `json:"imageUrl,omitempty"`
	UserOperation    *UserOperation `json:"userOperation,omitempty"`
}

func (r *CreateMarketRequest) wire() any {
	type plain CreateMarketRequest
	return &struct {
		*plain
		EndTime          timeField   `json:"endTime,omitzero"`
		InitialLiquidity amountField `json:"initialLiquidity,omitzero"`
	}{(*plain)(r), tm(&r.EndTime), amt(&r.InitialLiquidity)}
}

// MarshalJSON writes the wire form.
func (r CreateMarketRequest) MarshalJSON() ([]byte, error) { return json.Marshal(r.wire()) }

// UnmarshalJSON reads the wire form.
func (r *CreateMarketRequest) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, r.wire()) }

// Action is ActionCreateMarket.
func (r *CreateMarketRequest) Action() string { return ActionCreateMarket }

// Path is create-market's.
func (r *CreateMarketRequest) Path() string { return "/api/v1/market/create-market" }

// SetUserOperation attaches the signed operation.
func (r *CreateMarketRequest) SetUserOperation(op *UserOperation) { r.UserOperation = op }

// SettleMarketRequest is the body of settle-market (admins and
// resolvers).
type SettleMarketRequest struct {
	MarketAddress        string         `json:"marketAddress"`
	WinningOptionAddress string         `json:"winningOptionAddress"`
	ResolutionSource     string         `json:"resolutionSource,omitempty"`
	ResolutionNote       string         `json:"resolutionNote,omitempty"`
	UserOperation        *UserOperation `json:"userOperation,omitempty"`
}

// Action is ActionSettleMarket.
func (r *SettleMarketRequest) Action() string { return ActionSettleMarket }

// Path is settle-market's.
func (r *SettleMarketRequest) Path() string { return "/api/v1/market/settle-market" }

// SetUserOperation attaches the signed operation.
func (r *SettleMarketRequest) SetUserOperation(op *UserOperation) { r.UserOperation = op }

// CreatedOption is an option of a created market; its address is known
// before the creation is confirmed (CREATE2).
type CreatedOption struct {
	OptionAddress string `json:"optionAddress"`
	Title         string `json:"title"`
}

// PreparedOperation is the answer of prepare-user-operation: an unsigned
// operation and the hash to sign.
type PreparedOperation struct {
	Action        string         `json:"action"`
	UserOperation *UserOperation `json:"userOperation"`
	UserOpHash    string         `json:"userOpHash"`
	// MarketAddress and Options are set for create-market.
	MarketAddress string          `json:"marketAddress,omitempty"`
	Options       []CreatedOption `json:"options,omitempty"`
}

// PrepareUserOperation asks the service to build the operation of req
// (its userOperation is ignored). owner is the address of the account's
// owner key; it is needed while the account is not deployed, so that the
// service can add the initCode; "" leaves it out.
func (c *Client) PrepareUserOperation(ctx context.Context, req TxRequest, owner string) (*PreparedOperation, error) {
	body, err := prepareBody(req, owner)
	if err != nil {
		return nil, fmt.Errorf("prepare %s: %w", req.Action(), err)
	}
	var out PreparedOperation
	if err := c.post(ctx, "/api/v1/aa/prepare-user-operation", body, &out); err != nil {
		return nil, fmt.Errorf("prepare %s: %w", req.Action(), err)
	}
	if out.UserOperation == nil {
		return nil, fmt.Errorf("prepare %s: the answer holds no operation", req.Action())
	}
	return &out, nil
}

// prepareBody is req's fields without userOperation, plus action and
// owner.
func prepareBody(req TxRequest, owner string) (map[string]json.RawMessage, error) {
	raw, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return nil, err
	}
	delete(fields, "userOperation")
	fields["action"], _ = json.Marshal(req.Action())
	if owner != "" {
		fields["owner"], _ = json.Marshal(owner)
	}
	return fields, nil
}

// OpResult is the answer of claim, add-liquidity and remove-liquidity.
type OpResult struct {
	OpHash string `json:"opHash"`
}

// PlaceOrderResult is the answer of place-order.
type PlaceOrderResult struct {
	OpHash    string `json:"opHash"`
	OrderUUID string `json:"orderUuid"`
}

// CreateMarketResult is the answer of create-market.
type CreateMarketResult struct {
	MarketAddress string          `json:"marketAddress"`
	OpHash        string          `json:"opHash"`
	Options       []CreatedOption `json:"options"`
}

// SettleMarketResult is the answer of settle-market; Status is
// "settling" until the chain confirms.
type SettleMarketResult struct {
	OpHash string `json:"opHash"`
	Status string `json:"status"`
}

// PlaceOrder submits a signed buy or sell.
func (c *Client) PlaceOrder(ctx context.Context, req *PlaceOrderRequest) (*PlaceOrderResult, error) {
	var out PlaceOrderResult
	if err := c.post(ctx, req.Path(), req, &out); err != nil {
		return nil, fmt.Errorf("place order (%s %s of %s): %w", req.Action(), req.Amount, req.OptionAddress, err)
	}
	return &out, nil
}

// ClaimMarketResult submits a signed claim of winning tokens.
func (c *Client) ClaimMarketResult(ctx context.Context, req *ClaimRequest) (*OpResult, error) {
	var out OpResult
	if err := c.post(ctx, req.Path(), req, &out); err != nil {
		return nil, fmt.Errorf("claim %s in %s: %w", req.OptionAddress, req.MarketAddress, err)
	}
	return &out, nil
}

// AddLiquidity submits a signed deposit into a market's pool.
func (c *Client) AddLiquidity(ctx context.Context, req *AddLiquidityRequest) (*OpResult, error) {
	var out OpResult
	if err := c.post(ctx, req.Path(), req, &out); err != nil {
		return nil, fmt.Errorf("add liquidity %s to %s: %w", req.Amount, req.MarketAddress, err)
	}
	return &out, nil
}

// RemoveLiquidity submits a signed withdrawal (or redemption) of LP
// tokens.
func (c *Client) RemoveLiquidity(ctx context.Context, req *RemoveLiquidityRequest) (*OpResult, error) {
	var out OpResult
	if err := c.post(ctx, req.Path(), req, &out); err != nil {
		return nil, fmt.Errorf("remove liquidity %s from %s: %w", req.LPAmount, req.MarketAddress, err)
	}
	return &out, nil
}

// CreateMarket submits a signed market creation (admins only).
func (c *Client) CreateMarket(ctx context.Context, req *CreateMarketRequest) (*CreateMarketResult, error) {
	var out CreateMarketResult
	if err := c.post(ctx, req.Path(), req, &out); err != nil {
		return nil, fmt.Errorf("create market %q: %w", req.Title, err)
	}
	return &out, nil
}

// SettleMarket submits a signed settlement (admins and resolvers).
func (c *Client) SettleMarket(ctx context.Context, req *SettleMarketRequest) (*SettleMarketResult, error) {
	var out SettleMarketResult
	if err := c.post(ctx, req.Path(), req, &out); err != nil {
		return nil, fmt.Errorf("settle %s for %s: %w", req.MarketAddress, req.WinningOptionAddress, err)
	}
	return &out, nil
}

// Submit posts a signed request to its endpoint and decodes the answer
// into the result type of the endpoint (*PlaceOrderResult,
// *CreateMarketResult, *SettleMarketResult or *OpResult).
func (c *Client) Submit(ctx context.Context, req TxRequest) (any, error) {
	switch r := req.(type) {
	case *PlaceOrderRequest:
		return c.PlaceOrder(ctx, r)
	case *ClaimRequest:
		return c.ClaimMarketResult(ctx, r)
	case *AddLiquidityRequest:
		return c.AddLiquidity(ctx, r)
	case *RemoveLiquidityRequest:
		return c.RemoveLiquidity(ctx, r)
	case *CreateMarketRequest:
		return c.CreateMarket(ctx, r)
	case *SettleMarketRequest:
		return c.SettleMarket(ctx, r)
	}
	return nil, fmt.Errorf("submit: unknown request type %T", req)
}

// AccountAddress is the SimpleAccount an owner key controls.
type AccountAddress struct {
	Owner          string `json:"owner"`
	AccountAddress string `json:"accountAddress"`
	// Deployed is false until the account's first operation.
	Deployed bool `json:"deployed"`
}

// GetAccountAddress returns the account of owner (counterfactual until
// its first operation deploys it).
func (c *Client) GetAccountAddress(ctx context.Context, owner string) (*AccountAddress, error) {
	v := url.Values{}
	query(v).str("owner", owner)
	var out AccountAddress
	if err := c.get(ctx, "/api/v1/aa/get-account-address", v, &out); err != nil {
		return nil, fmt.Errorf("account address of %s: %w", owner, err)
	}
	return &out, nil
}

// OperationStatus is where an operation is.
type OperationStatus struct {
	OpHash        string `json:"opHash"`
	Status        string `json:"status"` // OpPending … OpDropped
	Action        string `json:"action"`
	MarketAddress string `json:"marketAddress"`
	OrderUUID     string `json:"orderUuid"`
	TxHash        string `json:"txHash"`
	BlockNumber   uint64 `json:"blockNumber"`
	// Reason is the revert or drop reason, e.g. InsufficientOutput(80, 90).
	Reason    string    `json:"reason"`
	Sender    string    `json:"sender"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

func (s *OperationStatus) wire() any {
	type plain OperationStatus
	return &struct {
		*plain
		CreatedAt timeField `json:"createdAt"`
		UpdatedAt timeField `json:"updatedAt"`
	}{(*plain)(s), tm(&s.CreatedAt), tm(&s.UpdatedAt)}
}

// UnmarshalJSON reads the wire form.
func (s *OperationStatus) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, s.wire()) }

// MarshalJSON writes the wire form.
func (s OperationStatus) MarshalJSON() ([]byte, error) { return json.Marshal(s.wire()) }

// Final reports whether the status can no longer change.
func (s *OperationStatus) Final() bool {
	switch s.Status {
	case OpConfirmed, OpReverted, OpDropped:
		return true
	}
	return false
}

// Err is nil for a confirmed operation and an *OperationFailedError for a
// reverted or dropped one.
func (s *OperationStatus) Err() error {
	switch s.Status {
	case OpReverted, OpDropped:
		return &OperationFailedError{OpHash: s.OpHash, Status: s.Status, Reason: s.Reason}
	}
	return nil
}

// OperationFailedError is an operation that ended without executing its
// call: reverted on chain or dropped by the bundler.
type OperationFailedError struct {
	OpHash, Status, Reason string
}

func (e *OperationFailedError) Error() string {
	return fmt.Sprintf("operation %s %s: %s", e.OpHash, e.Status, e.Reason)
}

// GetOperationStatus reports where an operation is.
func (c *Client) GetOperationStatus(ctx context.Context, opHash string) (*OperationStatus, error) {
	v := url.Values{}
	query(v).str("opHash", opHash)
	var out OperationStatus
	if err := c.get(ctx, "/api/v1/aa/get-operation-status", v, &out); err != nil {
		return nil, fmt.Errorf("status of operation %s: %w", opHash, err)
	}
	return &out, nil
}

// WaitOptions tunes Wait. The zero value polls after 250 ms, doubling up
// to 2 s.
type WaitOptions struct {
	// Interval is the delay before the second poll (the first is at once).
	Interval time.Duration
	// MaxInterval caps the doubling delay.
	MaxInterval time.Duration
	// Progress, if set, is called with every status that differs from the
	// previous one (the first included).
	Progress func(*OperationStatus)
}

// Wait polls get-operation-status until the operation is final
// (confirmed, reverted or dropped) and returns its last status. A
// reverted or dropped operation is not an error of Wait: see
// OperationStatus.Err. Rate limits and server failures are retried with
// the same backoff; other errors, and ctx ending, are returned.
func (c *Client) Wait(ctx context.Context, opHash string, opts *WaitOptions) (*OperationStatus, error) {
	var o WaitOptions
	if opts != nil {
		o = *opts
	}
	if o.Interval <= 0 {
		o.Interval = 250 * time.Millisecond
	}
	if o.MaxInterval < o.Interval {
		o.MaxInterval = max(2*time.Second, o.Interval)
	}
	delay := o.Interval
	var last *OperationStatus
	for {
		st, err := c.GetOperationStatus(ctx, opHash)
		switch {
		case err == nil:
			if o.Progress != nil && (last == nil || last.Status != st.Status) {
				o.Progress(st)
			}
			last = st
			if st.Final() {
				return st, nil
			}
		case ctx.Err() != nil:
		case !Temporary(err) && !isNetError(err):
			return last, fmt.Errorf("wait for operation %s: %w", opHash, err)
		}
		t := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			t.Stop()
			status := "unknown"
			if last != nil {
				status = last.Status
			}
			return last, fmt.Errorf("wait for operation %s (last status %s): %w", opHash, status, ctx.Err())
		case <-t.C:
		}
		delay = min(2*delay, o.MaxInterval)
	}
}

// isNetError reports a failure to reach the service at all (no answer),
// which polling may retry.
func isNetError(err error) bool {
	var e *Error
	if errors.As(err, &e) {
		return false
	}
	var ue *url.Error
	return errors.As(err, &ue)
}
