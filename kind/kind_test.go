package kind

import (
	"bytes"
	"os"
	"testing"
)

// TestTypeScript fails when web/src/kinds.gen.ts is not what the
// catalogue generates: run go generate ./kind and commit it.
func TestTypeScript(t *testing.T) {
	want, err := TypeScript()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../web/src/kinds.gen.ts")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("web/src/kinds.gen.ts is stale: run go generate ./kind and commit it")
	}
}

// TestCatalogue: names are unique, a form names a kind with an endpoint,
// every kind has a call and its texts.
func TestCatalogue(t *testing.T) {
	seen := map[string]bool{}
	for _, k := range All {
		if seen[k.Name] {
			t.Errorf("%s listed twice", k.Name)
		}
		seen[k.Name] = true
		if (k.Path == "") == (k.Of == "") {
			t.Errorf("%s: a kind has an endpoint or is another's form, not both", k.Name)
		}
		if of, ok := Of(k.Of); k.Of != "" && (!ok || !of.Endpoint()) {
			t.Errorf("%s: form of %q, which has no endpoint", k.Name, k.Of)
		}
		if len(k.Calls) == 0 || k.Noun == "" || k.Confirmed == "" || k.Failed == "" || k.Group == "" || k.GasBase == 0 {
			t.Errorf("%s: incomplete entry %+v", k.Name, k)
		}
	}
}
