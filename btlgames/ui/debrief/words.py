"""The debrief's sentences about one game: its tests, the pair of question 1, the bias and
influence events, noise and Hype. Shared by the document view and the projector.

Each function takes ``seats`` (``debrief_html.Seats`` or a session: how seats are named) and
facts from ``btlgames.research.debrief``, and returns HTML (plain words escaped, seats as badges).
"""
from __future__ import annotations

from ...core.i18n import DEFAULT_LANGUAGE, catalogue
from ...research import cards
from ...research.debrief import HIT_KINDS
from .pieces import card_name, hex_name, msg, signed
from ..common.widgets import esc


def rich(key: str, **html) -> str:
    """A catalogue sentence as HTML: its own words escaped, ``html`` (already HTML) put in its
    places."""
    return esc(msg(key)).format(**html)


# -- tests ---------------------------------------------------------------------------------------
def outcome_words(outcome: str) -> str:
    return msg(f"outcome.{outcome}") if outcome else "—"


def _projects(names: list) -> str:
    return ", ".join(card_name(p) if p else msg("no_project") for p in names)


def verdict(row) -> str:
    """Why this theory has (or has no) replication, in words."""
    projects = list(row["projects"])
    if row["verdict"] == "replicated":
        text = msg("verdict.replicated", n=row["replications"], projects=_projects(projects))
    elif row["verdict"] == "hit_only":
        text = msg(f"verdict.{row['reason']}", project=_projects(projects[:1]), repetitions=row["repetitions"],
                   failed=row["failed_elsewhere"], tried=row["tried_elsewhere"])
    elif row["verdict"] == "no_hit":
        text = msg("verdict.no_hit", nulls=row["nulls"], artefacts=row["artefacts"])
    else:
        text = msg("verdict.untested")
    if row["fate"] != "table":
        text += " " + msg(f"fate.{row['fate']}")
    return text


def roll_words(test: dict) -> str:
    """A test's roll in short: "die 4 +3 bonus −1 noise = 6, needed 5" (terms that are 0 left out)."""
    parts = [msg("dice.die", roll=test["roll"])]
    extra = [(k, test[k]) for k in ("bonus", "noise", "penalty") if test[k]]
    parts += [msg(f"dice.{k}", n=int(n)) for k, n in extra]
    if extra:
        parts.append(msg("dice.total", total=test["total"]))
    return " ".join(parts) + msg("dice.needed", difficulty=test["difficulty"])


def where_words(seats, test: dict) -> str:
    """Where a test ran: the project tile ("●1a Pulsar timing array"), or Metascience without one."""
    if not test["project"]:
        return esc(msg("no_project"))
    # a test runs on a project of the tester's own
    return f"{seats.tile(test['player'], test['tile'])} {esc(card_name(test['project']))}"


def test_card(seats, test: dict, role: str) -> str:
    """One test drawn large: when and how it came out, who tested which theory where, the roll.

    ``role``: passed (a theory's first hit), later (a later test on another project) or closest
    (the closest miss of a game without a success)."""
    ok = test["outcome"] in HIT_KINDS
    mark = "✔" if ok else "✘"
    head = msg("pair.head", round=test["round"], mark=mark, outcome=outcome_words(test["outcome"]))
    theory = f"<em>{esc(card_name(test['theory']))}</em>"
    if role == "later":
        who = rich("pair.tried", tester=seats.badge(test["player"]), where=where_words(seats, test))
    elif not _known_seat(test["owner"]) or test["owner"] == test["player"]:
        who = rich("pair.own", tester=seats.badge(test["player"]), theory=theory, where=where_words(seats, test))
    else:
        who = rich("pair.other", tester=seats.badge(test["player"]), owner=seats.badge(test["owner"]),
                   theory=theory, where=where_words(seats, test))
    cls = "btl-pass" if ok else "btl-fail"
    return (f'<div class="btl-test-card {cls}" data-round="{test["round"]}" data-roll="{test["roll"]}">'
            f'<div class="btl-test-head">{esc(head)}</div><div class="btl-test-who">{who}</div>'
            f'<div class="btl-test-roll">{esc(roll_words(test))}</div></div>')


