package predict

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strings"
	"time"
	"unicode/utf8"
)

// This file holds what the chain indexer hands the store: the effects of
// contract logs, decoded and attributed, grouped by block. Each effect is
// one log; the store applies it once, keyed by (block hash, log index).

// BlockRef identifies a block.
type BlockRef struct {
	Number uint64
	Hash   string // lowercase 0x-hex
}

// ChainBatch is a range of blocks read from the chain.
type ChainBatch struct {
	// From is the first block of the range; the blocks from From to
	// To.Number without effects have no entry in Blocks.
	From uint64
	// To is the last block of the range; it becomes the cursor.
	To BlockRef
	// ToTime is To's time (zero when not known): the service's "now" for
	// what follows the chain, such as where a price chart ends.
	ToTime time.Time
	// Blocks are the blocks of the range that carry effects, ascending.
	Blocks []ChainBlock
	// Keep is how many blocks below To the store keeps in its window of
	// recent blocks (IndexedBlocks); zero keeps the default.
	Keep uint64
	// Quarantine are logs of the batch that cannot be applied: the store
	// records them and skips their effects, if Blocks has them.
	Quarantine []QuarantinedLog
}

// QuarantinedLog is a log the indexer set aside because the store could
// not apply it (docs/operations.md, "Quarantined logs"). The state derived
// from it (a market, a trade, a balance) is missing until it is replayed.
type QuarantinedLog struct {
	Block     uint64
	BlockHash string
	LogIndex  uint
	TxHash    string
	Address   string // the contract that emitted the log
	Topic     string // the log's event id (topic 0)
	Kind      string // the effect it decoded to, e.g. "trade"
	Error     string // why the store refused it
	At        time.Time
	// Replay is set by an operator to have the indexer read the log's
	// block, and every block after it, again.
	Replay bool
}

// Logs is the number of effects of the batch.
func (b *ChainBatch) Logs() int {
	n := 0
	for _, blk := range b.Blocks {
		n += len(blk.Effects)
	}
	return n
}

// ChainBlock is one block with the effects of its logs, in log order.
type ChainBlock struct {
	Number  uint64
	Hash    string
	Time    time.Time
	Effects []Effect
}

// Effect is the decoded effect of one log. The concrete types are the
// *Log types of this file.
type Effect interface {
	Ref() *LogRef
	// LogKind names the effect for the record of a log that cannot be
	// applied ("trade", "liquidity-add", …).
	LogKind() string
	// Scope is the market and the account the effect touches, lowercase
	// as the log gives them; "" for none (a transfer's market is its
	// token's, found by the ledger).
	Scope() (market, account string)
	// ApplyTo calls the method of h for the effect's kind: the one
	// dispatch over the kinds, so a new kind that EffectHandler does not
	// name fails to compile instead of being skipped.
	ApplyTo(h EffectHandler) (applied bool, err error)
}

// EffectHandler applies each kind of effect (internal/ledger). applied is
// false when the effect does not concern the service.
type EffectHandler interface {
	Op(*OpLog) (bool, error)
	MarketCreated(*MarketCreatedLog) (bool, error)
	Trade(*TradeLog) (bool, error)
	Liquidity(*LiquidityLog) (bool, error)
	Fees(*FeesLog) (bool, error)
	Settled(*SettledLog) (bool, error)
	Claim(*ClaimLog) (bool, error)
	Transfer(*TransferLog) (bool, error)
	Asserted(*AssertedLog) (bool, error)
	Disputed(*DisputedLog) (bool, error)
	Arbitrated(*ArbitratedLog) (bool, error)
	Finalized(*FinalizedLog) (bool, error)
	DisputeExpired(*DisputeExpiredLog) (bool, error)
	Voided(*VoidedLog) (bool, error)
	VoidClaim(*VoidClaimLog) (bool, error)
	Sets(*SetsLog) (bool, error)
	OrderPlaced(*OrderPlacedLog) (bool, error)
	OrderFilled(*OrderFilledLog) (bool, error)
	OrderCancelled(*OrderCancelledLog) (bool, error)
}

// factKinds makes an empty effect of each kind a market's fact log holds
// (EncodeEffect, DecodeEffect), by LogKind. A new kind of effect that a
// reorg must replay adds its line here. Operations and creations are not
// facts of the log: an operation's outcome stands on its own row, and a
// replay starts from the market's row as its creation left it.
var factKinds = map[string]func() Effect{
	"trade":            func() Effect { return new(TradeLog) },
	"liquidity-add":    func() Effect { return new(LiquidityLog) },
	"liquidity-remove": func() Effect { return new(LiquidityLog) },
	"liquidity-redeem": func() Effect { return new(LiquidityLog) },
	"fees":             func() Effect { return new(FeesLog) },
	"settled":          func() Effect { return new(SettledLog) },
	"claim":            func() Effect { return new(ClaimLog) },
	"transfer":         func() Effect { return new(TransferLog) },
	"asserted":         func() Effect { return new(AssertedLog) },
	"disputed":         func() Effect { return new(DisputedLog) },
	"arbitrated":       func() Effect { return new(ArbitratedLog) },
	"finalized":        func() Effect { return new(FinalizedLog) },
	"dispute-expired":  func() Effect { return new(DisputeExpiredLog) },
	"voided":           func() Effect { return new(VoidedLog) },
	"void-claim":       func() Effect { return new(VoidClaimLog) },
	"sets-mint":        func() Effect { return new(SetsLog) },
	"sets-merge":       func() Effect { return new(SetsLog) },
	"order-placed":     func() Effect { return new(OrderPlacedLog) },
	"order-filled":     func() Effect { return new(OrderFilledLog) },
	"order-cancelled":  func() Effect { return new(OrderCancelledLog) },
}

