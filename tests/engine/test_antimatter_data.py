"""Antimatter Matters' data files: the source's counts, the kit's board, and clear errors for broken files."""
import copy
from pathlib import Path

import pytest

from btlgames.antimatter import card_sheet
from btlgames.antimatter.data import catalogue, load_catalogue, raw_files

ROOT = Path(__file__).resolve().parents[2]


def test_the_101_cards_come_in_the_source_counts():  # source: components; K15
    cards = catalogue().cards.values()
    counts = {kind: sum(c.copies for c in cards if c.type == kind) for kind in ("action", "immediate", "movement", "shield")}
    assert counts == {"action": 43, "immediate": 11, "movement": 39, "shield": 8}
    assert len(catalogue().deck) == len(set(catalogue().deck)) == 101


def test_the_named_cards_are_there():  # source: card notes
    names = {c.name for c in catalogue().cards.values()}
    assert {"Quantum Jump 3", "Quantum Sink 2", "Containment Breach", "Quantum Entanglement",
            "Left Handed Helicity Detected", "Right Handed Helicity Detected", "Block", "Reverse"} <= names
    helicity = {c.direction: c.copies for c in catalogue().cards.values() if c.effect == "helicity"}
    assert helicity["left"] > helicity["right"]  # far more left-handed particles are known


def test_the_board_has_what_six_players_need():  # K1, K2, K3, K4
    board = catalogue().board
    assert len(board.starts) == 6 and all(board.spaces[s].region == "middle" for s in board.starts)
    assert board.distance[board.center] == 0 and len(board.links[board.center]) == 4
    pieces = {s.piece for s in board.spaces.values() if s.kind == "particle"}
    assert pieces == set(catalogue().pieces.bank)
    assert len(board.tunnels) == 6 and all(board.tunnels[board.tunnels[t]] == t for t in board.tunnels)
    outer = [board.distance[s] for s in board.rings["outer"]]
    assert min(outer) > max(board.distance[s] for s in board.rings["middle"])  # the lowest energy level


def test_the_bank_can_build_carbon_12_with_a_little_to_spare():  # K5, K27: "difficult, not impossible"
    from btlgames.antimatter.mats import needed_for
    bank = catalogue().pieces.bank
    need = needed_for(6, 6)
    for kind, n in need.items():
        assert sum(c for p, c in bank.items() if p.split("-")[0] == kind) > n


def broken(change):
    raw = copy.deepcopy(raw_files())
    change(raw)
    with pytest.raises(ValueError) as err:
        load_catalogue(raw)
    return str(err.value)


def test_a_wrong_card_count_is_named():
    def more(raw):
        raw["cards"]["card"][0]["copies"] += 1
    assert "the source has 39 movement cards, the file 40" in broken(more)


def test_an_unpaired_tunnel_and_an_unknown_piece_are_named_together():
    def damage(raw):
        raw["board"]["ring"][1]["spaces"][0] = {"o00": "tunnel:Z"}
        raw["board"]["ring"][1]["spaces"][1] = {"o01": "particle:strange-red"}
    message = broken(damage)
    assert "tunnel pair 'Z' has 1 spaces" in message and "'strange-red', which is no piece" in message


def test_a_space_cut_off_from_the_center_is_named():
    def cut(raw):
        raw["board"]["path"] = raw["board"]["path"][4:]  # no inner paths
    assert "cannot be reached from the Center" in broken(cut)


def test_a_spinner_that_is_not_eight_sectors_is_named():
    def heavy(raw):
        raw["spinner"]["sector"][0]["weight"] = 4
    assert "weights must add up to 8" in broken(heavy)


def test_an_unknown_card_effect_is_named():
    def odd(raw):
        raw["cards"]["card"][-1]["effect"] = "teleport"
    assert "not 'teleport'" in broken(odd)


def test_a_mat_without_its_worth_in_the_head_start_is_named():  # K31
    def unpriced(raw):
        del raw["pieces"]["mat"]["neutron"]["work_in_order"]
        raw["pieces"]["mat"]["proton"]["work"] = 6.0
    message = broken(unpriced)
    assert "mat 'neutron' needs work_in_order" in message and "mat 'proton' needs work" in message and "not 6.0" in message


def test_a_bank_too_small_for_the_box_is_named():  # K5
    def small(raw):
        raw["pieces"]["piece"]["down"]["count_per_colour"] = 8
        raw["pieces"]["piece"]["photon"]["count"] = 5
    message = broken(small)
    assert "the bank holds 8 of down-blue; the box's mats may need 12" in message
    assert "the bank holds 5 of photon; the box's mats may need 6" in message


def test_the_printed_card_sheet_matches_the_data():  # K15
    assert (ROOT / "lessons/antimatter-matters/cards.md").read_text() == card_sheet.markdown()
