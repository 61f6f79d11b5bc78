# cohorts: jointsmith-cli fit-batch and python3 -m jointsmith.cohort on a LocalCluster of 2 workers fit the
# same 200-row manifest (small sample files made here) to identical joint files and summaries; failures are
# recorded, finished rows are skipped on a second run.
import csv
import os
import subprocess
import sys

import numpy as np
import pytest

from conftest import knee_like, write_csv

ROWS = 200


@pytest.fixture(scope="module")
def manifest(tmp_path_factory):
    root = tmp_path_factory.mktemp("cohort")
    (root / "samples").mkdir()
    lines = ["samples,output,frames,smooth,method"]
    for k in range(ROWS):
        subject = f"s{k:03d}"
        if k == 17:  # a missing file: recorded as failed, the rest complete
            lines.append(f"samples/missing.csv,{subject},,,")
            continue
        q, R, p = knee_like(12, noise=0.002, seed=k)
        write_csv(root / "samples" / f"{subject}.csv", q, R, p)
        frames, smooth, method = [("5", "0", ""), ("auto", "0.001", "paper"), ("6", "auto", "")][k % 3]
        lines.append(f"samples/{subject}.csv,{subject},{frames},{smooth},{method}")
    (root / "manifest.csv").write_text("\n".join(lines) + "\n")
    return root


def summary(path):
    with open(path) as f:
        rows = list(csv.DictReader(f))
    for r in rows:
        r.pop("seconds")
    return rows


def test_fit_batch_and_dask_agree(manifest, cli, tmp_path):
    r = cli("fit-batch", manifest / "manifest.csv", "-o", tmp_path / "batch", "-j", 2, check=False)
    assert r.returncode == 1 and "1 row failed" in r.stderr, r.stderr
    assert "199 fitted, 1 failed" in r.stdout
    batch = summary(tmp_path / "batch/summary.csv")
    assert len(batch) == ROWS
    assert batch[17]["status"] == "failed" and "missing.csv" in batch[17]["error"]
    assert all(b["status"] == "ok" for i, b in enumerate(batch) if i != 17)

    env = dict(os.environ)
    py = subprocess.run([sys.executable, "-m", "jointsmith.cohort", str(manifest / "manifest.csv"), "-o",
                         str(tmp_path / "dask"), "--workers", "2"], capture_output=True, text=True, env=env, timeout=600)
    assert py.returncode == 1, py.stderr
    assert "199 fitted, 1 failed" in py.stdout and "on 2 workers" in py.stdout, py.stdout
    assert summary(tmp_path / "dask/summary.csv") == batch
    for k in range(ROWS):
        if k == 17:
            continue
        name = f"s{k:03d}.json"
        assert (tmp_path / "dask" / name).read_bytes() == (tmp_path / "batch" / name).read_bytes(), name

    # restart: only the failed row runs again (it fails again); the others are skipped
    again = subprocess.run([sys.executable, "-m", "jointsmith.cohort", str(manifest / "manifest.csv"), "-o",
                            str(tmp_path / "dask"), "--workers", "1"], capture_output=True, text=True, env=env, timeout=600)
    assert "0 fitted, 1 failed, 199 skipped" in again.stdout, again.stdout
    r = cli("fit-batch", manifest / "manifest.csv", "-o", tmp_path / "dask", check=False)
    assert "0 fitted, 1 failed, 199 skipped" in r.stdout
    assert summary(tmp_path / "dask/summary.csv") == batch


def test_manifest_errors(tmp_path, cli):
    (tmp_path / "m.csv").write_text("samples,output,colour\nx.csv,a,red\n")
    r = cli("fit-batch", tmp_path / "m.csv", "-o", tmp_path / "o", check=False)
    assert r.returncode == 1 and "m.csv:1: unknown column 'colour'" in r.stderr
    (tmp_path / "m.csv").write_text("samples,output\nx.csv,a\ny.csv,a\n")
    r = cli("fit-batch", tmp_path / "m.csv", "-o", tmp_path / "o", check=False)
    assert "m.csv:3: output 'a' appears twice" in r.stderr
    sys.path.insert(0, "")
    from jointsmith import cohort
    with pytest.raises(Exception, match="appears twice"):
        cohort.run(tmp_path / "m.csv", tmp_path / "o")
