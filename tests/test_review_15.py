"""Findings of session 15's fresh-user trial.

``--out posts/``: a trailing slash names a folder, made if missing (``run street.yaml --out
my/o1/`` wrote a 25 KB file named ``o1`` when the folder did not exist yet, and ``--map`` put
the pictures beside it). A draw carried past the sixth count with actions after it is told
in the plural ("Tilghman's draw and what follows it does not come this turn")."""

from __future__ import annotations

import os

from conftest import EXAMPLES

SHOTGUN_GANG = (EXAMPLES / "shotgun-gang.yaml").read_text(encoding="utf-8")


def test_a_missing_folder_with_a_trailing_slash_is_made_and_holds_the_post(run_cli, tmp_path):
    out = tmp_path / "posts"
    r = run_cli(SHOTGUN_GANG, "run", "--out", f"{out}{os.sep}", "--map", name="mesa.yaml")
    assert r.exit_code == 0, r.stderr
    assert out.is_dir()
    assert sorted(p.name for p in out.iterdir()) == ["mesa-turn01.svg", "mesa-turn02.svg",
                                                      "mesa-turn03.svg", "mesa-turn04.svg",
                                                      "mesa-turn05.svg", "mesa.md"]
    assert (out / "mesa.md").read_text(encoding="utf-8").startswith("# ")
    # the same name without the slash is still a file
    single = tmp_path / "single"
    r = run_cli(SHOTGUN_GANG, "run", "--out", str(single), name="mesa.yaml")
    assert r.exit_code == 0 and single.is_file()


def test_a_trailing_slash_on_a_file_or_a_name_like_a_file_is_refused_and_nothing_written(
        run_cli, tmp_path):
    kept = tmp_path / "notes"
    kept.write_text("kept\n")
    r = run_cli(SHOTGUN_GANG, "run", "--out", f"{kept}/", "--force", name="mesa.yaml")
    assert r.exit_code == 2 and r.stdout == "" and kept.read_text() == "kept\n"
    assert r.stderr == (f"{kept}: exists and is not a folder; the post goes (--out ends with a "
                        f"slash) into a folder (--out a folder, or a file without the slash)\n")
    named = tmp_path / "fight.md"
    r = run_cli(SHOTGUN_GANG, "run", "--out", f"{named}/", name="mesa.yaml")
    assert r.exit_code == 2 and not named.exists()
    assert r.stderr == (f"{named}: names a file (.md), but the post goes (--out ends with a "
                        f"slash) into a folder; --out a folder (such as {tmp_path / 'fight'}), "
                        f"or a file without the slash\n")


#: the trial's own scenario: three lawmen against two Daltons (Tilghman's fast draw fails)
STREET = """\
title: Showdown on Front Street
ruleset: boothill
seed: 4242
description: >-
  Marshal Tilghman and two deputies step into Front Street at noon. The Dalton
  cousins wait for them, one crouched behind a water trough, one in the open
  with a sawed-off scattergun.
map:
  water_trough: {at: [25, 6], cover: {locations: [legs, abdomen]}}
  feed_store: {at: [5, 8], name: the feed store porch, cover: {locations: [legs, abdomen, chest], kind: light, reduction: 2}}
sides:
  lawmen:
    - name: Marshal Bill Tilghman
      short: Tilghman
      attributes: {str: 14, coo: 15, obs: 13, sta: 12, luck: 10}
      skills: {pistol: 5, fast_draw: 4}
      weapons: [{type: single_action_revolver, name: Colt}]
      at: [0, 0]
      tactics: lawman
    - name: Deputy Ruth Cole
      short: Ruth
      pronoun: she
      attributes: {str: 11, coo: 14, obs: 14, sta: 9, luck: 12}
      skills: {rifle: 4}
      weapons: [{type: lever_action_rifle}]
      at: [2, 3]
      tactics: cautious
    - name: Deputy Sam Hale
      short: Hale
      attributes: {str: 13, coo: 12, obs: 10, sta: 11, luck: 8}
      skills: {pistol: 3}
      weapons: [{type: double_action_revolver}]
      at: [-2, 2]
      tactics: aggressive
  daltons:
    - name: Grat Dalton
      short: Grat
      attributes: {str: 15, coo: 13, obs: 11, sta: 13, luck: 7}
      skills: {rifle: 3}
      weapons: [{type: scattergun}, {type: single_action_revolver}]
      at: [14, 4]
      drawn: true
      tactics: aggressive
    - name: Bob Dalton
      short: Bob
      attributes: {str: 13, coo: 16, obs: 12, sta: 10, luck: 9}
      skills: {pistol: 4, rifle: 2}
      weapons: [{type: single_action_revolver}]
      at: water_trough
      tactics: cautious
turns:
  - kind: shootout
    intents:
      Tilghman: {shoot: Grat, draw: fast, shots: [steady, steady]}
      Ruth: {shoot: Bob, shots: [steady], move: {gait: walking, to: feed_store}}
      Hale: {other: shouts for the Daltons to throw down their guns and surrender}
      Grat: {shoot: Tilghman, shots: [steady]}
      Bob: {shoot: Ruth, shots: [steady]}
max_turns: 12
"""


def test_a_draw_carried_over_with_what_follows_it_is_told_in_the_plural(run_cli):
    r = run_cli(STREET, "run", name="street.yaml")
    assert r.exit_code == 0, r.stderr
    told = [line for line in r.stdout.splitlines() if "what follows it" in line]
    assert told == [
        "Tilghman's draw and what follows it do not come this turn: the first would start on "
        "count 8, after the turn's sixth count; they come in the next shootout turn unless he "
        "declares anew.",
        "Tilghman declares anew and gives up his draw and what follows it carried over from "
        "the last turn (due on count 2): a new declaration replaces what was carried over."]
