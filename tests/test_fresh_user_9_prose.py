"""Story prose a fresh user (a GM who posts the write-ups unedited) found wrong, ninth round:
each test asserts the real text of a small scenario (his own, kept here), and failed on the
code before its fix."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from narrator.engine import run_fight
from narrator.render import Options, render
from narrator.scenario import load_scenario_text

REDROCK = """\
title: Noon at Red Rock Crossing
ruleset: boothill
seed: 4411
description: >-
  The Pruitt brothers and their hired man ride into Red Rock Crossing to settle
  accounts with the blacksmith. Sheriff Ada Crane is waiting for them on the
  boardwalk of the Mercantile, with her deputy and the smith behind her.
map:
  mercantile_porch: {at: [0, 0], name: the Mercantile porch, cover: {locations: [legs, abdomen], by: the porch rail}}
  smithy: {at: [6, 8], name: the smithy, cover: {locations: [legs, abdomen, chest, arms], by: the anvil}}
  water_tank: {at: [18, 4], name: the water tank, cover: {locations: [legs, abdomen, chest], by: the water tank}}
  wagon: {at: [26, -3], name: the freight wagon, cover: {locations: [legs], kind: light, reduction: 2, by: the wagon bed}}
  stable_door: {at: [34, 6], name: the stable door}
sides:
  townsfolk:
    - name: Sheriff Ada Crane
      short: Ada
      pronoun: she
      attributes: {str: 12, coo: 15, obs: 14, sta: 10, luck: 9}
      skills: {pistol: 6, fast_draw: 5, tactics: 4}
      weapons: [{type: double_action_revolver, name: Lightning}]
      at: mercantile_porch
      tactics: lawman
    - name: Deputy Walt Hobbs
      short: Walt
      attributes: {str: 14, coo: 12, obs: 11, sta: 12, luck: 6}
      skills: {rifle: 4, brawling: 3}
      weapons: [{type: lever_action_rifle}, {type: brass_knuckles}]
      at: [2, 1]
      tactics: cautious
    - name: Gus Lindqvist
      short: Gus
      attributes: {str: 17, coo: 10, obs: 9, sta: 15, luck: 7}
      skills: {brawling: 5, blades: 2}
      weapons: [{type: club, name: hammer}, {type: knife}]
      at: smithy
      tactics: aggressive
  pruitts:
    - name: Cole Pruitt
      short: Cole
      attributes: {str: 13, coo: 14, obs: 12, sta: 11, luck: 8}
      skills: {pistol: 5, fast_draw: 4}
      weapons: [{type: single_action_revolver, name: Colt}]
      at: [24, -2]
      tactics: aggressive
    - name: Jesse Pruitt
      short: Jesse
      attributes: {str: 11, coo: 13, obs: 10, sta: 9, luck: 10}
      skills: {pistol: 3, blades: 4}
      weapons: [{type: single_action_revolver}, {type: bowie_knife}]
      at: [20, 3]
      tactics: cautious
    - name: Amos "Dutch" Kroll
      short: Dutch
      attributes: {str: 15, coo: 11, obs: 13, sta: 13, luck: 5}
      skills: {rifle: 5}
      weapons: [{type: shotgun}]
      at: wagon
      tactics: coward
turns:
  - kind: combat
    intents:
      Ada: {other: 'calls out: "Throw down those guns, boys!"'}
      Walt: {move: {gait: walking, to: smithy}}
      Gus: {move: {gait: running, to: water_tank}}
      Cole: {shoot: Ada}
      Jesse: {move: {gait: running, to: water_tank}}
      Dutch: {shoot: Walt}
max_turns: 12
"""

FERRY = """\
title: Trouble at Haller's Ferry
ruleset: violence
seed: 77
description: >-
  Dusk at the ferry landing. The Ortega cousins have come for the payroll box, and
  the ferryman's boys are not inclined to hand it over.
map:
  landing: {at: [0, 0], name: the landing stage}
  woodpile: {at: [8, 6], name: the woodpile, cover: true}
  ferry_house: {at: [-6, 4], name: the ferry house, cover: true}
  cottonwoods: {at: [30, 12], name: the cottonwoods, cover: true}
groups:
  ortegas: {name: the Ortega cousins, morale: 6, leader: Luis Ortega, rout: flee}
  haller_boys: {name: the Haller boys, morale: 5, leader: Tom Haller, rout: surrender}
