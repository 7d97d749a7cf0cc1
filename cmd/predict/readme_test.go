package main

import (
	"bufio"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math/big"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/predict-dev/predict"
)

// notRun marks a README.md block that the test leaves out; the rest of
// the comment says why.
const notRun = "<!-- not run:"

// readmeScript returns every sh block of README.md, in order, as one
// script, without the blocks right after a notRun comment.
func readmeScript(readme string) (string, error) {
	var script strings.Builder
	in, skip, prev := false, false, ""
	sc := bufio.NewScanner(strings.NewReader(readme))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case !in && (line == "```sh" || line == "```bash"):
			in, skip = true, strings.HasPrefix(prev, notRun)
			if skip && strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(prev, notRun), "-->")) == "" {
				return "", fmt.Errorf("README.md:%d: a block that is not run says why", n-1)
			}
		case in && line == "```":
			in = false
		case in && !skip:
			script.WriteString(line + "\n")
		}
		if strings.TrimSpace(line) != "" {
			prev = strings.TrimSpace(line)
		}
	}
	if in {
		return "", fmt.Errorf("README.md has an unclosed code block")
	}
	if script.Len() == 0 {
		return "", fmt.Errorf("README.md has no sh block to run")
	}
	return script.String(), nil
}

// TestREADME runs README.md as a reader would, section by section in one
// shell, with bash: it builds ./predict, starts the service, signs in to
// the web app as the admin (as the page does: webSignInFirst), logs in as
// that admin with the key the web app exports and as a trader, funds them, creates a market, watches it while the
// trader buys, settles it and claims; stops the service and starts it
// again, where the admin creates a second market; reads and logs in with
// curl; and trades by hand (prepare, sign, submit). It runs in a copy of
// the repository, so that nothing lands in this one (no ./predict, no data
// directory, no key), and only where things go is changed, through the
// variables the commands honour: HOME and XDG_CONFIG_HOME (the profiles), a
// free port. Then it checks what the commands printed: the trader's balance
// rose by exactly the claimed amount, and carol's operation confirmed.
func TestREADME(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs the service: not in -short")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed")
	}
	for _, tool := range []string{"curl", "jq"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("README.md's sections need %s", tool)
		}
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	script, err := readmeScript(string(readme))
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	webKey := filepath.Join(tmp, "home", "Downloads", "predict-owner-admin.key")
	if script, err = webSignInFirst(string(readme), script, webKey); err != nil {
		t.Fatal(err)
	}
	addr := freeAddr(t)
	script = strings.ReplaceAll(script, "127.0.0.1:8080", addr)

	repo := filepath.Join(tmp, "repo")
	if err := copyCheckout(root, repo); err != nil {
		t.Fatal(err)
	}
	before, err := topLevel(repo)
	if err != nil {
		t.Fatal(err)
	}
	scriptFile := filepath.Join(tmp, "readme.sh")
	if err := os.WriteFile(scriptFile, []byte(script), 0o600); err != nil {
		t.Fatal(err)
	}
	env, err := readmeEnv(tmp, addr)
	if err != nil {
		t.Skip(err)
	}
	stdout, err := os.Create(filepath.Join(tmp, "stdout"))
	if err != nil {
		t.Fatal(err)
	}
	stderr, err := os.Create(filepath.Join(tmp, "stderr"))
	if err != nil {
		t.Fatal(err)
	}

	// Files, not pipes, for the output: the service started in the
	// background keeps them open, and Wait would wait for it.
	ctx, cancel := context.WithTimeout(context.Background(), 6*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bash, "-e", "-u", "-o", "pipefail", scriptFile)
	cmd.Dir, cmd.Env, cmd.Stdout, cmd.Stderr = repo, env, stdout, stderr
	// Its own process group, so that the service and the watch it starts
	// in the background end with it, whatever happened.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stopGroup(cmd.Process.Pid) })
	runErr := cmd.Wait()
	stopGroup(cmd.Process.Pid)
	out, _ := os.ReadFile(stdout.Name())
	logs, _ := os.ReadFile(stderr.Name())
	t.Logf("README.md ran in %s", time.Since(start).Round(100*time.Millisecond))
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("%s\n--- stdout:\n%s\n--- stderr:\n%s", fmt.Sprintf(format, args...), out, logs)
	}
	if runErr != nil {
		fail("README.md failed: %v (timeout: %v)", runErr, ctx.Err())
	}

	// The quickstart: the portfolio before and after the claim, the
	// claim, and the trade in the watch.
	balances := regexp.MustCompile(`(?m)^balance\s+([0-9.]+) USDC$`).FindAllStringSubmatch(string(out), -1)
	claimed := regexp.MustCompile(`(?m)^claimed ([0-9.]+) USDC `).FindStringSubmatch(string(out))
	if len(balances) < 3 || claimed == nil {
		fail("want three portfolio balances and a claim in the output")
	}
	units := func(s string) *big.Int {
		n, err := predict.ParseUnits(s, 6)
		if err != nil {
			fail("%v", err)
		}
		return n
	}
	beforeClaim, afterClaim, restarted := units(balances[0][1]), units(balances[1][1]), units(balances[2][1])
	won := units(claimed[1])
	if won.Sign() <= 0 || new(big.Int).Sub(afterClaim, beforeClaim).Cmp(won) != 0 {
		fail("balance %s before the claim, %s after; claimed %s", beforeClaim, afterClaim, won)
	}
	if restarted.Cmp(afterClaim) != 0 {
		fail("alice's balance is %s after the restart, %s before it", restarted, afterClaim)
	}
	for _, want := range []string{"bought ", "trade   alice bought ", "settled ", `"addressVerified":true,"isNewUser":true`, `{"chainId":1337,"symbols":["USDC","PTS"]}`, `"optionTitle":"Yes"`} {
		if !strings.Contains(string(out), want) {
			fail("the output lacks %q", want)
		}
	}
	if !regexp.MustCompile(`(?m)^operation 0x[0-9a-f]{64}: confirmed$`).Match(out) {
		fail("carol's operation did not confirm")
	}
	// The admin of the command line is the account the web app signed
	// in with.
	web := regexp.MustCompile(`(?m)^web app: admin signed in with account (0x[0-9a-f]{40})$`).FindSubmatch(out)
	cliAdmin := regexp.MustCompile(`(?m)^logged in as admin\n(?:.*\n)*?account\s+(0x[0-9a-f]{40})$`).FindSubmatch(out)
	if web == nil || cliAdmin == nil || string(web[1]) != string(cliAdmin[1]) {
		fail("the admin's login is not the web app's account")
	}
	// Nothing but the binary and the data directory is left in the
	// directory the README runs in: keys and signed operations go to a
	// temporary directory.
	after, err := topLevel(repo)
	if err != nil {
		t.Fatal(err)
	}
	for name := range after {
		if !before[name] && name != "predict" && name != "predict-data" {
			fail("README.md left %s in the repository", name)
		}
	}
	t.Logf("alice's balance: %s USDC before the claim, %s after; claimed %s\n--- stdout:\n%s", balances[0][1],
		balances[1][1], claimed[1], out)
}

