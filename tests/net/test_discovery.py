"""LAN discovery, inside an isolated network namespace: no multicast leaves the machine.

The announcer and the browser run in a child process under ``unshare -n``, whose only
interface is its own loopback; the join-by-address path is what the other tests use.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bridge.net.protocol import PROTOCOL

ROOT = Path(__file__).resolve().parents[2]

_SCRIPT = """
import asyncio, subprocess
for args in (["link", "set", "lo", "up"], ["link", "set", "lo", "multicast", "on"],
             ["route", "add", "224.0.0.0/4", "dev", "lo"]):
    subprocess.run(["ip", *args], check=True)
from bridge.net.discovery import Announcer, Browser

async def main():
    found = []
    announcer = Announcer()
    await announcer.start("Bridge GM", "Ambush at Kessik Nebula", 7420, ["127.0.0.1"])
    browser = Browser(found.append)
    await browser.start()
    for _ in range(200):
        if found:
            break
        await asyncio.sleep(0.05)
    await browser.stop()
    await announcer.stop()
    for host in found:
        print(host.name, "|", host.battle, "|", host.url, "|", host.protocol)

asyncio.run(asyncio.wait_for(main(), 30))
"""


def test_a_host_announced_on_the_lan_is_found() -> None:
    out = subprocess.run(
        ["unshare", "-n", sys.executable, "-c", _SCRIPT],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=True,
    ).stdout
    assert out.splitlines()[0] == (
        f"Bridge GM | Ambush at Kessik Nebula | ws://127.0.0.1:7420 | {PROTOCOL}"
    )


def test_lan_addresses_are_reachable_ipv4_addresses_without_loopback() -> None:
    import ipaddress

    from bridge.net.discovery import lan_addresses

    found = lan_addresses()
    assert len(found) == len(set(found))
    for text in found:
        address = ipaddress.ip_address(text)
        assert address.version == 4
        assert not address.is_loopback and not address.is_link_local
