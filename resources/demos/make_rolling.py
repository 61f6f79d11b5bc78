#!/usr/bin/env python3
"""No-slip contact (paper §8: "a no-slip constraint, by computing constraint forces using Lagrange multipliers";
docs/demos.md, "Rolling"): a ball rolls without slipping in an elliptic bowl. Writes rolling.json,
meshes/rolling_bowl.obj and meshes/rolling_ball.obj here. Standard library only; deterministic.

    python3 resources/demos/make_rolling.py

The bowl is a fixed body whose surface is z = A x² + B y². A light carriage rides it on a 2-dof spline surface
joint G(u, v): translations to the ball's centre (the contact point (u, v, f) plus r along the normal) and
rotations about x then y that turn its z axis onto the normal, sampled at the Greville abscissae of clamped
cubic knots. The ball sits on a ball joint at the carriage's origin, and a rolling contact between the bowl
and the ball, at the carriage point r below the centre, forbids slip along the tangent plane. The ball's mesh
carries three rings so its turning shows.
"""
import json
import math
import os

import demo_geometry as g

HERE = os.path.dirname(os.path.abspath(__file__))
HALF_X, HALF_Y = 0.5, 0.3  # u ∈ [−HALF_X, HALF_X], v ∈ [−HALF_Y, HALF_Y] (m)
NUM = 12            # controls per axis (clamped cubic)
A, B = 0.6, 1.2     # 1/m: bowl curvatures along x and y (rims 15 cm and 11 cm high)
RADIUS = 0.05       # ball radius (m)
GRID = 24           # bowl mesh cells per axis
THICKNESS = 0.02    # bowl slab thickness (m)
CARRIAGE_MASS = 0.002  # kg: light, so the ball's own inertia dominates
IDENTITY = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]


def height(x, y):
    return A * x * x + B * y * y


def normal(x, y):
    return g.unit([-2.0 * A * x, -2.0 * B * y, 1.0])


def clamped_knots(n, a, b, k=4):
    interior = [a + (b - a) * i / (n - k + 1) for i in range(1, n - k + 1)]
    return [a] * k + interior + [b] * k


def greville(knots, n, k=4):
    return [sum(knots[i + 1:i + k]) / (k - 1) for i in range(n)]


def carriage_joint():
    knots_u = clamped_knots(NUM, -HALF_X, HALF_X)
    knots_v = clamped_knots(NUM, -HALF_Y, HALF_Y)
    coeff = [[] for _ in range(6)]
    for x in greville(knots_u, NUM):
        for y in greville(knots_v, NUM):  # row-major: v fastest
            n = normal(x, y)
            centre = g.add([x, y, height(x, y)], g.scale(n, RADIUS))
            # R_x(a) R_y(b) e_z = (sin b, −sin a cos b, cos a cos b) = n
            b = math.asin(n[0])
            a = math.atan2(-n[1], n[2])
            for j, value in enumerate(centre + [a, b, 0.0]):
                coeff[j].append(round(value, 12))
    return {
        "kind": "spline_surface", "dof": 2,
        "description": "the ball's centre over the bowl z = %g x^2 + %g y^2, z axis along the normal; "
                       "made by resources/demos/make_rolling.py" % (A, B),
        "coordinates": [{"name": "u"}, {"name": "v"}],
        "base": {"rotation": IDENTITY, "translation": [0.0, 0.0, 0.0]},
        "knot_vectors": [{"order": 4, "periodic": False, "knots": knots_u},
                         {"order": 4, "periodic": False, "knots": knots_v}],
        "coefficients": coeff,
    }


