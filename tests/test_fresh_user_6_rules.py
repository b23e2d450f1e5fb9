"""What the sixth fresh user tripped on in the Boot Hill rules options, citations and docs.

1. ``cancel_modifier`` took the range rows ``long`` and ``extreme`` (and ``short``,
   ``size_normal``, even ``source``) but the chance to hit kept the modifier; ``long_range``
   was refused with "did you mean 'wrong_hand'?". Every name a ruling takes now applies (in
   the engine and the odds kernel alike), ``long_range``/``extreme_range`` are the range rows,
   and a name no chance to hit holds is refused with the names that can be cancelled.
2. ``--cite`` credited ruling B18(h) for a Tactics retry under ``tactics_retry: delayed``
   (001 l.37's optional rule); it now names the rule in force.
5. A Tactics retry was promised for a turn after the fight's last (``max_turns``), and
   ``check`` counted only the declared turns of a fight ``max_turns`` makes longer.
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from narrator import batch
from narrator.engine import run_fight
from narrator.rulesets.boothill import tables
from narrator.scenario import load_scenario_text

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


def test_the_write_up_shows_the_range_row_waived(run_cli, tmp_path):
    """With ``--cite`` the arithmetic line shows the row at 0 and why; without, it leaves
    the 0 out (as every waived row) and the head of the write-up names the ruling; the
    needed roll is 18 either way."""
    path = tmp_path / "cancel.yaml"
    cited = run_cli(_street("extreme_range", to_hit=17), "run", "--cite", name="cancel.yaml")
    assert cited.exit_code == 0, cited.output
    assert ("Base chance to hit 18 (Coordination 14 + Pistol 4); extreme range 0 (waived by "
            "GM ruling: the light is behind him).") in cited.stdout
    assert "needs 18 or less and rolls **17**: a hit" in cited.stdout
    plain = run_cli(path, "run")
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
def test_a_name_no_chance_holds_is_refused_with_the_names(run_cli, tmp_path, written, first):
    """``check`` refuses a name that cannot cancel anything with one located line, exit code
    2, listing every name a ruling can cancel."""
    path = tmp_path / "cancel.yaml"
    r = run_cli(_street(written), "check", name="cancel.yaml")
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


# ---------------------------------------------------------------------- 2, 5. Tactics retries
RETRY = """
title: Tactics retry
seed: 3
MAX
house_rules: {tactics_retry: RULE}
sides:
  posse:
    - name: Wes Hardin
      attributes: {str: 12, coo: 14, obs: 10, sta: 10, luck: 6}
      skills: {pistol: 3, tactics: 3}
      weapons: [{type: single_action_revolver}]
      at: [0, 0]
      tactics: cautious
  gang:
    - name: Bill Doolin
      attributes: {str: 12, coo: 13, obs: 10, sta: 10, luck: 6}
      skills: {pistol: 3, tactics: 2}
      weapons: [{type: single_action_revolver}]
      at: [30, 0]
      tactics: cautious
"""


def _retry_text(rule: str, max_turns: int | None = 6, cite: bool = True) -> str:
    """The teaching write-up of ``RETRY`` (seed 3: Wes rolls 18 over Tactics 3, Bill 3 over
    2, at the start of the fight) under ``tactics_retry: rule``."""
    from narrator.render import Options, render

    text = RETRY.replace("RULE", rule).replace(
        "MAX", f"max_turns: {max_turns}" if max_turns else "")
    return render(run_fight(load_scenario_text(text), 3), mode="teaching", options=Options(cite=cite))


def test_a_delayed_retry_cites_the_optional_rule_not_b18h():
    """delayed: Bill missed by 1, so turn 2 (the next), and there by 9 (11 over 2): turn 11;
    the citation is 001 l.37's optional rule and the house rule, never ruling B18(h)."""
    text = _retry_text("delayed", max_turns=20)
    assert ("**Bill Doolin** checks Tactics (2) and rolls 3: a failure; he may try again at "
            "the start of the next turn (001 l.37's optional rule, house rule tactics_retry: "
            "delayed).") in text
    assert ("**Bill Doolin** tries Tactics (2) again and rolls 11: a failure; he may try "
            "again at the start of turn 11 (001 l.37's optional rule, house rule "
            "tactics_retry: delayed).") in text
    assert "B18" not in text


