"""Action, shield and immediate cards (Kit rules K15-K22): a mixin of AntimatterState."""
from __future__ import annotations

from .data import card_of, catalogue, kind_of


class CardsMixin:
    # -- cards (K15-K22) -----------------------------------------------------------------------------
    def _take_from_hand(self, seat: int, card_id: str) -> str:
        card = next(c for c in self.hands[seat] if card_of(c).id == card_id)
        self.hands[seat].remove(card)
        return card

    def _action_plays(self, seat: int) -> list[tuple[str, int]]:
        ids = sorted({card_of(c).id for c in self.hands[seat] if card_of(c).type == "action"})
        plays = []
        for cid in ids:
            card = catalogue().cards[cid]
            targets = [seat] if card.target == "self" else range(self.players)
            plays += [(cid, s) for s in targets]
        return plays

    def _shields(self, seat: int) -> list[str]:
        return sorted({card_of(c).id for c in self.hands[seat] if card_of(c).type == "shield"})

    def _play_action(self, seat: int, card_id: str, target: int) -> None:
        card = self._take_from_hand(seat, card_id)
        # The source: a Containment Breach leaves the game once played (blocked or not).
        (self.removed if card_of(card).effect == "breach" else self.discard).append(card)
        self.stats["actions"] += 1
        self._log("action", seat, card=card_id, target=target)
        self._send(card_id, sender=seat, target=target)

    def _responders(self, target: int, sender: int) -> list[int]:
        """Who is asked whether to shield the target: the target; in the cooperative game every
        other Scientist too, the target first, then round the table (source: shield one
        another). Asked whether or not they hold a shield (K32): who holds one stays secret."""
        if self.options["mode"] != "coop":
            return [target]
        order = [(target + i) % self.players for i in range(self.players)]
        return [s for s in order if s != sender]

    def _send(self, card_id: str, sender: int, target: int) -> None:
        """An action on its way to ``target``: a shield may stop or turn it (K17)."""
        if target == sender:
            self._resolve(card_id, sender, target)
            return
        ask = self._responders(target, sender)
        self.decision = {"kind": "respond", "seat": ask[0], "ask": ask[1:], "card": card_id,
                         "sender": sender, "target": target}

    def _answer(self, d: dict, shield: str | None) -> None:
        seat = d["seat"]
        if d["kind"] == "helicity":
            self._answer_helicity(d, shield)
            return
        if shield is None:
            self._log("accept", seat, card=d["card"])
            if d["ask"]:
                self.decision = {**d, "seat": d["ask"][0], "ask": d["ask"][1:]}
            else:
                self._resolve(d["card"], d["sender"], d["target"])
            return
        self.discard.append(self._take_from_hand(seat, shield))
        self.stats["shields"] += 1
        self._log("shield", seat, shield=shield, card=d["card"], against=d["sender"])
        if shield == "reverse":  # the action goes back to whoever sent it, who may shield it in turn
            self._send(d["card"], sender=d["target"], target=d["sender"])

    def _resolve(self, card_id: str, sender: int, target: int) -> None:
        card = catalogue().cards[card_id]
        self._log("resolve", target, card=card_id, sender=sender)
        own = target in self.groups[self.group]
        task = {"breach": {"do": "breach", "seat": target},
                "lose": {"do": "lose", "seat": target, "kind": card.piece},
                "spin": {"do": "spin", "seat": target},
                "move": {"do": "route", "seat": target, "steps": card.steps, "chooser": target,
                         "own_turn": own, "how": "action"},
                "nudge": {"do": "nudge", "seat": target, "chooser": sender},
                "take": {"do": "take_kind", "seat": target, "kind": card.piece}}.get(card.effect)
        if card.effect == "draw":
            self.tasks[:0] = [{"do": "draw", "seat": target} for _ in range(card.count)]
        elif task:
            self.tasks.insert(0, task)

    def _do_take_kind(self, seat: int, kind: str) -> None:
        self._do_take(seat, kind)  # gluons, photons, electrons have no colour: the kind is the piece

    def _do_immediate(self, seat: int, card: str) -> None:
        c = card_of(card)
        if c.effect == "entangle":
            self._entangle(seat, card)
            return
        self.discard.append(card)
        if c.effect == "spin":
            self.tasks.insert(0, {"do": "spin", "seat": seat})
        elif c.effect == "pair":
            if any(kind_of(p) == "photon" for i in self._active(seat) for p in self.mats[i]["pieces"]):
                self.tasks[:0] = [{"do": "lose", "seat": seat, "kind": "photon"},
                                  {"do": "take_kind", "seat": seat, "kind": "electron"}]
            else:
                self._log("no_photon", seat)
        elif c.effect == "helicity":
            self.stats["helicity"] += 1
            order = [(seat + i) % self.players for i in range(self.players)]  # everyone is asked (K32)
            self.tasks.insert(0, {"do": "helicity", "seat": seat, "direction": c.direction,
                                  "ask": order, "blockers": []})

    def _entangle(self, seat: int, card: str) -> None:
        """K19: the card goes before the drawer, or the next free Scientist to the right; that
        Scientist is entangled with the next free one to their right."""
        free = [s for s in range(self.players) if not any(s in p for p in self.entangled)]
        right = [(seat - i) % self.players for i in range(self.players)]
        free_right = [s for s in right if s in free]
        if len(free_right) < 2:
            self.discard.append(card)
            self._log("entangle_none", seat)
            return
        holder, partner = free_right[0], free_right[1]
        self.in_front[str(holder)] = card
        self.entangled.append(sorted([holder, partner]))
        self.stats["entangled"] += 1
        self._log("entangle", seat, seats=sorted([holder, partner]), holder=holder)

    def _do_helicity(self, seat: int, direction: str, ask: list, blockers: list) -> None:
        if ask:
            self.decision = {"kind": "helicity", "seat": ask[0], "drawer": seat, "direction": direction,
                             "ask": ask[1:], "blockers": blockers}
            return
        movers = [s for s in range(self.players) if s not in blockers]
        step = 1 if direction == "left" else -1  # passing left: to the next seat in turn order
        if len(movers) > 1:
            old = {s: self.hands[s] for s in movers}
            for i, s in enumerate(movers):
                self.hands[movers[(i + step) % len(movers)]] = old[s]
        self._log("helicity", seat, direction=direction, blockers=sorted(blockers))

    def _answer_helicity(self, d: dict, shield: str | None) -> None:
        seat, direction, blockers = d["seat"], d["direction"], list(d["blockers"])
        if shield:
            self.discard.append(self._take_from_hand(seat, shield))
            self.stats["shields"] += 1
            if shield == "block":
                blockers.append(seat)
            else:
                direction = "right" if direction == "left" else "left"
            self._log("shield", seat, shield=shield, card="helicity", against=d["drawer"])
        self.tasks.insert(0, {"do": "helicity", "seat": d["drawer"], "direction": direction,
                              "ask": d["ask"], "blockers": blockers})
