"""What the GM feels in the windows: refresh, start-up, memory, flat with length."""
