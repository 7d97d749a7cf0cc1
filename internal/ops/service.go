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
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/google/uuid"

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

// Config configures a Service.
type Config struct {
	Store      predict.Store
	Chain      Chain
	Deployment *predict.Deployment
	// Paymaster signs paymasterAndData of prepared operations; nil means
	// prepared operations are not sponsored (the account pays).
	Paymaster *aa.Paymaster
	Bundler   Submitter
	// Roles grants on chain a role the store already gives (bootstrap
	// admins, whose account is known only after login); nil skips it.
	Roles predict.RoleMirror
	// Publisher announces the one state change the service makes on
	// acceptance: a market becoming settling. Nil publishes nothing.
	Publisher events.Publisher
	// SponsorPerHour caps the operations prepared with sponsorship per
	// user and hour; 0 means DefaultSponsorPerHour.
	SponsorPerHour int
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

	mu       sync.Mutex
	sponsors map[string][]time.Time // uid → times of sponsored prepares in the last hour
}

// New returns a Service.
func New(cfg Config) *Service {
	if cfg.SponsorPerHour <= 0 {
		cfg.SponsorPerHour = DefaultSponsorPerHour
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Service{cfg: cfg, chainID: big.NewInt(cfg.Deployment.ChainID), log: cfg.Logger, sponsors: map[string][]time.Time{}}
}

// callGas is the callGasLimit of a prepared operation: the gas measured
// for the action on a market of n options (docs/contracts.md), with
// headroom for the approval, the account's execute and price movement.
// Unused gas is not charged.
func callGas(kind aa.Kind, n int64) int64 {
	switch kind {
	case aa.KindBuy:
		return 200_000 + 20_000*n
	case aa.KindSell:
		return 200_000 + 45_000*n
	case aa.KindAddLiquidity:
		return 250_000 + 20_000*n
	case aa.KindRemoveLiquidity:
		return 200_000 + 70_000*n
	case aa.KindRedeemLiquidity:
		return 150_000 + 10_000*n
	case aa.KindCreateMarket:
		return 700_000 + 200_000*n
	}
	return 150_000 // claim, settle
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
func (s *Service) Prepare(ctx context.Context, user *predict.User, req *Request) (*aa.UserOperation, common.Hash, *Result, error) {
	sender := common.HexToAddress(user.Address)
	code, err := s.cfg.Chain.CodeAt(ctx, sender, nil)
	if err != nil {
		return nil, common.Hash{}, nil, rpcErr("read account code", err)
	}
	factory := common.HexToAddress(s.cfg.Deployment.AccountFactory)
	var initCode []byte
	if req.Owner != (common.Address{}) {
		derived, err := aa.AccountAddress(ctx, s.cfg.Chain, factory, req.Owner)
		if err != nil {
			return nil, common.Hash{}, nil, rpcErr("derive account address", err)
		}
		if derived != sender {
			return nil, common.Hash{}, nil, invalid("owner %s derives account %s, not your account %s", strings.ToLower(req.Owner.Hex()), strings.ToLower(derived.Hex()), user.Address)
		}
	}
	if len(code) == 0 {
		if req.Owner == (common.Address{}) {
			return nil, common.Hash{}, nil, invalid("owner is required: your account %s is not deployed yet, and its first operation deploys it", user.Address)
		}
		if initCode, err = aa.InitCode(factory, req.Owner); err != nil {
			return nil, common.Hash{}, nil, err
		}
	}
	// One operation at a time per account: the next one's nonce, its
	// initCode and the paymaster's signature (which covers the paymaster's
	// per-sender counter) all depend on the previous one being executed.
	if prev, err := s.cfg.Store.PendingOperationOf(ctx, user.Address); err == nil {
		return nil, common.Hash{}, nil, conflict("operation %s of your account is still %s; prepare the next one once it is final", prev.OpHash, prev.Status)
	} else if predict.ErrorCode(err) != predict.ENOTFOUND {
		return nil, common.Hash{}, nil, err
	}
	headTime, baseFee, err := s.head(ctx)
	if err != nil {
		return nil, common.Hash{}, nil, err
	}
	// The role first: an admin without an account that may hold it
	// learns that before anything about the market or the balance.
	if err := s.ensureRole(ctx, user, sender, req.Kind); err != nil {
		return nil, common.Hash{}, nil, err
	}
	act, res, err := s.buildAction(ctx, user, sender, req, headTime)
	if err != nil {
		return nil, common.Hash{}, nil, err
	}
	callData, err := act.CallData()
	if err != nil {
		return nil, common.Hash{}, nil, fmt.Errorf("encode %s: %w", act.Kind, err)
	}
	nonce, err := aa.Nonce(ctx, s.cfg.Chain, s.entryPoint(), sender)
	if err != nil {
		return nil, common.Hash{}, nil, rpcErr("read account nonce", err)
	}
	tip, err := s.cfg.Chain.SuggestGasTipCap(ctx)
	if err != nil {
		return nil, common.Hash{}, nil, rpcErr("suggest gas tip", err)
	}
	gas := callGas(act.Kind, int64(res.optionCount))
	verif := int64(verificationGas)
	if len(initCode) > 0 {
		verif = verificationNewGas
	}
	op := &aa.UserOperation{
		Sender: sender, Nonce: nonce, InitCode: initCode, CallData: callData,
		CallGasLimit: big.NewInt(gas), VerificationGasLimit: big.NewInt(verif), PreVerificationGas: big.NewInt(preVerificationGas),
		MaxFeePerGas:         new(big.Int).Add(new(big.Int).Mul(baseFee, big.NewInt(2)), tip),
		MaxPriorityFeePerGas: tip,
		PaymasterAndData:     []byte{},
		Signature:            []byte{},
	}
	if s.cfg.Paymaster != nil {
		if err := s.takeSponsorship(ctx, user.UID); err != nil {
			return nil, common.Hash{}, nil, err
		}
		if err := s.cfg.Paymaster.Sponsor(ctx, op, headTime); err != nil {
			return nil, common.Hash{}, nil, rpcErr("sign paymaster data", err)
		}
	}
	return op, op.Hash(s.entryPoint(), s.chainID), res, nil
}

// takeSponsorship counts one sponsored operation against the user's
// hourly budget: in the shared counter when there is one (a failure to
// count refuses, since sponsorship spends the paymaster's deposit),
// otherwise over the exact last hour in memory.
func (s *Service) takeSponsorship(ctx context.Context, uid string) error {
	if s.cfg.Sponsored != nil {
		ok, err := s.cfg.Sponsored.TakeRate(ctx, "sponsor", uid, int64(s.cfg.SponsorPerHour), time.Hour, s.cfg.Now())
		if err != nil {
			return fmt.Errorf("count sponsorship: %w", err)
		}
		if !ok {
			return sponsorshipUsedUp(s.cfg.SponsorPerHour)
		}
		return nil
	}
	now := s.cfg.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	recent := s.sponsors[uid][:0]
	for _, t := range s.sponsors[uid] {
		if now.Sub(t) < time.Hour {
			recent = append(recent, t)
		}
	}
	if len(recent) >= s.cfg.SponsorPerHour {
		s.sponsors[uid] = recent
		return sponsorshipUsedUp(s.cfg.SponsorPerHour)
	}
	s.sponsors[uid] = append(recent, now)
	return nil
}

func sponsorshipUsedUp(perHour int) error {
	return predict.Errorf(predict.ERATELIMIT, "sponsorship budget of %d operations per hour used up", perHour)
}

// Submit checks a signed operation against the request it comes with and,
// when every check passes, records it and hands it to the bundler. The
// same signed operation submitted again returns the first result.
func (s *Service) Submit(ctx context.Context, user *predict.User, req *Request, op *aa.UserOperation) (*Result, error) {
	if err := op.Validate(); err != nil {
		return nil, err
	}
	sender := common.HexToAddress(user.Address)
	if op.Sender != sender {
		return nil, predict.Errorf(predict.EFORBIDDEN, "userOperation.sender %s is not your account %s", strings.ToLower(op.Sender.Hex()), user.Address)
	}
	hash := op.Hash(s.entryPoint(), s.chainID)
	opHash := strings.ToLower(hash.Hex())
	if prev, err := s.cfg.Store.OperationByHash(ctx, opHash); err == nil {
		return s.resultOf(ctx, prev)
	} else if predict.ErrorCode(err) != predict.ENOTFOUND {
		return nil, err
	}
	if len(op.InitCode) > 0 && common.BytesToAddress(op.InitCode[:20]) != common.HexToAddress(s.cfg.Deployment.AccountFactory) {
		return nil, rejected("userOperation.initCode must use the service's account factory %s", s.cfg.Deployment.AccountFactory)
	}
	if pm, ok := op.PaymasterOf(); ok && pm != common.HexToAddress(s.cfg.Deployment.Paymaster) {
		return nil, rejected("userOperation.paymasterAndData names paymaster %s; only %s sponsors operations here", strings.ToLower(pm.Hex()), s.cfg.Deployment.Paymaster)
	}
	act, err := aa.DecodeAction(op.CallData)
	if err != nil {
		return nil, err
	}
	res, err := s.judge(ctx, user, sender, req, act)
	if err != nil {
		return nil, err
	}
	if act.Kind == aa.KindCreateMarket {
		// The client chose the salt: the addresses follow from it.
		if res, err = s.predictAddresses(ctx, sender, act.Create.Salt, len(act.Create.OptionNames)); err != nil {
			return nil, err
		}
	}
	if err := aa.Simulate(ctx, s.cfg.Chain, s.entryPoint(), op); err != nil {
		return nil, err
	}
	record, order, err := s.record(user, req, op, opHash, act, res)
	if err != nil {
		return nil, err
	}
	stored, created, err := s.cfg.Store.CreateOperation(ctx, record, order)
	if err != nil {
		return nil, err
	}
	if !created {
		return s.resultOf(ctx, stored)
	}
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
		return nil, fmt.Errorf("submit %s: %w", opHash, err)
	}
	s.log.Info("operation accepted", "op", opHash, "uid", user.UID, "action", act.Kind, "market", record.Market)
	if act.Kind == aa.KindSettleMarket && s.cfg.Publisher != nil {
		// The store moved the market to settling with the operation.
		if err := s.cfg.Publisher.Publish(ctx, events.MarketInfoUpdate(record.Market, "")); err != nil {
			s.log.Warn("publish settling", "market", record.Market, "err", err)
		}
	}
	res.OpHash, res.OrderUUID, res.Created = opHash, stored.OrderUUID, true
	return res, nil
}

// judge applies the rules of req's action at the chain's current time
// (role, market state, deadline, balance) and checks that act, decoded
// from the operation's callData, is exactly that action.
func (s *Service) judge(ctx context.Context, user *predict.User, sender common.Address, req *Request, act *aa.Action) (*Result, error) {
	headTime, _, err := s.head(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.ensureRole(ctx, user, sender, act.Kind); err != nil {
		return nil, err
	}
	want, res, err := s.buildAction(ctx, user, sender, req, headTime)
	if err != nil {
		return nil, err
	}
	if err := s.matches(req, act, want); err != nil {
		return nil, err
	}
	return res, nil
}

// resultOf answers a resubmission with what the first submission got.
func (s *Service) resultOf(ctx context.Context, op *predict.Operation) (*Result, error) {
	res := &Result{OpHash: op.OpHash, OrderUUID: op.OrderUUID, Market: op.Market}
	if op.Kind == string(aa.KindCreateMarket) {
		var d marketDraft
		if err := json.Unmarshal(op.Request, &d); err == nil {
			for i := range d.Options {
				a, err := s.predictOption(ctx, common.HexToAddress(op.Market), i)
				if err != nil {
					return nil, err
				}
				res.Options = append(res.Options, a)
			}
		}
	}
	return res, nil
}

// record builds the operation record and, for place-order, the order.
func (s *Service) record(user *predict.User, req *Request, op *aa.UserOperation, opHash string, act *aa.Action, res *Result) (*predict.Operation, *predict.Order, error) {
	userOp, err := json.Marshal(op)
	if err != nil {
		return nil, nil, err
	}
	rec := &predict.Operation{
		OpHash: opHash, UID: user.UID, Sender: user.Address, Kind: string(act.Kind),
		Market: strings.ToLower(req.Market.Hex()), Nonce: op.Nonce, UserOp: userOp,
	}
	var order *predict.Order
	switch act.Kind {
	case aa.KindCreateMarket:
		rec.Market = res.Market
		rec.Request, err = json.Marshal(newDraft(req.Create))
	case aa.KindSettleMarket:
		rec.Request, err = json.Marshal(map[string]string{
			"winningOptionAddress": strings.ToLower(req.Option.Hex()),
			"resolutionSource":     req.ResolutionSource, "resolutionNote": req.ResolutionNote,
		})
	case aa.KindBuy, aa.KindSell:
		order = &predict.Order{
			UUID: uuid.NewString(), OpHash: opHash, UID: user.UID, Market: rec.Market, Option: strings.ToLower(req.Option.Hex()),
			Side: req.Side, Amount: req.Amount, MinReceive: req.MinOut, Price: req.Price, Deadline: req.Deadline.Int64(),
		}
		rec.OrderUUID = order.UUID
		rec.Request, err = json.Marshal(map[string]any{
			"optionAddress": order.Option, "side": req.Side, "amount": req.Amount.String(), "minReceiveAmount": req.MinOut.String(),
			"price": order.Price.String(), "deadline": req.Deadline.String(),
		})
	default:
		rec.Request, err = json.Marshal(map[string]string{"optionAddress": strings.ToLower(req.Option.Hex())})
	}
	return rec, order, err
}

// marketDraft is the off-chain metadata of a market being created, kept
// in the operation's request until the indexer sees MarketCreated.
type marketDraft struct {
	Title       string        `json:"title"`
	Description string        `json:"description"`
	Rules       string        `json:"rules"`
	Options     []draftOption `json:"options"`
	CategoryID  string        `json:"categoryId"`
	Tags        []string      `json:"tags"`
	ImageURL    string        `json:"imageUrl"`
	EndTime     string        `json:"endTime"`
}

type draftOption struct {
	Title string `json:"title"`
}

func newDraft(c *CreateRequest) marketDraft {
	d := marketDraft{Title: c.Title, Description: c.Description, Rules: c.Rules, CategoryID: c.CategoryID,
		Tags: c.Tags, ImageURL: c.ImageURL, EndTime: c.EndTime.UTC().Format(time.RFC3339)}
	if d.Tags == nil {
		d.Tags = []string{}
	}
	for _, o := range c.Options {
		d.Options = append(d.Options, draftOption{Title: o})
	}
	return d
}

// metadataHash binds the on-chain market to its off-chain metadata: the
// keccak256 of the draft's JSON, echoed by MarketCreated.
func metadataHash(c *CreateRequest) [32]byte {
	raw, _ := json.Marshal(newDraft(c))
	return crypto.Keccak256Hash(raw)
}

// predictAddresses returns the market and option addresses createMarket
// will deploy for sender and salt.
func (s *Service) predictAddresses(ctx context.Context, sender common.Address, salt [32]byte, options int) (*Result, error) {
	f, err := bindings.NewMarketFactoryCaller(common.HexToAddress(s.cfg.Deployment.MarketFactory), s.cfg.Chain)
	if err != nil {
		return nil, err
	}
	market, err := f.PredictMarket(&bind.CallOpts{Context: ctx}, sender, salt)
	if err != nil {
		return nil, rpcErr("predict market address", err)
	}
	res := &Result{Market: strings.ToLower(market.Hex())}
	for i := 0; i < options; i++ {
		a, err := s.predictOption(ctx, market, i)
		if err != nil {
			return nil, err
		}
		res.Options = append(res.Options, a)
	}
	return res, nil
}

func (s *Service) predictOption(ctx context.Context, market common.Address, i int) (common.Address, error) {
	f, err := bindings.NewMarketFactoryCaller(common.HexToAddress(s.cfg.Deployment.MarketFactory), s.cfg.Chain)
	if err != nil {
		return common.Address{}, err
	}
	a, err := f.PredictOption(&bind.CallOpts{Context: ctx}, market, big.NewInt(int64(i)))
	if err != nil {
		return common.Address{}, rpcErr("predict option address", err)
	}
	return a, nil
}

// ensureRole makes the chain agree with the store about the caller's
// role before a create or settle: bootstrap admins get their on-chain role
// the first time they use it.
func (s *Service) ensureRole(ctx context.Context, user *predict.User, sender common.Address, kind aa.Kind) error {
	if kind != aa.KindCreateMarket && kind != aa.KindSettleMarket {
		return nil
	}
	f, err := bindings.NewMarketFactoryCaller(common.HexToAddress(s.cfg.Deployment.MarketFactory), s.cfg.Chain)
	if err != nil {
		return err
	}
	opts := &bind.CallOpts{Context: ctx}
	var onChain bool
	role := predict.RoleAdmin
	if kind == aa.KindCreateMarket {
		onChain, err = f.IsAdmin(opts, sender)
	} else {
		onChain, err = f.CanSettle(opts, sender)
		if !user.HasRole(predict.RoleAdmin) {
			role = predict.RoleResolver
		}
	}
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
