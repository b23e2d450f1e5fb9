"""Fresh user 13's finds (a GM who read only the README, the docs and --help): each test
asserts the real output of his own scenarios (kept in tests/fresh13/) and failed on the code
before its fix."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parent / "fresh13"


def _log(run_cli, tmp_path: Path) -> tuple[Path, str]:
    out = tmp_path / "livery.json"
    r = run_cli(DATA / "bh-livery.yaml", "run", "--format", "json", "--out", str(out))
    assert r.exit_code == 0, r.stderr
    return out, out.read_text()


# ------------------------------------------------------------------ 1. a hand-edited log
def test_render_refuses_a_log_whose_dice_were_edited(run_cli, tmp_path):
    """Old: events[8].roll 19 -> 2 rendered with exit 0 under the real fight's hash
    (``fight hash eeb4a48c8cb1``): a write-up of dice the fight never rolled."""
    out, text = _log(run_cli, tmp_path)
    assert run_cli(out, "render").exit_code == 0
    data = json.loads(text)
    assert data["events"][8]["kind"] == "location_rolled" and data["events"][8]["roll"] == 19
    data["events"][8]["roll"] = 2
    edited = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    out.write_text(edited)
    r = run_cli(out, "render")
    line = edited[:edited.index('"kind": "location_rolled"')].count("\n")  # the event's "{"
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr == (f"{out}:{line}:5: events[8] (location_rolled) is not the event "
                        f"narrator wrote: the log was edited after the fight (an event changed, "
                        f"moved, removed or duplicated); render takes the event log that "
                        f"'narrator run --format json' writes, unedited\n")


@pytest.mark.parametrize("edit", ["location", "rolls", "drop", "unsealed", "drop-sealed",
                                  "duplicate-sealed", "swap-sealed", "cut-sealed",
                                  "unchained"])
def test_render_refuses_every_other_edit(run_cli, tmp_path, edit):
    """bh-livery-events-spleen.json: location "head" -> "spleen" rendered with exit 0; so
    would an edited die of the roll log, a dropped event, or a log without its seal. Old
    (one unchained SHA-256 per event): an event removed, duplicated or swapped together with
    its seal entry, or the events after a turn cut with theirs, rendered with exit 0 (a
    text editor alone forged the fight); the seal is now chained. The error names the line
    and column of the first event out of place (its "{"), or of the end of "events"."""
    out, text = _log(run_cli, tmp_path)
    data = json.loads(text)
    events, sealed = data["events"], data["seal"]["events"]
    at = None  # the index of the event the error points at
    if edit == "location":
        events[8]["location"] = "spleen"
        at, want = 8, "events[8] (location_rolled) is not the event narrator wrote"
    elif edit == "rolls":
        data["rolls"][5]["value"] = 7 - data["rolls"][5]["value"]
        want = 'its dice ("rolls") are not the ones narrator wrote'
    elif edit == "drop":
        events.pop(3)
        at, want = 3, f"events[3] ({events[3]['kind']}) is not the event narrator wrote"
    elif edit == "drop-sealed":
        events.pop(8), sealed.pop(8)
        at, want = 8, f"events[8] ({events[8]['kind']}) is not the event narrator wrote"
    elif edit == "duplicate-sealed":
        events.insert(9, events[8]), sealed.insert(9, sealed[8])
        at, want = 9, "events[9] (location_rolled) is not the event narrator wrote"
    elif edit == "swap-sealed":
        assert events[7]["kind"] != events[8]["kind"]
        events[7], events[8] = events[8], events[7]
        sealed[7], sealed[8] = sealed[8], sealed[7]
        at, want = 7, "events[7] (location_rolled) is not the event narrator wrote"
    elif edit == "cut-sealed":  # the fight told as if it stopped after turn 1
        end = next(i for i, e in enumerate(events) if e["kind"] == "turn_ended") + 1
        del events[end:], sealed[end:]
        want = "it ends before the fight does (its last event is turn_ended)"
    elif edit == "unchained":  # a seal as narrator wrote it before it was chained
        import hashlib

        def old(value):
            canon = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
            return hashlib.sha256(canon.encode()).hexdigest()[:16]

        data["seal"] = {"events": [old(e) for e in events], "rolls": old(data["rolls"])}
        want = "its seal is not chained"
    else:
        del data["seal"]
        want = "it has no seal"
    edited = json.dumps(data, indent=2)
    out.write_text(edited)
    r = run_cli(out, "render")
    assert r.exit_code == 2 and r.stdout == "" and r.stderr.count("\n") == 1
    assert want in r.stderr and r.stderr.startswith(f"{out}:"), r.stderr
    if at is not None:  # the "{" of events[at]: the at-th item 4 spaces in after "events"
        lines = edited.split("\n")
        starts = [n for n, line in enumerate(lines, 1) if line == "    {"
                  and n > lines.index('  "events": [')]
        assert r.stderr.startswith(f"{out}:{starts[at]}:5: "), r.stderr
    out2 = tmp_path / "written.md"
    assert run_cli(out, "render", "--out", str(out2)).exit_code == 2 and not out2.exists()


# ------------------------------------------------------------------ 2. a long arm in a holster
def _write_up(run_cli, name: str, *args: str) -> str:
    r = run_cli(DATA / name, "run", *args)
    assert r.exit_code == 0, r.stderr
    return r.stdout


def test_a_gaslight_long_arm_is_slung_not_holstered(run_cli):
    """Old: ``coach gun (..., in a holster)`` and "draws his coach gun from his holster"; 002
    gives the holster to pistols, a long arm goes on a sling (l.29; GN24)."""
    text = _write_up(run_cli, "gl-dock.yaml")
    assert "coach gun (breech loader, 12 bore, 2d8, 2/2, slung)" in text
    assert "**Pike** draws his coach gun off his shoulder: a move action" in text
    assert "Webley revolver (revolver, .45, 1d10 +1 smokeless, 6/6, in a holster)" in text


def test_gaslight_default_carry_by_form():
    from narrator.rulesets.gaslight.scenario import WeaponSpec

    got = {t: WeaponSpec(type=t).carried for t in
           ("revolver", "derringer", "scattergun", "sawed_off", "coach_gun", "carbine",
            "rifle", "shotgun", "pump_shotgun", "lever_action_carbine")}
    assert got == {"revolver": "holster", "derringer": "holster",
                   "scattergun": "oversized_holster", "sawed_off": "oversized_holster",
                   "coach_gun": "sling", "carbine": "sling", "rifle": "sling",
                   "shotgun": "sling", "pump_shotgun": "sling", "lever_action_carbine": "sling"}
    assert WeaponSpec(type="coach_gun", carried="ready").carried == "ready"
    assert WeaponSpec(type="revolver", form="rifle").carried == "sling"


def test_a_weird_west_rifle_not_in_hand_is_slung(run_cli):
    """Old: ``Winchester '73 (range 20 yd, damage 2d8, 15/15, holstered)``."""
    text = _write_up(run_cli, "ww-mine-qd.yaml")
    assert ("Colt Peacemaker (range 10 yd, damage 3d6, 6/6, holstered), Winchester '73 "
            "(range 20 yd, damage 2d8, 15/15, slung)") in text


