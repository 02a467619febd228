"""Research Programme's teaching layer: the round's results as a show, a first game's hints, how to
play, and what the game showed at its end (the renderer, ``research.py``, hands these to the app).

The show is the lesson plan's "read the first roll aloud" and "the class calls out replication!":
each test revealed one at a time, large (the team, what it needed, the roll and each bonus, hit or
null; a replication called out as one; an artefact named with the Hype and Rigor that made it), a
bias or influence event with who it struck, who was protected and by what, and who escaped and why
(Rigor above Hype), and the resources the clean-up took back.
"""
from __future__ import annotations

from ...core.i18n import number, with_language, words_of
from ...core.runtime import page_link
from ...research import cards
from ...research.terms import method_choices, project_choices, success_chance, test_terms, testable
from ..app.renderer import esc
from ..app.show import Step
from .research_words import card_name, marker, seat_name, sentence

_show = words_of("research_ui.show")
RESULTS = ("hit", "null", "artefact", "replication", "falsified", "rejected", "bridge", "anomaly_solved")


def _who(p, variant):
    return marker(p, variant)


def _test_step(test, after, variant) -> Step:
    """One test: what it needed, the roll and each term, the verdict, and what followed it."""
    p, theory = test["player"], test["theory"]
    total = (f'{test["roll"]} + {test["bonus"]} − {test["noise"]} − {test["penalty"]} = {test["total"]}')
    sums = _show("test.sum", difficulty=test["difficulty"], roll=test["roll"], bonus=test["bonus"],
                 noise=test["noise"], penalty=test["penalty"], total=test["total"])
    kinds = [r["kind"] for r in after]
    if "replication" in kinds:
        kind, verdict = "replication", _show("test.replication")
    elif "artefact" in kinds:
        kind, verdict = "bias", _show("test.artefact")
    elif test["success"]:
        kind, verdict = "hit", _show("test.hit")
    else:
        kind, verdict = "null", _show("test.null")
    lines = [sentence(r, variant) for r in after]
    title = _show("test.title", theory=card_name(theory))
    body = (f'<p>{_who(p, variant)} {esc(_show("test.needs", difficulty=test["difficulty"]))}</p>'
            f'<p class="btl-big">{esc(_show("test.roll"))} {esc(total)}</p>'
            f'<p class="btl-big">{esc(verdict)}</p>'
            + "".join(f"<p>{esc(line)}</p>" for line in lines))
    words = " ".join([seat_name(p, variant), title, sums, verdict, *lines])
    return Step(f"{esc(title)}", body, words, kind)


def _tracks_before(records, earlier) -> list | None:
    """The teams' tracks at the last clean-up before these records (the event resolves after it)."""
    for record in reversed(list(earlier) + list(records)):
        if record["kind"] == "round_end":
            return record["tracks"]
    return None


def _event_step(event, after, tracks, players, variant) -> Step:
    """A bias or influence event: who it struck, who was protected and how, who escaped and why."""
    card = event["event"]
    struck = [r for r in after if r["kind"] == "struck"]
    guarded = [r for r in after if r["kind"] == "protected"]
    hit_or_guarded = {r["player"] for r in struck + guarded}
    lines = [sentence(r, variant) for r in struck + guarded]
    if tracks and event.get("code") == "bias":
        for p in range(players):
            if p not in hit_or_guarded:
                lines.append(_show("event.escaped", team=seat_name(p, variant),
                                   rigor=tracks[p]["rigor"], hype=tracks[p]["hype"]))
    elif tracks:
        for p in range(players):
            if p not in hit_or_guarded:
                lines.append(_show("event.not_aimed", team=seat_name(p, variant)))
    title = _show("event.title", name=card_name(card))
    body = (f"<p>{esc(cards.text(card))}</p>" + "".join(f"<p>{esc(line)}</p>" for line in lines)
            + (f'<p class="btl-big">{esc(_show("event.lesson"))}</p>' if event.get("code") == "bias" else ""))
    return Step(esc(title), body, " ".join([title, cards.text(card), *lines]), "bias")


def moments(records, view, earlier=(), variant: str = "full") -> list[Step]:
    """The round's results one at a time: each test with what followed it, each bias or influence
    event with who it struck and who escaped, the resources the clean-up took back."""
    steps, storage, i = [], [], 0
    records = list(records)
    while i < len(records):
        record = records[i]
        kind = record["kind"]
        if kind == "test":
            after = []
            while i + 1 < len(records) and records[i + 1]["kind"] in RESULTS:
                i += 1
                after.append(records[i])
            steps.append(_test_step(record, after, variant))
        elif kind == "event" and record.get("code") in ("bias", "influence"):
            after = []
            while i + 1 < len(records) and records[i + 1]["kind"] in ("struck", "protected", "prereg_roll"):
                i += 1
                if records[i]["kind"] != "prereg_roll":
                    after.append(records[i])
            steps.append(_event_step(record, after, _tracks_before(records[:i], earlier), view["players"], variant))
        elif kind == "storage":
            storage.append(record)
        elif kind == "synthesis":
            words = sentence(record, variant)
            steps.append(Step(esc(_show("synthesis")), f"<p class=\"btl-big\">{esc(words)}</p>", words, "hit"))
        i += 1
    if storage:
        lines = [sentence(r, variant) for r in storage]
        steps.append(Step(esc(_show("storage.title")), f'<p>{esc(_show("storage.why"))}</p>'
                          + "".join(f"<p>{esc(line)}</p>" for line in lines),
                          " ".join([_show("storage.title"), _show("storage.why"), *lines]), "lost"))
    return steps


