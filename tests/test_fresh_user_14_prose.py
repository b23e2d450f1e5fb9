"""Story prose a fresh reader of ~200 write-ups found a GM would have to fix before posting
(the fourteenth reading): each test asserts the real sentence and failed on the code before
its fix. The reader's own scenarios are copied into tests/fresh14/."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from narrator.engine import run_fight
from narrator.render import Options, render
from narrator.scenario import load_scenario_text

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "scenarios/examples"
HERE = Path(__file__).resolve().parent / "fresh14"


@lru_cache(maxsize=32)
def _fight(path: Path, seed: int):
    return run_fight(load_scenario_text(path.read_text(), str(path)), seed)


@lru_cache(maxsize=32)
def _story(path: Path, seed: int, tense: str = "present") -> str:
    """`narrator run PATH --seed SEED -m story --tense TENSE` (text format)."""
    return render(_fight(path, seed), "text", "story", options=Options(tense=tense))


def _prose(text: str) -> str:
    """The story paragraphs only: the text format indents the rolls and rulings blocks'
    lines under their titles; the status lists are "- " lines."""
    return "\n".join(line for line in text.splitlines()
                     if not line.startswith((" ", "- ")) and not line.endswith(":"))


# ------------------------------------------------------- 1. a man on the ground is not standing
def test_gaslight_hit_on_a_man_knocked_flat_by_recoil_is_not_told_standing():
    """gas-night seed 17 round 3: Grey's own Webley puts her on her back (recoil failed by 5
    or more, 002 l.135); Harry's next shot hits her foot. Was "Grey sways, bleeding hard, and
    stays up."; now she lies where she fell."""
    text = _prose(_story(HERE / "gas-night.yaml", 17))
    assert ("The Webley bucks clean out of Grey's hands and puts her on her back. Harry's "
            "revolver cracks, and Grey is struck in the right foot. Grey lies where she fell, "
            "bleeding hard, but stays in the fight.") in text
    assert "stays up" not in text.split("puts her on her back")[1].split("##")[0]


def test_gaslight_man_on_the_ground_hit_then_gets_up_and_dies_where_she_lies():
    """gas-night seed 2: Grey thrown off her feet by the Webley's kick in round 1 is hit in
    round 2 before she gets up (was "Grey grits her teeth and stays up. She picks herself
    up"); knocked flat again in round 3 and killed there (was "She is dead before she reaches
    the ground")."""
    text = _prose(_story(HERE / "gas-night.yaml", 2))
    # (re-pinned: the words the phrase stream draws since a Gaslight man going down later in
    # the round is not told staying up, gives_up; the same facts)
    assert ("Grey is struck in the lower right leg. Grey takes it where she lies. She regains "
            "her feet and her Webley.") in text
    assert "a second strikes her in the chest. She dies where she lies." in text
    assert "reaches the ground" not in text
    assert "stays up" not in text


def test_gaslight_rolls_call_a_man_on_his_back_a_target_on_the_ground():
    """The +1 for a man on his back is the table's "stationary but mobile" (002 l.76, a
    seated target): the rolls said "+1 target standing" (gas-night seed 2 round 2, Grey
    thrown off her feet in round 1); now "+1 target on the ground". The number is unchanged."""
    text = _story(HERE / "gas-night.yaml", 2)
    round2 = text.split("Rolls, round 2:")[1].split("Status after round 2")[0]
    assert ("Harry at Grey, rapid #1, 3 ft: 20 +1 base attack +1 Dexterity −4 rapid fire "
            "+1 target on the ground −3 bad light −1 light fog = 15 vs AC 12") in round2
    assert "target standing" not in round2.split("Grey: no shot")[0]


def test_boothill_man_thrown_then_knocked_cold_is_already_on_the_floor():
    """saloon-brawl seed 1: Swede throws Red Mike (prone, errata B19) in turn 3 and knocks
    him cold with the bung starter in turn 4. Was "Red Mike goes down and stays down, out
    cold." (the seed's phrase draw); now he is out cold where he lies."""
    text = _prose(_story(EXAMPLES / "saloon-brawl.yaml", 1))
    assert ("Swede lays the bung starter across Red Mike's shoulders. Red Mike, already on "
            "the floor, is out cold.") in text
    assert "Red Mike goes down and stays down" not in text


# ------------------------------------------------ 2. a draw after failed ones counts its tries
def test_a_fast_draw_that_works_at_the_third_try_is_not_told_the_second():
    """duel seed 15 turn 1: Kate's fast draws roll 8 (failed), 18 (failed), 3 (success);
    was "Kate's gun comes free at the second try"."""
    text = _prose(_story(HERE / "duel.yaml", 15))
    assert "Kate's gun comes free at the third try." in text
    assert "second try" not in text


def test_a_normal_draw_after_four_failed_fast_draws_is_the_fifth_try():
    """duel seed 7: Kate fails four fast draws in turn 1 and makes a normal draw in turn 2;
    was "at the second try"."""
    text = _prose(_story(HERE / "duel.yaml", 7))
    assert "Kate's revolver comes free at the fifth try." in text
    assert "second try" not in text


# ----------------------------------------------------------------- 3. whose draw "it" was
def test_a_fumble_again_names_the_mans_own_draw():
    """duel seed 15 turn 1: was "Cal Dorsey's draw hangs up on his coat. Kate fumbles it
    again." ("it": Cal's draw); seed 3: "Kate fires at Cal, but the bullet finds nothing. Cal
    fumbles it again." Now each fumbles his own draw."""
    text = _prose(_story(HERE / "duel.yaml", 15))
    assert "Cal Dorsey's draw hangs up on his coat. Kate fumbles her draw again." in text
    assert "Cal fumbles his draw again." in _prose(_story(HERE / "duel.yaml", 3))
    for seed in (1, 3, 7, 8, 15):
        assert "fumbles it again" not in _story(HERE / "duel.yaml", seed)
