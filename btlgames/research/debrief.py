"""What happened in one game of Research Programme, read from its event log: the debrief's facts.

The debrief after a game (lessons/research-programme/rules.md, "The school game") asks five
questions; :func:`analyse` turns a game (finished or not, played by people or bots, loaded from a
save file) into the tables that answer them. Everything here is plain Python and pandas: the
notebook's widgets (``btlgames/ui/debrief/document.py``) only draw what these functions return.

Sources, in this order of trust: the event log (``state.log``, with every secret: the game is
over), the public view ``state.view(None)`` for what the log does not say (final bonuses, the
tracks of a round that has not ended), and the card data for what a card gives (its VP).
Seats are numbered from 0 here; the widgets say "Player 1" or "Team 1".
"""
from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from ..core.events import ALL
from . import cards
from .terms import success_faces

HIT_KINDS = ("first", "no_project", "repetition", "replication")  # how a success counts (hit event's "how")
OUTCOMES = HIT_KINDS + ("null", "artefact")
TRACKS = ("rigor", "hype", "reputation", "debt", "vp")
VP_SOURCES = (  # where a player's VP came from, in the order the scoreboard lists them
    "replications",   # replications you made: 3/2 VP on your theory, 2 VP on another's, +1 "per replication"
    "replicated",     # 2 VP when another player replicated your theory
    "theory_rewards",  # a theory card's reward on a hit (and a method's)
    "null_journals",  # K12: a null result published in a journal
    "falsified",      # K16: your theory falsified by you (S1)
    "anomalies",      # an anomaly solved by a replication next to it
    "discoveries",    # a Discovery revealed, taken as 1 VP
    "programmes",     # three tiles in a chain in one field
    "stories",        # school game: every third approved story (K28)
    "placement",      # a placement bonus worth VP
    "bridges",        # end: +1 per bridge
    "consensus",      # end: +1 per theory of yours at consensus 3+
    "debt",           # end: -1 per debt
    "hype",           # end: -1 if Hype is above Rigor
    "other",          # anything the log does not explain (0 unless the rules grew a new source)
)
FINAL_SOURCES = ("bridges", "consensus", "debt", "hype")


def _frame(rows: list[dict], columns: list[str]) -> pd.DataFrame:
    return pd.DataFrame(rows, columns=columns)


def records(state) -> list[dict]:
    """The game's events as rows (every secret shown: a debrief happens after the game)."""
    return state.log.to_records(ALL)


def _hit_tiles(recs) -> dict[str, str]:
    """Every tile uid -> its project card id, from the build events (set-up packs included)."""
    return {r["tile"]: r["card"] for r in recs if r["kind"] == "build"}


def _reward_vp(table: dict | None) -> int:
    return int((table or {}).get("VP", 0))


# -- tests ---------------------------------------------------------------------------------------
TEST_COLUMNS = ["round", "player", "theory", "owner", "tile", "project", "hex", "method", "roll", "bonus", "noise",
                "penalty", "total", "difficulty", "faces", "success", "outcome", "vp", "owner_vp", "kv"]


def tests(state, recs=None) -> pd.DataFrame:
    """One row per test rolled, in order: who tested which theory on which project, the roll and
    its terms, and what came of it (``outcome``: first, no_project, repetition, replication, null,
    artefact).

    ``vp`` is the replication VP the tester took (with a card's "+1 per replication"), ``owner_vp``
    what the theory's owner took when someone else replicated it; ``kv`` the consensus after it.
    ``faces``: how many of the die's six faces would have passed it (0: it could not succeed).
    """
    recs = recs if recs is not None else records(state)
    tiles = _hit_tiles(recs)
    owners = _owners(state, recs)
    rows, pending, scored = [], {}, {}  # scored: a player's last hit, whose replication comes after its reveal
    for r in recs:
        kind, p = r["kind"], r["player"]
        if kind == "test":
            scored.pop(p, None)
            row = {"round": r["turn"], "player": p, "theory": r["theory"], "owner": owners.get(r["theory"]),
                   "tile": r.get("tile") or "", "project": tiles.get(r.get("tile") or "", ""),
                   "hex": r.get("hex") or "",
                   "method": r.get("method") or "", "outcome": "", "vp": 0, "owner_vp": 0, "kv": None,
                   **{k: r.get(k) for k in ("roll", "bonus", "noise", "penalty", "total", "difficulty", "success")}}
            row["faces"] = _faces(row)
            rows.append(row)
            pending[p] = row
        elif kind == "replication" and p in scored:
            scored[p]["vp"] = int(r.get("vp", 0)) + int(r.get("extra", 0))
            scored[p]["owner_vp"] = int(r.get("vp", 0)) if r.get("owner") != p else 0
        elif kind in ("hit", "null", "artefact") and p in pending:
            row = scored[p] = pending.pop(p)
            row["outcome"] = r["how"] if kind == "hit" else kind
            row["kv"] = r.get("kv")
    return _frame(rows, TEST_COLUMNS)


def _faces(test: dict) -> int | None:
    """The faces of the die that pass a test with these terms (None if the record lacks one)."""
    terms = ("difficulty", "bonus", "noise", "penalty")
    return success_faces(test) if all(isinstance(test[k], int) for k in terms) else None


