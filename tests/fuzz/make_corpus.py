#!/usr/bin/env python3
"""makes the fuzz seed corpora in tests/fuzz/corpus/<target>/ from the shipped resources (run from anywhere;
rerun when resources change). inputs larger than 64 kB are cut to their first rows, as libFuzzer's default
-max_len would cut them anyway."""
import csv, io, json, pathlib, shutil

root = pathlib.Path(__file__).resolve().parents[2]
out = pathlib.Path(__file__).resolve().parent / "corpus"
res = root / "resources"
LIMIT = 64 * 1024


def fresh(name):
    d = out / name
    shutil.rmtree(d, ignore_errors=True)
    d.mkdir(parents=True)
    return d


def small_csv(text, rows=40):
    lines = text.splitlines(keepends=True)
    return "".join(lines[:rows]) if len(text) > LIMIT else text


# joint files: the examples and the demos' joints
d = fresh("joint_file")
for p in sorted((res / "joints").glob("*.json")) + sorted((res / "demos" / "joints").glob("*.json")):
    text = p.read_text()
    if len(text) <= LIMIT:
        (d / p.name).write_text(text)

# sample csv: the shipped sets, cut
d = fresh("samples_csv")
for p in [res / "samples" / "knee.csv"] + sorted((res / "demos" / "samples").glob("*.csv")):
    (d / p.name).write_text(small_csv(p.read_text()))

# sample json: the same sets in the json form (docs/samples.md)
d = fresh("samples_json")
for p in [res / "samples" / "knee.csv"] + sorted((res / "demos" / "samples").glob("*.csv")):
    rows = [r for r in csv.reader(io.StringIO(small_csv(p.read_text(), 12))) if r and not r[0].startswith("#")]
    header, body = rows[0], rows[1:]
    qs = [i for i, h in enumerate(header) if h == "q" or h.startswith("q")]
    Rs = [header.index("R%d%d" % (r, c)) for r in range(3) for c in range(3)]
    ps = [header.index(k) for k in ("px", "py", "pz")]
    samples = [{"q": [float(r[i]) for i in qs], "R": [float(r[i]) for i in Rs], "p": [float(r[i]) for i in ps]}
               for r in body]
    doc = {"format": "jointsmith-samples", "version": 1, "dof": len(qs), "samples": samples}
    (d / (p.stem + ".json")).write_text(json.dumps(doc, indent=1))

# scene files: every shipped scene and demo
d = fresh("scene_file")
for p in sorted((res / "scenes").glob("*.json")) + sorted((res / "demos").glob("*.json")):
    text = p.read_text()
    if len(text) <= LIMIT:
        (d / p.name).write_text(text)

# osim: CustomJoints written by our own exporter (tests/fuzz/seeds_osim/, made with jointsmith-cli export)
d = fresh("osim")
for p in sorted((pathlib.Path(__file__).resolve().parent / "seeds_osim").glob("*.osim")):
    (d / p.name).write_text(p.read_text())

for t in sorted(out.iterdir()):
    print(t.name, len(list(t.iterdir())), "inputs")
