package api

import (
	"context"
	"math/big"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/exchange"
	"github.com/predict-dev/predict/wire"
)

// faucetMaxTokens caps one faucet mint, in whole tokens.
const faucetMaxTokens = 1_000_000

// faucetDefaultTokens is minted when no amount is given, in whole tokens.
const faucetDefaultTokens = 1_000

// orderTypedData publishes how an order of the deployment's Exchange is
// signed (internal/exchange's types), nil without an Exchange.
func orderTypedData(d *predict.Deployment) *wire.TypedData {
	if d.Exchange == "" {
		return nil
	}
	td := &wire.TypedData{
		Domain: wire.TypedDomain{Name: exchange.DomainName, Version: exchange.DomainVersion, ChainID: d.ChainID,
			VerifyingContract: d.Exchange},
		Types:       map[string][]wire.TypedField{},
		PrimaryType: "Order",
	}
	// The domain's own type is implied by the domain: signTypedData
	// libraries derive it.
	for _, f := range exchange.Types["Order"] {
		td.Types["Order"] = append(td.Types["Order"], wire.TypedField{Name: f.Name, Type: f.Type})
	}
	return td
}

// handleGetConfig tells clients where the contracts are: everything a
// client needs to build and sign UserOperations itself.
func (s *Server) handleGetConfig(w http.ResponseWriter, r *http.Request) {
	d := s.cfg.Deployment
	tokens := make([]wire.BaseToken, len(d.BaseTokens))
	for i, t := range d.BaseTokens {
		tokens[i] = wire.BaseToken{Address: t.Address, Symbol: t.Symbol, Decimals: t.Decimals}
	}
	cfg := wire.Config{
		ChainID:         d.ChainID,
		EntryPoint:      d.EntryPoint,
		AccountFactory:  d.AccountFactory,
		Paymaster:       d.Paymaster,
		MarketFactory:   d.MarketFactory,
		LimitOrders:     d.LimitOrders,
		Exchange:        d.Exchange,
		OrderTypedData:  orderTypedData(d),
		BaseTokens:      tokens,
		FeeBps:          d.FeeBps,
		BlockIntervalMs: d.BlockInterval.Milliseconds(),
		DeployBlock:     d.DeployBlock,
		Dev:             d.Dev,
		SIWE:            s.cfg.SIWE != nil,
		DevSignIn:       s.cfg.DevTokens != nil,
	}
	// Deadlines and paymaster windows are chain time, which runs ahead
	// of the wall clock on a fast chain: clients compute them from this.
	if s.cfg.Chain != nil {
		now, err := s.chainNow(r.Context())
		if err != nil {
			s.Error(w, r, err)
			return
		}
		cfg.ChainTime = uint64(now.Unix())
	}
	ok(w, cfg)
}

// handleFaucet mints development base tokens to an address. It exists only
// on the embedded dev chain.
func (s *Server) handleFaucet(w http.ResponseWriter, r *http.Request) {
	if _, err := s.authenticate(r); err != nil {
		s.Error(w, r, err)
		return
	}
	var req struct {
		Address          string `json:"address"`
		BaseTokenAddress string `json:"baseTokenAddress"`
		Amount           string `json:"amount"`
	}
	if err := decodeBody(w, r, s.cfg.BodyLimit, &req); err != nil {
		s.Error(w, r, err)
		return
	}
	to, err := parseAccount("address", req.Address)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	d := s.cfg.Deployment
	token := d.BaseTokens[0]
	if req.BaseTokenAddress != "" {
		a, err := parseAddress("baseTokenAddress", req.BaseTokenAddress)
		if err != nil {
			s.Error(w, r, err)
			return
		}
		var known bool
		if token, known = d.BaseToken(a); !known {
			s.Error(w, r, predict.Errorf(predict.EINVALID, "baseTokenAddress %s is not a base token of this service", a))
			return
		}
	}
	unit := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(token.Decimals)), nil)
	amount := new(big.Int).Mul(big.NewInt(faucetDefaultTokens), unit)
	if req.Amount != "" {
		if amount, err = parseAmount("amount", req.Amount); err != nil {
			s.Error(w, r, err)
			return
		}
		if limit := new(big.Int).Mul(big.NewInt(faucetMaxTokens), unit); amount.Sign() == 0 || amount.Cmp(limit) > 0 {
			s.Error(w, r, predict.Errorf(predict.EINVALID, "amount must be between 1 and %s base units", limit))
			return
		}
	}
	tx, err := s.cfg.Faucet.Mint(r.Context(), token.Address, to, amount)
	if err != nil {
		s.Error(w, r, err)
		return
	}
	ok(w, wire.FaucetResult{TxHash: tx, Address: to, BaseTokenAddress: token.Address, Amount: wire.NewAmount(amount)})
}

