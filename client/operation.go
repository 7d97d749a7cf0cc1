package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"time"

	"github.com/predict-dev/predict/wire"
)

// UserOperation is an ERC-4337 v0.6 user operation in docs/transactions.md's JSON form
// (every field a hex string).
type UserOperation = wire.UserOperation

// Actions of prepare-user-operation.
const (
	ActionBuy             = wire.ActionBuy
	ActionSell            = wire.ActionSell
	ActionClaim           = wire.ActionClaim
	ActionAddLiquidity    = wire.ActionAddLiquidity
	ActionRemoveLiquidity = wire.ActionRemoveLiquidity
	ActionCreateMarket    = wire.ActionCreateMarket
	ActionSettleMarket    = wire.ActionSettleMarket
	ActionDisputeMarket   = wire.ActionDisputeMarket
	ActionFinalizeMarket  = wire.ActionFinalizeMarket
	ActionArbitrateMarket = wire.ActionArbitrateMarket
	ActionPlaceLimitOrder = wire.ActionPlaceLimitOrder
	ActionCancelOrder     = wire.ActionCancelOrder
	ActionEnableTrading   = wire.ActionEnableTrading
)

// Statuses of an operation (get-operation-status).
const (
	OpPending   = wire.OpPending
	OpSubmitted = wire.OpSubmitted
	OpConfirmed = wire.OpConfirmed
	OpReverted  = wire.OpReverted
	OpDropped   = wire.OpDropped
)

// TxRequest is the body of a transaction endpoint: the action's fields
// and the signed operation.
type TxRequest = wire.TxRequest

// PlaceOrderRequest is the body of place-order: a buy (Side 1) or a sell
// (Side 2).
type PlaceOrderRequest = wire.PlaceOrderRequest

// ClaimRequest is the body of claim-market-result.
type ClaimRequest = wire.ClaimRequest

// AddLiquidityRequest is the body of add-liquidity.
type AddLiquidityRequest = wire.AddLiquidityRequest

// RemoveLiquidityRequest is the body of remove-liquidity (a redemption
// once the market has ended).
type RemoveLiquidityRequest = wire.RemoveLiquidityRequest

// OptionTitle is an option of a market to create.
type OptionTitle = wire.OptionTitle

// CreateMarketRequest is the body of create-market (admins only).
type CreateMarketRequest = wire.CreateMarketRequest

// SettleMarketRequest is the body of settle-market (admins and
// resolvers).
type SettleMarketRequest = wire.SettleMarketRequest

// DisputeMarketRequest is the body of dispute-market (anyone, within the
// challenge window; the operation posts the bond).
type DisputeMarketRequest = wire.DisputeMarketRequest

// FinalizeMarketRequest is the body of finalize-market (anyone, once the
// window is over).
type FinalizeMarketRequest = wire.FinalizeMarketRequest

// ArbitrateMarketRequest is the body of arbitrate-market (the
// arbitrator's account only).
type ArbitrateMarketRequest = wire.ArbitrateMarketRequest

// PlaceLimitOrderRequest is the body of place-limit-order: a resting
// order escrowed in the LimitOrders contract.
type PlaceLimitOrderRequest = wire.PlaceLimitOrderRequest

// CancelOrderRequest is the body of cancel-order: one order, or every
// open order of the caller in a market.
type CancelOrderRequest = wire.CancelOrderRequest

// EnableTradingRequest is the body of enable-trading: approvals of the
// Exchange, which settles signed orders, for a market's tokens.
type EnableTradingRequest = wire.EnableTradingRequest

// CreatedOption is an option of a created market; its address is known
// before the creation is confirmed (CREATE2).
type CreatedOption = wire.CreatedOption

// PreparedOperation is the answer of prepare-user-operation: an unsigned
// operation and the hash to sign.
type PreparedOperation = wire.PreparedOperation

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
type OpResult = wire.OpResult

// PlaceOrderResult is the answer of place-order.
type PlaceOrderResult = wire.PlaceOrderResult

// CreateMarketResult is the answer of create-market.
type CreateMarketResult = wire.CreateMarketResult

// SettleMarketResult is the answer of settle-market; Status is
// "settling" until the chain confirms.
type SettleMarketResult = wire.SettleMarketResult

// PlaceOrder submits a signed buy or sell.
func (c *Client) PlaceOrder(ctx context.Context, req *PlaceOrderRequest) (*PlaceOrderResult, error) {
	return submitAs[PlaceOrderResult](ctx, c, req, fmt.Sprintf("place order (%s %s of %s)", req.Action(), req.Amount, req.OptionAddress))
}

