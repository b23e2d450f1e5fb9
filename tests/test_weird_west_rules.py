"""Hand-worked tests for the Weird West rules (source 004, errata "Weird West" W1-W20).

Line numbers cite ``../shared/sources/004_c023a3ad1c834a19.txt`` as ``cat -n`` numbers it.
Each test's docstring works the numbers by hand; the test checks the rules agree. Dice go
through ``narrator.dice.ScriptedDice`` with scripted values by purpose, as in a scenario.
"""

from __future__ import annotations

import re

import pytest

from narrator.dice import ScriptedDice, ScriptedValue
from narrator.errors import DiceError
from narrator.rulesets.weird_west import cards, rules as R, rolls, tables
from narrator.rulesets.weird_west.state import Body


def scripted(script: dict[str, dict[str, list[int]]], seed: int = 1) -> ScriptedDice:
    return ScriptedDice({w: {p: [ScriptedValue(v) for v in vs] for p, vs in ps.items()}
                         for w, ps in script.items()}, seed)


W = tables.weapons()


# ---------------------------------------------------------------- the examples of 004
def test_ronan_pace_8_splits_16_yards_across_his_actions_l34():
    """004 l.34: Pace 8, up to 16 yards a round: 10, 3, 3 or 0, 0, 16; 10, 3, 4 is 17."""
    assert R.max_move(8) == 16
    assert R.split_ok([10, 3, 3], 8)
    assert R.split_ok([0, 0, 16], 8)
    assert not R.split_ok([10, 3, 4], 8)


def test_ronan_runs_at_12_yards_and_takes_minus_4_l42():
    """004 l.42: 12 yards on one action is more than Pace 8: running, -4 to the rolls of that
    action; 8 yards is not running."""
    assert R.is_running(12, 8)
    assert not R.is_running(8, 8)
    assert R.running_modifier().value == -4
    mods = R.shootin_modifiers(running=True)
    assert [(m.name, m.value) for m in mods] == [("running", -4)]


def test_peacemaker_at_25_yards_is_tn_7_l61():
    """004 l.61: range increment 10; 25 / 10 = 2.5, 2 full increments; TN 5 + 2 = 7."""
    assert W["colt_peacemaker"].range == 10
    assert R.range_increments(25, 10) == 2
    assert R.shootin_tn(25, W["colt_peacemaker"].range) == (7, 2)
    assert R.tn_name(7) == "onerous"
    assert R.shootin_tn(9.99, 10) == (5, 0)
    assert R.shootin_tn(30, 10) == (8, 3)


def test_knife_against_a_saber_is_tn_10_l95():
    """004 l.95: a bandit with fightin': knife 3 holding a saber (defensive bonus +2):
    5 + 3 + 2 = 10 (WN10: his knife level counts for the saber he holds)."""
    assert W["saber"].defense == 2
    assert R.fightin_tn({"knife": 3}, W["saber"]) == (10, 3, "knife")
    # with a sword concentration of his own, that level counts
    assert R.fightin_tn({"knife": 3, "sword": 1}, W["saber"]) == (8, 1, "sword")
    # unarmed: brawlin' (l.93); a W12 sword's bonus is +1
    assert R.fightin_tn({"brawlin": 2}, W["fists"]) == (7, 2, "brawlin")
    assert R.fightin_tn({"sword": 2}, W["sword"]) == (8, 2, "sword")
    assert R.fightin_tn({}, W["fists"]) == (5, 0, "brawlin")


def test_wooden_bar_d6_4_goes_through_armor_2_lowers_the_die_two_steps_l128():
    """004 l.128: a hit in the lower guts behind a wooden bar strikes the wood; the d6 shows 4,
    even: through; wood is Armor 2: the damage die two steps down (d10 -> d6, d8 -> d4, a d6
    falls below d4: no damage, W9). Worked with dice: location 7 is the lower guts, deflect 4."""
    d = scripted({"Bandit": {"location": [7], "deflect": [4]}})
    loc = R.location_of(d.roll("Bandit", "location", 20))
    assert loc == "lower_guts"
    assert not R.deflected(d.roll("Bandit", "deflect", 6))
    assert R.deflected(3)
    assert R.armor_of("wood") == R.armor_of("plank") == 2
    assert R.lowered_die(10, 2) == 6
    assert R.lowered_die(8, 2) == 4
    assert R.lowered_die(6, 2) is None
    assert R.lowered_die(12, 5) is None
    assert R.lowered_die(12, 4) == 4


