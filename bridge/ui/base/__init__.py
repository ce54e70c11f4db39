"""What every window stands on: the look, preferences, the models windows talk to, notices."""
