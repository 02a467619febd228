"""Catalogue sentences once filled in, read as the class reads them on the projector (issue 27).

tests/ui/test_i18n.py holds every translation to English's keys and placeholders; a sentence can
keep them all and still break once a name or a number goes in: Finnish "pelaajan Pelaaja 2" (a
name glued after a word in another case), "+1 Osaajat", "1 Melua", Dutch "moet nu de preprintroof",
"neemt een rood Down-quark". Here seeded bot games of Research Programme (both variants),
Antimatter Matters and Beat The Logic (and Beamtimes and Lifetimes and Pentaquark) are played, and
everything their apps write is rendered in each language through the kit's own renderers: every log
line, the headline, the table's words and every move's words along the game, the refusals of moves
not possible now, the end, the pass-the-device prompts, the Research debrief and the card sheets.
No line may match a broken pattern below.
"""
import html
import re
from functools import lru_cache
from unittest import mock

import pytest

from btlgames.core import i18n
from btlgames.core.i18n import t
from btlgames.core.playing import play_one
from btlgames.ui.games import antimatter, beamtimes, beat_the_logic, pentaquark, research, research_words

pytestmark = pytest.mark.slow  # seeded bot games of every game in three languages

SEAT = r"(?:Pelaaja|Ryhmä|Tutkija) \d"  # a Finnish seat's whole name, as the renderers write it
BADGE = r"[●■▲★◆]?\s*"  # the debrief and Antimatter Matters put the seat's symbol before its name
RESOURCES_FI = "Raha|Data|Laskenta|Skepsis|Osaajat|Melu"
PARTITIVES_FI = r"Rahaa|Dataa|Laskentaa|Skepsistä|Osaajia|Melua|KV:ta|KV:tä"
FIELDS_FI = "Gravitaatio|Kosmologia|Hiukkasfysiikka|Kondensoitu aine|Kvantti-informaatio|Matematiikka|Metatiede"

#: in every language: a seat's name said twice over ("● Group 1 Group 1 to play")
TWICE = {"a seat's name twice in a row ('Ryhmä 1 Ryhmä 1 vuorossa')": rf"\b(\w+ \d+) {BADGE}\1\b"}

