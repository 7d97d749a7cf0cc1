package events_test

import (
	"maps"
	"slices"
	"testing"

	"github.com/predict-dev/predict/internal/events"
)

// TestCompact: exact repeats go, in order; events of two orders, or two
// statuses of one order, or of two options, all stay.
func TestCompact(t *testing.T) {
	const (
		market = "0x00000000000000000000000000000000000000aa"
		yes    = "0x00000000000000000000000000000000000000a1"
		no     = "0x00000000000000000000000000000000000000a2"
	)
	cancelled2 := events.UserOrderChanged("u1", market, yes, 2, "cancelled")
	for _, tc := range []struct {
		name string
		in   []events.Event
		want int // events kept, the first ones of in in order
	}{
		{"Empty", nil, 0},
		{"DistinctOrders", []events.Event{cancelled2, events.UserOrderChanged("u1", market, yes, 3, "cancelled"),
			events.UserOrderChanged("u1", market, yes, 12, "open"), events.UserOrderChanged("u1", market, yes, 13, "open")}, 4},
		{"DistinctStatuses", []events.Event{events.UserOrderChanged("u1", market, yes, 2, "partially_filled"), cancelled2}, 2},
		{"DistinctOptions", []events.Event{events.MarketBookChange(market, yes), events.MarketBookChange(market, no)}, 2},
		{"DistinctUsers", []events.Event{events.UserNewNotification("u1"), events.UserNewNotification("u2")}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := events.Compact(tc.in)
			if len(got) != tc.want || !slices.EqualFunc(got, tc.in[:tc.want], sameEvent) {
				t.Fatalf("kept %v, want the first %d of %v", got, tc.want, tc.in)
			}
		})
	}
	t.Run("Repeats", func(t *testing.T) {
		in := []events.Event{events.MarketBookChange(market, yes), cancelled2, events.MarketBookChange(market, yes),
			events.UserOrderChanged("u1", market, yes, 2, "cancelled"), events.MarketBookChange(market, no)}
		got := events.Compact(in)
		want := []events.Event{in[0], in[1], in[4]}
		if !slices.EqualFunc(got, want, sameEvent) {
			t.Fatalf("kept %v, want %v", got, want)
		}
	})
	t.Run("NoFieldPassesForAnother", func(t *testing.T) {
		a := events.Event{Name: "user:x", UID: "u", Data: map[string]string{"a": "b:c"}}
		b := events.Event{Name: "user:x", UID: "u", Data: map[string]string{"a:b": "c"}}
		if got := events.Compact([]events.Event{a, b}); len(got) != 2 {
			t.Fatalf("kept %d of two different payloads", len(got))
		}
	})
}

func sameEvent(a, b events.Event) bool {
	return a.Name == b.Name && a.Topic == b.Topic && a.UID == b.UID && maps.Equal(a.Data, b.Data)
}