def test_aiming_three_actions_gives_plus_6_l144():
    """004 l.142-144: +2 an action, at most +6: aim three, fire on the fourth at +6."""
    assert [R.aim_bonus(n) for n in range(5)] == [0, 2, 4, 6, 6]
    m = R.aim_modifier(3)
    assert (m.name, m.value, m.times) == ("aiming", 6, 3)
    # no bead while fanning (l.160)
    assert [m.name for m in R.shootin_modifiers(aim_actions=3, fanning=True)] == ["fanning"]


def test_fanning_six_shots_three_raises_four_hits_l162():
    """004 l.162: six shots fanned, one roll at -2 beats the TN with 3 raises: 4 hits, each
    rolled for location. Worked: shootin': pistol 2 on Deftness d8, TN 5 (within 10 yards);
    dice 8, 8, 6 (aced twice: 22) and 3; kept 22, -2 fanning = 20; 20 - 5 = 15, 3 raises."""
    d = scripted({"Kid": {"shootin": [8, 8, 6, 3], "location": [3, 12, 17, 20],
                          "side": [1, 2]}})
    mods = R.shootin_modifiers(fanning=True)
    roll = rolls.roll_trait(d, "Kid", "shootin", 8, 2, mods, tn=5)
    assert [die.faces for die in roll.dice] == [(8, 8, 6), (3,)]
    assert roll.kept_index == 0 and roll.total == 20
    assert roll.success and roll.raises == 3
    hits = R.fanning_hits(roll.success, roll.raises, 6)
    assert hits == 4
    locs = [R.location_of(d.roll("Kid", "location", 20)) for _ in range(hits)]
    assert locs == ["legs", "arms", "upper_guts", "noggin"]
    assert R.fanning_hits(True, 7, 6) == 6
    assert R.fanning_hits(False, 0, 6) == 0
    assert R.can_fan(W["colt_peacemaker"], True, 1)
    assert not R.can_fan(W["colt_lightning"], True, 3)
    assert not R.can_fan(W["colt_peacemaker"], False, 3)
    assert not R.can_fan(W["colt_peacemaker"], True, 0)
    assert not R.can_fan(W["derringer"], True, 3)


def test_two_peacemakers_at_minus_2_and_minus_6_l173():
    """004 l.168-173: -2 each; the off hand a further -4: main -2, off -6."""
    assert sum(m.value for m in R.two_weapon_modifiers("main")) == -2
    assert sum(m.value for m in R.two_weapon_modifiers("off")) == -6
    assert [m.name for m in R.two_weapon_modifiers("off")] == ["two_weapons", "off_hand"]
    with pytest.raises(ValueError):
        R.two_weapon_modifiers("left")


def test_vamoose_16_beats_the_hit_of_14_l195():
    """004 l.201: the bandit hits with 14; the 8 of spades is the highest card left, spent on
    a dodge roll of 16 (Nimbleness d6, dodge 2: 6 aces, 6 aces, 4 = 16; and 2): 16 > 14, the
    bullet misses. A tie hits (l.194: "beats"); a bust never beats."""
    hand = [cards.card("3C"), cards.card("8S"), cards.card("5H")]
    assert cards.highest(hand) == cards.card("8S")
    d = scripted({"You": {"vamoose": [6, 6, 4, 2, 5, 1, 1]}})
    v = rolls.roll_trait(d, "You", "vamoose", 6, 2, R.vamoose_modifiers(True))
    assert v.total == 16 and v.beats(14)
    tie = rolls.roll_trait(d, "You", "vamoose", 6, 1, R.vamoose_modifiers(False))
    assert tie.total == 1 and [m.value for m in tie.modifiers] == [-4]
    assert R.vamoose_aptitude("ranged") == "dodge"
    assert R.vamoose_aptitude("melee") == "fightin"
    busted = rolls.roll_trait(d, "You", "vamoose", 6, 1)
    assert busted.bust and not busted.beats(0)
    assert rolls.TraitRoll("vamoose", (rolls.Die(6, (6, 6, 2)),), (), 5).beats(13)
    assert not rolls.TraitRoll("vamoose", (rolls.Die(6, (6, 6, 2)),), (), 5).beats(14)


