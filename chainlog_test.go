package predict_test

import (
	"testing"

	"github.com/predict-dev/predict"
)

func TestCleanText(t *testing.T) {
	tests := []struct {
		name, in string
		max      int
		want     string
	}{
		{"Plain", "Will it rain?", 200, "Will it rain?"},
		{"NUL", "Yes\x00", 100, "Yes"},
		{"OnlyNUL", "\x00\x00", 100, ""},
		{"InvalidUTF8", "Oui\xff\xfe", 100, "Oui\uFFFD"},
		{"Controls", "a\x01b\x1bc\x7fd", 100, "abcd"},
		{"KeepsLayout", "line 1\r\n\tline 2", 100, "line 1\r\n\tline 2"},
		{"Unicode", "Météo-France ☔", 100, "Météo-France ☔"},
		{"CutInRunes", "ééééé", 3, "ééé"},
		{"CutAfterCleaning", "\x00\x00abc", 2, "ab"},
		{"NoBound", "abc", 0, "abc"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := predict.CleanText(tt.in, tt.max); got != tt.want {
				t.Fatalf("CleanText(%q, %d) = %q, want %q", tt.in, tt.max, got, tt.want)
			}
		})
	}
}
