package ops

import (
	"context"
	"testing"
	"time"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// TestSponsorshipBudget takes a user's sponsorships through two services
// (two replicas) in turns until both refuse: in memory each replica has
// the budget of its own; with the shared counter of one database the two
// together have it once.
func TestSponsorshipBudget(t *testing.T) {
	const budget = 5
	now := time.Now() // one instant: the test never straddles the top of an hour
	newService := func(c SponsorCounter) *Service {
		return New(Config{Deployment: &predict.Deployment{ChainID: 1337}, SponsorPerHour: budget, Sponsored: c,
			Now: func() time.Time { return now }})
	}
	cases := map[string]struct {
		replicas func(t *testing.T) []*Service
		want     int
	}{
		"Memory": {func(t *testing.T) []*Service { return []*Service{newService(nil), newService(nil)} }, 2 * budget},
		"SharedSQLite": {func(t *testing.T) []*Service {
			dsn := storetest.SQLiteDSN(t)
			return []*Service{newService(storetest.Open(t, dsn)), newService(storetest.Open(t, dsn))}
		}, budget},
		"SharedPostgres": {func(t *testing.T) []*Service {
			dsn := storetest.PostgresDSN(t)
			return []*Service{newService(storetest.Open(t, dsn)), newService(storetest.Open(t, dsn))}
		}, budget},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			replicas := c.replicas(t)
			taken := 0
			for i := range 3 * budget {
				err := replicas[i%2].takeSponsorship(context.Background(), "uid-alice")
				switch predict.ErrorCode(err) {
				case "":
					taken++
				case predict.ERATELIMIT:
				default:
					t.Fatal(err)
				}
			}
			if taken != c.want {
				t.Fatalf("two replicas sponsored %d operations, want %d", taken, c.want)
			}
			// Another user has a budget of their own.
			if err := replicas[0].takeSponsorship(context.Background(), "uid-bob"); err != nil {
				t.Fatal(err)
			}
		})
	}
}

var _ SponsorCounter = (*store.DB)(nil)
