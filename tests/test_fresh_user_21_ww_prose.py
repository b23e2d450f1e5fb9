"""Weird West write-up defects a fresh user reported (session 21, tests/fresh21/: a gambler
with two Colts against a drifter with a knife). Each test scans seeds and fails on the code
before its fix."""

from __future__ import annotations

import re
from pathlib import Path

from narrator.engine import run_fight
from narrator.render import render
from narrator.scenario import load_scenario_text

HERE = Path(__file__).resolve().parent / "fresh21"


def _run(name: str, seed: int, mode: str = "story") -> str:
    log = run_fight(load_scenario_text((HERE / name).read_text(), name), seed)
    return render(log, "markdown", mode)


def _rounds(text: str) -> list[tuple[str, str]]:
    """(story prose, rolls block) of each round of a story-mode write-up."""
    out = []
    for chunk in re.split(r"^## Round \d+\n", text, flags=re.M)[1:]:
        prose, _, rolls = chunk.partition("||**Rolls")
        out.append((prose, rolls))
    return out


DUCK = re.compile(r"\bduck|\bdodg|twist\w* clear|throws? \w+ aside", re.I)


def test_a_plain_miss_is_never_told_as_a_duck():
    """ww-twoguns seeds 2 and 5, round 1: "He ducks as Sutter's bullet goes over." of a plain
    miss (the rolls: fail, miss; no vamoose). Over 40 seeds of two scenarios: a round whose
    prose ducks or dodges a man has a vamoose (or a duck to cover) in its rolls."""
    bad = []
    for name in ("ww-twoguns.yaml", "ww-twoguns-tac.yaml"):
        for seed in range(1, 21):
            for i, (prose, rolls) in enumerate(_rounds(_run(name, seed)), 1):
                for sentence in re.split(r"(?<=[.!?])\s+", prose):
                    if DUCK.search(sentence) and not re.search(r"vamoose|duck|dodge", rolls):
                        bad.append((name, seed, i, sentence))
    assert bad == []


def test_a_shot_under_a_yard_is_never_about_0_yards():
    """ww-twoguns-b (teaching, its own seed, round 1): "fires his Colt Peacemaker at **Crowe**,
    about 0 yards away" of a shot at 0.2 yd. Every ruleset's wording (yards; feet under 10
    yards; feet only, Gaslight) of a distance under a yard or a foot says so; none rounds to
    0, nor a part of a yard up to a whole one."""
    from narrator.render.teaching import gm_distance
    # (since the knife strikes on its walk's card, Crowe no longer stands 0.2 yd off when
    # Sutter fires: he starts there)
    close = (HERE / "ww-twoguns-b.yaml").read_text().replace("      at: [8, 2]\n",
                                                               "      at: [0.2, 0]\n")
    for seed in (1, 2, 3, 4, 6):
        text = render(run_fight(load_scenario_text(close, "ww-twoguns-b.yaml"), seed),
                      "markdown", "teaching")
        assert "fires his Colt Peacemaker at **Crowe**, less than a yard away: TN 5." in text
        assert not re.search(r"\babout 0 |\b0 (?:yards|feet) away", text)
    for y in (0, 0.01, 0.2, 0.49, 0.5, 0.8, 0.94):
        assert gm_distance(y, feet=False) == "less than a yard"
    for y in (0, 0.1, 0.16, 0.3):
        assert gm_distance(y) == gm_distance(y, feet_only=True) == "less than a foot"
    assert gm_distance(1, feet=False) == gm_distance(0.97, feet=False) == "1 yard"
    assert gm_distance(1 / 3) == "1 foot"


BREATH = re.compile(r"breath|gasping|lungs|\bwind\b|winded", re.I)
LIMB = re.compile(r"\b(?:arm|forearm|leg|hand|shoulder|thigh|knee|foot|wrist|elbow|shin|calf)\b")


