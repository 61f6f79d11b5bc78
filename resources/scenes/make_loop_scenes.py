#!/usr/bin/env python3
"""writes four_bar.json and double_spline.json (closed-loop scenes, docs/dynamics.md "Closed loops").

four_bar: a planar crank-rocker (grashof: crank 0.1, coupler 0.35, rocker 0.3, ground 0.4 m) in the x-y plane
under gravity -y. the tree is crank-coupler-rocker on z hinges; the loop pins the rocker's tip to the world
point (0.4, 0, 0) in the two in-plane axes. q and q-dot start on the loop (solved here).
double_spline: the knee's spline joint twice between the same femur and tibia: the tree joint and a loop of
kind "joint" with the same file. the loop's five rows are all redundant, so it needs compliance.
"""
import json
import math
import os

HERE = os.path.dirname(os.path.abspath(__file__))
A, B, C, D = 0.1, 0.35, 0.3, 0.4  # crank, coupler, rocker, ground


def rod(name, parent, length, pivot, coordinate):
    mass = 2.0 * length  # 2 kg/m
    i = mass * length * length / 12.0
    return {
        "name": name,
        "parent": parent,
        "joint": {"kind": "revolute", "dof": 1, "coordinates": [{"name": coordinate}], "axis": [0, 0, 1]},
        "joint_offsets": {"parent_T_joint": {"rotation": [[1, 0, 0], [0, 1, 0], [0, 0, 1]], "translation": pivot}},
        "mass": mass,
        "com": [length / 2.0, 0, 0],
        "inertia": [[1e-5, 0, 0], [0, i, 0], [0, 0, i]],
    }


def closed_angles(theta1):
    """relative hinge angles (q1, q2, q3) that close the loop for crank angle theta1 (elbow up)."""
    ax, ay = A * math.cos(theta1), A * math.sin(theta1)
    dx, dy = D - ax, -ay
    e = math.hypot(dx, dy)
    # angle at the crank tip between the line to C and the coupler (law of cosines)
    alpha = math.acos((B * B + e * e - C * C) / (2 * B * e))
    phi2 = math.atan2(dy, dx) + alpha
    bx, by = ax + B * math.cos(phi2), ay + B * math.sin(phi2)
    phi3 = math.atan2(-by, D - bx)
    return theta1, phi2 - theta1, phi3 - phi2


def four_bar():
    theta1, omega1 = math.pi / 2, 6.0
    q = closed_angles(theta1)
    h = 1e-7
    qp, qm = closed_angles(theta1 + h), closed_angles(theta1 - h)
    qd = [omega1 * (p - m) / (2 * h) for p, m in zip(qp, qm)]
    return {
        "format": "jointsmith.scene",
        "version": 1,
        "description": "planar four-bar (crank-rocker) closed by a point loop in the plane; frictionless, "
                       "energy conserved",
        "settings": {"gravity": [0, -9.81, 0], "dt": 0.001, "duration": 5.0, "integrator": "rk4"},
        "bodies": [
            rod("crank", None, A, [0, 0, 0], "q1"),
            rod("coupler", "crank", B, [A, 0, 0], "q2"),
            rod("rocker", "coupler", C, [B, 0, 0], "q3"),
        ],
        "loops": [{
            "name": "ground_pin",
            "kind": "point",
            "body_a": None,
            "body_b": "rocker",
            "frame_a": {"rotation": [[1, 0, 0], [0, 1, 0], [0, 0, 1]], "translation": [D, 0, 0]},
            "frame_b": {"rotation": [[1, 0, 0], [0, 1, 0], [0, 0, 1]], "translation": [C, 0, 0]},
            "axes": ["x", "y"],
        }],
        "initial_state": {
            "q": {"crank.q1": q[0], "coupler.q2": q[1], "rocker.q3": q[2]},
            "qd": {"crank.q1": qd[0], "coupler.q2": qd[1], "rocker.q3": qd[2]},
        },
    }


def double_spline():
    tibia = {"mass": 3.0, "com": [0, 0, -0.2],
             "inertia": [[0.0416, 0, 0], [0, 0.0416, 0], [0, 0, 0.0032]]}
    return {
        "format": "jointsmith.scene",
        "version": 1,
        "description": "the knee's spline joint twice between femur (the world) and tibia: the tree joint and a "
                       "loop of kind joint. the loop's rows are all redundant with the tree, so it is compliant "
                       "(1e-6, critically damped); without compliance simulate reports the redundancy",
        "settings": {"gravity": [0, 0, -9.81], "dt": 0.001, "duration": 2.0, "integrator": "rk4"},
        "bodies": [dict({"name": "tibia", "joint": "knee_joint.json"}, **tibia)],
        "loops": [{
            "name": "second_knee",
            "kind": "joint",
            "body_b": "tibia",
            "joint": "knee_joint.json",
            "compliance": 1e-6,
            "damping": "critical",
        }],
        "initial_state": {"q": {"tibia.flexion": 0.3}},
    }


for name, scene in (("four_bar.json", four_bar()), ("double_spline.json", double_spline())):
    with open(os.path.join(HERE, name), "w") as f:
        json.dump(scene, f, indent=2)
        f.write("\n")