// The admin's login of the quickstart, and the line README.md gives for
// it after a sign-in to the web app as admin.
const (
	adminLogin      = "./predict login --profile admin --sub did:dev:admin --name admin"
	adminLoginAfter = adminLogin + " --key-file ~/Downloads/predict-owner-admin.key"
)

// webSignInFirst returns the script with a sign-in to the web app as
// admin made before the admin's login, which becomes README.md's login
// for that order: with the key the web app exports. The sign-in is the
// page's (web/src/session.ts): a token for the name (POST dev/token), the
// account of its owner key, the login challenge signed by that key, the
// login with its proof and the name. The key is a fresh one, written to
// keyFile as "Export owner key" writes it (64 hex characters and a
// newline).
func webSignInFirst(readme, script, keyFile string) (string, error) {
	if !strings.Contains(readme, "\n"+adminLoginAfter+"\n") {
		return "", fmt.Errorf("README.md does not give the admin's login after the web app's sign-in (%s)", adminLoginAfter)
	}
	if strings.Count(script, "\n"+adminLogin+"\n") != 1 {
		return "", fmt.Errorf("README.md's script does not hold the admin's login once (%s)", adminLogin)
	}
	key, err := crypto.GenerateKey()
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(filepath.Dir(keyFile), 0o700); err != nil {
		return "", err
	}
	if err := os.WriteFile(keyFile, []byte(hex.EncodeToString(crypto.FromECDSA(key))+"\n"), 0o600); err != nil {
		return "", err
	}
	owner := strings.ToLower(crypto.PubkeyToAddress(key.PublicKey).Hex())
	web := `# TestREADME: the web app signs in as admin first, with the key it will export.
WEB=http://127.0.0.1:8080/api/v1
WEB_TOKEN=$(curl -sf -X POST "$WEB/dev/token" -H 'Content-Type: application/json' -d '{"name":"admin"}' | jq -r .data.token)
WEB_ACCOUNT=$(curl -sf "$WEB/aa/get-account-address?owner=` + owner + `" | jq -r .data.accountAddress)
curl -sf "$WEB/user/get-login-challenge?address=$WEB_ACCOUNT" -H "Authorization: Bearer $WEB_TOKEN" \
  | ./predict sign-login --api "${WEB%/api/v1}" --key-file ~/Downloads/predict-owner-admin.key > ~/web-login.json
curl -sf -X POST "$WEB/user/login" -H "Authorization: Bearer $WEB_TOKEN" -H 'Content-Type: application/json' \
  -d @"$HOME/web-login.json" | jq -e '.data.addressVerified' > /dev/null
curl -sf -X POST "$WEB/user/set-username" -H "Authorization: Bearer $WEB_TOKEN" -H 'Content-Type: application/json' \
  -d '{"userName":"admin"}' > /dev/null
echo "web app: admin signed in with account $(echo "$WEB_ACCOUNT" | tr A-F a-f)"
`
	return strings.Replace(script, "\n"+adminLogin+"\n", "\n"+web+adminLoginAfter+"\n", 1), nil
}