def test_strength_d6_carries_18_36_60_pounds_l48():
    """004 l.48: Strength d6: up to 18 pounds no penalty; 18-36 light (x3/4); 36-60 medium
    (x1/2); over 60 heavy (x1/4). Pace 8: 8, 6, 4, 2."""
    assert R.load_limits(6) == (18, 36, 60)
    assert [R.load_band(6, lb) for lb in (0, 18, 19, 36, 37, 60, 61)] == [
        "none", "none", "light", "light", "medium", "medium", "heavy"]
    assert [R.loaded_pace(8, 6, lb) for lb in (10, 30, 50, 90)] == [8, 6, 4, 2]
    assert R.loaded_pace(7, 6, 30) == 5   # 5.25 rounds down (WN2)
    assert R.load_limits(10) == (30, 60, 100)


# ---------------------------------------------------------------- rolls (W1, W2)
def test_a_die_aces_and_the_best_die_is_kept():
    """W2: a d6 showing 6 is rolled again and added; 6, 6, 2 is 14; the best die is kept."""
    d = scripted({"A": {"shootin": [6, 6, 2, 5, 3]}})
    r = rolls.roll_trait(d, "A", "shootin", 6, 3, tn=9)
    assert [x.total for x in r.dice] == [14, 5, 3]
    assert r.dice[0].aces == 2
    assert r.total == 14 and r.success and r.raises == 1
    assert rolls.raises(19, 9) == 2 and rolls.raises(8, 9) == 0


def test_bust_when_more_than_half_the_dice_show_one():
    """W2: one die showing 1 busts; two dice need two 1s; three dice two 1s. A bust fails
    whatever the total (an ace on the other die included)."""
    one = rolls.roll_trait(scripted({"A": {"q": [1]}}), "A", "q", 6, 1,
                           [], tn=-10)
    assert one.bust and not one.success and one.raises == 0
    two = rolls.roll_trait(scripted({"A": {"q": [1, 6, 6, 3]}}), "A", "q", 6, 2, tn=5)
    assert not two.bust and two.total == 15 and two.raises == 2
    three = rolls.roll_trait(scripted({"A": {"q": [1, 12, 5, 1]}}), "A", "q", 12, 3, tn=5)
    assert three.bust and three.total == 17 and not three.success


def test_unskilled_rolls_the_trait_dice_at_minus_4():
    """W1: aptitude 0 rolls the trait's own dice (here 2) at -4."""
    n, mods = rolls.aptitude_dice(0, 2)
    assert n == 2 and [(m.name, m.value) for m in mods] == [("unskilled", -4)]
    assert rolls.aptitude_dice(3, 2) == (3, [])


def test_strict_roll_must_beat_the_tn():
    """W12 option melee_must_exceed: a total equal to the TN fails."""
    r = rolls.TraitRoll("fightin", (rolls.Die(8, (7,)),), (), 7)
    assert r.success
    assert not rolls.TraitRoll("fightin", (rolls.Die(8, (7,)),), (), 7, strict=True).success


def test_roll_trait_refuses_a_die_the_rules_lack():
    with pytest.raises(ValueError, match="d7"):
        rolls.roll_trait(scripted({}), "A", "q", 7, 1)
    with pytest.raises(ValueError):
        rolls.roll_trait(scripted({}), "A", "q", 6, 0)


