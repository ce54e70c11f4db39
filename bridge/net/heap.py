"""While a battle is hosted, the garbage collector leaves alone what was alive before.

Python's cycle collector walks every object it tracks in a full collection: in the GM's
app (the windows, the battle, the loaded modules) that is tens of milliseconds, several
times that on a busy computer, during which no client is updated. What is alive when
hosting begins (the battle as loaded, the windows, the modules) stays alive: frozen, it
is never walked again, and a full collection walks only what came after. Objects freed
by their reference count (nearly all) are freed as before; only reference cycles among
the frozen objects wait for :func:`thaw`.
"""

from __future__ import annotations

import gc

__all__ = ["freeze", "thaw"]


def freeze() -> None:
    """Collect what is garbage now, then freeze everything still alive."""
    gc.collect()
    gc.freeze()


def thaw() -> None:
    """Give the frozen objects back to the collector (hosting stopped)."""
    gc.unfreeze()
