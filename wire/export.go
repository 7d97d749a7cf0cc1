package wire

// Bulk exports (GET /api/v1/export/{dataset}) write one row per line
// (NDJSON) or per CSV record: markets as MarketSummary, trades as Trade,
// and the two rows below. Every row also carries its cursor, the value
// of the cursor parameter that resumes the export right after it.

// ExportDatasets are the datasets an export serves.
var ExportDatasets = []string{"markets", "trades", "prices", "resolutions"}

// ExportPrice is one price of an option, recorded when a trade or a
// change of liquidity moved it: full resolution, for ended markets too.
type ExportPrice struct {
	MarketAddress string `json:"marketAddress"`
	OptionAddress string `json:"optionAddress"`
	// Price is the option's price after the change, an 18-decimal string.
	Price       string `json:"price"`
	BlockNumber uint64 `json:"blockNumber"`
	Time        Time   `json:"time"`
}

// ExportResolutionStep is one step of a market's resolution as the chain
// logged it (kind: asserted, disputed, finalized, arbitrated, settled,
// voided…).
type ExportResolutionStep struct {
	MarketAddress string `json:"marketAddress"`
	Kind          string `json:"kind"`
	// OptionIndex is the option the step names (asserted, arbitrated,
	// settled), null when it names none or the market ends void.
	OptionIndex *int64 `json:"optionIndex"`
	Void        bool   `json:"void"`
	Account     string `json:"account"`
	UID         string `json:"uid"`
	// Amount is the bond or payout the step moved, in base-token units.
	Amount      Amount `json:"amount"`
	TxHash      string `json:"txHash"`
	BlockNumber uint64 `json:"blockNumber"`
	Time        Time   `json:"time"`
}
