package store

import (
	"database/sql"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/predict-dev/predict"
)

// maxUint256 bounds the amounts the store accepts.
var maxUint256 = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))

// amountText encodes a non-negative amount (a token quantity or an
// 18-decimal price) as its canonical decimal string; nil is "0". Negative
// or over-256-bit amounts are EINVALID.
func amountText(x *big.Int) (string, error) {
	if x == nil {
		return "0", nil
	}
	if x.Sign() < 0 {
		return "", predict.Errorf(predict.EINVALID, "amount %s is negative", x)
	}
	if x.Cmp(maxUint256) > 0 {
		return "", predict.Errorf(predict.EINVALID, "amount %s does not fit 256 bits", x)
	}
	return x.String(), nil
}

// signedText encodes a signed amount (PnL) as its canonical decimal
// string; nil is "0".
func signedText(x *big.Int) string {
	if x == nil {
		return "0"
	}
	return x.String()
}

// parseAmount decodes an amount or signed amount column. The store writes
// only canonical strings, so anything else is reported as corrupt data.
func parseAmount(s string) (*big.Int, error) {
	x, ok := new(big.Int).SetString(s, 10)
	if !ok || strings.HasPrefix(s, "+") {
		return nil, fmt.Errorf("corrupt amount %q in database", s)
	}
	return x, nil
}

// millis encodes t as unix milliseconds; the zero time is 0.
func millis(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

// fromMillis decodes unix milliseconds as a UTC time; 0 is the zero time.
func fromMillis(ms int64) time.Time {
	if ms == 0 {
		return time.Time{}
	}
	return time.UnixMilli(ms).UTC()
}

// nullString maps "" to NULL, for optional unique columns.
func nullString(s string) sql.NullString {
	return sql.NullString{String: s, Valid: s != ""}
}

// amountTexts is amountText of each of xs, in order.
func amountTexts(xs ...*big.Int) ([]string, error) {
	out := make([]string, len(xs))
	for i, x := range xs {
		var err error
		if out[i], err = amountText(x); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// parseAmountsTo parses each of texts into the matching dst.
func parseAmountsTo(dst []**big.Int, texts ...string) error {
	for i, s := range texts {
		var err error
		if *dst[i], err = parseAmount(s); err != nil {
			return err
		}
	}
	return nil
}

// parseAmounts decodes several amount columns.
func parseAmounts(ss ...string) ([]*big.Int, error) {
	out := make([]*big.Int, len(ss))
	for i, s := range ss {
		x, err := parseAmount(s)
		if err != nil {
			return nil, err
		}
		out[i] = x
	}
	return out, nil
}

// joinAmounts encodes amounts as comma-separated decimal integers.
func joinAmounts(xs []*big.Int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = predict.OrZero(x).String()
	}
	return strings.Join(parts, ",")
}

// splitAmounts decodes joinAmounts.
func splitAmounts(s string) ([]*big.Int, error) {
	if s == "" {
		return nil, nil
	}
	return parseAmounts(strings.Split(s, ",")...)
}