#: language -> {what is wrong: a pattern that finds it in a filled-in line}
BROKEN = {
    "en": {
        "a verb missing after 'must now' ('must now the preprint heist')": r"\bmust now (?:the|a|an)\b",
        "'a' before a plural ('takes a Photons')": r"\ba (?:Photons|Gluons)\b",
        "'together' after one card ('Play Quantum Drop 1 together')": r"\bPlay [^+:]+ together\b",
        "1 before a plural ('1 protons')": r"(?<![\d,.])\b1 (?:protons|neutrons|mats)\b",
        "a count with no noun ('every 4 give')": r"\bevery \d+ give\b",
        **TWICE,
    },
    "fi": {
        "a seat's name after a word in another case ('pelaajan Pelaaja 2')":  # "Olen Pelaaja 2" is a verb
            rf"\b(?![Oo]len\b)[A-Za-zÅÄÖåäö][a-zåäö]{{2,}}(?:n|lle|lta|ltä|lla|llä|sta|stä|ssa|ssä|seen|ksi)\s+{BADGE}{SEAT}\b",
        "a signed number before a resource ('+1 Osaajat (O)': the source writes 'Osaajat (O) +1')":
            rf"[+−-]\d+ (?:{RESOURCES_FI}|Huolellisuus|Maine|Tekniikka|Velka)\b",
        "2 or more before a nominative ('2 Data (D)')": rf"(?<![\d,.+−-])(?:[02-9]|\d\d+) (?:{RESOURCES_FI})\b",
        "1 before a partitive ('1 Melua', '1 KV:ta')": rf"(?<![\d,.])1 (?:{PARTITIVES_FI})(?!\w)",
        "'Osaajat' after a number ('1 Osaajat')": r"\d Osaajat\b",
        "'ei mitään' as a positive verb's object ('tuottavat ei mitään')": r"[a-zåäö]\s+ei mitään\b",
        "'KV:ta' (KV is read koo-vee: 'KV:tä', 'KV:llä')": r"\bKV:[a-zäö]*[aou]",
        "a seat's name in lower case ('kohteena tutkija 1' beside 'Tutkija 1')": r"\b(?:pelaaja|tutkija|ryhmä) \d",
        "'yhdessä' before one card ('Pelaa yhdessä: Kvanttipudotus 1')": r"\bPelaa yhdessä: [^+]*$",
        "1 before a partitive ('1 protonia')": r"(?<![\d,.])\b1 (?:protonia|neutronia|\S*alustaa)\b",
        "a count with no noun ('jokainen neljä antaa')": r"\bjokainen (?:kaksi|kolme|neljä|viisi|kuusi|\d+)\b",
        "a field's name between a genitive and its noun ('alueen Kondensoitu aine piiloheksan')":
            rf"\balueen (?:{FIELDS_FI}) [a-zåäö]",
        "the storage mark behind a move, not beside it ('siirron perässä')": r"\bsiirron perässä\b",
        "a singular verb after several cards ('5♦ 6♦ voi olla tässä')": r"[♦♥♠♣].*[♦♥♠♣][^:]* voi olla\b",
        "'peli häviää' (the game vanishes) for a game lost ('peli on hävitty')": r"\bpeli häviää\b",
        # a piece's name joins its space's word as a compound does ("Suojauksen murtuma -kortti")
        "a piece's name between a space's word and its place ('hiukkasruutu vihreä Alaskvarkki Ulkokehällä')":
            r"\bhiukkasruutu [a-zåäöA-ZÅÄÖ]",
        **TWICE,
    },
    "nl": {
        # a Dutch infinitive ends in -en (-an): "moet nu een actie doen", never "moet nu de preprintroof."
        "a verb missing after 'moet nu' ('moet nu de preprintroof')": r"\bmoet nu\b(?![^.:;!?]*\w[ae]n\b)",
        "a colour adjective not inflected before its noun ('rood Down-quark')": r"\b(?:rood|groen|blauw)\s+(?:[A-Z]|\w*quark|(?:anti-)?(?:up|down|strange|charm|bottom)\b)",
        "'een' before a plural ('neemt een Fotonen')": r"\been (?:Fotonen|Gluonen)\b",
        "'op' twice in 'lost ... op' ('lost de anomalie ... op Zwaartekracht 2 op')":
            r"\blost\b[^.;:]*\bop\b[^.;:]*\bop\b",
        "a seat's name in lower case ('speler 3' beside 'Speler 3')": r"\b(?:speler|wetenschapper) \d",
        "a clumsy phrase the issue names": r"\bondergaat\b|houdt er hoogstens|het spel wordt geteld",
        "'samen' after one card ('Speel Kwantumval 1 samen')": r"\bSpeel [^+:]+ samen\b",
        "1 before a plural ('1 protonen')": r"(?<![\d,.])\b1 (?:protonen|neutronen|\S*matten)\b",
        "a count with no noun ('elke 4 geven')": r"\belke \d+ (?:geven|maken|kosten)\b",
        "the storage mark behind a move, not beside it ('achter een zet')": r"\bachter een zet\b",
        "'zet' for moving a pawn ('zet 3 vakken')": r"\bzet (?:eerst|\d+ vakken)\b",
        "a singular verb after several cards ('5♦ 6♦ kan hier liggen')": r"[♦♥♠♣].*[♦♥♠♣][^:]* kan hier liggen\b",
        # "een vooraanstaand fysicus" is Dutch's own (a person's standing in a profession); without "een", "-e"
        "an adjective with neither article nor ending ('neemt vooraanstaand fysicus')": r"(?<!\been )\bvooraanstaand fysicus",
        **TWICE,
    },
}


def plain(text: str) -> str:
    """HTML as the words it shows: a table's cells apart (" | "), a block's words a line of their own."""
    text = re.sub(r"</t[dh]>", " | ", str(text))
    text = re.sub(r"</(?:p|div|li|tr|h\d|caption)>|<br\s*/?>", "\n", text)
    lines = (re.sub(r"[ \t]+", " ", html.unescape(re.sub(r"<[^>]+>", " ", line))).strip() for line in text.split("\n"))
    return "\n".join(line for line in lines if line)


def said(text: str) -> list[str]:
    """What HTML gives a screen reader besides its text: titles, aria-labels, an image's alt text."""
    return [html.unescape(words) for words in re.findall(r'(?:title|aria-label|alt)="([^"]*)"', text)
            + re.findall(r"<title>([^<]*)</title>", text)]


