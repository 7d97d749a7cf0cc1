package chain

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"net/url"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/rpc"
)

// ErrTxFailed is wrapped by WaitMined's error when a transaction was mined
// but reverted (receipt status 0).
var ErrTxFailed = errors.New("transaction failed")

// Dial connects to an Ethereum JSON-RPC endpoint (http(s), ws(s) or an IPC
// path) and asks it for its chain id, so that a wrong URL fails at startup
// instead of at the first transaction. Errors show the URL without its path,
// query or user info, where providers put API keys.
func Dial(ctx context.Context, rpcURL string) (*ethclient.Client, error) {
	rc, err := rpc.DialContext(ctx, rpcURL)
	if err != nil {
		return nil, fmt.Errorf("chain: dial %s: %w", RedactURL(rpcURL), scrub(err, rpcURL))
	}
	c := ethclient.NewClient(rc)
	if _, err := c.ChainID(ctx); err != nil {
		c.Close()
		return nil, fmt.Errorf("chain: %s: eth_chainId: %w", RedactURL(rpcURL), scrub(err, rpcURL))
	}
	return c, nil
}

// CheckChainID returns an error unless the node behind c reports chain id
// want. Signing for one chain and sending to another would fail on every
// transaction (EIP-155), so the service checks once at startup.
func CheckChainID(ctx context.Context, c ethereum.ChainIDReader, want *big.Int) error {
	got, err := c.ChainID(ctx)
	if err != nil {
		return fmt.Errorf("chain: eth_chainId: %w", err)
	}
	if got.Cmp(want) != 0 {
		return fmt.Errorf("chain: node reports chain id %s, configured chain id is %s", got, want)
	}
	return nil
}

// ReceiptReader is the part of a client WaitMined needs.
type ReceiptReader interface {
	TransactionReceipt(ctx context.Context, txHash common.Hash) (*types.Receipt, error)
}

// WaitMined polls for the receipt of txHash until it exists or ctx ends. A
// receipt with failed status is returned together with an error wrapping
// ErrTxFailed: a transaction that was mined but reverted is a failure for
// every caller in this service, and "mined" alone is easy to mistake for
// success.
func WaitMined(ctx context.Context, c ReceiptReader, txHash common.Hash) (*types.Receipt, error) {
	// Start fast because the embedded chain can seal within milliseconds, and
	// back off so a slow remote chain is not hammered.
	const minDelay, maxDelay = 20 * time.Millisecond, time.Second
	delay := minDelay
	var lastErr error
	for {
		r, err := c.TransactionReceipt(ctx, txHash)
		switch {
		case err == nil && r != nil:
			if r.Status != types.ReceiptStatusSuccessful {
				return r, fmt.Errorf("chain: tx %s in block %s (gas used %d): %w",
					txHash, r.BlockNumber, r.GasUsed, ErrTxFailed)
			}
			return r, nil
		case err != nil && !errors.Is(err, ethereum.NotFound):
			// Keep polling through transient RPC errors; ctx bounds the wait
			// and the last error is reported if it runs out.
			lastErr = err
		}
		t := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			t.Stop()
			if lastErr != nil {
				return nil, fmt.Errorf("chain: waiting for tx %s: %w (last RPC error: %v)", txHash, ctx.Err(), lastErr)
			}
			return nil, fmt.Errorf("chain: waiting for tx %s: %w", txHash, ctx.Err())
		case <-t.C:
		}
		delay = min(delay*2, maxDelay)
	}
}

// RedactURL returns rpcURL reduced to scheme and host, for logs and errors:
// hosted RPC providers put the API key in the path, query or user info.
func RedactURL(rpcURL string) string {
	u, err := url.Parse(rpcURL)
	if err != nil || u.Host == "" {
		if strings.Contains(rpcURL, "://") {
			return "(unparsable URL)"
		}
		return rpcURL // an IPC path carries no secret
	}
	redacted := u.Scheme + "://" + u.Host
	if u.User != nil || (u.Path != "" && u.Path != "/") || u.RawQuery != "" {
		redacted += "/..."
	}
	return redacted
}

// scrub removes the secret parts of rpcURL from err's text. Go's HTTP client
// quotes the URL in its errors (with the password masked but the path and
// query, where API keys usually are, intact).
func scrub(err error, rpcURL string) error {
	msg := err.Error()
	var secrets []string
	if u, perr := url.Parse(rpcURL); perr == nil && u.Host != "" {
		secrets = append(secrets, rpcURL, u.Redacted())
		if u.User != nil {
			secrets = append(secrets, u.User.String())
			if pw, ok := u.User.Password(); ok {
				secrets = append(secrets, pw)
			}
		}
		if len(u.EscapedPath()) > 1 {
			secrets = append(secrets, u.EscapedPath(), u.Path)
		}
		if u.RawQuery != "" {
			secrets = append(secrets, u.RawQuery)
		}
	}
	scrubbed := msg
	for _, s := range secrets {
		if s != "" {
			scrubbed = strings.ReplaceAll(scrubbed, s, "...")
		}
	}
	if scrubbed == msg {
		return err
	}
	return &scrubbedError{msg: scrubbed, err: err}
}

// scrubbedError keeps the original error reachable for errors.Is/As (e.g.
// context.DeadlineExceeded) while printing the redacted text.
type scrubbedError struct {
	msg string
	err error
}

func (e *scrubbedError) Error() string { return e.msg }
func (e *scrubbedError) Unwrap() error { return e.err }
