"""Sharp corners (paper §8): beads on polygonal wires whose vertices are knots of multiplicity k - 1 = 3, so the
joint is C0 there and its S jumps; the simulator applies the plastic impulse that keeps each bead on its wire
(docs/dynamics.md, "Sharp corners"). Four closed wires in a vertical plane, side by side: a smooth circle (a
periodic cubic with simple knots, no corners) and regular 12-, 6- and 4-gons standing on an edge. Every bead
starts at the middle of its bottom edge at 3.2 m/s, fast enough to loop the smooth wire for ever; at each corner
a point bead keeps cos^2 of the turning angle of its kinetic energy, so the polygon beads loop fewer and
fewer times and come to rest on their bottom edge.

    python3 resources/demos/make_corners.py        # writes corners.json and meshes/corner_wires.obj here
"""
import math
import os

import demo_frames as f
import demo_geometry as g

RADIUS = 0.2               # circumradius of every wire (m)
SPACING = 0.55             # distance between the wires along x (m)
HEIGHT = 0.35              # height of the wires' centres (m)
WIRES = [("circle", 0), ("icositetragon", 24), ("dodecagon", 12), ("hexagon", 6), ("square", 4)]
SPEED = 4.5                # initial speed of every bead (m/s)
CIRCLE_FRAMES = 48
IDENTITY = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]


def polygon(n):
    """vertices in the wire's x-z plane, the bottom edge flat: vertex 0 is its right end."""
    return [[RADIUS * math.cos(a), 0.0, RADIUS * math.sin(a)]
            for a in (-math.pi / 2 + math.pi / n + 2.0 * math.pi * i / n for i in range(n))]


def polygon_joint(n, name):
    """a closed cubic spline curve joint, one bezier piece per edge (its ends and the points at 1/3 and 2/3, so the
    edge is straight and q runs along it at unit speed), every vertex a triple knot: q is the arc length (m)."""
    pts = polygon(n)
    edge = g.norm(g.sub(pts[1], pts[0]))
    frames = []
    for i in range(n):
        d = g.sub(pts[(i + 1) % n], pts[i])
        frames += [(IDENTITY, g.add(pts[i], g.scale(d, m / 3.0))) for m in range(3)]
    # t_0 = q_{n-1} - period, then each vertex three times: t_i = q_{(i-1)//3}, extended by the period
    period = n * edge
    knots = [round(((i - 1) // 3) * edge, 15) for i in range(len(frames) + 7)]
    knots[0] = round(period - edge - period, 15)
    return {
        "format": "jointsmith.joint", "version": 1, "kind": "spline_curve", "dof": 1,
        "coordinates": [{"name": name, "min": 0.0, "max": f.clean(period)}],
        "description": "a regular %d-gon wire of circumradius %g m, every vertex a knot of multiplicity 3 (a corner); "
                       "made by resources/demos/make_corners.py" % (n, RADIUS),
        "order": 4, "closed": True, "knots": knots,
        "control_frames": [f.transform(R, p) for R, p in frames],
    }


def circle_frames():
    return [(IDENTITY, [RADIUS * math.cos(a), 0.0, RADIUS * math.sin(a)])
            for a in (-math.pi / 2 + 2.0 * math.pi * i / CIRCLE_FRAMES for i in range(CIRCLE_FRAMES))]


def wire_mesh(points, x):
    """a thin tube along the closed polyline, kept straight along each edge (points near both ends of it)."""
    path = []
    n = len(points)
    for i in range(n):
        a, b = points[i], points[(i + 1) % n]
        path += [g.add(a, g.scale(g.sub(b, a), s)) for s in (0.0, 0.03, 0.97)] if n <= 24 else [a]
    return g.tube(path, 0.004, lambda i: [0.0, 1.0, 0.0], 8).transformed(IDENTITY, [x, 0.0, HEIGHT])


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    frame = g.Mesh()
    bodies = []
    q0, qd0 = {}, {}
    for k, (name, n) in enumerate(WIRES):
        x = (k - (len(WIRES) - 1) / 2.0) * SPACING
        if n == 0:
            joint = f.closed_curve_joint(circle_frames(), "s", "a smooth circular wire of radius %g m (48 control "
                                         "frames, simple knots: no corners);" % RADIUS)
            frame.union(wire_mesh([p for _, p in circle_frames()], x))
            start = 0.0  # the first control frame is at the bottom; the curve passes a little above it
        else:
            joint = polygon_joint(n, "s")
            frame.union(wire_mesh(polygon(n), x))
            period = joint["coordinates"][0]["max"]
            start = period - 0.5 * period / n  # the middle of the bottom edge (from vertex n-1 to vertex 0)
        del joint["format"], joint["version"]
        bodies.append({"name": name, "parent": "wires", "joint": joint,
                       "joint_offsets": {"parent_T_joint": f.transform(IDENTITY, [x, 0.0, HEIGHT])},
                       "mesh": {"file": "meshes/bead.obj", "density": 7800.0}})
        q0[name + ".s"] = start
        qd0[name + ".s"] = SPEED
    frame.write_obj(os.path.join(here, "meshes", "corner_wires.obj"), "corners demo: a circle and three polygons")
    wires = {"name": "wires", "joint": {"kind": "fixed", "dof": 0, "coordinates": []},
             "mesh": {"file": "meshes/corner_wires.obj", "density": 7800.0}}
    doc = f.scene(
        "paper §8, sharp corners: beads on a smooth circular wire and on 12-, 6- and 4-gon wires whose vertices are "
        "knots of multiplicity 3 (C0 corners); at each corner the simulator applies the plastic impulse that keeps "
        "the bead on the wire, so the polygon beads lose energy corner by corner while the circle's bead keeps "
        "looping (docs/demos.md)",
        {"gravity": [0.0, 0.0, -9.81], "dt": 0.002, "duration": 6.0, "integrator": "rk4"},
        [wires] + bodies, initial={"q": q0, "qd": qd0})
    f.write_json(os.path.join(here, "corners.json"), doc)


if __name__ == "__main__":
    main()