def shown(table: str) -> str:
    """A table's words, each piece of text a line (labels side by side are no sentence), and what
    it gives a screen reader."""
    pieces = re.split(r"<[^>]+>", re.sub(r"<style>.*?</style>|<title>.*?</title>", "", table, flags=re.S))
    return "\n".join([html.unescape(piece).strip() for piece in pieces] + said(table))


def _moves_and_refusals(state, words) -> list[str]:
    """Every legal move's words, and the refusal of a move seen earlier that is not possible now."""
    lines = [words(a) for a in state.legal_actions()]
    kinds = {a.kind for a in state.legal_actions()}
    seen = _moves_and_refusals.seen.setdefault(state.name, {})
    for action in state.legal_actions():
        seen.setdefault(action.kind, action)
    lines += [state.why_illegal(a) for kind, a in seen.items() if kind not in kinds]
    return [line for line in lines if line]


_moves_and_refusals.seen = {}


def _positions(finished, every: int = 3):
    """The positions of a finished game (every ``every``-th, and the end)."""
    import btlgames
    from btlgames.core.state import action_from_json

    state = btlgames.load(finished.name, seed=finished.seed, **finished.options)
    for i, raw in enumerate(finished.history):
        if i % every == 0:
            yield state
        state.apply(action_from_json(state.actions, raw))
    yield state


def _prompts(seat_name, players: int) -> list[str]:
    """What the generic app says to a seat: whose turn, pass the device, "I am ..."."""
    return [t(f"app.{key}", who=seat_name(p)) for p in range(players) for key in ("to_play", "pass_to", "i_am")]


#: Research events too rare for the seeded games above, with values as the engine logs them
RARE_RESEARCH = [
    {"kind": "prereg_roll", "player": 1, "roll": 5},
    {"kind": "shield_roll", "player": 0, "card": "open_source", "roll": 2},
    {"kind": "noise_supply_empty", "player": None},
    {"kind": "programme", "player": 2, "field": "mathematics"},
    {"kind": "test_lapsed", "player": 2, "theory": "cosmic_inflation"},
    {"kind": "synthesis", "player": 0, "roll": 6, "bonus": 2, "won": True},
    {"kind": "synthesis", "player": 0, "roll": 3, "bonus": 1, "won": False},
    {"kind": "bridge", "player": 1, "fields": ["gravity", "quantum"], "wormhole": True},
    {"kind": "artefact", "player": 1, "theory": "cosmic_inflation", "rigor": 1, "hype": 3},
    {"kind": "class_story", "player": 2},
    {"kind": "story", "player": 1, "ep": 2},
    {"kind": "hit", "player": 0, "theory": "cosmic_inflation", "how": "no_project", "kv": 1},
    {"kind": "rejected", "player": 1, "theory": "cosmic_inflation"},
    {"kind": "test_cancelled", "player": 2, "theory": "cosmic_inflation"},
    *({"kind": "protected", "player": 1, "event": "open_access_mandate", "card": "p_hacking", "sort": "bias",
       "card_kind": "p-hacking", "how": how, "method": method}
      for how, method in (("prereg", "preregistration_service"), ("skepticism", None), ("method", "blind_analysis"))),
]


ANTIMATTER_MODES = ("standard", "coop", "team", "mixed", "challenge")

#: Antimatter Matters events too rare for the seeded games above, as the engine logs them
RARE_ANTIMATTER = [
    {"kind": "accept", "player": 2, "card": "laser"},
    {"kind": "bank_empty", "player": 0, "piece": "down-green"},
    {"kind": "no_cards", "player": 1},
    {"kind": "no_move", "player": 2},
]


@lru_cache(maxsize=None)
def research_game(variant: str, seed: int, players: int = 3):
    return play_one("research", seed, ["heuristic", "random", "heuristic", "random"][:players],
                    players=players, variant=variant)


