"""Fuzzing: generated scenarios, valid and broken, through the loader and the engine (1,000 in
the default run, 10,000 under ``pytest -m slow``).

A valid scenario loads and fights to its end; a broken one is refused by the loader with a
located ScenarioError naming the file and what was broken; nothing else may escape. Generated with a private random.Random (fixed seed), so the run is
the same every time; hypothesis drives the smaller, shrinking property tests elsewhere.
"""

from __future__ import annotations

import json
import random

import pytest

from narrator.engine import run_fight
from narrator.errors import ScenarioError
from narrator.rulesets.boothill.tables import weapon_types, weapons
from narrator.scenario import load_scenario_text

from conftest import sizes

GAITS = ["walking", "running", "crawling", "evading", "trotting", None]
SHOTS = ["careful", "steady", "hip", "fanned"]


def character(rng: random.Random, name: str) -> dict:
    kinds = [w for w in weapon_types() if weapons()[w].kind in ("pistol", "long_arm")]
    return {
        "name": name,
        "attributes": {k: rng.randint(1, 20) for k in ("str", "coo", "obs", "sta", "luck")},
        "skills": {k: rng.randint(0, 10) for k in ("pistol", "rifle", "fast_draw", "tactics")
                   if rng.random() < 0.8},
        "weapons": [{"type": rng.choice(kinds)} for _ in range(rng.randint(1, 2))],
        "at": [rng.uniform(-30, 30), rng.uniform(-30, 30)],
        **({"cover": {"locations": rng.sample(["legs", "abdomen", "chest", "arms", "head"], 2),
                      "kind": rng.choice(["solid", "sporadic"])}} if rng.random() < 0.2 else {}),
        **({"mounted": True} if rng.random() < 0.1 else {}),
        **({"prone": True} if rng.random() < 0.05 else {}),
    }


def scenario(rng: random.Random) -> dict:
    names = [f"C{i}" for i in range(rng.randint(2, 6))]
    sides: dict[str, list] = {"north": [], "south": []}
    for i, n in enumerate(names):
        sides["north" if i % 2 == 0 else "south"].append(character(rng, n))
    turns = []
    for turn_no in range(rng.randint(1, 4)):
        kind = rng.choice(["combat", "shootout", "auto"])
        intents = {}
        for side, members in sides.items():
            foes = [c["name"] for s, m in sides.items() if s != side for c in m]
            for c in members:
                if rng.random() < 0.2:
                    continue
                intent: dict = {"shoot": rng.choice(foes)}
                if kind == "shootout":
                    revolver = weapons()[c["weapons"][0]["type"]].is_revolver
                    shots, counts = [], 0
                    while counts < 6:
                        st = rng.choice(SHOTS if revolver else SHOTS[:3])
                        cost = {"careful": 6, "steady": 3, "hip": 2, "fanned": 1}[st]
                        if counts + cost > 6:
                            break
                        shots.append(st)
                        counts += cost
                    intent["shots"] = shots or ["hip"]
                elif rng.random() < 0.3:
                    intent["shots"] = 2
                gait = rng.choice(GAITS)
                rider_afoot = (turn_no == 0 and c.get("mounted")
                               and gait in ("running", "crawling", "evading"))  # refused
                if gait and (gait not in ("trotting",) or c.get("mounted")) and not rider_afoot:
                    intent["move"] = {"gait": gait, "to": [rng.uniform(-30, 30), rng.uniform(-30, 30)]}
                if rng.random() < 0.1:
                    intent = {"reload": True}
                intents[c["name"]] = intent
        turns.append({"kind": kind, "intents": intents})
    return {"title": "fuzz", "ruleset": "boothill", "seed": rng.randint(0, 10**6),
            "night": rng.random() < 0.1, "sides": sides, "turns": turns,
            "max_turns": len(turns) + rng.randint(0, 2)}


def mutate(rng: random.Random, doc: dict) -> str | None:
    """Break something at random: a key, a type, a name, a number. Returns a piece of the
    message the loader must answer with, or None when the change leaves the scenario valid
    (a scripted to-hit die of 1 to 20)."""
    i = rng.randrange(len(doc["sides"]["north"]))
    c = doc["sides"]["north"][i]
    where = f"sides.north[{i}]"
    pick = rng.randrange(8)
    if pick == 0:
        c["attributes"].pop("coo")
        return f"{where}.attributes.coo: "
    if pick == 1:
        c["attributes"]["luck"] = rng.choice([-3, 0, 10**9, "lucky", None, [1]])
        return f"{where}.attributes.luck: "
    if pick == 2:
        c["weapons"][0]["type"] = "shotgn"
        return "unknown weapon type 'shotgn'"
    if pick == 3:
        doc["turns"][0]["intents"]["Nobody"] = {"shoot": "C0"}
        return "no character called 'Nobody'"
    if pick == 4:
        doc["turns"][0]["kind"] = "duel"
        return "turns[0].kind: 'duel' is not one of"
    if pick == 5:
        c["at"] = [1, 2, 3]
        return f"{where}.at: "
    if pick == 6:
        doc["sides"]["south"] = []
        return "sides.south: a side needs at least"
    die = rng.randint(-1, 25)
    doc["dice"] = {c["name"]: {"to_hit": [die]}}
    return None if 1 <= die <= 20 else f"scripted die {die} is not"


@pytest.mark.parametrize("n", sizes(1_000, 10_000))
def test_generated_scenarios_load_and_fight_or_are_refused_located(n):
    rng = random.Random(20261129)
    fought = refused = 0
    for i in range(n):
        doc = scenario(rng)
        expect = mutate(rng, doc) if i % 3 == 0 else None
        text = json.dumps(doc)  # JSON is YAML
        name = f"fuzz{i}.yaml"
        try:
            loaded = load_scenario_text(text, name)
        except ScenarioError as exc:
            assert expect is not None, f"{name}: a valid scenario refused: {exc.one_line()}"
            assert exc.path == name and exc.line is not None and exc.column is not None, exc
            assert 1 <= exc.line <= text.count("\n") + 1, exc.one_line()
            assert expect in exc.message, (expect, exc.one_line())
            refused += 1
            continue
        assert expect is None, f"{name}: not refused, expected {expect!r}"
        log = run_fight(loaded, dice_fallback="seeded")  # the engine refuses nothing here
        fought += 1
        assert log.events[-1].kind == "fight_ended"
    assert fought > n // 2 and refused > n // 5
