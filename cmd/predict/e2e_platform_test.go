package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict/internal/store/storetest"
)

// TestPlatformRows calls every row of the platform's client contract
// (what PrometheX front ends and bots send and expect) through the
// real service on both stores, after a real trade, sell, claim, post,
// comment, reply, like, follow and notification. Each documented field is
// checked for presence and type, and for its value where the scenario
// makes it derivable (the chain's balances and supplies, who did what).
func TestPlatformRows(t *testing.T) {
	for _, name := range []string{"sqlite", "postgres"} {
		t.Run(name, func(t *testing.T) {
			env := map[string]string{}
			if name == "postgres" {
				env["PREDICT_DATABASE_URL"] = storetest.PostgresDSN(t)
			}
			platformRows(t, startE2E(t, env))
		})
	}
}

// fields names the documented fields of one JSON object and the kind of
// each: string, iso (an ISO 8601 time), amount (a decimal integer string),
// price (a decimal string), int, bool, object, array, or "object|null".
type fields map[string]string

var (
	amountRe = regexp.MustCompile(`^[0-9]+$`)
	priceRe  = regexp.MustCompile(`^[0-9]+(\.[0-9]+)?$`)
)

// has checks that obj holds every field of want with its kind, and
// returns obj for value checks.
func has(t *testing.T, where string, v any, want fields) map[string]any {
	t.Helper()
	obj, ok := v.(map[string]any)
	if !ok {
		t.Fatalf("%s: %T, want an object", where, v)
	}
	for name, kind := range want {
		f, ok := obj[name]
		if !ok {
			t.Errorf("%s: no field %q (have %v)", where, name, keys(obj))
			continue
		}
		if !isKind(f, kind) {
			t.Errorf("%s.%s = %#v, want %s", where, name, f, kind)
		}
	}
	if t.Failed() {
		t.FailNow()
	}
	return obj
}

func isKind(v any, kind string) bool {
	for _, k := range strings.Split(kind, "|") {
		switch s, isString := v.(string); k {
		case "null":
			if v == nil {
				return true
			}
		case "string":
			if isString {
				return true
			}
		case "iso":
			if _, err := time.Parse(time.RFC3339, s); isString && err == nil {
				return true
			}
		case "amount":
			if isString && amountRe.MatchString(s) {
				return true
			}
		case "price":
			if isString && priceRe.MatchString(s) {
				return true
			}
		case "int":
			if n, ok := v.(float64); ok && n == float64(int64(n)) {
				return true
			}
		case "bool":
			if _, ok := v.(bool); ok {
				return true
			}
		case "object":
			if _, ok := v.(map[string]any); ok {
				return true
			}
		case "array":
			if _, ok := v.([]any); ok {
				return true
			}
		}
	}
	return false
}

func keys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// list returns the array field name of obj, failing unless it has at
// least min elements.
func items(t *testing.T, where string, obj map[string]any, name string, min int) []any {
	t.Helper()
	a, ok := obj[name].([]any)
	if !ok || len(a) < min {
		t.Fatalf("%s.%s = %#v, want an array of at least %d", where, name, obj[name], min)
	}
	return a
}

// platform is the scenario's raw-HTTP view of the service: the
// platform's clients send these requests, not predict's Go client.
type platform struct {
	*e2e
}

// in is p reporting to the subtest t.
func (p platform) in(t *testing.T) platform {
	e := *p.e2e
	e.t = t
	return platform{&e}
}

// get calls a GET row and returns its data, checking the success envelope.
func (p platform) get(u *user, path string, q url.Values) any {
	p.t.Helper()
	tok := ""
	if u != nil {
		tok = u.token
	}
	if len(q) > 0 {
		path += "?" + q.Encode()
	}
	return p.ok("GET", path, tok, nil)
}

// post calls a POST row and returns its data.
func (p platform) post(u *user, path string, body any) any {
	p.t.Helper()
	return p.ok("POST", path, u.token, body)
}