def research_lines(variant: str, seed: int, players: int = 3) -> list[str]:
    state = research_game(variant, seed, players)
    lines = [research.event(r, variant) for viewer in (None, "all") for r in state.log.to_records(viewer)]
    for i, position in enumerate(_positions(state)):
        view = position.view(None)
        lines.append(plain(research.headline(view)))
        if i % 8 == 0:
            lines.append(shown(research.table(position.view(position.current_player()))))
        lines += _moves_and_refusals(position, lambda a, v=view: research.move_words(a, v))
    lines.append(plain(research.summary(state.view(None))))
    lines += _prompts(lambda p: research.seat_name(p, variant), players)
    return lines + debrief_lines(state)


def debrief_lines(state) -> list[str]:
    """Every section of the debrief of a Research Programme game (a chart's words are its alt
    text: the picture itself is not painted)."""
    from btlgames.ui.debrief import document as debrief

    game = debrief.session()
    game.load_state(state, "")
    sections = (debrief.tests_html, debrief._theories, debrief.artefacts_html, debrief.hype_html,
                debrief.noise_html, debrief._biases, debrief.pairs_html, debrief._replications,
                debrief._publishing, debrief._interference, debrief._scoreboard, debrief._wrap_up)
    with mock.patch("btlgames.ui.debrief.charts.png", lambda fig: b""):
        shown_html = [debrief.summary_html(game)] + [section(game, game.facts) for section in sections]
    return [line for text in shown_html for line in (plain(text), *said(text))]


@lru_cache(maxsize=None)
def antimatter_game(mode: str, seed: int):
    # the mixed game with its head start, an option (K31): its sentence is rendered too
    extra = {"head_start": True} if mode == "mixed" else {}
    return play_one("antimatter", seed, "heuristic", players=4 if mode == "team" else 3, mode=mode, **extra)


def antimatter_lines(mode: str, seed: int) -> list[str]:
    players = 4 if mode == "team" else 3
    state = antimatter_game(mode, seed)
    lines = [antimatter.event(r) for viewer in (None, "all") for r in state.log.to_records(viewer)]
    for i, position in enumerate(_positions(state)):
        lines.append(plain(antimatter.headline(position.view(None))))
        if i % 8 == 0:
            lines.append(shown(antimatter.table(position.view(None))))
        lines += _moves_and_refusals(position, str)
        seat = position.current_player()
        found = antimatter.hint(position.view(seat)) if seat is not None else None  # the teaching layer's too
        lines += [found[0]] if found else []
    lines.append(plain(antimatter.summary(state.view(None))))
    records = state.log.to_records(None)
    lines += [step.words for step in antimatter.moments(records, state.view(None), [])]
    lines += [plain(antimatter.ending(state.view(None), records))] + [step.words for step in antimatter.how_to_play()]
    return lines + _prompts(antimatter.seat_name, players)


def beat_the_logic_lines(seed: int) -> list[str]:
    state = play_one("beat-the-logic", seed, ["greedy", "planner", "random"], players=3)
    lines = [beat_the_logic.event(r) for viewer in (None, "all") for r in state.log.to_records(viewer)]
    for i, position in enumerate(_positions(state)):
        view = position.view(position.current_player())
        lines += [plain(beat_the_logic.headline(view)), shown(beat_the_logic.table(view))]
        if i % 4 == 0:  # the first game's hint, its odds filled in (the planner's choice: costly)
            lines.append((beat_the_logic.hint(view) or ("",))[0])
        lines += _moves_and_refusals(position, lambda a, v=view: beat_the_logic.move_words(a, v))
    lines.append(plain(beat_the_logic.summary(state.view(None))))
    records = state.log.to_records(None)  # the teaching layer: its moments, its ending, how to play
    lines += [step.words for step in beat_the_logic.moments(records, state.view(None), [])]
    lines += [plain(beat_the_logic.ending(state.view(None), records))]
    lines += [step.words for step in beat_the_logic.how_to_play()]
    return lines + _prompts(beat_the_logic.seat_name, 3)


def other_game_lines(game: str, renderer, seed: int, players: int, bot: str = "heuristic") -> list[str]:
    """Beamtimes and Lifetimes, Pentaquark: the same reading, for the kit's other games."""
    state = play_one(game, seed, bot, players=players)
    lines = [renderer.event(r) for viewer in (None, "all") for r in state.log.to_records(viewer)]
    for i, position in enumerate(_positions(state)):
        view = position.view(position.current_player())
        lines.append(plain(renderer.headline(view)))
        if i % 8 == 0:
            lines.append(shown(renderer.table(view)))
        lines += _moves_and_refusals(position, str)
    lines.append(plain(renderer.summary(state.view(None))))
    return lines


