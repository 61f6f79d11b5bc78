#!/usr/bin/env python3
"""Writes the example joint files of this folder (jointsmith.joint v1, docs/joint-file.md).

The committed .json files are the output of this script; it is kept only to show where their numbers
come from. Run it from anywhere: python3 resources/joints/make_examples.py

  knee.json             cubic spline curve joint, 8 control frames: flexion 0..2.1 rad with posterior
                        translation of the tibia (rolling/sliding, 15 mm) and internal axial rotation
  revolute.json         an elbow-like hinge
  elliptic.json         the paper's elliptic joint (fig. 2, eq. 17-20)
  scapulothoracic.json  2-dof spline surface joint: the scapula gliding over an ellipsoidal thorax

Frames: x lateral, y anterior, z up (proximal). Units: metres, radians.
The output layout matches the library's writer (core/io/json_text.cpp), so reading and rewriting a file
with jointsmith gives the same text.
"""
import math
import os

HERE = os.path.dirname(os.path.abspath(__file__))


# --- small rotation helpers (row-major 3x3 lists)
def rx(a):
    c, s = math.cos(a), math.sin(a)
    return [[1.0, 0.0, 0.0], [0.0, c, -s], [0.0, s, c]]


def rz(a):
    c, s = math.cos(a), math.sin(a)
    return [[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]]


def ry(a):
    c, s = math.cos(a), math.sin(a)
    return [[c, 0.0, s], [0.0, 1.0, 0.0], [-s, 0.0, c]]


def mul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)] for i in range(3)]


def apply(a, v):
    return [sum(a[i][k] * v[k] for k in range(3)) for i in range(3)]


def transform(R, p):
    return {"rotation": R, "translation": p}


IDENTITY = transform([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]], [0.0, 0.0, 0.0])


# --- b-spline knots
def clamped_knots(n, k, lo, hi):
    """open clamped knots with uniform interior spans: n controls, order k."""
    spans = n - k + 1
    interior = [round(lo + (hi - lo) * i / spans, 12) for i in range(1, spans)]
    return [lo] * k + interior + [hi] * k


def greville(knots, n, k):
    return [round(sum(knots[i + 1:i + k]) / (k - 1), 12) for i in range(n)]


def basis(knots, n, k, x):
    """the n b-spline basis values of order k at x (cox-de boor; x = last knot uses the last span)."""
    last = max(i for i in range(len(knots) - 1) if knots[i] < knots[i + 1])
    b = [1.0 if (knots[i] <= x < knots[i + 1]) or (i == last and x == knots[-1]) else 0.0
         for i in range(len(knots) - 1)]
    for d in range(2, k + 1):
        nb = []
        for i in range(len(knots) - d):
            left = (x - knots[i]) / (knots[i + d - 1] - knots[i]) * b[i] if knots[i + d - 1] > knots[i] else 0.0
            right = ((knots[i + d] - x) / (knots[i + d] - knots[i + 1]) * b[i + 1]
                     if knots[i + d] > knots[i + 1] else 0.0)
            nb.append(left + right)
        b = nb
    return b[:n]


def solve(A, y):
    """gaussian elimination with partial pivoting for a small dense system."""
    n = len(A)
    M = [row[:] + [y[i]] for i, row in enumerate(A)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(M[r][c]))
        M[c], M[p] = M[p], M[c]
        for r in range(c + 1, n):
            f = M[r][c] / M[c][c]
            M[r] = [a - f * b for a, b in zip(M[r], M[c])]
    x = [0.0] * n
    for r in reversed(range(n)):
        x[r] = (M[r][n] - sum(M[r][j] * x[j] for j in range(r + 1, n))) / M[r][r]
    return x


def interpolate_2d(ku, kv, n, k, f):
    """control values c[i][j] of the tensor spline through f at the greville points (schoenberg-whitney)."""
    gu, gv = greville(ku, n, k), greville(kv, n, k)
    Au = [basis(ku, n, k, u) for u in gu]
    Av = [basis(kv, n, k, v) for v in gv]
    F = [[f(u, v) for v in gv] for u in gu]
    # rows: solve Au X = F column by column, then X Avᵀ = C row by row
    X = [list(col) for col in zip(*[solve(Au, [F[i][j] for i in range(n)]) for j in range(n)])]
    return [solve(Av, X[i]) for i in range(n)]


# --- the knee: an analytic rolling/sliding model sampled at the greville abscissae
def knee_pose(q):
    s = 0.5 * (1.0 - math.cos(math.pi * q / 2.1))  # smooth 0 → 1 over the range
    R = mul(rx(-q), rz(0.2 * s))  # flexion about the lateral axis, then internal tibial rotation
    # tibial plateau 20 mm below the condyle centre, sliding 15 mm posteriorly as the femur rolls back
    p = apply(rx(-q), [0.0, 0.0, -0.02])
    p = [p[0], p[1] - 0.015 * s, p[2]]
    return transform(R, p)


