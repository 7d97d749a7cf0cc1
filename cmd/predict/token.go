package main

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/predict-dev/predict/internal/auth"
	"github.com/predict-dev/predict/internal/cli"
)

// runToken prints a token of the development identity provider, for
// curl and for testing clients (a negative --ttl gives an expired token).
func runToken(cfg *Config, args []string, stdout, stderr io.Writer) error {
	fs := commandFlags("token", stderr)
	sub := fs.String("sub", "", "subject of the token, e.g. did:dev:alice")
	ttl := fs.Duration("ttl", time.Hour, "lifetime; negative gives an already expired token")
	if err := parseCommandFlags(fs, args); err != nil {
		return err
	}
	if *sub == "" {
		return cli.Usagef("token: --sub is required (e.g. --sub did:dev:alice)")
	}
	if !cfg.DevIdentity() {
		return errors.New("token: PREDICT_JWKS_URL is set; tokens come from that identity provider, not from predict")
	}
	dev, err := auth.OpenDevProvider(cfg.DataDir, cfg.JWTIssuer, cfg.JWTAudience)
	if err != nil {
		return fmt.Errorf("open dev identity provider: %w", err)
	}
	tok, err := dev.Mint(*sub, *ttl)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(stdout, tok)
	return err
}