sides:
  ortega_cousins:
    - name: Luis Ortega
      short: Luis
      group: ortegas
      weapons: [{type: revolver}, {type: knife}]
      at: [28, 10]
      cover: cottonwoods
      tactics: aggressive
    - name: Rafa Ortega
      short: Rafa
      group: ortegas
      weapons: [{type: lever_action_carbine}]
      at: [30, 12]
      cover: cottonwoods
      tactics: sniper
    - name: Inés Ortega
      short: Inés
      pronoun: she
      group: ortegas
      weapons: [{type: coach_gun}]
      at: [26, 8]
      tactics: cautious
  hallers:
    - name: Tom Haller
      short: Tom
      group: haller_boys
      weapons: [{type: revolver}]
      at: [0, 0]
      tactics: lawman
    - name: Billy Haller
      short: Billy
      group: haller_boys
      weapons: [{type: single_shot_rifle}, {type: club, name: boat hook}]
      at: [-6, 4]
      cover: ferry_house
      tactics: cautious
    - name: Young Sam Haller
      short: Sam
      pronoun: they
      group: haller_boys
      weapons: [{type: axe}]
      at: [2, 1]
      tactics: coward
max_turns: 10
"""

MINE = (Path(__file__).resolve().parent / "scenarios" / "lost-deacon-mine.yaml").read_text(
    encoding="utf-8")


@lru_cache(maxsize=16)
def _fight(text: str, seed: int):
    return run_fight(load_scenario_text(text, "<fu11>"), seed)


def _story(log, fmt: str = "text", tense: str = "present") -> str:
    """`narrator run ... -m story -f FMT --tense TENSE`."""
    return render(log, fmt, "story", options=Options(tense=tense))


def _teaching(log, fmt: str = "text") -> str:
    return render(log, fmt, "teaching")


# ---------------------------------------------------------------- 1. moves told by a man down
def test_a_run_at_a_man_who_falls_first_is_no_flight_and_no_runaway_in_the_ending():
    """Old (seed 4412, turn 5): Gus runs 6 yd towards Dutch, who has just passed out, and the
    story said "Gus bolts from the fight." (away from Jesse, knocked cold in turn 3), and the
    ending "Ada, Walt and Gus are still standing. Gus is on the run.".
    (Seed 4667 since BN7 (a man at the shooter's landmark or within the open distance is read as uncovered) changed the fight: turn 6, Gus runs 6 yd towards Dutch, whom Walt's
    second bullet has just put out, with Jesse and Cole out before him.)"""
    text = _story(_fight(REDROCK, 4667))
    assert "Dutch sags down, senseless. Gus runs on." in text
    assert "bolts from the fight" not in text
    assert "on the run" not in text
    assert "the townsfolk have won it, and Ada, Walt and Gus are still standing." in text


def test_a_man_knocked_cold_is_nobody_to_back_away_from():
    """Old (seed 4412, turn 3): "Walt backs away from Jesse." with Jesse knocked cold earlier
    in the turn; seed 4414, turn 6: "Gus gives ground before Jesse." with Jesse out since
    turn 4. Now the nearest man still up is the reference."""
    # (seed 4429 turn 3 since BN7 (a man at the shooter's landmark or within the open distance is read as uncovered) changed the fight: Walt declared a walk away from Jesse, whom Gus
    # knocks cold before the walk; Cole is the nearest man still up)
    text = _story(_fight(REDROCK, 4429))
    assert "Walt backs away from Cole." in text
    # the prose, not the rolls block: Walt's declaration, made before Gus's blow, is "walks
    # away from Jesse, towards the open ground near the Mercantile porch" (true as declared)
    prose = "\n".join(line for line in text.splitlines() if not line.startswith((" ", "-")))
    assert "Walt backs away from Cole." in prose and "away from Jesse" not in prose
    assert "- Walt: walks away from Jesse, towards the open ground near the smithy" in text
    # (seed 4452 turn 6 since BN7 (a man at the shooter's landmark or within the open distance is read as uncovered) changed the fight, was 4594: Jesse, the nearest of the
    # Pruitts to Walt, knocked cold since turn 4, Cole out earlier in the turn; Dutch is the
    # man still up. Was "Gus eases back from Cole." of seed 4594)
    later = _story(_fight(REDROCK, 4452))
    assert "Walt eases back from Dutch." in later
    assert "before Jesse" not in later and "back from Jesse" not in later


# ---------------------------------------------------------------- 6. '"...boys!".'
def test_no_full_stop_after_a_quoted_call_that_ends_in_an_exclamation_mark():
    """Old (every seed, turn 1): 'Ada calls out: "Throw down those guns, boys!".' in the
    story, and '- **Ada**: calls out: "Throw down those guns, boys!".' in the declarations of
    every format and mode."""
    log = _fight(REDROCK, 4412)
    call = 'calls out: "Throw down those guns, boys!"'
    story = _story(log)
    assert f"Ada {call}\n" in story
    assert f"- Ada: {call}\n" in story
    for fmt in ("markdown", "bbcode", "html", "text"):
        for text in (_story(log, fmt), _teaching(log, fmt)):
            assert '!".' not in text and "!&#34;." not in text, fmt
    assert f"- **Ada**: {call}\n" in _teaching(log, "markdown")
    assert "- Ada: calls out: &#34;Throw down those guns, boys!&#34;<br>" in _story(log, "html")


def test_a_gm_action_without_its_own_stop_still_gets_one():
    """The other side of the rule: 'waits by the door' ends with a full stop."""
    text = _story(_fight(REDROCK.replace(
        """calls out: "Throw down those guns, boys!\"""", "waits by the door"), 4412))
    assert "- Ada: waits by the door.\n" in text
    assert "Ada waits by the door." in text


