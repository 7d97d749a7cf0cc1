package main

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/predict-dev/predict/internal/api"
	"github.com/predict-dev/predict/internal/auth"
)

// Config is every setting of the service, read from PREDICT_* variables.
// README.md lists them; keep the two in step.
type Config struct {
	DataDir         string
	HTTPAddr        string
	DatabaseURL     string // empty: SQLite file in DataDir
	LogFormat       string // text or json
	LogLevel        string
	JWKSURL         string // empty: the development identity provider
	JWTIssuer       string
	JWTAudience     string
	AdminSubjects   []string
	CORSOrigins     []string
	RateLimits      api.RateLimits
	TrustProxy      bool
	BodyLimit       int64
	ShutdownTimeout time.Duration
}

// DevIdentity reports whether the development identity provider is used.
func (c *Config) DevIdentity() bool { return c.JWKSURL == "" }

// DatabaseDSN is the store to open: PREDICT_DATABASE_URL or the SQLite
// file of the data directory.
func (c *Config) DatabaseDSN() string {
	if c.DatabaseURL != "" {
		return c.DatabaseURL
	}
	return filepath.Join(c.DataDir, "predict.db")
}

// LoadConfig reads the configuration through getenv, so tests pass a map.
func LoadConfig(getenv func(string) string) (*Config, error) {
	env := func(name, def string) string {
		if v := strings.TrimSpace(getenv(name)); v != "" {
			return v
		}
		return def
	}
	c := &Config{
		DataDir:       env("PREDICT_DATA_DIR", "predict-data"),
		HTTPAddr:      env("PREDICT_HTTP_ADDR", "127.0.0.1:8080"),
		DatabaseURL:   env("PREDICT_DATABASE_URL", ""),
		LogFormat:     env("PREDICT_LOG_FORMAT", "text"),
		LogLevel:      env("PREDICT_LOG_LEVEL", "info"),
		JWKSURL:       env("PREDICT_JWKS_URL", ""),
		JWTIssuer:     env("PREDICT_JWT_ISSUER", ""),
		JWTAudience:   env("PREDICT_JWT_AUDIENCE", ""),
		AdminSubjects: list(env("PREDICT_ADMIN_SUBJECTS", "")),
		CORSOrigins:   list(env("PREDICT_CORS_ORIGINS", "*")),
		TrustProxy:    env("PREDICT_TRUST_PROXY_HEADERS", "false") == "true",
	}
	var err error
	num := func(name string, def float64) float64 {
		if err != nil {
			return def
		}
		v := env(name, "")
		if v == "" {
			return def
		}
		f, perr := strconv.ParseFloat(v, 64)
		if perr != nil || f < 0 {
			err = fmt.Errorf("%s must be a non-negative number, got %q", name, v)
		}
		return f
	}
	c.RateLimits = api.RateLimits{
		PublicPerIP:  num("PREDICT_RATE_PUBLIC", api.DefaultRateLimits.PublicPerIP),
		ReadPerUser:  num("PREDICT_RATE_USER_READ", api.DefaultRateLimits.ReadPerUser),
		TradePerUser: num("PREDICT_RATE_USER_TRADE", api.DefaultRateLimits.TradePerUser),
	}
	c.BodyLimit = int64(num("PREDICT_BODY_LIMIT", 1<<20))
	if err != nil {
		return nil, err
	}
	if c.ShutdownTimeout, err = time.ParseDuration(env("PREDICT_SHUTDOWN_TIMEOUT", "15s")); err != nil {
		return nil, fmt.Errorf("PREDICT_SHUTDOWN_TIMEOUT: %w", err)
	}
	if c.LogFormat != "text" && c.LogFormat != "json" {
		return nil, fmt.Errorf("PREDICT_LOG_FORMAT must be text or json, got %q", c.LogFormat)
	}
	if c.DevIdentity() {
		if c.JWTIssuer == "" {
			c.JWTIssuer = auth.DevIssuer
		}
		if c.JWTAudience == "" {
			c.JWTAudience = auth.DevAudience
		}
	} else if c.JWTIssuer == "" || c.JWTAudience == "" {
		return nil, fmt.Errorf("PREDICT_JWKS_URL is set: PREDICT_JWT_ISSUER and PREDICT_JWT_AUDIENCE are required too")
	}
	return c, nil
}

func list(v string) []string {
	var out []string
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}
