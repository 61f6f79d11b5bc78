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

# vtk meshes: a small tetrahedron-like patch written here in every encoding the reader takes (generated, not
# copied from ../shared/data: the seeds stay a few hundred bytes)
import base64, struct, zlib

POINTS = [(0.0, 0.0, 0.0), (0.01, 0.0, 0.0), (0.0, 0.02, 0.0), (0.0, 0.0, 0.03), (0.01, 0.02, 0.03)]
POLYS = [[0, 1, 2], [0, 1, 3], [1, 2, 4, 3]]  # two triangles and a quad (fanned)
STRIP = [0, 1, 2, 4]


def lz4_literals(data):
    """an lz4 block of literals only (valid lz4, no compression), enough for the reader's lz4 path."""
    n = len(data)
    out = bytearray([min(n, 15) << 4])
    if n >= 15:
        rest = n - 15
        while rest >= 255:
            out.append(255)
            rest -= 255
        out.append(rest)
    return bytes(out + data)


def packed(values, fmt, header, compressor, endian="<"):
    raw = struct.pack(endian + fmt * len(values), *values)
    h = "I" if header == "UInt32" else "Q"
    if compressor is None:
        return struct.pack(endian + h, len(raw)) + raw, None
    comp = zlib.compress(raw) if compressor == "zlib" else lz4_literals(raw)
    return struct.pack(endian + h * 4, 1, len(raw), len(raw), len(comp)), comp


def vtp(encoding, header="UInt32", compressor=None, strips=False, endian="<"):
    offsets, conn, o = [], [], 0
    for p in POLYS:
        conn += p
        o += len(p)
        offsets.append(o)
    arrays = [("Points", "Float32", "f", [c for p in POINTS for c in p], ' NumberOfComponents="3"'),
              ("Strips" if strips else "Polys", "Int32", "i", STRIP if strips else conn, ' Name="connectivity"'),
              ("Strips" if strips else "Polys", "Int32", "i", [len(STRIP)] if strips else offsets, ' Name="offsets"')]
    appended, body = b"", {}
    for group, typ, fmt, values, extra in arrays:
        if encoding == "ascii":
            text = " ".join(repr(v) for v in values)
            el = '<DataArray type="%s"%s format="ascii">%s</DataArray>' % (typ, extra, text)
        else:
            head, comp = packed(values, fmt, header, compressor, endian)
            if encoding == "binary":
                text = base64.b64encode(head).decode() + (base64.b64encode(comp).decode() if comp else "")
                el = '<DataArray type="%s"%s format="binary">%s</DataArray>' % (typ, extra, text)
            else:
                blob = head + (comp or b"")
                if encoding == "appended-base64":
                    blob = (base64.b64encode(head) + (base64.b64encode(comp) if comp else b""))
                el = '<DataArray type="%s"%s format="appended" offset="%d"/>' % (typ, extra, len(appended))
                appended += blob
        body.setdefault(group, []).append(el)
    comp_attr = {None: "", "zlib": ' compressor="vtkZLibDataCompressor"', "lz4": ' compressor="vtkLZ4DataCompressor"'}[compressor]
    order = "BigEndian" if endian == ">" else "LittleEndian"
    cells = 'NumberOfStrips="1" NumberOfPolys="0"' if strips else 'NumberOfStrips="0" NumberOfPolys="%d"' % len(POLYS)
    xml = ('<?xml version="1.0"?>\n<VTKFile type="PolyData" version="1.0" byte_order="%s" header_type="%s"%s>\n'
           '<PolyData>\n<Piece NumberOfPoints="%d" NumberOfVerts="0" NumberOfLines="0" %s>\n' % (order, header, comp_attr, len(POINTS), cells))
    for group, els in body.items():
        xml += "<%s>\n%s\n</%s>\n" % (group, "\n".join(els), group)
    xml += "</Piece>\n</PolyData>\n"
    out = xml.encode()
    if appended:
        enc = "base64" if encoding == "appended-base64" else "raw"
        out += b'<AppendedData encoding="%s">\n_' % enc.encode() + appended + b"\n</AppendedData>\n"
    return out + b"</VTKFile>\n"


