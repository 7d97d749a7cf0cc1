#!/usr/bin/env bash
# The full read benchmark of BENCHMARKS.md, "Reads measured with wrk": wrk
# against predict and nginx serving the byte-identical answers, predict and
# nginx pinned to CPU 0 and wrk to CPU 1, A/B/A/B at 1/16/64/256
# connections. Run it on a quiet machine; it takes 12-15 minutes per store
# (plus about 5 minutes the first time, to seed the SQLite file).
#
#   scripts/bench-reads-wrk.sh [OUT.md]
#
# OUT.md (default wrk-reads.md) receives the tables, ready to paste into
# BENCHMARKS.md. With PREDICT_BENCH_POSTGRES_DSN set, PostgreSQL is measured
# too (a schema seeded once and reused). PREDICT_BENCH_SQLITE names the
# SQLite file (seeded once and reused). Extra loadgen flags go in
# LOADGEN_FLAGS, for example LOADGEN_FLAGS="-ceiling go -reps 5". The
# one-minute check of the harness is `go run ./cmd/loadgen wrk -smoke`.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-wrk-reads.md}
for tool in wrk taskset /usr/sbin/nginx; do
	command -v "$tool" >/dev/null || { echo "missing $tool (Debian: apt-get install wrk nginx util-linux)" >&2; exit 1; }
done
# 256 connections to each of two servers, plus the store's files.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
echo "open files: $(ulimit -n); load average: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
go build -o /tmp/loadgen-wrk ./cmd/loadgen
db=${PREDICT_BENCH_SQLITE:-/var/tmp/predict-bench-full.db}
# shellcheck disable=SC2086 # LOADGEN_FLAGS is a list of flags
/tmp/loadgen-wrk wrk -scale full -sqlite "$db" -out "$out.sqlite" ${LOADGEN_FLAGS:-}
cat "$out.sqlite" >"$out"
rm "$out.sqlite"
if [ -n "${PREDICT_BENCH_POSTGRES_DSN:-}" ]; then
	# shellcheck disable=SC2086
	/tmp/loadgen-wrk wrk -scale full -postgres "$PREDICT_BENCH_POSTGRES_DSN" -schema bench_full -out "$out.pg" ${LOADGEN_FLAGS:-}
	cat "$out.pg" >>"$out"
	rm "$out.pg"
fi
echo "tables written to $out" >&2
