"""The lean path's own loops (issue 17, item 1) fight exactly what the general code fights:
every turn of a fight with records off is fought both ways (``BootHillFight.fast_loop``
True and False), on many seeds of every bundled Boot Hill scenario (as declared and fought
on by tactics) and of generated ones, and the two must roll the same dice (roller, purpose,
faces, value, in order) and end in the same state (the ending, the clock, shots and hits,
and every man's whole state: condition, place, wounds, weapons, queue and cursor)."""

from __future__ import annotations

import pytest

from narrator import batch
from narrator.dice import SeededDice
from narrator.rulesets.boothill import shootout
from narrator.rulesets.boothill.fight import BootHillFight, profile_of
from narrator.rulesets.boothill.generate import generate, to_yaml
from narrator.scenario import load_scenario, load_scenario_text
from tests.conftest import EXAMPLES


class _Told(SeededDice):
    """Seeded dice that keep what they rolled: (roller, purpose, faces, value)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.told: list[tuple] = []

    def roll(self, who: str, purpose: str, sides: int) -> int:
        v = SeededDice.roll(self, who, purpose, sides)
        self.told.append((who, purpose, sides, v))
        return v


def _fought(ld, seed: int, fast: bool, tables_only: bool = False) -> tuple:
    dice = _Told(seed)
    fight = BootHillFight(ld.scenario, ld.side_of, dice, profile_of(ld.scenario, tables_only),
                          seed, record=False)
    fight.fast_loop = fast
    fight.run()
    men = [(f.name, f.condition, f.pos, f.wounds, f.wound_points, f.bruise_points,
            f.weapons, f.current_weapon, f.drawn, f.cursor, f.queue, f.fd_speed, f.fresh_draw,
            f.cocked, f.reload_streak, f.cover, f.landmark, f.prone, f.mounted, f.held_by,
            f.holding, f.dies_after_turn, f.in_darkness) for f in fight.fighters.values()]
    return (dice.told, dice.count, fight.ending, fight.elapsed, fight.shots_fired,
            sorted(fight.shots_by.items()), sorted(fight.hits_by.items()), fight.last_kind,
            fight.count_base, sorted(fight.gone_landmarks), repr(men))


def _variants() -> list[tuple[str, object, bool]]:
    out = []
    for p in sorted(EXAMPLES.glob("*.yaml")):
        ld = load_scenario(p)
        if ld.scenario.ruleset != "boothill":
            continue
        out += [(p.stem, batch.odds_scenario(ld), False),
                (p.stem + "/aggressive", batch.odds_scenario(ld, tactics="aggressive",
                                                             max_turns=20), False),
                (p.stem + "/cautious", batch.odds_scenario(ld, tactics="cautious",
                                                           max_turns=12), False),
                (p.stem + "/sniper-tables", batch.odds_scenario(ld, tactics="sniper",
                                                                max_turns=10), True)]
    for sides, setting, seed in (([("posse", 1), ("rustlers", 1)], "street", 7),
                                 ([("posse", 1), ("rustlers", 1)], "saloon", 3),
                                 ([("posse", 2), ("rustlers", 2)], "saloon", 5),
                                 ([("posse", 3), ("rustlers", 4)], "corral", 11),
                                 ([("law", 2), ("gang", 2), ("drifters", 2)], "saloon", 12),
                                 ([("a", 4), ("b", 4)], "canyon", 14)):
        ld = load_scenario_text(to_yaml(generate(sides, setting, seed)))
        out.append((f"generated {setting} {seed}", batch.odds_scenario(ld), False))
    return out


# Weapons with a wound modifier (Table 12; none in the bundled and generated scenarios), a
# bow and thrown knives, two guns, a rider, some cover: fought on by every profile.
ODD_WEAPONS = """\
title: Odd weapons at the creek
seed: 1
max_turns: 14
map:
  stump: {at: [3, 8], cover: {locations: [legs, abdomen]}}
sides:
  Hunters:
    - name: Ann Hide
      attributes: {str: 12, coo: 14, obs: 12, sta: 10, luck: 8}
      skills: {pistol: 2, rifle: 6, fast_draw: 2, tactics: 3}
      weapons: [{type: buffalo_rifle}, {type: single_action_revolver}]
      at: [0, 0]
      tactics: aggressive
    - name: Bo Musket
      attributes: {str: 14, coo: 11, obs: 10, sta: 12, luck: 12}
      skills: {rifle: 4, pistol: 3}
      weapons: [{type: trade_musket}, {type: derringer}]
      at: [0, 5]
      mounted: true
      tactics: cautious
  Braves:
    - name: Cy Bow
      attributes: {str: 11, coo: 15, obs: 14, sta: 10, luck: 10}
      skills: {archery: 7, throwing: 5}
      weapons: [{type: bow}, {type: thrown_knife}, {type: thrown_knife}]
      at: [9, 2]
      tactics: sniper
    - name: Dee Twin
      attributes: {str: 13, coo: 16, obs: 12, sta: 11, luck: 6}
      skills: {pistol: 5, fast_draw: 6}
      weapons: [{type: peacemaker}, {type: peacemaker}, {type: muzzle_loading_rifle}]
      at: [12, 6]
      tactics: lawman
"""


def _odd_variants() -> list[tuple[str, object, bool]]:
    """ODD_WEAPONS, and again with the profiles turned round (each man another's)."""
    turned = ODD_WEAPONS
    for a, b in (("aggressive", "@1"), ("cautious", "@2"), ("sniper", "@3"), ("lawman", "@4"),
                 ("@1", "lawman"), ("@2", "aggressive"), ("@3", "cautious"), ("@4", "sniper")):
        turned = turned.replace(f"tactics: {a}", f"tactics: {b}")
    return [(name, batch.odds_scenario(load_scenario_text(text)), False)
            for name, text in (("odd weapons", ODD_WEAPONS), ("odd weapons turned", turned))]


VARIANTS = _variants() + _odd_variants()


@pytest.mark.parametrize("name,ld,tables_only", VARIANTS, ids=[v[0] for v in VARIANTS])
def test_the_fast_loop_fights_what_the_general_code_fights(name, ld, tables_only) -> None:
    seeds = 15 if len(ld.scenario.sides) > 2 or sum(
        len(m) for m in ld.scenario.sides.values()) > 4 else 60
    for s in range(seeds):
        assert _fought(ld, s, True, tables_only) == _fought(ld, s, False, tables_only), \
            (name, s)


def test_the_fast_loop_is_the_one_fought(monkeypatch) -> None:
    """The comparison above compares something: the lean path takes the fast loop for the
    shootout turns of a duel fought to the end, and the general one when it is off."""
    calls = []
    lean = shootout.ShootoutTurns.lean_shootout_turn

    def counted(self, t, intents):
        calls.append(t)
        return lean(self, t, intents)

    monkeypatch.setattr(shootout.ShootoutTurns, "lean_shootout_turn", counted)
    ld = dict((v[0], v[1]) for v in VARIANTS)["luke-short/aggressive"]
    for s in range(10):
        _fought(ld, s, True)
    assert len(calls) >= 20
    calls.clear()
    for s in range(10):
        _fought(ld, s, False)
    assert calls == []
