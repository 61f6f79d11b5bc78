#!/usr/bin/env bash
# the house lint: clang-tidy with .clang-tidy's checks over our sources (a finding is an error).
#   scripts/tidy.sh              every .cpp under core/, app/ and ui/
#   scripts/tidy.sh core/joints  only the files under the given folders (or files)
#   TIDY_JOBS=1 scripts/tidy.sh  fewer parallel clang-tidy runs on a shared machine (default: all cores)
# it configures the `tidy` preset (no unity batches: clang-tidy reads one file at a time) for its compile
# database; nothing is built (no ui source includes moc's output).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v run-clang-tidy > /dev/null; then
  if [ "$(id -u)" -eq 0 ]; then apt-get install -y clang-tidy; else sudo apt-get install -y clang-tidy; fi
fi
cmake --preset tidy > /dev/null
paths=("$@")
[ ${#paths[@]} -eq 0 ] && paths=(core app ui)
regex=$(printf '%s|' "${paths[@]}")
regex="$(pwd)/(${regex%|})"
status=0
run-clang-tidy -quiet -p build/tidy -j "${TIDY_JOBS:-$(nproc)}" "$regex" > build/tidy/run.log 2>&1 || status=$?
# keep the findings, drop clang-tidy's per-file chatter and the colour codes run-clang-tidy asks for
sed 's/\x1b\[[0-9;]*m//g' build/tidy/run.log | grep -v '^[0-9]* warnings\? generated\.$\|^Suppressed \|^Use -header-filter\|^clang-tidy-[0-9]* \|^Running clang-tidy' \
  > build/tidy/findings.txt || true
cat build/tidy/findings.txt
if [ "$status" -ne 0 ]; then
  echo "tidy: findings above (also in build/tidy/findings.txt)" >&2
else
  echo "tidy: clean"
fi
exit "$status"
