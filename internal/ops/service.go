package ops

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"math/big"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/chain/bindings"
	"github.com/predict-dev/predict/internal/events"
)

// Chain is the chain access of the service: reads, simulation, fees.
// *ethclient.Client satisfies it.
type Chain interface {
	bind.ContractBackend
}

// Submitter hands accepted operations to a bundler.
type Submitter interface {
	Submit(ctx context.Context, op *aa.UserOperation, opHash common.Hash) error
}

// Store is what the service reads and writes of the store: the market an
// operation names and the operation records. *store.DB satisfies it.
type Store interface {
	// MarketByAddress returns the market with its options; ENOTFOUND if
	// unknown.
	MarketByAddress(ctx context.Context, address, viewerUID string) (*predict.Market, error)
	// PendingOperationOf returns the oldest operation of sender not final
	// yet; ENOTFOUND if none.
	PendingOperationOf(ctx context.Context, sender string) (*predict.Operation, error)
	// OperationByHash returns ENOTFOUND for an unknown hash.
	OperationByHash(ctx context.Context, opHash string) (*predict.Operation, error)
	// CreateOperation records an accepted operation (and a trade's order)
	// once per hash.
	CreateOperation(ctx context.Context, op *predict.Operation, order *predict.Order) (*predict.Operation, bool, error)
}

// OpenOrders lists the limit orders that still hold escrow.
// *store.DB satisfies it.
type OpenOrders interface {
	OpenLimitOrderIDs(ctx context.Context, market, owner string) ([]int64, error)
}

// Config configures a Service.
type Config struct {
	Store      Store
	Chain      Chain
	Deployment *predict.Deployment
	// Paymaster signs paymasterAndData of prepared operations; nil means
	// prepared operations are not sponsored (the account pays).
	Paymaster *aa.Paymaster
	Bundler   Submitter
	// Orders lists a user's open limit orders for cancel-order's
	// cancelAll; nil refuses cancelAll.
	Orders OpenOrders
	// Roles grants on chain a role the store already gives (bootstrap
	// admins, whose account is known only after login); nil skips it.
	Roles predict.RoleMirror
	// Publisher announces the one state change the service makes on
	// acceptance: a market becoming settling. Nil publishes nothing.
	Publisher events.Publisher
	// SponsorPerHour caps the operations prepared with sponsorship per
	// user and hour; 0 means DefaultSponsorPerHour.
	SponsorPerHour int
	// MinOrder is the smallest limit order that rests, in whole tokens of
	// what it escrows; nil means DefaultMinOrder.
	MinOrder *big.Rat
	// Sponsored counts the budget across replicas; nil counts it in this
	// process's memory (one process).
	Sponsored SponsorCounter
	// Now is the clock of the budget; nil means time.Now.
	Now    func() time.Time
	Logger *slog.Logger
}

// DefaultSponsorPerHour is the default sponsorship budget of one user.
const DefaultSponsorPerHour = 600

// SponsorCounter counts sponsored operations in a store that every replica
// shares, so the replicas of a deployment together sponsor a user's budget,
// not the budget each. *store.DB satisfies it; serve passes it on
// PostgreSQL.
type SponsorCounter interface {
	// TakeRate counts one operation of name in scope against limit per
	// window and reports whether it fits.
	TakeRate(ctx context.Context, scope, name string, limit int64, window time.Duration, now time.Time) (bool, error)
}

// Service prepares and accepts operations.
type Service struct {
	cfg     Config
	chainID *big.Int
	log     *slog.Logger
	reads   chainReads

	mu       sync.Mutex
	sponsors map[string][]time.Time // uid → times of sponsored prepares in the last hour
}

