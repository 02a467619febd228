"""Interference cards and the six ways to block them (full game, Kit rule K24), and what a card does
to its target (also for the school game's bias and influence events, Kit rule K33).

A part of ResearchState (rules.py), kept in its own module to keep modules small.
"""
from __future__ import annotations

from . import board, cards
from .constants import TRACK_MAX
from .actions import Block, Interfere


class Interference:
    def _block_choices(self, p: int, d: dict) -> list[Block]:
        pl = self.players_[p]
        card = cards.interference()[d["card"]]
        out = [Block("method", m) for m in dict.fromkeys(pl["hand"])
               if m in card.blocked_by and cards.methods()[m].cost <= pl["res"]["R"]]
        out += [Block("shield", s) for s in dict.fromkeys(pl["interference"]) if self._shields(s, card)]
        if card.type == "bias" and pl["res"]["S"] >= 2:
            out.append(Block("skepsis"))
        if card.type == "influence" and pl["res"]["S"] >= 1 and pl["rigor"] > pl["hype"]:
            out.append(Block("skepsis"))
        return out + [Block("accept")]

    @staticmethod
    def _shields(shield_id: str, card) -> bool:
        shield = cards.interference()[shield_id]
        return shield.type == "shield" and (card.kind in shield.kinds or card.id in shield.also)

    def _do_interfere(self, p, a: Interfere, d):
        pl = self.players_[p]
        card = cards.interference()[a.card]
        pl["res"]["R"] -= card.cost
        pl["interference"].remove(a.card)
        self.discards["interference"].append(a.card)
        self._main_done(p, "interfere")
        self.stats["interference"] += 1
        self._log("interfere", p, card=a.card, target=a.target, type=card.type)
        target = self.players_[a.target]
        if any(m in card.blocked_by for m in target["methods"]):
            return self._blocked(p, a.target, card, "table_method")
        if card.prereg and any(cards.methods()[m].prereg for m in target["methods"]):
            roll = self.chance.randint(1, 6)
            self._log("prereg_roll", a.target, roll=roll)
            if roll >= 4:
                return self._blocked(p, a.target, card, "preregistration")
        hex_ = self._interference_hex(a.target)
        if card.effect.get("noise") and hex_ and any(
                board.field_of(t["hex"]) == board.META and t["hex"] in self._neighbours(hex_)
                for t in self.tiles if t["owner"] == a.target):
            return self._blocked(p, a.target, card, "metascience")
        self.queue.insert(0, {"kind": "block", "player": a.target, "card": a.card, "attacker": p})

    def _do_block(self, p, a: Block, d):
        card = cards.interference()[d["card"]]
        pl = self.players_[p]
        if a.way == "accept":
            self._suffer(p, card)
            return
        if a.way == "method":
            self._play_method(p, a.card)
        elif a.way == "skepsis":
            pl["res"]["S"] -= 2 if card.type == "bias" else 1
        elif a.way == "shield":
            pl["interference"].remove(a.card)
            self.discards["interference"].append(a.card)
            die = cards.interference()[a.card].die
            if die:
                roll = self.chance.randint(1, 6)
                self._log("shield_roll", p, card=a.card, roll=roll)
                if roll < die:  # the partial shield failed; it is used up anyway
                    self.queue.insert(0, d)
                    return
        self._blocked(d["attacker"], p, card, a.way)

    def _blocked(self, attacker: int, target: int, card, how: str) -> None:
        self.stats["blocked"] += 1
        if card.type == "influence":
            ap = self.players_[attacker]
            ap["reputation"] = max(0, ap["reputation"] - 1)
        self._log("blocked", target, card=card.id, how=how, attacker=attacker)

    def _suffer(self, p: int, card) -> None:
        lost = self._card_effect(p, card).get("lose", {})
        self._log("suffer", p, card=card.id, type=card.type, sort=card.kind, lost=lost)

    def _card_effect(self, p: int, card) -> dict:
        """A bias or influence card's effect on ``p`` (an accepted card, or a school event that
        struck): only what applied, e.g. {"lose": {"D": 1}, "hype": 1, "noise": "gravity-3"}."""
        pl = self.players_[p]
        effect = card.effect
        applied: dict = {}
        lost = {r: min(n, pl["res"][r]) for r, n in effect.get("lose", {}).items() if min(n, pl["res"][r])}
        for r, n in lost.items():
            pl["res"][r] -= n
        if lost:
            applied["lose"] = lost
        hype = min(TRACK_MAX, pl["hype"] + effect.get("hype", 0)) - pl["hype"]
        pl["hype"] += hype
        if hype:
            applied["hype"] = hype
        if effect.get("test_penalty"):
            pl["penalty"] += effect["test_penalty"]
            applied["test_penalty"] = effect["test_penalty"]
        reputation = max(0, pl["reputation"] + effect.get("reputation", 0)) - pl["reputation"]
        pl["reputation"] += reputation
        if reputation:
            applied["reputation"] = reputation
        hex_ = self._interference_hex(p)
        if effect.get("noise") and hex_:
            before = sum(self.noise.values())
            self._add_noise(hex_, effect["noise"])
            if sum(self.noise.values()) > before:  # the school game loses noise above 3
                applied["noise"] = hex_
        mine = [t for t, th in self.theories.items() if th["owner"] == p]
        if effect.get("kv") and mine:
            target = max(mine, key=lambda t: (self.theories[t]["kv"], t))
            th = self.theories[target]
            kv = max(-1, th["kv"] + effect["kv"]) - th["kv"]  # never topples a theory
            th["kv"] += kv
            if kv:
                applied["kv"] = {"theory": target, "n": kv}
        return applied

    def _interference_hex(self, p: int) -> str:
        """Where an interference card's noise lands: the target's newest project (kit choice)."""
        mine = [t["hex"] for t in self.tiles if t["owner"] == p]
        return mine[-1] if mine else ""

    # tests
