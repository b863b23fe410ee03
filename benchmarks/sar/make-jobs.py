#!/usr/bin/env python3
"""Job-to-node maps of the SAR measurements in benchmarks/RESULTS.md (section "sar").

Writes, for the 180 CAs H0..H179 of the generated 180-CA fat trees:
  inter3.jobs    H<i> in job i mod 3 (three 60-node jobs, interleaved over every leaf)
  rand3x60.jobs  the CAs shuffled with random.Random(1), cut into three jobs of 60
  mixN.jobs      (N = 1..10) shuffled with random.Random(N), jobs of randint(2, 40) nodes
                 until 90% of the CAs are busy
Usage: benchmarks/sar/make-jobs.py OUTDIR
"""
import os
import random
import sys

CAS = [f"H{i}" for i in range(180)]


def write(path, jobs):
    with open(path, "w") as f:
        for job, nodes in jobs:
            for node in nodes:
                f.write(f"{node} {job}\n")


def main(out):
    os.makedirs(out, exist_ok=True)
    write(os.path.join(out, "inter3.jobs"), [(f"job{j}", CAS[j::3]) for j in range(3)])
    shuffled = CAS[:]
    random.Random(1).shuffle(shuffled)
    write(os.path.join(out, "rand3x60.jobs"), [(f"job{j}", shuffled[60 * j:60 * (j + 1)]) for j in range(3)])
    for n in range(1, 11):
        rng = random.Random(n)
        nodes = CAS[:]
        rng.shuffle(nodes)
        jobs, used = [], 0
        while used < 0.9 * len(CAS):
            size = min(rng.randint(2, 40), len(CAS) - used)
            jobs.append((f"job{len(jobs)}", nodes[used:used + size]))
            used += size
        write(os.path.join(out, f"mix{n}.jobs"), jobs)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
