"""Antimatter Matters as a state machine (lessons/antimatter-matters/rules.md, kit rules K1-K30).

A turn is a script of steps (roll, move, movement cards, one action card, draw two); each step
either asks its seat a question (``decision``) or runs. Effects (board events, cards, spinner
results) are queued as ``tasks`` and run in order; an effect that needs a choice (which mat
loses a piece, where a pushed pawn goes, whether to play a shield) asks that seat and waits.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations_with_replacement, permutations
from typing import ClassVar

from ..core.i18n import t
from ..core.state import Action, GameState
from ..science.nuclides import build_chain, stable_nuclide
from . import mats as M
from .actions import (ACTIONS, Accept, Allocate, Breach, Discard, Lose, MoveTo, Order, PickCard, PlaceOn,
                      PlayAction, PlayMovement, Roll, Shield, Stop)
from .data import card_of, catalogue, kind_of
from .moves import destinations, directed_walks, free_neighbours, free_walks

HAND = 4          # cards dealt (source)
HAND_LIMIT = 6    # source
DRAW_AT_END = 2   # source
DIE = 8           # source: 8-sided dice
MODES = ("standard", "challenge", "mixed", "team", "coop")
CHAIN_MAX_Z = 10  # the cooperative ladder runs to neon (K27)
# Mixed mode's seats, after the source's example (K24): the goals repeat from seat 5 on.
MIXED = (("H-1", False), ("H-1", True), ("H-2", False), ("H-2", True))


@dataclass
class AntimatterState(GameState):
    name: ClassVar[str] = "antimatter"
    version: ClassVar[int] = 1
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
            if not (4 <= n and 2 * teams <= n <= 3 * teams):
                raise ValueError(t("antimatter.why.team_size", players=n, teams=teams))
            self.groups = [[s for s in range(n) if s % teams == k] for k in range(teams)]
            self.owner_of = [s % teams for s in range(n)]
        else:
            self.groups = [[s] for s in range(n)]
            self.owner_of = [0] * n if mode == "coop" else list(range(n))
        atom = self.options["atom"]
        challenge = mode == "challenge" or self.options["challenge"]  # the source: in any game type
        if mode == "coop":
            self.goals = [{"atom": build_chain(CHAIN_MAX_Z)[0].label, "challenge": challenge}]
        elif mode == "mixed":
            self.goals = [{"atom": MIXED[s % len(MIXED)][0], "challenge": MIXED[s % len(MIXED)][1] or challenge}
                          for s in range(n)]
        else:
            self.goals = [{"atom": atom, "challenge": challenge} for _ in range(max(self.owner_of) + 1)]
        self.bank = dict(catalogue().pieces.bank)
        self.out_of_play = {p: 0 for p in self.bank}
        self._check_bank()
        for owner, goal in enumerate(self.goals):
            z, nn = stable_nuclide(goal["atom"]).mats
            self._add_mats(owner, z, nn)
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
        self._log("setup", None, mode=mode, goals=self.goals, discarded=list(self.discard))
        self.group = self.first = self._first_group()
        self._start_turn()
        self._advance()

    def _check_bank(self) -> None:
        """Every owner's atom must be buildable from the bank at once (the source: the atoms
        possible depend on the number of Scientists)."""
        total = Counter()
        for goal in self.goals:
            total += M.needed_for(*stable_nuclide(goal["atom"]).mats)
        pieces = catalogue().pieces
        for kind, n in total.items():
            have = sum(c for p, c in pieces.bank.items() if kind_of(p) == kind)
            if n > have:
                raise ValueError(t("antimatter.why.bank", need=n, piece=pieces.names[kind], have=have))

    def _add_mats(self, owner: int, protons: int, neutrons: int) -> None:
        for mat_type, count in (("proton", protons), ("neutron", neutrons)):
            for _ in range(count):
                self.mats.append({"owner": owner, "type": mat_type, "pieces": [], "safe": False})

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
        if kind == "roll":
            return [Roll()]
        if kind == "order":
            return [Order(p) for p in permutations(self.groups[self.group])]
        if kind == "allocate":
            rest = sum(self.dice) - sum(d["shares"])
            return [Allocate(d["order"][len(d["shares"])], n) for n in range(rest + 1)]
        if kind in ("move", "route", "nudge"):
            return [MoveTo(s) for s in d["options"]]
        if kind == "cards":
            return self._card_choices(seat, d["chosen"])
        if kind == "action":
            return [*(PlayAction(c, target) for c, target in self._action_plays(seat)), Stop()]
        if kind in ("respond", "helicity"):
            return [*(Shield(c) for c in self._shields(seat)), Accept()]
        if kind == "place":
            return [PlaceOn(m, d["piece"]) for m in d["options"]]
        if kind == "lose":
            return [Lose(m, p) for m, p in d["options"]]
        if kind == "breach":
            return [Breach(m) for m in d["options"]]
        if kind == "discard":
            return [Discard(c) for c in sorted({card_of(c).id for c in self.hands[seat]})]
        return []

    def why_illegal(self, action: Action) -> str:
        if not self.is_over() and isinstance(action, Action) and self.decision:
            asked = self.decision["kind"]
            if action.kind not in self._kinds_for(asked):
                return t(f"antimatter.why.{asked}", n=self.decision["seat"] + 1)
            if isinstance(action, PlayAction) and action.card in catalogue().cards:
                card = catalogue().cards[action.card]
                if card.target == "self" and action.target != self.decision["seat"]:
                    return t("antimatter.why.self_only", card=card.name)
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
        while self.phase != "over" and not self.decision:
            if self._check_end():
                return
            if self.tasks:
                task = dict(self.tasks.pop(0))
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
        if self._movement_plays(seat):
            self.decision = {"kind": "cards", "seat": seat, "chosen": []}

    def _card_choices(self, seat: int, chosen: list[str]) -> list[Action]:
        """Movement cards are taken into a set one by one (a short list of moves, whatever the
        hand), then the set is played; only a set that moves the pawn can be played (K12)."""
        held = Counter(card_of(c).id for c in self.hands[seat] if card_of(c).type == "movement")
        left = held - Counter(chosen)
        out: list[Action] = [PickCard(c) for c in sorted(left)]
        net = self._net(chosen)
        if chosen and net and self._route_options(seat, net, own_turn=True):
            out.append(PlayMovement(tuple(chosen)))
        return out + [Stop()]

    def _step_action(self, seat: int) -> None:
        if self._action_plays(seat):
            self.decision = {"kind": "action", "seat": seat}

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
        walks = {"move": free_walks, "route": directed_walks}.get(d["kind"])
        if walks and space not in {w[-1] for w in walks(start, d["steps"])}:  # K9
            self.stats["pauli"] += 1
            self._log("pauli", mover, space=space)
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

    def _movement_plays(self, seat: int) -> list[tuple[str, ...]]:
        """Every set of movement cards in hand that moves the pawn somewhere (net of jumps
        towards and sinks away from the Center; only their sum counts, K12)."""
        held = Counter(card_of(c).id for c in self.hands[seat] if card_of(c).type == "movement")
        names = sorted(held)
        plays, can_move = [], {0: False}
        for size in range(1, sum(held.values()) + 1):
            for combo in combinations_with_replacement(names, size):
                if any(combo.count(c) > held[c] for c in set(combo)):
                    continue
                net = self._net(combo)
                if net not in can_move:
                    can_move[net] = bool(self._route_options(seat, net, own_turn=True))
                if can_move[net]:
                    plays.append(combo)
        return plays

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

    # -- pieces (K5-K7) --------------------------------------------------------------------------------
    def _active(self, seat: int) -> list[int]:
        owner = self.owner_of[seat]
        return [i for i, m in enumerate(self.mats) if m["owner"] == owner and not m["safe"]]

    def _challenge(self, seat: int) -> bool:
        return self.goals[self.owner_of[seat]]["challenge"]

    def _distinct(self, mats: list[int]) -> list[int]:
        """Mats that differ: a choice between two mats in the same state is no choice."""
        seen, out = set(), []
        for i in mats:
            key = (self.mats[i]["type"], tuple(sorted(self.mats[i]["pieces"])))
            if key not in seen:
                seen.add(key)
                out.append(i)
        return out

    def _do_take(self, seat: int, piece: str) -> None:
        """Take the piece if the Scientist needs it (a mat has room for it) and the bank has one."""
        fit = [i for i in self._active(seat) if M.fits(self.mats[i], piece, self._challenge(seat))]
        if not fit:
            self._log("not_needed", seat, piece=piece)
            return
        if not self.bank[piece]:
            self._log("bank_empty", seat, piece=piece)
            return
        options = self._distinct(fit)
        if len(options) == 1:
            self._place(seat, options[0], piece)
        else:
            self.decision = {"kind": "place", "seat": seat, "piece": piece, "options": options}

    def _place(self, seat: int, mat: int, piece: str) -> None:
        self.bank[piece] -= 1
        self.mats[mat]["pieces"].append(piece)
        self.stats["pieces_taken"] += 1
        self._log("take", seat, piece=piece, mat=mat)

    def _do_lose(self, seat: int, kind: str) -> None:
        held = sorted({(i, p) for i in self._active(seat) for p in self.mats[i]["pieces"] if kind_of(p) == kind})
        if not held:
            self._log("nothing_to_lose", seat, piece=kind)
        elif len(held) == 1:
            self._lose(seat, *held[0])
        else:
            self.decision = {"kind": "lose", "seat": seat, "options": [list(h) for h in held]}

    def _lose(self, seat: int, mat: int, piece: str) -> None:
        gone = self._strip(seat, mat, [self.mats[mat]["pieces"].index(piece)])
        self._log("lose", seat, pieces=gone, mat=mat)

    def _strip(self, seat: int, mat: int, places: list[int]) -> list[str]:
        """Take the pieces at ``places`` off a mat; a challenge mat keeps its order, so the
        pieces after the first one lost go too (K7). Returns what went."""
        pieces = self.mats[mat]["pieces"]
        if self._challenge(seat):
            places = list(range(min(places), len(pieces)))
        gone = [pieces[i] for i in places]
        self.mats[mat]["pieces"] = [p for i, p in enumerate(pieces) if i not in places]
        for p in gone:
            self._return(p)
        self.stats["pieces_lost"] += len(gone)
        return gone

    def _return(self, piece: str) -> None:
        """A lost piece goes back to the bank; in the cooperative game it leaves play (source)."""
        if self.options["mode"] == "coop":
            self.out_of_play[piece] += 1
            self.supply_changed = True
        else:
            self.bank[piece] += 1

    def _do_breach(self, seat: int) -> None:
        hit = [i for i in self._active(seat)
               if any(kind_of(p) in ("gluon", "photon") for p in self.mats[i]["pieces"])]
        hit = self._distinct(hit)
        if not hit:
            self._log("nothing_to_lose", seat, piece="gluon")
        elif len(hit) == 1:
            self._breach(seat, hit[0])
        else:
            self.decision = {"kind": "breach", "seat": seat, "options": hit}

    def _breach(self, seat: int, mat: int) -> None:
        pieces = self.mats[mat]["pieces"]
        gone = self._strip(seat, mat, [i for i, p in enumerate(pieces) if kind_of(p) in ("gluon", "photon")])
        self._log("breach", seat, pieces=gone, mat=mat)

    # -- the spinner (K13-K14) --------------------------------------------------------------------------
    def _do_spin(self, seat: int) -> None:
        sectors = catalogue().sectors
        wheel = [s.id for s in sectors for _ in range(s.weight)]
        result = self.chance.choice(wheel)
        self.stats["spins"] += 1
        seats = [seat]
        pair = next((p for p in self.entangled if seat in p), None)
        if pair:  # K19: the pair share this measurement, and it ends the link
            other = pair[0] if pair[1] == seat else pair[1]
            seats.append(other)
            self.entangled.remove(pair)
            for s in pair:
                card = self.in_front.pop(str(s), None)
                if card:
                    self.discard.append(card)
            self._log("disentangled", seat, seats=list(pair))
        self.spins = [[s, result] for s in seats]
        self._log("spin", seat, sector=result, seats=seats)
        self.tasks[:0] = [{"do": "sector", "seat": s, "sector": result} for s in seats]

    def _do_sector(self, seat: int, sector: str) -> None:
        s = next(x for x in catalogue().sectors if x.id == sector)
        if s.effect == "draw":
            self.tasks.insert(0, {"do": "draw", "seat": seat})
        elif s.effect == "anti":
            self.tasks.insert(0, {"do": "lose", "seat": seat, "kind": s.piece})
        elif s.effect == "breach":
            self.tasks.insert(0, {"do": "breach", "seat": seat})
        elif s.effect == "center":
            center = catalogue().board.center
            if center in self._occupied(seat) or self.pawns[seat] == center:
                self._log("center_blocked", seat)
            else:
                start, self.pawns[seat] = self.pawns[seat], center
                self._log("move", seat, start=start, space=center, how="spinner", steps=0)

    # -- cards (K15-K22) -----------------------------------------------------------------------------
    def _take_from_hand(self, seat: int, card_id: str) -> str:
        card = next(c for c in self.hands[seat] if card_of(c).id == card_id)
        self.hands[seat].remove(card)
        return card

    def _action_plays(self, seat: int) -> list[tuple[str, int]]:
        ids = sorted({card_of(c).id for c in self.hands[seat] if card_of(c).type == "action"})
        plays = []
        for cid in ids:
            card = catalogue().cards[cid]
            targets = [seat] if card.target == "self" else range(self.players)
            plays += [(cid, s) for s in targets]
        return plays

    def _shields(self, seat: int) -> list[str]:
        return sorted({card_of(c).id for c in self.hands[seat] if card_of(c).type == "shield"})

    def _play_action(self, seat: int, card_id: str, target: int) -> None:
        card = self._take_from_hand(seat, card_id)
        # The source: a Containment Breach leaves the game once played (blocked or not).
        (self.removed if card_of(card).effect == "breach" else self.discard).append(card)
        self.stats["actions"] += 1
        self._log("action", seat, card=card_id, target=target)
        self._send(card_id, sender=seat, target=target)

    def _responders(self, target: int, sender: int) -> list[int]:
        """Who may shield the target: the target; in the cooperative game any other Scientist
        too, the target first, then round the table (source: shield one another)."""
        if self.options["mode"] != "coop":
            return [target] if self._shields(target) else []
        order = [(target + i) % self.players for i in range(self.players)]
        return [s for s in order if s != sender and self._shields(s)]

    def _send(self, card_id: str, sender: int, target: int) -> None:
        """An action on its way to ``target``: a shield may stop or turn it (K17)."""
        if target == sender:
            self._resolve(card_id, sender, target)
            return
        ask = self._responders(target, sender)
        if not ask:
            self._resolve(card_id, sender, target)
            return
        self.decision = {"kind": "respond", "seat": ask[0], "ask": ask[1:], "card": card_id,
                         "sender": sender, "target": target}

    def _answer(self, d: dict, shield: str | None) -> None:
        seat = d["seat"]
        if d["kind"] == "helicity":
            self._answer_helicity(d, shield)
            return
        if shield is None:
            self._log("accept", seat, card=d["card"])
            if d["ask"]:
                self.decision = {**d, "seat": d["ask"][0], "ask": d["ask"][1:]}
            else:
                self._resolve(d["card"], d["sender"], d["target"])
            return
        self.discard.append(self._take_from_hand(seat, shield))
        self.stats["shields"] += 1
        self._log("shield", seat, shield=shield, card=d["card"], against=d["sender"])
        if shield == "reverse":  # the action goes back to whoever sent it, who may shield it in turn
            self._send(d["card"], sender=d["target"], target=d["sender"])

    def _resolve(self, card_id: str, sender: int, target: int) -> None:
        card = catalogue().cards[card_id]
        self._log("resolve", target, card=card_id, sender=sender)
        own = target in self.groups[self.group]
        task = {"breach": {"do": "breach", "seat": target},
                "lose": {"do": "lose", "seat": target, "kind": card.piece},
                "spin": {"do": "spin", "seat": target},
                "move": {"do": "route", "seat": target, "steps": card.steps, "chooser": target,
                         "own_turn": own, "how": "action"},
                "nudge": {"do": "nudge", "seat": target, "chooser": sender},
                "take": {"do": "take_kind", "seat": target, "kind": card.piece}}.get(card.effect)
        if card.effect == "draw":
            self.tasks[:0] = [{"do": "draw", "seat": target} for _ in range(card.count)]
        elif task:
            self.tasks.insert(0, task)

    def _do_take_kind(self, seat: int, kind: str) -> None:
        self._do_take(seat, kind)  # gluons, photons, electrons have no colour: the kind is the piece

    def _do_immediate(self, seat: int, card: str) -> None:
        c = card_of(card)
        if c.effect == "entangle":
            self._entangle(seat, card)
            return
        self.discard.append(card)
        if c.effect == "spin":
            self.tasks.insert(0, {"do": "spin", "seat": seat})
        elif c.effect == "pair":
            if any(kind_of(p) == "photon" for i in self._active(seat) for p in self.mats[i]["pieces"]):
                self.tasks[:0] = [{"do": "lose", "seat": seat, "kind": "photon"},
                                  {"do": "take_kind", "seat": seat, "kind": "electron"}]
            else:
                self._log("no_photon", seat)
        elif c.effect == "helicity":
            self.stats["helicity"] += 1
            order = [(seat + i) % self.players for i in range(self.players)]
            self.tasks.insert(0, {"do": "helicity", "seat": seat, "direction": c.direction,
                                  "ask": [s for s in order if self._shields(s)], "blockers": []})

    def _entangle(self, seat: int, card: str) -> None:
        """K19: the card goes before the drawer, or the next free Scientist to the right; that
        Scientist is entangled with the next free one to their right."""
        free = [s for s in range(self.players) if not any(s in p for p in self.entangled)]
        right = [(seat - i) % self.players for i in range(self.players)]
        free_right = [s for s in right if s in free]
        if len(free_right) < 2:
            self.discard.append(card)
            self._log("entangle_none", seat)
            return
        holder, partner = free_right[0], free_right[1]
        self.in_front[str(holder)] = card
        self.entangled.append(sorted([holder, partner]))
        self.stats["entangled"] += 1
        self._log("entangle", seat, seats=sorted([holder, partner]), holder=holder)

    def _do_helicity(self, seat: int, direction: str, ask: list, blockers: list) -> None:
        if ask:
            self.decision = {"kind": "helicity", "seat": ask[0], "drawer": seat, "direction": direction,
                             "ask": ask[1:], "blockers": blockers}
            return
        movers = [s for s in range(self.players) if s not in blockers]
        step = 1 if direction == "left" else -1  # passing left: to the next seat in turn order
        if len(movers) > 1:
            old = {s: self.hands[s] for s in movers}
            for i, s in enumerate(movers):
                self.hands[movers[(i + step) % len(movers)]] = old[s]
        self._log("helicity", seat, direction=direction, blockers=sorted(blockers))

    def _answer_helicity(self, d: dict, shield: str | None) -> None:
        seat, direction, blockers = d["seat"], d["direction"], list(d["blockers"])
        if shield:
            self.discard.append(self._take_from_hand(seat, shield))
            self.stats["shields"] += 1
            if shield == "block":
                blockers.append(seat)
            else:
                direction = "right" if direction == "left" else "left"
            self._log("shield", seat, shield=shield, card="helicity", against=d["drawer"])
        self.tasks.insert(0, {"do": "helicity", "seat": d["drawer"], "direction": direction,
                              "ask": d["ask"], "blockers": blockers})

    # -- the end (K23, K27-K29) -------------------------------------------------------------------------
    def _complete(self, owner: int) -> bool:
        mats = [m for m in self.mats if m["owner"] == owner and not m["safe"]]
        return bool(mats) and all(M.full(m) for m in mats)

    def _check_end(self) -> bool:
        center = catalogue().board.center
        at_center = [s for s, space in enumerate(self.pawns) if space == center]
        if self.options["mode"] == "coop":
            return self._check_coop(at_center)
        for s in at_center:
            if self._complete(self.owner_of[s]):
                seats = [x for x in range(self.players) if self.owner_of[x] == self.owner_of[s]]
                self._finish("atom", seats, by=s)
                return True
        return False

    def _check_coop(self, at_center: list[int]) -> bool:
        if not at_center and not self.supply_changed:
            return False
        active = [m for m in self.mats if not m["safe"]]
        if at_center and self._complete(0):
            for m in active:
                m["safe"] = True
            chain = build_chain(CHAIN_MAX_Z)
            self.completed = chain[self.level].label
            self._log("atom", at_center[0], atom=self.completed)
            if self.level + 1 >= len(chain):
                self._finish("chain_end", list(range(self.players)), by=at_center[0])
                return True
            nxt = chain[self.level + 1]
            z, n = stable_nuclide(self.completed).mats
            new = [{"type": kind, "pieces": []}
                   for kind, count in (("proton", nxt.z - z), ("neutron", nxt.n - n)) for _ in range(count)]
            if not M.completable(new, self.bank):
                self._finish("most_complex", list(range(self.players)), by=at_center[0])
                return True
            self.level += 1
            self.goals[0]["atom"] = nxt.label
            self._add_mats(0, nxt.z - z, nxt.n - n)
            self._log("next_atom", None, atom=nxt.label)
            return False
        buildable = not self.supply_changed or M.completable(active, self.bank)
        self.supply_changed = False
        if not buildable:
            self._finish("most_complex" if self.completed else "impossible",
                         list(range(self.players)) if self.completed else [])
            return True
        return False

    def _finish(self, reason: str, winners: list[int] | None = None, by: int | None = None) -> None:
        if reason == "time" and self.options["mode"] != "coop":
            counts = {s: self._collected(self.owner_of[s]) for s in range(self.players)}
            best = max(counts.values())
            winners = [s for s, c in counts.items() if c == best]
        elif reason == "time":
            winners = list(range(self.players)) if self.completed else []
        self.winning = sorted(winners or [])
        self.phase = "over"
        self.decision, self.tasks, self.script = {}, [], []
        self.end_reason = reason
        self._log("end", by, reason=reason, winners=self.winning, atom=self.completed)

    def _collected(self, owner: int) -> int:
        return sum(len(m["pieces"]) for m in self.mats if m["owner"] == owner)

    # -- views, harness ---------------------------------------------------------------------------------
    def view(self, player):
        """The table as ``player`` sees it (None: the projector). Hands are secret; everything
        else (pawns, mats, bank, discard pile, entanglement) is public."""
        d = self.decision
        public_decision = {k: v for k, v in d.items() if k in (
            "kind", "seat", "steps", "options", "mover", "card", "sender", "target", "piece", "direction",
            "order", "drawer", "how", "shares")}
        if d and player == d["seat"] and "chosen" in d:  # cards taken from a secret hand, not yet played
            public_decision["chosen"] = list(d["chosen"])
        return {
            "players": self.players, "mode": self.options["mode"], "viewer": player,
            "player": self.current_player(), "turn": self.turn, "round": self.round,
            "rounds": self.options["rounds"], "groups": [list(g) for g in self.groups],
            "group": self.group, "owner_of": list(self.owner_of),
            "goals": [dict(g) for g in self.goals], "pawns": list(self.pawns),
            "mats": [{"owner": m["owner"], "type": m["type"], "pieces": list(m["pieces"]), "safe": m["safe"]}
                     for m in self.mats],
            "bank": dict(self.bank), "out_of_play": dict(self.out_of_play),
            "hand": [card_of(c).id for c in self.hands[player]] if player is not None else None,
            "hand_sizes": [len(h) for h in self.hands], "deck": len(self.deck),
            "discard": [card_of(c).id for c in self.discard], "removed": [card_of(c).id for c in self.removed],
            "entangled": [list(p) for p in self.entangled], "dice": list(self.dice),
            "began_center": list(self.began_center), "decision": public_decision,
            "spins": [list(s) for s in self.spins], "completed": self.completed,
            "end_reason": self.end_reason, "winners": self.winners(),
        }

    def hidden_variation(self, player, rng):
        """Deal the cards this seat cannot see (the deck and the other hands) differently."""
        other = self.clone()
        places = [(s, i) for s in range(self.players) if s != player for i in range(len(self.hands[s]))]
        cards = other.deck + [other.hands[s][i] for s, i in places]
        rng.shuffle(cards)
        other.deck = cards[:len(other.deck)]
        for (s, i), card in zip(places, cards[len(other.deck):]):
            other.hands[s][i] = card
        return other

    def summary(self):
        return {"rounds": self.round, "turns": self.turn, "reason": self.end_reason,
                "winner_seats": " ".join(map(str, self.winning)), "first": self.first,
                "atom": self.completed, **self.stats}

    def check_invariants(self):
        everywhere = Counter(self.bank)
        for m in self.mats:
            everywhere.update(m["pieces"])
        everywhere.update(self.out_of_play)
        assert everywhere == Counter(catalogue().pieces.bank), "particle pieces lost or duplicated"
        assert all(n >= 0 for n in self.bank.values())
        cards = self.deck + self.discard + self.removed + list(self.in_front.values())
        cards += [c for h in self.hands for c in h]
        assert sorted(cards) == sorted(catalogue().deck), "cards lost or duplicated"
        assert len(set(self.pawns)) == len(self.pawns), "two pawns on one space (the Pauli rule)"
        assert all(p in catalogue().board.spaces for p in self.pawns)
        for s in self.last_ended:
            if self.decision.get("kind") == "roll":
                assert len(self.hands[s]) <= HAND_LIMIT, f"Scientist {s + 1} ended a turn over the hand limit"
        for m in self.mats:
            want = M.slots(m["type"])
            colours = [p.split("-")[1] for p in m["pieces"] if "-" in p]
            assert len(colours) == len(set(colours)), "two quarks of one colour on a mat"
            assert not (Counter(kind_of(p) for p in m["pieces"]) - Counter(want)), "a mat holds a piece it has no slot for"
            if self.goals[m["owner"]]["challenge"]:
                assert [kind_of(p) for p in m["pieces"]] == list(want[:len(m["pieces"])]), "a challenge mat out of order"
        flat = [s for p in self.entangled for s in p]
        assert len(flat) == len(set(flat)), "entanglement is monogamous"
        assert len(self.in_front) == len(self.entangled)

    # -- helpers ---------------------------------------------------------------------------------------
    def _log(self, kind: str, player, secret=None, seen_by=None, **data) -> None:
        self.log.add(self.round, self.decision.get("kind", "play") if self.decision else "play", player, kind,
                     secret=secret, seen_by=seen_by, **data)
