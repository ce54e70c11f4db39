"""The GM console: the battle at a glance, NPC Turns, pools, the log, files and GM dialogs."""
