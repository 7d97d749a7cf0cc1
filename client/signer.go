package client

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"sync"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/wire"
)

// Reasons the Signer refuses to sign a prepared operation. The errors it
// returns wrap one of them with the details.
var (
	// ErrHashMismatch: userOpHash is not the EntryPoint v0.6 hash of the
	// operation for the pinned EntryPoint and chain.
	ErrHashMismatch = errors.New("userOpHash is not the hash of the prepared operation")
	// ErrWrongSender: the operation is not from the owner's account, or
	// its initCode deploys an account for another owner.
	ErrWrongSender = errors.New("the prepared operation is not from the owner's account")
	// ErrUnexpectedCall: the operation's callData does something other
	// than the request asked.
	ErrUnexpectedCall = errors.New("the prepared operation's callData does not match the request")
)

// Signer performs the on-chain actions of the owner of a SimpleAccount
// v0.6: for each action it asks the service to prepare the operation,
// checks it (sender, callData, userOpHash recomputed locally), signs the
// hash as `predict sign` does (EIP-191 personal message, what
// SimpleAccount v0.6 verifies) and submits it to the action's endpoint.
//
// Each action returns the endpoint's answer. If the service answers an
// opHash other than the signed operation's, the answer is returned with
// an error wrapping ErrHashMismatch (the operation was submitted).
//
// A Signer is safe for concurrent use, but the service prepares one
// operation per account at a time: Wait for an operation before the next.
type Signer struct {
	client *Client
	key    *ecdsa.PrivateKey
	owner  common.Address

	mu         sync.Mutex
	entryPoint common.Address
	chainID    *big.Int
	account    common.Address
}

// SignerOption configures a Signer.
type SignerOption func(*Signer)

// WithChain pins the EntryPoint and chain id the operation hash must be
// computed for. Without it the Signer reads them once from GET
// /api/v1/config, which only protects against a service that is wrong,
// not one that lies: pin them to sign for a service you do not trust.
func WithChain(entryPoint common.Address, chainID *big.Int) SignerOption {
	return func(s *Signer) { s.entryPoint, s.chainID = entryPoint, new(big.Int).Set(chainID) }
}

// WithAccount pins the owner's smart account. Without it the Signer asks
// GET /api/v1/aa/get-account-address once.
func WithAccount(account common.Address) SignerOption {
	return func(s *Signer) { s.account = account }
}

