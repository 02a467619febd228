"""Antimatter Matters as a state machine (lessons/antimatter-matters/rules.md, kit rules K1-K32).

A turn is a script of steps (roll, move, movement cards, one action card, draw two); each step
either asks its seat a question (``decision``) or runs. Effects (board events, cards, spinner
results) are queued as ``tasks`` and run in order; an effect that needs a choice (which mat
loses a piece, where a pushed pawn goes, whether to play a shield) asks that seat and waits.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import permutations
from typing import ClassVar

from ..core.events import Event
from ..core.i18n import t
from ..core.state import Action, GameState, LazyView
from ..science.nuclides import stable_nuclide
from . import mats as M, words
from .actions import (ACTIONS, Accept, Allocate, Breach, Discard, Lose, MoveTo, Order, PickCard, PlaceOn,
                      PlayAction, PlayMovement, Roll, Shield, Stop)
from .data import card_of, catalogue, colour_of, kind_of
from .card_effects import CardsMixin
from .ending import EndingMixin, coop_chain
from .goals import buildable_atoms, seat_goals
from .moves import destinations, directed_walks, free_neighbours, free_walks, landing
from .pieces import PiecesMixin

HAND = 4          # cards dealt (source)
HAND_LIMIT = 6    # source
DRAW_AT_END = 2   # source
DIE = 8           # source: 8-sided dice
MODES = ("standard", "challenge", "mixed", "team", "coop")


@dataclass
class AntimatterState(PiecesMixin, CardsMixin, EndingMixin, GameState):
    name: ClassVar[str] = "antimatter"
    # 2: the head start in mixed games (K31) plays mixed games differently; 3: and its retuned worth;
    # 4: the bank sized to the box (K5), the box's mats (K23, K27), closing time by progress (K29)
    version: ClassVar[int] = 4
    actions: ClassVar[dict] = {a.kind: a for a in ACTIONS}

    groups: list = field(default_factory=list)      # who takes a turn together: [[seat, ...], ...]
    owner_of: list = field(default_factory=list)    # seat -> the mat owner it collects for
    goals: list = field(default_factory=list)       # per owner: {"atom": "H-1", "challenge": bool}
    mats: list = field(default_factory=list)        # {"owner", "type", "pieces", "safe"}
    bank: dict = field(default_factory=dict)        # piece -> how many are in the bank
    out_of_play: dict = field(default_factory=dict)  # cooperative game: pieces lost for good
    pawns: list = field(default_factory=list)       # seat -> space
    hands: list = field(default_factory=list)
    deck: list = field(default_factory=list)        # index 0 is the top
    discard: list = field(default_factory=list)
    removed: list = field(default_factory=list)     # Containment Breaches played (source)
    in_front: dict = field(default_factory=dict)    # "seat" -> an Entanglement card before it
    entangled: list = field(default_factory=list)   # [[a, b], ...]
    level: int = 0                                  # cooperative game: the atom being built
    completed: str = ""                             # cooperative game: the last atom finished
    group: int = 0                                  # whose turn
    first: int = 0
    script: list = field(default_factory=list)      # the turn's steps left: [step, seat]
    tasks: list = field(default_factory=list)
    decision: dict = field(default_factory=dict)
    dice: list = field(default_factory=list)
    shares: list = field(default_factory=list)      # team mode: the dice's spaces left per member
    supply_changed: bool = False                    # cooperative game: check what is still buildable
    began_center: list = field(default_factory=list)
    last_ended: list = field(default_factory=list)
    turn: int = 0
    round: int = 1
    phase: str = "play"                             # play | over
    end_reason: str = ""
    winning: list = field(default_factory=list)
    spins: list = field(default_factory=list)       # the last spinner results: [seat, sector]
    stats: dict = field(default_factory=dict)

    # -- set-up ---------------------------------------------------------------------------------
    def setup(self) -> None:
        n, mode = self.players, self.options["mode"]
        if mode == "team":
            teams = self.options["teams"]
            if not team_sizes_fit(n, teams):
                raise ValueError(t("antimatter.why.team_size", players=n, teams=teams))
            self.groups = [[s for s in range(n) if s % teams == k] for k in range(teams)]
            self.owner_of = [s % teams for s in range(n)]
        else:
            self.groups = [[s] for s in range(n)]
            self.owner_of = [0] * n if mode == "coop" else list(range(n))
        atom = self.options["atom"]
        challenge = mode == "challenge" or self.options["challenge"]  # the source: in any game type
        if mode == "coop":
            self.goals = [{"atom": coop_chain()[0].label, "challenge": challenge}]
        elif mode == "mixed":
            self.goals = seat_goals(self.options["goals"], n, atom, challenge)
        else:
            self.goals = [{"atom": atom, "challenge": challenge} for _ in range(max(self.owner_of) + 1)]
        self.bank = dict(catalogue().pieces.bank)
        self.out_of_play = {p: 0 for p in self.bank}
        self._check_box()
        for owner, goal in enumerate(self.goals):
            z, nn = stable_nuclide(goal["atom"]).mats
            self._add_mats(owner, z, nn)
        if mode == "mixed" and self.options["head_start"]:
            self._head_start()
        self.pawns = [catalogue().board.starts[s] for s in range(n)]
        self.hands = [[] for _ in range(n)]
        self.began_center = [False] * n
        self.stats = {k: 0 for k in ("spins", "draws", "pieces_taken", "pieces_lost", "pauli", "tunnels",
                                     "movement_plays", "actions", "shields", "helicity", "entangled")}
        self.deck = self.chance.shuffled(catalogue().deck)
        for s in range(n):  # the source: immediate cards dealt are discarded and replaced
            while len(self.hands[s]) < HAND and self.deck:
                card = self.deck.pop(0)
                (self.discard if card_of(card).type == "immediate" else self.hands[s]).append(card)
        self._log("setup", None, mode=mode, goals=[dict(g) for g in self.goals], discarded=list(self.discard))
        self.group = self.first = self._first_group()
        self._start_turn()
        self._advance()

    def _check_box(self) -> None:
        """Every owner's atom must fit the box's mats at once (the source: 6 Proton+Electron and 6
        Neutron mats; chart.buildable lists what fits, K23). The bank is sized to the box (K5)."""
        short = M.shortfall(g["atom"] for g in self.goals)
        if short:
            mat, need, have = short
            why = t("antimatter.why.box", need=need, mat=words.mat(mat), have=have)
            if len({g["atom"] for g in self.goals}) == 1:  # one atom for all: say which the box allows
                allowed = ", ".join(buildable_atoms(len(self.goals)))
                team = self.options["mode"] == "team"
                why += " " + t(f"antimatter.why.box_{'teams' if team else 'each'}", n=len(self.goals), atoms=allowed)
            else:
                why += " " + t("antimatter.why.box_goals")
            raise ValueError(why)

    def _add_mats(self, owner: int, protons: int, neutrons: int) -> None:
        for mat_type, count in (("proton", protons), ("neutron", neutrons)):
            for _ in range(count):
                self.mats.append({"owner": owner, "type": mat_type, "pieces": [], "safe": False})

    def _head_start(self) -> None:
        """K31: in mixed mode a harder goal starts with pieces on its mats, taken from the bank, so
        that Scientists of equal skill win about as often as each other. A goal's work is the sum
        of its mats' worth (the data: pieces.toml's ``work``, or ``work_in_order`` in challenge
        order); each goal starts with its work beyond the easiest goal's at the table. Mats are
        filled in their printed order (Neutron mats first: the mat a deuterium goal adds), quarks
        in the first colour free on the mat. Tuned with bench/antimatter.py (the
        designer notes)."""
        worth = catalogue().pieces.work
        work = [sum(worth[m["type"], g["challenge"]] for m in self.mats if m["owner"] == o)
                for o, g in enumerate(self.goals)]
        easiest = min(work)
        colours = catalogue().pieces.colours
        for owner, extra in enumerate(w - easiest for w in work):
            given = []
            mats = sorted((m for m in self.mats if m["owner"] == owner), key=lambda m: m["type"] != "neutron")
            for m in mats:
                for kind in M.slots(m["type"]):
                    if extra <= 0:
                        break
                    used = {colour_of(p) for p in m["pieces"]}
                    quark = catalogue().pieces.is_quark(kind)
                    kinds = [f"{kind}-{c}" for c in colours if c not in used] if quark else [kind]
                    piece = kinds[0]  # the bank holds it: it is sized to the box (K5)
                    self.bank[piece] -= 1
                    m["pieces"].append(piece)
                    given.append(piece)
                    extra -= 1
            if given:
                self._log("head_start", owner, pieces=given)

    def _first_group(self) -> int:
        """Every Scientist (team) rolls; the highest starts; a tie rolls again (K11)."""
        rolling = list(range(len(self.groups)))
        while True:
            rolls = {g: self.chance.randint(1, DIE) for g in rolling}
            self._log("first_roll", None, rolls={str(g): r for g, r in rolls.items()})
            best = max(rolls.values())
            rolling = [g for g, r in rolls.items() if r == best]
            if len(rolling) == 1:
                return rolling[0]

    # -- the contract -------------------------------------------------------------------------
    def current_player(self):
        return None if self.is_over() else self.decision.get("seat")

    def is_over(self):
        return self.phase == "over"

    def scores(self):
        if self.options["mode"] == "coop":
            a = stable_nuclide(self.completed).a if self.completed else 0
            return {s: float(a) for s in range(self.players)}
        return {s: float(s in self.winning) for s in range(self.players)}

    def winners(self):
        return list(self.winning) if self.is_over() else []

    def _legal_actions(self) -> list[Action]:
        d = self.decision
        kind, seat = d.get("kind"), d.get("seat")
        # The moves are made once and kept (_move): a frozen dataclass is slow to build, and the
        # same few hundred moves come up at every step of every game.
        if kind in ("move", "route", "nudge"):
            return [_move(MoveTo, s) for s in d["options"]]
        if kind == "roll":
            return [_move(Roll)]
        if kind == "cards":
            return self._card_choices(seat, d["chosen"])
        if kind == "discard":
            return [_move(Discard, c) for c in sorted({card_of(c).id for c in self.hands[seat]})]
        if kind == "action":
            return [*(_move(PlayAction, c, target) for c, target in self._action_plays(seat)), _move(Stop)]
        if kind in ("respond", "helicity"):
            return [*(_move(Shield, c) for c in self._shields(seat)), _move(Accept)]
        if kind == "order":
            return [_move(Order, p) for p in permutations(self.groups[self.group])]
        if kind == "allocate":
            rest = sum(self.dice) - sum(d["shares"])
            return [_move(Allocate, d["order"][len(d["shares"])], n) for n in range(rest + 1)]
        if kind == "place":
            return [_move(PlaceOn, m, d["piece"]) for m in d["options"]]
        if kind == "lose":
            return [_move(Lose, m, p) for m, p in d["options"]]
        if kind == "breach":
            return [_move(Breach, m) for m in d["options"]]
        return []

    def why_illegal(self, action: Action) -> str:
        if not self.is_over() and isinstance(action, Action) and self.decision:
            asked = self.decision["kind"]
            if action.kind not in self._kinds_for(asked):
                return t(f"antimatter.why.{asked}", n=self.decision["seat"] + 1)
            if isinstance(action, PlayAction) and action.card in catalogue().cards:
                card = catalogue().cards[action.card]
                if card.target == "self" and action.target != self.decision["seat"]:
                    return t("antimatter.why.self_only", card=words.card_name(card.id))
        return super().why_illegal(action)

    @staticmethod
    def _kinds_for(asked: str) -> set[str]:
        return {"roll": {"roll"}, "order": {"order"}, "allocate": {"allocate"}, "move": {"move"},
                "route": {"move"}, "nudge": {"move"}, "cards": {"pick", "movement", "stop"},
                "action": {"action", "stop"}, "respond": {"shield", "accept"},
                "helicity": {"shield", "accept"}, "place": {"place"}, "lose": {"lose"},
                "breach": {"breach"}, "discard": {"discard"}}[asked]

    def _apply(self, action: Action) -> None:
        d, self.decision = self.decision, {}
        seat = d["seat"]
        if isinstance(action, Roll):
            self._roll(seat)
        elif isinstance(action, Order):
            self.decision = {"kind": "allocate", "seat": seat, "order": list(action.seats), "shares": []}
            self._log("order", seat, seats=list(action.seats))
        elif isinstance(action, Allocate):
            self._share(d, action.steps)
        elif isinstance(action, MoveTo):
            self._moved(d, action.space)
        elif isinstance(action, PickCard):
            self.decision = {**d, "chosen": sorted(d["chosen"] + [action.card])}
        elif isinstance(action, PlayMovement):
            self._play_movement(seat, action.cards)
        elif isinstance(action, PlayAction):
            self._play_action(seat, action.card, action.target)
        elif isinstance(action, Stop):
            self._log("stop", seat, step=d["kind"])
        elif isinstance(action, (Shield, Accept)):
            self._answer(d, action.card if isinstance(action, Shield) else None)
        elif isinstance(action, PlaceOn):
            self._place(seat, action.mat, action.piece)
        elif isinstance(action, Lose):
            self._lose(seat, action.mat, action.piece)
        elif isinstance(action, Breach):
            self._breach(seat, action.mat)
        elif isinstance(action, Discard):
            card = self._take_from_hand(seat, action.card)
            self.discard.append(card)
            self._log("discard", seat, card=action.card)
            self.tasks.insert(0, {"do": "limit", "seat": seat})
        self._advance()

    # -- the engine loop --------------------------------------------------------------------------
    def _advance(self) -> None:
        center = catalogue().board.center
        while self.phase != "over" and not self.decision:
            # the end can only come with a pawn on the Center or (cooperative) the supply changed
            if (center in self.pawns or self.supply_changed) and self._check_end():
                return
            if self.tasks:
                task = self.tasks.pop(0)  # a task is used once: its "do" goes, the rest are the arguments
                getattr(self, "_do_" + task.pop("do"))(**task)
            elif self.script:
                step, seat = self.script.pop(0)
                getattr(self, "_step_" + step)(seat)
            else:
                self._next_turn()

    def _start_turn(self) -> None:
        members = self.groups[self.group]
        self.turn += 1
        for s in members:
            self.began_center[s] = self.pawns[s] == catalogue().board.center
        self._log("turn", members[0], seats=list(members))
        if len(members) == 1:
            s = members[0]
            self.script = [["roll", s], ["move", s], ["cards", s], ["action", s], ["draw", s], ["limit", s]]
        else:
            self.script = [["roll", members[0]], ["order", members[0]]]  # the rest follows the order

    def _next_turn(self) -> None:
        self.last_ended = list(self.groups[self.group])
        self.group = (self.group + 1) % len(self.groups)  # the turn token passes to the left
        if self.group == self.first:
            if self.round >= self.options["rounds"]:
                self._finish("time")
                return
            self.round += 1
        self._start_turn()

    # -- the turn's steps -----------------------------------------------------------------------------
    def _step_roll(self, seat: int) -> None:
        self.decision = {"kind": "roll", "seat": seat}

    def _step_order(self, seat: int) -> None:
        self.decision = {"kind": "order", "seat": seat}

    def _roll(self, seat: int) -> None:
        dice = 2 if self.options["mode"] == "team" else 1  # the source: both dice in team mode
        self.dice = [self.chance.randint(1, DIE) for _ in range(dice)]
        self._log("roll", seat, dice=list(self.dice))

    def _share(self, d: dict, steps: int) -> None:
        """One member's share of the dice; the last member takes what is left (all of the dice's
        total must be used, the source says)."""
        shares = d["shares"] + [steps]
        if len(shares) == len(d["order"]) - 1:
            self._allocate(d["order"], [*shares, sum(self.dice) - sum(shares)])
        else:
            self.decision = {**d, "shares": shares}

    def _allocate(self, order: list[int], steps: list[int]) -> None:
        """Team mode: each step of the turn is done by every member, in the order chosen (K25)."""
        self._log("allocate", order[0], seats=list(order), steps=list(steps))
        self.script = [["move", s] for s in order]
        # The hand limit after everyone's draws: a helicity drawn by a later member passes hands too.
        self.script += [[step, s] for step in ("cards", "action", "draw", "limit") for s in order]
        self.shares = list(steps)  # each member's share of the dice, in order

    def _die_steps(self, seat: int) -> int:
        if self.options["mode"] != "team":
            return sum(self.dice)
        return self.shares.pop(0)

    def _step_move(self, seat: int) -> None:
        steps = self._die_steps(seat)
        if steps == 0:
            self._log("stays", seat)
            return
        options = destinations(free_walks(self.pawns[seat], steps), self._occupied(seat),
                               not_center=self.began_center[seat])
        self.decision = {"kind": "move", "seat": seat, "steps": steps, "options": options, "mover": seat}

    def _step_cards(self, seat: int) -> None:
        # asked whatever the hand holds (K32): a step skipped would tell the table the hand has no set to play
        self.decision = {"kind": "cards", "seat": seat, "chosen": []}

    def _card_choices(self, seat: int, chosen: list[str]) -> list[Action]:
        """Movement cards are taken into a set one by one (a short list of moves, whatever the
        hand), then the set is played; only a set that moves the pawn can be played (K12)."""
        left = self._movement_held(seat)
        for c in chosen:
            left[c] = left.get(c, 0) - 1
        out: list[Action] = [_move(PickCard, c) for c in sorted(c for c, n in left.items() if n > 0)]
        net = self._net(chosen)
        if chosen and net and self._can_route(seat, net):
            out.append(_move(PlayMovement, tuple(chosen)))
        out.append(_move(Stop))
        return out

    def _movement_held(self, seat: int) -> dict[str, int]:
        """How many of each movement card ``seat`` holds (plain counts: this runs at every step)."""
        held: dict[str, int] = {}
        for c in self.hands[seat]:
            card = card_of(c)
            if card.type == "movement":
                held[card.id] = held.get(card.id, 0) + 1
        return held

    def _step_action(self, seat: int) -> None:
        self.decision = {"kind": "action", "seat": seat}  # whatever the hand holds (K32)

    def _step_draw(self, seat: int) -> None:
        self.tasks[:0] = [{"do": "draw", "seat": seat} for _ in range(DRAW_AT_END)]

    def _step_limit(self, seat: int) -> None:
        self._do_limit(seat)

    # -- moving (K8-K10) -------------------------------------------------------------------------------
    def _occupied(self, mover: int) -> set[str]:
        return {space for s, space in enumerate(self.pawns) if s != mover}

    def _moved(self, d: dict, space: str) -> None:
        mover = d["mover"]
        start = self.pawns[mover]
        self.pawns[mover] = space
        how = d["kind"] if d["kind"] != "route" else d.get("how", "route")
        if d["kind"] in ("move", "route") and space not in _walk_ends(d["kind"], start, d["steps"]):  # K9
            self.stats["pauli"] += 1
            self._log("pauli", mover, space=space)
        if space == start:  # K9: sent back to where it began, the pawn has not moved: no event again
            self._log("stays", mover)
            return
        self._log("move", mover, start=start, space=space, how=how, steps=d.get("steps", 1))
        self.tasks.insert(0, {"do": "event", "seat": mover})

    def _route_options(self, seat: int, steps: int, own_turn: bool) -> list[str]:
        options = destinations(directed_walks(self.pawns[seat], steps), self._occupied(seat))
        if own_turn and self.began_center[seat]:
            options = [s for s in options if s != catalogue().board.center]
        return [s for s in options if s != self.pawns[seat]]

    @staticmethod
    def _net(cards) -> int:
        """Steps towards the Center of movement cards played together (sinks count negative)."""
        found = catalogue().cards
        return sum(found[c].steps * (1 if found[c].effect == "jump" else -1) for c in cards)

    def _can_route(self, seat: int, steps: int) -> bool:
        """Whether ``_route_options(seat, steps, own_turn=True)`` offers a space (without listing them)."""
        return _routable(self.pawns[seat], tuple(p for s, p in enumerate(self.pawns) if s != seat),
                         self.began_center[seat], steps)

    def _play_movement(self, seat: int, cards: tuple[str, ...]) -> None:
        for c in cards:
            self.discard.append(self._take_from_hand(seat, c))
        net = self._net(cards)
        self.stats["movement_plays"] += 1
        self._log("movement", seat, cards=list(cards), net=net)
        self._ask_route(seat, net, chooser=seat, own_turn=True, how="cards")

    def _ask_route(self, seat: int, steps: int, chooser: int, own_turn: bool, how: str) -> None:
        options = self._route_options(seat, steps, own_turn)
        if not options:
            self._log("no_move", seat)
            return
        self.decision = {"kind": "route", "seat": chooser, "mover": seat, "steps": steps,
                         "options": options, "how": how}

    def _do_route(self, seat: int, steps: int, chooser: int, own_turn: bool, how: str) -> None:
        self._ask_route(seat, steps, chooser, own_turn, how)

    def _do_nudge(self, seat: int, chooser: int) -> None:
        options = free_neighbours(self.pawns[seat], self._occupied(seat))
        if seat == chooser and self.began_center[seat]:  # K10: one's own card on oneself, as a route
            options = [s for s in options if s != catalogue().board.center]
        if not options:
            self._log("no_move", seat)
            return
        self.decision = {"kind": "nudge", "seat": chooser, "mover": seat, "steps": 1, "options": options}

    # -- board events (K13) ---------------------------------------------------------------------------
    def _do_event(self, seat: int) -> None:
        space = catalogue().board.spaces[self.pawns[seat]]
        if space.kind == "draw":
            self.tasks.insert(0, {"do": "draw", "seat": seat})
        elif space.kind == "antimatter":
            self.tasks.insert(0, {"do": "spin", "seat": seat})
        elif space.kind == "particle":
            self.tasks.insert(0, {"do": "take", "seat": seat, "piece": space.piece})
        elif space.kind == "tunnel":
            other = catalogue().board.tunnels[space.id]
            if other in self._occupied(seat):
                self._log("tunnel_blocked", seat, space=space.id, other=other)
            else:
                self.pawns[seat] = other
                self.stats["tunnels"] += 1
                self._log("tunnel", seat, space=space.id, other=other)

    def _do_draw(self, seat: int) -> None:
        if not self.deck and self.discard:
            self.deck = self.chance.shuffled(self.discard)
            self.discard = []
            self._log("reshuffle", None, count=len(self.deck))
        if not self.deck:
            self._log("no_cards", seat)
            return
        card = self.deck.pop(0)
        self.stats["draws"] += 1
        if card_of(card).type == "immediate":  # played at once, and not replaced (source)
            self._log("immediate", seat, card=card_of(card).id)
            self.tasks.insert(0, {"do": "immediate", "seat": seat, "card": card})
        else:
            self.hands[seat].append(card)
            self._log("draw", seat, secret={"card": card_of(card).id}, seen_by=[seat])

    def _do_limit(self, seat: int) -> None:
        if len(self.hands[seat]) > HAND_LIMIT:
            self.decision = {"kind": "discard", "seat": seat}

    # -- views, harness ---------------------------------------------------------------------------------
    def view(self, player):
        """The table as ``player`` sees it (None: the projector). Hands are secret; everything
        else (pawns, mats, bank, discard pile, entanglement) is public."""
        return {key: part(self, player) for key, part in _VIEW_PARTS.items()}

    def seat_view(self, player):
        """``view(player)``, each part built when first read (a bot's choice reads few of them)."""
        self.check_viewer(player)
        return LazyView(self, player, _VIEW_PARTS)

    def _public_decision(self, player) -> dict:
        d = self.decision
        public = {k: v for k, v in d.items() if k in _PUBLIC_DECISION}
        if d and player == d["seat"] and "chosen" in d:  # cards taken from a secret hand, not yet played
            public["chosen"] = list(d["chosen"])
        return public

    def hidden_variation(self, player, rng):
        """The table with the cards this seat cannot see (the deck and the other hands) dealt
        differently: those cards, in one row, turned round by a random number of places, so
        every hidden place gets another card. A copy to look at (the harness compares its
        view): it has its own deck and hands and shares the public rest with this state, which
        a full clone (twice a step) made a fifth of the harness's time."""
        other = copy.copy(self)
        other.hands = [list(h) for h in self.hands]
        places = [(s, i) for s in range(self.players) if s != player for i in range(len(self.hands[s]))]
        cards = self.deck + [self.hands[s][i] for s, i in places]
        if len(cards) > 1:
            turn = rng.randrange(1, len(cards))
            cards = cards[turn:] + cards[:turn]
        other.deck = cards[:len(self.deck)]
        for (s, i), card in zip(places, cards[len(self.deck):]):
            other.hands[s][i] = card
        return other

    def summary(self):
        return {"rounds": self.round, "turns": self.turn, "reason": self.end_reason,
                "winner_seats": " ".join(map(str, self.winning)), "first": self.first,
                "starter_won": any(s in self.winning for s in self.groups[self.first]),
                "atom": self.completed, **self.stats}

    def check_invariants(self):
        # Plain dicts and sorted lists: the harness checks at every step of thousand-action games.
        found = catalogue()
        everywhere = dict(self.out_of_play)
        for piece, n in self.bank.items():
            assert n >= 0, f"the bank holds {n} of {piece}"
            everywhere[piece] = everywhere.get(piece, 0) + n
        for m in self.mats:
            for piece in m["pieces"]:
                everywhere[piece] = everywhere.get(piece, 0) + 1
        assert everywhere == found.pieces.bank, "particle pieces lost or duplicated"
        cards = self.deck + self.discard + self.removed + list(self.in_front.values())
        for hand in self.hands:
            cards += hand
        assert sorted(cards) == _sorted_deck(), "cards lost or duplicated"
        assert len(set(self.pawns)) == len(self.pawns), "two pawns on one space (the Pauli rule)"
        assert all(p in found.board.spaces for p in self.pawns)
        if self.decision.get("kind") == "roll":
            for s in self.last_ended:
                assert len(self.hands[s]) <= HAND_LIMIT, f"Scientist {s + 1} ended a turn over the hand limit"
        for m in self.mats:
            want, kinds = M.slots(m["type"]), [kind_of(p) for p in m["pieces"]]
            colours = [colour_of(p) for p in m["pieces"] if "-" in p]
            assert len(colours) == len(set(colours)), "two quarks of one colour on a mat"
            assert all(kinds.count(k) <= want.count(k) for k in set(kinds)), "a mat holds a piece it has no slot for"
            if self.goals[m["owner"]]["challenge"]:
                assert kinds == list(want[:len(kinds)]), "a challenge mat out of order"
        flat = [s for p in self.entangled for s in p]
        assert len(flat) == len(set(flat)), "entanglement is monogamous"
        assert len(self.in_front) == len(self.entangled)

    # -- helpers ---------------------------------------------------------------------------------------
    def _log(self, kind: str, player, secret=None, seen_by=None, **data) -> None:
        """An event of the game's log. The values given here are new or never changed later (the
        callers copy what the game keeps changing), so they are logged without the copies
        ``Log.add`` makes for any caller: the game logs about two events a move."""
        self.log.events.append(Event(self.round, self.decision.get("kind", "play") if self.decision else "play",
                                     player, kind, data, secret or {}, seen_by or []))


_PUBLIC_DECISION = frozenset(("kind", "seat", "steps", "options", "mover", "card", "sender", "target", "piece",
                              "direction", "order", "drawer", "how", "shares"))

# The view's parts, in its order: view() builds them all, seat_view() each when a bot reads it.
_VIEW_PARTS = {
    "players": lambda s, v: s.players, "mode": lambda s, v: s.options["mode"], "viewer": lambda s, v: v,
    "player": lambda s, v: s.current_player(), "turn": lambda s, v: s.turn, "round": lambda s, v: s.round,
    "rounds": lambda s, v: s.options["rounds"], "groups": lambda s, v: [list(g) for g in s.groups],
    "group": lambda s, v: s.group, "owner_of": lambda s, v: list(s.owner_of),
    "goals": lambda s, v: [dict(g) for g in s.goals], "pawns": lambda s, v: list(s.pawns),
    "mats": lambda s, v: [{"owner": m["owner"], "type": m["type"], "pieces": list(m["pieces"]), "safe": m["safe"]}
                          for m in s.mats],
    "bank": lambda s, v: dict(s.bank), "out_of_play": lambda s, v: dict(s.out_of_play),
    "hand": lambda s, v: [card_of(c).id for c in s.hands[v]] if v is not None else None,
    "hand_sizes": lambda s, v: [len(h) for h in s.hands], "deck": lambda s, v: len(s.deck),
    "discard": lambda s, v: [card_of(c).id for c in s.discard], "removed": lambda s, v: [card_of(c).id for c in s.removed],
    "entangled": lambda s, v: [list(p) for p in s.entangled], "dice": lambda s, v: list(s.dice),
    "began_center": lambda s, v: list(s.began_center), "decision": lambda s, v: s._public_decision(v),
    "spins": lambda s, v: [list(x) for x in s.spins], "completed": lambda s, v: s.completed,
    "end_reason": lambda s, v: s.end_reason, "winners": lambda s, v: s.winners(),
}


def team_sizes_fit(players: int, teams: int) -> bool:
    """Whether ``players`` Scientists make ``teams`` teams of 2 or 3 (K25; the source)."""
    return 2 * teams <= players <= 3 * teams


@lru_cache(maxsize=None)
def _sorted_deck() -> list[str]:
    return sorted(catalogue().deck)


@lru_cache(maxsize=None)
def _move(cls, *fields) -> Action:
    """The move ``cls(*fields)``, made once."""
    return cls(*fields)


@lru_cache(maxsize=None)
def _walk_ends(kind: str, start: str, steps: int) -> frozenset[str]:
    """Where the die's (``move``) or a card's (``route``) walks end on an empty board (K9: an end
    not among them is the Pauli rule's doing)."""
    return frozenset(w[-1] for w in (free_walks if kind == "move" else directed_walks)(start, steps))


@lru_cache(maxsize=65536)
def _routable(here: str, others: tuple[str, ...], began_center: bool, steps: int) -> bool:
    """Whether a card move of ``steps`` from ``here`` ends somewhere new with pawns on ``others``
    (K9, K10: not back on the Center a turn began on). Asked again at every card taken into a set."""
    center = catalogue().board.center if began_center else None
    occupied = set(others)
    return any(end != here and end != center
               for end in (landing(w, occupied) for w in directed_walks(here, steps)))
