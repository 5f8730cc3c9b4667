# One measured tshark run: `python3 tshark.py <file>` runs tshark -r <file> -T fields -e frame.number,
# counts the lines it prints and reports its wall time and peak RSS (getrusage of the child).
import json
import resource
import subprocess
import sys
import time

started = time.monotonic()
child = subprocess.Popen(
    ["tshark", "-r", sys.argv[1], "-T", "fields", "-e", "frame.number"],
    stdout=subprocess.PIPE,
    stderr=subprocess.DEVNULL,
)
lines = 0
for chunk in iter(lambda: child.stdout.read(1 << 16), b""):
    lines += chunk.count(b"\n")
code = child.wait()
seconds = time.monotonic() - started
rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print("RESULT " + json.dumps({"packets": lines, "ms": seconds * 1000, "maxRssKb": rss, "code": code}))
