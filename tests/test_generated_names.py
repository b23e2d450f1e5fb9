"""A generated scenario's title and description name its sides as the write-up does.

Old (`narrator generate --sides o_neills:3 mcgee_boys:3 --seed 11`): "title: O_neills and
Mcgee_boys at Abilene", "Three of the o_neills and three of the mcgee_boys face each other";
`bar_t:3` gave "Bar_t": the raw keys, underscores and all."""

from __future__ import annotations

from narrator.rulesets.boothill import generate as bh


def test_a_generated_title_and_description_name_the_sides_without_their_keys():
    sk = bh.generate([("bar_t", 3), ("rustlers", 2)], "street", seed=11)
    assert sk.title == "Bar T and Rustlers at Delano"
    assert sk.description.startswith("Three of the Bar T and two of the rustlers face each "
                                     "other on the main street of Delano")
    assert "The Bar T wanted the price on the heads of the rustlers." in sk.description
    assert "_" not in sk.title + sk.description