def test_never_cites_the_rule_as_written_and_every_turn_ruling_b18h():
    never = _retry_text("never")
    assert ("**Wes Hardin** checks Tactics (3) and rolls 18: a failure; he may not try again "
            "in this fight (001 l.37).") in never
    assert "B18" not in never
    every = _retry_text("every_turn")
    assert ("**Wes Hardin** checks Tactics (3) and rolls 18: a failure; he may try again at "
            "the start of the next turn (001 l.37, ruling B18(h)).") in every
    assert "optional rule" not in every


def test_a_retry_after_the_last_turn_is_not_promised():
    """delayed, max_turns 6: Wes missed by 15, so his retry would be turn 16: the write-up
    says the fight's last turn is 6 (with and without --cite); the event keeps turn 16 and
    the last turn."""
    for cite in (True, False):
        text = _retry_text("delayed", cite=cite)
        assert ("**Wes Hardin** checks Tactics (3) and rolls 18: a failure; he could try again "
                "only at the start of turn 16" + (" (001 l.37's optional rule, house rule "
                                                  "tactics_retry: delayed)" if cite else "")
                + ", and turn 6 is the fight's last.") in text
        assert "he may try again at the start of turn 16" not in text
    log = run_fight(load_scenario_text(RETRY.replace("RULE", "delayed").replace(
        "MAX", "max_turns: 6")), 3)
    first = next(e for e in log.events if e.kind == "tactics_checked")
    assert (first.character, first.retry, first.last_turn) == ("Wes Hardin", 16, 6)


def test_every_turn_at_the_last_turn_is_not_promised_the_next():
    """every_turn in a one-turn fight: the start-of-fight failures could be tried again only
    at the start of turn 2, which does not come."""
    text = _retry_text("every_turn", max_turns=1)
    assert ("**Wes Hardin** checks Tactics (3) and rolls 18: a failure; he could try again "
            "only at the start of the next turn (001 l.37, ruling B18(h)), and turn 1 is the "
            "fight's last.") in text


def test_play_by_post_without_max_turns_keeps_the_promise(run_cli, tmp_path):
    """A play-by-post fight without max_turns has no last turn (the GM adds one after each):
    ``next`` of its first turn promises the next turn, as the GM will add it."""
    path = tmp_path / "pbp.yaml"
    path.write_text(RETRY.replace("RULE", "every_turn").replace("MAX", "") + textwrap.dedent("""\
        turns:
          - intents: {}
        """))
    r = run_cli(path, "next", "--cite")
    assert r.exit_code == 0, r.output
    assert ("**Wes Hardin** checks Tactics (3) and rolls 18: a failure; he may try again at "
            "the start of the next turn (001 l.37, ruling B18(h)).") in r.stdout


@pytest.mark.parametrize("max_turns,turns,said", [
    ("", 1, "1 turn"), ("max_turns: 1", 1, "1 turn"), ("max_turns: 4", 2,
                                                        "at most 4 turns (2 declared)"),
    ("max_turns: 1", 0, "at most 1 turn (none declared)"),
    ("max_turns: 6", 0, "at most 6 turns (none declared)")])
def test_check_counts_the_turns_max_turns_allows(run_cli, tmp_path, max_turns, turns, said):
    path = tmp_path / "fight.yaml"
    body = RETRY.replace("RULE", "never").replace("MAX", max_turns)
    if turns:
        body += "turns:\n" + "  - intents: {}\n" * turns
    r = run_cli(body, "check")
    assert r.exit_code == 0, r.output
    assert r.stdout == f"{path}: ok: 'Tactics retry', 2 sides, 2 characters, {said}\n"


# ---------------------------------------------------------------------- 3. "ruling B19"
def test_a_rules_message_names_a_ruling_never_errata(run_cli, tmp_path):
    """``check``'s refusal of three blows in a combat turn cites "ruling B19" (it said
    "errata B19", while the docs and write-ups say "ruling B19")."""
    path = tmp_path / "brawl.yaml"
    path.write_text(_street("night").replace("Jake: {shoot: Dutch, shots: 1, aim: none}",
                                             "Jake: {strike: Dutch, blows: 3}"))
    r = run_cli(path, "check")
    assert r.exit_code == 2
    assert r.stderr.strip().endswith(
        "blows: a combat turn allows one or two blows (ruling B19)")
    assert "errata" not in r.stderr