def _owners(state, recs) -> dict[str, int]:
    """Each theory that was ever on a table -> its owner, in the order they came to the tables.

    The school game's beginner packs put a theory on the table without an event: the state (or,
    once the theory has left the game, the event that removed it) names their owners.
    """
    played = {r["card"]: r["player"] for r in recs if r["kind"] == "play_theory"}
    packs: dict[str, int] = {}  # on a table without an event: there from the start
    for r in recs:
        if r["kind"] in ("falsified", "rejected", "replication") and r["theory"] not in played:
            packs.setdefault(r["theory"], r["owner"] if r["kind"] == "replication" else r["player"])
    for theory, th in state.view(None)["theories"].items():
        if theory not in played:
            packs.setdefault(theory, th["owner"])
    return dict(sorted(packs.items(), key=lambda item: item[1])) | played  # packs in seat order


# -- question 1: which theory passed a test, which a replication ---------------------------------
THEORY_COLUMNS = ["theory", "owner", "tests", "hits", "first", "repetitions", "replications", "nulls", "artefacts",
                  "projects", "testers", "tried_elsewhere", "failed_elsewhere", "kv", "fate", "verdict", "reason"]


def theories(state, recs=None, test_rows: pd.DataFrame | None = None) -> pd.DataFrame:
    """One row per theory that was on a table: its tests and what they gave, on which projects.

    ``projects``: the project cards with a hit, first hit first; ``tried_elsewhere`` /
    ``failed_elsewhere``: tests after its first hit on a project without a hit yet, and how many of
    those failed. ``fate``: table, falsified or rejected. ``verdict``: replicated, hit_only,
    no_hit or untested; ``reason`` says why a theory with a hit has no replication:
    failed_elsewhere (tests on other projects failed), same_project (it only passed again where it
    had passed: repetitions), not_tried (nobody tested it on another project).
    """
    recs = recs if recs is not None else records(state)
    test_rows = test_rows if test_rows is not None else tests(state, recs)
    view = state.view(None)
    owners = _owners(state, recs)
    gone = {r["theory"]: r["kind"] for r in recs if r["kind"] in ("falsified", "rejected")}
    last_kv = {}
    for r in recs:
        if r["kind"] in ("null", "hit") and r.get("kv") is not None:
            last_kv[r["theory"]] = r["kv"]
    rows = []
    for theory, owner in owners.items():
        mine = test_rows[test_rows["theory"] == theory]
        counts = mine["outcome"].value_counts()
        hit_tiles: list[str] = []
        projects, testers = [], []
        tried = failed = 0
        for _, t in mine.iterrows():
            if hit_tiles and t["tile"] and t["tile"] not in hit_tiles:  # "": no project, never a replication
                tried += 1
                failed += t["outcome"] in ("null", "artefact")
            if t["outcome"] in HIT_KINDS and t["tile"] and t["tile"] not in hit_tiles:
                hit_tiles.append(t["tile"])
                projects.append(t["project"])
            if t["player"] not in testers:
                testers.append(int(t["player"]))
        hits = int(sum(counts.get(k, 0) for k in HIT_KINDS))
        replications = int(counts.get("replication", 0))
        if theory in gone:
            fate, kv = gone[theory], last_kv.get(theory)
        else:
            fate, kv = "table", view["theories"].get(theory, {}).get("kv", last_kv.get(theory))
        if replications:
            verdict, reason = "replicated", ""
        elif hits:
            verdict = "hit_only"
            reason = ("failed_elsewhere" if failed else "same_project" if counts.get("repetition", 0)
                      else "not_tried")
        else:
            verdict, reason = ("no_hit" if len(mine) else "untested"), ""
        rows.append({"theory": theory, "owner": owner, "tests": len(mine), "hits": hits,
                     "first": int(counts.get("first", 0)), "repetitions": int(counts.get("repetition", 0)),
                     "replications": replications, "nulls": int(counts.get("null", 0)),
                     "artefacts": int(counts.get("artefact", 0)), "projects": projects, "testers": testers,
                     "tried_elsewhere": tried, "failed_elsewhere": failed, "kv": kv, "fate": fate,
                     "verdict": verdict, "reason": reason})
    return _frame(rows, THEORY_COLUMNS)


FAILED = ("null", "artefact")
HARDER_TERMS = ("difficulty", "noise", "penalty", "bonus", "roll")  # what can make a second test harder


@dataclass
class Pair:
    """Question 1's evidence: a theory's first hit (``passed``) and a later test of it on a project
    where it had no hit yet (``later``), both test rows as dicts.

    ``kind``: failed (that later test failed: the most telling case), impossible (it failed, but
    no face of the die could have passed it: no luck in it either way), replicated (no such
    failure, but a replication passed), untried (a hit, never tested on another project), no_pass
    (tests, never a success: ``later`` is the closest miss), no_tests. ``harder``: the terms of
    ``HARDER_TERMS`` in which the later test was worse off than the pass (a higher difficulty,
    more noise, a penalty, less bonus, a lower die). ``replication``: for a failed pair, the
    theory's first replication, if it had one (before or after the failure: the failure is not the whole story).
    """
    kind: str
    passed: dict | None = None
    later: dict | None = None
    harder: tuple = ()
    replication: dict | None = None


