"""How seats look in every app: a colour for the eye and a symbol and number for everyone,
so colour never carries the meaning alone. The colours keep at least 7:1 contrast on white."""

COLOURS = ("#1f4e9c", "#a04800", "#1e6b3a", "#6a2c8a")  # blue, orange, green, purple
SYMBOLS = ("●", "■", "▲", "★")
