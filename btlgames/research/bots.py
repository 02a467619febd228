"""A heuristic bot for Research Programme. It sees only ``view(seat)``.

It plays what a careful lab would: schedule tests it is likely to pass, prefer a new
project for a theory that already has a hit (a replication scores, a repetition barely
does), publish in journals, keep Hype at or below Rigor, and build the projects its
theories name.
"""
from __future__ import annotations

import random
from functools import lru_cache
from itertools import repeat
from operator import is_

from . import board, cards
from .actions import (Build, CollectData, FreePreprint, Interfere, Journal, PeerReview, PlayMethod, PlayTheory, Predict,
                      Preprint, Reward, Simulate, Stop, Story, Synthesis)
from .terms import NO_SITE, SeatTests, project_hits, site_of


class HeuristicBot:
    name = "heuristic"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(f"research-bot:{seed}")
        self._choices = {}  # the function for each kind of decision, looked up by name once

    def choose(self, view, legal):
        """Each ``_<kind>`` returns one of the ``legal`` objects themselves (a move it makes up is looked
        up there with :func:`_listed`) or None: a random move then."""
        decision = view["decision"]
        kind = decision["kind"]
        choose = self._choices.get(kind)
        if choose is None:  # ``_<kind>`` (a subclass's own too), or no choice of its own: a random move
            choose = self._choices[kind] = getattr(type(self), f"_{kind}", _no_choice)
        action = choose(self, view, legal, decision["player"])  # the seat that decides is the one to play
        return action if action is not None else self.rng.choice(legal)

    # -- small choices ---------------------------------------------------------------------------
    def _keep(self, view, legal, me):
        return min(legal, key=lambda a: (cards.theories()[a.theory].difficulty + cards.theories()[a.theory].cost,
                                         -cards.methods()[a.method].bonus, a.theory, a.method))

    def _income(self, view, legal, me):
        """The resource it lacks most, and a theory while it has fewer than three (K30: one choice)."""
        pl = view["players_"][me]
        res = pl["res"]
        resource = "D" if res["D"] < 2 else "L" if res["L"] < 1 else "O" if res["O"] < 1 else "D"
        catalogue, theories = cards.theories(), len(pl["table"])
        for card in pl["hand"]:
            if card in catalogue:
                theories += 1
        deck = "theory" if theories < 3 else "method"
        first = None  # the first move for the resource, if none draws from that deck
        for a in legal:
            if a.resource == resource:
                if a.deck == deck:
                    return a
                first = first or a
        return first

    def _repay(self, view, legal, me):
        repay = view["players_"][me]["res"]["R"] >= 4 and next((a for a in legal if a.kind == "repay"), None)
        return repay or next(a for a in legal if a.kind == "continue")

    def _discard(self, view, legal, me):
        choice = best = None
        for a in legal:  # max by (cost, card), written out: a lambda call per card
            key = (_cost(a.card), a.card)
            if best is None or key > best:
                choice, best = a, key
        return choice

    def _story(self, view, legal, me):
        return _listed(Story(True), legal)

    def _heist(self, view, legal, me):
        pl = view["players_"][me]
        return legal[0] if pl["hype"] < pl["rigor"] else _listed(FreePreprint(-1), legal)

    def _reveal(self, view, legal, me):
        return legal[0]

    def _reward(self, view, legal, me):
        return _listed(Reward("vp"), legal) or _listed(Reward("D"), legal)

    def _block(self, view, legal, me):
        order = {"skepsis": 0, "method": 1, "shield": 2, "accept": 3}
        return min(legal, key=lambda a: (order[a.way], a.card))

    def _synthesis(self, view, legal, me):
        return _listed(Synthesis(True), legal)

    # -- the test ------------------------------------------------------------------------------------
    @staticmethod
    def _sites(view, me) -> dict:
        """Its own tiles' :class:`~terms.Site` by uid, in the view's order."""
        sites = {}
        for t in view["players_"][me]["tiles"]:
            sites[t["uid"]] = site_of(view, t)
        return sites

    def _plan(self, view, legal, me):
        """The project first (the best chance, a new one for a theory with a hit), then the method
        that adds most on it (K30 offers both as one choice). Chances in die faces (exact). Each max
        below is written out (a lambda call per move); the first of equal keys stays, as with max."""
        theory = view["decision"]["theory"]
        tests, sites = SeatTests(view, me), self._sites(view, me)
        hits = project_hits(view["theories"][theory])
        faces, tile, best = {}, None, None  # the chance at each tile, worked out once
        for a in legal:
            t = a.tile
            if t not in faces:
                faces[t] = f = tests.faces(theory, sites.get(t) or _site(view, t))
                # a success on a project the theory has no hit on yet ("" is no project) counts more
                key = (f / 6 + 0.3 * (bool(t) and t not in hits), t)
                if best is None or key > best:
                    tile, best = t, key
        site, methods, here = sites.get(tile) or _site(view, tile), cards.methods(), faces[tile]
        careless = None  # Hype above Rigor + 1: an artefact threatens (read if a method guards against it)
        choice = best = None
        for a in legal:
            if a.tile != tile:
                continue
            worth = 0.0
            if a.method:
                gain = (tests.faces(theory, site, a.method) - here) / 6
                guard = 0.0
                if methods[a.method].no_artefact:
                    if careless is None:
                        pl = view["players_"][me]
                        careless = pl["hype"] > pl["rigor"] + 1
                    guard = 0.5 if careless else 0.0
                worth = gain + guard + 0.05 * (not a.from_hand)
            key = (worth, a.method)
            if best is None or key > best:
                choice, best = a, key
        return choice

    def _prediction_values(self, view, me, predictions) -> dict:
        """What scheduling a test of each theory is worth to the bot, by theory: the best of its tiles, a
        hit's chance there times its weight. Only the best theory counts, and only if worth 0.15: a chance is
        at most 1, so a tile whose weight alone is below the best worth found so far (or 0.15) cannot change
        the choice, and its chance is not worked out (the test terms are most of the bot's work). A theory
        no tile of which could is worth 0.0 here, less than the best; the best is worked out exactly."""
        theories = view["theories"]
        tests = SeatTests(view, me)
        sites = list(self._sites(view, me).values()) or [NO_SITE]
        values = {}
        others = None  # the theories others test this round, read at the first rival theory
        top = 0.15  # the best worth so far, or 0.15
        for a in predictions:
            theory = a.theory
            th = theories[theory]
            hits = project_hits(th) if th["hits"] else []
            rival = th["owner"] != me
            if rival and others is None:
                others = self._tested_by_others(view, me)
            # someone tests it already this round: a bridge may be on its way
            tested = 0.3 if rival and theory in others else 1.0
            best = 0.0
            for site in sites:
                uid = site.uid
                new = hits and uid and uid not in hits
                weight = 3.0 if new else 1.0 if not hits else 0.4
                rivalry = 1.0
                if rival:
                    if not hits:
                        rivalry = 0.3  # a first hit on someone else's theory scores nothing yet
                    elif uid and self._gives_bridge(view, th, theory, site):
                        # a bridge is a gift towards the rival's synthesis; the second one, never
                        rivalry = 0.05 if view["players_"][th["owner"]]["bridges"] else 0.5
                # the worth at a chance of 1, multiplied in the worth's order (x * 1.0 is x): never below it
                if weight * tested * rivalry < top:
                    continue
                score = tests.faces(theory, site) / 6 * weight * tested * rivalry
                if score > best:  # max(best, score)
                    best = score
            values[theory] = best
            if best > top:
                top = best
        return values

    def _tested_by_others(self, view, me) -> set:
        """The theories other players have scheduled a test of this round."""
        tested = set()
        for q, pl in enumerate(view["players_"]):
            if q != me and pl["scheduled"]:
                tested.add(pl["scheduled"]["theory"])
        return tested

    @staticmethod
    def _testable(card, owned: set, fields: set, market: list) -> int:
        """2: the bot owns the project the theory names; 1: it could build it or one of its field."""
        if card.test_project in owned:
            return 2
        return int(card.test_project in market or card.field in fields)

    @staticmethod
    def _gives_bridge(view, th, theory, site) -> bool:
        """Would this replication give the theory's owner a new bridge (towards synthesis)?"""
        a, b = site.field, cards.theories()[theory].field
        # the pair of fields as bridges hold it, sorted (without a call to sorted)
        return a != b and ([a, b] if a < b else [b, a]) not in view["players_"][th["owner"]]["bridges"]

    # -- the round's actions ---------------------------------------------------------------------------
    def _act(self, view, legal, me):
        """The round's action. Each max below is written out (a lambda call per move); the first of equal
        keys stays, as with max. A part of the view is read only where the choice needs it."""
        pl = view["players_"][me]
        kinds = list(map(type, legal))  # each move's class, in C: most choices read one or two kinds' moves
        if PlayTheory in kinds and len(pl["table"]) < 2:
            theories, projects, market = cards.theories(), cards.projects(), view["market"]
            owned = {t["card"] for t in pl["tiles"]}  # the projects it has, and their fields and the market's
            fields = {projects[c].field for c in market} | {projects[c].field for c in owned}
            choice = best = None
            for a in _of_kind(legal, kinds, PlayTheory):
                card = theories[a.card]
                key = (self._testable(card, owned, fields, market), -card.difficulty, a.card)
                if best is None or key > best:
                    choice, best = a, key
            return choice
        if Predict in kinds:
            predictions = _of_kind(legal, kinds, Predict)
            value = self._prediction_values(view, me, predictions)
            theories, draw = view["theories"], self.rng.random
            # ties broken at random: a fixed order would make every bot test the same rival
            choice = best = None
            for a in predictions:
                key = (value[a.theory], theories[a.theory]["owner"] == me, draw())
                if best is None or key > best:
                    choice, best = a, key
            if value[choice.theory] >= 0.15:
                return choice
        if Build in kinds and pl["tiles_left"] > 2:
            choice = self._build(view, me, pl["table"], _of_kind(legal, kinds, Build))
            if choice is not None:
                return choice
        if Journal in kinds:
            results = view["results"]
            choice = best = None
            for a in _of_kind(legal, kinds, Journal):
                key = (results[a.result]["kind"] == "hit", a.result)
                if best is None or key > best:
                    choice, best = a, key
            return choice
        if PeerReview in kinds and pl["hype"] >= pl["rigor"]:
            return legal[kinds.index(PeerReview)]
        if Preprint in kinds and pl["hype"] < pl["rigor"]:
            return legal[kinds.index(Preprint)]
        if Interfere in kinds:
            players, leader = view["players_"], None
            for q in range(view["players"]):  # the other player with most VP (the first of equals)
                if q != me and (leader is None or players[q]["vp"] > players[leader]["vp"]):
                    leader = q
            for a in _of_kind(legal, kinds, Interfere):
                if a.target == leader:
                    return a
        if Simulate in kinds:
            return legal[kinds.index(Simulate)]
        if PlayMethod in kinds:
            methods = cards.methods()
            choice = best = None
            for a in _of_kind(legal, kinds, PlayMethod):
                key = (methods[a.card].bonus, a.card)
                if best is None or key > best:
                    choice, best = a, key
            return choice
        if CollectData in kinds and pl["res"]["D"] < 3:
            return legal[kinds.index(CollectData)]
        if PlayTheory in kinds:
            return legal[kinds.index(PlayTheory)]
        return legal[kinds.index(Stop)]

    def _build(self, view, me, mine, builds):
        """Projects that test the bot's theories well; once one has a hit, any project can replicate it
        at +1 difficulty, so a second instrument anywhere is worth building (while it has few). None:
        no build is worth it now."""
        theories, projects = cards.theories(), cards.projects()
        named, fields = set(), set()
        for t in mine:
            card = theories[t]
            named.add(card.test_project)
            fields.add(card.field)
        options = []
        for a in builds:
            if a.project in named or projects[a.project].field in fields:
                options.append(a)
        if not options and len(view["players_"][me]["tiles"]) < 4:
            theories_now = view["theories"]
            for t in mine:
                if theories_now[t]["hits"]:
                    options = builds
                    break
        # (its key once had "a.project in good" second: a project is never one of the moves, so
        # it was always false and left out changes nothing; meant was perhaps "a in good")
        choice = best = None
        for a in options:
            key = (a.project in named, projects[a.project].technique, board.FIELD_OF[a.hex] != board.META, a.hex)
            if best is None or key > best:
                choice, best = a, key
        return choice


