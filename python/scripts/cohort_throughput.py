"""Cohort throughput with 1 and 2 workers: jointsmith-cli fit-batch -j N and python3 -m jointsmith.cohort
--workers N on one generated manifest, and a check that all four runs wrote identical results.

    PYTHONPATH=build/release/python /usr/bin/python3 python/scripts/cohort_throughput.py \\
        --cli build/release/app/jointsmith-cli [--rows 200] [--dir /tmp/cohort]

Each subject is the shipped knee samples (resources/samples/knee.csv, 43 poses) with its own extra noise
(0.5 mm, 0.5 deg per axis); rows cycle through three fit settings (cross-validated frames and smoothing,
a fixed smoothing, a fixed frame count). Prints rows per second of each run (wall clock of the command, so
the LocalCluster's start-up is in the cohort's), the dask runs' fitting phase alone (a cluster started
beforehand), and the load average before each run (other work on the machine slows every run).
"""
import argparse
import csv
import filecmp
import os
import shutil
import subprocess
import sys
import time

import numpy as np

import jointsmith as js
from jointsmith import cohort

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
SETTINGS = [("auto", "auto"), ("auto", "0.001"), ("10", "auto")]  # (frames, smooth) by row


def small_rotation(rng, sigma):
    w = rng.normal(scale=sigma, size=3)
    angle = np.linalg.norm(w)
    if angle == 0.0:
        return np.eye(3)
    k = w / angle
    K = np.array([[0, -k[2], k[1]], [k[2], 0, -k[0]], [-k[1], k[0], 0]])
    return np.eye(3) + np.sin(angle) * K + (1 - np.cos(angle)) * K @ K


def make_manifest(folder, rows):
    os.makedirs(os.path.join(folder, "samples"), exist_ok=True)
    q, R, p, _ = js.read_samples(os.path.join(ROOT, "resources", "samples", "knee.csv"))
    lines = ["samples,output,frames,smooth"]
    for k in range(rows):
        rng = np.random.default_rng(k)
        Rk = np.array([r @ small_rotation(rng, np.radians(0.5)) for r in R])
        pk = p + rng.normal(scale=0.5e-3, size=p.shape)
        name = f"s{k:03d}"
        with open(os.path.join(folder, "samples", name + ".csv"), "w") as f:
            f.write("q,R00,R01,R02,R10,R11,R12,R20,R21,R22,px,py,pz\n")
            for x, r, t in zip(q, Rk, pk):
                f.write(",".join("%.17g" % v for v in [x, *r.ravel(), *t]) + "\n")
        frames, smooth = SETTINGS[k % len(SETTINGS)]
        lines.append(f"samples/{name}.csv,{name},{frames},{smooth}")
    path = os.path.join(folder, "manifest.csv")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return path


def timed(command):
    load = os.getloadavg()[0]
    start = time.perf_counter()
    r = subprocess.run(command, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if r.returncode != 0:
        sys.exit(f"{' '.join(command)} failed ({r.returncode}):\n{r.stdout}{r.stderr}")
    return seconds, load


def summary(path):
    with open(path) as f:
        rows = list(csv.DictReader(f))
    for r in rows:
        r.pop("seconds")
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", required=True, help="jointsmith-cli (same build as the module)")
    parser.add_argument("--rows", type=int, default=200)
    parser.add_argument("--dir", default="cohort-throughput", help="work folder (emptied first)")
    args = parser.parse_args()
    shutil.rmtree(args.dir, ignore_errors=True)
    manifest = make_manifest(args.dir, args.rows)
    runs = {}
    for n in (1, 2):
        out = os.path.join(args.dir, f"batch-j{n}")
        runs[f"fit-batch -j {n}"] = (out, *timed([args.cli, "fit-batch", manifest, "-o", out, "-j", str(n)]))
    for n in (1, 2):
        out = os.path.join(args.dir, f"cohort-w{n}")
        runs[f"jointsmith.cohort --workers {n}"] = (
            out, *timed([sys.executable, "-m", "jointsmith.cohort", manifest, "-o", out, "--workers", str(n)]))

    # the fitting phase alone: a LocalCluster started beforehand, then cohort.run on it
    from dask.distributed import Client, LocalCluster
    phase = {}
    for n in (1, 2):
        out = os.path.join(args.dir, f"cohort-phase-w{n}")
        with LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
                Client(cluster) as client:
            client.run(lambda: __import__("jointsmith"))  # workers import the module before the clock starts
            load = os.getloadavg()[0]
            phase[n] = (cohort.run(manifest, out, client=client)["seconds"], load)
        runs[f"cohort.run on a started cluster, {n} worker{'s' if n > 1 else ''}"] = (out, *phase[n])

    # identical results: every joint file byte for byte, the summaries but for the seconds
    reference = next(iter(runs.values()))[0]
    names = [f"s{k:03d}.json" for k in range(args.rows)]
    for label, (out, _, _) in runs.items():
        match, mismatch, errors = filecmp.cmpfiles(reference, out, names, shallow=False)
        if mismatch or errors or len(match) != args.rows:
            sys.exit(f"{label}: joint files differ from {reference}: {mismatch + errors}")
        if summary(os.path.join(out, "summary.csv")) != summary(os.path.join(reference, "summary.csv")):
            sys.exit(f"{label}: summary.csv differs from {reference}'s")
    failed = sum(r["status"] != "ok" for r in summary(os.path.join(reference, "summary.csv")))

    print(f"{args.rows} rows ({failed} failed), {os.cpu_count()} cores; all runs wrote identical joint files and summaries")
    print(f"{'run':<48} {'seconds':>8} {'rows/s':>8} {'load':>6}")
    for label, (_, seconds, load) in runs.items():
        print(f"{label:<48} {seconds:8.2f} {args.rows / seconds:8.1f} {load:6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
