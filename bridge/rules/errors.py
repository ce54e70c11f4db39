"""The one exception the rules raise when an action is not allowed."""

__all__ = ["RuleViolation"]


class RuleViolation(ValueError):
    """An action the rules refuse; ``reason`` is a sentence a player can read."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
