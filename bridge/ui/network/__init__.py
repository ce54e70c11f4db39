"""Network windows: hosting (the host panel), joining, and the model a joined window reads."""
