package main

import (
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/predict-dev/predict/internal/cli"
)

// TestDocs keeps the documentation true to the repository: every relative
// link of README.md and docs/*.md leads to a file that exists (and its
// #anchor to a heading of it), every path of the repository they (and
// openapi.yaml) name exists, every command of predict help is in
// docs/cli.md and in the README, and every PREDICT_* variable the program
// reads is in the README's table of settings.
func TestDocs(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil || len(docs) == 0 {
		t.Fatalf("no docs/*.md: %v", err)
	}
	texts := map[string]string{} // by path from the root
	for _, path := range append(docs, filepath.Join(root, "README.md")) {
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, path)
		texts[filepath.ToSlash(rel)] = string(raw)
	}

	t.Run("Links", func(t *testing.T) {
		for name, text := range texts {
			for _, target := range markdownLinks(text) {
				if err := checkLink(root, name, target); err != "" {
					t.Errorf("%s: link %s: %s", name, target, err)
				}
			}
		}
	})
	t.Run("Paths", func(t *testing.T) {
		// openapi.yaml's descriptions name documents too.
		spec, err := os.ReadFile(filepath.Join(root, "openapi.yaml"))
		if err != nil {
			t.Fatal(err)
		}
		named := maps.Clone(texts)
		named["openapi.yaml"] = string(spec)
		for name, text := range named {
			for _, ref := range pathRefs(root, name, text) {
				if !pathExists(root, ref) {
					t.Errorf("%s names %s, which is not in the repository", name, ref)
				}
			}
		}
	})
	t.Run("Commands", func(t *testing.T) {
		names := []string{"help"}
		for _, c := range commands {
			names = append(names, c.name)
		}
		for _, v := range cli.Verbs() {
			names = append(names, v.Name)
		}
		for _, name := range names {
			named := regexp.MustCompile("`(?:\\./)?(?:predict )?" + regexp.QuoteMeta(name) + "(?:[ `\\\\|]|$)")
			for _, doc := range []string{"docs/cli.md", "README.md"} {
				if !named.MatchString(texts[doc]) {
					t.Errorf("%s does not name the command %s of predict help", doc, name)
				}
			}
		}
	})
	t.Run("Settings", func(t *testing.T) {
		table := settingsTable(texts["README.md"])
		for _, v := range readVariables(t, root) {
			if !strings.Contains(table, "`"+v+"`") {
				t.Errorf("README.md's Configuration table lacks %s, which the program reads", v)
			}
		}
	})
}

// fenced matches a fenced code block: what it holds is not markdown.
var fenced = regexp.MustCompile("(?ms)^```.*?^```")

// markdownLinks returns the targets of the links and images of a markdown
// text, outside its code blocks.
func markdownLinks(text string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`\]\(([^)\s]+)(?:\s+"[^"]*")?\)`).FindAllStringSubmatch(fenced.ReplaceAllString(text, ""), -1) {
		out = append(out, m[1])
	}
	return out
}

// checkLink checks a link of the document name: a relative target must be
// a file or directory of the repository, and an anchor a heading of the
// markdown file it points into. It says what is wrong, or "".
func checkLink(root, name, target string) string {
	if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
		return ""
	}
	path, anchor, _ := strings.Cut(target, "#")
	file := name
	if path != "" {
		file = filepath.ToSlash(filepath.Join(filepath.Dir(name), path))
		if !pathExists(root, file) {
			return "no such file"
		}
	}
	if anchor == "" || !strings.HasSuffix(file, ".md") {
		return ""
	}
	raw, err := os.ReadFile(filepath.Join(root, file))
	if err != nil {
		return err.Error()
	}
	if !slices.Contains(headingAnchors(string(raw)), anchor) {
		return "no heading " + anchor + " in " + file
	}
	return ""
}

// headingAnchors returns the anchors GitHub gives a markdown text's
// headings: lower case, punctuation dropped, spaces as hyphens, a second
// heading of the same anchor with -1 after it.
func headingAnchors(text string) []string {
	var out []string
	seen := map[string]int{}
	for _, line := range strings.Split(fenced.ReplaceAllString(text, ""), "\n") {
		if !strings.HasPrefix(line, "#") {
			continue
		}
		var b strings.Builder
		for _, r := range strings.ToLower(strings.TrimSpace(strings.TrimLeft(line, "#"))) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		a := b.String()
		if n := seen[a]; n > 0 {
			out = append(out, a+"-"+strconv.Itoa(n))
		} else {
			out = append(out, a)
		}
		seen[a]++
	}
	return out
}