// EncodeEffect encodes an applied effect for a market's fact log, which a
// reorg replays (DecodeEffect). Amounts keep every digit: a *big.Int is a
// JSON number of any length.
func EncodeEffect(e Effect) ([]byte, error) {
	if !IsFact(e) {
		return nil, fmt.Errorf("encode effect: %q is not a kind of fact", e.LogKind())
	}
	b, err := json.Marshal(e)
	if err != nil {
		return nil, fmt.Errorf("encode %s effect: %w", e.LogKind(), err)
	}
	return b, nil
}

// DecodeEffect decodes an effect EncodeEffect encoded, of kind (its
// LogKind).
func DecodeEffect(kind string, body []byte) (Effect, error) {
	newEffect, ok := factKinds[kind]
	if !ok {
		return nil, fmt.Errorf("decode effect: unknown kind %q", kind)
	}
	e := newEffect()
	if err := json.Unmarshal(body, e); err != nil {
		return nil, fmt.Errorf("decode %s effect: %w", kind, err)
	}
	return e, nil
}

// IsFact reports whether e is a kind of effect a market's fact log holds.
func IsFact(e Effect) bool {
	_, ok := factKinds[e.LogKind()]
	return ok
}

// LogRef locates a log and attributes it.
type LogRef struct {
	Block     uint64
	BlockHash string
	LogIndex  uint
	TxHash    string
	Time      time.Time // block time
	// Address is the contract that emitted the log and Topic its event id
	// (topic 0), lowercase 0x-hex, for the record of a log that cannot be
	// applied.
	Address, Topic string
	// OpHash is the UserOperation whose execution emitted the log (the
	// logs of a handleOps between BeforeExecution or the previous op's
	// UserOperationEvent and this op's UserOperationEvent); "" if none.
	OpHash string
}

// Ref returns the log's reference; every effect embeds a LogRef.
func (r *LogRef) Ref() *LogRef { return r }

// OpLog is the EntryPoint's UserOperationEvent: the operation OpHash ran.
type OpLog struct {
	LogRef
	Sender  string
	Success bool
	// Reason is the decoded UserOperationRevertReason of a failed
	// operation (e.g. "InsufficientOutput(80, 90)"), or a generic text.
	Reason string
}

// LogKind implements Effect.
func (*OpLog) LogKind() string { return "operation" }

// Scope implements Effect.
func (*OpLog) Scope() (market, account string) { return "", "" }

// ApplyTo implements Effect.
func (e *OpLog) ApplyTo(h EffectHandler) (bool, error) { return h.Op(e) }

// MarketCreatedLog is MarketFactory's MarketCreated. Market is the record
// to create: addresses, base token, fee, end time and options from the
// log; title and texts from the create-market operation when the service
// knows it. Creator.UID is resolved by the store from CreatorAddress.
type MarketCreatedLog struct {
	LogRef
	Market           Market
	CreatorAddress   string
	InitialLiquidity *big.Int
}

// LogKind implements Effect.
func (*MarketCreatedLog) LogKind() string { return "market-created" }

// Scope implements Effect.
func (e *MarketCreatedLog) Scope() (market, account string) {
	return strings.ToLower(e.Market.Address), ""
}

// ApplyTo implements Effect.
func (e *MarketCreatedLog) ApplyTo(h EffectHandler) (bool, error) { return h.MarketCreated(e) }

// TradeLog is a market's Bought (Side 1) or Sold (Side 2).
type TradeLog struct {
	LogRef
	Market      string
	Account     string
	Option      int
	Side        int
	BaseAmount  *big.Int // baseIn of a buy, baseOut of a sell
	TokenAmount *big.Int // tokensOut of a buy, tokensIn of a sell
	Fee         *big.Int
	Balances    []*big.Int // pool balances after the trade
}

// LogKind implements Effect.
func (*TradeLog) LogKind() string { return "trade" }

// Scope implements Effect.
func (e *TradeLog) Scope() (market, account string) { return e.Market, e.Account }

// ApplyTo implements Effect.
func (e *TradeLog) ApplyTo(h EffectHandler) (bool, error) { return h.Trade(e) }

// Liquidity event kinds, as liquidity_events.kind.
const (
	LiquidityAdd    = "add"
	LiquidityRemove = "remove"
	LiquidityRedeem = "redeem"
)

