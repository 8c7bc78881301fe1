#!/usr/bin/env python3
"""CPU time (user + sys) and wall time of a command and EVERY process it starts.

`/usr/bin/time` counts a descendant only when its own parent waited for it; a process orphaned
by its parent's exit (the e2e workers' shared Chromium, killed with its worker) is reparented to
init and its CPU is lost. This wrapper makes itself a child subreaper (PR_SET_CHILD_SUBREAPER):
orphans are reparented to it, it reaps them all, and the totals include them.

    python3 scripts/cpu-time.py npm test
"""
import ctypes
import os
import resource
import subprocess
import sys
import time

PR_SET_CHILD_SUBREAPER = 36
ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
start = time.monotonic()
load = os.getloadavg()
child = subprocess.Popen(sys.argv[1:])
code = child.wait()
# Reap the orphans until none is left.
while True:
    try:
        os.wait()
    except ChildProcessError:
        break
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(
    f"[cpu-time] wall {time.monotonic() - start:.1f} s, user {usage.ru_utime:.1f} s, sys {usage.ru_stime:.1f} s, "
    f"load before {load[0]:.2f}, after {os.getloadavg()[0]:.2f}, exit {code}",
    file=sys.stderr,
)
sys.exit(code)