def test_wind_lost_to_an_arm_or_leg_hit_is_never_told_as_breath():
    """An arm hit's lost Wind told as "short of breath" (phrases tagged <torso>, given
    <torso> for every place but the head). ww-twoguns-draw2 seed 30: "Sutter's bullet catches
    Crowe through the left forearm; it knocks the wind out of him, nothing worse." Every
    phrase of a Wind group that fits an arm or a leg is free of breath words (a blow to the
    body keeps them), and the fight tells the shock of it."""
    from narrator.render.phrases import Phrases
    import tomllib
    root = Path(__file__).resolve().parent.parent
    table = {**tomllib.loads((root / "templates/common/phrases.toml").read_text()),
             **tomllib.loads((root / "narrator/rulesets/weird_west/templates/phrases.toml")
                             .read_text())}
    p = Phrases(table, 1)
    groups = ("w_chip_wind", "w_scratch_wind", "w_chip_winded", "w_scratch_winded",
              "w_winded", "w_winded_floored")
    for group in groups:
        for where in ("arm", "leg"):
            for ctx in ({where}, {where, "up"}, {where, "out"}, {where, "in", "up"}):
                fits = p.fitting(group, ctx)
                assert fits and not [x for x in fits if BREATH.search(x)], (group, ctx, fits)
        assert [x for x in p.fitting(group, {"torso", "up"}) if BREATH.search(x)], group
    text = _run("ww-twoguns-draw2.yaml", 30)
    told = [s for s in re.split(r"(?<=[.!?])\s+", text) if LIMB.search(s.split(";")[0])
            and ";" in s]
    assert [s for s in told if "forearm" in s and "shock of it" in s], told
    assert not [s for s in told if BREATH.search(s.split(";", 1)[1])], told


def _variant(weapons: str, seed: int, mode: str) -> str:
    text = (HERE / "ww-twoguns.yaml").read_text().replace(
        "weapons: [{type: colt_peacemaker}, {type: colt_peacemaker}]", f"weapons: {weapons}")
    return render(run_fight(load_scenario_text(text, "ww-twoguns.yaml"), seed), "markdown", mode)


def test_a_two_gun_shot_with_the_twin_holstered_says_it_is_holstered():
    """ww-twoguns (teaching, seed 5): "**Sutter** (3♥) tries to shoot at Crowe but has no
    second pistol in hand (Colt Peacemaker)" named the gun he held, and the rolls said "shoot,
    no second gun" of a man whose second Colt was in its holster (seed 1 since the knife
    strikes on its walk's card). Why he fires one gun is told as it is: his other pistol
    holstered, none carried, or a gun that takes both hands."""
    text = _run("ww-twoguns.yaml", 1, "teaching")
    assert ("**Sutter** (7♦) means to shoot two guns at Crowe, but his other Colt Peacemaker "
            "is still holstered: he fires one.") in text
    story = _run("ww-twoguns.yaml", 1)
    assert "Sutter (7♦): two guns, one fired (the other Colt Peacemaker holstered)" in story
    for seed in range(1, 11):
        for mode in ("teaching", "story"):
            assert not re.search(r"no second (?:pistol|gun)", _run("ww-twoguns.yaml", seed, mode))
    one = _variant("[{type: colt_peacemaker}]", 1, "teaching")
    assert "means to shoot two guns at Crowe, but he has no second pistol: he fires one." in one
    rifle = _variant("[{type: winchester_73}, {type: colt_peacemaker}]", 1, "teaching")
    assert re.search(r"means to shoot two guns at Crowe, but his Winchester[^.]* takes both "
                     r"hands: he fires one\.", rifle), rifle


def test_a_twin_drawn_with_its_fellow_in_hand_is_his_other_gun():
    """"That is the last round in Sutter's Colt. Sutter pulls his Colt." (ww-twoguns-tac seed
    7, round 3) and "Sutter draws his Colt Peacemaker." (ww-twoguns-draw2 seed 16) of a man
    with one Colt in hand already: the prose could not tell his two Colts apart. Over 20
    seeds of both (the first Colt starts in hand, so every draw is of the twin): every draw
    told says "other"."""
    assert "That is the last round in Sutter's Colt. Sutter pulls his other Colt." in \
        _run("ww-twoguns-tac.yaml", 7)
    assert "Sutter draws his other Colt Peacemaker." in _run("ww-twoguns-draw2.yaml", 16)
    assert "**Sutter** (J♦) draws his other Colt Peacemaker: that is the action." in \
        _run("ww-twoguns-draw2.yaml", 16, "teaching")
    draws = 0
    for name in ("ww-twoguns-tac.yaml", "ww-twoguns-draw2.yaml"):
        for seed in range(1, 11):
            teaching = _run(name, seed, "teaching")
            assert not re.search(r"(?:draws|goes for) his Colt", teaching), (name, seed)
            draws += len(re.findall(r"(?:draws|goes for) his other Colt", teaching))
            prose = "".join(p for p, _ in _rounds(_run(name, seed)))
            assert not re.search(r"(?:draws|pulls|fumbles for|grip of|has) his Colt|Sutter's "
                                 r"Colt[^.]* clears leather", prose), (name, seed)
    assert draws >= 10, draws
