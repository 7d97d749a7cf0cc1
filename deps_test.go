package predict_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestLayers keeps the rooms of the service apart: the ledger (the
// accounting of what the chain did), the event names and the wire forms
// know nothing of the chain's bindings, and package event imports nothing
// of the project,
// so that every part that raises or reads events can share it.
func TestLayers(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	for _, tc := range []struct {
		pkg       string
		forbidden []string
	}{
		{"./internal/ledger", []string{"/internal/chain/bindings", "/internal/aa", "/wire"}},
		{"./internal/events", []string{"/internal/chain/bindings", "/internal/aa", "/wire"}},
		{"./event", []string{"github.com/predict-dev/"}},
		// The wire forms, which the Go client imports, know nothing of the
		// service's chain side.
		{"./wire", []string{"github.com/predict-dev/predict/internal/"}},
	} {
		t.Run(strings.TrimPrefix(tc.pkg, "./"), func(t *testing.T) {
			out, err := exec.Command("go", "list", "-deps", tc.pkg).CombinedOutput()
			if err != nil {
				t.Fatalf("go list -deps %s: %v\n%s", tc.pkg, err, out)
			}
			for _, dep := range strings.Fields(string(out)) {
				if dep == "github.com/predict-dev/predict/"+strings.TrimPrefix(tc.pkg, "./") {
					continue
				}
				for _, f := range tc.forbidden {
					if strings.Contains(dep, f) {
						t.Errorf("%s depends on %s", tc.pkg, dep)
					}
				}
			}
		})
	}
	// internal/cache is a leaf every part of the service may use: besides
	// the standard library it imports the event names (package event) and
	// the Prometheus client, with what they import, and nothing else, the
	// API above all.
	t.Run("internal/cache", func(t *testing.T) {
		nonStd := func(pkgs ...string) []string {
			t.Helper()
			args := append([]string{"list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}"}, pkgs...)
			out, err := exec.Command("go", args...).CombinedOutput()
			if err != nil {
				t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
			}
			return strings.Fields(string(out))
		}
		allowed := map[string]bool{"github.com/predict-dev/predict/internal/cache": true}
		for _, dep := range nonStd("./event", "github.com/prometheus/client_golang/prometheus") {
			allowed[dep] = true
		}
		for _, dep := range nonStd("./internal/cache") {
			if !allowed[dep] {
				t.Errorf("internal/cache depends on %s", dep)
			}
		}
	})
}
