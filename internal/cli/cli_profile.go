package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/internal/auth"
)

// profile is what `predict login` saves for the other verbs: the service,
// the identity and the owner key of the smart account. It holds a token
// (from an identity provider) or, with the development identity provider
// of the embedded mode, the subject and the data directory whose key
// mints a fresh token for each command. The file is mode 0600; the owner
// key stays in its own file, which the profile names.
type profile struct {
	URL string `json:"url"`
	// Subject, DataDir, Issuer and Audience: the development identity
	// provider.
	Subject  string `json:"subject,omitempty"`
	DataDir  string `json:"dataDir,omitempty"`
	Issuer   string `json:"issuer,omitempty"`
	Audience string `json:"audience,omitempty"`
	// Token is a token of a real identity provider.
	Token   string `json:"token,omitempty"`
	KeyFile string `json:"keyFile,omitempty"`
	// Who logged in, as the service answered.
	UID      string `json:"uid,omitempty"`
	Account  string `json:"account,omitempty"`
	UserName string `json:"userName,omitempty"`
}

// tokenTTL is the lifetime of the development tokens the CLI mints.
const tokenTTL = time.Hour

// mint returns a fresh development identity token of the profile's
// subject, signed with the key in its data directory.
func (p *profile) mint() (string, error) {
	keyFile := filepath.Join(p.DataDir, auth.DevKeyFile)
	if _, err := os.Stat(keyFile); err != nil {
		return "", fmt.Errorf("no development identity key at %s (is the service's PREDICT_DATA_DIR %s?): %w", keyFile, p.DataDir, err)
	}
	dev, err := auth.OpenDevProvider(p.DataDir, p.Issuer, p.Audience)
	if err != nil {
		return "", err
	}
	return dev.Mint(p.Subject, tokenTTL)
}

var profileName = regexp.MustCompile(`^[A-Za-z0-9_.-]+$`)

// configDir is os.UserConfigDir read through getenv, so that tests can
// run the CLI in-process with their own HOME and XDG_CONFIG_HOME.
func configDir(getenv func(string) string) (string, error) {
	switch runtime.GOOS {
	case "windows", "darwin", "ios", "plan9":
		return os.UserConfigDir()
	}
	if d := getenv("XDG_CONFIG_HOME"); d != "" {
		return d, nil
	}
	if h := getenv("HOME"); h != "" {
		return filepath.Join(h, ".config"), nil
	}
	return "", errors.New("neither $XDG_CONFIG_HOME nor $HOME is set: set PREDICT_PROFILE to a file")
}

// profilePath resolves --profile (or PREDICT_PROFILE): a name is a file
// NAME.json in the user's config directory (predict/profile.json by
// default); a value with a path separator or ending in .json is a file.
func profilePath(flagValue string, getenv func(string) string) (string, error) {
	v := flagValue
	if v == "" {
		v = getenv("PREDICT_PROFILE")
	}
	if strings.ContainsRune(v, '/') || strings.ContainsRune(v, filepath.Separator) || strings.HasSuffix(v, ".json") {
		return filepath.Abs(v)
	}
	if v == "" {
		v = "profile"
	}
	if !profileName.MatchString(v) {
		return "", Usagef("profile name %q: use letters, digits, '.', '_' and '-', or a file path", v)
	}
	dir, err := configDir(getenv)
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "predict", v+".json"), nil
}

// DefaultURL is the service the CLI calls without a profile:
// PREDICT_URL, else the address `predict serve` listens on.
func DefaultURL(getenv func(string) string) string {
	if u := getenv("PREDICT_URL"); u != "" {
		return u
	}
	if a := getenv("PREDICT_HTTP_ADDR"); a != "" {
		return "http://" + a
	}
	return "http://127.0.0.1:8080"
}

// readProfile reads a profile file; a missing file is an empty profile.
func readProfile(path string) (*profile, error) {
	p := &profile{}
	raw, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return p, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read profile: %w", err)
	}
	if err := json.Unmarshal(raw, p); err != nil {
		return nil, fmt.Errorf("profile %s: %w", path, err)
	}
	return p, nil
}

// save writes the profile atomically with mode 0600.
func (p *profile) save(path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("save profile: %w", err)
	}
	raw, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".profile-*")
	if err != nil {
		return fmt.Errorf("save profile: %w", err)
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return err
	}
	if _, err := tmp.Write(append(raw, '\n')); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("save profile: %w", err)
	}
	return nil
}

