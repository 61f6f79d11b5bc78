# one fit path: `jointsmith-cli fit`, `fit-batch` and jointsmith.fit run the same job (app/cli/fit_job.hpp),
# so samples that give a joint `check` rejects are refused by all three with the same message, and none of
# them writes or returns that joint. regression: fit-batch and the module used to write what fit refused.
import csv
import json

import numpy as np
import pytest

import jointsmith as js
from conftest import knee_like, rot, write_csv

WHY = "the samples do not determine a usable joint: the fitted joint fails `check`: S vanishes"


def same_pose(n=30):
    """one pose at n values of q: the fitted joint does not move, so S = 0 everywhere."""
    q = np.linspace(0.0, 1.5, n)
    R = np.array([rot([1, 0.05, 0.02], 1.0)] * n)
    p = np.tile([0.004, -0.02, 0.003], (n, 1))
    return q, R, p


def test_degenerate_samples_are_refused_alike_by_fit_fit_batch_and_python(tmp_path, cli):
    q, R, p = same_pose()
    samples = write_csv(tmp_path / "same_pose.csv", q, R, p)

    # fit: exit 1, one message, no joint file
    r = cli("fit", samples, "-o", tmp_path / "fit.json", "--frames", 6, "--smooth", 0, check=False)
    assert r.returncode == 1, r.stdout + r.stderr
    prefix = "jointsmith-cli: error: "
    assert r.stderr.startswith(prefix) and WHY in r.stderr, r.stderr
    message = r.stderr[len(prefix):].strip()
    assert message.startswith(f"{samples}: "), message
    assert not (tmp_path / "fit.json").exists()

    # fit-batch: the row fails with the same message and writes no joint; a good row beside it completes
    good = write_csv(tmp_path / "good.csv", *knee_like(20, noise=0.002))
    (tmp_path / "m.csv").write_text(f"samples,output,frames,smooth\n{samples.name},bad,6,0\n{good.name},good,6,0\n")
    r = cli("fit-batch", tmp_path / "m.csv", "-o", tmp_path / "out", "-j", 1, check=False)
    assert r.returncode == 1 and "1 row failed" in r.stderr, r.stdout + r.stderr
    with open(tmp_path / "out" / "summary.csv") as f:
        rows = {row["output"]: row for row in csv.DictReader(f)}
    assert rows["bad"]["status"] == "failed" and rows["bad"]["error"] == message, rows["bad"]
    assert rows["good"]["status"] == "ok", rows["good"]
    assert not (tmp_path / "out" / "bad.json").exists() and not (tmp_path / "out" / "bad.report.json").exists()
    assert (tmp_path / "out" / "good.json").exists()

    # python: SampleError(kind 'degenerate') with the same message, from a file and from arrays
    with pytest.raises(js.SampleError) as e:
        js.fit_file(str(samples), frames=6, smooth=0)
    assert str(e.value) == message and e.value.kind == "degenerate" and e.value.file == str(samples)
    with pytest.raises(js.SampleError) as e:
        js.fit(q, R, p, frames=6, smooth=0)
    assert str(e.value) == message.replace(str(samples), "<arrays>")


def test_a_usable_fit_still_agrees(tmp_path, cli):
    # the refactored fit command writes what the module returns, report included (a closed fit: its extra
    # period-end q used to be handled by fit alone)
    q, R, p = knee_like(20, noise=0.002)
    samples = write_csv(tmp_path / "k.csv", q, R, p)
    cli("fit", samples, "-o", tmp_path / "k.json", "--frames", 6, "--smooth", 0, "--closed", "--report", tmp_path / "r.json")
    joint, report = js.fit_file(str(samples), frames=6, smooth=0, closed=True)
    assert report["check"] == "passed"
    expected = json.loads((tmp_path / "r.json").read_text())
    assert {k: v for k, v in report.items() if k != "seconds"} == {k: v for k, v in expected.items() if k != "seconds"}
    joint.save(str(tmp_path / "mine.json"))
    assert (tmp_path / "mine.json").read_text() == (tmp_path / "k.json").read_text()


def test_fit_batch_refuses_to_overwrite_its_samples_as_fit_does(tmp_path, cli):
    # a row whose joint file would replace its own sample file (json samples in the output folder)
    q, R, p = knee_like(20, noise=0.002)
    (tmp_path / "out").mkdir()
    samples = tmp_path / "out" / "k.json"
    text = json.dumps({"format": "jointsmith-samples", "version": 1, "dof": 1,
                       "samples": [{"q": float(x), "R": r.ravel().tolist(), "p": t.tolist()} for x, r, t in zip(q, R, p)]})
    samples.write_text(text)
    r = cli("fit", samples, "-o", samples, check=False)
    assert r.returncode == 1 and "refusing to overwrite the input file" in r.stderr, r.stderr
    (tmp_path / "m.csv").write_text("samples,output,frames,smooth\nout/k.json,k,6,0\n")
    r = cli("fit-batch", tmp_path / "m.csv", "-o", tmp_path / "out", check=False)
    assert r.returncode == 1, r.stdout + r.stderr
    with open(tmp_path / "out" / "summary.csv") as f:
        row = next(csv.DictReader(f))
    assert row["status"] == "failed" and "refusing to overwrite the input file" in row["error"], row
    assert samples.read_text() == text
