package aa_test

import (
	"context"
	"crypto/ecdsa"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/aa"
	"github.com/predict-dev/predict/internal/chain/bindings"
)

func TestLoginChallengeMessage(t *testing.T) {
	now := time.Date(2030, 1, 2, 3, 4, 5, 600, time.UTC)
	c := aa.NewLoginChallenge("did:dev:alice", common.HexToAddress("0xAbC0000000000000000000000000000000000001"), 1337, now, 5*time.Minute)
	if !c.Expires.Equal(now.Add(5*time.Minute).Truncate(time.Second)) || len(c.Nonce) != 32 {
		t.Fatalf("challenge = %+v", c)
	}
	back, err := aa.ParseLoginChallenge(c.Message())
	if err != nil || back != c {
		t.Fatalf("parse(message) = %+v, %v; want %+v", back, err, c)
	}
	msg := c.Message()
	for name, bad := range map[string]string{
		"Empty":          "",
		"UserOpHashSize": strings.Repeat("a", 32),
		"OtherTitle":     strings.Replace(msg, "Sign in to predict", "Sign in to other", 1),
		"UpperAccount":   strings.Replace(msg, "0xabc0", "0xABC0", 1),
		"ExtraLine":      msg + "\nNote: x",
		"NoNonce":        strings.Replace(msg, "Nonce: "+c.Nonce, "Nonce: 12", 1),
		"BadExpiry":      strings.Replace(msg, "2030-01-02T03:09:05Z", "tomorrow", 1),
		"ChainZero":      strings.Replace(msg, "Chain ID: 1337", "Chain ID: 0", 1),
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := aa.ParseLoginChallenge(bad); predict.ErrorCode(err) != predict.EINVALID {
				t.Fatalf("parse: %v, want EINVALID", err)
			}
		})
	}
}

// TestAccountsVerifyOwner checks proofs of control against the real
// SimpleAccountFactory and SimpleAccount on the dev chain, for an account
// not deployed yet and for a deployed one.
func TestAccountsVerifyOwner(t *testing.T) {
	c := newTestChain(t)
	ctx := context.Background()
	accounts := aa.NewAccounts(c.client, c.suite.AccountFactory)
	owner, _ := crypto.GenerateKey()
	other, _ := crypto.GenerateKey()
	ownerAddr := crypto.PubkeyToAddress(owner.PublicKey)
	account, err := aa.AccountAddress(ctx, c.client, c.suite.AccountFactory, ownerAddr)
	if err != nil {
		t.Fatal(err)
	}
	msg := []byte(aa.NewLoginChallenge("did:dev:alice", account, int64(c.suite.ChainID), time.Now(), time.Minute).Message())
	sign := func(key *ecdsa.PrivateKey) []byte {
		sig, err := aa.SignMessage(msg, key)
		if err != nil {
			t.Fatal(err)
		}
		return sig
	}
	verify := func(t *testing.T, sig []byte, wantCode string) {
		t.Helper()
		got, err := accounts.VerifyOwner(ctx, account, msg, sig)
		if predict.ErrorCode(err) != wantCode {
			t.Fatalf("verify: %v, want code %q", err, wantCode)
		}
		if wantCode == "" && got != ownerAddr {
			t.Fatalf("owner = %s, want %s", got, ownerAddr)
		}
	}
	v01 := sign(owner)
	v01[64] -= 27
	cases := []struct {
		name string
		sig  []byte
		code string
	}{
		{"OK", sign(owner), ""},
		{"OKRecoveryID01", v01, ""},
		{"ErrOtherKey", sign(other), predict.EFORBIDDEN},
		{"ErrShort", sign(owner)[:64], predict.EINVALID},
		{"ErrGarbage", make([]byte, 65), predict.EINVALID},
	}
	for _, tc := range cases {
		t.Run("Undeployed"+tc.name, func(t *testing.T) { verify(t, tc.sig, tc.code) })
	}
	if deployed, err := accounts.Check(ctx, account); err != nil || deployed {
		t.Fatalf("check before deployment: deployed %t, %v", deployed, err)
	}

	// Deploy the account; its owner() now decides.
	factory, err := bindings.NewSimpleAccountFactory(c.suite.AccountFactory, c.client)
	if err != nil {
		t.Fatal(err)
	}
	c.transact(t, c.keys.Operator, func(o *bind.TransactOpts) (interface{ Hash() common.Hash }, error) {
		return factory.CreateAccount(o, ownerAddr, aa.AccountSalt)
	})
	if deployed, err := accounts.Check(ctx, account); err != nil || !deployed {
		t.Fatalf("check after deployment: deployed %t, %v", deployed, err)
	}
	for _, tc := range cases {
		t.Run("Deployed"+tc.name, func(t *testing.T) { verify(t, tc.sig, tc.code) })
	}

	// Addresses that are not accounts of the factory.
	for name, a := range map[string]common.Address{
		"Zero":          {},
		"MarketFactory": c.suite.MarketFactory,
		"BaseToken":     c.suite.BaseTokens[0].Address,
		"EntryPoint":    c.suite.EntryPoint,
	} {
		t.Run("Refused"+name, func(t *testing.T) {
			if _, err := accounts.Check(ctx, a); predict.ErrorCode(err) != predict.EINVALID {
				t.Fatalf("check: %v, want EINVALID", err)
			}
			if _, err := accounts.VerifyOwner(ctx, a, msg, sign(owner)); predict.ErrorCode(err) != predict.EINVALID {
				t.Fatalf("verify: %v, want EINVALID", err)
			}
		})
	}
}