// NewSigner returns a Signer for key, the owner of the caller's account,
// calling the service through c (whose token is the account's user's).
func NewSigner(c *Client, key *ecdsa.PrivateKey, opts ...SignerOption) *Signer {
	s := &Signer{client: c, key: key, owner: crypto.PubkeyToAddress(key.PublicKey)}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Client returns the client the Signer calls.
func (s *Signer) Client() *Client { return s.client }

// Owner is the address of the owner key.
func (s *Signer) Owner() common.Address { return s.owner }

// Account returns the owner's smart account.
func (s *Signer) Account(ctx context.Context) (common.Address, error) {
	s.mu.Lock()
	acct := s.account
	s.mu.Unlock()
	if acct != (common.Address{}) {
		return acct, nil
	}
	a, err := s.client.GetAccountAddress(ctx, strings.ToLower(s.owner.Hex()))
	if err != nil {
		return common.Address{}, err
	}
	if !common.IsHexAddress(a.AccountAddress) {
		return common.Address{}, fmt.Errorf("account address of %s: %q is not an address", s.owner.Hex(), a.AccountAddress)
	}
	acct = common.HexToAddress(a.AccountAddress)
	s.mu.Lock()
	s.account = acct
	s.mu.Unlock()
	return acct, nil
}

// chain returns the EntryPoint and chain id to hash for.
func (s *Signer) chain(ctx context.Context) (common.Address, *big.Int, error) {
	s.mu.Lock()
	ep, id := s.entryPoint, s.chainID
	s.mu.Unlock()
	if id != nil {
		return ep, id, nil
	}
	cfg, err := s.client.GetConfig(ctx)
	if err != nil {
		return common.Address{}, nil, err
	}
	if !common.IsHexAddress(cfg.EntryPoint) || cfg.ChainID <= 0 {
		return common.Address{}, nil, fmt.Errorf("service config has no EntryPoint or chain id")
	}
	ep, id = common.HexToAddress(cfg.EntryPoint), big.NewInt(cfg.ChainID)
	s.mu.Lock()
	s.entryPoint, s.chainID = ep, id
	s.mu.Unlock()
	return ep, id, nil
}

// Sign prepares req's operation, checks it, signs it and attaches it to
// req (SetUserOperation), without submitting. It returns the prepared
// answer (with the signed operation) so that the caller can submit req
// later, e.g. with Client.Submit.
func (s *Signer) Sign(ctx context.Context, req TxRequest) (*PreparedOperation, error) {
	if err := checkAddresses(req); err != nil {
		return nil, fmt.Errorf("sign %s: %w", req.Action(), err)
	}
	ep, chainID, err := s.chain(ctx)
	if err != nil {
		return nil, fmt.Errorf("sign %s: %w", req.Action(), err)
	}
	account, err := s.Account(ctx)
	if err != nil {
		return nil, fmt.Errorf("sign %s: %w", req.Action(), err)
	}
	p, err := s.client.PrepareUserOperation(ctx, req, strings.ToLower(s.owner.Hex()))
	if err != nil {
		return nil, err
	}
	op := p.UserOperation
	if op.Sender != account {
		return nil, fmt.Errorf("sign %s: %w: sender %s, account %s", req.Action(), ErrWrongSender, op.Sender.Hex(), account.Hex())
	}
	if len(op.InitCode) > 0 {
		if len(op.InitCode) < common.AddressLength {
			return nil, fmt.Errorf("sign %s: %w: initCode too short", req.Action(), ErrWrongSender)
		}
		want, err := aa.InitCode(common.BytesToAddress(op.InitCode[:common.AddressLength]), s.owner)
		if err != nil {
			return nil, fmt.Errorf("sign %s: %w", req.Action(), err)
		}
		if !bytes.Equal(op.InitCode, want) {
			return nil, fmt.Errorf("sign %s: %w: initCode does not deploy an account of owner %s", req.Action(), ErrWrongSender, s.owner.Hex())
		}
	}
	if err := checkCall(op.CallData, req); err != nil {
		return nil, fmt.Errorf("sign %s: %w", req.Action(), err)
	}
	hash := op.Hash(ep, chainID)
	if !strings.EqualFold(p.UserOpHash, hash.Hex()) {
		return nil, fmt.Errorf("sign %s: %w: the service says %s, the operation hashes to %s (EntryPoint %s, chain %s); refusing to sign",
			req.Action(), ErrHashMismatch, p.UserOpHash, hash.Hex(), ep.Hex(), chainID)
	}
	if op.Signature, err = aa.SignHash(hash, s.key); err != nil {
		return nil, fmt.Errorf("sign %s: %w", req.Action(), err)
	}
	req.SetUserOperation(op)
	return p, nil
}

// execute signs and submits req, and checks the opHash the service
// answers is the signed operation's.
func (s *Signer) execute(ctx context.Context, req TxRequest) (wire.Result, error) {
	p, err := s.Sign(ctx, req)
	if err != nil {
		return nil, err
	}
	res, err := s.client.Submit(ctx, req)
	if err != nil {
		return nil, err
	}
	opHash := res.Hash()
	if !strings.EqualFold(opHash, p.UserOpHash) {
		return res, fmt.Errorf("%s: %w: the service answered opHash %s for the operation signed as %s", req.Action(), ErrHashMismatch, opHash, p.UserOpHash)
	}
	return res, nil
}

// executeAs signs and submits req and returns the answer as an R.
func executeAs[R any](ctx context.Context, s *Signer, req TxRequest) (*R, error) {
	res, err := s.execute(ctx, req)
	r, _ := any(res).(*R)
	return r, err
}

// Buy buys option tokens (req.Side is set to SideBuy): Amount base
// tokens in, at least MinReceiveAmount option tokens out.
func (s *Signer) Buy(ctx context.Context, req PlaceOrderRequest) (*PlaceOrderResult, error) {
	req.Side = SideBuy
	return executeAs[PlaceOrderResult](ctx, s, &req)
}

// Sell sells option tokens (req.Side is set to SideSell): Amount option
// tokens in, at least MinReceiveAmount base tokens out.
func (s *Signer) Sell(ctx context.Context, req PlaceOrderRequest) (*PlaceOrderResult, error) {
	req.Side = SideSell
	return executeAs[PlaceOrderResult](ctx, s, &req)
}

// PlaceLimitOrder escrows a resting limit order; the answer's orderUuid
// names it in get-order.
func (s *Signer) PlaceLimitOrder(ctx context.Context, req PlaceLimitOrderRequest) (*PlaceOrderResult, error) {
	return executeAs[PlaceOrderResult](ctx, s, &req)
}

// CancelOrder cancels an order (or, with CancelAll, every open order of
// the account in the market) and refunds its remaining escrow.
func (s *Signer) CancelOrder(ctx context.Context, req CancelOrderRequest) (*OpResult, error) {
	return executeAs[OpResult](ctx, s, &req)
}

// AddLiquidity deposits base tokens into a market's pool.
func (s *Signer) AddLiquidity(ctx context.Context, req AddLiquidityRequest) (*OpResult, error) {
	return executeAs[OpResult](ctx, s, &req)
}

// RemoveLiquidity burns LP tokens (redeems them once the market ended).
func (s *Signer) RemoveLiquidity(ctx context.Context, req RemoveLiquidityRequest) (*OpResult, error) {
	return executeAs[OpResult](ctx, s, &req)
}

// Claim burns winning option tokens for base tokens 1:1.
func (s *Signer) Claim(ctx context.Context, req ClaimRequest) (*OpResult, error) {
	return executeAs[OpResult](ctx, s, &req)
}

// CreateMarket creates a market (admins only). The answer has the
// market's and options' addresses before the creation is confirmed.
func (s *Signer) CreateMarket(ctx context.Context, req CreateMarketRequest) (*CreateMarketResult, error) {
	return executeAs[CreateMarketResult](ctx, s, &req)
}

// SettleMarket declares the winning option (admins and resolvers).
func (s *Signer) SettleMarket(ctx context.Context, req SettleMarketRequest) (*SettleMarketResult, error) {
	return executeAs[SettleMarketResult](ctx, s, &req)
}

// DisputeMarket disputes a market's asserted outcome within its challenge
// window; the operation approves and posts the bond.
func (s *Signer) DisputeMarket(ctx context.Context, req DisputeMarketRequest) (*OpResult, error) {
	return executeAs[OpResult](ctx, s, &req)
}

// FinalizeMarket ends a market on its undisputed assertion once the
// window is over.
func (s *Signer) FinalizeMarket(ctx context.Context, req FinalizeMarketRequest) (*OpResult, error) {
	return executeAs[OpResult](ctx, s, &req)
}

// ArbitrateMarket decides a disputed assertion (the arbitrator's account).
func (s *Signer) ArbitrateMarket(ctx context.Context, req ArbitrateMarketRequest) (*OpResult, error) {
	return executeAs[OpResult](ctx, s, &req)
}

// EnableTrading approves the Exchange, which settles signed orders, for
// the market's base token and each of its option tokens, so that the
// account's signed orders can be filled. The operation is checked against
// what the client reads itself, the Exchange of GET /api/v1/config and the
// market's tokens, before it is signed: the key approves nothing else.
func (s *Signer) EnableTrading(ctx context.Context, market string) (*OpResult, error) {
	cfg, err := s.client.GetConfig(ctx)
	if err != nil {
		return nil, err
	}
	if cfg.Exchange == "" {
		return nil, fmt.Errorf("enable trading: the service has no Exchange: signed orders are not available")
	}
	m, err := s.client.GetMarketDetail(ctx, market, "")
	if err != nil {
		return nil, err
	}
	req := EnableTradingRequest{MarketAddress: market, Exchange: cfg.Exchange, Tokens: []string{m.BaseTokenAddress}}
	for _, o := range m.Options {
		req.Tokens = append(req.Tokens, o.OptionAddress)
	}
	return executeAs[OpResult](ctx, s, &req)
}

// Wait polls the operation until it is final; see Client.Wait.
func (s *Signer) Wait(ctx context.Context, opHash string, opts *WaitOptions) (*OperationStatus, error) {
	return s.client.Wait(ctx, opHash, opts)
}

// checkAddresses insists the request's addresses are addresses, before
// anything is prepared.
func checkAddresses(req TxRequest) error {
	_, err := req.Expect(&aa.Action{})
	return err
}

// checkCall decodes the operation's callData and compares it with what
// req asked (its Expect) by aa.Match, the service's own check: the
// action, its target, its amounts, minimum output and deadline, and
// approvals only to the target. An option's index is not checked: the
// service maps option addresses to indexes.
func checkCall(callData []byte, req TxRequest) error {
	act, err := aa.DecodeAction(callData)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrUnexpectedCall, err)
	}
	want, err := req.Expect(act)
	if err != nil {
		return err
	}
	if err := aa.Match(act, want); err != nil {
		return fmt.Errorf("%w: %s", ErrUnexpectedCall, predict.ErrorMessage(err))
	}
	return nil
}

