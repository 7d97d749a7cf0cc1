package netlimit

import "testing"

func TestCapToFiles(t *testing.T) {
	for _, tc := range []struct {
		name             string
		configured, want int
		soft             uint64
	}{
		{name: "UnderTheFileLimit", configured: 10_000, soft: 20_000, want: 10_000},
		{name: "LoweredToTheFileLimit", configured: 10_000, soft: 1024, want: 819},
		{name: "ZeroTakesTheFileLimit", configured: 0, soft: 20_000, want: 16_000},
		{name: "UnknownFileLimit", configured: 500, soft: 0, want: 500},
		{name: "UnlimitedFiles", configured: 500, soft: 1 << 63, want: 500},
		{name: "NoCapAtAll", configured: 0, soft: 0, want: 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := capToFiles(tc.configured, tc.soft); got != tc.want {
				t.Fatalf("capToFiles(%d, %d) = %d, want %d", tc.configured, tc.soft, got, tc.want)
			}
		})
	}
}