// copyCheckout copies the files of the repository at root that git tracks
// or would track (not the ignored ones: a built ./predict, data
// directories) to dir.
func copyCheckout(root, dir string) error {
	raw, err := exec.Command("git", "-C", root, "ls-files", "-z", "--cached", "--others", "--exclude-standard").Output()
	if err != nil {
		return fmt.Errorf("list the repository's files: %w", err)
	}
	for _, name := range strings.Split(strings.TrimRight(string(raw), "\x00"), "\x00") {
		src := filepath.Join(root, name)
		info, err := os.Lstat(src)
		if errors.Is(err, fs.ErrNotExist) {
			continue // deleted, not yet committed
		} else if err != nil {
			return err
		}
		if !info.Mode().IsRegular() {
			continue
		}
		data, err := os.ReadFile(src)
		if err != nil {
			return err
		}
		dst := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(dst, data, info.Mode().Perm()); err != nil {
			return err
		}
	}
	return nil
}

// topLevel returns the names in dir.
func topLevel(dir string) (map[string]bool, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	names := map[string]bool{}
	for _, e := range entries {
		names[e.Name()] = true
	}
	return names, nil
}

// readmeEnv is the environment of README.md's commands: this one without
// the service's variables and with its own profiles and address (the data
// directory is the default, ./predict-data of the copy they run in), and
// the Go settings of this build (HOME moves, and with it Go's default
// cache: keep the cache, and stay offline).
func readmeEnv(tmp, addr string) ([]string, error) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		return nil, fmt.Errorf("go is not on PATH: %w", err)
	}
	raw, err := exec.Command(goBin, "env", "-json", "GOCACHE", "GOMODCACHE", "GOPATH", "GOFLAGS", "GOROOT").Output()
	if err != nil {
		return nil, fmt.Errorf("go env: %w", err)
	}
	var goEnv map[string]string
	if err := json.Unmarshal(raw, &goEnv); err != nil {
		return nil, fmt.Errorf("go env: %w", err)
	}
	// The go of the README is the toolchain go env answered for.
	env := []string{"PATH=" + filepath.Join(goEnv["GOROOT"], "bin") + string(os.PathListSeparator) + os.Getenv("PATH")}
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(k, "PREDICT_") || strings.HasPrefix(k, "XDG_") || k == "HOME" || k == "PATH" || strings.HasPrefix(k, "GO") {
			continue
		}
		env = append(env, kv)
	}
	if raceBuild() {
		// Build as this test binary was built, from the same cache: a
		// CI running go test -race has compiled nothing without it.
		goEnv["GOFLAGS"] = strings.TrimSpace(goEnv["GOFLAGS"] + " -race")
	}
	for k, v := range goEnv {
		if v != "" {
			env = append(env, k+"="+v)
		}
	}
	return append(env,
		"GOPROXY=off", "GOTOOLCHAIN=local", "GOENV=off",
		"HOME="+filepath.Join(tmp, "home"),
		"XDG_CONFIG_HOME="+filepath.Join(tmp, "config"),
		"PREDICT_HTTP_ADDR="+addr,
	), nil
}

// raceBuild reports whether this test binary was built with -race.
func raceBuild() bool {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return false
	}
	for _, s := range info.Settings {
		if s.Key == "-race" {
			return s.Value == "true"
		}
	}
	return false
}

// freeAddr returns a loopback address with a port free right now.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// stopGroup ends what is left of a process group: SIGTERM, then SIGKILL
// if anything is still there after 10 seconds.
func stopGroup(pgid int) {
	if syscall.Kill(-pgid, syscall.SIGTERM) != nil {
		return // nothing left
	}
	for range 100 {
		time.Sleep(100 * time.Millisecond)
		if syscall.Kill(-pgid, 0) != nil {
			return
		}
	}
	syscall.Kill(-pgid, syscall.SIGKILL)
}

// TestREADMEScript extracts the sh blocks, without those marked not run.
func TestREADMEScript(t *testing.T) {
	for _, tc := range []struct {
		name, readme, want string
		ok                 bool
	}{
		{"OK", "```sh\na\n```\ntext\n<!-- not run: needs a chain -->\n\n```sh\nnot me\n```\n```go\nno\n```\n```bash\nb\nc\n```\n", "a\nb\nc\n", true},
		{"NotRunWithoutReason", "<!-- not run: -->\n```sh\na\n```\n```sh\nb\n```\n", "", false},
		{"Unclosed", "```sh\na\n", "", false},
		{"Empty", "text\n<!-- not run: x -->\n```sh\na\n```\n", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := readmeScript(tc.readme)
			if (err == nil) != tc.ok || got != tc.want {
				t.Fatalf("readmeScript = %q, %v; want %q (ok %t)", got, err, tc.want, tc.ok)
			}
		})
	}
}
