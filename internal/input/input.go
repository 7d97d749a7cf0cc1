// Package input holds the rules of request-body fields that more than one
// adapter reads: the API's handlers and the operation kinds of package ops
// (which parse their own fields). Every refusal is EINVALID and names the
// field.
package input

import (
	"math/big"
	"net/url"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/predict-dev/predict"
)

// MaxURL bounds an image or avatar URL, in bytes.
const MaxURL = 512

var (
	addressRe  = regexp.MustCompile(`^0x[0-9a-fA-F]{40}$`)
	uintRe     = regexp.MustCompile(`^(0|[1-9][0-9]*)$`)
	maxUint256 = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
)

// Address validates a 0x-hex address and returns it lowercased, the one
// form the service stores and returns.
func Address(field, v string) (string, error) {
	if v == "" {
		return "", predict.Errorf(predict.EINVALID, "%s is required", field)
	}
	if !addressRe.MatchString(v) {
		return "", predict.Errorf(predict.EINVALID, "%s must be a 0x-prefixed 20-byte hex address", field)
	}
	return strings.ToLower(v), nil
}

// Amount validates a token quantity: a base-unit integer string,
// non-negative, no fraction, at most 256 bits.
func Amount(field, v string) (*big.Int, error) {
	if v == "" {
		return nil, predict.Errorf(predict.EINVALID, "%s is required", field)
	}
	if len(v) > 78 || !uintRe.MatchString(v) {
		return nil, predict.Errorf(predict.EINVALID, "%s must be a non-negative integer string in base units", field)
	}
	n, _ := new(big.Int).SetString(v, 10)
	if n.Cmp(maxUint256) > 0 {
		return nil, predict.Errorf(predict.EINVALID, "%s exceeds 256 bits", field)
	}
	return n, nil
}

// Text validates a free-text field that already passed the API's rule of
// every input (valid UTF-8, no control or bidirectional characters): at
// most max runes and, when required, not blank.
func Text(field, v string, required bool, max int) error {
	if required && strings.TrimSpace(v) == "" {
		return predict.Errorf(predict.EINVALID, "%s is required", field)
	}
	if n := utf8.RuneCountInString(v); n > max {
		return predict.Errorf(predict.EINVALID, "%s must be at most %d characters", field, max)
	}
	return nil
}

// URL validates an http or https URL of at most MaxURL bytes, without
// credentials.
func URL(field, v string) error {
	if len(v) > MaxURL {
		return predict.Errorf(predict.EINVALID, "%s must be at most %d bytes", field, MaxURL)
	}
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
		return predict.Errorf(predict.EINVALID, "%s must be an http or https URL", field)
	}
	return nil
}
