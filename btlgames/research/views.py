"""What each seat may see, and the harness's check that nothing hidden leaks into it.

A part of ResearchState (rules.py), kept in its own module to keep modules small.
"""
from __future__ import annotations

from ..core.events import ALL
from . import board, cards


class Views:
    def view(self, player):
        """The table as ``player`` sees it (None: the projector). Hidden: other players' hands and
        offers (their sizes are public), hidden hexes' tokens, deck orders. ``"all"`` is the one
        projector that teams share (Kit rule K32): every hand and offer open, the rest hidden."""
        def mine(p):
            return player == ALL or (player is not None and player == p)

        return {
            "variant": self.variant, "players": self.players, "round": self.round, "rounds": self.rounds,
            "phase": self.phase, "start": self.start, "player": self.current_player(), "viewer": player,
            "decision": dict(self.queue[0]) if self.queue else None,
            "players_": [{
                **{k: pl[k] for k in ("rigor", "hype", "reputation", "debt", "vp", "ep", "methods", "tiles_left",
                                      "bridges", "programmes", "done", "penalty", "insight", "technique")},
                "res": dict(pl["res"]), "hand_size": len(pl["hand"]), "interference_size": len(pl["interference"]),
                "hand": list(pl["hand"]) if mine(p) else None,
                "interference": list(pl["interference"]) if mine(p) else None,
                "offer": list(pl["offer"]) if mine(p) else None,
                "scheduled": dict(pl["scheduled"]) if pl["scheduled"] else None,
                "replications": self.replications_of(p), "final": dict(pl["final"]),
            } for p, pl in enumerate(self.players_)],
            "theories": {t: {"owner": th["owner"], "kv": th["kv"], "hits": [dict(h) for h in th["hits"]],
                             "replications": th.get("replications", 0)} for t, th in self.theories.items()},
            "tiles": [dict(t) for t in self.tiles],
            "results": [dict(r) for r in self.results],
            "noise": dict(self.noise), "noise_supply": self.noise_supply,
            "hidden": sorted(self.hidden), "anomalies": dict(self.anomaly_at), "neutral": list(self.neutral),
            "wormholes": [list(w) for w in self.wormholes],
            "market": list(self.market), "next_event": self.next_event, "event": self.event,
            "event_slot": self._event_slot(), "stories": self.stories if self.school else "none",
            "decks": {k: len(v) for k, v in self.decks.items()},
            "discards": {k: list(v) for k, v in self.discards.items()},
            "counter": self.counter, "counter_goal": self.players + 2,
            "end_reason": self.end_reason, "winners": self.winners(),
        }

    def _event_slot(self) -> str:
        """The "next event" slot: "queued" (a card lies there), "pending" (empty until this round's
        event step turns one up: the full game's set-up) or "last" (no event comes any more)."""
        if self.next_event:
            return "queued"
        return "pending" if self.phase == "setup" else "last"

    def hidden_variation(self, player, rng):
        other = self.clone()
        for deck in ("theory", "method", "interference"):
            slots = [("deck", None, i) for i in range(len(other.decks[deck]))]
            for q, pl in enumerate(other.players_):
                if q != player:
                    slots += [("hand", q, i) for i, c in enumerate(pl["interference" if deck == "interference" else "hand"])
                              if _deck_of(c) == deck]
                    slots += [("offer", q, i) for i, c in enumerate(pl["offer"]) if _deck_of(c) == deck]
            values = [other._slot(s, deck) for s in slots]
            rng.shuffle(values)
            for s, v in zip(slots, values):
                other._set_slot(s, deck, v)
        for deck in ("event", "project", "anomaly"):
            rng.shuffle(other.decks[deck])
        for f in board.FIELDS:
            hexes = [h for h in board.HEXES if h in other.hidden and board.field_of(h) == f]
            values = [other.hidden[h] for h in hexes] + [other.boxed.get(f, "")]
            rng.shuffle(values)
            for h, v in zip(hexes, values):
                other.hidden[h] = v
            other.boxed[f] = values[-1]
        return other

    def _slot(self, slot, deck):
        where, q, i = slot
        if where == "deck":
            return self.decks[deck][i]
        pl = self.players_[q]
        return (pl["interference"] if where == "hand" and deck == "interference" else pl[where if where == "offer" else "hand"])[i]

    def _set_slot(self, slot, deck, value):
        where, q, i = slot
        if where == "deck":
            self.decks[deck][i] = value
            return
        pl = self.players_[q]
        (pl["interference"] if where == "hand" and deck == "interference" else pl[where if where == "offer" else "hand"])[i] = value


def _deck_of(card: str) -> str:
    if card in cards.theories():
        return "theory"
    if card in cards.methods():
        return "method"
    return "interference"
