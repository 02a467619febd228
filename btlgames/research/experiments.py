"""A scheduled test from the roll to its consequences: hits, replications, bridges, null results.

A part of ResearchState (rules.py), kept in its own module to keep modules small.
"""
from __future__ import annotations

from . import board, cards
from .constants import BONUS_CAP, TRACK_MAX
from .terms import project_hits, success_faces, test_terms, tile_terms
from .actions import Reveal, Reward, Synthesis


class Experiments:
    def _do_reveal(self, p, a: Reveal, d):
        token = self.hidden.pop(a.hex)
        self._log("reveal", p, hex=a.hex, token=token or "nothing")
        if token == "anomaly":
            self.anomaly_at[a.hex] = self._draw_anomaly(board.field_of(a.hex))
            self._gain(p, {"D": 1})
        elif token in ("discovery", "null"):
            self.queue.insert(0, {"kind": "reward", "player": p, "token": token})

    def _do_reward(self, p, a: Reward, d):
        pl = self.players_[p]
        if a.choice == "technique":
            pl["technique"] += 1
        elif a.choice == "vp":
            pl["vp"] += 1
        elif a.choice.startswith("pair:"):
            self._gain(p, {a.choice[5:]: 2})
        else:
            self._gain(p, {a.choice: 1})
        self._log("reward", p, choice=a.choice)

    def _do_synthesis(self, p, a: Synthesis, d):
        if not a.attempt:
            return
        pl = self.players_[p]
        self.stats["synthesis_attempts"] += 1
        best = max((cards.projects()[t["card"]].technique for t in self.tiles if t["owner"] == p), default=0)
        bonus = min(BONUS_CAP, best + pl["rigor"] // 4)
        roll = self.chance.randint(1, 6)
        won = roll + bonus >= self.limit("synthesis_target")
        self._log("synthesis", p, roll=roll, bonus=bonus, won=won)
        if won:
            self.winner_by_synthesis = p
            self._finish("synthesis")

    def test_terms(self, p: int, theory: str, tile_uid: str, method: str) -> dict:
        """The terms the engine rolls against: ``terms.test_terms`` of what the public view shows."""
        return test_terms(self._test_table(), p, theory, tile_uid, method)

    def _test_table(self) -> dict:
        """The parts of the view a test's terms read, given as the state holds them (public, and of the
        view's shape): no copies."""
        return {"theories": self.theories, "players_": self.players_, "tiles": self.tiles,
                "anomalies": self.anomaly_at, "noise": self.noise, "wormholes": self.wormholes}

    def _run_test(self, p: int, s: dict) -> None:
        pl = self.players_[p]
        if pl["res"]["D"] < 1:
            self._log("test_lapsed", p, theory=s["theory"])
            return
        pl["res"]["D"] -= 1
        method = cards.methods()[s["method"]] if s["method"] else None
        tile = None
        for t in self.tiles:
            if t["uid"] == s["tile"]:
                tile = t
                break
        if method and method.clean_noise and tile:
            self._clean(tile["hex"], method.clean_noise)
        terms = tile_terms(self._test_table(), p, s["theory"], tile, s["method"])  # test_terms, the tile found
        roll = self.chance.randint(1, 6)
        total = roll + terms["bonus"] - terms["noise"] - terms["penalty"]
        pl["penalty"] = 0
        pl["technique"] = pl["insight"] = 0  # a discovery's Technique and a story's Insight: used by this test (K23, K28)
        self.stats["tests"] += 1
        success = total >= terms["difficulty"]
        self._log("test", p, theory=s["theory"], tile=s["tile"], method=s["method"], roll=roll, total=total,
                  difficulty=terms["difficulty"], bonus=terms["bonus"], noise=terms["noise"],
                  penalty=terms["penalty"], hex=terms["hex"], success=success)
        if success:
            self._success(p, s, tile, terms, method)
        else:
            self._null(p, s, terms, method)

    def _record(self, p: int, theory: str, kind: str) -> int:
        self.results.append({"player": p, "theory": theory, "kind": kind, "round": self.round,
                             "preprint": False, "journal": False})
        return len(self.results) - 1

    def _success(self, p: int, s: dict, tile, terms: dict, method) -> None:
        pl = self.players_[p]
        theory = s["theory"]
        th = self.theories[theory]
        card = cards.theories()[theory]
        pl["successes"] += 1
        if pl["successes"] == 1 and pl["hype"] > pl["rigor"] + 1 and not (method and method.no_artefact):
            pl["hype"] -= 1  # an artefact (K17)
            self.stats["artefacts"] += 1
            self._record(p, theory, "artefact")
            self._log("artefact", p, theory=theory, rigor=pl["rigor"], hype=pl["hype"] + 1)  # as it struck
            return
        self.stats["hits"] += 1
        th["kv"] += 1 + (method.success_kv_extra if method else 0)
        self._gain(p, dict(card.reward))  # 1. consensus and the card's reward
        if method:
            self._gain(p, dict(method.success_gain))
        self._record(p, theory, "hit")
        earlier = project_hits(th)
        tile_uid = tile["uid"] if tile else ""
        # a test without a project is a success of the theory but no project's: never a replication
        kind = ("no_project" if not tile else "first" if not earlier
                else "repetition" if tile_uid in earlier else "replication")
        th["hits"].append({"tile": tile_uid, "tester": p, "hex": terms["hex"]})
        self._log("hit", p, theory=theory, how=kind, kv=th["kv"])
        self.scoring = {"theory": theory, "how": kind, "projects": len(set(earlier) | {tile_uid}),
                        "first_hex": next((h["hex"] for h in th["hits"] if h["tile"]), ""),
                        "hex": terms["hex"], "project_field": terms["project_field"]}
        self.todo.insert(0, ["score", p])  # 3. and 4., once the reveal below is done
        if self._hidden_in(card.field):  # 2. reveal a hidden hex of the theory's field
            self.queue.insert(0, {"kind": "reveal", "player": p, "field": card.field})

    def _step_score(self, p):
        """A success's steps 3 and 4, after its reveal: a replication scores (or a repetition gives
        Rigor +1), then resolves a neighbouring anomaly of the theory's field."""
        s, self.scoring = self.scoring, {}
        if s["how"] == "replication":
            self._replication(p, s)
        elif s["how"] == "repetition":
            pl = self.players_[p]
            pl["rigor"] = min(TRACK_MAX, pl["rigor"] + 1)
            self.stats["repetitions"] += 1

    def _replication(self, p: int, s: dict) -> None:
        theory = s["theory"]
        th = self.theories[theory]
        card = cards.theories()[theory]
        owner = th["owner"]
        distinct = s["projects"]
        pl = self.players_[p]
        vp = {2: 3, 3: 2}.get(distinct, 0) if owner == p else {2: 2, 3: 2}.get(distinct, 0)
        pl["vp"] += vp + card.vp_per_replication
        if owner != p:
            self.players_[owner]["vp"] += vp
            self.players_[owner]["rigor"] = min(TRACK_MAX, self.players_[owner]["rigor"] + 1)
        pl["rigor"] = min(TRACK_MAX, pl["rigor"] + 1)
        th["replications"] = th.get("replications", 0) + 1
        self.counter += 1
        self.stats["replications"] += 1
        hex_ = s["hex"]
        self._clean(hex_, 1)
        noisy = max(self._neighbours(hex_), key=lambda h: (self.noise[h], -board.ORDER[h]))
        self._clean(noisy, 1)  # K19
        self._log("replication", p, theory=theory, owner=owner, vp=vp, extra=card.vp_per_replication,
                  counter=self.counter)
        project_field = s["project_field"]
        pair = sorted((project_field, card.field))
        bridges = self.players_[owner]["bridges"]
        if project_field != card.field and pair not in bridges:  # K20
            bridges.append(pair)
            self.stats["bridges"] += 1
            wormhole = not board.fields_adjacent(*pair)
            if wormhole:
                self.wormholes.append(sorted((s["first_hex"], hex_)))
                self.stats["wormholes"] += 1
            self._log("bridge", owner, fields=list(pair), wormhole=wormhole)  # a copy: the pair is one of the bridges
        for a in list(self.anomaly_at):
            if a in self._neighbours(hex_) and board.field_of(a) == card.field:
                anomaly = cards.anomalies()[self.anomaly_at.pop(a)]
                self._gain(p, dict(anomaly.reward))
                self._log("anomaly_solved", p, hex=a, anomaly=anomaly.id)

    def _null(self, p: int, s: dict, terms: dict, method) -> None:
        theory = s["theory"]
        th = self.theories[theory]
        self.stats["nulls"] += 1
        null_round = self.event and cards.events()[self.event].code == "null_results"
        drop = 0 if null_round else 1
        if method and method.null_kv_extra and th["kv"] >= 1:
            drop += method.null_kv_extra
        th["kv"] -= drop
        self._gain(p, {"S": 2 if null_round else 1})
        if method:
            self._gain(p, dict(method.null_gain))
        if terms["hex"]:
            self._add_noise(terms["hex"], 1)  # K15
        result = self._record(p, theory, "null")
        # K12: a journal pays a point for it only if some roll of the die would have been a success
        self.results[result]["could_succeed"] = success_faces(terms) > 0
        self._log("null", p, theory=theory, kv=th["kv"])
        if th["kv"] <= -2:
            self._remove_theory(theory, p)

    def _remove_theory(self, theory: str, tester: int) -> None:
        th = self.theories.pop(theory)
        owner = self.players_[th["owner"]]
        if owner["res"]["S"] >= 1:
            owner["res"]["S"] -= 1
            owner["vp"] += 1  # K16
            self.stats["falsified"] += 1
            self._log("falsified", th["owner"], theory=theory)
        else:
            self.stats["rejected"] += 1
            self._log("rejected", th["owner"], theory=theory)
        for q, pl in enumerate(self.players_):  # the other players' tests of it; the tester's has run
            if q != tester and pl["scheduled"] and pl["scheduled"]["theory"] == theory:
                pl["scheduled"] = None
                self._log("test_cancelled", q, theory=theory)
