"""What the whole table watches: the main viewscreen and the shared laptop."""