def test_damage_dice_ace_and_are_summed():
    """W2, W8: 3d6 showing 6 (aces, 6 aces, 1), 4, 2: 13 + 4 + 2 = 19; 19 / Size 6 = 3 wounds."""
    d = scripted({"A": {"damage": [6, 6, 1, 4, 2]}})
    got = rolls.roll_damage(d, "A", 3, 6)
    assert rolls.dice_total(got) == 19
    assert R.wounds_from(19, 6) == 3 and R.wounds_from(5) == 0
    assert rolls.roll_damage(d, "A", 3, None) == ()


# ---------------------------------------------------------------- cards (W3)
def test_quickness_cards():
    """004 l.22; W3: bust 0, failure 1, success 1 + 1 a raise, at most 5."""
    assert cards.cards_for_quickness(True, False, 0) == 0
    assert cards.cards_for_quickness(False, False, 0) == 1
    assert [cards.cards_for_quickness(False, True, r) for r in range(7)] == [1, 2, 3, 4, 5, 5, 5]


def test_the_marshal_calls_ace_to_deuce_spades_hearts_diamonds_clubs_jokers_first():
    """004 l.23; W3, WN1: jokers first (black, red), then Ace down, suits S H D C."""
    hands = {"A": [cards.card("2C"), cards.card("KH")], "B": [cards.card("KS")],
             "C": [cards.card("joker_red")], "D": [cards.card("joker_black"), cards.card("ad")]}
    order = [(c.code, who) for c, who in cards.call_order(hands)]
    assert order == [("joker_black", "D"), ("joker_red", "C"), ("AD", "D"), ("KS", "B"),
                     ("KH", "A"), ("2C", "A")]
    assert len(cards.all_cards()) == 54
    assert cards.card("10h").name == "ten of hearts"
    assert cards.card("joker_black").name == "black joker"
    with pytest.raises(KeyError, match="no card"):
        cards.card("1S")


def test_scripted_cards_are_dealt_and_must_be_in_the_pile():
    """W3: a character's scripted cards are dealt in order; one already dealt is refused with
    its place in the script; others draw from the seed."""
    place = {c.code: c.place + 1 for c in cards.all_cards()}
    sv = [ScriptedValue(place["AS"], 3, 7), ScriptedValue(place["AS"], 3, 11)]
    d = ScriptedDice({"Ann": {"cards": sv}}, seed=5)
    deck = cards.Deck(d, {"Ann": sv}, path="f.yaml")
    assert deck.draw("Ann").code == "AS"
    other = deck.draw("Bob")
    assert other.code != "AS" and len(deck.pile) == 52
    with pytest.raises(DiceError) as e:
        deck.draw("Ann")
    assert "AS" in str(e.value) and e.value.line == 3 and e.value.column == 11


def test_scripted_cards_run_out_like_dice():
    place = {c.code: c.place + 1 for c in cards.all_cards()}
    sv = [ScriptedValue(place["QH"], 2, 3)]
    d = ScriptedDice({"Ann": {"cards": sv}}, seed=5)
    deck = cards.Deck(d, {"Ann": sv})
    deck.draw("Ann")
    with pytest.raises(DiceError, match="ran out"):
        deck.draw("Ann")
    d2 = ScriptedDice({"Ann": {"cards": sv}}, seed=5, fallback="seeded")
    deck2 = cards.Deck(d2, {"Ann": sv}, fallback="seeded")
    assert deck2.draw("Ann").code == "QH"
    assert deck2.draw("Ann").code != "QH"


def test_empty_pile_reshuffles_the_discards_and_a_black_joker_all_but_the_sleeves():
    """W3: an empty deck reshuffles the discards; a black joker the whole deck, except the
    cards up a sleeve (WN11)."""
    deck = cards.Deck(ScriptedDice({}, seed=3))
    dealt = [deck.draw("A") for _ in range(54)]
    assert len(set(dealt)) == 54 and not deck.pile
    deck.discard(dealt[:10])
    again = deck.draw("A")
    assert deck.reshuffles == 1 and again in dealt[:10] and len(deck.pile) == 9
    deck.reshuffle_all(held=[dealt[20]])
    assert len(deck.pile) == 53 and dealt[20] not in deck.pile and deck.reshuffles == 2


