#!/usr/bin/env bash
# the test command: installs what is missing, builds everything (dev preset: -Werror) and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh
cmake --preset dev
cmake --build --preset dev
# gui tests need a real X server with Mesa's software OpenGL
xvfb-run -a -s "-screen 0 1600x1000x24" ctest --preset dev