def _worse(passed: dict, later: dict) -> tuple:
    up = {"difficulty", "noise", "penalty"}  # the higher, the harder
    return tuple(k for k in HARDER_TERMS
                 if (later[k] > passed[k] if k in up else later[k] < passed[k]))


def _attempts(test_rows: pd.DataFrame):
    """Per theory with a hit: its first hit and every later test on a project without a hit yet
    (an attempt to replicate it), in the order they were rolled."""
    for _, mine in test_rows.groupby("theory", sort=False):
        hit_tiles: set = set()
        first = None
        later = []
        for row in mine.to_dict("records"):
            if first is not None and row["tile"] and row["tile"] not in hit_tiles:
                later.append(row)
            if row["outcome"] in HIT_KINDS and row["tile"]:  # a hit without a project is no project's
                first = first or row
                hit_tiles.add(row["tile"])
        if first is not None:
            yield first, later


def telling_pair(test_rows: pd.DataFrame) -> Pair:
    """The most telling pass-then-failure of the game (question 1), or what stands in for it.

    Among failed replication attempts the pick prefers one that could have passed (a test no
    face of the die could pass says nothing of luck), a theory that was never replicated, a
    failure by another seat than the one that passed (another group), then the narrowest pass
    (the likeliest luck), then the earliest.
    """
    if not len(test_rows):
        return Pair("no_tests")
    failed, replicated, untried = [], [], []
    for first, later in _attempts(test_rows):
        ever = any(r["outcome"] == "replication" for r in later)
        for r in later:
            if r["outcome"] in FAILED:
                rank = (r["faces"] == 0, ever, r["player"] == first["player"], first["total"] - first["difficulty"],
                        r["round"])
                failed.append((rank, first, r))
        replicated += [(first, r) for r in later if r["outcome"] == "replication"][:1]
        if not later:
            untried.append(first)
    if failed:
        _, first, r = min(failed, key=lambda item: item[0])
        replication = next((rep for f, rep in replicated if f is first), None)
        return Pair("impossible" if r["faces"] == 0 else "failed", first, r, _worse(first, r), replication)
    if replicated:
        first, r = replicated[0]
        return Pair("replicated", first, r, _worse(first, r))
    if untried:
        return Pair("untried", untried[0])
    closest = max(test_rows.to_dict("records"), key=lambda r: (r["total"] - r["difficulty"], -r["round"]))
    return Pair("no_pass", None, closest)


# -- questions 2 and 5: interference ----------------------------------------------------------
INTERFERENCE_COLUMNS = ["round", "attacker", "target", "card", "type", "sort", "outcome", "how", "lost", "rolls"]


def interference(state, recs=None) -> pd.DataFrame:
    """One row per interference card played (full game): who played it on whom, its type (bias or
    influence) and kind, and what became of it: ``outcome`` blocked (``how``: table_method,
    preregistration, metascience, method, shield, skepsis) or suffered (``lost``: the resources
    it took), or open while the target has not answered yet. ``rolls``: preregistration and
    shield dice on the way."""
    recs = recs if recs is not None else records(state)
    rows, open_ = [], []
    for r in recs:
        kind = r["kind"]
        if kind == "interfere":
            card = cards.interference().get(r["card"])
            row = {"round": r["turn"], "attacker": r["player"], "target": r["target"], "card": r["card"],
                   "type": r.get("type") or (card.type if card else ""), "sort": card.kind if card else "",
                   "outcome": "open", "how": "", "lost": {}, "rolls": []}
            rows.append(row)
            open_.append(row)
        elif kind in ("prereg_roll", "shield_roll", "blocked", "suffer"):
            rolls = kind.endswith("_roll")  # a shield roll names the shield, not the card it answers
            row = next((x for x in reversed(open_) if x["target"] == r["player"]
                        and (rolls or x["card"] == r.get("card"))), None)
            if row is None:
                continue
            if rolls:
                row["rolls"].append({"die": kind.removesuffix("_roll"), "roll": r["roll"], "card": r.get("card", "")})
                continue
            open_.remove(row)
            row["outcome"] = "blocked" if kind == "blocked" else "suffered"
            row["how"] = r.get("how", "")
            row["lost"] = dict(r.get("lost") or {})
            if kind == "suffer" and r.get("sort"):
                row["sort"] = r["sort"]
    return _frame(rows, INTERFERENCE_COLUMNS)


def interference_by_player(table: pd.DataFrame, players: int) -> pd.DataFrame:
    """Per player: biases and influence played on others, and aimed at them: blocked or suffered."""
    rows = []
    for p in range(players):
        row = {"player": p}
        for t in ("bias", "influence"):
            mine = table[table["type"] == t]
            row[f"{t}_played"] = int((mine["attacker"] == p).sum())
            at = mine[mine["target"] == p]
            row[f"{t}_blocked"] = int((at["outcome"] == "blocked").sum())
            row[f"{t}_suffered"] = int((at["outcome"] == "suffered").sum())
        rows.append(row)
    return pd.DataFrame(rows)