// savedProfile reads the profile file that --profile (or
// PREDICT_PROFILE) names, as saved, and returns it with its path.
func (x *cli) savedProfile() (*profile, string, error) {
	path, err := profilePath(x.profileFlag, x.getenv)
	if err != nil {
		return nil, "", err
	}
	p, err := readProfile(path)
	if err != nil {
		return nil, "", err
	}
	return p, path, nil
}

// loadProfile reads the profile and applies the environment's overrides:
// PREDICT_URL, PREDICT_TOKEN (a token instead of the profile's identity)
// and PREDICT_KEY_FILE.
func (x *cli) loadProfile() error {
	if x.prof != nil {
		return nil
	}
	p, path, err := x.savedProfile()
	if err != nil {
		return err
	}
	if u := x.getenv("PREDICT_URL"); u != "" || p.URL == "" {
		p.URL = DefaultURL(x.getenv)
	}
	if t := x.getenv("PREDICT_TOKEN"); t != "" {
		p.Token, p.Subject = t, ""
	}
	if k := x.getenv("PREDICT_KEY_FILE"); k != "" {
		p.KeyFile = k
	}
	x.prof, x.profPath = p, path
	return nil
}

// runLogin logs in and saves the profile.
func runLogin(x *cli, args []string) error {
	f := x.flags("login", "(--sub DID | --token-file FILE)")
	url := f.String("url", "", "service base URL (default $PREDICT_URL, else http://$PREDICT_HTTP_ADDR, else the profile's, else http://127.0.0.1:8080)")
	sub := f.String("sub", "", "identity subject on the embedded development identity provider, e.g. did:dev:alice")
	dataDir := f.String("data-dir", "", "the service's data directory, whose key mints development tokens (default $PREDICT_DATA_DIR, else predict-data)")
	tokenFile := f.String("token-file", "", "file holding a token of your identity provider (- for stdin; or set PREDICT_TOKEN)")
	keyFile := f.String("key-file", "", "owner key of your smart account: a file of 64 hex characters (0x optional), as predict keygen and the web app's Export owner key write it; created if absent (default $PREDICT_KEY_FILE, else next to the profile)")
	name := f.String("name", "", "display name to register with")
	invite := f.String("invite", "", "referral code of another user (first login)")
	if _, err := x.parse(f, args, 0, 0); err != nil {
		return err
	}
	old, path, err := x.savedProfile()
	if err != nil {
		return err
	}
	p := &profile{URL: *url, KeyFile: *keyFile, UserName: *name}
	switch {
	case p.URL != "":
	case x.getenv("PREDICT_URL") != "" || x.getenv("PREDICT_HTTP_ADDR") != "" || old.URL == "":
		p.URL = DefaultURL(x.getenv)
	default:
		p.URL = old.URL
	}
	if _, err := client.New(p.URL); err != nil {
		return err
	}
	x.prof, x.profPath = p, path

	// The identity: a development subject, a token, or the profile's.
	switch {
	case *sub != "" && (*tokenFile != "" || x.getenv("PREDICT_TOKEN") != ""):
		return Usagef("login: give either --sub (development identity) or a token (--token-file, PREDICT_TOKEN), not both")
	case *sub != "":
		dir := *dataDir
		if dir == "" {
			dir = x.getenv("PREDICT_DATA_DIR")
		}
		if dir == "" {
			dir = "predict-data"
		}
		if p.DataDir, err = filepath.Abs(dir); err != nil {
			return err
		}
		p.Subject, p.Issuer, p.Audience = *sub, x.getenv("PREDICT_JWT_ISSUER"), x.getenv("PREDICT_JWT_AUDIENCE")
		if err := checkDevIdentity(x, p); err != nil {
			return err
		}
	case *tokenFile != "":
		if p.Token, err = x.readSecret(*tokenFile); err != nil {
			return err
		}
	case x.getenv("PREDICT_TOKEN") != "":
		p.Token = x.getenv("PREDICT_TOKEN")
	case old.Subject != "" || old.Token != "":
		p.Subject, p.DataDir, p.Issuer, p.Audience, p.Token = old.Subject, old.DataDir, old.Issuer, old.Audience, old.Token
	default:
		f.Usage()
		return Usagef("login: give --sub DID (the embedded development identity provider) or a token of your identity provider (--token-file FILE or PREDICT_TOKEN)")
	}

	// The owner key: given, the profile's, or a new one next to the
	// profile.
	if p.KeyFile == "" {
		p.KeyFile = x.getenv("PREDICT_KEY_FILE")
	}
	if p.KeyFile == "" {
		p.KeyFile = old.KeyFile
	}
	if p.KeyFile == "" {
		p.KeyFile = strings.TrimSuffix(path, ".json") + ".key"
	}
	if p.KeyFile, err = filepath.Abs(p.KeyFile); err != nil {
		return err
	}
	// A new key is written only once the service has bound its account,
	// so that a refused login leaves nothing behind.
	key, err := ReadKeyFile(p.KeyFile)
	newKey := errors.Is(err, fs.ErrNotExist)
	if newKey {
		key, err = crypto.GenerateKey()
	}
	if err != nil {
		return err
	}
	c, err := x.client(true)
	if err != nil {
		return err
	}
	signer := client.NewSigner(c, key)
	account, err := signer.Account(x.ctx)
	if err != nil {
		return err
	}
	p.Account = strings.ToLower(account.Hex())
	// The owner key signs the service's login challenge: proof of
	// control, which makes the binding of the account final.
	res, err := signer.Login(x.ctx, client.LoginRequest{Address: p.Account, UserName: *name, InviteByCode: *invite})
	if err != nil {
		return x.loginRefused(err, p, newKey)
	}
	if newKey {
		if err := os.MkdirAll(filepath.Dir(p.KeyFile), 0o700); err != nil {
			return err
		}
		if err := SaveKeyFile(p.KeyFile, key); err != nil {
			return fmt.Errorf("save owner key: %w", err)
		}
		x.progressf("created owner key %s (owner %s): it controls your account, keep it safe",
			p.KeyFile, strings.ToLower(crypto.PubkeyToAddress(key.PublicKey).Hex()))
	}
	info, err := c.GetUserInfo(x.ctx)
	if err != nil {
		return err
	}
	p.UID, p.UserName = info.UID, info.UserName
	if err := p.save(path); err != nil {
		return err
	}
	if *name != "" && info.UserName != *name { // a returning user renames
		if info, err = c.SetUsername(x.ctx, *name); err != nil {
			return err
		}
		p.UserName = info.UserName
		if err := p.save(path); err != nil {
			return err
		}
	}
	if x.jsonOut {
		return x.printJSON(map[string]any{"uid": res.UID, "isNewUser": res.IsNewUser, "account": p.Account,
			"userName": info.UserName, "roles": info.Roles, "profile": path})
	}
	who := info.UserName
	if who == "" {
		who = info.UID
	}
	verb := "logged in as"
	if res.IsNewUser {
		verb = "registered and logged in as"
	}
	tw := x.table()
	fmt.Fprintf(tw, "%s %s\n", verb, who)
	fmt.Fprintf(tw, "uid\t%s\n", info.UID)
	fmt.Fprintf(tw, "account\t%s\n", p.Account)
	if len(info.Roles) > 0 {
		fmt.Fprintf(tw, "roles\t%s\n", strings.Join(info.Roles, ", "))
	}
	fmt.Fprintf(tw, "service\t%s\n", p.URL)
	fmt.Fprintf(tw, "profile\t%s\n", path)
	return tw.Flush()
}