def legacy(binary=False, v51=False):
    head = "# vtk DataFile Version %s\nseed\n%s\nDATASET POLYDATA\n" % ("5.1" if v51 else "3.0", "BINARY" if binary else "ASCII")
    out = head.encode()
    pts = [c for p in POINTS for c in p]
    out += b"POINTS %d float\n" % len(POINTS)
    out += struct.pack(">" + "f" * len(pts), *pts) + b"\n" if binary else (" ".join(repr(c) for c in pts) + "\n").encode()
    if v51:
        offsets, conn, o = [0], [], 0
        for p in POLYS:
            conn += p
            o += len(p)
            offsets.append(o)
        out += b"POLYGONS %d %d\n" % (len(offsets), len(conn))
        for name, vals in (("OFFSETS", offsets), ("CONNECTIVITY", conn)):
            out += b"%s vtktypeint64\n" % name.encode()
            out += struct.pack(">" + "q" * len(vals), *vals) + b"\n" if binary else (" ".join(map(str, vals)) + "\n").encode()
    else:
        flat = [x for p in POLYS for x in [len(p)] + p]
        out += b"POLYGONS %d %d\n" % (len(POLYS), len(flat))
        out += struct.pack(">" + "i" * len(flat), *flat) + b"\n" if binary else (" ".join(map(str, flat)) + "\n").encode()
        strip = [len(STRIP)] + STRIP
        out += b"TRIANGLE_STRIPS 1 %d\n" % len(strip)
        out += struct.pack(">" + "i" * len(strip), *strip) + b"\n" if binary else (" ".join(map(str, strip)) + "\n").encode()
    return out


d = fresh("vtk_mesh")
seeds = {
    "ascii.vtp": vtp("ascii"),
    "binary-raw.vtp": vtp("binary"),
    "binary-zlib.vtp": vtp("binary", compressor="zlib"),
    "binary-lz4.vtp": vtp("binary", compressor="lz4"),
    "appended-raw.vtp": vtp("appended-raw"),
    "appended-raw-uint64.vtp": vtp("appended-raw", header="UInt64"),
    "appended-base64-zlib.vtp": vtp("appended-base64", compressor="zlib"),
    "big-endian-binary.vtp": vtp("binary", endian=">"),
    "strips-binary-zlib.vtp": vtp("binary", compressor="zlib", strips=True),
    "legacy-ascii.vtk": legacy(),
    "legacy-binary.vtk": legacy(binary=True),
    "legacy-5.1-ascii.vtk": legacy(v51=True),
    "legacy-5.1-binary.vtk": legacy(binary=True, v51=True),
}
for name, data in seeds.items():
    (d / name).write_bytes(data)


# trc marker files: small ones written here (mm, cm and m; a marker missing; a line that ends early; crlf)
def trc(units="mm", frames=4, markers=("RKNE", "RANK", "RHEE"), missing=None, short=None, eol="\n"):
    m = len(markers)
    lines = ["PathFileType\t4\t(X/Y/Z)\tseed.trc",
             "DataRate\tCameraRate\tNumFrames\tNumMarkers\tUnits\tOrigDataRate\tOrigDataStartFrame\tOrigNumFrames",
             "100\t100\t%d\t%d\t%s\t100\t1\t%d" % (frames, m, units, frames),
             "Frame#\tTime\t" + "\t\t\t".join(markers),
             "\t\t" + "\t".join("X%d\tY%d\tZ%d" % (k + 1, k + 1, k + 1) for k in range(m)), ""]
    for f in range(frames):
        row = [str(f + 1), "%.3f" % (f / 100)]
        for k in range(m):
            if missing == (f, k):
                row += ["", "", ""]
            else:
                row += ["%.4f" % (100 * k + f * 1.5 + c) for c in range(3)]
        if short == f:
            row = row[:2 + 3 * (m - 1)]
        lines.append("\t".join(row))
    return eol.join(lines) + eol


d = fresh("trc")
for name, text in {"mm.trc": trc(), "cm-missing.trc": trc("cm", missing=(1, 2)), "m-short-line.trc": trc("m", short=2),
                   "crlf-one-marker.trc": trc(markers=("LASI",), eol="\r\n"), "one-frame.trc": trc(frames=1)}.items():
    (d / name).write_text(text)

for t in sorted(out.iterdir()):
    print(t.name, len(list(t.iterdir())), "inputs")
