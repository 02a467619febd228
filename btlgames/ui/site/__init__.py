"""The kit as a static in-browser site: ``build`` (``btlgames site --out DIR``) and ``serve``."""
