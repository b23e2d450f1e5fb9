"""Prose faults a fresh user found in session 17 (tests/fresh17: gas-quay.yaml, a Gaslight
fight on Wapping Stairs in a river fog; ww-mine.yaml; vio-ferry.yaml; bh-rider.yaml;
bh-knives.yaml), each checked over many seeds of the user's own fight.

* gas-quay: "His shot buries itself in the panelling beside Crane." and "Dodd, Silas and Ned
  lie senseless on the floor." on a quay in fog: the scene was judged indoors ("stairs" in
  "Wapping Stairs" was an indoors word, and river, fog, bollard were no outdoors words)."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest

from narrator.engine import run_fight
from narrator.render import Options, render
from narrator.scenario import load_scenario_text

HERE = Path(__file__).resolve().parent / "fresh17"


@lru_cache(maxsize=256)
def _run(name: str, seed: int):
    return run_fight(load_scenario_text((HERE / name).read_text(), name), seed)


@lru_cache(maxsize=256)
def _story(name: str, seed: int, tense: str = "present") -> str:
    return render(_run(name, seed), "markdown", "story", options=Options(tense=tense))


# ------------------------------------------------------------ 1. no indoor words outdoors
INDOORS = re.compile(r"on the floor|panelling|floorboards|ceiling|\bthe bar\b")


@pytest.mark.parametrize("tense", ["present", "past"])
def test_a_quay_in_fog_has_no_floor_nor_panelling(tense):
    """Seeds 100-119 of gas-quay.yaml told "on the floor"/"panelling" 19 times (and seed 1891
    "buries itself in the panelling beside Crane"); a river stair in fog is outdoors."""
    found = [(seed, m.group(0)) for seed in [1891, *range(100, 120)]
             for m in INDOORS.finditer(_story("gas-quay.yaml", seed, tense))]
    assert found == []


def test_a_river_scene_is_outdoors():
    from narrator.render.narrate import _scene

    text = (Path(__file__).resolve().parents[1] / "templates/common/vocabulary.toml").read_text()
    quay = _scene(text, "Murder on Wapping Stairs", "The river fog rolls up Wapping Stairs. "
                  "They are cornered at the top of the stairs, by the crates.",
                  (("crates", "the stacked crates"), ("bollard", "the iron bollard"),
                   ("warehouse_door", "the warehouse door")), "gaslight")
    ferry = _scene(text, "Trouble at Hanley's Ferry", "Morning fog lifts off the river.",
                   (("landing", "the ferry landing"), ("shed", "the tool shed")), "violence")
    saloon = _scene(text, "Knives at the Long Branch", "Words over a card game.",
                    (("bar", "the bar"), ("stairs", "the stairs")), "boothill")
    assert (quay[0], ferry[0], saloon[0]) == (False, False, True)


# ------------------------------------------------------------ 2. agreement and tense
def test_the_others_act_as_many():
    """ww-mine.yaml seed 68: "Penrose freezes as the others acts." (the verb agreed with
    {who}, the subject of the clause before). Penrose freezes so in seed 2 since Weird West
    tactics close on a man to reach and strike on one card (session 21)."""
    found = [(seed, m.group(0)) for seed in range(60, 80)
             for m in re.finditer(r"\bas the others \w+s\b", _story("ww-mine.yaml", seed))]
    assert found == []
    assert "Penrose freezes as the others act." in _story("ww-mine.yaml", 2)


CREW = re.compile(r"[^.]*\b[Tt]he Brandt gang\b[^.]*\.")


@pytest.mark.parametrize("tense", ["present", "past"])
def test_a_crew_keeps_one_number(tense):
    """vio-ferry.yaml seed 1 "the Brandt gang looks ready to run, but they hold on." and seed 7
    "Their number cut, the Brandt gang wavers, but they stand their ground.": a crew whose
    verbs are singular is never "they" in the same sentence."""
    found = [(seed, s.group(0).strip()) for seed in range(1, 31)
             for s in CREW.finditer(_story("vio-ferry.yaml", seed, tense))
             if re.search(r"\b(they|their|them)\b", s.group(0), re.I)
             and not re.search(r"\b(they|their|them)\b.*\bBrandt gang\b", s.group(0), re.I)]
    assert found == []


def test_a_lost_move_keeps_its_tense():
    """gas-quay.yaml seed 1: "Getting his sawn-off shotgun out cost Ned the move he means to
    make." in the present tense (cost read as the past beside "means")."""
    bad = {"present": re.compile(r" out cost \w+|had meant to make"),
           "past": re.compile(r" out costs \w+|means to make|mean to make")}
    seen, found = 0, []
    for tense in ("present", "past"):
        for seed in range(1, 21):
            text = _story("gas-quay.yaml", seed, tense)
            seen += "the move" in text
            found += [(tense, seed, m.group(0)) for m in bad[tense].finditer(text)]
    assert seen and found == []
    # (main's own fix landed alongside: "Ned loses the move he means to make getting his
    # sawn-off shotgun out", one tense throughout)
    assert "Ned loses the move he means to make getting his sawed-off shotgun out." in \
        _story("gas-quay.yaml", 1)
    assert "Ned lost the move he meant to make getting his sawed-off shotgun out." in \
        _story("gas-quay.yaml", 1, "past")


