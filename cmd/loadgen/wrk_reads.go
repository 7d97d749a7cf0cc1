//go:build unix

package main

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/predict-dev/predict/internal/auth"
	"github.com/predict-dev/predict/internal/store"
)

// wrkRequest is one variant of a read: its URI and, for a personalized
// read, the bearer token it is sent with.
type wrkRequest struct {
	URI, Authorization string
}

// wrkEndpoint is a measured read and its variants.
type wrkEndpoint struct {
	Name     string
	Requests []wrkRequest
}

func wrkEndpointNames() []string {
	return []string{"market-detail", "markets-volume", "markets-newest", "hot-markets", "price-history",
		"user-positions", "user-asset-info", "user-trades", "user-notifications", "user-liquidity", "user-orders",
		"user-follow-markets", "user-asset-history", "user-market-detail"}
}

// wrkEndpoints makes n variants of each read over the seeded names: busy
// and quiet markets alike, and for the personal reads (user-*) the
// signed-in user's own answer (tokens: one per user, any number).
func wrkEndpoints(names *store.Seeded, tokens []string, n int) []wrkEndpoint {
	rng := rand.New(rand.NewPCG(3, 3))
	market := func() string {
		if rng.IntN(2) == 0 {
			return names.Markets[rng.IntN(min(20, len(names.Markets)))]
		}
		return names.Markets[rng.IntN(len(names.Markets))]
	}
	make1 := func(name string, f func(i int) wrkRequest) wrkEndpoint {
		e := wrkEndpoint{Name: name}
		seen := map[wrkRequest]bool{}
		for i := 0; len(e.Requests) < n && i < 4*n; i++ {
			if r := f(i); !seen[r] {
				seen[r] = true
				e.Requests = append(e.Requests, r)
			}
		}
		return e
	}
	// personal is a read of the caller's own: a variant per token (the
	// i-th of the seeded users), its URI made for that user.
	personal := func(name string, uri func(i int) string) wrkEndpoint {
		return make1(name, func(i int) wrkRequest {
			i %= len(tokens)
			return wrkRequest{URI: uri(i), Authorization: "Bearer " + tokens[i]}
		})
	}
	same := func(uri string) func(int) string { return func(int) string { return uri } }
	pageSizes := []int{10, 20, 50}
	list := func(sort string) func(int) wrkRequest {
		return func(int) wrkRequest {
			return wrkRequest{URI: fmt.Sprintf("/api/v1/market/get-markets?page=%d&pageSize=%d&sortType=%s",
				1+rng.IntN(4), pageSizes[rng.IntN(len(pageSizes))], sort)}
		}
	}
	return []wrkEndpoint{
		make1("market-detail", func(int) wrkRequest {
			return wrkRequest{URI: "/api/v1/market/get-market-detail?marketAddress=" + market()}
		}),
		make1("markets-volume", list("volume")),
		make1("markets-newest", list("newest")),
		make1("hot-markets", func(int) wrkRequest {
			return wrkRequest{URI: fmt.Sprintf("/api/v1/market/get-hot-markets?page=%d&pageSize=%d", 1+rng.IntN(4), pageSizes[rng.IntN(2)])}
		}),
		make1("price-history", func(int) wrkRequest {
			iv := []string{"1d", "1w", "1m", "all"}[rng.IntN(4)]
			return wrkRequest{URI: "/api/v1/market/get-price-history?marketAddress=" + market() + "&interval=" + iv}
		}),
		personal("user-positions", same("/api/v1/market/get-user-positions?page=1&pageSize=20")),
		personal("user-asset-info", func(i int) string {
			return "/api/v1/market/get-user-asset-info?uid=" + names.UIDs[i] + "&baseTokenAddress=" + names.BaseToken
		}),
		personal("user-trades", same("/api/v1/market/get-user-trades?page=1&pageSize=20")),
		personal("user-notifications", same("/api/v1/user/get-user-notifications?page=1&pageSize=20")),
		personal("user-liquidity", same("/api/v1/market/get-user-liquidity?page=1&pageSize=20")),
		personal("user-orders", same("/api/v1/market/get-user-orders?page=1&pageSize=20")),
		personal("user-follow-markets", same("/api/v1/market/get-follow-markets")),
		personal("user-asset-history", func(i int) string {
			return "/api/v1/user/get-user-asset-history?uid=" + names.UIDs[i] + "&timeInterval=1w&baseTokenAddress=" + names.BaseToken
		}),
		// The market detail with a token: the caller's own (isFollowed).
		personal("user-market-detail", func(i int) string {
			return "/api/v1/market/get-market-detail?marketAddress=" + names.Markets[i%len(names.Markets)]
		}),
	}
}

// wrkReads mints a token (from the development identity provider in
// identity) for each of the first cfg.Variants seeded users and makes the
// variants of the reads -endpoints names, all of them when it names none.
func wrkReads(cfg wrkConfig, names *store.Seeded, identity string) ([]wrkEndpoint, error) {
	dev, err := auth.OpenDevProvider(identity, "predict-dev", "predict")
	if err != nil {
		return nil, err
	}
	var tokens []string
	for _, sub := range names.Subjects[:min(cfg.Variants, len(names.Subjects))] {
		tok, err := dev.Mint(sub, 24*time.Hour)
		if err != nil {
			return nil, err
		}
		tokens = append(tokens, tok)
	}
	endpoints := wrkEndpoints(names, tokens, cfg.Variants)
	if len(cfg.Endpoints) > 0 {
		endpoints = slices.DeleteFunc(endpoints, func(e wrkEndpoint) bool { return !slices.Contains(cfg.Endpoints, e.Name) })
		if len(endpoints) == 0 {
			return nil, fmt.Errorf("wrk: no read named in -endpoints; reads: %s", strings.Join(wrkEndpointNames(), ","))
		}
	}
	return endpoints, nil
}