def protections(table: pd.DataFrame) -> dict[str, int]:
    """How the blocked cards were blocked: ``how`` -> count, most used first."""
    blocked = table[table["outcome"] == "blocked"]["how"].value_counts()
    return {str(k): int(v) for k, v in blocked.items()}


# -- questions 2 and 5 in the school game: events that struck teams -------------------------------
EVENT_COLUMNS = ["round", "event", "code"]


def events_played(state, recs=None) -> pd.DataFrame:
    """The events that happened, round by round (both games draw them: full and school)."""
    recs = recs if recs is not None else records(state)
    return _frame([{"round": r["turn"], "event": r["event"], "code": r.get("code", "")}
                   for r in recs if r["kind"] == "event"], EVENT_COLUMNS)


EFFECT_COLUMNS = ["round", "player", "event", "gained", "lost", "noise"]


def event_effects(state, recs=None) -> pd.DataFrame:
    """What ordinary events did to each team: one row per ``event_effect`` record (resources or
    Reputation ``gained`` and ``lost``, the hexes that got ``noise``). Older saves have none."""
    recs = recs if recs is not None else records(state)
    return _frame([{"round": r["turn"], "player": r["player"], "event": r.get("event", ""),
                    "gained": dict(r.get("gained") or {}), "lost": dict(r.get("lost") or {}),
                    "noise": list(r.get("noise") or [])}
                   for r in recs if r["kind"] == "event_effect"], EFFECT_COLUMNS)


STRIKE_COLUMNS = ["round", "player", "event", "card", "sort", "card_kind", "outcome", "how", "method", "effect",
                  "rigor", "hype", "reputation", "vp", "careless", "most_visible"]


def _card_kind(r: dict) -> str:
    """The interference card's kind (reporting, lobbying, ...). A record cannot carry it as
    ``kind`` (that is the record's own kind), so it is ``card_kind`` or the card's own."""
    card = cards.interference().get(r.get("card", ""))
    return r.get("card_kind") or (card.kind if card else "")


def strikes(state, recs=None, track_rows: pd.DataFrame | None = None) -> pd.DataFrame:
    """Bias and influence events (school game, Kit rule K33): one row per ``struck`` or
    ``protected`` record.

    ``sort`` bias (it strikes the careless) or influence (aimed at the most visible team);
    ``outcome`` struck (``effect``: what it did) or protected (``how``: method, prereg or
    skepticism; ``method`` the method's id). The team's tracks when the event came (the end of
    the round before): ``rigor``, ``hype``, ``reputation``, ``vp``; ``careless``: Hype at least
    Rigor; ``most_visible``: no team had more VP, or as many VP and more Reputation.
    """
    recs = recs if recs is not None else records(state)
    track_rows = track_rows if track_rows is not None else tracks(state, recs)
    rows = []
    for r in recs:
        if r["kind"] not in ("struck", "protected"):
            continue
        then = _tracks_before(track_rows, r["turn"])
        mine = then.get(r["player"], {"rigor": 0, "hype": 0, "reputation": 0, "vp": 0})
        visible = {p: (t["vp"], t["reputation"]) for p, t in then.items()}
        rows.append({"round": r["turn"], "player": r["player"], "event": r.get("event", ""), "card": r.get("card", ""),
                     "sort": r.get("sort", ""), "card_kind": _card_kind(r),
                     "outcome": "struck" if r["kind"] == "struck" else "protected",
                     "how": r.get("how", ""), "method": r.get("method") or "", "effect": dict(r.get("effect") or {}),
                     **{k: int(mine[k]) for k in ("rigor", "hype", "reputation", "vp")},
                     "careless": mine["hype"] >= mine["rigor"],
                     "most_visible": not visible or visible.get(r["player"], (0, 0)) >= max(visible.values())})
    return _frame(rows, STRIKE_COLUMNS)


ESCAPE_COLUMNS = ["round", "player", "event", "card", "card_kind", "rigor", "hype"]


def escapes(state, recs=None, track_rows: pd.DataFrame | None = None) -> pd.DataFrame:
    """The teams a bias event passed by (school game, Kit rule K33): one row per bias event and
    team it did not strike and that needed no protection, because its Rigor was above its Hype
    (``rigor``, ``hype``: its tracks when the event came). A team without a record whose tracks
    were careless is left out: its record is missing (an older save), so nothing is known."""
    recs = recs if recs is not None else records(state)
    track_rows = track_rows if track_rows is not None else tracks(state, recs)
    named = {(r["turn"], r["player"]) for r in recs if r["kind"] in ("struck", "protected")}
    rows = []
    for r in recs:
        event = cards.events().get(r.get("event", "")) if r["kind"] == "event" else None
        if event is None or event.code != "bias":
            continue
        card = cards.interference().get(event.params.get("card", ""))
        then = _tracks_before(track_rows, r["turn"])
        for p in range(state.players):
            mine = then.get(p, {"rigor": 0, "hype": 0})
            if (r["turn"], p) not in named and mine["rigor"] > mine["hype"]:
                rows.append({"round": r["turn"], "player": p, "event": event.id, "card": card.id if card else "",
                             "card_kind": card.kind if card else "", "rigor": int(mine["rigor"]),
                             "hype": int(mine["hype"])})
    return _frame(rows, ESCAPE_COLUMNS)


