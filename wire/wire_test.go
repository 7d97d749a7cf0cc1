package wire_test

import (
	"encoding/json"
	"maps"
	"math/big"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/predict-dev/predict/wire"
)

func TestAmountJSON(t *testing.T) {
	huge, _ := new(big.Int).SetString("115792089237316195423570985008687907853269984665640564039457584007913129639935", 10)
	tests := []struct {
		name string
		in   string
		want *big.Int // nil: null
		out  string   // re-encoded form
	}{
		{"OK", `"1500000"`, big.NewInt(1500000), `"1500000"`},
		{"Zero", `"0"`, big.NewInt(0), `"0"`},
		{"Negative", `"-25"`, big.NewInt(-25), `"-25"`},
		{"Uint256Max", `"` + huge.String() + `"`, huge, `"` + huge.String() + `"`},
		{"BareNumber", `42`, big.NewInt(42), `"42"`},
		{"BareNegative", `-7`, big.NewInt(-7), `"-7"`},
		{"Null", `null`, nil, `null`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var a wire.Amount
			if err := json.Unmarshal([]byte(tt.in), &a); err != nil {
				t.Fatalf("Unmarshal(%s): %v", tt.in, err)
			}
			if (a.Int == nil) != (tt.want == nil) || (a.Int != nil && a.Cmp(tt.want) != 0) {
				t.Fatalf("Unmarshal(%s) = %v, want %v", tt.in, a.Int, tt.want)
			}
			out, err := json.Marshal(a)
			if err != nil || string(out) != tt.out {
				t.Fatalf("Marshal = %s, %v; want %s", out, err, tt.out)
			}
		})
	}
}

func TestAmountJSONErrors(t *testing.T) {
	for name, in := range map[string]string{
		"ErrEmpty":      `""`,
		"ErrMinusOnly":  `"-"`,
		"ErrPlus":       `"+5"`,
		"ErrFraction":   `"1.5"`,
		"ErrExponent":   `1e18`,
		"ErrHex":        `"0x10"`,
		"ErrSpace":      `" 1"`,
		"ErrUnderscore": `"1_000"`,
		"ErrBool":       `true`,
		"ErrObject":     `{}`,
		"ErrTooLong":    `"` + strings.Repeat("1", 81) + `"`,
	} {
		t.Run(name, func(t *testing.T) {
			var a wire.Amount
			if err := json.Unmarshal([]byte(in), &a); err == nil {
				t.Fatalf("Unmarshal(%s) = %v, want an error", in, a.Int)
			}
		})
	}
}

// TestAmountOmitzero: an absent amount is left out, an amount of 0 is not.
func TestAmountOmitzero(t *testing.T) {
	type body struct {
		Price wire.Amount `json:"price,omitzero"`
	}
	for _, tt := range []struct {
		name string
		in   body
		want string
	}{
		{"Absent", body{}, `{}`},
		{"Zero", body{wire.AmountOf(0)}, `{"price":"0"}`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, err := json.Marshal(tt.in)
			if err != nil || string(out) != tt.want {
				t.Fatalf("Marshal = %s, %v; want %s", out, err, tt.want)
			}
		})
	}
}

func FuzzParseAmount(f *testing.F) {
	for _, s := range []string{"0", "-1", "1500000", "+5", "1.5", "", "-", "00012", "1e3", "0x1f"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := wire.ParseAmount(s)
		if err != nil {
			return
		}
		// Whatever parses is a decimal integer that survives the round
		// trip through the wire (leading zeros aside).
		var a wire.Amount
		raw, _ := json.Marshal(wire.NewAmount(n))
		if err := json.Unmarshal(raw, &a); err != nil || a.Cmp(n) != 0 {
			t.Fatalf("%q: round trip %s gave %v, %v", s, raw, a.Int, err)
		}
		if want, ok := new(big.Int).SetString(s, 10); !ok || want.Cmp(n) != 0 {
			t.Fatalf("%q parsed as %v, big.Int reads %v", s, n, want)
		}
	})
}

