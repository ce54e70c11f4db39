"""LAN discovery with mDNS/DNS-SD (zeroconf): a convenience, never the only way in."""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
from collections.abc import Callable
from dataclasses import dataclass

import ifaddr
from zeroconf import ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from bridge.net.protocol import PROTOCOL

__all__ = ["SERVICE", "Announcer", "Browser", "FoundHost", "lan_addresses"]

SERVICE = "_bridge._tcp.local."


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other players can reach (loopback and link-local left
    out), from ifaddr (zeroconf's own dependency), so Qt's network module is not needed."""
    found: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if not isinstance(ip.ip, str):  # IPv6 comes as a tuple
                continue
            address = ipaddress.IPv4Address(ip.ip)
            if address.is_loopback or address.is_link_local or str(address) in found:
                continue
            found.append(str(address))
    return found


@dataclass(frozen=True)
class FoundHost:
    name: str
    battle: str
    address: str
    port: int
    protocol: int

    @property
    def url(self) -> str:
        host = f"[{self.address}]" if ":" in self.address else self.address
        return f"ws://{host}:{self.port}"


class Announcer:
    """Announces a host on the LAN for as long as it runs."""

    def __init__(self) -> None:
        self._zc: AsyncZeroconf | None = None
        self._info: AsyncServiceInfo | None = None

    async def start(self, name: str, battle: str, port: int, addresses: list[str]) -> None:
        packed = [ipaddress.ip_address(a).packed for a in addresses]
        safe = "".join(c for c in name if c.isalnum() or c in " -")[:50] or "Bridge"
        self._info = AsyncServiceInfo(
            SERVICE,
            f"{safe}.{SERVICE}",
            port=port,
            addresses=packed,
            properties={"protocol": str(PROTOCOL), "battle": battle[:100]},
        )
        self._zc = AsyncZeroconf()
        await self._zc.async_register_service(self._info, allow_name_change=True)

    async def stop(self) -> None:
        if self._zc is not None:
            with contextlib.suppress(Exception):
                if self._info is not None:
                    await self._zc.async_unregister_service(self._info)
            await self._zc.async_close()
            self._zc = None


class Browser:
    """Lists hosts announced on the LAN; ``on_found`` is called for each one resolved."""

    def __init__(self, on_found: Callable[[FoundHost], None]) -> None:
        self.on_found = on_found
        self._zc: AsyncZeroconf | None = None
        self._browser: AsyncServiceBrowser | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        self._zc = AsyncZeroconf()
        self._browser = AsyncServiceBrowser(self._zc.zeroconf, [SERVICE], handlers=[self._changed])

    def _changed(
        self,
        zeroconf: Zeroconf,
        service_type: str,
        name: str,
        state_change: ServiceStateChange,
    ) -> None:
        if state_change is ServiceStateChange.Added:
            task = asyncio.get_running_loop().create_task(self._resolve(service_type, name))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _resolve(self, service_type: str, name: str) -> None:
        if self._zc is None:
            return
        info = AsyncServiceInfo(service_type, name)
        if not await info.async_request(self._zc.zeroconf, 3000):
            return
        props = {
            k.decode(errors="replace"): (v or b"").decode(errors="replace")
            for k, v in info.properties.items()
        }
        for address in info.parsed_addresses():
            self.on_found(
                FoundHost(
                    name=name.removesuffix("." + SERVICE),
                    battle=props.get("battle", ""),
                    address=address,
                    port=info.port or 0,
                    protocol=int(props.get("protocol", "0") or 0),
                )
            )
            break

    async def stop(self) -> None:
        if self._browser is not None:
            await self._browser.async_cancel()
        if self._zc is not None:
            await self._zc.async_close()
        self._zc = None