# ------------------------------------------------------------------ 3. a misfire is no jam
def test_the_story_rolls_block_calls_a_misfire_a_misfire(run_cli):
    """Old (round 4): the fumble "a misfire, a dud round", the status "(misfire)", but the
    rolls block "Vane: no shot (jammed: Webley revolver)"."""
    story = _write_up(run_cli, "gl-dock.yaml", "--mode", "story")
    assert "Vane: no shot (misfire: Webley revolver)." in story and "jammed" not in story
    teaching = _write_up(run_cli, "gl-dock.yaml")
    assert "**Vane**'s Webley revolver will not fire until it is cleared." in teaching


# ------------------------------------------------------------------ 4. one minus sign
def test_a_negative_total_has_the_minus_sign_of_its_modifiers(run_cli):
    """Old (turn 3): "Severity: d6 **1**, arm or leg −1, light cover −2 = -2: a scratch"."""
    text = _write_up(run_cli, "bh-livery.yaml")
    assert "Severity: d6 **1**, arm or leg −1, light cover −2 = −2: a scratch" in text


def test_every_template_prints_a_negative_number_with_the_minus_sign(tmp_path):
    """The templates' ``finalize``: a negative int or float printed by any template (ours or
    a user's), in every format, gets the typographic minus; text (a house rule's value as
    typed) stays as it is."""
    from narrator.render.core import make_env

    for fmt, user in (("markdown", None), ("bbcode", None), ("html", None), ("text", tmp_path)):
        env = make_env(fmt, user)
        got = env.from_string("{{ a }} {{ b }} {{ c }} {{ d }} {{ e }}").render(
            a=-2, b=-0.5, c=3, d="-2", e=False)
        assert got == "−2 −0.5 3 -2 False"