def _known_seat(p) -> bool:
    return p is not None and p == p  # neither None nor NaN


def harder_words(pair) -> list[str]:
    """What made the later test of the pair harder than the pass, one phrase per term."""
    return [msg(f"harder.{term}", before=int(pair.passed[term]), after=int(pair.later[term]))
            for term in pair.harder]


def pair_html(seats, pair) -> str:
    """Question 1's evidence: the pass and the later test (or what the game has instead), what
    made the second harder, and what it means."""
    cards_ = []
    if pair.passed is not None:
        cards_.append(test_card(seats, pair.passed, "passed"))
    if pair.later is not None:
        cards_.append(test_card(seats, pair.later, "closest" if pair.kind == "no_pass" else "later"))
    parts = [f'<p class="btl-lead">{esc(msg(f"pair.lead.{pair.kind}"))}</p>']
    if cards_:
        parts.append(f'<div class="btl-test-cards">{"".join(cards_)}</div>')
    harder = harder_words(pair) if pair.kind in ("failed", "impossible") else []
    if harder:
        parts.append(f'<p class="btl-harder">{esc(msg("pair.harder", what="; ".join(harder)))}</p>')
    rep = pair.replication
    if rep is not None:
        again = rich("pair.replicated_too", round=esc(rep["round"]), tester=seats.badge(rep["player"]),
                     where=where_words(seats, rep), roll=esc(roll_words(rep)))
        parts.append(f'<p class="btl-replicated">{again}</p>')
    parts.append(f'<p class="btl-means">{esc(msg(f"pair.means.{pair.kind}"))}</p>')
    return "".join(parts)


# -- interference (full game) ----------------------------------------------------------------------
def effect_words(card_id: str, lost: dict) -> str:
    """What a suffered card did, in words: "Hype +2, consensus −1, lost D1"."""
    card = cards.interference().get(card_id)
    effect = dict(card.effect) if card else {}
    out = []
    for key in ("hype", "kv", "reputation", "test_penalty", "noise"):
        if effect.get(key):
            out.append(msg(f"effect.{key}", n=effect[key], signed=signed(int(effect[key]))))
    lost = {r: n for r, n in (lost or {}).items() if n}
    if lost:
        out.append(msg("effect.lose", what=" ".join(f"{r}{n}" for r, n in lost.items())))
    return ", ".join(out) or "—"


def answer_words(r) -> str:
    if r.outcome == "blocked":
        return msg("answer.blocked", how=msg(f"how.{r.how}"))
    if r.outcome == "suffered":
        return msg("answer.suffered", what=effect_words(r.card, r.lost))
    return msg("answer.open")


def known(key: str) -> bool:
    """Whether the catalogue has ``debrief.<key>`` (English is complete: other languages fall back to it)."""
    return f"debrief.{key}" in catalogue(DEFAULT_LANGUAGE)


def sort_words(kind: str) -> str:
    """A card's kind in words ("confirmation bias"); a kind this kit does not know as it is."""
    return msg(f"sort.{kind}") if kind and known(f"sort.{kind}") else kind.replace("-", " ")


def interference_line(seats, r) -> str:
    """One interference card played (full game), in a line."""
    return rich("inter.line", round=esc(r.round), attacker=seats.badge(r.attacker), card=esc(card_name(r.card)),
                kind=esc(sort_words(r.sort) or msg(f"type.{r.type}")), target=seats.badge(r.target),
                answer=esc(answer_words(r)))


