package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common/hexutil"

	"github.com/predict-dev/predict/internal/api/apitest"
	"github.com/predict-dev/predict/wire"
)

// TestRPCRefusals runs POST /api/v1/rpc as a smart-account SDK meets it
// before its user has logged in, and past the default rate limits (on
// here): every answer is JSON-RPC with the call's id, a client's fault
// has a client-error code (never -32603, which SDKs take for a fault of
// the server), and the deployment's facts need no user at all.
func TestRPCRefusals(t *testing.T) {
	e := startE2E(t, map[string]string{"PREDICT_RATE_PUBLIC": "", "PREDICT_RATE_USER_READ": "", "PREDICT_RATE_USER_TRADE": ""})
	stranger := token(t, e.getenv, "did:dev:stranger") // never logged in
	chainID := hexutil.EncodeBig(big.NewInt(e.m.Deployment.ChainID))

	type reply struct {
		status int
		header http.Header
		wire.RPCResponse
	}
	call := func(tok, body string) reply {
		t.Helper()
		req, _ := http.NewRequest("POST", "http://"+e.m.Addr()+"/api/v1/rpc", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if tok != "" {
			req.Header.Set("Authorization", "Bearer "+tok)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		raw, _ := io.ReadAll(res.Body)
		apitest.Validate(t, req, res, raw)
		out := reply{status: res.StatusCode, header: res.Header}
		if err := json.Unmarshal(raw, &out.RPCResponse); err != nil {
			t.Fatalf("HTTP %d: not one JSON-RPC reply: %s", res.StatusCode, raw)
		}
		return out
	}
	rpc := func(id, method string) string {
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"method":%q,"params":[]}`, id, method)
	}
	wantError := func(r reply, status int, id string, code, apiCode int) {
		t.Helper()
		if r.status != status || string(r.ID) != id || r.Error == nil || r.Error.Code != code || r.Error.Data == nil || r.Error.Data.Code != apiCode {
			t.Fatalf("got HTTP %d id %s error %+v, want HTTP %d id %s code %d (data %d)", r.status, r.ID, r.Error, status, id, code, apiCode)
		}
	}

	t.Run("PublicMethodsNeedNoUser", func(t *testing.T) {
		for _, tok := range []string{"", stranger, "not-a-token"} {
			r := call(tok, rpc(`7`, "eth_chainId"))
			var got string
			if r.status != http.StatusOK || string(r.ID) != "7" || r.Error != nil || json.Unmarshal(r.Result, &got) != nil || got != chainID {
				t.Fatalf("eth_chainId with token %q: HTTP %d id %s result %s error %+v, want %s", tok, r.status, r.ID, r.Result, r.Error, chainID)
			}
			r = call(tok, rpc(`"ep"`, "eth_supportedEntryPoints"))
			if r.status != http.StatusOK || string(r.ID) != `"ep"` || r.Error != nil || !strings.Contains(strings.ToLower(string(r.Result)), strings.ToLower(e.m.Deployment.EntryPoint)) {
				t.Fatalf("eth_supportedEntryPoints with token %q: HTTP %d id %s result %s error %+v", tok, r.status, r.ID, r.Result, r.Error)
			}
		}
	})
	t.Run("BeforeLogin", func(t *testing.T) {
		r := call(stranger, rpc(`"a-1"`, "eth_getUserOperationReceipt"))
		wantError(r, http.StatusForbidden, `"a-1"`, -32600, 110109)
		if !strings.Contains(r.Error.Message, "login") {
			t.Errorf("message %q does not say to log in", r.Error.Message)
		}
	})
	t.Run("WithoutToken", func(t *testing.T) {
		wantError(call("", rpc(`12`, "eth_sendUserOperation")), http.StatusUnauthorized, `12`, -32600, 110303)
		wantError(call("not-a-token", rpc(`13`, "eth_sendUserOperation")), http.StatusUnauthorized, `13`, -32600, 110303)
	})
	t.Run("Batch", func(t *testing.T) {
		req, _ := http.NewRequest("POST", "http://"+e.m.Addr()+"/api/v1/rpc",
			strings.NewReader("["+rpc(`1`, "eth_chainId")+","+rpc(`2`, "eth_getUserOperationReceipt")+"]"))
		req.Header.Set("Authorization", "Bearer "+token(t, e.getenv, "did:dev:batcher"))
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var replies []wire.RPCResponse
		if err := json.NewDecoder(res.Body).Decode(&replies); err != nil || len(replies) != 2 {
			t.Fatalf("batch: HTTP %d, %d replies, %v", res.StatusCode, len(replies), err)
		}
		if string(replies[0].ID) != "1" || replies[0].Error != nil || string(replies[1].ID) != "2" || replies[1].Error == nil || replies[1].Error.Code != -32600 {
			t.Fatalf("batch replies: %+v %+v", replies[0], replies[1].Error)
		}
	})
	t.Run("RateLimited", func(t *testing.T) {
		// The trade limit is 5/s per user: a burst of 40 calls meets it.
		burst := token(t, e.getenv, "did:dev:burst")
		var limited *reply
		for i := range 40 {
			r := call(burst, rpc(strconv.Itoa(100+i), "eth_chainId"))
			if r.status == http.StatusTooManyRequests {
				limited = &r
				wantError(r, http.StatusTooManyRequests, strconv.Itoa(100+i), -32005, 110103)
				break
			}
		}
		if limited == nil {
			t.Fatal("40 calls at once were not limited")
		}
		// A body that is not JSON-RPC counts too, and is refused alike
		// (null id: there is no call to echo). The limit may have let one
		// more through meanwhile; ten in a row meet it.
		garbage := call(burst, "not json")
		for range 10 {
			if garbage.status == http.StatusTooManyRequests {
				break
			}
			garbage = call(burst, "not json")
		}
		wantError(garbage, http.StatusTooManyRequests, "null", -32005, 110103)
		after, err := strconv.Atoi(limited.header.Get("Retry-After"))
		if err != nil || after < 1 || limited.Error.Data.RetryAfter != after || !strings.Contains(limited.Error.Message, "retry in") {
			t.Fatalf("Retry-After %q, data.retryAfter %d, message %q: the refusal must say when to retry", limited.header.Get("Retry-After"), limited.Error.Data.RetryAfter, limited.Error.Message)
		}
	})
	t.Run("DeepBody", func(t *testing.T) {
		body := `{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":` + strings.Repeat("[", 50_000) + strings.Repeat("]", 50_000) + `}`
		req, _ := http.NewRequest("POST", "http://"+e.m.Addr()+"/api/v1/rpc", bytes.NewReader([]byte(body)))
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var r wire.RPCResponse
		if err := json.NewDecoder(res.Body).Decode(&r); err != nil || r.Error == nil || r.Error.Code != -32600 || !strings.Contains(r.Error.Message, "deeper than 32") {
			t.Fatalf("a body of 50,000 nested arrays: HTTP %d %+v %v", res.StatusCode, r.Error, err)
		}
	})
}
