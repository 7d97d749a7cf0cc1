package client

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/predict-dev/predict/wire"
)

// BaseToken is a collateral token the service accepts.
type BaseToken = wire.BaseToken

// Config is where the service's contracts are: what a client needs to
// check or build UserOperations itself.
type Config = wire.Config

// GetConfig returns the chain id, contract addresses and base tokens.
func (c *Client) GetConfig(ctx context.Context) (*Config, error) {
	return fetch[Config](ctx, c, "/api/v1/config", nil, "get config")
}

// FaucetRequest is the body of POST /api/v1/dev/faucet.
type FaucetRequest = wire.FaucetRequest

// FaucetResult is the mint the faucet made.
type FaucetResult = wire.FaucetResult

// Faucet mints development base tokens (embedded dev chain only; other
// deployments answer ErrNotFound).
func (c *Client) Faucet(ctx context.Context, req FaucetRequest) (*FaucetResult, error) {
	return submit[FaucetResult](ctx, c, "/api/v1/dev/faucet", req, "faucet to %s", req.Address)
}

// Health checks liveness (GET /healthz).
func (c *Client) Health(ctx context.Context) error {
	if err := c.get(ctx, "/healthz", nil, nil); err != nil {
		return fmt.Errorf("healthz: %w", err)
	}
	return nil
}

// ErrNotPredict is what Ready returns when a server answers at the
// client's URL but is not predict: another program holds the port, or
// the URL is wrong. Waiting does not help.
var ErrNotPredict = errors.New("the server answering is not predict")

// Ready checks readiness (GET /readyz): the service's store answers. A
// service that is still starting answers 503 UNAVAILABLE (CodeUnavailable);
// a server that is not predict gives ErrNotPredict.
func (c *Client) Ready(ctx context.Context) error {
	var st struct {
		Service string `json:"service"`
	}
	err := c.get(ctx, "/readyz", nil, &st)
	if e, ok := AsError(err); ok && e.Code == 0 && e.HTTPStatus != 0 {
		// An answer without the envelope.
		return fmt.Errorf("readyz: %w (it answers HTTP %d without the service's envelope)", ErrNotPredict, e.HTTPStatus)
	}
	if err != nil {
		return fmt.Errorf("readyz: %w", err)
	}
	if st.Service != "predict" {
		return fmt.Errorf("readyz: %w (the answer names no predict service)", ErrNotPredict)
	}
	return nil
}

// OpenAPI returns the service's API document (JSON).
func (c *Client) OpenAPI(ctx context.Context) ([]byte, error) {
	res, err := c.send(ctx, request{method: http.MethodGet, path: "/api/v1/openapi.json"})
	if err != nil {
		return nil, fmt.Errorf("openapi document: %w", err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, maxResponse))
	if err != nil {
		return nil, fmt.Errorf("openapi document: %w", err)
	}
	return raw, nil
}