# -- the school game's bias and influence events ---------------------------------------------------
def strike_effect_words(effect: dict) -> str:
    """What a bias or influence event did (a ``struck`` record's ``effect``), in words."""
    out = []
    lost = {r: n for r, n in (effect.get("lose") or {}).items() if n}
    if lost:
        out.append(msg("effect.lose", what=" ".join(f"{r}{n}" for r, n in lost.items())))
    if effect.get("hype"):
        out.append(msg("effect.hype", signed=signed(int(effect["hype"]))))
    if effect.get("noise"):
        out.append(msg("effect.noise_on", hex=hex_name(effect["noise"])))
    if effect.get("test_penalty"):
        out.append(msg("effect.test_penalty", n=int(effect["test_penalty"])))
    kv = effect.get("kv")
    if isinstance(kv, dict) and kv.get("n"):
        out.append(msg("effect.kv_on", signed=signed(int(kv["n"])), theory=card_name(kv.get("theory", ""))))
    if effect.get("reputation"):
        out.append(msg("effect.reputation", signed=signed(int(effect["reputation"]))))
    return ", ".join(out) or msg("effect.nothing")


def why_words(r) -> str:
    """Why the event came to this team, from its tracks then: careless (Hype at least Rigor) for
    a bias, the most visible (the most VP, then Reputation) for influence; otherwise the tracks."""
    if r.sort == "bias" and r.careless:
        return msg("why.careless", hype=r.hype, rigor=r.rigor)
    if r.sort == "influence" and r.most_visible:
        return msg("why.visible", vp=r.vp, reputation=r.reputation)
    return msg("why.tracks", hype=r.hype, rigor=r.rigor, reputation=r.reputation)


def protection_words(how: str, method: str) -> str:
    """What protected a team: a method by its name, the preregistration service, skepticism."""
    if how == "method" and method:
        return card_name(method)
    return msg(f"guard.{how}") if how in ("prereg", "skepticism", "method") else how


def real_protection(how: str, method: str) -> str:
    """The real lab's protection a method (or skepticism) stands for."""
    key = f"real_method.{method}" if how == "method" and method else f"real_method.{how}"
    return msg(key) if known(key) else ""


def strike_line(seats, r) -> str:
    """One bias or influence event on one team, in a line: struck (what it did, and why this team)
    or protected (by what)."""
    card = f"<em>{esc(card_name(r.card))}</em>"
    kind = esc(sort_words(r.card_kind) or msg(f"type.{r.sort}"))
    if r.outcome == "struck":
        return rich(f"strike.{r.sort}", round=esc(r.round), card=card, kind=kind, seat=seats.badge(r.player),
                    effect=esc(strike_effect_words(r.effect)), why=esc(why_words(r)))
    return rich("strike.protected", round=esc(r.round), card=card, kind=kind, seat=seats.badge(r.player),
                guard=esc(protection_words(r.how, r.method)))


def event_effect_line(seats, r) -> str:
    """What an ordinary event did to one team."""
    what = [msg("effect.gain", what=_amounts(r.gained))] if r.gained else []
    what += [msg("effect.lose", what=_amounts(r.lost))] if r.lost else []
    what += [msg("effect.noise_on", hex=", ".join(hex_name(h) for h in r.noise))] if r.noise else []
    return rich("event.effect", round=esc(r.round), event=f"<em>{esc(card_name(r.event))}</em>",
                seat=seats.badge(r.player), what=esc(", ".join(what) or msg("effect.nothing")))


def _amounts(table: dict) -> str:
    """{"R": 1, "reputation": 1} as "R1 Reputation 1"."""
    return " ".join(msg("amount.reputation" if k == "reputation" else "amount.resource", res=k, n=n)
                    for k, n in table.items() if n)


def event_line(r) -> str:
    """An event that happened (older saves say no more than which), with what its card says."""
    text = f" {esc(cards.text(r.event))}" if r.event in cards.events() else ""
    return rich("event.played", round=esc(r.round), event=f"<em>{esc(card_name(r.event))}</em>") + text