def bowl_mesh():
    """a closed slab: the surface on top, the same surface THICKNESS lower underneath, four side walls."""
    m = g.Mesh()
    xs = [-HALF_X + 2.0 * HALF_X * i / GRID for i in range(GRID + 1)]
    ys = [-HALF_Y + 2.0 * HALF_Y * j / GRID for j in range(GRID + 1)]
    idx = {}
    for layer, dz in ((0, 0.0), (1, -THICKNESS)):
        for i, x in enumerate(xs):
            for j, y in enumerate(ys):
                idx[layer, i, j] = len(m.vertices)
                m.vertices.append([x, y, height(x, y) + dz])
    for i in range(GRID):
        for j in range(GRID):
            a, b, c, d = idx[0, i, j], idx[0, i + 1, j], idx[0, i + 1, j + 1], idx[0, i, j + 1]
            m.triangles += [[a, b, c], [a, c, d]]  # top faces up
            a, b, c, d = idx[1, i, j], idx[1, i + 1, j], idx[1, i + 1, j + 1], idx[1, i, j + 1]
            m.triangles += [[a, c, b], [a, d, c]]  # bottom faces down
    for k in range(GRID):
        for top0, top1, bot0, bot1 in (
                (idx[0, k, 0], idx[0, k + 1, 0], idx[1, k, 0], idx[1, k + 1, 0]),            # y = −HALF_Y
                (idx[0, k + 1, GRID], idx[0, k, GRID], idx[1, k + 1, GRID], idx[1, k, GRID]),  # y = +HALF_Y
                (idx[0, 0, k + 1], idx[0, 0, k], idx[1, 0, k + 1], idx[1, 0, k]),            # x = −HALF_X
                (idx[0, GRID, k], idx[0, GRID, k + 1], idx[1, GRID, k], idx[1, GRID, k + 1])):  # x = +HALF_X
            m.triangles += [[bot0, bot1, top1], [bot0, top1, top0]]
    return m


def ball_mesh():
    """a sphere with three rings on its great circles (closed parts; their overlap only adds a little mass)."""
    m = g.sphere([0.0, 0.0, 0.0], RADIUS, 16, 24)
    n = 48
    for axis in range(3):
        pts = []
        for i in range(n):
            t = 2.0 * math.pi * i / n
            p = [0.0, 0.0, 0.0]
            p[(axis + 1) % 3] = RADIUS * math.cos(t)
            p[(axis + 2) % 3] = RADIUS * math.sin(t)
            pts.append(p)
        m.union(g.tube(pts, 0.1 * RADIUS, lambda i, pts=pts: pts[i], 8))
    return m


def main():
    os.makedirs(os.path.join(HERE, "meshes"), exist_ok=True)
    bowl = bowl_mesh()
    assert bowl.volume() > 0.0, "the bowl mesh is inside out"
    bowl.write_obj(os.path.join(HERE, "meshes", "rolling_bowl.obj"), "rolling demo: the bowl z = A x^2 + B y^2")
    ball = ball_mesh()
    assert ball.volume() > 0.0
    ball.write_obj(os.path.join(HERE, "meshes", "rolling_ball.obj"), "rolling demo: a ball with three rings")
    scene = {
        "format": "jointsmith.scene", "version": 1,
        "description": "paper §8, no-slip contact: a ball rolls without slipping in an elliptic bowl; a rolling "
                       "contact between bowl and ball (Lagrange multipliers, projected each step) keeps the "
                       "contact point's relative velocity at round-off and the energy constant (docs/demos.md)",
        "settings": {"gravity": [0.0, 0.0, -9.81], "dt": 0.002, "duration": 10.0, "integrator": "rk4"},
        "bodies": [
            {"name": "bowl", "joint": {"kind": "fixed", "dof": 0, "coordinates": []},
             "mesh": {"file": "meshes/rolling_bowl.obj", "density": 500.0}},
            {"name": "carriage", "parent": "bowl", "joint": carriage_joint(), "mass": CARRIAGE_MASS,
             "inertia": [[1e-7, 0.0, 0.0], [0.0, 1e-7, 0.0], [0.0, 0.0, 1e-7]]},
            {"name": "ball", "parent": "carriage",
             "joint": {"kind": "spherical", "dof": 3, "order": "yxz",
                       "coordinates": [{"name": "turn_y"}, {"name": "turn_x"}, {"name": "spin"}]},
             "mesh": {"file": "meshes/rolling_ball.obj", "density": 1000.0}},
        ],
        "loops": [{"name": "no slip", "kind": "rolling", "body_a": "bowl", "body_b": "ball",
                   "contact_body": "carriage",
                   "contact_frame": {"rotation": IDENTITY, "translation": [0.0, 0.0, -RADIUS]}}],
        "initial_state": {"q": {"carriage.u": 0.3, "carriage.v": 0.0}, "qd": {"carriage.v": 0.12}},
    }
    with open(os.path.join(HERE, "rolling.json"), "w") as f:
        json.dump(scene, f, indent=2)
        f.write("\n")


if __name__ == "__main__":
    main()