// ClaimMarketResult submits a signed claim of winning tokens.
func (c *Client) ClaimMarketResult(ctx context.Context, req *ClaimRequest) (*OpResult, error) {
	return submitAs[OpResult](ctx, c, req, fmt.Sprintf("claim %s in %s", req.OptionAddress, req.MarketAddress))
}

// AddLiquidity submits a signed deposit into a market's pool.
func (c *Client) AddLiquidity(ctx context.Context, req *AddLiquidityRequest) (*OpResult, error) {
	return submitAs[OpResult](ctx, c, req, fmt.Sprintf("add liquidity %s to %s", req.Amount, req.MarketAddress))
}

// RemoveLiquidity submits a signed withdrawal (or redemption) of LP
// tokens.
func (c *Client) RemoveLiquidity(ctx context.Context, req *RemoveLiquidityRequest) (*OpResult, error) {
	return submitAs[OpResult](ctx, c, req, fmt.Sprintf("remove liquidity %s from %s", req.LPAmount, req.MarketAddress))
}

// CreateMarket submits a signed market creation (admins only).
func (c *Client) CreateMarket(ctx context.Context, req *CreateMarketRequest) (*CreateMarketResult, error) {
	return submitAs[CreateMarketResult](ctx, c, req, fmt.Sprintf("create market %q", req.Title))
}

// SettleMarket submits a signed settlement (admins and resolvers).
func (c *Client) SettleMarket(ctx context.Context, req *SettleMarketRequest) (*SettleMarketResult, error) {
	return submitAs[SettleMarketResult](ctx, c, req, fmt.Sprintf("settle %s for %s", req.MarketAddress, req.WinningOptionAddress))
}

// DisputeMarket submits a signed dispute of an asserted outcome.
func (c *Client) DisputeMarket(ctx context.Context, req *DisputeMarketRequest) (*OpResult, error) {
	return submitAs[OpResult](ctx, c, req, "dispute "+req.MarketAddress)
}

// FinalizeMarket submits a signed finalization of an undisputed assertion.
func (c *Client) FinalizeMarket(ctx context.Context, req *FinalizeMarketRequest) (*OpResult, error) {
	return submitAs[OpResult](ctx, c, req, "finalize "+req.MarketAddress)
}

// ArbitrateMarket submits the arbitrator's signed decision.
func (c *Client) ArbitrateMarket(ctx context.Context, req *ArbitrateMarketRequest) (*OpResult, error) {
	return submitAs[OpResult](ctx, c, req, "arbitrate "+req.MarketAddress)
}

// EnableTrading submits signed approvals of the Exchange for a market's
// tokens.
func (c *Client) EnableTrading(ctx context.Context, req *EnableTradingRequest) (*OpResult, error) {
	return submitAs[OpResult](ctx, c, req, "enable trading on "+req.MarketAddress)
}

// submitAs posts a signed request to its endpoint and decodes the answer
// as an R; what names the request in an error.
func submitAs[R any](ctx context.Context, c *Client, req TxRequest, what string) (*R, error) {
	return submit[R](ctx, c, req.Path(), req, "%s", what)
}

// Submit posts a signed request to its endpoint and decodes the answer
// into the result type of the endpoint (*PlaceOrderResult,
// *CreateMarketResult, *SettleMarketResult or *OpResult, its Result).
func (c *Client) Submit(ctx context.Context, req TxRequest) (wire.Result, error) {
	out := req.Result()
	if err := c.post(ctx, req.Path(), req, out); err != nil {
		return nil, fmt.Errorf("submit %s: %w", req.Action(), err)
	}
	return out, nil
}

// AccountAddress is the SimpleAccount an owner key controls.
type AccountAddress = wire.AccountAddress

// GetAccountAddress returns the account of owner (counterfactual until
// its first operation deploys it).
func (c *Client) GetAccountAddress(ctx context.Context, owner string) (*AccountAddress, error) {
	return fetchBy[AccountAddress](ctx, c, "/api/v1/aa/get-account-address", "owner", owner, "account address of %s", owner)
}

// OperationStatus is where an operation is; Final reports whether it can
// still change and Err is an *OperationFailedError for a reverted or
// dropped one.
type OperationStatus = wire.OperationStatus

// OperationFailedError is an operation that ended without executing its
// call: reverted on chain or dropped by the bundler.
type OperationFailedError = wire.OperationFailedError

// GetOperationStatus reports where an operation is.
func (c *Client) GetOperationStatus(ctx context.Context, opHash string) (*OperationStatus, error) {
	return fetchBy[OperationStatus](ctx, c, "/api/v1/aa/get-operation-status", "opHash", opHash, "status of operation %s", opHash)
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
		if sleep(ctx, delay) != nil {
			status := "unknown"
			if last != nil {
				status = last.Status
			}
			return last, fmt.Errorf("wait for operation %s (last status %s): %w", opHash, status, ctx.Err())
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
