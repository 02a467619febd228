"""The one generic game app: the table on which moves are made, the moves, the log, seats,
undo, save; and the contract a game's renderer keeps (``renderer.Renderer``). Imports common."""
