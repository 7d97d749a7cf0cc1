#!/usr/bin/env bash
# Regenerates the web app's screenshots in docs/screenshots, which the
# README and docs/webapp.md link: the browser tests of cmd/predict
# (webapp_test.go, webapp_orders_test.go) write every page they visit, at
# desktop (1280 px) and phone (390 px) width, when PREDICT_SCREENSHOTS
# names a directory. They run as in CI, under the service's default rate
# limits, and fail as they would there.
#
#   scripts/screenshots.sh                    every browser test (about 3 minutes)
#   scripts/screenshots.sh TestWebAppOrders   only the tests named
#
# Needs Chromium (apt-get install chromium) and the committed web/dist
# (web/build.sh). Look at the pictures before committing them.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tests=("$@")
if (( ${#tests[@]} == 0 )); then
  tests=(TestWebApp TestWebAppResolution TestWebAppOrders)
fi
run="^($(printf '%s$|' "${tests[@]}" | sed 's/|$//'))"
cd "$root"
PREDICT_TEST_BROWSER=1 PREDICT_SCREENSHOTS="$root/docs/screenshots" \
  go test -count=1 -timeout 15m -run "$run" ./cmd/predict/
ls -l docs/screenshots/*.png