// LiquidityLog is a market's LiquidityAdded, LiquidityRemoved or
// LiquidityRedeemed.
type LiquidityLog struct {
	LogRef
	Market     string
	Account    string
	Kind       string   // LiquidityAdd, LiquidityRemove or LiquidityRedeem
	BaseAmount *big.Int // baseIn of an add, baseOut of a removal or redemption
	LPAmount   *big.Int // LP minted or burned
	SentBack   []*big.Int
	Balances   []*big.Int // pool balances after
}

// LogKind implements Effect.
func (e *LiquidityLog) LogKind() string { return "liquidity-" + e.Kind }

// Scope implements Effect.
func (e *LiquidityLog) Scope() (market, account string) { return e.Market, e.Account }

// ApplyTo implements Effect.
func (e *LiquidityLog) ApplyTo(h EffectHandler) (bool, error) { return h.Liquidity(e) }

// FeesLog is a market's FeesWithdrawn: trading fees paid to an LP.
type FeesLog struct {
	LogRef
	Market  string
	Account string
	Amount  *big.Int
}

// LogKind implements Effect.
func (*FeesLog) LogKind() string { return "fees" }

// Scope implements Effect.
func (e *FeesLog) Scope() (market, account string) { return e.Market, e.Account }

// ApplyTo implements Effect.
func (e *FeesLog) ApplyTo(h EffectHandler) (bool, error) { return h.Fees(e) }

// Kinds of SetsLog.
const (
	SetsMint  = "mint"
	SetsMerge = "merge"
)

// SetsLog is a market's SetsMinted or SetsMerged: Account split Amount
// base tokens into Amount tokens of every option (mint), or merged Amount
// complete sets back into Amount base tokens (merge), outside the pool.
type SetsLog struct {
	LogRef
	Market  string
	Account string
	Kind    string // SetsMint or SetsMerge
	Amount  *big.Int
}

// LogKind implements Effect.
func (e *SetsLog) LogKind() string { return "sets-" + e.Kind }

// Scope implements Effect.
func (e *SetsLog) Scope() (market, account string) { return e.Market, e.Account }

// ApplyTo implements Effect.
func (e *SetsLog) ApplyTo(h EffectHandler) (bool, error) { return h.Sets(e) }

// TransferLog is an ERC-20 Transfer of a base token, an option token or a
// market's LP token. From or To is the zero address for a mint or a burn.
type TransferLog struct {
	LogRef
	Token  string
	From   string
	To     string
	Amount *big.Int
	// KnownOnly restricts the transfer to accounts the service knows:
	// it is applied only when one side is a market or an account bound
	// to a user. The indexer sets it for base tokens it does not follow
	// in full (a public token such as USDC).
	KnownOnly bool
	// FromHolder and ToHolder name, for an option token moving out of or
	// into the LimitOrders escrow, the order owner whose position the
	// tokens belong to: escrowed tokens stay their owner's position (its
	// balance is the escrow's), and a pool fill's mint or burn is the
	// owner's. "" when the side is itself the holder.
	FromHolder string `json:",omitempty"`
	ToHolder   string `json:",omitempty"`
}

// LogKind implements Effect.
func (*TransferLog) LogKind() string { return "transfer" }

// Scope implements Effect.
func (*TransferLog) Scope() (market, account string) { return "", "" }

// ApplyTo implements Effect.
func (e *TransferLog) ApplyTo(h EffectHandler) (bool, error) { return h.Transfer(e) }

// ZeroAddress is the lowercase zero address of mints and burns.
const ZeroAddress = "0x0000000000000000000000000000000000000000"

// RevertResult tells what a reorg undid.
type RevertResult struct {
	Logs    int      // effects removed
	Markets []string // markets whose state was recomputed (or removed)
	// Options maps each recomputed market still known to its options.
	Options map[string][]string
}

// Bounds of the text the store keeps from the chain, in runes: the same
// as the API's bounds of the fields that hold it (docs/transactions.md).
const (
	MaxChainTitle       = 200
	MaxChainOptionTitle = 100
	MaxChainLongText    = 5000
	MaxChainNote        = 1000
	MaxChainShortText   = 64 // category, tags
	MaxRevertReason     = 1000
)

// CleanText makes text that came from the chain, or with a chain log,
// storable by every store: anyone can create a contract whose token name
// or revert data is arbitrary bytes, and PostgreSQL refuses a NUL byte or
// invalid UTF-8 in a text column (SQLSTATE 22021), which would make the
// whole batch unappliable. Invalid UTF-8 becomes U+FFFD, control
// characters other than tab, newline and carriage return are dropped, and
// the result is cut to max runes (no bound when max <= 0).
func CleanText(s string, max int) string {
	clean := func(s string) bool {
		for _, r := range s {
			if r == utf8.RuneError || (r < 0x20 && r != '\t' && r != '\n' && r != '\r') || r == 0x7f {
				return false
			}
		}
		return true
	}
	if clean(s) && (max <= 0 || len(s) <= max) {
		return s // the usual case: no copy
	}
	var b strings.Builder
	n := 0
	for _, r := range strings.ToValidUTF8(s, "\uFFFD") {
		if (r < 0x20 && r != '\t' && r != '\n' && r != '\r') || r == 0x7f {
			continue
		}
		if max > 0 && n == max {
			break
		}
		b.WriteRune(r)
		n++
	}
	return b.String()
}
