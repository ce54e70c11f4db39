"""Files: versioned formats, safe loading, atomic saving, the library, autosave, import/export.

No Qt here: the GM console calls these functions and shows their messages.
"""
