package predict

import (
	"context"
	"math/big"
	"time"
)

// ExportQuery selects one page of a bulk export: the rows created in
// [From, To) (zero bounds are open), of one market when Market is set,
// after the row whose cursor is After ("" from the first), at most Limit.
type ExportQuery struct {
	From, To time.Time
	Market   string
	After    string
	Limit    int
}

// ResolutionStep is one recorded step of a market's resolution: an
// assertion, a dispute, a finalization, an arbitration, a settlement or
// a void ending, as the chain logged it.
type ResolutionStep struct {
	Market   string
	Kind     string
	Outcome  *int64 // the option index, or VoidOutcome; nil when the step names none
	Account  string
	UID      string
	Amount   *big.Int // a bond or a payout, in base-token units; 0 when the step moves none
	TxHash   string
	Block    uint64
	LogIndex uint
	Time     time.Time
}

// ExportStore reads bulk exports a page at a time, in a stable order
// (markets by creation, the rest in chain order), each row with the
// cursor a later query passes as After to resume right after it.
type ExportStore interface {
	ExportMarkets(ctx context.Context, q ExportQuery) ([]*Market, []string, error)
	ExportTrades(ctx context.Context, q ExportQuery) ([]*Trade, []string, error)
	ExportPrices(ctx context.Context, q ExportQuery) ([]PricePoint, []string, error)
	ExportResolutions(ctx context.Context, q ExportQuery) ([]ResolutionStep, []string, error)
}
