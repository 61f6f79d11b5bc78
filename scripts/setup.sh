#!/usr/bin/env bash
# installs every Debian/Ubuntu package Jointsmith needs; idempotent and quick when all are present.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git
  libeigen3-dev nlohmann-json3-dev libcli11-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  qt6-base-dev libqt6opengl6-dev qt6-charts-dev libgl-dev libglu1-mesa-dev
  libassimp-dev libtinyxml2-dev libmeshoptimizer-dev zlib1g-dev liblz4-dev
  xvfb xauth libgl1-mesa-dri libglx-mesa0 fonts-dejavu-core
  clang  # the fuzz targets (tests/fuzz, scripts/fuzz.sh): clang's libFuzzer
  clang-tidy clang-format  # the house lint and style (scripts/tidy.sh, .clang-format)
  # the python module (python/), its tests, cohorts on dask and the plots of docs/python.md
  pybind11-dev python3-dev python3-numpy python3-pytest python3-distributed python3-matplotlib
)
# libFuzzer comes with the llvm of the distribution's clang: libfuzzer-14-dev on debian 12, -18- on ubuntu 24.04
llvm_major=$(apt-cache depends clang 2>/dev/null | grep -o 'clang-[0-9]*' | head -1 | cut -d- -f2)
packages+=("libfuzzer-${llvm_major:-14}-dev")

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages present"
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "setup: installing ${missing[*]}"
$sudo apt-get update -q
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
