"""The numbers of Research Programme (lessons/research-programme/rules.md)."""

RESOURCES = ("R", "D", "L", "O", "S")
INCOME_CHOICES = ("D", "L", "O")  # the resource a seat chooses at income (money comes anyway)
START = {"R": 3, "D": 1, "L": 1, "O": 0, "S": 1}
STORAGE = 8
HAND, INTERFERENCE_HAND = 4, 2
TILES = 6
TABLE_THEORIES = 3  # K10
BONUS_CAP = 3
REPUTATION_MAX, TRACK_MAX = 6, 10
ROUNDS = {"full": 8, "school": 5}
NEUTRAL = {2: 6, 3: 3, 4: 0}
SYNTHESIS_TARGET = 8
LIMITS = {"hand": HAND, "storage": STORAGE, "synthesis_target": SYNTHESIS_TARGET}  # the ones that are game options
STORY_CAPS = ("every", "round", "none")  # K31: interlude stories per round in the school game
CARD_SETS = ("all", "packs", "no-metascience")  # K35: which theory and project cards are in play
