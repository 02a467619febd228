"""Concept models that stand without a game (no Jupyter, no game imports)."""