# ---------------------------------------------------------------- 2. the GM's own description
def test_the_past_tense_leaves_the_gms_description_word_for_word():
    """Old (`--tense past`): "to settle accounts with the blacksmith" came out "to settle
    accounted with the blacksmith", and "the plans of the railroad surveys lie on her desk"
    "the plans of the railroad surveyed lie on her desk". The GM's text is his own."""
    desc = ("The stage runs late and the town waits. Cole Pruitt wants the deed, and he means "
            "to have it. The brothers' horses stand at the rail; the wind blows dust across the "
            "street. Ada says: \"Not today.\" The sheriff's boots are new, and the plans of the "
            "railroad surveys lie on her desk.")
    scene = REDROCK.replace(REDROCK.split("description: >-\n")[1].split("map:")[0],
                            f"  {desc}\n")
    past = _story(_fight(scene, 4412), tense="past")
    assert f"\n\n{desc}\n\n" in past
    assert "surveyed" not in past
    text = _story(_fight(REDROCK, 4412), tense="past")
    assert "ride into Red Rock Crossing to settle accounts with the blacksmith." in text
    assert "accounted" not in text
    assert "Gus Lindqvist dived behind the water tank." in text  # the narrator's own: past


# ---------------------------------------------------------------- 3. a name takes "goes"
def test_a_they_characters_name_takes_the_singular_verb_and_their_pronoun_the_plural():
    """Old (Violence, `pronoun: they`, teaching, seed 77): "**Young Sam Haller** move to (26,
    8)", "**Sam** are Injured", "**Sam** go Down", and "one Injury mean one week of rest".
    (Re-pinned to seeds 73 and 93 when the coward's move to cover changed the fight.)"""
    text = _teaching(_fight(FERRY, 73), "markdown")
    assert "**Young Sam Haller** moves to the ferry house, into cover; they count as moving " \
           "this round." in text
    assert "under 10: **Sam** is Injured (one Injury now)." in text
    assert "10 or more: **Sam** goes Down." in text
    assert "if a doctor pulls them through, one Injury means one week of rest." in \
        _teaching(_fight(FERRY, 93), "markdown")


