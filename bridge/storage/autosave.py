"""Autosave: every applied Command is on disk before any window shows it, and a battle
killed mid-play resumes exactly as it stood.

The writer (:mod:`bridge.storage.autosave_writer`) appends each Command to a journal file;
the recovery (:mod:`bridge.storage.autosave_recovery`) rebuilds the battle from it; the
autosave folder's list of unfinished battles is :mod:`bridge.storage.unfinished`. This
module is their public face.
"""

from __future__ import annotations

from bridge.storage.autosave_recovery import MAX_JOURNAL_BYTES, Intact, Recovered, recover
from bridge.storage.autosave_writer import AutosaveJournal, JournalInUse, new_autosave_path
from bridge.storage.unfinished import Unfinished, find_unfinished, prune_closed

__all__ = [
    "MAX_JOURNAL_BYTES",
    "AutosaveJournal",
    "Intact",
    "JournalInUse",
    "Recovered",
    "Unfinished",
    "find_unfinished",
    "new_autosave_path",
    "prune_closed",
    "recover",
]