func TestTimeJSON(t *testing.T) {
	at := time.Date(2026, 11, 23, 18, 4, 5, 0, time.UTC)
	tests := []struct {
		name string
		in   string
		want time.Time
		out  string
	}{
		{"OK", `"2026-11-23T18:04:05Z"`, at, `"2026-11-23T18:04:05Z"`},
		{"Offset", `"2026-11-23T19:04:05+01:00"`, at, `"2026-11-23T18:04:05Z"`},
		{"Fraction", `"2026-11-23T18:04:05.25Z"`, at.Add(250 * time.Millisecond), `"2026-11-23T18:04:05Z"`},
		{"None", `""`, time.Time{}, `""`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var v wire.Time
			if err := json.Unmarshal([]byte(tt.in), &v); err != nil {
				t.Fatalf("Unmarshal(%s): %v", tt.in, err)
			}
			if !v.Equal(tt.want) {
				t.Fatalf("Unmarshal(%s) = %v, want %v", tt.in, v, tt.want)
			}
			out, err := json.Marshal(v)
			if err != nil || string(out) != tt.out {
				t.Fatalf("Marshal = %s, %v; want %s", out, err, tt.out)
			}
		})
	}
	for name, in := range map[string]string{"ErrNumber": `1700000000`, "ErrNull": `null`, "ErrDate": `"2026-11-23"`, "ErrText": `"soon"`} {
		t.Run(name, func(t *testing.T) {
			var v wire.Time
			if err := json.Unmarshal([]byte(in), &v); err == nil {
				t.Fatalf("Unmarshal(%s) = %v, want an error", in, v)
			}
		})
	}
}

func TestUnixJSON(t *testing.T) {
	at := time.Unix(1767225600, 0)
	tests := []struct {
		name string
		in   string
		want time.Time
		out  string
	}{
		{"OK", `"1767225600"`, at, `"1767225600"`},
		{"BareNumber", `1767225600`, at, `"1767225600"`},
		{"Null", `null`, time.Time{}, `null`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var v wire.Unix
			if err := json.Unmarshal([]byte(tt.in), &v); err != nil {
				t.Fatalf("Unmarshal(%s): %v", tt.in, err)
			}
			if !v.Equal(tt.want) {
				t.Fatalf("Unmarshal(%s) = %v, want %v", tt.in, v, tt.want)
			}
			out, err := json.Marshal(v)
			if err != nil || string(out) != tt.out {
				t.Fatalf("Marshal = %s, %v; want %s", out, err, tt.out)
			}
		})
	}
	for name, in := range map[string]string{"ErrFraction": `"1.5"`, "ErrText": `"tomorrow"`, "ErrBool": `false`} {
		t.Run(name, func(t *testing.T) {
			var v wire.Unix
			if err := json.Unmarshal([]byte(in), &v); err == nil {
				t.Fatalf("Unmarshal(%s) = %v, want an error", in, v)
			}
		})
	}
}

// TestEnvelope: the success envelope, and data decoded in place through
// a pointer held in Data (how the client reads answers in one pass).
func TestEnvelope(t *testing.T) {
	out, err := json.Marshal(wire.Success(map[string]int{"total": 1}))
	if want := `{"code":0,"reason":"","msg":"success","data":{"total":1}}`; err != nil || string(out) != want {
		t.Fatalf("Marshal = %s, %v; want %s", out, err, want)
	}
	var page struct {
		Total int `json:"total"`
	}
	env := wire.Envelope{Data: &page}
	if err := json.Unmarshal(out, &env); err != nil || page.Total != 1 || env.Msg != wire.MsgSuccess {
		t.Fatalf("Unmarshal = %+v (%+v), %v", env, page, err)
	}
}

func TestEventNames(t *testing.T) {
	seen := map[string]bool{}
	for _, n := range wire.EventNames {
		if seen[n] {
			t.Fatalf("%s listed twice", n)
		}
		seen[n] = true
	}
	// The catalogue of docs/events.md lists each name in a table row.
	doc, err := os.ReadFile("../docs/events.md")
	if err != nil {
		t.Fatal(err)
	}
	documented := map[string]bool{}
	for _, m := range regexp.MustCompile("(?m)^\\| `([a-z]+:[a-z_]+)` \\|").FindAllStringSubmatch(string(doc), -1) {
		documented[m[1]] = true
	}
	if !maps.Equal(seen, documented) {
		t.Fatalf("EventNames %v; docs/events.md's catalogue %v", slices.Sorted(maps.Keys(seen)), slices.Sorted(maps.Keys(documented)))
	}
}
