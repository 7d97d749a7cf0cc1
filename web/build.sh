#!/usr/bin/env bash
# Builds the web app (web/src → web/dist), which is committed and embedded
# in the binary (package web), so `go run ./cmd/predict serve` serves it
# with Go alone.
#
#   web/build.sh          type-check and build in place
#   web/build.sh --check  build into a temp dir and fail (exit 1) if the
#                         committed web/dist differs
#
# Needs node + npm; the toolchain is pinned in package-lock.json (npm ci
# runs when web/node_modules is missing). The output is deterministic:
# content-hashed file names, no timestamps, no source maps.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
check=0
case "${1:-}" in
  "") ;;
  --check) check=1 ;;
  *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

cd "$here"
if [[ ! -d node_modules ]]; then
  # The versions come from package-lock.json either way. `npm ci` refuses
  # this lock: npm 11 leaves the other platforms' optional rollup binaries
  # out of it and then reports them missing; `npm install --no-save`
  # installs exactly the locked tree and leaves the lock as it is.
  npm install --no-save --no-audit --no-fund >&2
fi
npx --no-install tsc -p . >&2

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
npx --no-install vite build --logLevel warn --outDir "$tmp/dist" --emptyOutDir >&2

# The first-load budget: all JS and CSS, gzip-compressed, at most 250 KB.
size=$(cat "$tmp"/dist/assets/*.js "$tmp"/dist/assets/*.css | gzip -9 | wc -c)
echo "first load: $size bytes of JS and CSS, gzip-compressed (budget 256000)" >&2
if (( size > 256000 )); then
  echo "the web app is over its 250 KB budget" >&2
  exit 1
fi

if [[ $check == 0 ]]; then
  rm -rf "$here/dist"
  cp -r "$tmp/dist" "$here/dist"
  echo "built web/dist" >&2
  exit 0
fi
if ! diff -r "$here/dist" "$tmp/dist" >"$tmp/diff" 2>&1; then
  echo "web/dist is out of date:" >&2
  head -20 "$tmp/diff" | cut -c1-200 | sed 's/^/  /' >&2
  echo "run web/build.sh and commit the result" >&2
  exit 1
fi
echo "web/dist is up to date" >&2
