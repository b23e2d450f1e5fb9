"""Rough edges a fresh user found, each reproduced: per-turn file names, ..."""

from __future__ import annotations

import re

from conftest import EXAMPLES, ROOT


def test_per_turn_files_are_named_by_turn_and_message(run_cli, tmp_path):
    shotgun = EXAMPLES / "shotgun-gang.yaml"
    (tmp_path / "a").mkdir()
    r = run_cli(shotgun, "run", "--per-turn", "--discord", "-o", str(tmp_path / "a"))
    assert r.exit_code == 0, r.stderr
    names = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert names[:4] == ["shotgun-gang-turn01-01.md", "shotgun-gang-turn01-02.md",
                         "shotgun-gang-turn01-03.md", "shotgun-gang-turn02-01.md"]
    assert {n.split("-")[2] for n in names} == {f"turn0{t}" for t in range(1, 6)}
    assert (tmp_path / "a" / "shotgun-gang-turn01-01.md").read_text().startswith("# ")
    (tmp_path / "b").mkdir()
    r = run_cli(shotgun, "run", "--per-turn", "-o", str(tmp_path / "b"))
    assert sorted(p.name for p in (tmp_path / "b").iterdir()) == [
        f"shotgun-gang-turn0{t}.md" for t in range(1, 6)]
    (tmp_path / "c").mkdir()  # one write-up in Discord messages: numbered messages
    r = run_cli(shotgun, "run", "--discord", "-o", str(tmp_path / "c"))
    names = sorted(p.name for p in (tmp_path / "c").iterdir())
    assert names[0] == "shotgun-gang-01.md" and len(names) > 2


def test_one_write_up_into_a_folder_is_named_by_the_scenario(run_cli, tmp_path):
    """``run mesa.yaml --out posts/`` writes ``posts/mesa.md`` (README, --out), not
    ``mesa-01.md``; ``next --out posts/`` writes ``posts/mesa-turn01.md`` (README,
    --per-turn: a turn's post is SCENARIO-turnNN.md), not ``mesa-turn01-01.md``."""
    import shutil
    mesa = tmp_path / "mesa.yaml"
    shutil.copy(EXAMPLES / "luke-short.yaml", mesa)
    (tmp_path / "posts").mkdir()
    r = run_cli(mesa, "run", "--out", str(tmp_path / "posts") + "/")
    assert r.exit_code == 0, r.stderr
    assert [p.name for p in (tmp_path / "posts").iterdir()] == ["mesa.md"]
    (tmp_path / "turns").mkdir()
    r = run_cli(mesa, "next", "--out", str(tmp_path / "turns"))
    assert r.exit_code == 0, r.stderr
    assert [p.name for p in (tmp_path / "turns").iterdir()] == ["mesa-turn01.md"]