// New returns a Service.
func New(cfg Config) *Service {
	if cfg.SponsorPerHour <= 0 {
		cfg.SponsorPerHour = DefaultSponsorPerHour
	}
	if cfg.MinOrder == nil {
		cfg.MinOrder = DefaultMinOrder
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Service{
		cfg: cfg, chainID: big.NewInt(cfg.Deployment.ChainID), log: cfg.Logger, sponsors: map[string][]time.Time{},
		reads: chainReader{chain: cfg.Chain, factory: common.HexToAddress(cfg.Deployment.MarketFactory)},
	}
}

const (
	verificationGas    = 150_000
	verificationNewGas = 500_000 // deploying the account through initCode
	preVerificationGas = 60_000
)

func (s *Service) entryPoint() common.Address {
	return common.HexToAddress(s.cfg.Deployment.EntryPoint)
}

// head returns the newest block's time: deadlines and paymaster windows
// are in chain time, which runs ahead of the wall clock on a fast chain.
func (s *Service) head(ctx context.Context) (time.Time, *big.Int, error) {
	h, err := s.cfg.Chain.HeaderByNumber(ctx, nil)
	if err != nil {
		return time.Time{}, nil, rpcErr("read head block", err)
	}
	base := h.BaseFee
	if base == nil {
		base = new(big.Int)
	}
	return time.Unix(int64(h.Time), 0), base, nil
}

func rpcErr(what string, err error) error {
	return fmt.Errorf("%s: %w: %w", what, predict.Errorf(predict.ERPC, "the chain node failed: %s", what), err)
}

func invalid(format string, args ...any) error {
	return predict.Errorf(predict.EINVALID, format, args...)
}

func rejected(format string, args ...any) error {
	return predict.Errorf(predict.EREJECTED, format, args...)
}

func conflict(format string, args ...any) error {
	return predict.Errorf(predict.ECONFLICT, format, args...)
}

// Prepare builds the operation for req from user's account, sponsored by
// the paymaster when one is configured, and returns it unsigned with the
// hash the owner signs.
func (s *Service) Prepare(ctx context.Context, user *predict.User, req Request) (*aa.UserOperation, common.Hash, *Result, error) {
	sender, initCode, err := s.account(ctx, user, req.Head().Owner)
	if err != nil {
		return nil, common.Hash{}, nil, err
	}
	headTime, baseFee, err := s.head(ctx)
	if err != nil {
		return nil, common.Hash{}, nil, err
	}
	// The role first: an admin without an account that may hold it
	// learns that before anything about the market or the balance.
	d, err := descriptorOf(req.Head().Kind)
	if err != nil {
		return nil, common.Hash{}, nil, err
	}
	if err := s.ensureRole(ctx, user, sender, d); err != nil {
		return nil, common.Hash{}, nil, err
	}
	act, res, err := s.build(ctx, user, sender, req, headTime)
	if err != nil {
		return nil, common.Hash{}, nil, err
	}
	callData, err := aa.CallData(act)
	if err != nil {
		return nil, common.Hash{}, nil, fmt.Errorf("encode %s: %w", act.Kind, err)
	}
	gas := GasOf(act.Kind, res.optionCount, len(initCode) > 0)
	op, hash, err := s.assemble(ctx, user, sender, initCode, callData, gas, headTime, baseFee, 1)
	if err != nil {
		return nil, common.Hash{}, nil, err
	}
	return op, hash, res, nil
}

// account is the caller's account as an operation's sender, and the
// initCode that deploys it when it is not deployed yet (which needs the
// owner key's address). It refuses while an operation of the account is
// still pending.
func (s *Service) account(ctx context.Context, user *predict.User, owner common.Address) (common.Address, []byte, error) {
	sender := common.HexToAddress(user.Address)
	code, err := s.cfg.Chain.CodeAt(ctx, sender, nil)
	if err != nil {
		return common.Address{}, nil, rpcErr("read account code", err)
	}
	factory := common.HexToAddress(s.cfg.Deployment.AccountFactory)
	var initCode []byte
	if owner != (common.Address{}) {
		derived, err := aa.AccountAddress(ctx, s.cfg.Chain, factory, owner)
		if err != nil {
			return common.Address{}, nil, rpcErr("derive account address", err)
		}
		if derived != sender {
			return common.Address{}, nil, invalid("owner %s derives account %s, not your account %s", strings.ToLower(owner.Hex()), strings.ToLower(derived.Hex()), user.Address)
		}
	}
	if len(code) == 0 {
		if owner == (common.Address{}) {
			return common.Address{}, nil, invalid("owner is required: your account %s is not deployed yet, and its first operation deploys it", user.Address)
		}
		if initCode, err = aa.InitCode(factory, owner); err != nil {
			return common.Address{}, nil, err
		}
	}
	// One operation at a time per account: the next one's nonce, its
	// initCode and the paymaster's signature (which covers the paymaster's
	// per-sender counter) all depend on the previous one being executed.
	if prev, err := s.cfg.Store.PendingOperationOf(ctx, user.Address); err == nil {
		return common.Address{}, nil, conflict("operation %s of your account is still %s; prepare the next one once it is final", prev.OpHash, prev.Status)
	} else if predict.ErrorCode(err) != predict.ENOTFOUND {
		return common.Address{}, nil, err
	}
	return sender, initCode, nil
}

// assemble builds the unsigned operation of callData with gas: nonce and
// fees from the chain, and the paymaster's signature when one is
// configured, counted as sponsored operations against the caller's
// hourly budget (a batch counts each of its actions).
func (s *Service) assemble(ctx context.Context, user *predict.User, sender common.Address, initCode, callData []byte, gas Gas, headTime time.Time, baseFee *big.Int, sponsored int) (*aa.UserOperation, common.Hash, error) {
	nonce, err := aa.Nonce(ctx, s.cfg.Chain, s.entryPoint(), sender)
	if err != nil {
		return nil, common.Hash{}, rpcErr("read account nonce", err)
	}
	tip, err := s.cfg.Chain.SuggestGasTipCap(ctx)
	if err != nil {
		return nil, common.Hash{}, rpcErr("suggest gas tip", err)
	}
	op := &aa.UserOperation{
		Sender: sender, Nonce: nonce, InitCode: initCode, CallData: callData,
		CallGasLimit: big.NewInt(gas.Call), VerificationGasLimit: big.NewInt(gas.Verification), PreVerificationGas: big.NewInt(gas.PreVerification),
		MaxFeePerGas:         new(big.Int).Add(new(big.Int).Mul(baseFee, big.NewInt(2)), tip),
		MaxPriorityFeePerGas: tip,
		PaymasterAndData:     []byte{},
		Signature:            []byte{},
	}
	if s.cfg.Paymaster != nil {
		if err := s.takeSponsorships(ctx, user.UID, sponsored); err != nil {
			return nil, common.Hash{}, err
		}
		if err := s.cfg.Paymaster.Sponsor(ctx, op, headTime); err != nil {
			return nil, common.Hash{}, rpcErr("sign paymaster data", err)
		}
	}
	return op, op.Hash(s.entryPoint(), s.chainID), nil
}

// Submit checks a signed operation against the request it comes with and,
// when every check passes, records it and hands it to the bundler. The
// same signed operation submitted again returns the first result.
func (s *Service) Submit(ctx context.Context, user *predict.User, req Request, op *aa.UserOperation) (*Result, error) {
	hash, prev, err := s.admit(ctx, user, op)
	if err != nil {
		return nil, err
	}
	if prev != nil {
		return s.resultOf(ctx, prev)
	}
	opHash := strings.ToLower(hash.Hex())
	act, err := aa.DecodeAction(op.CallData)
	if err != nil {
		return nil, err
	}
	res, err := s.judge(ctx, user, sender(user), req, act, true)
	if err != nil {
		return nil, err
	}
	record, order, err := s.record(user, req, op, opHash, act, res)
	if err != nil {
		return nil, err
	}
	stored, created, err := s.accept(ctx, user, op, hash, record, order)
	if err != nil {
		return nil, err
	}
	if !created {
		return s.resultOf(ctx, stored)
	}
	if _, ok := req.(announcer); ok && s.cfg.Publisher != nil {
		// The store changed the market with the operation (settling).
		if err := s.cfg.Publisher.Publish(ctx, events.MarketInfoUpdate(record.Market, "")); err != nil {
			s.log.Warn("publish settling", "market", record.Market, "err", err)
		}
	}
	res.OpHash, res.Created = opHash, true
	if stored.OrderUUID != "" {
		// A trade's order, recorded with the operation; a limit order's
		// is derived from the hash (record).
		res.OrderUUID = stored.OrderUUID
	}
	return res, nil
}

func sender(user *predict.User) common.Address { return common.HexToAddress(user.Address) }

// admit checks what a signed operation must be whatever it does: its
// bounds, its sender (the caller's account), the service's account
// factory and paymaster. It returns the operation's hash and, when the
// same signed operation was accepted before, its record (prev).
func (s *Service) admit(ctx context.Context, user *predict.User, op *aa.UserOperation) (common.Hash, *predict.Operation, error) {
	if err := op.Validate(); err != nil {
		return common.Hash{}, nil, err
	}
	if op.Sender != sender(user) {
		return common.Hash{}, nil, predict.Errorf(predict.EFORBIDDEN, "userOperation.sender %s is not your account %s", strings.ToLower(op.Sender.Hex()), user.Address)
	}
	hash := op.Hash(s.entryPoint(), s.chainID)
	if prev, err := s.cfg.Store.OperationByHash(ctx, strings.ToLower(hash.Hex())); err == nil {
		return hash, prev, nil
	} else if predict.ErrorCode(err) != predict.ENOTFOUND {
		return common.Hash{}, nil, err
	}
	if len(op.InitCode) > 0 && common.BytesToAddress(op.InitCode[:20]) != common.HexToAddress(s.cfg.Deployment.AccountFactory) {
		return common.Hash{}, nil, rejected("userOperation.initCode must use the service's account factory %s", s.cfg.Deployment.AccountFactory)
	}
	if pm, ok := op.PaymasterOf(); ok && pm != common.HexToAddress(s.cfg.Deployment.Paymaster) {
		return common.Hash{}, nil, rejected("userOperation.paymasterAndData names paymaster %s; only %s sponsors operations here", strings.ToLower(pm.Hex()), s.cfg.Deployment.Paymaster)
	}
	return hash, nil, nil
}

// accept simulates the validation of a judged operation, records it
// (pending) and hands it to the bundler. created is false when another
// request recorded the same operation first (stored is then that record).
func (s *Service) accept(ctx context.Context, user *predict.User, op *aa.UserOperation, hash common.Hash, record *predict.Operation, order *predict.Order) (*predict.Operation, bool, error) {
	if err := aa.Simulate(ctx, s.cfg.Chain, s.entryPoint(), op); err != nil {
		return nil, false, err
	}
	stored, created, err := s.cfg.Store.CreateOperation(ctx, record, order)
	if err != nil || !created {
		return stored, false, err
	}
	opHash := record.OpHash
	// Announced before the bundler has it, so that accepted comes first
	// on the user's stream, before submitted or dropped.
	if s.cfg.Publisher != nil {
		if err := s.cfg.Publisher.Publish(ctx, events.UserOperationStatus(user.UID, opHash, events.OpAccepted, "", "", record.Market, record.Kind)); err != nil {
			s.log.Warn("publish operation accepted", "op", opHash, "err", err)
		}
	}
	if err := s.cfg.Bundler.Submit(ctx, op, hash); err != nil {
		// The operation is recorded as pending: the bundler reloads it at
		// its next start, so it is not lost; the client is told anyway.
		s.log.Error("bundler refused an operation", "op", opHash, "err", err)
		return nil, false, fmt.Errorf("submit %s: %w", opHash, err)
	}
	s.log.Info("operation accepted", "op", opHash, "uid", user.UID, "action", record.Kind, "market", record.Market)
	return stored, true, nil
}

// resultOf answers a resubmission with what the first submission got.
func (s *Service) resultOf(ctx context.Context, op *predict.Operation) (*Result, error) {
	res := &Result{OpHash: op.OpHash, OrderUUID: op.OrderUUID, Market: op.Market}
	if d, ok := Lookup(op.Kind); ok {
		if r, ok := d.kind.(resubmittable); ok {
			if err := r.resubmitted(ctx, s, op, res); err != nil {
				return nil, err
			}
		}
	}
	return res, nil
}

// record builds the operation record and, for a trade, the order.
func (s *Service) record(user *predict.User, req Request, op *aa.UserOperation, opHash string, act *aa.Action, res *Result) (*predict.Operation, *predict.Order, error) {
	userOp, err := json.Marshal(op)
	if err != nil {
		return nil, nil, err
	}
	r := &recording{user: user, act: act, res: res, op: &predict.Operation{
		OpHash: opHash, UID: user.UID, Sender: user.Address, Kind: string(act.Kind),
		Market: strings.ToLower(req.Head().Market.Hex()), Nonce: op.Nonce, UserOp: userOp,
	}}
	if err := req.record(r); err != nil {
		return nil, nil, err
	}
	return r.op, r.order, nil
}

func jsonOf(v any) (json.RawMessage, error) { return json.Marshal(v) }

func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// optionAt is the address of m's option at pool index i, as the request
// of an operation without a body names it.
func optionAt(m *predict.Market, i int) (common.Address, error) {
	for _, o := range m.Options {
		if o.Index == i {
			return common.HexToAddress(o.Address), nil
		}
	}
	return common.Address{}, rejected("userOperation.callData names option index %d; market %s has %d options", i, m.Address, len(m.Options))
}

// ensureRole makes the chain agree with the store about the caller's
// role before a kind that needs one: bootstrap admins get their on-chain
// role the first time they use it.
func (s *Service) ensureRole(ctx context.Context, user *predict.User, sender common.Address, d *Descriptor) error {
	g, ok := d.kind.(guarded)
	if !ok {
		return nil
	}
	f, err := bindings.NewMarketFactoryCaller(common.HexToAddress(s.cfg.Deployment.MarketFactory), s.cfg.Chain)
	if err != nil {
		return err
	}
	onChain, role, err := g.onChain(f, &bind.CallOpts{Context: ctx}, user, sender)
	if err != nil {
		return rpcErr("read on-chain role", err)
	}
	if onChain || s.cfg.Roles == nil {
		return nil
	}
	if !user.AddressVerified {
		// A provisional binding may be someone else's account: the role
		// would go to them.
		return predict.Errorf(predict.ENOACCOUNT, "your account %s holds no %s role on chain yet, and gets it only once you prove control of it: log in with a signature by its owner (docs/users.md)", user.Address, role)
	}
	s.log.Info("granting the on-chain role the store gives", "uid", user.UID, "account", user.Address, "role", role)
	if _, err := s.cfg.Roles.SetRole(ctx, user.Address, role, true); err != nil {
		return err
	}
	return nil
}

// Arbitrator returns the MarketFactory's arbitrator as the chain has it
// now (lower-case hex; the zero address when there is none). It may have
// been set by deploy or by a role grant: only the chain knows which.
func (s *Service) Arbitrator(ctx context.Context) (string, error) {
	a, err := s.reads.arbitrator(ctx)
	if err != nil {
		return "", err
	}
	return strings.ToLower(a.Hex()), nil
}

// Account returns the SimpleAccount of an owner key and whether it is
// deployed yet: the address a client binds at login before its first
// operation deploys it.
func (s *Service) Account(ctx context.Context, owner common.Address) (common.Address, bool, error) {
	a, err := aa.AccountAddress(ctx, s.cfg.Chain, common.HexToAddress(s.cfg.Deployment.AccountFactory), owner)
	if err != nil {
		return common.Address{}, false, rpcErr("derive account address", err)
	}
	code, err := s.cfg.Chain.CodeAt(ctx, a, nil)
	if err != nil {
		return common.Address{}, false, rpcErr("read account code", err)
	}
	return a, len(code) > 0, nil
}
