package web

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestFormat runs the unit tests of the page's figures (test/format.test.mjs)
// with node's test runner, on format.ts compiled by the pinned tsc. It
// needs web/node_modules (web/build.sh installs it; CI builds the page
// before the tests); without it the test skips, unless PREDICT_TEST_NODE
// is set (CI sets it), where its absence fails.
func TestFormat(t *testing.T) {
	if _, err := os.Stat("node_modules/.bin/tsc"); err != nil {
		if os.Getenv("PREDICT_TEST_NODE") != "" {
			t.Fatal("PREDICT_TEST_NODE is set but web/node_modules is missing (run web/build.sh)")
		}
		t.Skip("web/node_modules is missing (run web/build.sh); set PREDICT_TEST_NODE to make this a failure")
	}
	out := t.TempDir()
	tsc := exec.Command("node_modules/.bin/tsc", "--outDir", out, "--target", "es2022", "--module", "es2022", "--strict", "src/format.ts")
	if raw, err := tsc.CombinedOutput(); err != nil {
		t.Fatalf("tsc: %v\n%s", err, raw)
	}
	// tsc writes ES modules: say so to node.
	if err := os.WriteFile(filepath.Join(out, "package.json"), []byte(`{"type": "module"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	node := exec.Command("node", "--test", "test/format.test.mjs")
	node.Env = append(os.Environ(), "FORMAT_JS="+filepath.Join(out, "format.js"))
	raw, err := node.CombinedOutput()
	if err != nil {
		t.Fatalf("node --test: %v\n%s", err, raw)
	}
	t.Logf("%s", raw)
}