def atom_choices() -> list[str]:
    """The atoms Antimatter Matters' settings offer, each with its protons and neutrons."""
    from btlgames.antimatter.goals import atoms as atoms_of_chart
    from btlgames.science.elements import element_name
    from btlgames.science.nuclides import stable_nuclide

    return [t("antimatter.atom_option", atom=n.label, element=element_name(n.symbol), z=n.z, n=n.n)
            for n in map(stable_nuclide, atoms_of_chart())]


def card_sheet_lines(lang: str) -> list[str]:
    from btlgames.antimatter import card_sheet as antimatter_sheet
    from btlgames.research import card_sheet as research_sheet

    return (research_sheet.markdown(lang) + "\n" + antimatter_sheet.markdown(lang)).splitlines()


@lru_cache(maxsize=None)
def rendered(lang: str) -> tuple[str, ...]:
    """Everything the three games' apps write in ``lang``, one line each."""
    with i18n.speaking(lang):
        lines = [line for variant in ("full", "school") for seed in range(3) for line in research_lines(variant, seed)]
        lines += [research.event({"turn": 3, "phase": "tests", **r}, variant) for r in RARE_RESEARCH
                  for variant in ("full", "school")]
        lines += [line for mode in ANTIMATTER_MODES for seed in range(2) for line in antimatter_lines(mode, seed)]
        lines += [antimatter.event({"turn": 4, "phase": "play", **r}) for r in RARE_ANTIMATTER]
        lines += [line for seed in range(3) for line in beat_the_logic_lines(seed)]
        lines += [line for seed in range(2) for line in other_game_lines("beamtimes", beamtimes, seed, 3)]
        lines += [line for seed in range(2) for line in other_game_lines("pentaquark", pentaquark, seed, 1)]
        lines += card_sheet_lines(lang) + atom_choices()
    return tuple(line for text in lines for line in text.split("\n") if line.strip())


def broken_lines(lang: str) -> dict[str, list[str]]:
    """What is wrong -> the distinct lines that show it."""
    found = {}
    for problem, pattern in BROKEN[lang].items():
        hits = sorted({line for line in rendered(lang) if re.search(pattern, line)})
        if hits:
            found[problem] = hits
    return found


@pytest.mark.parametrize("lang", sorted(BROKEN))
def test_no_filled_in_sentence_breaks(lang):
    lines = rendered(lang)
    assert len(lines) > 5000  # the games were played and rendered
    found = broken_lines(lang)
    count = sum(any(re.search(p, line) for p in BROKEN[lang].values()) for line in lines)
    report = "\n".join(f"- {problem}: {len(hits)} distinct, e.g. {hits[0]!r}" for problem, hits in found.items())
    assert not found, f"{lang}: {count} of {len(lines)} rendered lines read wrong:\n{report}"


