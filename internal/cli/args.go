package cli

// The arguments of a verb are read in one place: parse checks each
// positional argument by its name in the verb's usage line (MARKET,
// AMOUNT, PRICE …) before the verb calls the service, and every reader
// of an amount or an address answers a *UsageError. A line that cannot
// be read thus exits 2 whichever verb it went to, and says why before
// anything was sent.

import (
	"errors"
	"flag"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict"
)

// argForms checks an argument by its name in a usage line.
var argForms = map[string]func(string) error{
	"MARKET":    marketForm,
	"AMOUNT":    amountForm,
	"LP_AMOUNT": amountForm,
	"PRICE":     priceForm,
	"OPHASH":    hashForm,
}

// marketForm checks a market argument: a 0x address.
func marketForm(s string) error {
	if !common.IsHexAddress(s) {
		return Usagef("%q is not a market address (0x and 40 hex digits; predict markets lists them)", s)
	}
	return nil
}

// amountForm checks the form of an amount argument: a decimal number
// more than 0 (decimalForm).
func amountForm(s string) error {
	n, err := decimalForm(s)
	if err == nil && n.Sign() == 0 {
		return Usagef("amount %q must be more than 0", s)
	}
	return err
}

// decimalForm checks the form of an amount, 0 included: a decimal number
// without a sign. Its decimals are checked against its token's once the
// token is known (parseUnits).
func decimalForm(s string) (*big.Int, error) {
	return parseUnits(s, len(s))
}

// priceForm checks a limit price: a decimal strictly between 0 and 1,
// with at most the 18 decimals of the escrow's fixed point.
func priceForm(s string) error {
	r, ok := new(big.Rat).SetString(s)
	_, frac, _ := strings.Cut(s, ".")
	if !ok || strings.ContainsAny(s, "eE/") || r.Sign() <= 0 || r.Cmp(big.NewRat(1, 1)) >= 0 || len(frac) > predict.WadDecimals {
		return Usagef("the price is a decimal between 0 and 1 such as 0.45, not %q", s)
	}
	return nil
}

// hashForm checks an operation hash: 0x and 64 hex digits.
func hashForm(s string) error {
	if len(s) != 66 || !strings.HasPrefix(s, "0x") || !isHex(s[2:]) {
		return Usagef("%q is not an operation hash (0x and 64 hex digits)", s)
	}
	return nil
}

func isHex(s string) bool {
	for _, c := range s {
		if !strings.ContainsRune("0123456789abcdefABCDEF", c) {
			return false
		}
	}
	return true
}

// checkArgs checks the positional arguments pos against the usage line
// spec ("MARKET OPTION buy|sell AMOUNT PRICE"): a name with a form is
// checked (argForms); words in lower case are literals, one of which the
// argument must be ("buy|sell", "AMOUNT|all" takes all or an amount). A
// line of alternatives (" | ") or of flags is left to its verb.
func checkArgs(spec string, pos []string) error {
	if strings.Contains(spec, " | ") || strings.Contains(spec, "--") || strings.Contains(spec, "...") {
		return nil
	}
	words := strings.Fields(strings.NewReplacer("[", "", "]", "").Replace(spec))
	for i, word := range words {
		if i >= len(pos) {
			break
		}
		var literals []string
		var form func(string) error
		for _, alt := range strings.Split(word, "|") {
			switch {
			case alt == strings.ToLower(alt):
				literals = append(literals, alt)
			case argForms[alt] != nil:
				form = argForms[alt]
			default:
				form = func(string) error { return nil } // a name of any form (OPTION, FILE)
			}
		}
		switch {
		case slices.Contains(literals, pos[i]):
		case form != nil:
			if err := form(pos[i]); err != nil {
				return err
			}
		default:
			return Usagef("want %s, not %q", orList(literals), pos[i])
		}
	}
	return nil
}

// orList writes choices for people: "a, b or c".
func orList(choices []string) string {
	if len(choices) < 2 {
		return strings.Join(choices, "")
	}
	return strings.Join(choices[:len(choices)-1], ", ") + " or " + choices[len(choices)-1]
}

// about says which flag a usage error is about: "--min-out: amount …".
// Other errors are left as they are.
func about(flag string, err error) error {
	var u *UsageError
	if errors.As(err, &u) {
		u.Err = fmt.Errorf("%s: %w", flag, u.Err)
	}
	return err
}

// negativeNumber reports whether a is a negative number ("-5", "-0.5"):
// an amount a verb refuses with its reason, where the flag package would
// take it for an unknown flag.
func negativeNumber(a string) bool {
	return len(a) > 1 && a[0] == '-' && (a[1] >= '0' && a[1] <= '9' || a[1] == '.')
}

// flagsEnd is where the flag package may parse args up to: the first
// negative number that is not the value of the flag before it, or the
// whole line.
func flagsEnd(fs *flag.FlagSet, args []string) int {
	for i, a := range args {
		if a == "--" {
			break
		}
		if negativeNumber(a) && (i == 0 || !takesValue(fs, args[i-1])) {
			return i
		}
	}
	return len(args)
}

// takesValue reports whether a is a flag of fs whose value is the next
// argument: not a bool flag, and not written name=value.
func takesValue(fs *flag.FlagSet, a string) bool {
	name := strings.TrimLeft(a, "-")
	if name == a || strings.Contains(name, "=") {
		return false
	}
	f := fs.Lookup(name)
	if f == nil {
		return false
	}
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return !ok || !b.IsBoolFlag()
}