def _tracks_before(track_rows: pd.DataFrame, round_: int) -> dict[int, dict]:
    """Every seat's tracks at the end of the last round before ``round_`` (an event comes at the
    start of its round): seat -> {rigor, hype, reputation, vp}."""
    before = track_rows[track_rows["round"] < round_]
    if not len(before):
        return {}
    last = before[before["round"] == before["round"].max()]
    return {int(t["player"]): t for t in last.to_dict("records")}


def strikes_by_player(strike_rows: pd.DataFrame, players: int) -> pd.DataFrame:
    """Per team: bias and influence events that struck it, and those it was protected from."""
    rows = []
    for p in range(players):
        mine = strike_rows[strike_rows["player"] == p]
        row = {"player": p}
        for sort in ("bias", "influence"):
            for outcome in ("struck", "protected"):
                row[f"{sort}_{outcome}"] = int(((mine["sort"] == sort) & (mine["outcome"] == outcome)).sum())
        rows.append(row)
    return pd.DataFrame(rows)


SHIELD_COLUMNS = ["how", "method", "bias", "influence", "total"]


def strike_protections(strike_rows: pd.DataFrame) -> pd.DataFrame:
    """What protected teams from bias and influence events: one row per protection (a method by
    its id, the preregistration service, skepticism), most used first."""
    safe = strike_rows[strike_rows["outcome"] == "protected"]
    rows = []
    for (how, method), mine in safe.groupby(["how", "method"], sort=False):
        bias, influence = int((mine["sort"] == "bias").sum()), int((mine["sort"] == "influence").sum())
        rows.append({"how": how, "method": method, "bias": bias, "influence": influence, "total": len(mine)})
    rows.sort(key=lambda r: -r["total"])  # stable: ties keep the order they first happened
    return _frame(rows, SHIELD_COLUMNS)


NOISE_COLUMNS = ["round", "player", "source", "hex", "cause"]


def noise_made(state, recs=None, test_rows: pd.DataFrame | None = None) -> pd.DataFrame:
    """Every noise put on a hex, and why: ``source`` null (a null result, Kit rule K15: ``cause``
    the theory), event (an ordinary event: its id) or bias / influence (an event's card: its id).

    ``player``: whose test or whose project. Events are known per team only from their
    ``event_effect`` records (older saves name the event, not the hexes). A null result on a
    hex already at 3 noise adds none in the school game (noise above 3 is lost).
    """
    recs = recs if recs is not None else records(state)
    test_rows = test_rows if test_rows is not None else tests(state, recs)
    school = state.view(None)["variant"] == "school"
    rows = [{"round": t["round"], "player": t["player"], "source": "null", "hex": t["hex"], "cause": t["theory"]}
            for t in test_rows.to_dict("records")
            if t["outcome"] == "null" and t["hex"] and not (school and t["noise"] >= 3)]
    for r in recs:
        if r["kind"] == "event_effect":
            rows += [{"round": r["turn"], "player": r["player"], "source": "event", "hex": h,
                      "cause": r.get("event", "")} for h in r.get("noise") or []]
        elif r["kind"] == "struck" and (r.get("effect") or {}).get("noise"):
            rows.append({"round": r["turn"], "player": r["player"], "source": r.get("sort", "bias"),
                         "hex": r["effect"]["noise"], "cause": r.get("card", "")})
    rows.sort(key=lambda r: r["round"])
    return _frame(rows, NOISE_COLUMNS)


def noisy_tests(test_rows: pd.DataFrame) -> pd.DataFrame:
    """The tests rolled on a hex with noise (each noise −1): ``decided`` when it failed and would
    have passed without the noise."""
    noisy = test_rows[test_rows["noise"] > 0].copy()
    noisy["decided"] = ~noisy["success"].astype(bool) & (noisy["total"] + noisy["noise"] >= noisy["difficulty"])
    return noisy.reset_index(drop=True)


HYPE_COLUMNS = ["round", "player", "rigor", "hype", "zone"]


def hype_moments(track_rows: pd.DataFrame) -> pd.DataFrame:
    """The ends of rounds where a seat's Hype ran ahead of its Rigor: ``zone`` artefacts (Hype more
    than one above Rigor: its next success is annulled, Kit rule K17) or edge (exactly one above:
    one step away)."""
    ahead = track_rows[(track_rows["round"] > 0) & (track_rows["hype"] >= track_rows["rigor"] + 1)]
    rows = [{"round": int(r.round), "player": int(r.player), "rigor": int(r.rigor), "hype": int(r.hype),
             "zone": "artefacts" if r.hype > r.rigor + 1 else "edge"} for r in ahead.itertuples()]
    return _frame(rows, HYPE_COLUMNS)


# -- question 4: publications, null results, the tracks ----------------------------------------
PUBLICATION_COLUMNS = ["round", "player", "venue", "theory", "outcome", "result_round", "vp"]