// pathRef matches a path a text may name: segments joined by slashes
// (and what follows it, to tell a template such as kind_<name>.go), or a
// root file such as BENCHMARKS.md.
var pathRef = regexp.MustCompile(`(?:^|[\s(` + "`" + `'"\[])((?:\.\.?/)?[A-Za-z0-9_.-]+(?:/[A-Za-z0-9_.*-]+)+/?|[A-Z][A-Z0-9_]*\.md|openapi\.yaml)(<?)`)

// goSymbol is the end of a Go package path naming one of its symbols
// (internal/accounting.HotScore).
var goSymbol = regexp.MustCompile(`\.[A-Z][A-Za-z0-9]*$`)

// pathRefs returns the paths of the repository that the text of the
// document name names, from the root: those whose first segment is a
// top-level directory of the repository (docs/x.md, internal/matcher,
// web/src/format.ts), those relative to the document (../openapi.yaml),
// and root files (SPEC.md). Paths of a data directory (predict-data/…,
// ./predict) are not the repository's, nor are templates
// (kind_<name>.go) and what npm installs (node_modules).
func pathRefs(root, name, text string) []string {
	var out []string
	for _, m := range pathRef.FindAllStringSubmatch(text, -1) {
		ref := goSymbol.ReplaceAllString(strings.TrimRight(m[1], ".,:;"), "")
		switch {
		case m[2] == "<" || strings.Contains(ref, "node_modules"):
			continue
		case strings.HasPrefix(ref, "../"):
			out = append(out, filepath.ToSlash(filepath.Join(filepath.Dir(name), ref)))
			continue
		}
		ref = strings.TrimPrefix(ref, "./")
		first, _, nested := strings.Cut(ref, "/")
		if !nested {
			if regexp.MustCompile(`^([A-Z][A-Z0-9_]*\.md|openapi\.yaml)$`).MatchString(ref) {
				out = append(out, ref) // a root file
			}
			continue
		}
		if fi, err := os.Stat(filepath.Join(root, first)); err == nil && fi.IsDir() {
			out = append(out, ref)
		}
	}
	return out
}

// pathExists reports whether path (from the root, slashes, maybe a glob)
// names something in the repository.
func pathExists(root, path string) bool {
	if strings.Contains(path, "*") {
		m, _ := filepath.Glob(filepath.Join(root, filepath.FromSlash(path)))
		return len(m) > 0
	}
	_, err := os.Stat(filepath.Join(root, filepath.FromSlash(path)))
	return err == nil
}

// settingsTable returns the rows of the table of README.md's
// Configuration section.
func settingsTable(readme string) string {
	_, section, _ := strings.Cut(readme, "\n## Configuration\n")
	section, _, _ = strings.Cut(section, "\n## ")
	var rows []string
	for _, line := range strings.Split(section, "\n") {
		if strings.HasPrefix(line, "|") {
			rows = append(rows, line)
		}
	}
	return strings.Join(rows, "\n")
}

// readVariables returns the PREDICT_* variables the program reads: the
// names written as string literals in the Go files of cmd/predict and
// internal, tests and the test-only PREDICT_TEST_* aside.
func readVariables(t *testing.T, root string) []string {
	t.Helper()
	literal := regexp.MustCompile(`"(PREDICT_[A-Z0-9_]+)"`)
	var out []string
	for _, dir := range []string{"cmd/predict", "internal"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			raw, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			for _, m := range literal.FindAllStringSubmatch(string(raw), -1) {
				if !strings.HasPrefix(m[1], "PREDICT_TEST_") && !slices.Contains(out, m[1]) {
					out = append(out, m[1])
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	slices.Sort(out)
	if len(out) < 10 {
		t.Fatalf("found only %d PREDICT_* variables: %v", len(out), out)
	}
	return out
}

// TestDocsReaders: the readers TestDocs checks the documents with.
func TestDocsReaders(t *testing.T) {
	anchors := headingAnchors("# predict\n## Sample data: `predict serve --demo`\n```sh\n# not a heading\n```\n## Notes\n## Notes\n")
	if want := []string{"predict", "sample-data-predict-serve---demo", "notes", "notes-1"}; !slices.Equal(anchors, want) {
		t.Errorf("anchors %q, want %q", anchors, want)
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	refs := pathRefs(root, "docs/x.md", "see docs/cli.md, internal/accounting.HotScore, internal/ops/kind_<name>.go, "+
		"contracts/node_modules, ./predict serve, predict-data/chain, (../openapi.yaml) and SPEC.md.")
	if want := []string{"docs/cli.md", "internal/accounting", "openapi.yaml", "SPEC.md"}; !slices.Equal(refs, want) {
		t.Errorf("paths %q, want %q", refs, want)
	}
	if links := markdownLinks("[a](b.md#c) ![i](s.png \"t\")\n```\n[x](y)\n```\n"); !slices.Equal(links, []string{"b.md#c", "s.png"}) {
		t.Errorf("links %q", links)
	}
}
