package predict

// PayoutProgress is how far the payout worker (internal/payout) got in
// paying the holders and LPs of one ended market on their behalf. Holders
// and LPs are paid in address order, so a cursor is the last account of
// the last batch mined: a restart goes on after it.
type PayoutProgress struct {
	Market       string
	HolderCursor string
	LPCursor     string
	Batches      int // batches mined
	Paid         int // accounts in them (holders and LPs)
	Done         bool
}