# ------------------------------------------------------------------ 5. --per-turn --out x.md
@pytest.mark.parametrize("extra", [["--per-turn"], ["--discord", "--mode", "story"]])
def test_several_posts_are_not_written_into_a_new_folder_named_like_a_file(run_cli, tmp_path,
                                                                          extra):
    """Old: ``run bh-livery.yaml --per-turn --out /tmp/x.md`` made the folder x.md/ with four
    posts and said nothing."""
    out = tmp_path / "x.md"
    r = run_cli(DATA / "bh-livery.yaml", "run", "--out", str(out), *extra)
    assert r.exit_code == 2 and r.stdout == "" and not out.exists()
    assert r.stderr.endswith(f"{out}: names a file (.md), but the 4 posts go into a folder; "
                             f"--out a folder (such as {tmp_path / 'x'}), or one post without "
                             f"--per-turn and --discord\n") if extra == ["--per-turn"] else \
        f"{out}: names a file (.md), but the " in r.stderr
    assert run_cli(DATA / "bh-livery.yaml", "run", "--out", str(tmp_path / "x"),
                   *extra).exit_code == 0
    out.mkdir()  # a folder the GM made himself, whatever its name, takes the posts
    assert run_cli(DATA / "bh-livery.yaml", "run", "--out", str(out), *extra).exit_code == 0
    assert len(list(out.iterdir())) >= 4


# ------------------------------------------------------------------ 9. next has no --per-turn
def test_the_readme_does_not_offer_next_a_per_turn(run_cli, tmp_path):
    """Old: README listed --per-turn among the write-up options of run, next and render;
    ``next --per-turn`` says "No such option"."""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    assert "* `--per-turn` (`run` and `render`; `next` writes one turn's post already" in readme
    duel = tmp_path / "duel.yaml"
    duel.write_bytes((DATA / "bh-duel.yaml").read_bytes())
    r = run_cli(duel, "next", "--per-turn")
    assert r.exit_code == 2 and "No such option: --per-turn" in r.stderr


# ------------------------------------------------------------------ 6. a broken phrase table
def test_a_broken_phrase_table_is_named_by_file_line_and_column(run_cli, tmp_path):
    """Old: ``<folder>: template error: TOMLDecodeError: Expected ']' ... (at line 1, column
    7)``: the folder, not the file."""
    folder = DATA / "tpl-broken-toml"
    r = run_cli(DATA / "bh-duel.yaml", "run", "--mode", "story", "--templates", str(folder))
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr == (f"{folder}/common/phrases.toml:1:7: template error: TOMLError: "
                        f"Expected ']' at the end of a table declaration\n")
    (tmp_path / "t" / "common").mkdir(parents=True)
    (tmp_path / "t" / "common" / "vocabulary.toml").write_text('ground = "dust"\nx = [\n')
    r = run_cli(DATA / "bh-duel.yaml", "run", "--mode", "story", "--templates",
                str(tmp_path / "t"))
    assert r.stderr == (f"{tmp_path}/t/common/vocabulary.toml:3:1: template error: TOMLError: "
                        f"Invalid value (at the end of the file)\n")


def test_a_missing_templates_folder_is_said_missing(run_cli, tmp_path):
    """Old: ``--templates /nonexistent`` said "must be a folder"."""
    r = run_cli(DATA / "bh-duel.yaml", "run", "--templates", str(tmp_path / "none"))
    assert r.exit_code == 2
    assert r.stderr == f"{tmp_path / 'none'}: --templates: no such folder\n"
    r = run_cli(DATA / "bh-duel.yaml", "run", "--templates", str(DATA / "bh-duel.yaml"))
    assert r.stderr == f"{DATA / 'bh-duel.yaml'}: --templates must be a folder\n"


# ------------------------------------------------------------------ 7. quick_draw on a draw
@pytest.mark.parametrize("command", ["check", "run"])
def test_a_quick_draw_on_a_plain_draw_is_refused_where_it_stands(run_cli, command):
    """Old: ``{draw: colt_peacemaker, quick_draw: true}`` was taken and the flag ignored
    (Kate "draws her Colt Peacemaker: that is the action", no roll). W17: the quick draw
    roll, made, draws the gun free on the card that fires it; a draw alone is the card's
    action whatever is rolled: the flag goes with shoot or fan (where it works)."""
    r = run_cli(DATA / "ww-mine.yaml", command)
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr == (f"{DATA / 'ww-mine.yaml'}:47:50: turns[0].intents.Kate[0].quick_draw: "
                        "quick_draw goes with shoot or fan: a quick draw made draws the gun "
                        "free on the card that fires it (W17), so write {shoot: TARGET, "
                        "weapon: GUN, quick_draw: true} in place of the draw\n")
    story = _write_up(run_cli, "ww-mine-qd.yaml")
    assert "goes for her Colt Peacemaker with a quick draw" in story


