"""The libraries and editors: ships and characters."""