// ok sends a request and checks the documented success envelope:
// code 0, reason "", msg "success".
func (p platform) ok(method, path, token string, body any) any {
	p.t.Helper()
	r := request(p.t, p.m, method, path, token, body)
	if r.Status != http.StatusOK || r.Code != 0 || r.Reason != "" || r.Msg != "success" {
		p.t.Fatalf("%s %s: HTTP %d {code %d, reason %q, msg %q}, want 200 {0, \"\", \"success\"}", method, path, r.Status, r.Code, r.Reason, r.Msg)
	}
	var data any
	if len(r.Data) > 0 {
		if err := json.Unmarshal(r.Data, &data); err != nil {
			p.t.Fatalf("%s %s: data %s: %v", method, path, r.Data, err)
		}
	}
	return data
}

// fails checks a documented refusal: HTTP status, code and data null.
func (p platform) fails(u *user, method, path string, body any, status, code int) {
	p.t.Helper()
	tok := ""
	if u != nil {
		tok = u.token
	}
	r := request(p.t, p.m, method, path, tok, body)
	if r.Status != status || r.Code != code || r.Reason == "" || string(r.Data) != "null" {
		p.t.Fatalf("%s %s: HTTP %d {code %d, reason %q, data %s}, want HTTP %d code %d with a reason and data null",
			method, path, r.Status, r.Code, r.Reason, r.Data, status, code)
	}
}

// op prepares, signs and submits an operation over raw HTTP and waits for
// its confirmation.
func (p platform) op(u *user, action, path string, f map[string]any) map[string]any {
	p.t.Helper()
	signed, _ := p.prepare(u, action, f)
	res := p.submit(u, path, signed)
	p.confirmed(res["opHash"].(string))
	return res
}