def test_a_they_character_before_an_aside_is_named():
    """bh-knives.yaml seed 3, past tense: "They, already on the floor, were out cold." (Kit,
    a they-character: "They," opening an aside reads as two men)."""
    found = [(seed, m.group(0)) for seed in range(1, 31)
             for m in re.finditer(r"(?:^|[.!?] )They, [^.]*\.", _story("bh-knives.yaml", seed, "past"))]
    assert found == []
    assert "Kit, already on the floor, was out cold." in _story("bh-knives.yaml", 3, "past")


# ------------------------------------------------------------ 5. said twice, or said wrong
def test_an_aim_waits_once():
    """ww-mine.yaml seed 68: "He sights along the barrel at Tommyknocker and waits. He waits,
    still lined up on Tommyknocker." (w_aim then w_aim_again, both "wait")."""
    found = [(seed, m.group(0)) for seed in range(1, 81)
             for m in re.finditer(r"\bwaits?\.\s+\w+ waits?\b", _story("ww-mine.yaml", seed))]
    assert found == []


def test_a_man_fallen_from_a_smashed_leg_does_not_go_down_again():
    """ww-mine.yaml seed 2: "she falls, the leg smashed. She goes down gasping and stays
    down." (the Wind she lost was told as a second fall: now "She stays flat on the ground, too spent
    to rise.", a leg's Wind the shock of it, not her breath)."""
    found = [(seed, m.group(0)) for seed in range(1, 81)
             for m in re.finditer(r"the leg smashed\.\s+[^.]*\b(goes down|sags down|collapses|"
                                  r"folds up|legs give out|drops)\b[^.]*\.",
                                  _story("ww-mine.yaml", seed))]
    assert found == []
    # (re-pinned: "already down" is said of a man out of the fight; one lying on the ground
    # stays flat, fresh user 23)
    assert "she falls, the leg smashed. She stays flat where she lies, too spent to rise." in \
        _story("ww-mine.yaml", 2)


def test_a_missed_blow_does_not_glance_off():
    """bh-rider.yaml seed 42: "Jack rides the blow from Ellen, and it glances off." of a punch
    that missed (a glancing blow is a hit)."""
    from narrator.render.phrases import _toml

    root = Path(__file__).resolve().parents[1]
    tables = [root / "templates/common/phrases.toml",
              *sorted((root / "narrator/rulesets").glob("*/templates/phrases.toml"))]
    bad = [(group, p) for t in tables for group, ps in _toml(t.read_text()).items()
           if group.endswith("_miss") and isinstance(ps, list)
           for p in ps if re.search(r"glance|graze|nick|clip", p)]
    assert bad == []
    found = [seed for seed in range(30, 60) if "glances off" in _story("bh-rider.yaml", seed)
             and "rides the blow" in _story("bh-rider.yaml", seed)]
    assert found == []


