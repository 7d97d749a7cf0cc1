package predict_test

import (
	"math/big"
	"reflect"
	"testing"
	"time"

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

// TestEffectCodec: every kind of fact comes back from its encoding whole,
// amounts of any length included; creations and operations are not facts,
// and an unknown kind or a broken body is an error.
func TestEffectCodec(t *testing.T) {
	big256, _ := new(big.Int).SetString("115792089237316195423570985008687907853269984665640564039457584007913129639935", 10)
	ref := predict.LogRef{Block: 7, BlockHash: "0xb7", LogIndex: 3, TxHash: "0xt7", OpHash: "0xop",
		Time: time.UnixMilli(1_800_000_000_123).UTC(), Address: "0xaa", Topic: "0x01"}
	amounts := []*big.Int{big.NewInt(1), big256}
	facts := []predict.Effect{
		&predict.TradeLog{LogRef: ref, Market: "0xaa", Account: "0xa0", Option: 1, Side: predict.SideSell, BaseAmount: big256,
			TokenAmount: big.NewInt(5), Fee: big.NewInt(0), Balances: amounts},
		&predict.LiquidityLog{LogRef: ref, Market: "0xaa", Account: "0xa0", Kind: predict.LiquidityAdd, BaseAmount: big.NewInt(9),
			LPAmount: big.NewInt(9), SentBack: amounts, Balances: amounts},
		&predict.LiquidityLog{LogRef: ref, Market: "0xaa", Kind: predict.LiquidityRemove, BaseAmount: big.NewInt(1)},
		&predict.LiquidityLog{LogRef: ref, Market: "0xaa", Kind: predict.LiquidityRedeem, BaseAmount: big.NewInt(1)},
		&predict.FeesLog{LogRef: ref, Market: "0xaa", Account: "0xa0", Amount: big.NewInt(3)},
		&predict.SettledLog{LogRef: ref, Market: "0xaa", WinningOption: 1, Resolver: "0xa0", Source: "s", Note: "n"},
		&predict.ClaimLog{LogRef: ref, Market: "0xaa", Account: "0xa0", Option: 1, Amount: big.NewInt(4)},
		&predict.TransferLog{LogRef: ref, Token: "0xa1", From: predict.ZeroAddress, To: "0xa0", Amount: big.NewInt(2)},
		&predict.AssertedLog{LogRef: ref, Market: "0xaa", Outcome: predict.VoidOutcome, Asserter: "0xa0", Bond: big.NewInt(1),
			ChallengeEnd: time.UnixMilli(1_800_000_007_000).UTC(), Source: "s", Note: "n"},
		&predict.DisputedLog{LogRef: ref, Market: "0xaa", Disputer: "0xb0", Bond: big.NewInt(1)},
		&predict.ArbitratedLog{LogRef: ref, Market: "0xaa", Outcome: 0, Arbitrator: "0xc0", BondWinner: "0xb0",
			Payout: big.NewInt(19), Fee: big.NewInt(1), Treasury: "0xd0"},
		&predict.FinalizedLog{LogRef: ref, Market: "0xaa", Outcome: 1, Asserter: "0xa0", BondReturned: big.NewInt(1)},
		&predict.VoidedLog{LogRef: ref, Market: "0xaa", Resolver: "0xa0", Source: "s"},
		&predict.VoidClaimLog{LogRef: ref, Market: "0xaa", Account: "0xa0", Amounts: amounts, BaseOut: big.NewInt(1)},
	}
	for _, e := range facts {
		t.Run(e.LogKind(), func(t *testing.T) {
			if !predict.IsFact(e) {
				t.Fatal("not a fact")
			}
			body, err := predict.EncodeEffect(e)
			if err != nil {
				t.Fatal(err)
			}
			got, err := predict.DecodeEffect(e.LogKind(), body)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, e) {
				t.Fatalf("decoded %#v\nwant %#v", got, e)
			}
		})
	}
	for _, e := range []predict.Effect{&predict.OpLog{LogRef: ref}, &predict.MarketCreatedLog{LogRef: ref}} {
		if predict.IsFact(e) {
			t.Errorf("%s is a fact", e.LogKind())
		}
		if _, err := predict.EncodeEffect(e); err == nil {
			t.Errorf("%s encoded", e.LogKind())
		}
	}
	if _, err := predict.DecodeEffect("comet", []byte(`{}`)); err == nil {
		t.Error("an unknown kind decoded")
	}
	if _, err := predict.DecodeEffect("trade", []byte(`{"BaseAmount":"12"}`)); err == nil {
		t.Error("a broken body decoded")
	}
}
