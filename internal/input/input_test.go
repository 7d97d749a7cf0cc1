package input

import (
	"strings"
	"testing"

	"github.com/predict-dev/predict"
)

// TestRules is each field rule's accepted values and refusals (EINVALID,
// naming the field).
func TestRules(t *testing.T) {
	amount := func(v string) error { _, err := Amount("amount", v); return err }
	address := func(v string) error { _, err := Address("market", v); return err }
	tests := []struct {
		name  string
		check func() error
		msg   string // "" accepts
	}{
		{"Address", func() error { return address("0xAbCdEf0123456789abcdef0123456789ABCDEF01") }, ""},
		{"AddressEmpty", func() error { return address("") }, "market is required"},
		{"AddressShort", func() error { return address("0xabc") }, "market must be a 0x-prefixed 20-byte hex address"},
		{"AddressNoPrefix", func() error { return address(strings.Repeat("a", 40)) }, "market must be a 0x-prefixed 20-byte hex address"},
		{"AmountZero", func() error { return amount("0") }, ""},
		{"AmountMax", func() error {
			return amount("115792089237316195423570985008687907853269984665640564039457584007913129639935")
		}, ""},
		{"AmountOver256Bits", func() error {
			return amount("115792089237316195423570985008687907853269984665640564039457584007913129639936")
		}, "amount exceeds 256 bits"},
		{"AmountEmpty", func() error { return amount("") }, "amount is required"},
		{"AmountLeadingZero", func() error { return amount("01") }, "amount must be a non-negative integer string in base units"},
		{"AmountNegative", func() error { return amount("-1") }, "amount must be a non-negative integer string in base units"},
		{"AmountFraction", func() error { return amount("1.0") }, "amount must be a non-negative integer string in base units"},
		{"Text", func() error { return Text("title", "héllo", true, 5) }, ""},
		{"TextOptionalBlank", func() error { return Text("note", "  ", false, 5) }, ""},
		{"TextRequiredBlank", func() error { return Text("title", "  ", true, 5) }, "title is required"},
		{"TextTooLong", func() error { return Text("title", "héllo!", true, 5) }, "title must be at most 5 characters"},
		{"URL", func() error { return URL("imageUrl", "https://example.com/a.png") }, ""},
		{"URLScheme", func() error { return URL("imageUrl", "javascript:alert(1)") }, "imageUrl must be an http or https URL"},
		{"URLCredentials", func() error { return URL("imageUrl", "https://u:p@example.com/") }, "imageUrl must be an http or https URL"},
		{"URLTooLong", func() error { return URL("imageUrl", "https://example.com/"+strings.Repeat("a", MaxURL)) }, "imageUrl must be at most 512 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.check()
			if tt.msg == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if predict.ErrorCode(err) != predict.EINVALID || predict.ErrorMessage(err) != tt.msg {
				t.Fatalf("err = %v, want EINVALID %q", err, tt.msg)
			}
		})
	}
	if a, _ := Address("m", "0xAbCdEf0123456789abcdef0123456789ABCDEF01"); a != "0xabcdef0123456789abcdef0123456789abcdef01" {
		t.Errorf("Address = %s, want it lowercased", a)
	}
}
