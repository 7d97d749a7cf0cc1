package store

import (
	"context"
	"math/big"
	"strings"

	"github.com/predict-dev/predict"
)

// Trades lists trades newest first (block, then log index, descending)
// with the number of all matching; market and option titles included.
func (db *DB) Trades(ctx context.Context, f predict.TradeFilter) ([]*predict.Trade, int, error) {
	var (
		where []string
		args  []any
	)
	for _, c := range []struct{ col, val string }{
		{"t.market", strings.ToLower(f.Market)}, {"t.option_address", strings.ToLower(f.Option)},
		{"t.uid", f.UID}, {"t.account", strings.ToLower(f.Account)},
	} {
		if c.val != "" {
			where = append(where, c.col+" = ?")
			args = append(args, c.val)
		}
	}
	whereSQL := ""
	if len(where) > 0 {
		whereSQL = " WHERE " + strings.Join(where, " AND ")
	}
	return readPage(ctx, db, "trades", f.Page, f.PageSize, func(t *tx, limit, offset int) ([]*predict.Trade, int, error) {
		return countedRows(ctx, t, `SELECT COUNT(*) FROM trades t`+whereSQL, args,
			tradeSelect+whereSQL+` ORDER BY t.block_number DESC, t.log_index DESC`, args,
			limit, offset, scanTrade)
	})
}

// tradeSelect reads what scanTrade scans, from trades t.
const tradeSelect = `SELECT t.market, m.title, t.option_address, COALESCE(o.title, ''), t.option_index,
	t.account, COALESCE(t.uid, ''), t.side, t.base_amount, t.token_amount, t.fee, t.avg_price, t.tx_hash,
	COALESCE(t.op_hash, ''), t.block_number, t.log_index, t.created_at, COALESCE(u.name, ''), COALESCE(u.avatar_url, ''),
	COALESCE((SELECT MIN(od.order_uuid) FROM orders od WHERE od.op_hash = t.op_hash), '')
	FROM trades t JOIN markets m ON m.address = t.market LEFT JOIN market_options o ON o.address = t.option_address
	LEFT JOIN users u ON u.uid = t.uid`

func scanTrade(row row) (*predict.Trade, error) {
	var (
		tr                     predict.Trade
		base, tok, fee, price  string
		block, created, logIdx int64
	)
	if err := row.Scan(&tr.Market, &tr.MarketTitle, &tr.Option, &tr.OptionTitle, &tr.OptionIndex, &tr.Account,
		&tr.UID, &tr.Side, &base, &tok, &fee, &price, &tr.TxHash, &tr.OpHash, &block, &logIdx, &created,
		&tr.UserName, &tr.AvatarURL, &tr.OrderUUID); err != nil {
		return nil, err
	}
	if err := parseAmountsTo([]**big.Int{&tr.BaseAmount, &tr.TokenAmount, &tr.Fee, &tr.Price}, base, tok, fee, price); err != nil {
		return nil, err
	}
	tr.Block, tr.LogIndex, tr.Time = uint64(block), uint(logIdx), fromMillis(created)
	return &tr, nil
}