def test_no_user_facing_text_says_errata():
    """README, docs, example scenarios, every template and phrase file (a GM copies them to
    override), and every string in the rulesets' code other than docstrings (messages,
    warnings): "errata" nowhere; the hand-to-hand reference cites "ruling B19"."""
    import ast

    files = [ROOT / "README.md", *(ROOT / "docs").glob("*.md"),
             *(ROOT / "scenarios").rglob("*.yaml"), *(ROOT / "templates").rglob("*.*"),
             *(ROOT / "narrator" / "rulesets").rglob("templates/**/*.j2")]
    said = [str(p.relative_to(ROOT)) for p in files
            if "errata" in p.read_text(encoding="utf-8").lower()]
    assert said == []
    strings = []
    citation_patterns = {"errata Violence", 'errata \\"Attributes\\"'}
    for p in (ROOT / "narrator" / "rulesets").rglob("*.py"):
        tree = ast.parse(p.read_text(encoding="utf-8"))
        docs = {id(n.body[0].value) for n in ast.walk(tree)
                if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef))
                and n.body and isinstance(n.body[0], ast.Expr)
                and isinstance(n.body[0].value, ast.Constant)}
        strings += [f"{p.name}:{n.lineno}" for n in ast.walk(tree)
                    if isinstance(n, ast.Constant) and isinstance(n.value, str)
                    and id(n) not in docs and "errata" in n.value
                    and n.value not in citation_patterns]
    assert strings == []
    assert "### Hand-to-hand weapons (ruling B19)" in (ROOT / "docs" / "boothill.md").read_text()
    assert "Source: ruling B19." in (ROOT / "docs" / "boothill.md").read_text()


# ---------------------------------------------------------------------- 4. house-rule defaults
def test_the_house_rules_docs_do_not_say_all_off(run_cli):
    """Not every option is "off" by default: tactics_retry's default is every_turn (ruling
    B18(h)), shotgun_bonus's true. The reference (docs and ``narrator rules``), the scenario
    keys and ``narrator new``'s scenario say what the defaults are instead."""
    from narrator.rulesets.boothill.scenario import HouseRules

    defaults = HouseRules()
    assert (defaults.tactics_retry, defaults.shotgun_bonus) == ("every_turn", True)
    docs = (ROOT / "docs" / "boothill.md").read_text()
    keys = (ROOT / "docs" / "scenario.md").read_text()
    skeleton = (ROOT / "narrator" / "rulesets" / "boothill" / "skeleton.yaml").read_text()
    for text in (docs, keys, skeleton):
        assert "all off" not in text.lower()
    assert ("Each option's default (the column below) reads the rules as narrator's default "
            "profile does: the tables, and for tactics_retry ruling B18(h).") in docs
    assert "| tactics_retry | every_turn | every_turn, never, delayed |" in docs
    r = run_cli(None, "rules", "boothill", "house-rules")
    assert r.exit_code == 0
    said = " ".join(r.stdout.split())
    assert "and for tactics_retry ruling B18(h)" in said and "All off" not in said


# ---------------------------------------------------------------------- 6. source asides
def test_the_zero_wound_points_aside_quotes_the_text_only_with_cite(run_cli, tmp_path):
    """Jake hits Dutch in a limb (location d20 1) with a severity d6 of 1, arm or leg
    -1 = 0: a light wound worth 0 wound points. Without --cite the write-up says what wound
    points are; the text's "1 to 5 wound points" and its lines come with --cite, as every
    other aside that answers the rules text (story mode's mechanics block has neither)."""
    path = tmp_path / "scratch.yaml"
    path.write_text(_street("night", to_hit=3, yards=5).replace(
        "location: [10], severity: [1]", "location: [1], severity: [1]"))
    plain = run_cli(path, "run")
    assert plain.exit_code == 0, plain.output
    assert ("Dutch takes 0 wound points: 0 of 14 (wound points are the modified severity "
            "roll, here 0).\n") in plain.stdout
    assert "the text" not in plain.stdout
    cited = run_cli(path, "run", "--cite")
    assert ("Dutch takes 0 wound points: 0 of 14 (wound points are the modified severity "
            "roll, here 0; the text's \"1 to 5 wound points\" is the d6 before its modifiers: "
            "000 l.433-435, ruling B7).\n") in cited.stdout
    for fmt in ("markdown", "text"):
        story = run_cli(path, "run", "-m", "story", "-f", fmt)
        assert "the text" not in story.stdout and "0/14 WP" in story.stdout
