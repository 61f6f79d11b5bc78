#!/usr/bin/env bash
# builds the fuzz targets (fuzz preset: clang, libFuzzer, ASan + UBSan, core only) and runs them.
#   scripts/fuzz.sh                     every target for 60 s
#   scripts/fuzz.sh TARGET [SECONDS]    one target (joint_file, samples_csv, samples_json, scene_file, osim, osim_model,
#                                       vtk_mesh, trc, project)
#   scripts/fuzz.sh --smoke             each target replays its corpus and fuzzes 5 s (the fuzz_smoke ctest)
# new inputs found go to build/fuzz/corpus/TARGET (the seed corpus in tests/fuzz/corpus stays as committed);
# a crash leaves build/fuzz/crash-* : add it to tests/fuzz/regressions/TARGET/ with the fix.
set -euo pipefail
cd "$(dirname "$0")/.."

targets=(joint_file samples_csv samples_json scene_file osim osim_model vtk_mesh trc project)
seconds=60
smoke=0
if [ "${1:-}" = "--smoke" ]; then
  smoke=1
  seconds=5
elif [ $# -ge 1 ]; then
  targets=("$1")
  seconds="${2:-60}"
fi

# the ctest skips (77) rather than fails where clang or libFuzzer is not installed
if ! command -v clang++ >/dev/null; then echo "fuzz: clang++ not installed (scripts/setup.sh installs it)"; exit 77; fi
if ! ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
  echo "fuzz: libFuzzer not installed (libfuzzer-14-dev; scripts/setup.sh installs it)"
  exit 77
fi

launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
cmake --preset fuzz "${launcher[@]}" >/dev/null
cmake --build --preset fuzz --target "${targets[@]/#/fuzz_}"

status=0
for t in "${targets[@]}"; do
  work="build/fuzz/corpus/$t"
  mkdir -p "$work"
  args=(-max_total_time="$seconds" -timeout=2 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1
        -dict="tests/fuzz/dict/$t.dict" -artifact_prefix="build/fuzz/crash-$t-")
  if [ "$smoke" = 1 ]; then
    # the committed corpus and regressions must replay clean, then a few seconds of new inputs
    build/fuzz/tests/fuzz/fuzz_"$t" -runs=0 "${args[@]}" "tests/fuzz/corpus/$t" "tests/fuzz/regressions/$t" \
      2>"build/fuzz/$t-replay.log" || { tail -40 "build/fuzz/$t-replay.log"; status=1; continue; }
  fi
  echo "fuzz: $t for $seconds s"
  build/fuzz/tests/fuzz/fuzz_"$t" "${args[@]}" "$work" "tests/fuzz/corpus/$t" 2>"build/fuzz/$t.log" || {
    tail -60 "build/fuzz/$t.log"
    status=1
  }
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb|cov:" "build/fuzz/$t.log" | tail -3
done
exit $status
