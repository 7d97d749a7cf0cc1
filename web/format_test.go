package web

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
)

// TestFormat runs the unit tests of the page's figures (test/format.test.mjs)
// with node's test runner, on format.ts compiled by the pinned tsc. It
// needs web/node_modules (web/build.sh installs it; CI builds the page
// before the tests); without it the test skips, unless PREDICT_TEST_NODE
// is set (CI sets it), where its absence fails.
func TestFormat(t *testing.T) {
	runNodeTest(t, "format", "FORMAT_JS")
}

// TestCallData runs the web app's callData check (src/calldata.ts) on the
// callData test vectors of kind/testdata/calldata.json
// (test/calldata.test.mjs), as the service's and the Go client's tests do.
func TestCallData(t *testing.T) {
	runNodeTest(t, "calldata", "CALLDATA_JS")
}

// runNodeTest compiles src/<name>.ts with the pinned tsc and runs
// test/<name>.test.mjs with node's test runner, the compiled module in
// the environment variable env.
func runNodeTest(t *testing.T, name, env string) {
	if _, err := os.Stat("node_modules/.bin/tsc"); err != nil {
		if os.Getenv("PREDICT_TEST_NODE") != "" {
			t.Fatal("PREDICT_TEST_NODE is set but web/node_modules is missing (run web/build.sh)")
		}
		t.Skip("web/node_modules is missing (run web/build.sh); set PREDICT_TEST_NODE to make this a failure")
	}
	out := t.TempDir()
	tsc := exec.Command("node_modules/.bin/tsc", "--outDir", out, "--target", "es2022", "--module", "es2022", "--moduleResolution", "bundler",
		"--strict", "--skipLibCheck", "src/"+name+".ts")
	if raw, err := tsc.CombinedOutput(); err != nil {
		t.Fatalf("tsc: %v\n%s", err, raw)
	}
	// tsc writes ES modules: say so to node.
	if err := os.WriteFile(filepath.Join(out, "package.json"), []byte(`{"type": "module"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	// tsc keeps the imports as written, without .js: node needs them;
	// and node looks for packages (viem) next to the module.
	if err := addExtensions(out); err != nil {
		t.Fatal(err)
	}
	modules, err := filepath.Abs("node_modules")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(modules, filepath.Join(out, "node_modules")); err != nil {
		t.Fatal(err)
	}
	node := exec.Command("node", "--test", "test/"+name+".test.mjs")
	node.Env = append(os.Environ(), env+"="+filepath.Join(out, name+".js"))
	raw, err := node.CombinedOutput()
	if err != nil {
		t.Fatalf("node --test: %v\n%s", err, raw)
	}
	t.Logf("%s", raw)
}

// addExtensions makes the relative imports of the compiled modules in dir
// name their files ('./kinds.gen' → './kinds.gen.js').
func addExtensions(dir string) error {
	files, err := filepath.Glob(filepath.Join(dir, "*.js"))
	if err != nil {
		return err
	}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		fixed := relImport.ReplaceAll(raw, []byte("from '$1.js'"))
		if err := os.WriteFile(f, fixed, 0o644); err != nil {
			return err
		}
	}
	return nil
}

var relImport = regexp.MustCompile(`from '(\./[^']+?)'`)
