"""The Qt application: GM console, station windows and the task dialog on one SharedModel."""
