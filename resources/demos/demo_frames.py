"""Shared helpers of the demo generator (make_demos.py): rotations, transform and joint documents, sample
CSV writing, the library's JSON layout and calls to jointsmith-cli. Standard library only."""
import json
import math
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "joints"))
import make_examples as mx  # noqa: E402  (the library's json layout and small helpers)

from demo_geometry import cross, dot, norm, unit  # noqa: E402,F401

dump = mx.dump
mul = mx.mul
apply = mx.apply
rx, ry, rz = mx.rx, mx.ry, mx.rz
IDENTITY_R = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]


def transpose(R):
    return [[R[j][i] for j in range(3)] for i in range(3)]


def from_columns(x, y, z):
    """the rotation whose columns are the unit vectors x, y, z."""
    return [[x[i], y[i], z[i]] for i in range(3)]


def axis_angle(axis, angle):
    """rotation by angle (rad) about the unit axis (rodrigues)."""
    x, y, z = unit(axis)
    c, s, t = math.cos(angle), math.sin(angle), 1.0 - math.cos(angle)
    return [[t * x * x + c, t * x * y - s * z, t * x * z + s * y],
            [t * x * y + s * z, t * y * y + c, t * y * z - s * x],
            [t * x * z - s * y, t * y * z + s * x, t * z * z + c]]


def clean(x):
    """rounds to 15 significant digits so generated files do not carry round-off noise."""
    if isinstance(x, list):
        return [clean(e) for e in x]
    if isinstance(x, dict):
        return {k: clean(v) for k, v in x.items()}
    if isinstance(x, float):
        return float("%.15g" % x) + 0.0
    return x


def transform(R, p):
    return {"rotation": clean(R), "translation": clean(p)}


def write_json(path, doc):
    with open(path, "w") as f:
        f.write(dump(doc) + "\n")


def closed_curve_joint(frames, name, description):
    """a closed cubic spline curve joint (paper §5.1, eq. 21) through the control frames [(R, p), …] in
    order, with uniform periodic knots spaced by the mean distance between consecutive control points (a
    natural parameterization, §6.1, in metres along the curve)."""
    n, k = len(frames), 4
    length = sum(norm([frames[(i + 1) % n][1][c] - frames[i][1][c] for c in range(3)]) for i in range(n))
    h = length / n
    knots = [round((i - (k - 1)) * h, 15) for i in range(n + 2 * k - 1)]
    return {
        "format": "jointsmith.joint",
        "version": 1,
        "kind": "spline_curve",
        "dof": 1,
        "coordinates": [{"name": name, "min": 0.0, "max": clean(n * h)}],
        "description": description + " made by resources/demos/make_demos.py",
        "order": k,
        "closed": True,
        "knots": knots,
        "control_frames": [transform(R, p) for R, p in frames],
    }


def write_samples_csv(path, header_comment, rows, dof):
    """rows: (q list, R, p). 17 significant digits (docs/samples.md)."""
    qcols = ["q"] if dof == 1 else ["q%d" % i for i in range(dof)]
    with open(path, "w") as f:
        for line in header_comment.strip().splitlines():
            f.write("# " + line + "\n")
        f.write(",".join(qcols + ["R%d%d" % (i, j) for i in range(3) for j in range(3)] + ["px", "py", "pz"]) + "\n")
        for q, R, p in rows:
            vals = list(q) + [R[i][j] for i in range(3) for j in range(3)] + list(p)
            f.write(",".join("%.17g" % v for v in vals) + "\n")


def noisy_pose(rng, R, p, sigma_p, sigma_r):
    """R, p with gaussian noise: sigma_p metres per axis, sigma_r radians about each axis."""
    w = [rng.gauss(0.0, sigma_r) for _ in range(3)]
    angle = norm(w)
    Rn = mul(axis_angle(w, angle), R) if angle > 0 else R
    return Rn, [p[i] + rng.gauss(0.0, sigma_p) for i in range(3)]


def run_cli(cli, args):
    out = subprocess.run([cli] + args, check=True, capture_output=True, text=True)
    return out.stdout


def eval_transform(cli, joint_path, q):
    """parent_T_child(q) of a joint file as (R, p), from jointsmith-cli eval."""
    doc = json.loads(run_cli(cli, ["eval", joint_path, "--q", ",".join(repr(x) for x in q)]))
    T = doc["evaluations"][0]["transform"]
    return [T[0:3], T[4:7], T[8:11]], [T[3], T[7], T[11]]


def rename_coordinates(joint_path, coordinates, description):
    """sets the coordinate names (and keeps the fitted ranges) and a description in a fitted joint file."""
    with open(joint_path) as f:
        doc = json.load(f)
    for c, name in zip(doc["coordinates"], coordinates):
        c["name"] = name
    doc["description"] = description
    keys = ["format", "version", "kind", "dof", "coordinates", "offsets", "description"]
    ordered = {k: doc[k] for k in keys if k in doc}
    ordered.update({k: v for k, v in doc.items() if k not in ordered})
    write_json(joint_path, ordered)


def scene(description, settings, bodies, forces=None, initial=None, root=None):
    doc = {"format": "jointsmith.scene", "version": 1, "description": description, "settings": settings}
    if root:
        doc["root"] = root
    doc["bodies"] = bodies
    if forces:
        doc["forces"] = forces
    if initial:
        doc["initial_state"] = initial
    return clean(doc)
