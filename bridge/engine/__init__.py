"""The bridge engine: station catalog, encounter state, Commands, turn controller, Session.

Pure Python: no Qt. Every change to a battle is a Command applied by a
:class:`~bridge.engine.session.Session`.
"""
