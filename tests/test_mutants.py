"""Tests written for mutants that survived ``mutmut run`` (see pyproject ``[tool.mutmut]``):
each pins a rule, a die or an edge of the play-by-post saver or the Discord splitter that no
other test pinned. Sources as elsewhere: ``000``/``001``/``003`` are the rules texts under
``../shared/sources/``, ``B<n>`` the rulings of ``../shared/errata.md``."""

from __future__ import annotations

import pytest

from narrator.rulesets.boothill import hit, tables


# ------------------------------------------------------------ one base chance (B2, Table 1/4)

@pytest.mark.parametrize("shot_type, pooled, parts", [
    # COO 15, Pistol 3 (a revolver), Pistol for fanning
    ("careful", False, [("coo", 15, "table"), ("pistol", 3, "table")]),            # 15 + 3
    ("steady", False, [("coo_half", 8, "table"), ("pistol", 3, "table")]),         # ceil(7.5)
    ("hip", False, [("coo_quarter", 3, "table"), ("pistol", 3, "table")]),         # floor(3.75)
    ("hip", True, [("coo_skill_quarter", 4, "house rule")]),                       # 18 // 4
    ("fanned", False, [("fanned", 3, "table")]),                                   # max(1, 3)
])
def test_the_engine_and_tactics_share_one_base_chance(shot_type, pooled, parts):
    """The engine's named terms (``hit.base_parts``, shown in the write-up) and the number
    tactics estimates with (``tables.base_chance``) come from one formula, ``tables.base_terms``
    (B2: careful COO + skill, steady ceil(COO/2) + skill, hip floor(COO/4) + skill, pooled
    floor((COO + skill)/4), fanned max(1, Pistol))."""
    sit = hit.ShotSituation(shot_type, "short", pooled_hipshot=pooled)
    got = hit._base_parts(sit, 15, "pistol", 3, 3)
    assert [(m.name, m.value, m.source) for m in got] == parts
    assert tables.base_chance(shot_type, 15, 3, pooled) == sum(v for _, v, _ in parts)


def test_fanning_with_no_pistol_skill_is_still_a_chance_of_1():
    """Table 4 "1, or Pistol Skill" (000 l.239), B2: max(1, Pistol)."""
    assert tables.base_terms("fanned", 17, 0) == (("fanned", 1),)
    assert tables.base_terms("fanned", 17, 1) == (("fanned", 1),)
    assert tables.base_terms("fanned", 17, 2) == (("fanned", 2),)
    with pytest.raises(ValueError):
        tables.base_terms("aimed", 17, 2)
