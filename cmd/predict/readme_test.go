package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
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
)

// Markers of the quickstart in README.md: the sh blocks between them are
// the test's script.
const (
	quickstartBegin = "<!-- quickstart"
	quickstartEnd   = "<!-- /quickstart -->"
)

// quickstartScript returns the sh blocks of README.md's quickstart, in
// order, as one script.
func quickstartScript(readme string) (string, error) {
	_, rest, ok := strings.Cut(readme, quickstartBegin)
	if !ok {
		return "", fmt.Errorf("README.md has no %q marker", quickstartBegin)
	}
	section, _, ok := strings.Cut(rest, quickstartEnd)
	if !ok {
		return "", fmt.Errorf("README.md has no %q marker after %q", quickstartEnd, quickstartBegin)
	}
	var script strings.Builder
	in := false
	sc := bufio.NewScanner(strings.NewReader(section))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case !in && (line == "```sh" || line == "```bash"):
			in = true
		case in && line == "```":
			in = false
		case in:
			script.WriteString(line + "\n")
		}
	}
	if in {
		return "", fmt.Errorf("README.md's quickstart has an unclosed code block")
	}
	if script.Len() == 0 {
		return "", fmt.Errorf("README.md's quickstart has no sh block")
	}
	return script.String(), nil
}

// TestREADMEQuickstart runs README.md's quickstart as written, with bash,
// from the repository root: it builds ./predict, starts the service in the
// background, logs in as an admin and a trader, funds them, creates a
// market, watches it while the trader buys, settles it and claims. Only
// where things go is changed, through the variables the commands honour:
// a temporary data directory, HOME and XDG_CONFIG_HOME (the profiles), and
// a free port. Then it checks what the commands printed: the trader's
// balance rose by exactly the claimed amount.
func TestREADMEQuickstart(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs the service: not in -short")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	script, err := quickstartScript(string(readme))
	if err != nil {
		t.Fatal(err)
	}

	tmp := t.TempDir()
	scriptFile := filepath.Join(tmp, "quickstart.sh")
	if err := os.WriteFile(scriptFile, []byte(script), 0o600); err != nil {
		t.Fatal(err)
	}
	env, err := quickstartEnv(tmp, freeAddr(t))
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
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bash, "-e", "-u", "-o", "pipefail", scriptFile)
	cmd.Dir, cmd.Env, cmd.Stdout, cmd.Stderr = root, env, stdout, stderr
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
	t.Logf("quickstart ran in %s", time.Since(start).Round(100*time.Millisecond))
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("%s\n--- stdout:\n%s\n--- stderr:\n%s", fmt.Sprintf(format, args...), out, logs)
	}
	if runErr != nil {
		fail("the quickstart failed: %v (timeout: %v)", runErr, ctx.Err())
	}

	// What it printed: the portfolio before and after the claim, the
	// claim, and the trade in the watch.
	balances := regexp.MustCompile(`(?m)^balance\s+([0-9.]+) USDC$`).FindAllStringSubmatch(string(out), -1)
	claimed := regexp.MustCompile(`(?m)^claimed ([0-9.]+) USDC `).FindStringSubmatch(string(out))
	if len(balances) < 2 || claimed == nil {
		fail("want two portfolio balances and a claim in the output")
	}
	units := func(s string) *big.Int {
		n, err := parseUnits(s, 6)
		if err != nil {
			fail("%v", err)
		}
		return n
	}
	before, after := units(balances[len(balances)-2][1]), units(balances[len(balances)-1][1])
	won := units(claimed[1])
	if won.Sign() <= 0 || new(big.Int).Sub(after, before).Cmp(won) != 0 {
		fail("balance %s before the claim, %s after; claimed %s", before, after, won)
	}
	for _, want := range []string{"bought ", "trade   alice bought ", "settled "} {
		if !strings.Contains(string(out), want) {
			fail("the output lacks %q", want)
		}
	}
	t.Logf("alice's balance: %s USDC before the claim, %s after; claimed %s\n--- stdout:\n%s", balances[len(balances)-2][1],
		balances[len(balances)-1][1], claimed[1], out)
}

// quickstartEnv is the environment of the quickstart: this one without
// the service's variables and with its own data directory, profiles and
// address, and the Go settings of this build (HOME moves, and with it Go's
// default cache: keep the cache, and stay offline).
func quickstartEnv(tmp, addr string) ([]string, error) {
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
		"PREDICT_DATA_DIR="+filepath.Join(tmp, "data"),
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

// TestQuickstartScript extracts the sh blocks between the markers only.
func TestQuickstartScript(t *testing.T) {
	for _, tc := range []struct {
		name, readme, want string
		ok                 bool
	}{
		{"OK", "```sh\nnot me\n```\n<!-- quickstart: x -->\ntext\n```sh\na\nb\n```\n```go\nno\n```\n```bash\nc\n```\n<!-- /quickstart -->\n```sh\nnor me\n```\n", "a\nb\nc\n", true},
		{"NoBegin", "```sh\na\n```\n<!-- /quickstart -->", "", false},
		{"NoEnd", "<!-- quickstart -->\n```sh\na\n```\n", "", false},
		{"Unclosed", "<!-- quickstart -->\n```sh\na\n<!-- /quickstart -->", "", false},
		{"Empty", "<!-- quickstart -->\n<!-- /quickstart -->", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := quickstartScript(tc.readme)
			if (err == nil) != tc.ok || got != tc.want {
				t.Fatalf("quickstartScript = %q, %v; want %q (ok %t)", got, err, tc.want, tc.ok)
			}
		})
	}
}