def test_batch_without_out_writes_to_outputs(run_cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = run_cli(EXAMPLES / "luke-short.yaml", "batch", "--runs", "2", "--workers", "1")
    assert r.exit_code == 0, r.stderr
    assert sorted(p.name for p in (tmp_path / "outputs").iterdir()) == [
        "luke-short-1887.md", "luke-short-1888.md"]
    assert (ROOT / "outputs").is_dir()  # the folder the README names exists in the repository


def test_scenario_reference_is_current_and_describes_every_intent_and_move_key():
    from narrator.schema import scenario_markdown, scenario_schema
    on_disk = (ROOT / "docs" / "scenario.md").read_text(encoding="utf-8")
    assert on_disk == scenario_markdown(), (
        "docs/scenario.md is out of date: run python -m narrator.schema --write")
    for ruleset in ("boothill", "violence"):
        defs = scenario_schema(ruleset)["$defs"]
        for part in ("Intent", "MoveIntent", "Character", "Landmark"):
            if part in defs:
                bare = [k for k, v in defs[part]["properties"].items() if "description" not in v]
                assert bare == [], (ruleset, part)
    assert "| `jump` | integer 1..100 |  | A significant jump of this many feet" in on_disk
    assert "| `dark` | true/false | false | The place lies in complete darkness" in on_disk
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/scenario.md" in readme
    assert all(f"`{k}" in readme for k in ("jump", "pick_up", "in_darkness", "dark"))


def test_fight_hash_tells_fights_with_the_same_dice_apart():
    from narrator.engine import run_fight
    from narrator.scenario import load_scenario_text
    from narrator.render import render
    duel = ("title: {t}\nseed: 3\nsides:\n"
            "  a: [{{name: Cole, attributes: {{str: 10, coo: 12, obs: 10, sta: 10, luck: 10}}, "
            "weapons: [{{type: colt}}], at: [0, 0]}}]\n"
            "  b: [{{name: Dutch, attributes: {{str: 10, coo: 12, obs: 10, sta: 10, luck: 10}}, "
            "weapons: [{{type: colt}}], at: [{x}, 0]}}]\n"
            "turns:\n  - kind: combat\n    intents: {{Cole: {{shoot: Dutch}}}}\n")
    logs = [run_fight(load_scenario_text(duel.format(t=t, x=x)))
            for t, x in (("A", 10), ("B", 10), ("A", 12), ("A", 10))]
    assert all(log.rolls == logs[0].rolls for log in logs)  # the very same dice
    hashes = [log.events[-1].dice_hash for log in logs]
    assert len(set(hashes[:3])) == 3 and hashes[3] == hashes[0]
    assert f"fight hash {hashes[0][:12]}" in render(logs[0])


def test_wound_points_edited_above_strength_pass_him_out_next_turn(tmp_path):
    import shutil

    from narrator.playbypost import resolve_next
    from narrator.render import render_posts
    from narrator.scenario import load_scenario
    path = tmp_path / "abilene-saloon.yaml"
    shutil.copy(EXAMPLES / "abilene-saloon.yaml", path)
    resolve_next(path)
    text = path.read_text()
    marker = "Quentin \"Cool Hand\" Luke:\n      condition: active\n      at: [2, 3.3]\n      wound_points: 2"
    assert marker in text
    strength = load_scenario(path).scenario.state["characters"]['Quentin "Cool Hand" Luke']
    path.write_text(text.replace(marker, marker.replace("wound_points: 2", "wound_points: 40")))
    done = resolve_next(path)
    quentin = 'Quentin "Cool Hand" Luke'
    out = [e for e in done.log.events if getattr(e, "turn", 0) == 2
           and getattr(e, "character", None) == quentin
           and e.kind in ("state_adjusted", "passed_out", "shot_fired", "intent_declared")]
    assert [e.kind for e in out][:2] == ["state_adjusted", "passed_out"]
    assert out[1].wound_points == 40 and out[1].capacity < 40
    assert not [e for e in done.log.events if e.kind == "shot_fired" and e.shooter == quentin
                and e.turn == 2]
    state = load_scenario(path).scenario.state["characters"][quentin]
    assert state["condition"] == "passed_out" and strength["condition"] == "active"
    post = render_posts(done.log, "markdown", "teaching", per_turn=True)[1]
    assert "wound points are now 40" in post
    assert "passes out from shock and loss of blood: 40 wound points" in post


def shootout(turn2: str, x: int = 5) -> str:
    """Cole draws (3 counts) and declares two steady shots: the second comes on count 9, past
    the turn's six counts. ``turn2``: the second turn's YAML (or "" for none)."""
    return ("title: t\nseed: 5\nsides:\n"
            "  posse: [{name: Cole, attributes: {str: 14, coo: 12, obs: 10, sta: 10, luck: 10}, "
            "skills: {pistol: 2}, weapons: [{type: colt}], at: [0, 0]}]\n"
            "  gang: [{name: Dutch, attributes: {str: 30, coo: 12, obs: 10, sta: 10, luck: 10}, "
            f"weapons: [{{type: colt}}], at: [{x}, 0]}}]\n"
            "turns:\n  - kind: shootout\n    intents:\n"
            "      Cole: {shoot: Dutch, shots: [steady, steady]}\n"
            "      Dutch: {shoot: Cole, shots: [hip]}\n" + turn2)


def unfinished(log):
    return [(e.turn, e.character, e.actions, e.due, e.why) for e in log.events
            if e.kind == "actions_unfinished"]


def cole_shots(log):
    return [(e.turn, e.count) for e in log.events if e.kind == "shot_fired"
            and e.shooter == "Cole"]


def test_a_shot_carried_past_count_6_comes_next_turn_and_the_story_says_so():
    from narrator.engine import run_fight
    from narrator.render import render
    from narrator.scenario import load_scenario_text
    # turn 2 left to the engine (auto, nobody declares): Cole's carried shot makes it a
    # shootout turn, 15 yards apart as they are (it was a combat turn, and the shot was lost)
    log = run_fight(load_scenario_text(shootout("  - intents: {}\n", x=15)))
    assert unfinished(log)[0] == (1, "Cole", ("steady",), 9, "carried")
    assert [e.turn_kind for e in log.events if e.kind == "turn_started"] == [
        "shootout", "shootout"]
    assert cole_shots(log) == [(1, 6), (2, 3)]
    story = render(log, mode="story")
    # the story tells the shot where it comes (turn 2), as a shot; no count timing in prose
    turn1, turn2 = story.split("## Turn 2")
    prose2 = turn2.split("||")[0]
    # the hit, one sentence naming Cole first (whichever phrase of the group told it: "A
    # bullet from Cole's Colt takes Dutch in the chest")
    assert re.match(r"(?:A bullet from |The bullet from )?Cole\b[^.]*\bDutch\b[^.;]*\bchest\b",
                    prose2.strip()) \
        and prose2.count(".") == 1, prose2
    assert "runs out" not in story and "to come" not in story and "count" not in \
        turn1.split("||")[0]
    teaching = render(log)
    assert ("Cole's remaining steady shot does not come this turn: it would come on count 9, "
            "after the turn's sixth count; it comes in the next shootout turn unless he "
            "declares anew.") in teaching


def test_a_new_declaration_gives_up_the_carried_shot_visibly():
    from narrator.engine import run_fight
    from narrator.render import render
    from narrator.scenario import load_scenario_text
    log = run_fight(load_scenario_text(shootout(
        "  - kind: shootout\n    intents: {Cole: {shoot: Dutch, shots: [careful]}}\n")))
    assert unfinished(log) == [(1, "Cole", ("steady",), 9, "carried"),
                               (2, "Cole", ("steady",), 3, "redeclared")]
    assert cole_shots(log) == [(1, 6), (2, 6)]
    assert ("Cole declares anew and gives up his steady shot carried over from the last turn "
            "(due on count 3)") in render(log)
    story = render(log, mode="story")
    # in the story, a shot given up is not told (nothing happened); the rolls block says it
    prose = story.split("## Turn 2")[1].split("||")[0]
    assert re.match(r"(?:A bullet from |The bullet from )?Cole\b[^.]*\bDutch\b[^.;]*\bhead\b",
                    prose.strip()) \
        and prose.count(".") == 1, prose
    assert "Cole: declares anew; 1 action carried over from the last turn given up." in story


def test_a_combat_turn_or_the_fights_end_loses_the_carried_shot_visibly():
    from narrator.engine import run_fight
    from narrator.render import render
    from narrator.scenario import load_scenario_text
    log = run_fight(load_scenario_text(shootout("  - kind: combat\n    intents: {}\n")))
    assert unfinished(log)[1] == (2, "Cole", ("steady",), 3, "combat_turn")
    assert ("Cole's steady shot carried over from the last turn never comes: this is a combat "
            "turn") in render(log)
    log = run_fight(load_scenario_text(shootout("")))
    assert unfinished(log) == [(1, "Cole", ("steady",), 9, "last_turn")]
    text = render(log)
    assert ("it would come on count 9, after the turn's sixth count. Counts past the sixth "
            "carry over into the next shootout turn (count 3 of it), but the scenario's turns "
            "end here: it never comes.") in text
    story = render(log, mode="story")
    assert "Cole never gets a steady shot off: the fight ends first." in story \
        or "The fight ends before Cole gets a steady shot off." in story
    assert "never made: the fight's turns end here" in story  # the rolls block


BRAWL = """\
title: t
ruleset: violence
seed: 3
sides:
  a: [{name: Ann, weapons: [{type: club}, {type: knife, name: Arkansas toothpick}], at: [0, 0]}]
  b: [{name: Bo, weapons: [{type: club}], at: [1, 0]}]
turns:
  - intents: {Ann: {melee: Bo, to: kill, weapon: Arkansas toothpick}}
  - intents: {}
dice:
  Ann: {initiative: [20, 20], melee: [6, 12]}
  Bo: {initiative: [1, 1], melee: [6, 1]}
"""


def test_a_melee_announced_to_kill_stays_to_kill_in_later_rounds():
    """Ann announces kill with her knife in round 1 (a draw: both Injured, the melee goes on);
    in round 2 she declares nothing, locked in the melee as she is: she still means to kill,
    with the knife (her Character's fights_to is subdue, and her first weapon a club)."""
    from narrator.engine import run_fight
    from narrator.scenario import load_scenario_text
    log = run_fight(load_scenario_text(BRAWL))
    fought = [e for e in log.events if e.kind == "melee_fought"]
    assert len(fought) == 2
    ann = [next(s for s in (e.attacker, e.defender) if s.character == "Ann") for e in fought]
    assert [(s.intent, s.weapon) for s in ann] == [("kill", "Arkansas toothpick")] * 2
    assert fought[1].down == "Bo" and not fought[1].subdued
    (bo,) = [c for c in log.events[-2].status if c.name == "Bo"]
    assert bo.condition != "subdued"  # down, then the after-fight roll


IDLE = """\
title: Idle
seed: 5
sides:
  posse:
    - name: Cole
      attributes: {str: 14, coo: 12, obs: 10, sta: 10, luck: 10}
      weapons: [{type: colt}]
      at: [0, 0]
    - name: Amos
      pronoun: she
      attributes: {str: 14, coo: 12, obs: 10, sta: 10, luck: 10}
      weapons: [{type: colt}]
      at: [0, 3]
  gang:
    - name: Dutch
      attributes: {str: 10, coo: 12, obs: 10, sta: 10, luck: 10}
      weapons: [{type: colt}]
      at: [15, 0]
      tactics: aggressive
turns:
  - intents:
      Cole: {shoot: Dutch}
"""


def test_a_character_with_no_intent_and_no_tactics_is_warned_of_and_told(run_cli, tmp_path):
    from narrator.engine import run_fight
    from narrator.render import render
    from narrator.scenario import load_scenario_text
    path = tmp_path / "idle.yaml"
    r = run_cli(IDLE, "check", name="idle.yaml")
    assert r.exit_code == 0 and r.stdout.startswith(f"{path}: ok")
    assert r.stderr == (f"{path}:9:7: warning: Amos has no intent in any turn and no tactics: "
                        "profile, so nothing makes her act: Amos holds still all fight; give "
                        "her intents, or a tactics: profile to decide them\n")
    log = run_fight(load_scenario_text(IDLE))
    assert log.events[-1].idle == ("Amos",)
    assert ("**Amos** held still all fight: no intent was declared for her in any turn, and she "
            "has no tactics profile to act on.") in render(log)
    story = render(log, mode="story")
    assert "Amos stands by through all of it and takes no part." in story \
        or "Amos never stirs the whole time." in story
    # with tactics, or with an intent in some turn, nobody is idle
    for fix in ("      tactics: cautious\n", None):
        text = IDLE.replace("      pronoun: she\n", "      pronoun: she\n" + fix) if fix else \
            IDLE + "  - intents: {Amos: {shoot: Dutch}}\n"
        assert run_fight(load_scenario_text(text)).events[-1].idle == ()


def test_violence_odds_and_batch_count_rounds_and_fit_100_columns(run_cli, tmp_path):
    bank = EXAMPLES / "bank-robbery.yaml"
    r = run_cli(bank, "odds", "--trials", "30", "--workers", "1")
    assert r.exit_code == 0, r.stderr
    assert "no winner (rounds ran out)" in r.stdout and "turns" not in r.stdout
    assert "seconds" not in r.stdout
    assert re.search(r"Expected length: \d+\.\d\d rounds \(± \d+\.\d\d\), 95% interval\.",
                     r.stdout)
    widths = [len(line) for line in r.stdout.splitlines()]
    assert max(widths) <= 100
    assert re.search(r"Jack Cutler +Cutler gang +\d+\.\d%", r.stdout)  # names whole
    # Boot Hill keeps turns and seconds, in 100 columns too
    r = run_cli(EXAMPLES / "shotgun-gang.yaml", "odds", "--trials", "30", "--workers", "1")
    assert re.search(r"Expected length: \d+\.\d\d turns .*seconds", r.stdout)
    assert max(len(line) for line in r.stdout.splitlines()) <= 100
    r = run_cli(bank, "batch", "--runs", "2", "--workers", "1", "--out", str(tmp_path))
    assert r.exit_code == 0, r.stderr
    head = next(line for line in r.stdout.splitlines() if line.lstrip().startswith("file"))
    assert head.split() == ["file", "seed", "rounds", "winner", "down"]


def test_maps_mark_each_landmark_apart_and_name_locations_in_words():
    from narrator.render import maps
    from conftest import fight
    log = fight("shotgun-gang.yaml")
    fs = maps.frames(log)
    bounds = maps.Bounds.of(fs)
    text = maps.text_map(fs[0], bounds)
    grid = text.splitlines()[1:15]
    names = [name for name, _, _ in fs[0].places]
    assert len(names) == 5
    key = next(line for line in text.splitlines() if line.startswith("landmarks: "))
    entries = key[len("landmarks: "):].split("; ")
    for i, (name, entry) in enumerate(zip(names, entries, strict=True), 1):
        assert entry.startswith(f"{i} {name}")  # a digit each, in the legend
        # on the map, or under the man who stands on it
        assert any(str(i) in row for row in grid) != bool(re.search(r", under [A-Za-z]$", entry))
    assert "#" not in "".join(grid)
    assert "1 Texas Jack's horse (covers abdomen, chest)" in key
    # a place covering limbs: its picture label and key say "left arm", never "left_arm"
    fs[0].places[0] = ("the wagon", fs[0].places[0][1], "left_arm, right_leg")
    svg = maps.svg(fs[0], bounds)
    assert "the wagon (left arm, right leg)" in svg and "left_arm" not in svg
    assert "1 the wagon (covers left arm, right leg)" in maps.text_map(fs[0], bounds)


KNIFE = """\
title: t
seed: 4
sides:
  a:
    - {name: Ann, attributes: {str: 12, coo: 14, obs: 10, sta: 10, luck: 10},
       skills: {throwing: 4}, weapons: [{type: thrown_knife}], at: [0, 0], drawn: true}
  b:
    - {name: Bo, attributes: {str: 30, coo: 10, obs: 10, sta: 10, luck: 10},
       weapons: [{type: thrown_knife}], at: [3, 0]}
    - {name: Cy, attributes: {str: 12, coo: 10, obs: 10, sta: 10, luck: 10},
       weapons: [{type: colt, loaded: 0, spare: 0}], at: [3, 0.5]CYEXTRA}
turns:
  - kind: combat
    intents: {Ann: {shoot: Bo}}
  - kind: combat
    intents: TURN2
dice:
  Ann: {to_hit: [18]}
"""


def test_anyone_within_reach_picks_up_a_thrown_weapon():
    from narrator.engine import run_fight
    from narrator.render import render
    from narrator.scenario import load_scenario_text
    log = run_fight(load_scenario_text(KNIFE.replace("CYEXTRA", "").replace(
        "TURN2", "{Cy: {pick_up: true}}")))
    (picked,) = [e for e in log.events if e.kind == "weapon_picked_up"]
    assert (picked.turn, picked.character, picked.weapon, picked.owner) == (
        2, "Cy", "thrown knife", "Ann")
    last = {c.name: c for c in log.events[-2].status}
    assert [(w.name, w.loaded) for w in last["Cy"].weapons] == [
        ("single-action revolver", 0), ("thrown knife", 1)]
    assert last["Ann"].weapons == ()  # the knife is Cy's now
    assert "**Cy** picks up Ann's thrown knife where it fell; now he has it" in render(log)


def test_an_unarmed_man_with_tactics_runs_for_a_thrown_weapon():
    from narrator.engine import run_fight
    from narrator.scenario import load_scenario_text
    text = KNIFE.replace("CYEXTRA", ", tactics: aggressive").replace("at: [3, 0.5]", "at: [30, 0]")
    text = text.replace("TURN2", "{}")
    log = run_fight(load_scenario_text(text))
    cy = [e for e in log.events if getattr(e, "character", None) == "Cy"
          and e.kind in ("moved", "weapon_picked_up") and e.turn == 2]
    assert [e.kind for e in cy] == ["moved", "weapon_picked_up"]
    assert tuple(cy[0].end) == (3.0, 0.0) and cy[1].owner == "Ann"


def test_every_ruleset_hashes_the_fight_and_names_the_idle():
    """The fight hash and the idle characters are the same for every built-in ruleset (the
    Gaslight engine too): its log's end carries both."""
    from narrator.dice import fight_hash
    from narrator.engine import run_fight
    from narrator.scenario import load_scenario
    for path in sorted(EXAMPLES.glob("*.yaml")):
        loaded = load_scenario(path)
        log = run_fight(loaded)
        end = log.events[-1]
        assert end.dice_hash == fight_hash(loaded.scenario, log.events[0].profile, None,
                                           list(log.rolls)), path.name
        assert end.idle == (), path.name