// mirrorRole applies a role change on chain before the store records it,
// so the API never claims a role the contracts would refuse.
func (s *Server) mirrorRole(r *http.Request, account, role string, granted bool) (string, error) {
	if s.cfg.Roles == nil {
		return "", nil
	}
	tx, err := s.cfg.Roles.SetRole(r.Context(), strings.ToLower(account), role, granted)
	if err != nil {
		return "", err
	}
	return tx, nil
}

// chainNow is the chain's time (the head block's), which the contracts'
// windows and deadlines follow; the service's clock without a chain.
func (s *Server) chainNow(ctx context.Context) (time.Time, error) {
	if s.cfg.Chain == nil {
		return s.now(), nil
	}
	h, err := s.cfg.Chain.HeaderByNumber(ctx, nil)
	if err != nil {
		return time.Time{}, predict.Errorf(predict.ERPC, "the chain node failed to read the head block")
	}
	return time.Unix(int64(h.Time), 0).UTC(), nil
}

// laterNow is "now" for what carries chain time: the wall clock, or the
// chain's time when that is later. A chain that seals more than a block a
// second (the embedded one seals one per operation) runs ahead of the
// wall clock: a price chart ending at the wall clock would leave its
// latest trades out, and an order whose expiry the chain has passed would
// still read as open. A chain time that cannot be read costs only that
// correction, not the answer.
//
// The chain's time is the indexer's last block's (headTime), remembered
// by headMemo: laterNow runs on every miss of a price chart and every
// read of the order book.
func (s *Server) laterNow(ctx context.Context) time.Time {
	now := s.now()
	if head, err := s.head.time(ctx, s, now); err == nil && head.After(now) {
		now = head
	}
	return now.UTC()
}

// headTime is the chain's time as the service has indexed it: the time
// of the indexer's last block, kept with its cursor, so it costs a read
// of the database and no call to the chain node. Before the indexer has
// recorded one (a fresh store, just after a reorg) it is the chain
// node's head. A service without a chain has only its clock.
func (s *Server) headTime(ctx context.Context) (time.Time, error) {
	if s.cfg.Chain == nil {
		return s.now(), nil
	}
	if at, ok, err := s.store.IndexedHeadTime(ctx); err == nil && ok {
		return at, nil
	}
	return s.chainNow(ctx)
}

// headMemo remembers headTime for laterNow until the read cache's max
// age has passed or any event has reached the cache, which is what
// invalidates the answers laterNow is computed for: a trade's block may
// be ahead of the clock, and the chart read on its market:price_change
// must end at it. Without a cache nothing is remembered.
type headMemo struct {
	mu    sync.Mutex
	valid bool
	head  time.Time // the head block's time
	read  time.Time // when it was read, by the server's clock
	gen   uint64    // the read cache's changes when it was read
}

// time is the chain's time, remembered or read.
func (m *headMemo) time(ctx context.Context, s *Server, now time.Time) (time.Time, error) {
	c := s.cfg.Cache
	if c == nil {
		return s.headTime(ctx)
	}
	// Read before the head is: an event during the read outdates it.
	gen := c.changes()
	m.mu.Lock()
	if m.valid && m.gen == gen && !now.Before(m.read) && now.Sub(m.read) < c.maxAge {
		head := m.head
		m.mu.Unlock()
		return head, nil
	}
	m.mu.Unlock()
	head, err := s.headTime(ctx)
	if err != nil {
		return head, err
	}
	m.mu.Lock()
	m.valid, m.head, m.read, m.gen = true, head, now, gen
	m.mu.Unlock()
	return head, nil
}
