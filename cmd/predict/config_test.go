package main

import (
	"maps"
	"slices"
	"testing"
)

// TestConfigAdminSubjects: the development identity provider's admin is
// an admin unless configured otherwise, so a plain restart keeps it.
func TestConfigAdminSubjects(t *testing.T) {
	jwks := map[string]string{"PREDICT_JWKS_URL": "https://idp.example/jwks.json", "PREDICT_JWT_ISSUER": "i", "PREDICT_JWT_AUDIENCE": "a"}
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

func withAdmins(env map[string]string, admins string) map[string]string {
	out := maps.Clone(env)
	out["PREDICT_ADMIN_SUBJECTS"] = admins
	return out
}