def publications(state, recs=None) -> pd.DataFrame:
    """One row per preprint or journal paper: who published which result (hit or null) of which
    theory, in which round, from which round's test, and the VP it gave (a null result in a
    journal: +1 if its test could have succeeded, Kit rule K12). Free preprints of the preprint heist count as preprints."""
    recs = recs if recs is not None else records(state)
    results = state.view(None)["results"]
    rows = []
    for r in recs:
        if r["kind"] in ("preprint", "journal"):
            i = r.get("result")
            made = results[i]["round"] if isinstance(i, int) and 0 <= i < len(results) else None
            rows.append({"round": r["turn"], "player": r["player"], "venue": r["kind"], "theory": r.get("theory"),
                         "outcome": r.get("outcome"), "result_round": made,
                         "vp": r.get("vp", 0) if r["kind"] == "journal" else 0})
    return _frame(rows, PUBLICATION_COLUMNS)


def unpublished_null(result: dict, over: bool, last_round: int) -> str:
    """Where an unpublished null result stands: ``drawer`` (the game is over and it had a round
    to be published in: the file drawer), ``late`` (rolled in the game's last round: the game
    ended before anyone could publish it) or ``open`` (the game goes on: it can still be
    published); "" for a hit, an artefact or a published null result."""
    if result["kind"] != "null" or result["preprint"] or result["journal"]:
        return ""
    if not over:
        return "open"
    return "late" if result["round"] >= last_round else "drawer"


def results_by_player(state, test_rows: pd.DataFrame, pubs: pd.DataFrame) -> pd.DataFrame:
    """Per player: hits and null results from their tests, what they published of each
    (``null_published``: in a preprint, a journal or both), and the null results never published:
    ``null_drawer`` (the file drawer: they could have been), ``null_late`` (the game ended before
    they could be) and ``null_open`` (the game goes on: they still can be); see
    :func:`unpublished_null`."""
    view = state.view(None)
    results, over, last_round = view["results"], state.is_over(), view["round"]
    rows = []
    for p in range(state.players):
        mine = test_rows[test_rows["player"] == p]
        paper = pubs[pubs["player"] == p]
        row = {"player": p, "hits": int(mine["outcome"].isin(HIT_KINDS).sum()),
               "nulls": int((mine["outcome"] == "null").sum()),
               "artefacts": int((mine["outcome"] == "artefact").sum())}
        for venue in ("preprint", "journal"):
            for outcome in ("hit", "null"):
                row[f"{venue}_{outcome}"] = int(((paper["venue"] == venue) & (paper["outcome"] == outcome)).sum())
        row["null_vp"] = int(paper["vp"].sum())
        mine = [r for r in results if r["player"] == p and r["kind"] == "null"]
        row["null_published"] = sum(1 for r in mine if r["preprint"] or r["journal"])
        where = [unpublished_null(r, over, last_round) for r in mine]
        for place in ("drawer", "late", "open"):
            row[f"null_{place}"] = where.count(place)
        rows.append(row)
    return pd.DataFrame(rows)


FALL_COLUMNS = ["round", "player", "theory", "how", "vp"]


def falls(state, recs=None) -> pd.DataFrame:
    """Theories that left the game: falsified by their owner (+1 VP, K16) or rejected."""
    recs = recs if recs is not None else records(state)
    rows = [{"round": r["turn"], "player": r["player"], "theory": r["theory"], "how": r["kind"],
             "vp": 1 if r["kind"] == "falsified" else 0}
            for r in recs if r["kind"] in ("falsified", "rejected")]
    return _frame(rows, FALL_COLUMNS)


TRACK_COLUMNS = ["round", "player", *TRACKS, "done"]


def tracks(state, recs=None) -> pd.DataFrame:
    """Every player's Rigor, Hype, Reputation, Debt and VP at the start (round 0) and at the end of
    each round, from the ``round_end`` events. A round without one (the game ended in it by a
    synthesis, or is still being played) takes the tracks as they are now, ``done`` False while
    the game goes on. VP are without the final bonuses: the scoreboard adds those."""
    recs = recs if recs is not None else records(state)
    view = state.view(None)
    rows = [{"round": 0, "player": p, **{k: 0 for k in TRACKS}, "done": True} for p in range(state.players)]
    ended = set()
    for r in recs:
        if r["kind"] == "round_end" and r.get("tracks"):
            ended.add(r["turn"])
            rows += [{"round": r["turn"], "player": p, **{k: int(t.get(k, 0)) for k in TRACKS}, "done": True}
                     for p, t in enumerate(r["tracks"])]
    started = [r["turn"] for r in recs if r["kind"] == "round"]
    if started and started[-1] not in ended:
        over = state.is_over()
        for p, pl in enumerate(view["players_"]):
            now = {k: int(pl[k]) for k in TRACKS}
            now["vp"] -= sum(pl["final"].values()) if over else 0
            rows.append({"round": started[-1], "player": p, **now, "done": over})
    return _frame(rows, TRACK_COLUMNS)


ARTEFACT_COLUMNS = ["round", "player", "theory", "rigor", "hype", "rigor_start", "hype_start"]