def test_no_template_agrees_a_verb_after_a_name_with_the_pronoun():
    """``n.verb`` agrees with a pronoun: right after ``n.name``/``n.short`` of the same man
    the verb is the singular one, written out."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    after_name = re.compile(r"n\.(?:name|short)\(([^()]*)\)(?:\|strong)? \}\} \{\{ n\.verb\(\1,")
    found = [str(p.relative_to(root)) for p in sorted(root.glob("**/templates/**/*.j2"))
             if after_name.search(p.read_text(encoding="utf-8"))]
    assert found == []


# ---------------------------------------------------------------- 4. "the townsfolk is"
def test_a_side_named_by_a_plural_noun_takes_plural_verbs():
    """Old (side key ``townsfolk``): "The townsfolk wins the initiative.", "*The townsfolk
    gets the first move.*", "the townsfolk has won it", "The townsfolk has the initiative",
    "only the townsfolk is still standing"."""
    from narrator.render import inflection

    assert [inflection.is_plural(x) for x in (
        "the townsfolk", "the kinsfolk", "the cattlemen", "the people", "the men",
        "the posse", "the gang")] == [True, True, True, True, True, False, False]
    # (seed 4463, was 4412, since BN7 (a man at the shooter's landmark or within the open distance is read as uncovered) changed the fight)
    story = _story(_fight(REDROCK, 4463))
    assert "Initiative: townsfolk 2, Pruitts 1. The townsfolk win the initiative." in story
    assert "\nThe townsfolk get the first move.\n" in story
    teaching = _teaching(_fight(REDROCK, 4411))
    assert "The townsfolk have the initiative; the Pruitts must declare first" in teaching
    assert "only the townsfolk are still standing" in teaching
    for text in (story, teaching):
        assert not any(f"townsfolk {v} " in text for v in ("is", "has", "gets", "wins", "holds"))


# ---------------------------------------------------------------- 5. phrases said twice
def test_two_men_coming_to_never_open_alike_nor_wake_with_one_head():
    """Old (seed 4411): "When it is over, Jesse comes to, sore but whole. When it is over,
    Dutch comes to, still bleeding."; seed 4413: "Later, Jesse and Dutch wake with an aching
    head." (one head for two men)."""
    # (seeds 4477 and 4429, were 4411 and 4413, since BN7 (a man at the shooter's landmark or within the open distance is read as uncovered) changed the fight; 4477 ends "When it is over, only Dutch
    # is still on his feet")
    text = _story(_fight(REDROCK, 4477))
    assert "Later, Jesse wakes up, sore and dazed. Cole comes round as well, still " \
           "bleeding." in text
    assert text.count("When it is over") == 1
    later = _story(_fight(REDROCK, 4429))
    assert "Later, Jesse and Dutch wake up, sore and dazed. Cole comes to as well, bloodied." \
        in later
    assert "aching head" not in later


def test_a_steady_shot_never_meets_a_steadier_pace():
    """Old (seed 4411, turn 4): "Ada never gets a steady shot off; the fight slows to a
    steadier pace."."""
    # (seed 4424, was 4411, since BN7 (a man at the shooter's landmark or within the open distance is read as uncovered) changed the fight)
    text = _story(_fight(REDROCK, 4424))
    # (the wording of a shot lost to the combat turn since fresh user 12: "loses ... left over
    # from the turn before", never "never gets a steady shot off" beside his next shots)
    assert "loses a steady shot left over from the turn before; the fight slows to a more " \
           "deliberate pace." in text
    assert "steadier" not in text


def test_buckshot_is_a_load_never_a_buckshot():
    """Old (seed 4418): "A buckshot from Dutch goes past Gus and away."."""
    # (seed 4485, was 4422 (4418 before it), since BN7 (a man at the shooter's landmark or within the open distance is read as uncovered) changed the fight)
    text = _story(_fight(REDROCK, 4485))
    assert "A load of buckshot from Dutch's shotgun goes past Ada and away." in text
    assert "A buckshot" not in text


def test_weird_west_smoke_and_a_chip_soaked_wound_are_told_once_and_fit_the_wound():
    """Old (Weird West): "six shots in a roar of smoke; it is all noise and smoke." (seed
    909); "luck blunts it, but it is still a heavy wound. ... luck spares her the worst of
    it, but it is still a heavy wound." (the same tail twice); "luck spares her the worst of
    it, but it is still a light wound" (seed 911: "still" of a light wound)."""
    # (re-pinned from seed 909 to 917 when a gun in hand was no longer drawn again)
    text = _story(_fight(MINE, 917))
    assert "two shots in one long roar; not one bullet finds flesh." in text
    assert "roar of smoke" not in text
    assert text.count("but it is still a heavy wound") == 1
    assert "luck takes the edge off it, though it leaves a terrible wound." in text
    # (seed 931 since 911 fights otherwise: no cover from a man at the same cover, WN27)
    light = _story(_fight(MINE, 931))
    assert "luck spares her the worst of it: only a light wound." in light
    for seed in (909, 910, 911, 912, 931):
        assert "still a light wound" not in _story(_fight(MINE, seed)), seed
