"""The rule-and-strategy lab for every game: ``lab()`` its page, ``lab(preset=...)`` a concept
notebook's study, ``make()`` the lab itself (``study = lab.make()`` then ``study.table()``)."""
from .rule_lab import PRESETS, Lab, lab, make

__all__ = ["PRESETS", "Lab", "lab", "make"]
