package predict

import (
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

// FeesLog is a market's FeesWithdrawn: trading fees paid to an LP.
type FeesLog struct {
	LogRef
	Market  string
	Account string
	Amount  *big.Int
}

// SettledLog is a market's Settled. Source and Note come from the
// settle-market operation when the service knows it.
type SettledLog struct {
	LogRef
	Market        string
	WinningOption int
	Resolver      string
	Source        string
	Note          string
}

// ClaimLog is a market's Claimed: winning tokens burned for base 1:1.
type ClaimLog struct {
	LogRef
	Market  string
	Account string
	Option  int
	Amount  *big.Int
}

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
}

// ZeroAddress is the lowercase zero address of mints and burns.
const ZeroAddress = "0x0000000000000000000000000000000000000000"

// ApplyResult tells what a batch changed, for the events published after
// the transaction commits.
type ApplyResult struct {
	// Applied are the effects applied by this call, in order; effects
	// applied before (a replayed batch) are not in it.
	Applied []Effect
	// UIDs maps the accounts of the applied effects that are bound to a
	// user to the user's uid.
	UIDs map[string]string
	// Options maps each market of the applied effects to its option
	// addresses by index.
	Options map[string][]string
	// BaseTokens maps each market of the applied effects to its base token.
	BaseTokens map[string]string
	// Notified are the uids, each once, that the batch wrote notifications
	// for (operations that became final, markets that settled), to be
	// told with user:new_notification once the batch is committed.
	Notified []string
	// Operations are the operations this batch made final, by opHash:
	// whose they are and what they did, for user:operation_status.
	Operations map[string]OpOutcome
}

// OpOutcome is an operation the chain made final (confirmed or reverted).
type OpOutcome struct {
	UID, Kind, Market string
}

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