# -- noise and Hype ---------------------------------------------------------------------------------
def noisy_test_line(seats, r) -> str:
    """A test that failed by its noise: it would have passed without."""
    return rich("noise.decided", round=esc(r.round), seat=seats.badge(r.player),
                theory=f"<em>{esc(card_name(r.theory))}</em>", hex=esc(hex_name(r.hex) if r.hex else msg("no_project")),
                total=esc(r.total), noise=esc(r.noise), difficulty=esc(r.difficulty))


def noise_summary(d) -> str:
    """How much noise the game made, and from where: "7 noise: 5 from null results (K15), ..."."""
    by = d.noise["source"].value_counts()
    parts = [msg(f"noise.from.{src}", n=int(by[src])) for src in ("null", "event", "bias", "influence") if by.get(src)]
    return msg("noise.summary", n=len(d.noise), parts=", ".join(parts)) if len(d.noise) else msg("noise.none")


def hype_line(seats, r) -> str:
    """A round a seat ended with Hype ahead of its Rigor: in the artefact zone, or one step away."""
    return rich(f"hype.{r.zone}", round=esc(r.round), seat=seats.badge(r.player), hype=esc(r.hype),
                rigor=esc(r.rigor))


def artefact_line(seats, r) -> str:
    """A success annulled by Hype (Kit rule K17)."""
    known = r.rigor is not None and r.rigor == r.rigor
    rigor, hype = (int(r.rigor), int(r.hype)) if known else (r.rigor_start, r.hype_start)
    return rich("artefact.line", round=esc(r.round), seat=seats.badge(r.player),
                theory=f"<em>{esc(card_name(r.theory))}</em>", hype=esc(hype), rigor=esc(rigor))


# -- who a bias event passed by, and who won a tie ---------------------------------------------------
def escape_line(seats, rows) -> str:
    """The teams one bias event passed by (rows of ``escapes`` for one event), in a line: their
    Rigor was above their Hype (the lesson's point: careful work keeps a bias out of the way)."""
    rows = list(rows)
    first = rows[0]
    who = esc(msg("present.and")).join(rich("escape.seat", seat=seats.badge(r.player), rigor=esc(r.rigor), hype=esc(r.hype))
                          for r in rows)
    return rich("escape.line", round=esc(first.round), card=f"<em>{esc(card_name(first.card))}</em>",
                kind=esc(sort_words(first.card_kind) or msg("type.bias")), seats=who)


def escape_lines(seats, escapes, strikes) -> list[str]:
    """One line per bias event: the teams it passed by, or that it passed by none (every team's
    Hype was at least its Rigor)."""
    out = []
    bias = strikes[strikes["sort"] == "bias"]
    rounds = sorted(set(escapes["round"]) | set(bias["round"]))
    for round_ in rounds:
        mine = escapes[escapes["round"] == round_]
        if len(mine):
            out.append(escape_line(seats, mine.itertuples()))
        else:
            card = bias[bias["round"] == round_].iloc[0]["card"]
            out.append(rich("escape.none", round=esc(round_), card=f"<em>{esc(card_name(card))}</em>"))
    return out


TIE_TERMS = ("vp", "replications", "rigor", "hype")  # the order of a seat's rank (K26)


def tiebreak_words(seats, summary) -> str:
    """How the tie-break chose the winner, when VP alone did not: who was level with the winner,
    and the number that split them ("" when VP decided, a synthesis won, or the game goes on)."""
    s = summary
    if not s.over or s.decided_by not in TIE_TERMS[1:] or not s.winners:
        if s.over and s.decided_by == "shared":
            return msg("tie.shared")
        return ""
    at = TIE_TERMS.index(s.decided_by)
    winner = s.winners[0]
    level = [p for p in s.ranking if p != winner and s.ranks[p][:at] == s.ranks[winner][:at]]
    runner = level[0]
    value = (lambda p: -s.ranks[p][at]) if s.decided_by == "hype" else (lambda p: s.ranks[p][at])
    return rich(f"tie.{s.decided_by}", winner=seats.badge(winner), others=esc(msg("present.and")).join(
        seats.badge(p) for p in level), mine=esc(value(winner)), theirs=esc(value(runner)))
