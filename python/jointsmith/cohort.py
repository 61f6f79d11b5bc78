"""Fit a cohort manifest on a Dask cluster: the Python twin of ``jointsmith-cli fit-batch``.

    python3 -m jointsmith.cohort MANIFEST.csv -o DIR [--scheduler tcp://HOST:8786] [--workers N]

The manifest (one row per joint: samples, output, fit options) and everything written to DIR (OUTPUT.json,
OUTPUT.report.json, summary.csv) are those of fit-batch: both call the same C++ code per row, so the joint
files are identical. Without --scheduler a LocalCluster of --workers processes (one thread each) runs here.
Rows fitted by an earlier run (either tool) are skipped; a failed row is recorded and the rest complete.
With a real cluster the manifest's sample files and DIR must be reachable at the same paths on every worker
(a shared file system) and the workers need the jointsmith module on their PYTHONPATH. docs/python.md.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Callable, List, Optional

from . import _core

_m = _core._manifest


def _fit_row(row: dict, out_dir: str) -> str:
    # runs on a worker: one fit, its files, its summary line
    from jointsmith import _core as core  # imported on the worker
    return core._manifest.run_row(row, out_dir)


def run(manifest: str, out_dir: str, scheduler: Optional[str] = None, workers: int = 2,
        progress: Optional[Callable[[int, int, int], None]] = None, client=None) -> dict:
    """Fits every row of manifest into out_dir on a Dask cluster; returns a dict of counts and seconds.

    scheduler: the address of a running dask-scheduler (tcp://HOST:8786); None starts a LocalCluster of
    `workers` single-threaded worker processes. client: an existing dask.distributed Client (overrides both).
    progress(done, total, failed) is called as rows finish.
    """
    from dask.distributed import Client, LocalCluster, as_completed

    rows = _m.read_manifest(os.fspath(manifest))
    out_dir = os.path.abspath(os.fspath(out_dir))
    os.makedirs(out_dir, exist_ok=True)
    lines: List[str] = [_m.finished_row(r, out_dir) for r in rows]
    todo = [i for i, line in enumerate(lines) if not line]
    start = time.perf_counter()
    cluster = None
    own_client = client is None
    if client is None:
        if scheduler:
            client = Client(scheduler)
        else:
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)
            client = Client(cluster)
    failed = 0
    try:
        futures = {client.submit(_fit_row, rows[i], out_dir, key=f"jointsmith-fit-{rows[i]['output']}-{i}", pure=False): i
                   for i in todo}
        done = 0
        for future in as_completed(futures):
            i = futures[future]
            try:
                lines[i] = future.result()
            except Exception as e:  # a worker died: the row is failed, the others go on
                lines[i] = _failed_line(rows[i], f"{type(e).__name__}: {e}")
            if ",failed," in lines[i]:
                failed += 1
            done += 1
            if progress:
                progress(done, len(todo), failed)
        n_workers = len(client.scheduler_info().get("workers", {}))
    finally:
        if own_client:
            client.close()
            if cluster is not None:
                cluster.close()
    _m.write_summary(out_dir, lines)
    return {"rows": len(rows), "fitted": len(todo) - failed, "failed": failed, "skipped": len(rows) - len(todo),
            "seconds": time.perf_counter() - start, "workers": n_workers}


def _failed_line(row: dict, message: str) -> str:
    quoted = lambda s: '"' + s.replace('"', '""').replace("\n", " ") + '"'
    return ",".join([str(row["row"]), quoted(row["samples"]), quoted(row["output"]), "failed", quoted(message),
                     "0", "0", "0", "0", "0", "0", "0", "0", "0"])


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m jointsmith.cohort",
                                     description="fit every joint of a cohort manifest on a Dask cluster "
                                                 "(the manifest and outputs of jointsmith-cli fit-batch)")
    parser.add_argument("manifest", help="manifest csv: samples, output and fit options per row")
    parser.add_argument("-o", "--output", required=True, help="folder for the joint files, reports and summary.csv")
    parser.add_argument("--scheduler", help="dask scheduler address, e.g. tcp://HOST:8786 (default: a LocalCluster)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="LocalCluster worker processes (default: the number of cores)")
    args = parser.parse_args(argv)
    if args.workers < 1:
        parser.error("--workers must be at least 1")
    start = time.perf_counter()

    def show(done: int, total: int, failed: int) -> None:
        sys.stderr.write(f"\rcohort: {done}/{total} fitted, {failed} failed, {time.perf_counter() - start:.1f} s")
        sys.stderr.flush()
    try:
        r = run(args.manifest, args.output, args.scheduler, args.workers, progress=show)
    except _core.Error as e:
        print(f"jointsmith.cohort: error: {e}", file=sys.stderr)
        return 1
    sys.stderr.write("\n")
    print(f"{args.manifest}: {r['rows']} rows, {r['fitted']} fitted, {r['failed']} failed, {r['skipped']} skipped "
          f"(done before) in {r['seconds']:.2f} s on {r['workers']} worker{'s' if r['workers'] != 1 else ''}; "
          f"wrote {os.path.join(args.output, 'summary.csv')}")
    return 1 if r["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
