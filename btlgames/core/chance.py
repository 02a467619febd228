"""The one source of randomness of a game state.

Every outcome is derived from ``(seed, counter)``: the n-th draw of a game
with seed s is the same on every machine and is not disturbed by anyone
using the global :mod:`random` in between. Tests can script outcomes
("the shuffle gives this order") to set up a rulebook example exactly.
"""
from __future__ import annotations

import random
import threading
from dataclasses import dataclass, field
from hashlib import sha512
from typing import Any, Sequence


FREE = "*"  # a scripted "*" lets that draw happen as usual (to script a later one)


# One generator per thread, seeded anew for each draw: Random(f"{seed}:{counter}") would build a new one
# (its 2.5 KB state and random.py's seed() in Python) every time. _seed_from_text is what that seed() does
# with a str, so the draws are the same.
_generators = threading.local()
_seed = random.Random.__base__.seed  # the C generator's own seed(int)


def _seed_from_text(text: str) -> int:
    data = text.encode()
    return int.from_bytes(data + sha512(data).digest())


# random.Random's randint, shuffle and choice call a Python helper for every number (_randbelow, and
# randint goes through randrange): the same arithmetic written out, so the same draws for less work
# (games shuffle long decks; tests/engine/test_core.py pins the draws to random.Random's).
def below(getrandbits, n: int) -> int:
    """A number in [0, n): Random._randbelow's way with getrandbits (``rng.getrandbits``)."""
    if n <= 0:
        raise ValueError(f"no number below {n}")
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def _shuffle(getrandbits, x: list) -> None:
    """random.shuffle(x), in place."""
    for i in reversed(range(1, len(x))):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


class ScriptError(ValueError):
    """A scripted outcome does not fit the draw it was used for."""


@dataclass
class Chance:
    seed: int
    counter: int = 0
    # Outcomes queued by a test, consumed before any derived draw.
    scripted: list = field(default_factory=list)

    def _rng(self) -> random.Random:
        """The generator for the next draw, seeded with ``f"{seed}:{counter}"`` (a str seed is hashed
        with SHA-512: stable across runs and platforms). Use it at once: the next draw re-seeds it."""
        self.counter += 1
        rng = getattr(_generators, "rng", None)
        if rng is None:
            rng = _generators.rng = random.Random()
        _seed(rng, _seed_from_text(f"{self.seed}:{self.counter}"))
        return rng

    def script(self, *outcomes: Any) -> None:
        """Queue outcomes for the next draws, in order (for tests); ``FREE`` skips one."""
        self.scripted.extend(outcomes)

    def _next_scripted(self):
        if self.scripted:
            value = self.scripted.pop(0)
            if isinstance(value, str) and value == FREE:
                return False, None  # this draw is not scripted
            self.counter += 1
            # Not a dataclass field: the fingerprint of every unscripted game stays as it was.
            self.used_script = True
            return True, value
        return False, None

    @property
    def is_scripted(self) -> bool:
        """Whether a scripted outcome was or will be used: such a game cannot be replayed from
        its seed alone, so it cannot be saved."""
        return bool(self.scripted) or self.__dict__.get("used_script", False)

    def randint(self, low: int, high: int) -> int:
        """An integer in [low, high], like a die roll."""
        has, value = self._next_scripted()
        if has:
            if not (isinstance(value, int) and low <= value <= high):
                raise ScriptError(f"scripted {value!r} is not in {low}..{high}")
            return value
        if high < low:
            raise ValueError(f"empty range {low}..{high}")
        return low + below(self._rng().getrandbits, high - low + 1)

    def shuffled(self, items: Sequence) -> list:
        """A new list with the items in random order.

        A scripted outcome is the resulting order itself (a permutation of items).
        """
        has, value = self._next_scripted()
        if has:
            if sorted(map(repr, value)) != sorted(map(repr, items)):
                raise ScriptError(f"scripted order {value!r} is not a permutation of {list(items)!r}")
            return list(value)
        out = list(items)
        _shuffle(self._rng().getrandbits, out)
        return out

    def choice(self, items: Sequence):
        has, value = self._next_scripted()
        if has:
            if value not in items:
                raise ScriptError(f"scripted {value!r} is not one of {list(items)!r}")
            return value
        items = list(items)
        if not items:
            raise IndexError("cannot choose from an empty sequence")
        return items[below(self._rng().getrandbits, len(items))]