# -- the end ---------------------------------------------------------------------------------------
def ending(view, records, variant: str = "full") -> str:
    """What this game showed about replication, with its own numbers: tests, hits, replications,
    artefacts, nulls, the bias that struck; whether the winner's results were replicated."""
    count = {kind: sum(r["kind"] == kind for r in records)
             for kind in ("test", "hit", "replication", "artefact", "null", "struck", "protected")}
    replicated_by = {}
    for r in records:
        if r["kind"] == "replication":
            replicated_by[r["owner"]] = replicated_by.get(r["owner"], 0) + 1
    winners = view["winners"] if "winners" in view else []
    lines = [_show("end.numbers", tests=count["test"], hits=count["hit"], replications=count["replication"],
                   artefacts=count["artefact"], nulls=count["null"], struck=count["struck"],
                   protected=count["protected"])]
    for p in winners:
        n = replicated_by.get(p, 0)
        lines.append(_show("end.winner_replicated" if n else "end.winner_unreplicated",
                           team=seat_name(p, variant), n=n))
    lines += [_show("end.science"), _show("end.simplifies")]
    link = page_link("replication.ipynb")
    return ("".join(f"<p>{esc(line)}</p>" for line in lines)
            + f'<p><a href="{esc(with_language(link))}" target="_blank">{esc(_show("end.more"))}</a></p>')


# -- the way in -------------------------------------------------------------------------------------
def how_to_play(variant: str = "full") -> list[Step]:
    """Two steps: the goal and the map; a round (for the school game, its five rounds)."""
    keys = ("how.goal", "how.test", "how.replicate") if variant == "school" else ("how.goal", "how.test", "how.replicate")
    picture = (f'<div class="btl-show-picture rp-how"><p>{marker(0, variant)} {marker(1, variant)} '
               f'{esc(_show("how.picture"))}</p>'
               f'<table class="rp-preview"><tr><th>{esc(_show("how.needed"))}</th><th>{esc(_show("how.rolled"))}</th>'
               f'<th>{esc(_show("how.result"))}</th></tr>'
               f'<tr><td>5+</td><td>3 + 2 = 5</td><td>✔ {esc(_show("test.hit"))}</td></tr>'
               f'<tr><td>5+</td><td>2 + 1 = 3</td><td>✘ {esc(_show("test.null"))}</td></tr></table></div>')
    turn_keys = ("how.round_school", "how.press") if variant == "school" else ("how.round", "how.press")
    return [Step(esc(_show("how.title")), "".join(f"<p>{esc(_show(k))}</p>" for k in keys) + picture,
                 " ".join(_show(k) for k in keys)),
            Step(esc(_show("how.turn_title")), "".join(f"<p>{esc(_show(k))}</p>" for k in turn_keys),
                 " ".join(_show(k) for k in turn_keys))]


def _can_predict(view, p: int, theory: str) -> bool:
    """Whether a press on ``theory`` schedules a test now, as the engine offers it: no test this
    round yet, and a project or the method its test names at hand."""
    pl = view["players_"][p]
    if "predict" in pl["done"] or pl["scheduled"] is not None:
        return False
    return bool(testable([theory], any(tl["owner"] == p for tl in view["tiles"]), pl))


def hint(view) -> tuple[str, str | None] | None:
    """A first game's hint: what the decision asks, and the science-minded choice."""
    d = view["decision"]
    if not d or view["phase"] == "over":
        return None
    kind, p = d["kind"], d["player"]
    pl = view["players_"][p]
    if pl["hype"] > pl["rigor"] + 1:
        return _show("hint.hype"), None
    if kind == "plan" and d.get("theory") in view["theories"]:
        best = None
        for tile in project_choices(view["tiles"], p, pl, d["theory"]):
            for method, _ in method_choices(pl, d["theory"]):
                chance = success_chance(test_terms(view, p, d["theory"], tile, method))
                if best is None or chance > best[0]:
                    best = (chance, tile, method)
        if best is None:
            return None
        key = f"plan:{best[1]}:{best[2]}"
        if best[0] == 0:
            return _show("hint.plan_hopeless"), key
        return _show("hint.plan" if best[1] else "hint.plan_meta", chance=number(float(best[0]), ".0%")), key
    if kind == "predict" or view["phase"] == "actions":
        others = [tid for tid, th in view["theories"].items()
                  if th["owner"] != p and th["hits"] and _can_predict(view, p, tid)]
        if others:
            return _show("hint.replicate", theory=card_name(others[0])), f"theory:{others[0]}"
        return _show("hint.actions"), None
    if view["phase"] == "funding":
        return _show("hint.funding"), None
    return None
