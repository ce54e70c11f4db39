"""This process's CPU time and memory, and the machine's load, on Linux, macOS and Windows.

Each figure comes from what the operating system itself reports. Where it reports
nothing (the load average on Windows, the resident memory of the moment on macOS), the
figure says so rather than guess.
"""

from __future__ import annotations

import os
import sys

__all__ = ["RESIDENT_IS_PEAK", "cpu_seconds", "machine_load", "peak_kib", "resident_kib"]


def cpu_seconds() -> float:
    """User plus system CPU time of this process so far, in seconds (every OS)."""
    times = os.times()
    return times.user + times.system


def machine_load() -> str:
    """The load average and core count: how busy the machine was while measuring."""
    getloadavg = getattr(os, "getloadavg", None)
    if getloadavg is None:  # Windows keeps no load average
        return f"load average not available on {sys.platform}, {os.cpu_count()} cores"
    try:
        one, five, _ = getloadavg()
    except OSError:
        return "load unknown"
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores"


def _windows_memory() -> tuple[int, int]:
    """(resident now, peak) in bytes, from GetProcessMemoryInfo."""
    import ctypes
    from ctypes import wintypes

    class Counters(ctypes.Structure):
        _fields_ = [
            ("cb", wintypes.DWORD),
            ("PageFaultCount", wintypes.DWORD),
            ("PeakWorkingSetSize", ctypes.c_size_t),
            ("WorkingSetSize", ctypes.c_size_t),
            ("QuotaPeakPagedPoolUsage", ctypes.c_size_t),
            ("QuotaPagedPoolUsage", ctypes.c_size_t),
            ("QuotaPeakNonPagedPoolUsage", ctypes.c_size_t),
            ("QuotaNonPagedPoolUsage", ctypes.c_size_t),
            ("PagefileUsage", ctypes.c_size_t),
            ("PeakPagefileUsage", ctypes.c_size_t),
        ]

    counters = Counters()
    counters.cb = ctypes.sizeof(Counters)
    windll = ctypes.windll  # type: ignore[attr-defined,unused-ignore]
    handle = windll.kernel32.GetCurrentProcess()
    if not windll.psapi.GetProcessMemoryInfo(handle, ctypes.byref(counters), counters.cb):
        raise OSError("GetProcessMemoryInfo failed")
    return int(counters.WorkingSetSize), int(counters.PeakWorkingSetSize)


def peak_kib() -> int:
    """The most resident memory this process has had, in KiB."""
    if sys.platform == "win32":
        return _windows_memory()[1] // 1024
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak // 1024 if sys.platform == "darwin" else peak  # macOS says bytes


RESIDENT_IS_PEAK = sys.platform not in ("linux", "win32")
"""Where the OS gives no resident memory of the moment (macOS, without a native call),
:func:`resident_kib` gives the peak; a figure built on it says so."""


def resident_kib() -> int:
    """This process's resident memory now, in KiB (the peak where
    :data:`RESIDENT_IS_PEAK`)."""
    if sys.platform == "win32":
        return _windows_memory()[0] // 1024
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            pages = int(statm.read().split()[1])
    except (OSError, ValueError, IndexError):
        return peak_kib()
    return pages * os.sysconf("SC_PAGE_SIZE") // 1024