def artefacts(state, recs=None, track_rows: pd.DataFrame | None = None) -> pd.DataFrame:
    """Every artefact (a success annulled because Hype ran more than one above Rigor, K17).

    ``rigor`` and ``hype``: the tracks that caused it, if the event carries them (None if not);
    ``rigor_start`` and ``hype_start``: the player's tracks at the start of that round.
    """
    recs = recs if recs is not None else records(state)
    track_rows = track_rows if track_rows is not None else tracks(state, recs)
    rows = []
    for r in recs:
        if r["kind"] == "artefact":
            before = track_rows[(track_rows["player"] == r["player"]) & (track_rows["round"] < r["turn"])]
            start = before.iloc[-1] if len(before) else {"rigor": 0, "hype": 0}
            rows.append({"round": r["turn"], "player": r["player"], "theory": r["theory"],
                         "rigor": r.get("rigor"), "hype": r.get("hype"),
                         "rigor_start": int(start["rigor"]), "hype_start": int(start["hype"])})
    return _frame(rows, ARTEFACT_COLUMNS)


# -- question 3: replications and repetitions -----------------------------------------------
def replications_by_player(state, test_rows: pd.DataFrame) -> pd.DataFrame:
    """Per player: first hits, repetitions (the same project again: Rigor +1, no VP) and
    replications (another project: VP, Rigor +1, the counter +1) they made, the VP those
    replications gave them, the VP they took when others replicated their theories, and how
    many times their own theories were replicated."""
    rows = []
    for p in range(state.players):
        mine = test_rows[test_rows["player"] == p]
        theirs = test_rows[(test_rows["owner"] == p) & (test_rows["outcome"] == "replication")]
        rows.append({"player": p, "first": int((mine["outcome"] == "first").sum()),
                     "repetitions": int((mine["outcome"] == "repetition").sum()),
                     "replications": int((mine["outcome"] == "replication").sum()),
                     "replication_vp": int(mine["vp"].sum()),
                     "replicated_vp": int(theirs[theirs["player"] != p]["owner_vp"].sum()),
                     "own_replicated": len(theirs)})
    return pd.DataFrame(rows)


PAIR_COLUMNS = ["tester", "owner", "replications", "repetitions", "tester_vp", "owner_vp"]


def replication_pairs(test_rows: pd.DataFrame) -> pd.DataFrame:
    """Who replicated whom: one row per tester and owner of the theory (the same seat for its own
    theory) with the replications and repetitions between them and the replication VP each took."""
    again = test_rows[test_rows["outcome"].isin(("replication", "repetition")) & test_rows["owner"].notna()]
    rows = []
    for (tester, owner), mine in again.groupby(["player", "owner"], sort=True):
        reps = mine[mine["outcome"] == "replication"]
        rows.append({"tester": int(tester), "owner": int(owner), "replications": len(reps),
                     "repetitions": int((mine["outcome"] == "repetition").sum()),
                     "tester_vp": int(reps["vp"].sum()), "owner_vp": int(reps["owner_vp"].sum())})
    return _frame(rows, PAIR_COLUMNS)


def top_sources(vp_row, n: int = 3) -> list[tuple[str, int]]:
    """A seat's largest VP sources (a row of :func:`vp_breakdown`), gains and penalties alike."""
    found = [(k, int(vp_row[k])) for k in VP_SOURCES if int(vp_row[k])]
    return sorted(found, key=lambda item: -abs(item[1]))[:n]


# -- the scoreboard ------------------------------------------------------------------------------
def vp_breakdown(state, recs=None, test_rows: pd.DataFrame | None = None) -> pd.DataFrame:
    """Per player, where their VP came from (the columns of ``VP_SOURCES``) and ``total``.

    During the game: from the log; the final bonuses from the view once the game is over. The
    ``other`` column is whatever the log does not explain (0 in every game the tests play).
    """
    recs = recs if recs is not None else records(state)
    test_rows = test_rows if test_rows is not None else tests(state, recs)
    view = state.view(None)
    n = state.players
    vp = [{k: 0 for k in VP_SOURCES} for _ in range(n)]
    stories = [0] * n
    for r in recs:
        kind, p = r["kind"], r["player"]
        if kind == "replication":
            vp[p]["replications"] += int(r.get("vp", 0)) + int(r.get("extra", 0))
            if r.get("owner") is not None and r["owner"] != p:
                vp[r["owner"]]["replicated"] += int(r.get("vp", 0))
        elif kind == "journal":
            vp[p]["null_journals"] += r.get("vp", 0)
        elif kind == "falsified":
            vp[p]["falsified"] += 1
        elif kind == "anomaly_solved":
            anomaly = cards.anomalies().get(r.get("anomaly"))
            vp[p]["anomalies"] += _reward_vp(anomaly.reward if anomaly else None)
        elif kind == "reward" and r.get("choice") == "vp":
            vp[p]["discoveries"] += 1
        elif kind == "programme":
            vp[p]["programmes"] += 1
        elif kind == "story" and r.get("ep", 0) % 3 == 0 and stories[p] < 2:
            stories[p] += 1
            vp[p]["stories"] += 1
        elif kind == "build":
            vp[p]["placement"] += _reward_vp(r.get("bonus"))
    for t in test_rows[test_rows["outcome"].isin(HIT_KINDS)].itertuples():
        card = cards.theories().get(t.theory)
        method = cards.methods().get(t.method)
        vp[t.player]["theory_rewards"] += (_reward_vp(card.reward if card else None)
                                           + _reward_vp(method.success_gain if method else None))
    rows = []
    for p, pl in enumerate(view["players_"]):
        for k in FINAL_SOURCES:
            vp[p][k] = int(pl["final"].get(k, 0))
        vp[p]["other"] = int(pl["vp"]) - sum(vp[p].values())
        rows.append({"player": p, **vp[p], "total": int(pl["vp"])})
    return pd.DataFrame(rows)


