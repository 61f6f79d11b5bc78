#!/usr/bin/env bash
# builds the release preset and runs every benchmark, printing medians of 5 repetitions.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release
for b in build/release/tests/benchmarks/bench_*; do
  [ -x "$b" ] || continue
  run=("$b")
  # the viewport's frame needs a display: a virtual one when there is none
  if [ "$(basename "$b")" = bench_viewport_frame ] && [ -z "${DISPLAY:-}" ]; then
    run=(xvfb-run -a -s "-screen 0 1600x1000x24" "$b")
  fi
  "${run[@]}" --benchmark_repetitions=5 --benchmark_report_aggregates_only=true "$@"
done