@pytest.mark.parametrize("lang, line, problem", [
    ("fi", "Pelaaja 1 replikoi pelaajan Pelaaja 2 teorian Steriilit neutriinot.", "a seat's name"),
    ("fi", "Kierros 2: pelaajan ● Ryhmä 3 testi kaatui Meluun.", "a seat's name"),
    ("fi", "Anna laite pelaajalle ● Tutkija 2. Muut, katsokaa muualle!", "a seat's name"),
    ("fi", "projektit tuottavat +6 Data (D), +3 Osaajat (O).", "a signed number"),
    ("fi", "Pelaaja 1 palauttaa 2 Data (D).", "2 or more"),
    ("fi", "Pelaaja 1 simuloi: 1 Melua pois heksalta Metatiede 1.", "1 before a partitive"),
    ("fi", "projektit tuottavat ei mitään.", "'ei mitään'"),
    ("nl", "Speler 2 moet nu de preprintroof.", "a verb missing"),
    ("nl", "Wetenschapper 1 verliest rood Down-quark.", "a colour adjective"),
    ("nl", "Wetenschapper 1 neemt een Fotonen.", "'een' before a plural"),
    ("nl", "Beurt 1: b(R) rood bottom gaat naar de Achtergrond.", "a colour adjective"),
    ("nl", "Beurt 2: c̄(R̄) anti-rood anti-charm gaat naar de Detector.", "a colour adjective"),
    ("nl", "Speler 1 lost de anomalie Hubble-spanning op Kosmologie 2 op.", "'op' twice"),
    ("nl", "Speler 3 steelt plectrum uit set 2 van speler 1.", "lower case"),
    ("en", "Player 2 must now the preprint heist.", "a verb missing"),
    ("en", "Round 1 of 30 · 0 of 1 solved · ● Group 1 Group 1 to play", "twice in a row"),
    ("en", "Play Quantum Drop 1 together", "'together' after one card"),
    ("en", "H-1 (hydrogen: 1 protons, 0 neutrons)", "1 before a plural"),
    ("fi", "H-1 (vety: 1 protonia, 0 neutronia)", "1 before a partitive"),
    ("nl", "H-1 (waterstof: 1 protonen, 0 neutronen)", "1 before a plural"),
    ("en", "Rigor, 0-10: every 4 give +1 to tests", "a count with no noun"),
    ("fi", "Tutkija 3 pelaa kortin Laser, kohteena tutkija 1.", "lower case"),
    ("fi", "Pelaa yhdessä: Kvanttipudotus 1", "'yhdessä' before one card"),
    ("fi", "Huolellisuus, 0–10: jokainen neljä antaa testeihin +1", "a count with no noun"),
    ("fi", "Onnistuminen paljastaa alueen Kondensoitu aine piiloheksan: valitse mikä.", "a field's name"),
    ("fi", "⚠ 1 siirron perässä: ryhmällä olisi silloin 1 resurssi yli varaston (8)", "the storage mark"),
    ("nl", "Speel Kwantumval 1 samen", "'samen' after one card"),
    ("nl", "Zorgvuldigheid, 0-10: elke 4 geven +1 op tests", "a count with no noun"),
    ("nl", "⚠ 1 achter een zet: dit team heeft dan 1 middel boven zijn opslag van 8", "the storage mark"),
    ("nl", "Wetenschapper 2: zet 3 vakken. Druk op het vak waar je eindigt.", "'zet' for moving"),
    ("fi", "muistat: 5♦ (1/5 paikasta); 6♦ (1/3 paikasta) voi olla tässä", "a singular verb"),
    ("fi", "Annihiloituneet: ylös 0, lumo 0, alas 0 (peli häviää, kun ylös- tai lumokortteja on 2)", "'peli häviää'"),
    ("fi", "Tutkija 1 siirtyy kohtaan hiukkasruutu vihreä Alaskvarkki Ulkokehällä (o02).", "a piece's name between"),
    ("nl", "je herinnert je: 5♦ 6♦ (elk 1 van 2 plaatsen) kan hier liggen", "a singular verb"),
    ("nl", "Groep 3 neemt vooraanstaand fysicus 4♥ aan voor 5.", "neither article nor ending"),
    ("fi", "Kierros 12: Ryhmä 1 julkaisee: ongelma 5 oli hiukkanen 8♦ (8), X = 5; maksetaan Ryhmä 1: +5.",
     "a seat's name after"),
])
def test_each_pattern_finds_what_it_names(lang, line, problem):
    matched = [name for name, pattern in BROKEN[lang].items() if re.search(pattern, line)]
    assert any(problem in name for name in matched), (line, matched)


