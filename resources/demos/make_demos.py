#!/usr/bin/env python3
"""Regenerates the demos of this folder (docs/demos.md): scene files, generated meshes (meshes/*.obj), joint
files (joints/) and sample sets (samples/). Standard library only; the two fitted joints are made by the
project's own fitter, so the script needs a built jointsmith-cli:

  python3 resources/demos/make_demos.py --cli build/release/app/jointsmith-cli

  knee.json             paper fig. 1, 3   (demo_knee.py)
  scapulothoracic.json  paper fig. 4      (demo_shoulder.py)
  beads.json            paper fig. 5a     (demo_wires.py)
  globe.json            paper fig. 5b     (demo_wires.py)

Everything is deterministic (fixed random seeds); rerunning rewrites the same files, except that the fitter's
output may change in the last digits if the fitter changes.
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import demo_knee  # noqa: E402
import demo_shoulder  # noqa: E402
import demo_wires  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", required=True, help="path to a built jointsmith-cli (it fits the knee and scapula)")
    args = ap.parse_args()
    cli = os.path.abspath(args.cli)
    for sub in ("meshes", "joints", "samples"):
        os.makedirs(os.path.join(HERE, sub), exist_ok=True)
    print(demo_wires.generate(HERE), end="")
    print(demo_knee.generate(HERE, cli), end="")
    print(demo_shoulder.generate(HERE, cli), end="")


if __name__ == "__main__":
    main()