func platformRows(t *testing.T, e *e2e) {
	p := platform{e}
	ctx := e.ctx
	root, alice, bob := e.newUser("root"), e.newUser("alice"), e.newUser("bob")
	for _, u := range []*user{root, alice, bob} {
		e.faucet(u, 1_000_000_000)
	}
	usdc := e.m.Suite.BaseTokens[0].Address
	base := strings.ToLower(usdc.Hex())
	rain, rainOpts := e.newMarket(root, "Will it rain?")
	hot, hotOpts := e.newMarket(root, "Hot market")
	yes := common.HexToAddress(rainOpts[0])

	// Trades: alice buys Yes, bob buys No, alice buys on the hot market,
	// then sells part of her Yes (side 2: amount in option tokens,
	// minReceiveAmount in base units).
	buy := func(u *user, market, option string, amount string) {
		p.op(u, "buy", "/api/v1/market/place-order", map[string]any{"marketAddress": market, "optionAddress": option,
			"amount": amount, "minReceiveAmount": "1", "deadline": e.deadline(), "side": 1})
	}
	buy(alice, rain, rainOpts[0], "20000000")
	buy(bob, rain, rainOpts[1], "5000000")
	buy(alice, hot, hotOpts[0], "3000000")
	sold := new(big.Int).Div(e.balance(yes, alice.account), big.NewInt(4))
	p.op(alice, "sell", "/api/v1/market/place-order", map[string]any{"marketAddress": rain, "optionAddress": rainOpts[0],
		"amount": sold.String(), "minReceiveAmount": "1", "deadline": e.deadline(), "side": 2})

	// Community: alice posts, bob comments, alice replies to him; bob
	// likes the post, alice likes bob's comment.
	post := has(t, "publish-post", p.post(alice, "/api/v1/community/publish-post",
		map[string]any{"marketAddress": rain, "title": "Forecast", "content": "Clouds all week."}), fields{"postUuid": "string"})
	postUUID := post["postUuid"].(string)
	comment := has(t, "publish-comment", p.post(bob, "/api/v1/community/publish-comment",
		map[string]any{"postUuid": postUUID, "content": "Not here."}), fields{"commentUuid": "string"})
	commentUUID := comment["commentUuid"].(string)
	reply := has(t, "publish-comment (reply)", p.post(alice, "/api/v1/community/publish-comment",
		map[string]any{"postUuid": postUUID, "rootUuid": commentUUID, "parentUuid": commentUUID, "content": "We will see."}), fields{"commentUuid": "string"})
	replyUUID := reply["commentUuid"].(string)
	p.post(bob, "/api/v1/community/like-content", map[string]any{"contentUuid": postUUID, "contentType": 1})
	p.post(alice, "/api/v1/community/like-content", map[string]any{"contentUuid": commentUUID, "contentType": 2})
	// A like taken back is gone; liking it again restores it.
	p.post(alice, "/api/v1/community/unlike-content", map[string]any{"contentUuid": replyUUID, "contentType": 2})

	// Follows: bob follows alice; alice follows both markets, then
	// unfollows the hot one.
	p.post(bob, "/api/v1/user/follow-user", map[string]any{"followUid": alice.uid})
	p.post(root, "/api/v1/user/follow-user", map[string]any{"followUid": alice.uid})
	p.post(root, "/api/v1/user/unfollow-user", map[string]any{"unfollowUid": alice.uid})
	p.post(alice, "/api/v1/market/follow-market", map[string]any{"marketAddress": rain})
	p.post(alice, "/api/v1/market/follow-market", map[string]any{"marketAddress": hot})
	p.post(alice, "/api/v1/market/unfollow-market", map[string]any{"marketAddress": hot})

	// Profile rows.
	p.post(alice, "/api/v1/user/set-name", map[string]any{"name": "alice2"})
	p.post(alice, "/api/v1/user/set-description", map[string]any{"description": "Weather watcher."})
	p.post(alice, "/api/v1/user/set-avatar", map[string]any{"avatarUrl": "https://example.com/a.png"})

	t.Run("Hot", func(t *testing.T) {
		p := p.in(t)
		for _, q := range []url.Values{nil, {"baseTokenAddress": {base}}} {
			data := has(t, "get-hot-markets", p.get(nil, "/api/v1/market/get-hot-markets", q), fields{"marketList": "array"})
			var found bool
			for i, m := range items(t, "get-hot-markets", data, "marketList", 2) {
				where := fmt.Sprintf("marketList[%d]", i)
				m := has(t, where, m, fields{"marketAddress": "string", "title": "string", "status": "string", "volume": "amount", "options": "array"})
				for j, o := range items(t, where, m, "options", 2) {
					has(t, fmt.Sprintf("%s.options[%d]", where, j), o, fields{"title": "string", "price": "price"})
				}
				found = found || m["marketAddress"] == hot
			}
			if !found {
				t.Fatalf("get-hot-markets %v: the traded market %s is not listed", q, hot)
			}
		}
	})

	t.Run("PriceHistory", func(t *testing.T) {
		p := p.in(t)
		for _, path := range []string{"get-price-history", "get-market-option-price-history"} {
			for _, iv := range []string{"1h", "4h", "1d", "1w", "all"} {
				q := url.Values{"marketAddress": {rain}, "timeInterval": {iv}, "baseTokenAddress": {base}}
				where := path + " " + iv
				data := has(t, where, p.get(nil, "/api/v1/market/"+path, q), fields{"total": "int", "snapshots": "array"})
				snaps := items(t, where, data, "snapshots", 1)
				if int(data["total"].(float64)) != len(snaps) {
					t.Fatalf("%s: total %v, %d snapshots", where, data["total"], len(snaps))
				}
				for i, s := range snaps {
					s := has(t, fmt.Sprintf("%s snapshots[%d]", where, i), s, fields{"timestamp": "iso", "options": "array"})
					opts := items(t, where, s, "options", 2)
					if len(opts) != 2 {
						t.Fatalf("%s snapshots[%d]: %d options, want every option's price (2)", where, i, len(opts))
					}
					for _, o := range opts {
						has(t, where, o, fields{"optionAddress": "string", "price": "price"})
					}
				}
			}
		}
		p.fails(nil, "GET", "/api/v1/market/get-price-history?marketAddress="+rain+"&timeInterval=2h", nil, http.StatusBadRequest, 110101)
	})

	t.Run("MarketTrades", func(t *testing.T) {
		p := p.in(t)
		data := has(t, "get-market-trades", p.get(nil, "/api/v1/market/get-market-trades", url.Values{"marketAddress": {rain}}),
			fields{"total": "int", "orders": "array"})
		orders := items(t, "get-market-trades", data, "orders", 3)
		if data["total"].(float64) != 3 || len(orders) != 3 {
			t.Fatalf("get-market-trades: total %v, %d orders; want the 3 trades", data["total"], len(orders))
		}
		sides := map[string]int{}
		for i, o := range orders {
			where := fmt.Sprintf("orders[%d]", i)
			o := has(t, where, o, fields{"orderUuid": "string", "marketAddress": "string", "optionTitle": "string",
				"side": "string", "price": "price", "amount": "amount", "timestamp": "iso", "user": "object"})
			u := has(t, where+".user", o["user"], fields{"uid": "string", "name": "string", "avatarUrl": "string"})
			sides[o["side"].(string)]++
			if o["side"] == "sell" && (u["uid"] != alice.uid || o["optionTitle"] != "Yes") {
				t.Fatalf("the sell: %v, want alice's sale of Yes", o)
			}
		}
		if sides["buy"] != 2 || sides["sell"] != 1 {
			t.Fatalf("sides %v, want 2 buy and 1 sell", sides)
		}
		paged := has(t, "get-market-trades paged", p.get(nil, "/api/v1/market/get-market-trades",
			url.Values{"marketAddress": {rain}, "page": {"2"}, "pageSize": {"2"}, "baseTokenAddress": {base}}), fields{"total": "int", "orders": "array"})
		if paged["total"].(float64) != 3 || len(paged["orders"].([]any)) != 1 {
			t.Fatalf("page 2 of size 2: %v", paged)
		}
	})

	t.Run("FollowMarkets", func(t *testing.T) {
		p := p.in(t)
		for _, q := range []url.Values{nil, {"page": {"1"}, "pageSize": {"10"}}} {
			data := has(t, "get-follow-markets", p.get(alice, "/api/v1/market/get-follow-markets", q), fields{"total": "int", "marketList": "array"})
			ml := items(t, "get-follow-markets", data, "marketList", 1)
			if data["total"].(float64) != 1 || len(ml) != 1 {
				t.Fatalf("get-follow-markets: %v; want the one market alice still follows", data)
			}
			m := has(t, "marketList[0]", ml[0], fields{"marketAddress": "string", "title": "string", "options": "array"})
			if m["marketAddress"] != rain || m["title"] != "Will it rain?" {
				t.Fatalf("followed market %v, want %s", m, rain)
			}
			for _, o := range items(t, "marketList[0]", m, "options", 2) {
				has(t, "marketList[0].options", o, fields{"title": "string", "price": "price"})
			}
		}
		p.fails(nil, "GET", "/api/v1/market/get-follow-markets", nil, http.StatusUnauthorized, 110303)
	})

	t.Run("BaseInfo", func(t *testing.T) {
		p := p.in(t)
		self := has(t, "get-user-base-info", p.get(nil, "/api/v1/user/get-user-base-info", url.Values{"uid": {alice.uid}}),
			fields{"uid": "string", "name": "string", "avatarUrl": "string", "description": "string", "address": "string",
				"inviteCode": "string", "followersCount": "int", "followingCount": "int", "isFollowed": "bool"})
		if self["name"] != "alice2" || self["description"] != "Weather watcher." || self["avatarUrl"] != "https://example.com/a.png" ||
			self["address"] != strings.ToLower(alice.account.Hex()) || self["followersCount"] != 1.0 || self["followingCount"] != 0.0 || self["isFollowed"] != false {
			t.Fatalf("alice's base info %v", self)
		}
		// The same user by each of the other keys; bob, who follows her, sees isFollowed.
		for _, q := range []url.Values{{"address": {self["address"].(string)}}, {"name": {"alice2"}}, {"inviteCode": {self["inviteCode"].(string)}}} {
			got := has(t, "get-user-base-info "+q.Encode(), p.get(bob, "/api/v1/user/get-user-base-info", q), fields{"uid": "string", "isFollowed": "bool"})
			if got["uid"] != alice.uid || got["isFollowed"] != true {
				t.Fatalf("get-user-base-info %v as bob: %v", q, got)
			}
		}
		bobInfo := has(t, "bob", p.get(nil, "/api/v1/user/get-user-base-info", url.Values{"uid": {bob.uid}}), fields{"followingCount": "int"})
		if bobInfo["followingCount"] != 1.0 {
			t.Fatalf("bob's followingCount %v, want 1", bobInfo["followingCount"])
		}
		p.fails(nil, "GET", "/api/v1/user/get-user-base-info", nil, http.StatusBadRequest, 110101)
		p.fails(nil, "GET", "/api/v1/user/get-user-base-info?uid="+alice.uid+"&name=alice2", nil, http.StatusBadRequest, 110101)
		p.fails(nil, "GET", "/api/v1/user/get-user-base-info?name=nobody", nil, http.StatusNotFound, 110102)
	})

	t.Run("Community", func(t *testing.T) {
		p := p.in(t)
		data := has(t, "get-market-posts", p.get(bob, "/api/v1/community/get-market-posts", url.Values{"marketAddress": {rain}}),
			fields{"total": "int", "posts": "array"})
		posts := items(t, "get-market-posts", data, "posts", 1)
		po := has(t, "posts[0]", posts[0], fields{"postUuid": "string", "marketAddress": "string", "title": "string", "content": "string",
			"likesCount": "int", "commentsCount": "int", "isLiked": "bool", "publisher": "object", "createdAt": "iso"})
		pub := has(t, "posts[0].publisher", po["publisher"], fields{"uid": "string", "name": "string", "avatarUrl": "string"})
		if po["postUuid"] != postUUID || po["title"] != "Forecast" || po["content"] != "Clouds all week." || po["marketAddress"] != rain ||
			po["likesCount"] != 1.0 || po["commentsCount"] != 2.0 || po["isLiked"] != true || pub["uid"] != alice.uid {
			t.Fatalf("alice's post as bob sees it: %v", po)
		}
		// Anonymous readers see the same counts and isLiked false.
		anon := has(t, "get-market-posts (anonymous)", p.get(nil, "/api/v1/community/get-market-posts",
			url.Values{"marketAddress": {rain}, "page": {"1"}, "pageSize": {"5"}}), fields{"posts": "array"})
		if a := anon["posts"].([]any)[0].(map[string]any); a["isLiked"] != false || a["likesCount"] != 1.0 {
			t.Fatalf("the post for an anonymous reader: %v", a)
		}

		commentFields := fields{"commentUuid": "string", "content": "string", "likesCount": "int", "isLiked": "bool",
			"repliesCount": "int", "user": "object", "createdAt": "iso"}
		top := has(t, "get-comments", p.get(alice, "/api/v1/community/get-comments", url.Values{"postUuid": {postUUID}}),
			fields{"total": "int", "comments": "array"})
		cs := items(t, "get-comments", top, "comments", 1)
		c := has(t, "comments[0]", cs[0], commentFields)
		cu := has(t, "comments[0].user", c["user"], fields{"uid": "string", "name": "string", "avatarUrl": "string"})
		if top["total"] != 1.0 || c["commentUuid"] != commentUUID || c["repliesCount"] != 1.0 || c["likesCount"] != 1.0 ||
			c["isLiked"] != true || cu["uid"] != bob.uid {
			t.Fatalf("top-level comments as alice sees them: %v", top)
		}
		under := has(t, "get-comments rootUuid", p.get(nil, "/api/v1/community/get-comments",
			url.Values{"postUuid": {postUUID}, "rootUuid": {commentUUID}, "page": {"1"}, "pageSize": {"10"}}), fields{"total": "int", "comments": "array"})
		rs := items(t, "get-comments rootUuid", under, "comments", 1)
		r := has(t, "replies[0]", rs[0], commentFields)
		if under["total"] != 1.0 || r["commentUuid"] != replyUUID || r["content"] != "We will see." || r["likesCount"] != 0.0 {
			t.Fatalf("replies under bob's comment: %v", under)
		}
		p.fails(alice, "POST", "/api/v1/community/like-content", map[string]any{"contentUuid": postUUID, "contentType": 3}, http.StatusBadRequest, 110101)
		p.fails(nil, "GET", "/api/v1/community/get-comments", nil, http.StatusBadRequest, 110101)
	})

	// Settlement and claim: root settles Yes; alice claims what she holds.
	p.op(root, "settle-market", "/api/v1/market/settle-market", map[string]any{"marketAddress": rain, "winningOptionAddress": rainOpts[0],
		"resolutionSource": "https://example.com/rain", "resolutionNote": "It rained."})
	waitCtx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	for {
		st := p.get(nil, "/api/v1/market/get-resolution-status", url.Values{"marketAddress": {rain}}).(map[string]any)
		if st["status"] == "ended" {
			break
		}
		select {
		case <-waitCtx.Done():
			t.Fatalf("market still %v 30 s after its settlement confirmed", st["status"])
		case <-time.After(50 * time.Millisecond):
		}
	}
	held := e.balance(yes, alice.account)
	usdc0 := e.balance(usdc, alice.account)
	p.op(alice, "claim", "/api/v1/market/claim-market-result", map[string]any{"marketAddress": rain, "optionAddress": rainOpts[0]})
	claimed := new(big.Int).Sub(e.balance(usdc, alice.account), usdc0)
	if claimed.Cmp(held) != 0 || claimed.Sign() == 0 {
		t.Fatalf("claim paid %s for %s winning tokens", claimed, held)
	}

	t.Run("ResolutionStatus", func(t *testing.T) {
		p := p.in(t)
		st := has(t, "get-resolution-status", p.get(nil, "/api/v1/market/get-resolution-status", url.Values{"marketAddress": {rain}}),
			fields{"marketAddress": "string", "status": "string", "winningOption": "object", "resolutionSource": "string",
				"resolutionNote": "string", "settledAt": "iso", "settledBy": "object", "claimable": "bool",
				"totalClaimableAmount": "amount", "totalClaimedAmount": "amount"})
		win := has(t, "winningOption", st["winningOption"], fields{"optionAddress": "string", "title": "string"})
		by := has(t, "settledBy", st["settledBy"], fields{"uid": "string", "name": "string"})
		left := e.supply(yes)
		if st["marketAddress"] != rain || st["status"] != "ended" || win["optionAddress"] != rainOpts[0] || win["title"] != "Yes" ||
			st["resolutionSource"] != "https://example.com/rain" || st["resolutionNote"] != "It rained." ||
			by["uid"] != root.uid || by["name"] != "root" ||
			st["totalClaimedAmount"] != claimed.String() || st["totalClaimableAmount"] != left.String() || st["claimable"] != (left.Sign() > 0) {
			t.Fatalf("resolution of %s: %v (claimed %s on chain, Yes supply left %s)", rain, st, claimed, left)
		}
		running := has(t, "get-resolution-status (running)", p.get(nil, "/api/v1/market/get-resolution-status", url.Values{"marketAddress": {hot}}),
			fields{"status": "string", "winningOption": "null", "claimable": "bool", "totalClaimableAmount": "amount", "totalClaimedAmount": "amount"})
		if running["status"] != "running" || running["claimable"] != false || running["totalClaimedAmount"] != "0" {
			t.Fatalf("resolution of the running market: %v", running)
		}
	})

	t.Run("Notifications", func(t *testing.T) {
		p := p.in(t)
		nf := fields{"uuid": "string", "type": "string", "title": "string", "content": "string", "status": "string", "createdAt": "iso"}
		page := func(q url.Values) (map[string]any, []any) {
			q.Set("page", "1")
			q.Set("pageSize", "50")
			data := has(t, "get-user-notifications "+q.Encode(), p.get(bob, "/api/v1/user/get-user-notifications", q), fields{"total": "int", "notifications": "array"})
			ns := data["notifications"].([]any)
			if int(data["total"].(float64)) != len(ns) {
				t.Fatalf("total %v for %d notifications", data["total"], len(ns))
			}
			return data, ns
		}
		_, all := page(url.Values{})
		var replyUUIDs []string
		for i, n := range all {
			n := has(t, fmt.Sprintf("notifications[%d]", i), n, nf)
			if n["status"] != "unread" {
				t.Fatalf("a new notification's status is %v, want unread", n["status"])
			}
			if n["type"] == "comment_reply" {
				replyUUIDs = append(replyUUIDs, n["uuid"].(string))
			}
		}
		// bob has his confirmed buy, the market he holds settled, and
		// alice's reply to his comment.
		if len(all) < 3 || len(replyUUIDs) != 1 {
			t.Fatalf("bob's notifications: %v; want at least the buy, the settlement and one reply", all)
		}
		_, replies := page(url.Values{"type": {"comment_reply"}})
		if len(replies) != 1 || replies[0].(map[string]any)["uuid"] != replyUUIDs[0] {
			t.Fatalf("type=comment_reply: %v", replies)
		}
		p.post(bob, "/api/v1/user/mark-notifications-as-read", map[string]any{"notificationUuids": replyUUIDs})
		_, read := page(url.Values{"status": {"read"}})
		_, unread := page(url.Values{"status": {"unread"}})
		if len(read) != 1 || read[0].(map[string]any)["uuid"] != replyUUIDs[0] || len(unread) != len(all)-1 {
			t.Fatalf("after marking the reply read: %d read %v, %d unread of %d", len(read), read, len(unread), len(all))
		}
		_, community := page(url.Values{"category": {"community"}})
		if len(community) != 1 || community[0].(map[string]any)["uuid"] != replyUUIDs[0] {
			t.Fatalf("category=community: %v", community)
		}
	})

	t.Run("AssetHistory", func(t *testing.T) {
		p := p.in(t)
		for _, iv := range []string{"1d", "1w", "1m", "3m", "all"} {
			where := "get-user-asset-history " + iv
			data := has(t, where, p.get(alice, "/api/v1/user/get-user-asset-history",
				url.Values{"uid": {alice.uid}, "timeInterval": {iv}, "baseTokenAddress": {base}}),
				fields{"total": "int", "snapshots": "array", "decimal": "int"})
			snaps := items(t, where, data, "snapshots", 1)
			for i, s := range snaps {
				has(t, fmt.Sprintf("%s snapshots[%d]", where, i), s, fields{"timestamp": "iso", "value": "amount", "balance": "amount", "portfolio": "amount", "pnl": "string"})
			}
			if data["decimal"] != 6.0 {
				t.Fatalf("%s: decimal %v, want the base token's 6", where, data["decimal"])
			}
			// The live point is alice's balance as the chain has it.
			last := snaps[len(snaps)-1].(map[string]any)
			if last["balance"] != e.balance(usdc, alice.account).String() {
				t.Fatalf("%s: last balance %v, chain %s", where, last["balance"], e.balance(usdc, alice.account))
			}
		}
	})

	t.Run("EventSourceGET", func(t *testing.T) {
		req, _ := http.NewRequestWithContext(ctx, "GET", "http://"+e.m.Addr()+"/api/v1/sse/connect?topics=market:"+hot, nil)
		req.Header.Set("Authorization", "Bearer "+alice.token)
		req.Header.Set("Accept", "text/event-stream")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
			t.Fatalf("GET sse/connect: HTTP %d %s", res.StatusCode, res.Header.Get("Content-Type"))
		}
		// The first event announces the connection.
		var first strings.Builder
		for rd := bufio.NewReader(res.Body); ; {
			line, err := rd.ReadString('\n')
			if err != nil {
				t.Fatalf("GET sse/connect: %q, then %v", first.String(), err)
			}
			if line == "\n" && first.Len() > 0 {
				break
			}
			first.WriteString(line)
		}
		if !strings.Contains(first.String(), "base:connected") || !strings.Contains(first.String(), "connection_id") {
			t.Fatalf("GET sse/connect: first event %q, want base:connected with its connection_id", first.String())
		}
	})

	// State-changing rows without data answer {code 0, msg success}.
	t.Run("Envelope", func(t *testing.T) {
		p := p.in(t)
		p.fails(nil, "POST", "/api/v1/user/set-description", map[string]any{"description": "x"}, http.StatusUnauthorized, 110303)
		r := request(t, e.m, "POST", "/api/v1/user/set-description", alice.token, map[string]any{"description": "Still watching."})
		if r.Code != 0 || r.Msg != "success" || r.Reason != "" {
			t.Fatalf("set-description: %+v", r)
		}
	})
}