// loginRefused explains a refused login. When the identity is bound to
// another account than the key's (another owner key made it: the web
// app's, or another profile's), it says which and how to log in with that
// account's key. Nothing was saved: neither the profile nor a new key.
func (x *cli) loginRefused(err error, p *profile, newKey bool) error {
	if !client.IsCode(err, client.CodeConflict) {
		return err
	}
	info, ierr := x.api.GetUserInfo(x.ctx)
	if ierr != nil || info.Address == "" || strings.EqualFold(info.Address, p.Account) {
		return err
	}
	who := p.Subject
	if who == "" {
		who = "your identity"
	}
	key := "the key " + p.KeyFile
	if newKey {
		key = "a new key"
	}
	line := "predict login"
	if x.profileFlag != "" {
		line += " --profile " + x.profileFlag
	}
	if p.Subject != "" {
		line += " --sub " + p.Subject
	}
	line += " --key-file FILE"
	bound := strings.ToLower(info.Address)
	return fmt.Errorf("%w\n(%s is bound to account %s, which another owner key made; %s derives account %s. "+
		"Log in with the key of %s:\n"+
		"  1. if you signed in to the web app first: on its profile page, press Export owner key (it saves predict-owner-NAME.key);\n"+
		"     if another profile of predict login made it: its key file is next to that profile;\n"+
		"  2. %s\n"+
		"Nothing was saved by this login.)", err, who, bound, key, p.Account, bound, line)
}

