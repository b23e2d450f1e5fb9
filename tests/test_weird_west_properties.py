"""Property tests of the Weird West rules (errata W2, W3, W8): exploding dice, busts, kept
dice, the deck's order, wound levels, who can act."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from narrator.dice import ScriptedDice
from narrator.rulesets.weird_west import cards, rules as R, rolls
from narrator.rulesets.weird_west.state import Body

dies = st.sampled_from((4, 6, 8, 10, 12))
seeds = st.integers(0, 2**32)


@settings(max_examples=200, deadline=None)
@given(seeds, dies)
def test_an_exploding_die_never_ends_on_its_top_face(seed, die):
    """W2: every face but the last is the top face; the last never is."""
    d = ScriptedDice({}, seed)
    for _ in range(20):
        got = rolls.roll_die(d, "A", "damage", die)
        assert got.faces[-1] != die
        assert all(f == die for f in got.faces[:-1])
        assert all(1 <= f <= die for f in got.faces)


@settings(max_examples=200, deadline=None)
@given(seeds, dies, st.integers(1, 5), st.integers(-10, 10), st.integers(-5, 30))
def test_a_bust_always_fails_and_a_roll_keeps_one_die(seed, die, count, mod, tn):
    """W2: a bust fails whatever the total; the total is one die (the best) plus the
    modifiers, never a sum of dice."""
    from narrator.events import Modifier
    d = ScriptedDice({}, seed)
    for _ in range(10):
        r = rolls.roll_trait(d, "A", "shootin", die, count, [Modifier("m", mod)], tn)
        assert len(r.dice) == count
        if r.bust:
            assert not r.success and r.raises == 0
        assert r.total == max(x.total for x in r.dice) + mod
        assert r.kept in r.dice
        assert r.success == (not r.bust and r.total >= tn)
        assert r.raises == (max(0, (r.total - tn) // 5) if r.success else 0)


@settings(max_examples=50, deadline=None)
@given(seeds, st.lists(st.sampled_from("ABCD"), min_size=1, max_size=54))
def test_the_deck_deals_54_distinct_cards_in_a_total_order_the_same_for_a_seed(seed, whos):
    """W3: one seed deals one order; no card twice before a reshuffle; the call order of
    any hands is total (no two cards tie) and the same every time."""
    def deal():
        deck = cards.Deck(ScriptedDice({}, seed))
        return [(w, deck.draw(w)) for w in whos]
    first, second = deal(), deal()
    assert first == second
    dealt = [c for _, c in first]
    assert len(set(dealt)) == len(dealt)
    hands: dict[str, list] = {}
    for w, c in first:
        hands.setdefault(w, []).append(c)
    order = cards.call_order(hands)
    assert len(order) == len(dealt)
    assert all(a[0] < b[0] for a, b in zip(order, order[1:]))
    assert order == cards.call_order(dict(reversed(list(hands.items()))))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(R.TRACKS), st.integers(0, 12)), max_size=12),
       st.booleans(), st.integers(0, 30), st.integers(2, 24))
def test_wounds_never_pass_maimed_and_the_dead_or_winded_never_act(hits, undead, wind, wmax):
    """W8: a location never goes past maimed (5); a dead or winded man cannot act (W18)."""
    b = Body(wind_max=0 if undead else wmax, undead=undead)
    for track, wounds in hits:
        b.take_wounds(track, wounds)
        b.lose_wind(wind // 3)
        assert all(0 <= lv <= 5 for lv in b.levels.values())
        if b.condition in ("dead", "winded"):
            assert not b.can_act
        if undead:
            assert b.condition in ("active", "dead") and b.penalty == 0
        else:
            assert b.penalty == -max(b.levels.values())
    if b.levels["noggin"] == 5:
        assert b.condition == "dead"
