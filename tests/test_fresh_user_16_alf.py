"""Two wrong facts a fresh user found with tests/fresh16/street.yaml (Boot Hill, seed 4242).

* Turn 3: Alf Marlow (aggressive, on his feet, the second of his two thrown knives loaded,
  2.2 yards from Hattie) had no declaration at all. "weapon: thrown_knife" named the first
  knife, thrown in turn 1 and lying where it fell, so no intent could name the second
  (``tactics._addressable``): his profile had no weapon to choose, nothing to reload and was
  already near enough, and gave him nothing. An intent's weapon is now the first of that name
  or type he still carries (``BootHillFight.weapon_index``): he throws the second knife (with
  his other hand: his gun arm is seriously wounded), then goes in with the Bowie.
* Turn 4: teaching said "**Alf** walks towards Hattie: 0.5 yards of 0.5" of a walk from
  [12.1, 2.5] to [12.59, 2.6], away from Hattie at [10, 2] (the story: "Alf eased back from
  Hattie"). A move's point within 3 yards of the nearest enemy made it "towards" him, nearer
  or not (``Narration.heading``): "towards X" is said only of a move that ends nearer X, and
  a tactics move recorded without its point that ends farther from the nearest enemy says
  "away from X" (``Narration.leaving``)."""

from __future__ import annotations

import math
import re
from functools import lru_cache
from pathlib import Path

import pytest

from narrator.engine import run_fight
from narrator.events import FightLog
from narrator.render import render
from narrator.rulesets.boothill import tactics
from narrator.rulesets.boothill.generate import text as generated
from narrator.scenario import load_scenario_text

STREET = Path(__file__).resolve().parent / "fresh16" / "street.yaml"
#: the fight the user read (``narrator run street.yaml --format json``, seed 4242), saved
#: before Alf's second knife could be named: it has the walk back from Hattie in turn 4
BEFORE = Path(__file__).resolve().parent / "fresh16" / "street-4242-before-fix.json"


@lru_cache(maxsize=64)
def _log(text: str, seed: int):
    return run_fight(load_scenario_text(text, "<fight>"), seed)


def _moves_said(log) -> list[tuple[str, str, str, float, float]]:
    """Each teaching move line that names a man after "towards" or "away from": (mover,
    "towards"/"away from", the man named, his distance from the mover before the move, after
    it), the positions followed through the log (the start, then each move's end) and each
    move matched to its line by the mover's name, in order."""
    started = log.events[0]
    short = {c.name: c.short or c.name for c in started.characters}
    side = {c.name: c.side for c in started.characters}
    by_short = {v: k for k, v in short.items()}
    pos = {c.name: tuple(c.at) for c in started.characters}
    lines = [ln for ln in render(log, "markdown", "teaching").splitlines()
             if re.match(r"\*\*[^*]+\*\* (walks|runs|crawls|trots|gallops|evades)", ln)]
    out = []
    for e in log.events:
        if e.kind != "moved":
            continue
        mine = [ln for ln in lines if ln.startswith(f"**{short[e.character]}** ")]
        assert mine, (e, lines)
        line = mine[0]
        lines.remove(line)
        m = re.search(r" (towards|away from) ([^:,]+?)[:,]", line)
        if m and m.group(2) in by_short and side[by_short[m.group(2)]] != side[e.character]:
            o = pos[by_short[m.group(2)]]
            out.append((e.character, m.group(1), by_short[m.group(2)],
                        math.dist(tuple(e.start), o), math.dist(tuple(e.end), o)))
        pos[e.character] = tuple(e.end)
    return out


def test_alfs_walk_back_from_hattie_is_told_away_from_her():
    log = FightLog.from_json(BEFORE.read_text())
    text = render(log, "markdown", "teaching")
    assert ("**Alf** walks away from Hattie, towards the open ground near the water trough: "
            "0.5 yards of 0.5 (wounds: a run would go no farther than a walk; wounded right "
            "leg halves it).") in text
    assert "**Alf** walks towards Hattie" not in text


