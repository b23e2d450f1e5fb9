"""What the sixth fresh user tripped on in the Boot Hill rules options, citations and docs.

1. ``cancel_modifier`` took the range rows ``long`` and ``extreme`` (and ``short``,
   ``size_normal``, even ``source``) but the chance to hit kept the modifier; ``long_range``
   was refused with "did you mean 'wrong_hand'?". Every name a ruling takes now applies (in
   the engine and the odds kernel alike), ``long_range``/``extreme_range`` are the range rows,
   and a name no chance to hit holds is refused with the names that can be cancelled.
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from narrator import batch
from narrator.cli import app
from narrator.engine import run_fight
from narrator.rulesets.boothill import tables
from narrator.scenario import load_scenario_text

RUNNER = CliRunner()
ROOT = Path(__file__).resolve().parent.parent


def _of(log, kind: str, **match):
    return [e for e in log.events if e.kind == kind
            and all(getattr(e, k) == v for k, v in match.items())]


# ---------------------------------------------------------------------- 1. cancel_modifier
def _street(modifier: str, to_hit: int = 15, yards: int = 40) -> str:
    """Jake (COO 14 + Pistol 4 = 18) fires one careful shot with a single-action revolver
    (10/20/60 yards) at Dutch ``yards`` off, who only waits; a ruling cancels ``modifier``
    for Jake. Jake's d20 is ``to_hit``."""
    return textwrap.dedent(f"""\
        title: Cancel test
        sides:
          A:
            - name: Jake
              attributes: {{str: 14, coo: 14, obs: 12, sta: 10, luck: 8}}
              skills: {{pistol: 4}}
              weapons: [{{type: single_action_revolver}}]
              at: [0, 0]
          B:
            - name: Dutch
              attributes: {{str: 14, coo: 14, obs: 12, sta: 10, luck: 8}}
              skills: {{pistol: 4}}
              weapons: [{{type: single_action_revolver}}]
              at: [0, {yards}]
        turns:
          - kind: combat
            intents:
              Jake: {{shoot: Dutch, shots: 1, aim: none}}
              Dutch: {{other: waits}}
        rulings:
          - cancel_modifier: {{character: Jake, modifier: {modifier}}}
            why: the light is behind him
        dice_fallback: error
        dice:
          A: {{initiative: [6]}}
          B: {{initiative: [1]}}
          Jake: {{to_hit: [{to_hit}], location: [10], severity: [1]}}
        """)


@pytest.mark.parametrize("written,band,yards", [
    ("extreme", "extreme", 40), ("extreme_range", "extreme", 40),
    ("long", "long", 15), ("long_range", "long", 15)])
def test_a_cancelled_range_row_leaves_the_chance_to_hit(written, band, yards):
    """Jake's careful shot at 40 yards is at extreme range (-5: chance 13), at 15 yards at
    long range (-2: 16); with the range row cancelled (by its key or the ``_range`` name the
    write-up's words give) it is listed at 0 from the ruling and the chance stays 18, so a
    roll of 17 hits."""
    log = run_fight(load_scenario_text(_street(written, to_hit=17, yards=yards)))
    (shot,) = _of(log, "shot_fired")
    assert shot.band == band
    assert [(m.name, m.value, m.source, m.why) for m in shot.modifiers] == [
        (band, 0, "ruling", "the light is behind him")]
    assert (shot.base_chance, shot.chance, shot.roll, shot.result) == (18, 18, 17, "hit")


def test_without_the_ruling_the_range_row_counts():
    """The same shot at 40 yards with a ruling on another row (night, not in force): extreme
    -5, chance 13, the 17 misses."""
    log = run_fight(load_scenario_text(_street("night", to_hit=17)))
    (shot,) = _of(log, "shot_fired")
    assert [(m.name, m.value) for m in shot.modifiers] == [("extreme", -5)]
    assert (shot.chance, shot.result) == (13, "miss")


def test_the_write_up_shows_the_range_row_waived(tmp_path):
    """With ``--cite`` the arithmetic line shows the row at 0 and why; without, it leaves
    the 0 out (as every waived row) and the head of the write-up names the ruling; the
    needed roll is 18 either way."""
    path = tmp_path / "cancel.yaml"
    path.write_text(_street("extreme_range", to_hit=17))
    cited = RUNNER.invoke(app, ["run", str(path), "--cite"])
    assert cited.exit_code == 0, cited.output
    assert ("Base chance to hit 18 (Coordination 14 + Pistol 4); extreme range 0 (waived by "
            "GM ruling: the light is behind him).") in cited.stdout
    assert "needs 18 or less and rolls **17**: a hit" in cited.stdout
    plain = RUNNER.invoke(app, ["run", str(path)])
    assert "Base chance to hit 18 (Coordination 14 + Pistol 4).\n" in plain.stdout
    assert "needs 18 or less and rolls **17**: a hit" in plain.stdout
    assert '- no "extreme range" modifier for Jake (GM ruling: the light is behind him).' \
        in plain.stdout


