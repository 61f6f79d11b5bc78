"""Overhead of joint.eval from Python against the same evaluations in a C++ loop, in one run.

    PYTHONPATH=build/release/python /usr/bin/python3 python/scripts/bench_eval.py [--repetitions 15]

Prints medians of: one joint.eval(q) call (a float, 1-dof knee), joint.eval(qs) on 10^5 values (G, S and dS
into new arrays) as evaluations per second, and the C++ baseline: JointModel::evaluate at the same 10^5
values into one JointData (jointsmith._core._bench, compiled with the module's flags). Targets (issue 16):
one call <= 2 us, batched >= 0.8x the C++ throughput.
"""
import argparse
import os
import statistics
import sys
import timeit

import numpy as np

import jointsmith as js
from jointsmith import _core


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--joint", default=os.path.join(os.path.dirname(__file__), "..", "..", "resources", "joints", "knee.json"))
    parser.add_argument("--repetitions", type=int, default=15)
    args = parser.parse_args()
    joint = js.Joint.load(args.joint)
    c = joint.coordinates[0]
    lo, hi = (c.min, c.max) if np.isfinite(c.min) and np.isfinite(c.max) else (0.0, 1.0)
    qs = np.linspace(lo, hi, 100_000)

    calls = 20000
    single = []
    for _ in range(args.repetitions):
        t = timeit.timeit(lambda: joint.eval(0.5), number=calls)
        single.append(t / calls)
    loop = []
    for _ in range(args.repetitions):
        t = timeit.timeit(lambda: None, number=calls)
        loop.append(t / calls)
    batched, cpp = [], []
    for _ in range(args.repetitions):
        cpp.append(_core._bench.cpp_eval_seconds(joint, qs)[0])
        batched.append(timeit.timeit(lambda: joint.eval(qs), number=1))
    one = statistics.median(single)
    empty = statistics.median(loop)
    py_rate = len(qs) / statistics.median(batched)
    cpp_rate = len(qs) / statistics.median(cpp)
    print(f"joint: {args.joint} ({joint.kind}, {joint.dof} dof); medians of {args.repetitions}")
    print(f"one joint.eval(q):        {one * 1e6:.3f} us per call (timeit of an empty lambda: {empty * 1e6:.3f} us)")
    print(f"joint.eval(qs), 1e5 q:    {statistics.median(batched) * 1e3:.2f} ms = {py_rate / 1e6:.2f} M evaluations/s")
    print(f"C++ evaluate loop, 1e5 q: {statistics.median(cpp) * 1e3:.2f} ms = {cpp_rate / 1e6:.2f} M evaluations/s")
    # each repetition times c++ then python back to back: the median of their ratios shrugs off load that
    # comes and goes between repetitions on a shared machine
    paired = statistics.median(c / p for c, p in zip(cpp, batched))
    print(f"python / C++ throughput:  {paired:.2f} (median of the {args.repetitions} paired ratios; ratio of the "
          f"medians {py_rate / cpp_rate:.2f}); target >= 0.8: {'met' if paired >= 0.8 else 'NOT met'}")
    print(f"one call target <= 2 us: {'met' if one <= 2e-6 else 'NOT met'}; load average {os.getloadavg()[0]:.2f} "
          f"on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    sys.exit(main())