# ---------------------------------------------------------------- hit location (W7)
def test_location_table_and_sides():
    """W7: 1-4 legs, 5-9 lower guts, 10 gizzards, 11-14 arms, 15-19 upper guts, 20 noggin;
    l.113: odd left, even right."""
    assert [R.location_of(r) for r in (1, 4, 5, 9, 10, 11, 14, 15, 19, 20)] == [
        "legs", "legs", "lower_guts", "lower_guts", "gizzards", "arms", "arms",
        "upper_guts", "upper_guts", "noggin"]
    assert R.side_of(3) == "left" and R.side_of(6) == "right"
    assert R.track_of("gizzards") == R.track_of("upper_guts") == "guts"
    assert R.track_of("arms", "left") == "left_arm"
    with pytest.raises(ValueError):
        R.location_of(21)


def test_raises_move_the_location_to_the_noggin_then_the_gizzards():
    """W7: 18 with 2 raises reaches 20; 12 with 2 raises reaches 10; 7 with 2 raises reaches
    neither and stays; limbs: 9 with 2 raises moves to 11."""
    assert R.shift_location(18, 2) == 20
    assert R.shift_location(12, 2) == 10
    assert R.shift_location(7, 2) == 7
    assert R.shift_location(15, 5) == 20
    assert R.shift_location(9, 2, "limbs") == 11
    assert R.shift_location(3, 2, "limbs") == 3
    assert R.shift_location(18, 2, "none") == 18


def test_extra_dice_and_prone():
    """004 l.111: gizzards +1 die, noggin +2; l.117: a prone man is hit only on arms, upper guts,
    noggin, unless the attacker is within 5 yards."""
    assert R.extra_dice("gizzards") == 1 and R.extra_dice("noggin") == 2
    assert R.extra_dice("arms") == 0
    assert R.prone_protects("legs", 10) and not R.prone_protects("arms", 10)
    assert not R.prone_protects("legs", 5) and not R.prone_protects("legs", 20, True)


def test_called_shots():
    """W6, WN3: guts -2, arm or leg -4, hand, gizzards or noggin -6, eye -10."""
    assert [R.called_modifier(c).value for c in
            ("upper_guts", "left_arm", "right_leg", "left_hand", "noggin", "gizzards",
             "eye")] == [-2, -4, -4, -6, -6, -6, -10]
    assert R.called_location("left_hand") == ("arms", "left")
    assert R.called_location("eye") == ("noggin", None)


def test_damage_dice_by_weapon_and_location():
    """W15: Peacemaker 3d6, +2d6 at the noggin; W12: knife Strength + 1d4, the gizzards +1d4;
    fists Strength dice, the noggin +2 of the Strength die (WN13); W14: a shotgun at 2 full
    increments 4d6, at 7 out of reach."""
    assert R.damage_dice(W["colt_peacemaker"], "noggin") == [(3, 6), (2, 6)]
    assert R.damage_dice(W["knife"], "gizzards", strength=(2, 8)) == [(2, 8), (1, 4), (1, 4)]
    assert R.damage_dice(W["fists"], "noggin", strength=(3, 6)) == [(3, 6), (2, 6)]
    assert R.damage_dice(W["double_barrel_shotgun"], "arms", increments=2) == [(4, 6)]
    assert [R.shotgun_dice(n) for n in range(7)] == [6, 5, 4, 3, 2, 1, None]
    with pytest.raises(ValueError):
        R.damage_dice(W["double_barrel_shotgun"], "arms", increments=6)