@pytest.mark.parametrize("written,first", [
    ("short", "modifier 'short' is 0 on Table 2: there is nothing to cancel"),
    ("size_normal", "modifier 'size_normal' is 0 on Table 2: there is nothing to cancel"),
    ("source", "unknown modifier 'source'"),
    ("point_blank", "unknown modifier 'point_blank'; did you mean 'point_blank_pistol'?"),
    ("walking", "unknown modifier 'walking'; did you mean 'shooter_walking'?")])
def test_a_name_no_chance_holds_is_refused_with_the_names(tmp_path, written, first):
    """``check`` refuses a name that cannot cancel anything with one located line, exit code
    2, listing every name a ruling can cancel."""
    path = tmp_path / "cancel.yaml"
    path.write_text(_street(written))
    r = RUNNER.invoke(app, ["check", str(path)])
    assert r.exit_code == 2
    line = r.stderr.strip()
    assert "\n" not in line
    names = ", ".join(tables.cancellable_modifiers())
    assert line == f"{path}:21:50: {first} (a ruling can cancel: {names})"


def test_the_cancellable_names_are_the_rows_a_chance_can_hold():
    """Table 2's rows that are not 0, in its order, then the hand-to-hand ones (B19)."""
    assert tables.cancellable_modifiers() == (
        "point_blank_pistol", "point_blank_long_arm", "long", "extreme", "target_running",
        "target_trotting", "target_evading", "target_galloping", "shooter_walking",
        "shooter_running", "shooter_trotting", "shooter_galloping", "light_wound",
        "serious_wound", "size_very_large", "size_large", "size_small", "size_very_small",
        "sniping", "shotgun", "scattergun", "obscured", "wrong_hand", "two_pistols", "night",
        "attacker_walking", "attacker_running", "attacker_trotting", "attacker_galloping",
        "held_strikes", "held_breaks_free", "against_held", "held_fires")


def test_a_held_mans_pistol_penalty_can_be_cancelled():
    """Bo holds Ann (grapple 12, rolls 6); in turn 2 Ann fires at Bo 1 yard off: COO 10 +
    Pistol 2 = 12, point blank pistol +4, and a held man's -4 cancelled by a ruling: 16, so
    her 15 hits (the same shot without the ruling needed 12, test_hand_to_hand)."""
    text = textwrap.dedent("""\
        title: held
        sides:
          Posse:
            - {name: Ann, attributes: {str: 10, coo: 10, obs: 10, sta: 10, luck: 5},
               skills: {pistol: 2}, weapons: [{type: single_action_revolver}], at: [0, 0]}
          Gang:
            - {name: Bo, attributes: {str: 10, coo: 10, obs: 10, sta: 10, luck: 5},
               skills: {brawling: 2}, weapons: [{type: single_action_revolver}], at: [1, 0]}
        turns:
          - kind: combat
            intents: {Ann: {other: waits}, Bo: {grapple: Ann}}
          - kind: combat
            intents: {Ann: {shoot: Bo, shots: 1, aim: none}, Bo: {other: waits}}
        rulings:
          - {turn: 2, cancel_modifier: {character: Ann, modifier: held_fires}, why: his grip slips}
        dice_fallback: error
        dice:
          Posse: {initiative: [6, 6]}
          Gang: {initiative: [1, 1]}
          Bo: {to_hit: [6]}
          Ann: {to_hit: [15], location: [10], severity: [1]}
        """)
    log = run_fight(load_scenario_text(text))
    (shot,) = _of(log, "shot_fired")
    assert [(m.name, m.value, m.source) for m in shot.modifiers] == [
        ("point_blank_pistol", 4, "table"), ("held_fires", 0, "ruling")]
    assert (shot.chance, shot.result) == (16, "hit")


def test_the_odds_kernel_honours_a_cancelled_range_row():
    """The benchmarks' duel at 30 yards (extreme range for both revolvers) with Luke Short's
    extreme -5 cancelled: the kernel fights it (no fall-back) and agrees with the engine;
    Short's share of wins rises from 0.54 without the ruling to 0.68 with it (engine 3,000
    fights: 0.543 and 0.683; before the fix the ruling changed nothing)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    sys.path.insert(0, str(ROOT / "tests"))
    from common import DUEL  # noqa: E402
    from test_kernel import agree, comparisons  # noqa: E402

    base = DUEL.replace("at: [5, 0]", "at: [30, 0]")
    ruled = base + ("rulings:\n  - {cancel_modifier: {character: Luke Short, modifier: "
                    "extreme}, why: test}\n")
    shares = []
    for text in (base, ruled):
        ld = batch.odds_scenario(load_scenario_text(text))
        e = batch.run_odds(ld, 600, 11, path="engine")
        k = batch.run_odds(ld, 6000, 11, path="kernel")
        assert (e.path, k.path) == ("engine", "kernel")
        assert agree(comparisons(e, k))
        shares.append((e.tally.wins["Short"] / e.tally.trials,
                       k.tally.wins["Short"] / k.tally.trials))
    (e0, k0), (e1, k1) = shares
    assert e1 - e0 > 0.08 and k1 - k0 > 0.08