class NoReplicationBot(HeuristicBot):
    """A lab that ignores what the game teaches, for the designer notes' measurements: it never aims
    at a replication (it tests a theory only where a success would be its first hit or a repetition on
    a project that already has one, and none that another lab has scheduled this round) and picks its
    tests at random, without regard to their chance. Only a rival's success on the same theory earlier
    in the same tests phase, scheduled after its own, can still make its test a replication.
    Everything else it plays as the heuristic bot (journals, builds, Hype kept down)."""
    name = "no-replication"

    def _act(self, view, legal, me):
        pl = view["players_"][me]
        theory_first = len(pl["table"]) < 2 and any(type(a) is PlayTheory for a in legal)
        if not theory_first:  # the heuristic's order: a second theory on the table comes first
            predictions = [a for a in legal if type(a) is Predict and self._never_replicates(view, me, a.theory)]
            if predictions:
                return self.rng.choice(predictions)
        return super()._act(view, [a for a in legal if type(a) is not Predict], me)

    @staticmethod
    def _never_replicates(view, me, theory) -> bool:
        """A test of ``theory`` can be planned so that it does not replicate: the theory has no hit
        on a project yet, or one on a project of this lab's (a repetition there)."""
        if any(pl["scheduled"] and pl["scheduled"]["theory"] == theory for pl in view["players_"]):
            return False  # another lab tests it this round: its success may come first
        hits = project_hits(view["theories"][theory])
        return not hits or any(t["uid"] in hits for t in view["players_"][me]["tiles"])

    def _plan(self, view, legal, me):
        hits = project_hits(view["theories"][view["decision"]["theory"]])
        no_replication = [a for a in legal if not hits or not a.tile or a.tile in hits]
        return self.rng.choice(no_replication or legal)


def _of_kind(legal: list, kinds: list, kind: type) -> list:
    """The moves of one class, in their order (``kinds``: each move's class). The rules list a kind's
    moves together: a slice, checked in C; else picked one by one."""
    n = kinds.count(kind)
    i = kinds.index(kind) if n else 0
    if kinds[i:i + n].count(kind) == n:
        return legal[i:i + n]
    return [a for a, k in zip(legal, kinds) if k is kind]


def _no_choice(bot, view, legal, me):
    return None


def _site(view, uid: str):
    """The site of any tile on the map by its uid ("": no project)."""
    return site_of(view, next((t for t in view["tiles"] if t["uid"] == uid), None) if uid else None)


def _listed(action, legal):
    """``action`` as ``legal`` holds it, or None if it is not legal: the listed object itself, which the
    game applies without matching it field by field (a move the bot built, ``Story(True)``, is equal to one)."""
    if any(map(is_, legal, repeat(action))):  # in C, without a dataclass __eq__ per move before it
        return action
    return next((a for a in legal if type(a) is type(action) and a == action), None)


@lru_cache(maxsize=None)
def _cost(card: str) -> int:
    return getattr(cards.card(card), "cost", 0)