# ------------------------------------------------------------ 3. claws, and a man flat
def test_hooked_claws_never_bite():
    """ww-mine.yaml seeds 66, 100, 101, 103: the Tommyknocker's "hooked claws" (type claws)
    told as "Tommyknocker lunges and bites Hettie in the stomach"; nor "dead hands" of a
    creature that is not the walking dead."""
    found = [(seed, m.group(0)) for seed in [66, *range(95, 125)]
             for m in re.finditer(r"[^.]*\b(bites?|bit|teeth|dead hands|black nails)\b[^.]*\.",
                                  _story("ww-mine.yaml", seed))]
    assert found == []
    assert "Tommyknocker lunges and claws Hettie in the stomach" in _story("ww-mine.yaml", 66)


PRONE = re.compile(r"flat on \w+ belly|lying low|pressed to the|pressed flat|\bstays? low|"
                   r"\blies? flat|hugging the|Down in the dirt|Down on the floor|"
                   r"keeps? \w+ head down")
DOWN = re.compile(r"\b(dive|dives|diving|flat|throws? \w+ (down|aside)|drops?|goes down|"
                  r"falls?|fell|prone|ground|dirt|floor|off (his|her|their) feet|knocks? \w+ down)\b")


def test_a_man_told_flat_was_told_going_down():
    """ww-mine.yaml seed 66 round 6: "His arrow passes over Tommyknocker, who is flat on their
    belly." when the story never said they went down (a failed dive: WN15 leaves him prone,
    and the shot missed for it, 004 l.117): now "Tommyknocker throws themselves flat, and
    Two-Feathers's arrow passes over them."."""
    found = []
    for seed in [66, *range(1, 41)]:
        log = _run("ww-mine.yaml", seed)
        shorts = {c.name: c.short or c.name for c in log.events[0].characters}
        sents = re.split(r"(?<=[.!?])\s+", _story("ww-mine.yaml", seed))
        for i, sent in enumerate(sents):
            if not PRONE.search(sent):
                continue
            who = [s for s in shorts.values() if s in sent]
            told = any(DOWN.search(x) and any(w in x for w in who) for x in sents[:i])
            if who and not told:
                found.append((seed, sent))
    assert found == []


# ------------------------------------------------------------ 4. a rider's words
FOOT = re.compile(r"\b(dives?|runs?(?! at )|sidesteps?|staggers?|twists? away|stumbles?|"
                  r"scrambles?|keeps? her feet|on her feet|legs? buckles?)\b")


def _ellen_afoot(seed: int) -> list[str]:
    """The sentences of bh-rider.yaml (``seed``) where Sheriff Ellen Marsh, in the saddle from
    the start to the end of every one of these fights' first turns told, is the subject of a
    verb of a man on foot (the last name before the verb is hers)."""
    out = []
    for sent in re.split(r"(?<=[.;])\s+", _story("bh-rider.yaml", seed)):
        m = FOOT.search(sent)
        if m and "at a run" not in sent:
            names = re.findall(r"\b(Ellen|Jack|Billy|Reese)\b", sent[:m.start()])
            if names and names[-1] == "Ellen":
                out.append(sent)
    return out


def test_a_rider_struck_at_and_missed_keeps_her_seat():
    """bh-rider.yaml seed 104: "Jack lunges with the Bowie knife; Ellen sidesteps it." and
    "Ellen twists away from Jack's Bowie knife." of the mounted sheriff (15 of 30 fights,
    seeds 100-129): a rider reins clear or swings her horse away."""
    found = [(seed, s) for seed in range(100, 130) for s in _ellen_afoot(seed)]
    assert found == []
    assert "Jack lunges with the Bowie knife, but Ellen reins clear of it." in \
        _story("bh-rider.yaml", 104)
