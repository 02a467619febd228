"""What happened in one game of Research Programme, read from its event log: the debrief's facts.

The debrief after a game (lessons/research-programme/rules.md, "The school game") asks five
questions; :func:`analyse` turns a game (finished or not, played by people or bots, loaded from a
save file) into the tables that answer them. Everything here is plain Python and pandas: the
notebook's widgets (``btlgames/ui/debrief.py``) only draw what these functions return.

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

HIT_KINDS = ("first", "repetition", "replication")  # how a success counts (hit event's "how")
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
TEST_COLUMNS = ["round", "player", "theory", "owner", "tile", "project", "method", "roll", "bonus", "noise",
                "penalty", "total", "difficulty", "success", "outcome", "vp", "owner_vp", "kv"]


def tests(state, recs=None) -> pd.DataFrame:
    """One row per test rolled, in order: who tested which theory on which project, the roll and
    its terms, and what came of it (``outcome``: first, repetition, replication, null, artefact).

    ``vp`` is the replication VP the tester took (with a card's "+1 per replication"), ``owner_vp``
    what the theory's owner took when someone else replicated it; ``kv`` the consensus after it.
    """
    recs = recs if recs is not None else records(state)
    tiles = _hit_tiles(recs)
    owners = _owners(state, recs)
    rows, pending = [], {}
    for r in recs:
        kind, p = r["kind"], r["player"]
        if kind == "test":
            row = {"round": r["turn"], "player": p, "theory": r["theory"], "owner": owners.get(r["theory"]),
                   "tile": r.get("tile") or "", "project": tiles.get(r.get("tile") or "", ""),
                   "method": r.get("method") or "", "outcome": "", "vp": 0, "owner_vp": 0, "kv": None,
                   **{k: r.get(k) for k in ("roll", "bonus", "noise", "penalty", "total", "difficulty", "success")}}
            rows.append(row)
            pending[p] = row
        elif kind == "replication" and p in pending:
            pending[p]["vp"] = int(r.get("vp", 0)) + int(r.get("extra", 0))
            pending[p]["owner_vp"] = int(r.get("vp", 0)) if r.get("owner") != p else 0
        elif kind in ("hit", "null", "artefact") and p in pending:
            row = pending.pop(p)
            row["outcome"] = r["how"] if kind == "hit" else kind
            row["kv"] = r.get("kv")
    return _frame(rows, TEST_COLUMNS)


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
            if hit_tiles and t["tile"] not in hit_tiles:
                tried += 1
                failed += t["outcome"] in ("null", "artefact")
            if t["outcome"] in HIT_KINDS and t["tile"] not in hit_tiles:
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


# -- question 4: publications, null results, the tracks ----------------------------------------
PUBLICATION_COLUMNS = ["round", "player", "venue", "theory", "outcome", "result_round", "vp"]


def publications(state, recs=None) -> pd.DataFrame:
    """One row per preprint or journal paper: who published which result (hit or null) of which
    theory, in which round, from which round's test, and the VP it gave (a null result in a
    journal: +1, Kit rule K12). Free preprints of the preprint heist count as preprints."""
    recs = recs if recs is not None else records(state)
    results = state.view(None)["results"]
    rows = []
    for r in recs:
        if r["kind"] in ("preprint", "journal"):
            i = r.get("result")
            made = results[i]["round"] if isinstance(i, int) and 0 <= i < len(results) else None
            rows.append({"round": r["turn"], "player": r["player"], "venue": r["kind"], "theory": r.get("theory"),
                         "outcome": r.get("outcome"), "result_round": made,
                         "vp": 1 if r["kind"] == "journal" and r.get("outcome") == "null" else 0})
    return _frame(rows, PUBLICATION_COLUMNS)


def results_by_player(state, test_rows: pd.DataFrame, pubs: pd.DataFrame) -> pd.DataFrame:
    """Per player: hits and null results from their tests, what they published of each, and how
    many null results they never published (``null_drawer``: the file drawer)."""
    results = state.view(None)["results"]
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
        row["null_drawer"] = sum(1 for r in results if r["player"] == p and r["kind"] == "null"
                                 and not r["preprint"] and not r["journal"])
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
        elif kind == "journal" and r.get("outcome") == "null":
            vp[p]["null_journals"] += 1
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


def summary(state) -> Summary:
    view = state.view(None)
    return Summary(variant=view["variant"], players=state.players, seed=state.seed, moves=len(state.history),
                   rounds=view["rounds"], round=view["round"], over=state.is_over(), end_reason=view["end_reason"],
                   winners=list(view["winners"]), counter=view["counter"], counter_goal=view["counter_goal"],
                   vp=[int(pl["vp"]) for pl in view["players_"]])


def analyse(state) -> Debrief:
    """Every table of the debrief of ``state`` (a Research Programme game, finished or not)."""
    if getattr(state, "name", "") != "research":
        raise ValueError(f"the debrief reads Research Programme games, not {getattr(state, 'name', state)!r}")
    recs = records(state)
    test_rows = tests(state, recs)
    track_rows = tracks(state, recs)
    inter = interference(state, recs)
    pubs = publications(state, recs)
    return Debrief(
        summary=summary(state), tests=test_rows, theories=theories(state, recs, test_rows),
        interference=inter, interference_by_player=interference_by_player(inter, state.players),
        protections=protections(inter), publications=pubs,
        results_by_player=results_by_player(state, test_rows, pubs), falls=falls(state, recs),
        tracks=track_rows, artefacts=artefacts(state, recs, track_rows),
        replications=replications_by_player(state, test_rows), vp=vp_breakdown(state, recs, test_rows))
