"""Starting Bridge: the application, files the desktop hands it, screenshots."""