@pytest.mark.parametrize("setting", ["street", "saloon", "canyon", "corral"])
def test_towards_a_man_only_when_the_move_ends_nearer_him(setting):
    """40 generated fights (10 seeds in each of four settings, 3 on 3, tactics throughout):
    every teaching move line "towards X" ends nearer X than it started, every "away from X"
    farther; the user's street fight's "away from Hattie" among them."""
    said = []
    for seed in range(10):
        text = generated([("posse", 3), ("gang", 3)], setting, seed, 12, "g")
        said += _moves_said(_log(text, seed))
    said += _moves_said(FightLog.from_json(BEFORE.read_text()))
    assert said
    wrong = [s for s in said if (s[1] == "towards") != (s[4] < s[3])]
    assert not wrong, wrong
    assert ("Alf Marlow", "away from", "Hattie Boone") in [s[:3] for s in said]


KNIVES = "weapons: [{type: thrown_knife}, {type: thrown_knife}, {type: bowie_knife}]"


def _knife_men(text: str) -> str:
    """A generated fight with every third man armed as Alf (two thrown knives and a Bowie
    knife, Throwing 6 and Blades 4 for everyone)."""
    n = [0]

    def arm(m: re.Match) -> str:
        n[0] += 1
        return KNIVES if n[0] % 3 == 1 else m.group(0)

    text = re.sub(r"weapons: \[.*\]", arm, text)
    text = re.sub(r"(, )?blades: \d+", "", text)
    return re.sub(r"skills: \{", "skills: {throwing: 6, blades: 4, ", text)


def test_alf_throws_his_second_knife_and_is_never_left_without_a_declaration():
    log = _log(STREET.read_text(), 4242)
    text = render(log, "markdown", "teaching")
    assert "- **Alf**: throws his knife at Hattie, a careful throw (tactics)." in text
    assert ("**Alf** throws his knife at **Hattie** (a careful throw), just over 2 "
            "yards away. Base chance to hit 22 (Coordination 16 + Throwing 6); long range "
            "\u22122; two light wounds \u22122; serious wound \u22124; wrong hand \u22122 (his "
            "throwing arm is seriously wounded: thrown with the other hand).") in text
    declared = {(e.turn, e.character) for e in log.events if e.kind == "intent_declared"}
    up, turn = set(), 0
    for e in log.events:
        if e.kind == "turn_started":
            turn = e.turn
        if e.kind == "turn_ended":
            up = {st.name for st in e.status if st.condition == "active"}
        if e.kind == "turn_started" and turn > 1 and "Alf Marlow" in up:
            assert (turn, "Alf Marlow") in declared, turn


@pytest.mark.parametrize("setting", ["street", "saloon", "canyon", "corral"])
def test_a_loaded_weapon_is_always_one_an_intent_can_name(monkeypatch, setting):
    """40 generated fights (10 seeds a setting, 3 on 3, tactics throughout, every third man
    with two thrown knives and a Bowie knife): whenever a profile decides for a man, each
    loaded weapon of his is named, by its name or type, as a loaded weapon (the first of that
    name or type he still carries). Before: the first knife, thrown and lying where it fell
    (or picked up by another), kept the name, and the profiles never saw the second: 152
    decisions in these fights left a man up with nothing to do (14 now, none for a weapon)."""
    seen = []
    decide = tactics.decide

    def spy(fight, turn, f):
        for i, ws in enumerate(f.weapons):
            if tactics.usable(ws) and not ws.gone:
                named = fight.weapon_index(f, ws.spec.name or ws.spec.type)
                seen.append((f.name, turn, ws.name, tactics.usable(f.weapons[named])))
        return decide(fight, turn, f)

    monkeypatch.setattr(tactics, "decide", spy)
    for seed in range(10):
        text = _knife_men(generated([("posse", 3), ("gang", 3)], setting, seed, 12, "g"))
        run_fight(load_scenario_text(text, "<fight>"), seed)
    assert any(w == "thrown knife" for _, _, w, _ in seen)
    assert [s for s in seen if not s[3]] == []
