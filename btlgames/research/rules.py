"""Research Programme as a state machine (lessons/research-programme/rules.md, kit rules K1-K35).

The round is a to-do list of steps (``todo``) run in order; a step that needs a player's
choice pushes a *decision* onto ``queue`` and the game waits: ``current_player`` is the
player of ``queue[0]`` and the legal actions answer it. Choices that follow a choice (the
project and method of a prediction, a revealed hex's reward, a block) are pushed to the
front of the queue, so they come next. Kit rule K30 merges near-trivial choices: the income
resource and the card to draw are one choice, a prediction's project and method another.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import product
from typing import ClassVar

from ..core.events import Event
from ..core.i18n import t
from ..core.state import Action, GameState, Interned
from . import board, cards
from .actions import (ACTIONS, Borrow, Build, CollectData, Continue, Discard, FreePreprint, Income, Interfere,
                      Journal, Keep, PeerReview, PlanTest, PlayMethod, PlayTheory, Predict, Preprint, Repay, Reveal,
                      Reward, Simulate, Stop, Story, Synthesis)
from .constants import (CARD_SETS, INCOME_CHOICES, INTERFERENCE_HAND, LIMITS, NEUTRAL, REPUTATION_MAX, RESOURCES,
                        ROUNDS, START, STORY_CAPS, SYNTHESIS_TARGET, TABLE_THEORIES, TILES, TRACK_MAX)
from .events import Events
from .experiments import Experiments
from .interference import Interference
from .map_state import MapState
from .terms import method_choices, project_choices, testable
from .views import Views

# What the legal actions are made of: one instance per value (core.state.Interned).
_INCOME, _DISCARD, _KEEP, _PLAY_THEORY, _PLAY_METHOD, _BUILD, _PREDICT, _PREPRINT, _JOURNAL, _INTERFERE, _SIMULATE, \
    _PLAN_TEST = map(Interned, (Income, Discard, Keep, PlayTheory, PlayMethod, Build, Predict, Preprint, Journal,
                                Interfere, Simulate, PlanTest))
_BORROW, _REPAY, _CONTINUE, _COLLECT, _STOP = Borrow(), Repay(), Continue(), CollectData(), Stop()
_PEER_REVIEW, _PEER_REPAIR = PeerReview("rigor"), PeerReview("repair")


@dataclass
class ResearchState(Experiments, Events, Interference, MapState, Views, GameState):
    name: ClassVar[str] = "research"
    # 2: K30's merged choices, K31's story cap, K33's bias and influence events; 3: rules v2 (issue 9):
    # Insight and a discovery's Technique wait for the next test, the heist's preprint costs D1, anomalies of
    # the hex's field, no replication without a project (K34), reveal before replication, theories'
    # rewards without VP, balanced school packs and a noise event for every field; 4: K12's journal point only
    # for a null result whose test could have succeeded (issue 25)
    version: ClassVar[int] = 4
    actions: ClassVar[dict] = {a.kind: a for a in ACTIONS}

    round: int = 1
    start: int = 0
    phase: str = "setup"  # setup | funding | actions | tests | over
    todo: list = field(default_factory=list)  # steps still to run this round: [name, player]
    queue: list = field(default_factory=list)  # decisions waiting, first = now
    players_: list = field(default_factory=list)  # per player: tracks, resources, hands, ...
    theories: dict = field(default_factory=dict)  # card id -> {owner, kv, hits: [{tile, tester, hex}]}
    tiles: list = field(default_factory=list)  # {uid, card, owner, hex}
    results: list = field(default_factory=list)  # {player, theory, kind, round, preprint, journal}
    noise: dict = field(default_factory=dict)
    noise_supply: int = 0
    hidden: dict = field(default_factory=dict)  # unrevealed hex -> token ("" = nothing, K2)
    boxed: dict = field(default_factory=dict)  # field -> the token put back unseen
    anomaly_at: dict = field(default_factory=dict)  # hex -> anomaly card
    neutral: list = field(default_factory=list)
    wormholes: list = field(default_factory=list)  # [hex, hex]
    decks: dict = field(default_factory=dict)  # theory, method, interference, event, project, anomaly
    discards: dict = field(default_factory=dict)
    market: list = field(default_factory=list)
    next_event: str = ""
    event: str = ""  # this round's event
    counter: int = 0  # the replication counter
    winner_by_synthesis: int | None = None
    end_reason: str = ""
    scoring: dict = field(default_factory=dict)  # a success waiting for its reveal before it scores
    stats: dict = field(default_factory=dict)

    # -- set-up --------------------------------------------------------------------------------------
    @property
    def variant(self) -> str:
        return self.options["variant"]

    @property
    def school(self) -> bool:
        return self.options["variant"] == "school"

    @property
    def rounds(self) -> int:
        """The option rounds, or the variant's own (0, the default)."""
        return self.options.get("rounds") or ROUNDS[self.variant]

    def limit(self, name: str) -> int:
        """A number of the rules that is a game option (hand, storage, synthesis_target): the
        option's value, the rulebook's by default."""
        return self.options.get(name, LIMITS[name])

    @property
    def card_set(self) -> str:
        """K35: which theory and project cards are in play ("all", "packs" or "no-metascience")."""
        return self.options.get("cards", CARD_SETS[0])

    @property
    def stories(self) -> str:
        """K31: "every" team may tell a story each round, one a "round" for the class, or "none"."""
        return self.options.get("stories", STORY_CAPS[0])

    def setup(self) -> None:
        if not self.school and self.stories != STORY_CAPS[0]:  # K31: the full game has no stories
            raise ValueError(t("research.why.stories_full", default=STORY_CAPS[0]))
        if self.school and self.limit("synthesis_target") != SYNTHESIS_TARGET:
            raise ValueError(t("research.why.synthesis_school", default=SYNTHESIS_TARGET))
        n = self.players
        self.players_ = [self._new_player() for _ in range(n)]
        self.noise = {h: 0 for h in board.HEXES}
        self.noise_supply = 4 + 3 * n
        self.decks = {k: self.chance.shuffled(ids) for k, ids in (
            ("theory", cards.in_card_set(self.card_set, "theory")), ("method", sorted(cards.methods())),
            ("event", sorted(cards.ordinary_events())), ("project", cards.in_card_set(self.card_set, "project")),
            ("anomaly", sorted(cards.anomalies())),
            ("interference", [] if self.school else list(cards.interference_deck())))}
        if self.school:
            self.decks["event"] = self._school_events(self.decks["event"])
        self.discards = {k: [] for k in self.decks}
        self.stats = {k: 0 for k in ("tests", "hits", "nulls", "artefacts", "replications", "repetitions",
                                     "bridges", "wormholes", "falsified", "rejected", "synthesis_attempts",
                                     "interference", "blocked", "stories", "struck", "protected")}
        if self.school:
            self._school_setup()
        else:
            self._full_setup()
        self.market = [self._draw("project") for _ in range(3)]
        self._log("setup", None, start=self.start, variant=self.variant)
        if not self.school:
            self.phase = "setup"
            self.todo = [["keep", (self.start + i) % n] for i in range(n)] + [["round", None]]
        else:
            self.todo = [["round", None]]
        self._advance()

    def _new_player(self) -> dict:
        return {"res": dict(START), "rigor": 0, "hype": 0, "reputation": 0, "debt": 0, "vp": 0, "ep": 0,
                "ep_vp": 0, "hand": [], "interference": [], "methods": [], "tiles_left": TILES, "done": [],
                "borrowed": False, "stopped": False, "draw": "", "insight": 0, "technique": 0, "penalty": 0,
                "bridges": [], "programmes": [], "successes": 0, "scheduled": None, "offer": [],
                "final": {}}

    def _full_setup(self) -> None:
        for f in board.FIELDS:
            outer = [h for h in board.FIELD_HEXES[f] if h in board.RIM]
            tokens = self.chance.shuffled(["discovery", "anomaly", "null"])
            places = self.chance.shuffled(outer)
            self.hidden.update({places[0]: tokens[0], places[1]: tokens[1], places[2]: ""})
            self.boxed[f] = tokens[2]
        fields = self.chance.shuffled(list(board.FIELDS))[:3]
        for f in fields:
            free = [h for h in self._known_free(f)]
            self.anomaly_at[self.chance.choice(free)] = self._draw_anomaly(f)
        taken = self._occupied()
        outer_free = [h for f in board.FIELDS for h in self._known_free(f, taken)]
        self.neutral = self.chance.shuffled(outer_free)[:NEUTRAL[self.players]]
        self.start = self.chance.randint(0, self.players - 1)  # K5
        if self.players == 3:
            self.players_[(self.start + 2) % 3]["res"]["R"] += 1
        for p in range(self.players):
            self.players_[p]["offer"] = [self._draw("theory"), self._draw("theory"),
                                         self._draw("method"), self._draw("method")]

    def _school_setup(self) -> None:
        setup = cards.school()  # K27
        for hex_, anomaly in setup.anomalies:
            self.anomaly_at[hex_] = anomaly
            self.decks["anomaly"].remove(anomaly)
        self.neutral = list(setup.neutral.get(self.players, []))
        self.start = 0
        for p, pack in enumerate(setup.packs[:self.players]):
            player = self.players_[p]
            self.theories[pack.theory] = {"owner": p, "kv": 0, "hits": []}
            self.decks["theory"].remove(pack.theory)
            player["hand"].append(pack.method)
            self.decks["method"].remove(pack.method)
            self.decks["project"].remove(pack.project)
            self._place_tile(p, pack.project, pack.hex, bonus=False)
            self._log("pack", p, theory=pack.theory, method=pack.method, project=pack.project, hex=pack.hex)

    # -- the contract --------------------------------------------------------------------------------
    def current_player(self):
        return self.queue[0]["player"] if self.queue and self.phase != "over" else None

    def is_over(self):
        return self.phase == "over"

    def scores(self):
        return {p: float(self.players_[p]["vp"]) for p in range(self.players)}

    def winners(self):
        """Synthesis, else most VP; ties: replications of your theories, Rigor, lower Hype (K26)."""
        if not self.is_over():
            return []
        if self.winner_by_synthesis is not None:
            return [self.winner_by_synthesis]
        rank = {p: self._rank(p) for p in range(self.players)}
        best = max(rank.values())
        return [p for p, r in rank.items() if r == best]

    def _rank(self, p: int) -> tuple:
        pl = self.players_[p]
        return (pl["vp"], self.replications_of(p), pl["rigor"], -pl["hype"])

    def replications_of(self, p: int) -> int:
        return sum(t.get("replications", 0) for t in self._all_theories() if t["owner"] == p)

    def _all_theories(self):
        return list(self.theories.values())

    # -- legal actions -----------------------------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        d = self.queue[0]
        p = d["player"]
        pl = self.players_[p]
        kind = d["kind"]
        if kind == "act":
            return self._main_actions(p)
        if kind == "income":  # K7 and the draw, one choice (K30)
            decks = self._drawable()
            return list(map(_INCOME.__getitem__, product(INCOME_CHOICES, decks)))
        if kind == "discard":
            pile = pl["interference"] if d["hand"] == "interference" else pl["hand"]
            return list(map(_DISCARD.__getitem__, dict.fromkeys(pile)))
        if kind == "plan":
            return self._plan_choices(p, d["theory"])
        if kind == "repay":
            return [_REPAY, _CONTINUE] if pl["debt"] and pl["res"]["R"] >= 2 else [_CONTINUE]
        if kind == "keep":
            th, me = pl["offer"][:2], pl["offer"][2:]
            return [_KEEP[a, b] for a in th for b in me]
        if kind == "story":
            return [Story(True), Story(False)]
        if kind == "heist":  # a preprint for D1 that is not an action
            paid = self._unpublished(p, "preprint") if pl["res"]["D"] >= 1 else []
            return [FreePreprint(i) for i in paid] + [FreePreprint(-1)]
        if kind == "reveal":
            return [Reveal(h) for h in self._hidden_in(d["field"])]
        if kind == "reward":
            if d["token"] == "discovery":
                return [Reward("technique"), Reward("vp")] + [Reward(f"pair:{r}") for r in RESOURCES]
            return [Reward(r) for r in RESOURCES]
        if kind == "block":
            return self._block_choices(p, d)
        if kind == "synthesis":
            return [Synthesis(True), Synthesis(False)]
        raise AssertionError(f"unknown decision {kind}")

    def _main_actions(self, p: int) -> list[Action]:
        """The answers to an "act" decision, in their fixed order. The most frequent decision: it reads
        each table once, in plain loops and maps over the move tables (a comprehension costs a call)."""
        pl = self.players_[p]
        done, res, hand = pl["done"], pl["res"], pl["hand"]
        money = res["R"]
        catalogue = cards.catalogue()
        out: list[Action] = [] if pl["borrowed"] else [_BORROW]
        if hand and "theory" not in done:
            theories = catalogue.theories
            playable = []
            for c in hand:
                if c in theories and theories[c].cost <= money:
                    playable.append(_PLAY_THEORY[c])
            if playable:
                on_table = 0
                for th in self.theories.values():
                    if th["owner"] == p:
                        on_table += 1
                if on_table < TABLE_THEORIES:
                    out += playable
        if hand and "method" not in done:
            methods = catalogue.methods
            for c in hand:
                if c in methods and methods[c].cost <= money:
                    out.append(_PLAY_METHOD[c])
        near = self._near(p) if self.tiles else set()
        if pl["tiles_left"] and "build" not in done:
            projects = catalogue.projects
            affordable = []  # (project, its field)
            for c in dict.fromkeys(self.market):
                project = projects[c]
                if project.cost <= money:
                    affordable.append((c, project.field))
            if affordable:
                spots = self._build_spots(p, [f for _, f in affordable], near)
                for c, field_ in affordable:
                    for h in spots[field_]:
                        out.append(_BUILD[c, h])
        if "predict" not in done and pl["scheduled"] is None and self.theories:
            has_tile = bool(near)  # a tile's own hex is in near
            out += map(_PREDICT.__getitem__, testable(self.theories, has_tile, pl))
        if res["D"] >= 1 and self.results and ("preprint" not in done or "journal" not in done):
            preprints, journals = self._unpublished_both(p)
            if "preprint" not in done:
                out += map(_PREPRINT.__getitem__, preprints)
            if "journal" not in done and res["L"] >= 1:
                out += map(_JOURNAL.__getitem__, journals)
        if pl["interference"] and "interfere" not in done:
            interference = catalogue.interference
            for c in dict.fromkeys(pl["interference"]):
                card = interference[c]
                if card.type != "shield" and card.cost <= money:
                    for q in range(len(self.players_)):
                        if q != p:
                            out.append(_INTERFERE[c, q])
        if res["L"] >= 1 and "simulate" not in done:
            if near:
                out += map(_SIMULATE.__getitem__, self._noisy_near(p, near))
            if pl["penalty"]:
                out.append(_SIMULATE["repair"])
        if res["O"] >= 1 and res["S"] >= 1 and "peer_review" not in done:
            out.append(_PEER_REVIEW)
            if pl["penalty"]:
                out.append(_PEER_REPAIR)
        if "collect" not in done:
            out.append(_COLLECT)
        out.append(_STOP)
        return out

    def _tiles_for(self, p: int, theory: str) -> list[str]:
        return project_choices(self.tiles, p, self.players_[p], theory)

    def _plan_choices(self, p: int, theory: str) -> list[PlanTest]:
        """Every (project, method) pair the prediction may use: the two former choices in one (K30)."""
        methods = method_choices(self.players_[p], theory)
        out = []
        for tile in self._tiles_for(p, theory):
            for m, hand in methods:
                out.append(_PLAN_TEST[tile, m, hand])
        return out

    def _drawable(self) -> list[str]:
        """The decks a draw can come from ("" alone: neither has a card left)."""
        return [k for k in ("theory", "method") if self.decks[k] or self.discards[k]] or [""]

    # -- applying ------------------------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        d = self.queue[0]
        p = d["player"]
        if action is _BORROW:  # not an action: the decision stays (the one Borrow the rules list)
            self._borrow(p)
            return
        self.queue.pop(0)
        _ANSWERS[action.kind](self, p, action, d)
        if not self.queue:  # else a decision waits already
            self._advance()

    def why_illegal(self, action: Action) -> str:
        if not self.is_over() and isinstance(action, Action) and self.queue:
            d = self.queue[0]
            if d["kind"] == "act" and action.kind in self.players_[d["player"]]["done"]:
                return t("research.why.twice")
            if action.kind not in {a.kind for a in self.legal_actions()}:
                return t("research.why.not_now", decision=t(f"research.decision.{d['kind']}"),
                         player=d["player"] + 1)
        return super().why_illegal(action)

    # set-up and funding answers
    def _do_keep(self, p, a: Keep, d):
        pl = self.players_[p]
        pl["hand"] += [a.theory, a.method]
        for c in pl["offer"]:
            if c not in (a.theory, a.method):
                deck = "theory" if c in cards.theories() else "method"
                self.decks[deck].append(c)
        pl["offer"] = []
        for deck in ("theory", "method"):
            self.decks[deck] = self.chance.shuffled(self.decks[deck])
        self._log("keep", p, secret={"theory": a.theory, "method": a.method}, seen_by=[p])
        self._limit_hand(p)  # only a hand option below 2 asks for a discard here

    def _do_income(self, p, a: Income, d):
        pl = self.players_[p]
        pl["draw"] = a.deck  # drawn at the draw step: the order of effects stays the rulebook's (K30)
        money = 2 + pl["reputation"] // 3 + (1 if pl["hype"] >= 2 else 0)
        self._gain(p, {"R": money, a.resource: 1})
        production = self._production(p)
        self._gain(p, production)
        self._log("income", p, money=money, resource=a.resource, production=production)

    def _do_repay(self, p, a, d):
        pl = self.players_[p]
        pl["res"]["R"] -= 2
        pl["debt"] -= 1
        self._log("repay", p, debt=pl["debt"])
        self.queue.insert(0, {"kind": "repay", "player": p})

    def _do_continue(self, p, a, d):
        pass

    def _draw_chosen(self, p: int) -> None:
        """The draw step: the card chosen at income (K30), and the full game's interference card."""
        pl = self.players_[p]
        deck, pl["draw"] = pl["draw"], ""
        card = self._draw(deck) if deck else ""
        if card:
            pl["hand"].append(card)
            self._log("draw", p, secret={"card": card}, seen_by=[p], deck=deck)
        if not self.school:
            extra = self._draw("interference")
            if extra:
                pl["interference"].append(extra)
                self._log("draw_interference", p, secret={"card": extra}, seen_by=[p])
        self._limit_hand(p)

    def _limit_hand(self, p: int) -> None:
        pl = self.players_[p]
        if len(pl["interference"]) > INTERFERENCE_HAND:
            self.queue.insert(0, {"kind": "discard", "player": p, "hand": "interference"})
        if len(pl["hand"]) > self.limit("hand"):
            self.queue.insert(0, {"kind": "discard", "player": p, "hand": "cards"})

    def _do_discard(self, p, a: Discard, d):
        pl = self.players_[p]
        pile = pl["interference"] if d["hand"] == "interference" else pl["hand"]
        pile.remove(a.card)
        deck = ("interference" if d["hand"] == "interference"
                else "theory" if a.card in cards.theories() else "method")
        self.discards[deck].append(a.card)
        self._log("discard", p, card=a.card)
        self._limit_hand(p)

    def _do_story(self, p, a: Story, d):
        pl = self.players_[p]
        if not a.approved:
            return
        pl["insight"] += 1  # K28
        self.stats["stories"] += 1
        if not d["ep"]:  # K31: under the cap a story counts no EP, so it never turns into VP
            self._log("class_story", p)
            return
        pl["ep"] += 1
        if pl["ep"] % 3 == 0 and pl["ep_vp"] < 2:
            pl["ep_vp"] += 1
            pl["vp"] += 1
        self._log("story", p, ep=pl["ep"])

    def _do_free_preprint(self, p, a: FreePreprint, d):
        if a.result >= 0:
            self.players_[p]["res"]["D"] -= 1  # the heist's preprint costs D1 like any other
            self._preprint(p, a.result)

    # the main actions
    def _borrow(self, p: int) -> None:
        pl = self.players_[p]
        pl["borrowed"] = True
        pl["res"]["R"] += 2
        pl["debt"] += 1
        self._log("borrow", p, debt=pl["debt"])

    def _main_done(self, p: int, kind: str) -> None:
        pl = self.players_[p]
        pl["done"].append(kind)
        pl["borrowed"] = False

    def _do_theory(self, p, a: PlayTheory, d):
        pl = self.players_[p]
        pl["res"]["R"] -= cards.theories()[a.card].cost
        pl["hand"].remove(a.card)
        self.theories[a.card] = {"owner": p, "kv": 0, "hits": [], "replications": 0}
        self._main_done(p, "theory")
        self._log("play_theory", p, card=a.card)

    def _do_method(self, p, a: PlayMethod, d):
        self._play_method(p, a.card)
        self._main_done(p, "method")
        self._log("play_method", p, card=a.card)

    def _play_method(self, p: int, method: str) -> None:
        pl = self.players_[p]
        pl["res"]["R"] -= cards.methods()[method].cost
        pl["hand"].remove(method)
        pl["methods"].append(method)

    def _do_build(self, p, a: Build, d):
        pl = self.players_[p]
        pl["res"]["R"] -= cards.projects()[a.project].cost
        self.market.remove(a.project)
        self._place_tile(p, a.project, a.hex, bonus=True)
        self._main_done(p, "build")

    def _do_predict(self, p, a: Predict, d):
        self._main_done(p, "predict")
        self.queue.insert(0, {"kind": "plan", "player": p, "theory": a.theory})
        self.players_[p]["scheduled"] = {"theory": a.theory, "tile": "", "method": ""}

    def _do_plan_test(self, p, a: PlanTest, d):
        pl = self.players_[p]
        if a.from_hand:
            self._play_method(p, a.method)
        s = pl["scheduled"]
        s.update(tile=a.tile, method=a.method)
        self._log("predict", p, theory=s["theory"], tile=s["tile"], method=s["method"])

    def _do_preprint(self, p, a: Preprint, d):
        self.players_[p]["res"]["D"] -= 1
        self._preprint(p, a.result)
        self._main_done(p, "preprint")

    def _preprint(self, p: int, result: int) -> None:
        pl = self.players_[p]
        self.results[result]["preprint"] = True
        pl["reputation"] = min(REPUTATION_MAX, pl["reputation"] + 1)
        pl["hype"] = min(TRACK_MAX, pl["hype"] + 1)
        self._log("preprint", p, result=result, theory=self.results[result]["theory"],
                  outcome=self.results[result]["kind"])

    def _do_journal(self, p, a: Journal, d):
        pl = self.players_[p]
        pl["res"]["D"] -= 1
        pl["res"]["L"] -= 1
        result = self.results[a.result]
        result["journal"] = True
        pl["rigor"] = min(TRACK_MAX, pl["rigor"] + 1)
        if result["kind"] == "hit" and result["theory"] in self.theories:
            self.theories[result["theory"]]["kv"] += 1
        vp = int(result["kind"] == "null" and result["could_succeed"])  # K12: a test that could not succeed found nothing
        pl["vp"] += vp
        self._main_done(p, "journal")
        self._log("journal", p, result=a.result, theory=result["theory"], outcome=result["kind"], vp=vp)

    def _do_simulate(self, p, a: Simulate, d):
        pl = self.players_[p]
        pl["res"]["L"] -= 1
        if a.target == "repair":
            pl["penalty"] = 0
            self._log("repair", p, how="simulate")
        else:
            removed = self._clean(a.target, 2)
            self._log("simulate", p, hex=a.target, removed=removed)
        self._main_done(p, "simulate")

    def _do_peer_review(self, p, a: PeerReview, d):
        pl = self.players_[p]
        pl["res"]["O"] -= 1
        pl["res"]["S"] -= 1
        if a.mode == "repair":
            pl["penalty"] = 0
            self._log("repair", p, how="peer_review")
        else:
            pl["rigor"] = min(TRACK_MAX, pl["rigor"] + 1)
            pl["hype"] = max(0, pl["hype"] - 1)
            self._log("peer_review", p)
        self._main_done(p, "peer_review")

    def _do_collect(self, p, a, d):
        self._gain(p, {"D": 2})
        self._main_done(p, "collect")
        self._log("collect", p)

    def _do_stop(self, p, a, d):
        self.players_[p]["stopped"] = True
        self._log("stop", p)

    # interference (full game)
    # -- the round machine ------------------------------------------------------------------------------
    def _advance(self) -> None:
        while not self.queue and self.phase != "over":
            step, p = self.todo.pop(0)
            _STEPS[step](self, p)

    def _order(self) -> tuple[int, ...]:
        return _seat_order(self.start, self.players)

    def _step_keep(self, p):
        self.queue.append({"kind": "keep", "player": p})

    def _step_round(self, _):
        self.phase = "funding"
        self._log("round", None, round=self.round)
        for pl in self.players_:
            pl.update(done=[], stopped=False, borrowed=False, successes=0, scheduled=None)
        order, school = self._order(), self.school
        self.todo = [["event", None]]
        for p in order:
            self.todo += [["income", p], ["repay", p], ["draw", p]]
            if school and self._tells_story(p):
                self.todo.append(["story", p])
        self.todo.append(["actions", None])
        self.todo += [["act", p] for _ in range(2) for p in order]
        self.todo.append(["tests", None])
        for p in order:
            self.todo.append(["test", p])
            if not school:
                self.todo.append(["synthesis", p])
        self.todo.append(["cleanup", None])

    def _step_event(self, _):
        self.event = self.next_event
        self.next_event = ""
        if self.event:
            self._resolve_event(cards.events()[self.event])
            self.discards["event"].append(self.event)
        if self.round < self.rounds:
            self.next_event = self._draw("event")
        self._log("next_event", None, event=self.next_event)

    def _step_income(self, p):
        self.queue.append({"kind": "income", "player": p})

    def _step_repay(self, p):
        if self.players_[p]["debt"] and self.players_[p]["res"]["R"] >= 2:
            self.queue.append({"kind": "repay", "player": p})

    def _step_draw(self, p):
        self._draw_chosen(p)

    def _tells_story(self, p: int) -> bool:
        """K31: every team each round, or only the round's start team, or nobody."""
        return self.stories == "every" or (self.stories == "round" and p == self.start)

    def _step_story(self, p):
        self.queue.append({"kind": "story", "player": p, "ep": self.stories == "every"})

    def _step_actions(self, _):
        self.phase = "actions"

    def _step_act(self, p):
        pl = self.players_[p]
        if not pl["stopped"] and len(pl["done"]) < 2:
            self.queue.append({"kind": "act", "player": p})

    def _step_tests(self, _):
        self.phase = "tests"

    def _step_test(self, p):
        s = self.players_[p]["scheduled"]
        if s and s["theory"] in self.theories:
            self._run_test(p, s)
        self.players_[p]["scheduled"] = None

    def _step_synthesis(self, p):
        pl = self.players_[p]
        if len(pl["bridges"]) >= 2 and pl["rigor"] >= 4 and pl["hype"] < 6:
            self.queue.append({"kind": "synthesis", "player": p})

    def _step_cleanup(self, _):
        for p, pl in enumerate(self.players_):
            pl.update(scheduled=None)  # Insight and a discovery's Technique wait for the next test (K28, K23)
            self._storage_limit(p)
        self._log("round_end", None, tracks=[  # what the debrief charts round by round
            {"rigor": pl["rigor"], "hype": pl["hype"], "reputation": pl["reputation"], "debt": pl["debt"],
             "vp": pl["vp"], "ep": pl["ep"], "res": dict(pl["res"])} for pl in self.players_])
        if len(self.market) == 3 and self.market:  # nobody built: the oldest project leaves (K29)
            self.discards["project"].append(self.market.pop(0))
        while len(self.market) < 3 and (self.decks["project"] or self.discards["project"]):
            self.market.append(self._draw("project"))
        if self.counter >= self.players + 2:
            return self._finish("replications")
        if self.round >= self.rounds:
            return self._finish("rounds")
        self.round += 1
        self.start = (self.start + 1) % self.players
        self.todo = [["round", None]]

    def _storage_limit(self, p: int) -> None:
        """At most 8 resources; the excess goes back from the largest pile (K9)."""
        res = self.players_[p]["res"]
        excess = sum(res.values()) - self.limit("storage")
        if excess <= 0:
            return
        returned = {}
        for _ in range(excess):
            largest = max(RESOURCES, key=res.__getitem__)  # the first of equal piles in RESOURCES order
            res[largest] -= 1
            returned[largest] = returned.get(largest, 0) + 1
        self._log("storage", p, returned=returned)

    # -- the end --------------------------------------------------------------------------------------------
    def _finish(self, reason: str) -> None:
        self.end_reason = reason
        self.queue = []
        self.todo = []
        for p, pl in enumerate(self.players_):
            final = {"bridges": len(pl["bridges"]), "debt": -pl["debt"],
                     "hype": -1 if pl["hype"] > pl["rigor"] else 0,
                     "consensus": sum(1 for th in self.theories.values() if th["owner"] == p and th["kv"] >= 3)}
            pl["final"] = final
            pl["vp"] += sum(final.values())
        self.phase = "over"
        self._log("end", None, reason=reason, vp=[pl["vp"] for pl in self.players_], winners=self.winners())

    # -- helpers -------------------------------------------------------------------------------------------------
    def _gain(self, p: int, gains: dict) -> None:
        pl = self.players_[p]
        for key, n in gains.items():
            if key in RESOURCES:
                pl["res"][key] += n
            elif key == "VP":
                pl["vp"] += n
            elif key == "rigor":
                pl["rigor"] = min(TRACK_MAX, pl["rigor"] + n)
            elif key == "reputation":
                pl["reputation"] = min(REPUTATION_MAX, pl["reputation"] + n)
            elif key == "hype":
                pl["hype"] = min(TRACK_MAX, pl["hype"] + n)

    def _draw(self, deck: str) -> str:
        if not self.decks[deck] and self.discards[deck]:
            self.decks[deck] = self.chance.shuffled(self.discards[deck])
            self.discards[deck] = []
        return self.decks[deck].pop(0) if self.decks[deck] else ""

    def _draw_anomaly(self, field_: str) -> str:
        """The top anomaly of this field: an anomaly lies in the field it puzzles. The deck holds two
        per field and a field places at most one at set-up and reveals at most one (it has one
        anomaly token), so one is always left."""
        card = next(c for c in self.decks["anomaly"] if cards.anomalies()[c].field == field_)
        self.decks["anomaly"].remove(card)
        return card

    def _unpublished(self, p: int, how: str) -> list[int]:
        return [i for i, r in enumerate(self.results) if r["player"] == p and r["kind"] != "artefact" and not r[how]]

    def _unpublished_both(self, p: int) -> tuple[list[int], list[int]]:
        """``_unpublished(p, "preprint")`` and ``_unpublished(p, "journal")`` in one pass."""
        preprints, journals = [], []
        for i, r in enumerate(self.results):
            if r["player"] == p and r["kind"] != "artefact":
                if not r["preprint"]:
                    preprints.append(i)
                if not r["journal"]:
                    journals.append(i)
        return preprints, journals

    def _log(self, kind: str, player, secret=None, seen_by=None, **data) -> None:
        """An event of the game's log. The values given here are new or never changed later (a caller
        copies what the game keeps changing: a bridge's pair of fields), so they are logged without
        the copies ``Log.record`` makes for any caller: the game logs about two events a move."""
        self.log.events.append(Event(self.round, self.phase, player, kind, data, secret or {}, seen_by or []))

    def decided_by(self) -> str:
        """Which rule chose the winner: "synthesis", "vp" (most VP alone), the K26 tie-break that
        split the players level on VP ("replications", "rigor", "hype"), or "shared"."""
        if self.winner_by_synthesis is not None:
            return "synthesis"
        ranks = sorted((self._rank(p) for p in range(self.players)), reverse=True)
        if ranks[0] == ranks[1]:
            return "shared"
        return ("vp", "replications", "rigor", "hype")[next(i for i, (a, b) in enumerate(zip(*ranks[:2])) if a != b)]

    def summary(self):
        vps = sorted((pl["vp"] for pl in self.players_), reverse=True)
        first = next(e.data["start"] for e in self.log if e.kind == "setup")
        return {"reason": self.end_reason, "rounds": self.round, "counter": self.counter, "first_player": first,
                "spread": vps[0] - vps[-1], "synthesis_win": self.winner_by_synthesis is not None,
                "decided_by": self.decided_by() if self.is_over() else "",
                "winner_replications": self.winner_replications(), **self.stats}

    def winner_replications(self) -> int:
        """The fewest replications a winner made itself (as the tester): 0 when a player won without
        replicating anything (the designer notes count those games); -1 before the end."""
        made = [0] * self.players
        for e in self.log:
            if e.kind == "replication":
                made[e.player] += 1
        return min((made[p] for p in self.winners()), default=-1)

    def check_invariants(self):
        for p, pl in enumerate(self.players_):
            assert all(v >= 0 for v in pl["res"].values()), f"player {p + 1} has negative resources"
            assert 0 <= pl["reputation"] <= REPUTATION_MAX and 0 <= pl["rigor"] <= TRACK_MAX
            assert 0 <= pl["hype"] <= TRACK_MAX and pl["debt"] >= 0
            assert len(pl["hand"]) <= self.limit("hand") or any(d["kind"] == "discard" and d["player"] == p for d in self.queue)
            assert pl["tiles_left"] + sum(t["owner"] == p for t in self.tiles) == TILES
        cleaned = next((e for e in reversed(self.log.events) if e.kind == "round_end"), None)
        if cleaned:  # the storage limit holds after every clean-up
            assert all(sum(row["res"].values()) <= self.limit("storage") for row in cleaned.data["tracks"]), \
                "resources over the storage limit"
        assert all(0 <= n <= 3 for n in self.noise.values()), "noise out of 0..3"
        hexes = [t["hex"] for t in self.tiles]
        assert len(hexes) == len(set(hexes)), "two tiles on one hex"
        assert not set(hexes) & (set(self.anomaly_at) | set(self.neutral)), "a tile on a blocked hex"
        replications = sum(1 for e in self.log if e.kind == "replication")
        assert self.counter == replications == self.stats["replications"], "replication counter and log disagree"
        assert all(cards.anomalies()[a].field == board.field_of(h) for h, a in self.anomaly_at.items()), \
            "an anomaly outside its field"
        for theory, th in self.theories.items():
            assert th["kv"] > -2, f"theory {theory} should have left the game"
        cards_in_play = ([c for pl in self.players_ for c in pl["hand"] + pl["offer"] + pl["methods"]]
                         + list(self.theories) + [c for d in ("theory", "method") for c in self.decks[d] + self.discards[d]])
        assert len(cards_in_play) == len(set(cards_in_play)), "a theory or method card is in two places"


@lru_cache(maxsize=None)
def _seat_order(start: int, players: int) -> tuple[int, ...]:
    """The seats in turn order from ``start`` (asked at every step of a round: a pure table)."""
    return tuple((start + i) % players for i in range(players))


# The round's steps and the answers to decisions, by name: ``_step_<name>`` and ``_do_<kind>`` of the state
# and its mixins, looked up once here instead of by name at every step.
_STEPS = {name[len("_step_"):]: getattr(ResearchState, name)
          for name in dir(ResearchState) if name.startswith("_step_")}
_ANSWERS = {kind: getattr(ResearchState, f"_do_{kind}") for kind in ResearchState.actions if kind != "borrow"}