// checkDevIdentity checks that the service trusts the development key of
// p's data directory: the service serves its development key set, which
// must hold that key.
func checkDevIdentity(x *cli, p *profile) error {
	keyFile := filepath.Join(p.DataDir, auth.DevKeyFile)
	if _, err := os.Stat(keyFile); err != nil {
		return fmt.Errorf("login: no development identity key at %s: --sub needs the data directory of a service running the embedded default (start it with predict serve, or give --data-dir): %w", keyFile, err)
	}
	dev, err := auth.OpenDevProvider(p.DataDir, p.Issuer, p.Audience)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(x.ctx, http.MethodGet, strings.TrimRight(p.URL, "/")+"/.well-known/jwks.json", nil)
	if err != nil {
		return err
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode == http.StatusNotFound {
		return fmt.Errorf("login: %s does not use the development identity provider: log in with a token of its identity provider (--token-file)", p.URL)
	}
	var set struct {
		Keys []struct {
			Kid string `json:"kid"`
		} `json:"keys"`
	}
	if err := json.NewDecoder(res.Body).Decode(&set); err != nil {
		return fmt.Errorf("login: %s/.well-known/jwks.json: %w", p.URL, err)
	}
	for _, k := range set.Keys {
		if k.Kid == dev.KeyID() {
			return nil
		}
	}
	return fmt.Errorf("login: the service at %s does not trust the development key of %s: is it running with PREDICT_DATA_DIR=%s?", p.URL, p.DataDir, p.DataDir)
}

// runStatus shows the service, its chain and who the profile is.
func runStatus(x *cli, args []string) error {
	f := x.flags("status", "")
	wait := f.Duration("wait", 0, "wait up to this long for the service to answer (e.g. 60s, while it starts)")
	_, c, err := x.parseClient(f, args, 0, 0, false)
	if err != nil {
		return err
	}
	start, report := time.Now(), 5*time.Second
	for {
		err = c.Ready(x.ctx)
		if errors.Is(err, client.ErrNotPredict) {
			// Waiting would not help: say so at once.
			return fmt.Errorf("%s answers, but it is not predict: %w\n(is another program using that port? Start predict on another address with PREDICT_HTTP_ADDR, and point the client at it with PREDICT_URL)", c.BaseURL(), err)
		}
		if err == nil || time.Since(start) >= *wait || x.ctx.Err() != nil {
			break
		}
		if time.Since(start) >= report {
			state := "not answering yet"
			if client.IsCode(err, client.CodeUnavailable) {
				state = "starting"
			}
			x.progressf("waiting for %s: %s (%s)", c.BaseURL(), state, time.Since(start).Round(time.Second))
			report += 5 * time.Second
		}
		time.Sleep(500 * time.Millisecond)
	}
	if err != nil {
		return err
	}
	cfg, err := x.serviceConfig()
	if err != nil {
		return err
	}
	var user *client.UserInfo
	if x.prof.Subject != "" || x.prof.Token != "" {
		if user, err = c.GetUserInfo(x.ctx); err != nil {
			return err
		}
	}
	if x.jsonOut {
		return x.printJSON(map[string]any{"url": c.BaseURL(), "ready": true, "config": cfg, "user": user, "profile": x.profPath})
	}
	tw := x.table()
	fmt.Fprintf(tw, "service\t%s (ready)\n", c.BaseURL())
	chainKind := "chain"
	if cfg.Dev {
		chainKind = "embedded development chain; predict faucet mints tokens"
	}
	fmt.Fprintf(tw, "chain\t%d (%s)\n", cfg.ChainID, chainKind)
	for i, t := range cfg.BaseTokens {
		label := ""
		if i == 0 {
			label = "base tokens"
		}
		fmt.Fprintf(tw, "%s\t%s %s (%d decimals)\n", label, t.Symbol, t.Address, t.Decimals)
	}
	switch {
	case user != nil:
		who := user.UserName
		if who == "" {
			who = user.UID
		}
		roles := ""
		if len(user.Roles) > 0 {
			roles = " [" + strings.Join(user.Roles, ", ") + "]"
		}
		fmt.Fprintf(tw, "logged in as\t%s%s, uid %s, account %s\n", who, roles, user.UID, user.Address)
		fmt.Fprintf(tw, "profile\t%s\n", x.profPath)
	default:
		fmt.Fprintf(tw, "logged in as\tnobody (predict login; profile %s)\n", x.profPath)
	}
	return tw.Flush()
}
