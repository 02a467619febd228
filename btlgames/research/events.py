"""Events: the ordinary ones for every player, and the school game's bias and influence events.

A part of ResearchState (rules.py), kept in its own module to keep modules small.

Every change an event makes to a team is logged, so the debrief can show it (questions 2 and 5):
an ordinary event writes one ``event_effect`` per team it changed; a bias or influence event
(school game, Kit rule K33) writes ``struck`` or ``protected`` for every team it was aimed at.
"""
from __future__ import annotations

from . import board, cards
from .constants import RESOURCES


class Events:
    # -- the school game's event deck (K33) ---------------------------------------------------------
    def _school_events(self, ordinary: list[str]) -> list[str]:
        """The school deck: a bias event on top, then an influence event, then the ordinary events.
        They happen in rounds 2 and 3, which every school game plays in practice (the replication
        counter cannot end it before round 2 is over), so every game meets both: the bias while
        most teams are still careless, the influence once replications have made a team the most
        visible."""
        bias = self.chance.shuffled(sorted(cards.outside_events("bias")))
        influence = self.chance.shuffled(sorted(cards.outside_events("influence")))
        return [bias[0], influence[0]] + ordinary + self.chance.shuffled(bias[1:] + influence[1:])

    # -- resolving ----------------------------------------------------------------------------------
    def _resolve_event(self, event) -> None:
        self._log("event", None, event=event.id, code=event.code)
        if event.code in cards.OUTSIDE_CODES:
            self._outside_event(event)
            return
        before = self._standings()
        self._ordinary_event(event)
        now = self._standings()
        for p in self._order():
            self._log_effect(p, event.id, before[p], now[p])

    def _ordinary_event(self, event) -> None:
        params = dict(event.params)
        for p in self._order():
            pl = self.players_[p]
            if event.code == "gain":
                self._gain(p, params)
            elif event.code == "lose":
                for r, n in params.items():
                    if r in RESOURCES:
                        pl["res"][r] = max(0, pl["res"][r] - n)
                    elif r == "reputation":
                        pl["reputation"] = max(0, pl["reputation"] - n)
            elif event.code == "hype_check" and pl["hype"] > pl["rigor"]:
                pl["reputation"] = max(0, pl["reputation"] - 1)
            elif event.code == "reward_rigor" and pl["rigor"] >= 3:
                self._gain(p, params)
            elif event.code == "reward_hype" and pl["hype"] >= 2:
                self._gain(p, params)
            elif event.code == "preprint_heist" and self._unpublished(p, "preprint") and pl["res"]["D"] >= 1:
                self.queue.append({"kind": "heist", "player": p})
        if event.code == "noise":
            for tile in self.tiles:
                if board.field_of(tile["hex"]) in params.get("fields", []):
                    self._add_noise(tile["hex"], 1)
        elif event.code == "clean":
            for h in board.HEXES:
                self._clean(h, 1)

    def _standings(self) -> list[dict]:
        """What an ordinary event can change for each team: resources, Reputation, noise on its hexes
        (the tiles read once for every team)."""
        out = []
        for pl in self.players_:
            out.append({"amounts": {**pl["res"], "reputation": pl["reputation"]}, "noise": {}})
        noise = self.noise
        for t in self.tiles:
            out[t["owner"]]["noise"][t["hex"]] = noise[t["hex"]]
        return out

    def _log_effect(self, p: int, event: str, before: dict, now: dict) -> None:
        if now == before:  # most events leave most teams as they were
            return
        amounts, gained, lost = now["amounts"], {}, {}
        for k, n in before["amounts"].items():
            change = amounts[k] - n
            if change > 0:
                gained[k] = change
            elif change < 0:
                lost[k] = -change
        was, noisy = before["noise"], now["noise"]
        moved = sorted((h for h, n in noisy.items() if n != was.get(h, 0)), key=board.ORDER.get)
        noise = [h for h in moved if noisy[h] > was.get(h, 0)]  # noise the event put on the team's hexes
        cleaned = [h for h in moved if noisy[h] < was.get(h, 0)]  # noise it took away (a data-cleaning sprint)
        if gained or lost or noise or cleaned:
            self._log("event_effect", p, event=event, gained=gained, lost=lost, noise=noise, cleaned=cleaned)

    # -- bias and influence events (school game, K33) -----------------------------------------------
    def _outside_event(self, event) -> None:
        card = cards.interference()[event.params["card"]]
        about = {"event": event.id, "card": card.id, "sort": card.type, "card_kind": card.kind}
        for p in self._aimed_at(card):
            how, method = self._guard(p, card)
            if how:
                self.stats["protected"] += 1
                self._log("protected", p, **about, how=how, method=method)
            else:
                self.stats["struck"] += 1
                self._log("struck", p, **about, effect=self._card_effect(p, card))

    def _aimed_at(self, card) -> list[int]:
        """A bias strikes the careless (Hype at least Rigor); influence aims at the most visible
        teams: the most VP, ties broken by Reputation (still tied: all of them)."""
        order = self._order()
        if card.type == "bias":
            return [p for p in order if self.players_[p]["hype"] >= self.players_[p]["rigor"]]
        visible = {p: (self.players_[p]["vp"], self.players_[p]["reputation"]) for p in order}
        top = max(visible.values())
        return [p for p in order if visible[p] == top]

    def _guard(self, p: int, card) -> tuple[str, str]:
        """What protects a team, automatically (no click): a method on its table that the card
        names (free, K24); for a bias marked preregistration, the preregistration service on a
        die of 4+; for influence, Skepticism S1 while Rigor is above Hype. ("", "") if nothing."""
        pl = self.players_[p]
        named = next((m for m in card.blocked_by if m in pl["methods"]), "")
        if named:
            return "method", named
        prereg = next((m for m in pl["methods"] if cards.methods()[m].prereg), "")
        if card.type == "bias" and card.prereg and prereg:
            roll = self.chance.randint(1, 6)
            self._log("prereg_roll", p, roll=roll)
            if roll >= 4:
                return "prereg", prereg
        if card.type == "influence" and pl["rigor"] > pl["hype"] and pl["res"]["S"] >= 1:
            pl["res"]["S"] -= 1
            return "skepticism", ""
        return "", ""
