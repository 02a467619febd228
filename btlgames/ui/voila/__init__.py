"""The kit's Voilà setup: config (voila.py), template (templates/btlgames) and app (kit.py).

Import ``btlgames.ui.voila.kit`` only in the server process: it imports Voilà.
"""
