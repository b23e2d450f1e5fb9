"""Weird West house rules (``house_rules:``): a scenario changes the numbers of ``rules.toml``
and the rows of ``weapons.toml`` for one fight (errata W intro, W15). Each test fights the
same scripted duel with and without the house rule and checks the numbers it changes, worked
by hand; then the write-up, the profile and the fight hash, ``--profile tables``, and the
located errors."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from narrator.cli import app
from narrator.engine import run_fight
from narrator.errors import ScenarioError
from narrator.render import render
from narrator.rulesets.weird_west import scenario as S
from narrator.rulesets.weird_west import tables
from narrator.scenario import loader


def load(sc: dict):
    return loader.load_scenario_text(json.dumps(sc), "<string>")


def of(log, kind: str, **match) -> list:
    return [e for e in log.events if e.kind == kind
            and all(getattr(e, k) == v for k, v in match.items())]


def duel(plan, house=None, ann=None, bob=None, dice=None, **kw) -> dict:
    """Ann (shootin': pistol 1 on Deftness 1d6, a Peacemaker) against Bob 8 yards off, who
    does not vamoose; Ann holds the ace of spades, Bob the deuce of clubs."""
    a = {"name": "Ann", "at": [0, 0], "traits": {"deftness": "1d6", "quickness": "1d6",
                                                 "nimbleness": "1d6", "vigor": "1d6"},
         "aptitudes": {"shootin": {"pistol": 1}}, "weapons": [{"type": "colt_peacemaker"}],
         **(ann or {})}
    b = {"name": "Bob", "at": [8, 0], "traits": {"quickness": "1d6", "vigor": "1d6",
                                                 "nimbleness": "1d6"},
         "vamoose": False, **(bob or {})}
    d = {"Ann": {"cards": ["AS"], "quickness": [5]}, "Bob": {"cards": ["2C"], "quickness": [5]}}
    for who, ps in (dice or {}).items():
        d.setdefault(who, {}).update(ps)
    sc = {"title": "t", "ruleset": "weird-west", "seed": 1, "sides": {"a": [a], "b": [b]},
          "turns": [{"intents": {"Ann": plan}}], "dice": d, **kw}
    if house is not None:
        sc["house_rules"] = house
    return sc


AIM3 = [{"aim": "Bob"}, {"aim": "Bob"}, {"aim": "Bob"}, {"shoot": "Bob"}]
AIM_DICE = {"Ann": {"cards": ["AS", "KS", "QS", "JS"], "quickness": [6, 6, 6, 2],
                    "shootin": [2]}}


def test_aiming_max_4_caps_three_actions_of_aim_at_plus_4():
    """004 l.142-144: three actions of aiming give +6; ``aiming: {max: 4}`` caps them at +4.
    Quickness 6+6+6+2 = 20: three raises, four cards. The shot's die shows 2 against TN 5 (8
    yards, no increment): 2 + 6 = 8 hits by the book, 2 + 4 = 6 hits under the house rule."""
    book = run_fight(load(duel(AIM3, dice=AIM_DICE, dice_fallback="seeded")))
    house = run_fight(load(duel(AIM3, {"aiming": {"max": 4}}, dice=AIM_DICE,
                                dice_fallback="seeded")))
    assert [e.bonus for e in of(book, "ww_aimed")] == [2, 4, 6]
    assert [e.bonus for e in of(house, "ww_aimed")] == [2, 4, 4]
    b, h = of(book, "ww_shot")[0], of(house, "ww_shot")[0]
    assert (b.roll.total, h.roll.total) == (8, 6)
    assert [(m.name, m.value) for m in h.roll.modifiers] == [("aiming", 4)]


def test_a_weapon_row_changed_for_everyone_who_carries_one():
    """W15 by house rule: a Peacemaker with a 30-yard increment and 2d8: at 25 yards no full
    increment (TN 5; the book's 10 yards: 2, TN 7), and the hit rolls 2d8 (8 aces: 8 + 3, and
    5) = 16, two wounds on the guts (upper guts, 15)."""
    sc = duel([{"shoot": "Bob"}], {"weapons": {"peacemaker": {"range": 30, "damage": "2d8"}}},
              bob={"at": [25, 0]},
              dice={"Ann": {"shootin": [5], "location": [15], "damage": [8, 3, 5]},
                    "Bob": {"wind": [1, 1], "stun": [5]}})
    log = run_fight(load(sc))
    shot = of(log, "ww_shot")[0]
    assert (shot.tn, shot.increments, shot.hit) == (5, 0, True)
    dmg = of(log, "ww_damage")[0]
    assert dmg.dice[0].die == 8 and dmg.total == 16 and dmg.wounds == 2 and dmg.track == "guts"
    roster = of(log, "ww_roster")[0].fighters[0].weapons[0]
    assert (roster.range, roster.damage) == (30, "2d8")
    # a carried weapon's own field still wins over the house row
    sc["sides"]["a"][0]["weapons"] = [{"type": "colt_peacemaker", "range": 5}]
    sc["dice"]["Ann"] = {"cards": ["AS"], "quickness": [5], "shootin": [5]}
    sc["dice_fallback"] = "seeded"
    shot = of(run_fight(load(sc)), "ww_shot")[0]
    assert (shot.tn, shot.increments) == (10, 5)


def test_size_and_armor_by_house_rule():
    """W8: wounds = damage / Size; ``wounds: {size: 5}`` makes 3d6 = 10 two wounds (the book's
    Size 6: one). W9: ``cover: {armor: {wood: 1}}`` lowers the 3d6 one step (d4), not two
    (no damage below d4 with the book's Armor 2... d6 - 2 steps is nothing)."""
    plan = [{"shoot": "Bob"}]
    dice = {"Ann": {"shootin": [5], "location": [15], "damage": [4, 3, 3]},
            "Bob": {"wind": [1, 1], "stun": [5]}}
    book = of(run_fight(load(duel(plan, dice=dice, dice_fallback="seeded"))), "ww_damage")[0]
    five = of(run_fight(load(duel(plan, {"wounds": {"size": 5}}, dice=dice,
                                  dice_fallback="seeded"))), "ww_damage")[0]
    assert (book.total, book.size, book.wounds) == (10, 6, 1)
    assert (five.total, five.size, five.wounds) == (10, 5, 2)
    cover = {"bob": {"cover": {"material": "wood"}}}
    dice = {"Ann": {"shootin": [6, 1], "location": [7], "deflect": [2], "damage": [3, 2, 1]}}
    wood = duel(plan, dice=dice, bob=cover["bob"], dice_fallback="seeded")
    struck = of(run_fight(load(wood)), "ww_cover_struck")[0]
    assert (struck.armor, struck.lowered) == (2, ((6, 0),))
    wood["house_rules"] = {"cover": {"armor": {"wood": 1}}}
    log = run_fight(load(wood))
    struck = of(log, "ww_cover_struck")[0]
    assert (struck.armor, struck.lowered) == (1, ((6, 4),))
    assert of(log, "ww_damage")[0].dice[0].die == 4


def test_melee_must_exceed_by_house_rule_or_by_option():
    """W12: meeting the TN hits by the book; ``fightin: {must_exceed: true}`` (or the older
    ``options: {melee_must_exceed: true}``) wants more. Ann's fists against Bob (brawlin' 0):
    TN 5, the die shows 5."""
    plan = [{"fight": "Bob"}]
    ann = {"at": [7.5, 0], "aptitudes": {"fightin": {"brawlin": 1}}, "weapons": []}
    dice = {"Ann": {"fightin": [5], "location": [15], "damage": [1, 1]}}
    hit = of(run_fight(load(duel(plan, ann=ann, dice=dice, dice_fallback="seeded"))),
             "ww_fought")[0]
    assert hit.tn == 5 and hit.hit
    for extra in ({"house_rules": {"fightin": {"must_exceed": True}}},
                  {"options": {"melee_must_exceed": True}}):
        sc = duel(plan, ann=ann, dice=dice, dice_fallback="seeded")
        sc.update(extra)
        log = run_fight(load(sc))
        assert not of(log, "ww_fought")[0].hit
        assert log.events[0].profile == "house rules: fightin.must_exceed=true"


def test_no_sleeve_by_house_rule():
    """W3: an unplayed card goes up the sleeve; ``cards: {sleeve: 0}`` discards it."""
    plan = [{"hold": True}]
    book = run_fight(load(duel(plan, dice_fallback="seeded")))
    none = run_fight(load(duel(plan, {"cards": {"sleeve": 0}}, dice_fallback="seeded")))
    assert of(book, "ww_round_ended")[0].sleeves == (("Ann", "AS"), ("Bob", "2C"))
    assert of(none, "ww_round_ended")[0].sleeves == ()


def test_every_house_rule_key_lands_in_the_numbers_the_engine_reads():
    """Each overridable number, set to another value, is what ``tables.rules()`` gives inside
    the fight's house, and the book's value outside it."""
    for section, keys in S.overridable().items():
        for key, value in keys.items():
            subs = value.items() if isinstance(value, dict) else [(None, value)]
            for sub, v in subs:
                high = S.AT_MOST.get((section, key), 20)
                new = (not v) if isinstance(v, bool) else ([v[0], v[1] + 1]
                                                          if isinstance(v, list) else
                                                          (v + 1 if v < high else v - 1))
                if (section, key) in S.DIE_KEYS:
                    new = next(d for d in S.DIE_KEYS[section, key] if d != v)
                dotted = ".".join(p for p in (section, key, sub) if p)
                ld = load({**duel([{"hold": True}]),
                           "house_rules": {section: {key: {sub: new} if sub else new}}})
                house = S.house_of(ld.scenario)
                with tables.house(house):
                    got = tables.rules()[section][key]
                    got = got[sub] if sub else got
                assert got == new, dotted
                book = tables.rules()[section][key]
                assert (book[sub] if sub else book) == v, dotted


WRITEUP = duel([{"shoot": "Bob"}], {"aiming": {"max": 4},
                                    "weapons": {"colt_peacemaker": {"range": 12}}},
               dice={"Ann": {"shootin": [2]}}, dice_fallback="seeded")


def test_the_write_up_lists_each_house_rule_with_the_book_value_and_the_hash_changes():
    log = run_fight(load(WRITEUP))
    started = log.events[0]
    assert started.profile == "house rules: aiming.max=4, weapons.colt_peacemaker.range=12"
    assert [(r.subjects, r.value, r.why) for r in started.rulings] == [
        (("aiming.max",), "4", "6"), (("weapons.colt_peacemaker.range",), "12", "10")]
    for mode in ("teaching", "story"):
        for fmt in ("markdown", "text", "bbcode", "html"):
            text = render(log, fmt, mode)
            assert "aiming.max: 4" in text and "(the book: 6)" in text, (mode, fmt)
            assert "weapons.colt_peacemaker.range: 12" in text and "(the book: 10)" in text
    plain = {k: v for k, v in WRITEUP.items() if k != "house_rules"}
    other = run_fight(load(plain))
    assert other.rolls == log.rolls
    assert other.events[-1].dice_hash != log.events[-1].dice_hash
    assert other.events[0].profile == "tables" and other.events[0].rulings == ()


def test_profile_tables_ignores_the_house_rules(tmp_path):
    path = tmp_path / "h.yaml"
    path.write_text(json.dumps(WRITEUP), encoding="utf-8")
    r = CliRunner().invoke(app, ["run", str(path), "--profile", "tables", "--format", "text"])
    assert r.exit_code == 0, r.output
    assert "House rules in force" not in r.stdout and "(tables)" in r.stdout
    r = CliRunner().invoke(app, ["run", str(path), "--format", "text"])
    assert '- House rule "aiming.max: 4" (the book: 6).\n' in r.stdout


@pytest.mark.parametrize("house, where, words", [
    ({"aiming": {"maxx": 4}}, "house_rules.aiming.maxx", "unknown key 'maxx'; did you mean 'max'?"),
    ({"aimin": {"max": 4}}, "house_rules.aimin", "unknown key 'aimin'; did you mean 'aiming'?"),
    ({"weapons": {"peacmaker": {"range": 12}}}, "house_rules.weapons.peacmaker",
     "unknown weapon type 'peacmaker'; did you mean 'peacemaker'?"),
    ({"weapons": {"knife": {"range": 2}}}, "house_rules.weapons.knife.range",
     "a knife is not a gun: it has no range"),
    ({"weapons": {"peacemaker": {"range": 1}, "colt_peacemaker": {"rof": 2}}},
     "house_rules.weapons.colt_peacemaker", "given twice"),
    ({"aiming": {"max": -2}}, "house_rules.aiming.max", "should be at least 0"),
    ({"shootin": {"light": {"dim": 2}}}, "house_rules.shootin.light.dim",
     "should be at most 0"),
    ({"location": {"side_die": 7}}, "house_rules.location.side_die", "is not one of 4, 6"),
    ({"location": {"bands": []}}, "house_rules.location.bands", "unknown key 'bands'"),
    ({"roll": {"raise_step": 0}}, "house_rules.roll.raise_step", "should be at least 1"),
])
def test_a_bad_house_rule_is_one_located_line(house, where, words):
    sc = duel([{"hold": True}], house)
    text = json.dumps(sc, indent=1)
    with pytest.raises(ScenarioError) as e:
        loader.load_scenario_text(text, "h.yaml")
    err = e.value
    lines = text.splitlines()
    start = next(i for i, x in enumerate(lines) if '"house_rules"' in x)
    want = next(i for i, x in enumerate(lines) if i > start
                and f'"{where.split(".")[-1]}"' in x) + 1
    assert err.line == want and err.column >= 1, str(err)
    assert words in str(err) and "\n" not in str(err)


def test_a_house_rule_on_shots_lets_a_scenario_load_more():
    """The loaded-over-capacity check reads the house row: a 7-shot Peacemaker may be loaded
    with 7."""
    sc = duel([{"hold": True}], ann={"weapons": [{"type": "colt_peacemaker", "loaded": 7}]})
    with pytest.raises(ScenarioError, match="7 rounds loaded but a Colt Peacemaker holds 6"):
        load(sc)
    sc["house_rules"] = {"weapons": {"colt_peacemaker": {"shots": 7}}}
    assert load(sc).scenario.house_rules.weapons["colt_peacemaker"].shots == 7
