"""``python -m btlgames.ui.serve``: the kit's server (what ``btlgames app`` runs)."""
from .server import main

main()
