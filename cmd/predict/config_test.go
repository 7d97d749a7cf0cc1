package main

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"

	"github.com/predict-dev/predict/internal/auth"
)

// TestConfigAdminSubjects: the development identity provider's admin is
// an admin unless configured otherwise, so a plain restart keeps it. A
// did:pkh subject is kept in the form Sign-In with Ethereum gives its
// tokens (the EIP-55 address), however its address is written, so a
// wallet named in lower case is an admin too.
func TestConfigAdminSubjects(t *testing.T) {
	jwks := map[string]string{"PREDICT_JWKS_URL": "https://idp.example/jwks.json", "PREDICT_JWT_ISSUER": "i", "PREDICT_JWT_AUDIENCE": "a"}
	siwe := map[string]string{"PREDICT_SIWE_DOMAIN": "predict.example"}
	wallet := common.HexToAddress("0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2")
	pkh := auth.PKHSubject(1337, wallet) // the subject of the wallet's tokens
	lower := "did:pkh:eip155:1337:" + strings.ToLower(wallet.Hex())
	for _, tc := range []struct {
		name string
		env  map[string]string
		want []string
	}{
		{"DevDefault", nil, []string{DevAdminSubject}},
		{"DevConfigured", map[string]string{"PREDICT_ADMIN_SUBJECTS": "did:dev:root, did:dev:ops"}, []string{"did:dev:root", "did:dev:ops"}},
		{"DevNone", map[string]string{"PREDICT_ADMIN_SUBJECTS": "none"}, nil},
		{"JWKSDefault", jwks, nil},
		{"JWKSConfigured", withAdmins(jwks, "did:privy:abc"), []string{"did:privy:abc"}},
		{"PKHChecksummed", withAdmins(siwe, pkh), []string{pkh}},
		{"PKHLowerCase", withAdmins(siwe, lower), []string{pkh}},
		{"PKHUpperCase", withAdmins(siwe, "did:pkh:eip155:1337:0x"+strings.ToUpper(wallet.Hex()[2:])), []string{pkh}},
		{"PKHBeside", withAdmins(siwe, "did:privy:abc, "+lower), []string{"did:privy:abc", pkh}},
		{"PKHOtherNamespace", withAdmins(siwe, "did:pkh:solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ:CKg5d12Jhpej1JqtmxLJgaFqqeYjxgPqToJ4LBdvG9Ev"),
			[]string{"did:pkh:solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ:CKg5d12Jhpej1JqtmxLJgaFqqeYjxgPqToJ4LBdvG9Ev"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := LoadConfig(testEnv(t, tc.env))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(cfg.AdminSubjects, tc.want) {
				t.Fatalf("admin subjects %q, want %q", cfg.AdminSubjects, tc.want)
			}
		})
	}
}

// TestConfigAdminSubjectsRefused: a did:pkh subject of an Ethereum
// account that names no account, or one mistyped (a mixed-case address
// whose EIP-55 checksum is wrong), stops the start with the reason rather
// than granting nothing.
func TestConfigAdminSubjectsRefused(t *testing.T) {
	for _, tc := range []struct{ name, subject string }{
		{"ErrPKHNotHex", "did:pkh:eip155:1:0xnothex"},
		{"ErrPKHShort", "did:pkh:eip155:1:0xc02aaa39b223fe8d0a0e5c4f27ead9083c756c"},
		{"ErrPKHNoPrefix", "did:pkh:eip155:1:c02aaa39b223fe8d0a0e5c4f27ead9083c756cc2"},
		{"ErrPKHChain", "did:pkh:eip155:one:0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2"},
		{"ErrPKHNoChain", "did:pkh:eip155:0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2"},
		{"ErrPKHBadChecksum", "did:pkh:eip155:1:0xc02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := LoadConfig(testEnv(t, map[string]string{"PREDICT_SIWE_DOMAIN": "predict.example", "PREDICT_ADMIN_SUBJECTS": tc.subject}))
			if err == nil || !strings.Contains(err.Error(), "PREDICT_ADMIN_SUBJECTS") || !strings.Contains(err.Error(), tc.subject) {
				t.Fatalf("LoadConfig: %v, want an error naming PREDICT_ADMIN_SUBJECTS and %q", err, tc.subject)
			}
		})
	}
}

func withAdmins(env map[string]string, admins string) map[string]string {
	out := maps.Clone(env)
	out["PREDICT_ADMIN_SUBJECTS"] = admins
	return out
}
