#!/usr/bin/env bash
# the main command: installs what is missing, builds the app (only its target and what it links, not the tests
# or benchmarks) in the release preset and launches Jointsmith, on its demo when given no arguments.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release --target jointsmith
# without arguments the demo, also after the first start (the app alone opens it only once)
if [ $# -eq 0 ]; then set -- --demo; fi
exec build/release/app/jointsmith "$@"