def knee():
    n, k = 8, 4
    knots = clamped_knots(n, k, 0.0, 2.1)
    frames = [knee_pose(q) for q in greville(knots, n, k)]
    return {
        "format": "jointsmith.joint",
        "version": 1,
        "kind": "spline_curve",
        "dof": 1,
        "coordinates": [{"name": "flexion", "min": 0.0, "max": 2.1}],
        "offsets": {
            # knee joint centre 0.42 m below the femur's frame (at the hip)
            "parent_T_joint": transform(IDENTITY["rotation"], [0.0, 0.0, -0.42]),
            "moving_T_child": IDENTITY,
        },
        "description": "knee-like femorotibial joint: flexion 0-2.1 rad with 15 mm posterior tibial "
                       "translation (rolling and sliding) and up to 0.2 rad internal tibial rotation. "
                       "made by resources/joints/make_examples.py",
        "order": k,
        "closed": False,
        "knots": knots,
        "control_frames": frames,
    }


def revolute():
    return {
        "format": "jointsmith.joint",
        "version": 1,
        "kind": "revolute",
        "dof": 1,
        "coordinates": [{"name": "flexion", "min": 0.0, "max": 2.6}],
        "offsets": {
            "parent_T_joint": transform(IDENTITY["rotation"], [0.0, 0.0, -0.3]),
            "moving_T_child": IDENTITY,
        },
        "description": "an elbow-like hinge 0.3 m below the upper-arm frame. "
                       "made by resources/joints/make_examples.py",
        "axis": [1.0, 0.0, 0.0],
    }


def elliptic():
    return {
        "format": "jointsmith.joint",
        "version": 1,
        "kind": "elliptic",
        "dof": 1,
        "coordinates": [{"name": "angle", "min": -math.pi, "max": math.pi}],
        "offsets": {"parent_T_joint": IDENTITY, "moving_T_child": IDENTITY},
        "description": "the elliptic joint of the paper (fig. 2): the child slides along an ellipse with "
                       "semi-axes 80 mm and 50 mm, tangent to it. made by resources/joints/make_examples.py",
        "a": 0.08,
        "b": 0.05,
        "k": [0.0, 0.0, 1.0],
    }


def scapulothoracic():
    # thorax ellipsoid semi-axes (lateral, anterior-posterior, vertical), scapula on its back (−y side)
    A, B, C = 0.10, 0.13, 0.20
    k = 4
    ku = clamped_knots(5, k, -0.6, 0.6)  # elevation
    kv = clamped_knots(5, k, -0.5, 0.5)  # protraction
    # tx, ty, tz, rx, ry, rz (the default basis) as functions of elevation u and protraction v
    functions = [
        lambda u, v: A * math.sin(v) * math.cos(u),
        lambda u, v: -B * math.cos(v) * math.cos(u),
        lambda u, v: C * math.sin(u),
        lambda u, v: -0.8 * u,  # tilt with elevation
        lambda u, v: 0.3 * u,  # upward rotation
        lambda u, v: v,  # turn with the thorax as it protracts
    ]
    # interpolate at the greville points; row-major, the last coordinate varies fastest
    phi = [[round(c, 15) for row in interpolate_2d(ku, kv, 5, k, f) for c in row] for f in functions]
    basis = [[0.0, 0.0, 0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 1.0],
             [1.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0, 0.0, 0.0]]
    return {
        "format": "jointsmith.joint",
        "version": 1,
        "kind": "spline_surface",
        "dof": 2,
        "coordinates": [{"name": "elevation", "min": -0.6, "max": 0.6},
                        {"name": "protraction", "min": -0.5, "max": 0.5}],
        "offsets": {"parent_T_joint": IDENTITY, "moving_T_child": IDENTITY},
        "description": "2-dof scapulothoracic joint (paper fig. 4): the scapula glides over an ellipsoidal "
                       "thorax (semi-axes 0.10, 0.13, 0.20 m). made by resources/joints/make_examples.py",
        "base": IDENTITY,
        "basis": basis,
        "knot_vectors": [{"order": k, "periodic": False, "knots": ku},
                         {"order": k, "periodic": False, "knots": kv}],
        "coefficients": phi,
    }


# --- the library writer's layout
def scalar(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        r = repr(v)
        return r if ("." in r or "e" in r or "n" in r) else r + ".0"
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    raise TypeError(v)


def flat(v):
    return isinstance(v, list) and all(not isinstance(e, (list, dict)) for e in v)


def inline(v):
    if flat(v):
        return True
    if not isinstance(v, list) or not v or len(v) > 4:
        return False
    return all(flat(e) for e in v) and sum(len(e) for e in v) <= 9


def dump(v, indent=0):
    pad, inner = " " * indent, " " * (indent + 2)
    if isinstance(v, dict) and v:
        items = [inner + scalar(key) + ": " + dump(val, indent + 2) for key, val in v.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(v, list) and v and not inline(v):
        return "[\n" + ",\n".join(inner + dump(e, indent + 2) for e in v) + "\n" + pad + "]"
    if isinstance(v, list):
        return "[" + ", ".join(dump(e, indent) for e in v) + "]"
    return scalar(v)


def main():
    for name, doc in [("knee", knee()), ("revolute", revolute()), ("elliptic", elliptic()),
                      ("scapulothoracic", scapulothoracic())]:
        with open(os.path.join(HERE, name + ".json"), "w") as f:
            f.write(dump(doc) + "\n")


if __name__ == "__main__":
    main()
