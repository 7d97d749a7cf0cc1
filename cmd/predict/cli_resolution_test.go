package main

import (
	"strings"
	"testing"
	"time"

	"github.com/predict-dev/predict/client"
)

// TestCLIResolution drives the resolution verbs on a service whose
// markets get a challenge window of 600 s by default
// (PREDICT_CHALLENGE_WINDOW): settle asserts, finalize is refused until
// the window ends and dispute after it, finalize then ends the market; on
// a second market settle asserts void, dispute puts it before the
// arbitrator, and arbitrate by anyone else is refused.
func TestCLIResolution(t *testing.T) {
	e := startE2E(t, map[string]string{"PREDICT_CHALLENGE_WINDOW": "600s"})
	ctx := e.ctx
	_, predict := e.cli()
	must := func(want string, args ...string) {
		t.Helper()
		out, err := predict(args...)
		if err != nil || !strings.Contains(out, want) {
			t.Fatalf("predict %s: %q, %v; want %q", strings.Join(args, " "), out, err, want)
		}
	}
	refused := func(code int, args ...string) {
		t.Helper()
		if _, err := predict(args...); !client.IsCode(err, code) {
			t.Fatalf("predict %s: %v, want code %d", strings.Join(args, " "), err, code)
		}
	}
	must("logged in", "login", "--profile", "root", "--sub", "did:dev:root")
	must("logged in", "login", "--profile", "bob", "--sub", "did:dev:bob", "--name", "bob")
	must("minted", "faucet", "--profile", "root", "1000")
	must("minted", "faucet", "--profile", "bob", "100")
	market := func(title string) string {
		out, err := predict("create-market", "--profile", "root", "-q", "--title", title, "--option", "Yes", "--option", "No")
		if err != nil {
			t.Fatalf("create-market: %v", err)
		}
		return strings.TrimSpace(out)
	}

	first := market("Will it hail?")
	must("Yes asserted; disputable until", "settle", "--profile", "root", first, "Yes")
	refused(client.CodeWindowOpen, "finalize", "--profile", "bob", first)
	if err := e.m.DevChain.AdjustTime(ctx, 601*time.Second); err != nil {
		t.Fatal(err)
	}
	refused(client.CodeWindowClosed, "dispute", "--profile", "bob", first)
	must(`finalized "Will it hail?": ended: Yes won`, "finalize", "--profile", "bob", first)

	second := market("Will it freeze?")
	must("void asserted; disputable until", "settle", "--profile", "root", second, "void")
	must(`disputed "Will it freeze?": disputed: the arbitrator decides`, "dispute", "--profile", "bob", second)
	refused(client.CodeAlreadyDisputed, "dispute", "--profile", "bob", second)
	refused(client.CodeNotArbitrator, "arbitrate", "--profile", "bob", second, "No")
}
