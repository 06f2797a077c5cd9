#!/usr/bin/env python3
"""Time from spawn to the explorer's first frame on a pty (median of N runs).

usage: tools/first-frame.py [BINARY] [RUNS]     (default .build/release/locflow, 20 runs)
"""
import fcntl, os, select, statistics, struct, subprocess, sys, termios, time

def run_once(argv):
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8")
    t0 = time.monotonic()
    p = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True,
                         preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0))
    os.close(slave)
    buf, first = b"", None
    while first is None:
        r, _, _ = select.select([master], [], [], 5)
        if not r:
            raise SystemExit("no frame within 5 s")
        buf += os.read(master, 65536)
        if b"Event log" in buf:
            first = time.monotonic() - t0
    os.write(master, b"q")
    try:
        while True:
            r, _, _ = select.select([master], [], [], 2)
            if not r or not os.read(master, 65536):
                break
    except OSError:
        pass
    p.wait()
    os.close(master)
    return first

binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/locflow"
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 20
times = sorted(run_once([binary]) * 1000 for _ in range(runs))
print(f"first frame: median {statistics.median(times):.1f} ms (min {times[0]:.1f}, max {times[-1]:.1f}) over {runs} runs")
