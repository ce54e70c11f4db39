"""A bridge station: its window (the reference card), the card back, the Task dialog, MORE."""