# ------------------------------------------------------------------ 8. odds' seeds, per path
def test_odds_help_says_what_the_seed_gives_on_each_path(run_cli):
    """Old: "every die is seeded: trial i uses seed + i", untrue on the kernel path (2,000
    and 2,001 trials moved 33 results; ``--trials 1`` was not ``run --seed``)."""
    r = run_cli(None, "odds", "--help", env={"COLUMNS": "200"})
    text = " ".join(r.stdout.split())
    assert "trial i uses seed + i" not in text
    assert "Engine path: trial i is the fight 'run --seed' SEED+i writes up." in text
    assert ("Kernel path: the dice come from NumPy streams seeded by SEED, so a trial is no "
            "'run' seed and another --trials draws other dice; --path engine for trials that "
            "'run' can write up.") in text
    readme = " ".join((Path(__file__).resolve().parent.parent / "README.md").read_text().split())
    assert "(trial *i* is then `narrator run --seed` *i*)" not in readme
    assert "a kernel trial is no `run` seed" in readme


# ------------------------------------------------------------------ 10. a final newline
@pytest.mark.parametrize("args", [["--discord", "--mode", "story"], ["--discord"],
                                  ["--discord", "--per-turn"], ["--per-turn"],
                                  ["--format", "json"], ["--format", "bbcode"]])
def test_every_write_up_on_stdout_ends_with_a_newline(run_cli, args):
    """Old: ``run bh-duel.yaml --discord --mode story | tail -c1`` was "|" (the spoiler's
    end), with no newline after it."""
    text = _write_up(run_cli, "bh-duel.yaml", *args)
    assert text.endswith("\n") and not text.endswith("\n\n\n")


# ------------------------------------------------------------------ 11. status at 80 columns
def test_status_at_80_columns_cuts_no_word(run_cli):
    """Old: ``narrator status pbp-corral.yaml`` piped (80 columns) gave the header
    "characte" / "r", and "shoulde" / "r (1)" in the wounds."""
    r = run_cli(DATA / "pbp-corral.yaml", "status", env={"COLUMNS": "80"})
    assert r.exit_code == 0, r.stderr
    lines = r.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    words = r.stdout.split()
    for word in ("shoulder", "Circle", "single-action", "double-action", "cover:"):
        assert word in words
    assert "characte" not in words and "shoulde" not in words
    # since fresh user 16 a name is never wrapped ("Hank" / "Dawes"): at 80 columns the table
    # that keeps names whole would break words, and each man is a block
    assert "  Billy Ortega: active; WP 3/11; at 10, 0" in lines
    assert "    wounds: light right shoulder (1), light left leg (2)" in lines
    wide = run_cli(DATA / "pbp-corral.yaml", "status", env={"COLUMNS": "120"}).stdout
    assert wide.splitlines()[2].split() == ["character", "condition", "wounds", "WP", "loaded",
                                            "at", "also"]
    assert " Hank Dawes " in wide


def test_status_widths_share_the_room_without_cutting_a_word():
    from narrator.cli import _status_widths

    rows = [["Hank Dawes", "light right shoulder (1), light left leg (2)", "20, 2"]]
    assert _status_widths(["character", "wounds", "at"], [False, False, True], rows,
                          200) == [10, 44, 5]
    got = _status_widths(["character", "wounds", "at"], [False, False, True], rows, 40)
    assert sum(got) == 40 - 2 - 6 and got[0] >= 9 and got[1] >= 8 and got[2] == 5


# ------------------------------------------------------------------ 12. why a walk
def test_a_walk_chosen_before_the_wounds_is_not_told_as_forced_by_them(run_cli):
    """Old (turn 3): "**Reese** walks towards the water trough: 2.6 yards of 6 (wounds: a run
    would go no farther than a walk)": when his profile chose the walk he had two light
    wounds (a run of 24 yards) and the trough was within a walk; the two serious wounds came
    in the turn's fire, after the choice."""
    text = _write_up(run_cli, "bh-livery.yaml")
    assert ("**Reese** walks towards the water trough: 2.6 yards of 6, and gets there, taking "
            "cover behind the water trough.") in text
    assert "a run would go no farther" not in text
