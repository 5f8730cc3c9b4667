"""A user-space stand-in for `tc qdisc ... netem delay D loss L` on kernels built without netem.

Opens two TUN devices and forwards IP packets between them: packets read from the inner device
(the namespace host's side) are dropped with probability L and delivered to the outer device D
milliseconds later, which is what netem on the host's interface does to its outgoing packets.
Packets from outer to inner pass untouched. The devices disappear when this process exits, which
it does when stdin closes (the benchmark ended or died) or after a fixed lifetime.

usage: link-emulator.py OUTER INNER DELAY_MS LOSS_PERCENT LIFETIME_S
"""

import collections
import fcntl
import os
import random
import select
import struct
import sys
import time

TUNSETIFF = 0x400454CA
IFF_TUN = 0x0001
IFF_NO_PI = 0x1000


def open_tun(name):
    fd = os.open("/dev/net/tun", os.O_RDWR)
    fcntl.ioctl(fd, TUNSETIFF, struct.pack("16sH", name.encode(), IFF_TUN | IFF_NO_PI))
    os.set_blocking(fd, False)
    return fd


def read_all(fd):
    packets = []
    for _ in range(1024):
        try:
            packets.append(os.read(fd, 65535))
        except BlockingIOError:
            break
        except OSError:
            sys.exit(0)  # a device was deleted: the benchmark is tearing the link down
    return packets


def write(fd, packet):
    try:
        os.write(fd, packet)
    except OSError:
        pass  # device going away or queue full: a lost packet, as on a real link


def main():
    outer_name, inner_name, delay_ms, loss_pct, lifetime_s = sys.argv[1:6]
    delay = float(delay_ms) / 1000
    loss = float(loss_pct) / 100
    outer = open_tun(outer_name)
    inner = open_tun(inner_name)
    stdin = sys.stdin.fileno()
    queue = collections.deque()
    print("ready", flush=True)
    end = time.monotonic() + float(lifetime_s)
    while time.monotonic() < end:
        now = time.monotonic()
        while queue and queue[0][0] <= now:
            write(outer, queue.popleft()[1])
        timeout = max(0.0, queue[0][0] - now) if queue else 0.5
        ready, _, _ = select.select([outer, inner, stdin], [], [], timeout)
        if stdin in ready and not os.read(stdin, 1024):
            return
        if outer in ready:
            for packet in read_all(outer):
                write(inner, packet)
        if inner in ready:
            due = time.monotonic() + delay
            for packet in read_all(inner):
                if random.random() >= loss:
                    queue.append((due, packet))


if __name__ == "__main__":
    main()