# -- the whole game ------------------------------------------------------------------------------
@dataclass
class Summary:
    variant: str
    players: int
    seed: int
    moves: int
    rounds: int           # the game's rounds (8 or 5)
    round: int            # the round reached
    over: bool
    end_reason: str       # rounds, replications, synthesis ("" while it goes on)
    winners: list
    counter: int          # the replication counter
    counter_goal: int
    vp: list              # each player's VP now
    ranking: list         # the seats, best first, as the game ranks them (a synthesis, then K26's order)
    ranks: list           # each seat's place in K26's order: (VP, replications of its theories, Rigor, −Hype)
    decided_by: str       # what chose the winner: synthesis, vp, replications, rigor, hype, shared ("": going on)


@dataclass
class Debrief:
    """Every table of one game's debrief (see the functions of the same names)."""
    summary: Summary
    tests: pd.DataFrame
    theories: pd.DataFrame
    interference: pd.DataFrame
    interference_by_player: pd.DataFrame
    protections: dict
    publications: pd.DataFrame
    results_by_player: pd.DataFrame
    falls: pd.DataFrame
    tracks: pd.DataFrame
    artefacts: pd.DataFrame
    replications: pd.DataFrame
    vp: pd.DataFrame
    pair: Pair                          # question 1: the pass and the replication that failed
    pairs: pd.DataFrame                 # question 3: who replicated whom
    events: pd.DataFrame                # the events that happened
    event_effects: pd.DataFrame         # what ordinary events did to each team
    strikes: pd.DataFrame               # school game: bias and influence events
    strikes_by_player: pd.DataFrame
    strike_protections: pd.DataFrame
    escapes: pd.DataFrame               # school game: the teams a bias event passed by (Rigor above Hype)
    noise: pd.DataFrame                 # every noise put on a hex, and why
    noisy_tests: pd.DataFrame           # tests the noise weighed on
    hype: pd.DataFrame                  # rounds that ended with Hype ahead of Rigor


def summary(state) -> Summary:
    """The game in a few numbers, and its order: the winners first, then the others in the order
    of the rules' tie-break (K26), so a list of the seats never puts a loser above a winner."""
    view = state.view(None)
    over = state.is_over()
    ranks = [tuple(int(x) for x in state._rank(p)) for p in range(state.players)]  # the rules' own order (K26)
    winners = list(view["winners"])
    ranking = sorted(range(state.players), key=lambda p: (p not in winners, [-x for x in ranks[p]], p))
    return Summary(variant=view["variant"], players=state.players, seed=state.seed, moves=len(state.history),
                   rounds=view["rounds"], round=view["round"], over=over, end_reason=view["end_reason"],
                   winners=winners, counter=view["counter"], counter_goal=view["counter_goal"],
                   vp=[int(pl["vp"]) for pl in view["players_"]], ranking=ranking, ranks=ranks,
                   decided_by=state.decided_by() if over else "")


def analyse(state) -> Debrief:
    """Every table of the debrief of ``state`` (a Research Programme game, finished or not)."""
    if getattr(state, "name", "") != "research":
        raise ValueError(f"the debrief reads Research Programme games, not {getattr(state, 'name', state)!r}")
    recs = records(state)
    test_rows = tests(state, recs)
    track_rows = tracks(state, recs)
    inter = interference(state, recs)
    pubs = publications(state, recs)
    hits = strikes(state, recs, track_rows)
    return Debrief(
        summary=summary(state), tests=test_rows, theories=theories(state, recs, test_rows),
        interference=inter, interference_by_player=interference_by_player(inter, state.players),
        protections=protections(inter), publications=pubs,
        results_by_player=results_by_player(state, test_rows, pubs), falls=falls(state, recs),
        tracks=track_rows, artefacts=artefacts(state, recs, track_rows),
        replications=replications_by_player(state, test_rows), vp=vp_breakdown(state, recs, test_rows),
        pair=telling_pair(test_rows), pairs=replication_pairs(test_rows), events=events_played(state, recs),
        event_effects=event_effects(state, recs), strikes=hits,
        strikes_by_player=strikes_by_player(hits, state.players), strike_protections=strike_protections(hits),
        escapes=escapes(state, recs, track_rows),
        noise=noise_made(state, recs, test_rows), noisy_tests=noisy_tests(test_rows), hype=hype_moments(track_rows))
