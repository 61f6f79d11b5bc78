#!/usr/bin/env bash
# the test command: installs what is missing, builds everything (dev preset: -Werror) and runs every test.
#   scripts/test.sh          dev preset (what ci runs)
#   scripts/test.sh --asan   the asan preset instead (Debug, AddressSanitizer + UndefinedBehaviorSanitizer +
#                            LeakSanitizer with tests/sanitizers/lsan.supp); a second full build, so not in ci
set -euo pipefail
cd "$(dirname "$0")/.."

preset=dev
case "${1:-}" in
  "") ;;
  --asan) preset=asan ;;
  *) echo "usage: scripts/test.sh [--asan]" >&2; exit 2 ;;
esac

scripts/setup.sh
cmake --preset "$preset"
cmake --build --preset "$preset"
# gui tests need a real X server with Mesa's software OpenGL
xvfb-run -a -s "-screen 0 1600x1000x24" ctest --preset "$preset"