# ---------------------------------------------------------------- wounds, Wind, stun
def test_wounds_levels_penalty_maiming():
    """W8: levels 1-5, never past maimed; penalty minus the highest; guts shared; maimed guts
    kills, a maimed arm drops, a maimed leg falls; W19: the walking dead die only by the
    noggin and take no penalty."""
    b = Body(wind_max=14)
    assert b.take_wounds("left_arm", 2) == (0, 2, None)
    assert b.penalty == -2
    assert b.take_wounds("left_arm", 9) == (2, 5, "drops")
    assert b.levels["left_arm"] == 5 and b.penalty == -5 and b.can_act
    assert b.take_wounds("guts", 6)[2] == "dead" and not b.can_act
    z = Body(wind_max=0, undead=True)
    assert z.take_wounds("guts", 5)[2] == "none" and z.can_act and z.penalty == 0
    assert z.take_wounds("noggin", 5)[2] == "dead"


def test_wind_bleeding_stun():
    """W8: Wind = Vigor die + Spirit die (d8 + d6 = 14); (wounds)d6, at least 1d6 for a hit that
    did damage; bleeding by the worst wound (WN6); W10: stun TN 5 + wounds."""
    assert R.wind_max(8, 6) == 14
    assert R.wind_dice(0, 3) == 1 and R.wind_dice(3, 19) == 3 and R.wind_dice(0, 0) == 0
    assert R.bleeding({"guts": 3, "left_arm": 1}) == 1
    assert R.bleeding({"guts": 4, "left_arm": 3}) == 2
    assert R.bleeding({"guts": 1, "left_leg": 5}) == 3
    assert R.bleeding({"guts": 4}, undead=True) == 0
    assert R.stun_tn(2) == 7
    b = Body(wind_max=10)
    assert not b.lose_wind(9) and b.lose_wind(1) and b.condition == "winded" and not b.can_act
    z = Body(wind_max=0, undead=True)
    assert not z.lose_wind(5) and z.can_act


def test_fate_chips():
    """W16: white 1, red 2, blue 3; spend the smallest that saves the most when the hit would
    reach serious or kill."""
    assert [R.chip_negates(c) for c in R.CHIPS] == [1, 2, 3]
    chips = {"white": 2, "red": 1, "blue": 1}
    assert R.chip_to_spend(chips, 1, 0, False) is None
    assert R.chip_to_spend(chips, 2, 1, False) == "red"
    assert R.chip_to_spend(chips, 1, 2, False) == "white"
    assert R.chip_to_spend(chips, 4, 0, True) == "blue"
    assert R.chip_to_spend({"white": 1}, 4, 0, True) == "white"
    assert R.chip_to_spend({}, 4, 0, True) is None


def test_modifiers_listed():
    mods = R.shootin_modifiers(shotgun=True, light="dark", half_hidden=True, wound_penalty=-2,
                               target_running=True, on_moving_horse=True, called="noggin",
                               two_guns="off")
    assert [(m.name, m.value) for m in mods] == [
        ("shotgun", 2), ("called_shot", -6), ("two_weapons", -2), ("off_hand", -4),
        ("moving_horse", -2), ("target_running", -2), ("light_dark", -4),
        ("half_hidden", -2), ("wounds", -2)]
    with pytest.raises(ValueError):
        R.shootin_modifiers(light="murky")


# ---------------------------------------------------------------- every number has a source
def test_every_data_section_and_weapon_names_its_source():
    """Every section of rules.toml and every weapon names a source: an 004 line or a ruling,
    and every WN ruling it names exists."""
    known = {r["id"] for r in tables.rulings()}
    srcs = [v["source"] for k, v in tables.rules().items() if isinstance(v, dict)]
    assert len(srcs) == len([v for v in tables.rules().values() if isinstance(v, dict)])
    srcs += [w.source for w in tables.weapons().values()]
    for s in srcs:
        assert re.search(r"004 l\.\d+|ruled: W\d+|ruled: WN\d+", s), s
        for wn in re.findall(r"WN\d+", s):
            assert wn in known, wn
    for r in tables.rulings():
        assert r["id"].startswith("W") and r["text"].strip() and r["settles"]
    for w in re.findall(r"W\d+", " ".join(srcs)):
        assert w in known, w
    assert [r["id"] for r in tables.rulings()][:20] == [f"W{i}" for i in range(1, 21)]