@pytest.mark.parametrize("lang, line", [
    ("fi", "Pelaaja 1 replikoi teorian Steriilit neutriinot (omistaja Pelaaja 2): molemmat VP +2."),
    ("fi", "Ensimmäinen osuma teorialle Kvanttispinneste, testaaja Pelaaja 1: KV nyt 0."),
    ("fi", "Pelaaja 2 ottaa tulot: Raha (R) 2 ja Data (D) 1; projektit eivät tuota mitään."),
    ("fi", "Pelaaja 1 ottaa palkinnon: 1 VP. Voittaja: Ryhmä 1. Olen Pelaaja 2: näytä pöytäni"),
    ("fi", "Pelaaja 1 paljastaa heksan Kondensoitu aine 3: ei mitään."),
    ("nl", "Wetenschapper 1 verliest Down-quark (rood). R, G, B = rood, groen, blauw"),
    ("nl", "Speler 1 lost de anomalie Hubble-spanning op (Kosmologie 2)."),
    ("nl", "Beurt 1: b(R) bottom (rood) gaat naar de Achtergrond; c̄(R̄) anti-charm (anti-rood)."),
    ("nl", "Speler 1 moet nu een actie doen. Speler 2 moet nu schuld aflossen of doorgaan."),
    ("nl", "Speler 1 moet nu afleggen tot de handlimiet. Een foton van rood licht."),
    ("nl", "Neem een vooraanstaand fysicus aan. Neem de vooraanstaande fysicus 7♥ aan voor 5."),
    ("fi", "noppa 6 +2 (bonus) −1 (Melu) = 7, tarvittiin 7; KV:tä, KV:llä, KV:n"),
    ("fi", "Kortti Laser vaikuttaa tutkijaan 2. Pelaajan 2 pitää nyt valita. Pelaa sarja: Kvanttihyppy 1 + Kvanttihyppy 2"),
    ("fi", "Pelaa yhdessä: Kvanttihyppy 1 + Kvanttipudotus 2. Onnistuminen paljastaa piiloheksan alueelta Metatiede."),
    ("fi", "Tutkija 1 siirtyy kohtaan vihreä Alaskvarkki -ruutu Ulkokehällä (o02)."),
    ("nl", "Speel Kwantumsprong 1 + Kwantumval 2 samen. Zorgvuldigheid: +1 op tests per 4 punten. Zet de pion."),
    ("en", "Play Quantum Jump 1 + Quantum Drop 2 together. Play the set: Quantum Drop 1"),
])
def test_good_sentences_pass(lang, line):
    assert not [name for name, pattern in BROKEN[lang].items() if re.search(pattern, line)], line


def test_every_research_log_sentence_is_among_those_rendered():
    """The seeded games and the rare records between them fill in every sentence of the log."""
    sentences = {key.rsplit(".", 1)[1] for key in i18n.catalogue("en") if key.startswith("research_ui.event.")}
    rendered_keys = {research_words._event_key(r) for variant in ("full", "school") for seed in range(3)
                     for r in research_game(variant, seed).log.to_records("all")}
    rendered_keys |= {research_words._event_key(r) for r in RARE_RESEARCH}
    rendered_keys |= {research_words._event_key(r) for variant in ("full", "school") for seed in range(3)
                      for r in research_game(variant, seed).log.to_records(None)}
    # "protected" alone is never chosen: every protected record says how (protected_method, ...)
    assert sentences - {"protected"} <= rendered_keys, sentences - rendered_keys


def test_every_antimatter_log_sentence_is_among_those_rendered():
    """The seeded games and the rare records between them fill in every sentence of the log."""
    sentences = {key.rsplit(".", 1)[1] for key in i18n.catalogue("en") if key.startswith("antimatter.event.")}
    rendered_kinds = {r["kind"] for mode in ANTIMATTER_MODES for seed in range(2)
                      for r in antimatter_game(mode, seed).log.to_records("all")}
    assert sentences <= rendered_kinds | {r["kind"] for r in RARE_ANTIMATTER}, sentences - rendered_kinds


@pytest.mark.parametrize("lang", sorted(BROKEN))
def test_a_card_an_event_names_is_called_by_its_own_name(lang):
    """The breach that empties a mat is the Containment Breach card's, by the name the card shows
    (Dutch said "Insluitingsbreuk" of the card "Lek in de opsluiting")."""
    from btlgames.antimatter.words import card_name

    with i18n.speaking(lang):
        said = t("antimatter.event.breach", n=1, pieces="X")
        assert said.casefold().startswith(card_name("containment-breach").casefold()), said


@pytest.mark.parametrize("lang, signed, returned", [
    ("en", "+1 talent (O), -2 money (R), +1 Rigor", "1 data (D)"),
    ("fi", "Osaajat (O) +1, Raha (R) −2, Huolellisuus +1", "Data (D) 1"),  # the source's order
    ("nl", "+1 talent (O), -2 geld (R), +1 Zorgvuldigheid", "1 data (D)"),
])
def test_a_gain_or_loss_is_written_in_the_order_its_language_writes_it(lang, signed, returned):
    with i18n.speaking(lang):
        assert research.gains({"O": 1, "R": -2, "rigor": 1, "S": 0}) == signed
        assert research.gains({"D": 1}, signed=False) == returned
        assert research.gains({}) == t("research_ui.none")