// ErrNotLoginChallenge: the text offered for signing is not a login
// challenge for the owner's account on the expected chain.
var ErrNotLoginChallenge = errors.New("not a login challenge for this account and chain")

// SignLoginChallenge signs message, a login challenge of the service
// (GetLoginChallenge), with key, the owner of account, and returns the
// signature in 0x-hex. It refuses any text that is not a challenge for
// account on chainID, so a service cannot have the key sign an operation
// or bind another account through it.
func SignLoginChallenge(key *ecdsa.PrivateKey, message string, account common.Address, chainID int64) (string, error) {
	c, err := aa.ParseLoginChallenge(message)
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrNotLoginChallenge, err)
	}
	if c.Account != account || c.ChainID != chainID {
		return "", fmt.Errorf("%w: it is for account %s on chain %d, not %s on chain %d",
			ErrNotLoginChallenge, c.Account.Hex(), c.ChainID, account.Hex(), chainID)
	}
	sig, err := aa.SignMessage([]byte(message), key)
	if err != nil {
		return "", err
	}
	return "0x" + hex.EncodeToString(sig), nil
}

// Login logs the caller in with the owner's account, proving control of
// it: it gets a login challenge, checks and signs it (SignLoginChallenge)
// and sends it with req, so the binding is final (docs/users.md).
// req.Address may be empty (the owner's account); another account is
// refused with ErrWrongSender.
func (s *Signer) Login(ctx context.Context, req LoginRequest) (*LoginResult, error) {
	account, err := s.Account(ctx)
	if err != nil {
		return nil, fmt.Errorf("login: %w", err)
	}
	addr := strings.ToLower(account.Hex())
	if req.Address == "" {
		req.Address = addr
	} else if !strings.EqualFold(req.Address, addr) {
		return nil, fmt.Errorf("login: %w: address %s, account %s", ErrWrongSender, req.Address, addr)
	}
	_, chainID, err := s.chain(ctx)
	if err != nil {
		return nil, fmt.Errorf("login: %w", err)
	}
	ch, err := s.client.GetLoginChallenge(ctx, addr)
	if err != nil {
		return nil, err
	}
	if req.Signature, err = SignLoginChallenge(s.key, ch.Message, account, chainID.Int64()); err != nil {
		return nil, fmt.Errorf("login: %w", err)
	}
	req.Challenge, req.Owner = ch.Message, strings.ToLower(s.owner.Hex())
	return s.client.Login(ctx, req)
}
