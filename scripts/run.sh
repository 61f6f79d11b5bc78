#!/usr/bin/env bash
# the main command: installs what is missing, builds the release preset and launches Jointsmith on its demo.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release
if [ -x build/release/app/jointsmith ]; then
  # without arguments the demo, also after the first start (the app alone opens it only once)
  if [ $# -eq 0 ]; then set -- --demo; fi
  exec build/release/app/jointsmith "$@"
fi
# until the gui exists: evaluate the shipped example knee joint with the command-line tool
exec build/release/app/jointsmith-cli eval resources/joints/knee.json --q 0 --q 0.5 --q 1.0 "$@"
