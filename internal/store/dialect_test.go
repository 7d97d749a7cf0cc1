package store

import (
	"math/big"
	"testing"
	"time"

	"github.com/predict-dev/predict"
)

func TestRebind(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"None", `SELECT 1`, `SELECT 1`},
		{"Several", `SELECT a FROM t WHERE b = ? AND c IN (?, ?)`, `SELECT a FROM t WHERE b = $1 AND c IN ($2, $3)`},
		{"InString", `SELECT '?' , ? FROM t WHERE x LIKE ? ESCAPE '\'`, `SELECT '?' , $1 FROM t WHERE x LIKE $2 ESCAPE '\'`},
		{"InIdentifier", `SELECT "a?b" FROM t WHERE c = ?`, `SELECT "a?b" FROM t WHERE c = $1`},
		{"InComment", "SELECT a -- why?\nFROM t WHERE b = ?", "SELECT a -- why?\nFROM t WHERE b = $1"},
		{"UnterminatedString", `SELECT ? 'abc?`, `SELECT $1 'abc?`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := postgresDialect.rebind(tt.in); got != tt.want {
				t.Errorf("rebind(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if got := sqliteDialect.rebind(tt.in); got != tt.in {
				t.Errorf("sqlite rebind changed %q to %q", tt.in, got)
			}
		})
	}
}

func TestAmountText(t *testing.T) {
	max256 := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
	tests := []struct {
		name string
		in   *big.Int
		want string
		code string
	}{
		{"Nil", nil, "0", ""},
		{"Zero", big.NewInt(0), "0", ""},
		{"Small", big.NewInt(1234567), "1234567", ""},
		{"MaxUint256", max256, max256.String(), ""},
		{"ErrTooLarge", new(big.Int).Add(max256, big.NewInt(1)), "", predict.EINVALID},
		{"ErrNegative", big.NewInt(-1), "", predict.EINVALID},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := amountText(tt.in)
			if code := predict.ErrorCode(err); code != tt.code {
				t.Fatalf("error code = %q (%v), want %q", code, err, tt.code)
			}
			if got != tt.want {
				t.Errorf("amountText = %q, want %q", got, tt.want)
			}
			if err == nil {
				back, err := parseAmount(got)
				want := tt.in
				if want == nil {
					want = new(big.Int)
				}
				if err != nil || back.Cmp(want) != 0 {
					t.Errorf("parseAmount(%q) = %v, %v", got, back, err)
				}
			}
		})
	}
	if got := signedText(big.NewInt(-42)); got != "-42" {
		t.Errorf("signedText(-42) = %q", got)
	}
	for _, bad := range []string{"", "abc", "+1", "1.5"} {
		if _, err := parseAmount(bad); err == nil {
			t.Errorf("parseAmount(%q) did not fail", bad)
		}
	}
}

func TestMillis(t *testing.T) {
	if millis(time.Time{}) != 0 || !fromMillis(0).IsZero() {
		t.Error("zero time does not map to 0")
	}
	now := time.Now().Truncate(time.Millisecond)
	if got := fromMillis(millis(now)); !got.Equal(now) || got.Location() != time.UTC {
		t.Errorf("round trip of %v = %v", now, got)
	}
}

func TestEscapeLike(t *testing.T) {
	if got, want := escapeLike(`a%b_c\d`), `a\%b\_c\\d`; got != want {
		t.Errorf("escapeLike = %q, want %q", got, want)
	}
}

func TestInviteCode(t *testing.T) {
	for range 100 {
		code := newInviteCode()
		if len(code) != inviteCodeLen {
			t.Fatalf("code %q has length %d", code, len(code))
		}
		for _, c := range code {
			if c == '0' || c == 'O' || c == '1' || c == 'I' || !(c >= 'A' && c <= 'Z' || c >= '2' && c <= '9') {
				t.Fatalf("code %q has character %q", code, c)
			}
		}
	}
}
