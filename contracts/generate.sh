#!/usr/bin/env bash
# Regenerates the compiled contract artifacts (contracts/artifacts/<Name>.json) and the Go
# bindings (internal/chain/bindings/generated.go) from contracts/src and the pinned npm packages.
#
#   contracts/generate.sh          regenerate in place
#   contracts/generate.sh --check  regenerate into a temp dir and fail (exit 1, with a diff
#                                  summary) if the committed artifacts or bindings differ
#
# Needs node + npm (npm ci runs only when contracts/node_modules is missing) and Go (abigen is a
# tool of the module: go tool abigen). Output is byte-for-byte deterministic.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
bindings="$root/internal/chain/bindings"

check=0
case "${1:-}" in
  "") ;;
  --check) check=1 ;;
  *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

cd "$here"
if [[ ! -d node_modules ]]; then
  npm ci --no-audit --no-fund >&2
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

node build.js --out "$tmp/artifacts" --combined "$tmp/combined.json"
(cd "$root" && go tool abigen --combined-json "$tmp/combined.json" --pkg bindings --out "$tmp/generated.go")
chmod 644 "$tmp/generated.go" "$tmp"/artifacts/*.json

if [[ $check == 0 ]]; then
  rm -rf "$here/artifacts"
  mkdir -p "$here/artifacts" "$bindings"
  cp "$tmp"/artifacts/*.json "$here/artifacts/"
  cp "$tmp/generated.go" "$bindings/generated.go"
  echo "generated contracts/artifacts and internal/chain/bindings/generated.go" >&2
  exit 0
fi

status=0
if ! diff -rq "$here/artifacts" "$tmp/artifacts" >"$tmp/artifacts.diff" 2>&1; then
  status=1
  echo "contracts/artifacts is out of date:" >&2
  sed 's/^/  /' "$tmp/artifacts.diff" >&2
fi
if ! cmp -s "$bindings/generated.go" "$tmp/generated.go"; then
  status=1
  echo "internal/chain/bindings/generated.go is out of date:" >&2
  (diff -u "$bindings/generated.go" "$tmp/generated.go" 2>&1 || true) | grep -E '^[-+][^-+]' | head -20 | sed 's/^/  /' >&2
fi
if [[ $status != 0 ]]; then
  echo "run contracts/generate.sh and commit the result" >&2
  exit 1
fi
echo "contracts/artifacts and internal/chain/bindings are up to date" >&2
