"""The lean path's quicker objects (issue 17): a turn's intents read as plain copies
(``fight._plain_intents``) and the profiles' intents and moves made by ``tactics._copy_of``
are the same values as the pydantic models they stand for; and fights with moves, declared
intents and blows (every kind of intent the copies carry) end as ``narrator run`` ends them."""

from __future__ import annotations

from narrator import batch
from narrator.engine import run_fight
from narrator.rulesets.boothill import fight, tactics
from narrator.rulesets.boothill.generate import generate, to_yaml
from narrator.rulesets.boothill.scenario import Intent, MoveIntent
from narrator.scenario import load_scenario, load_scenario_text
from tests.conftest import EXAMPLES

FIELDS = tuple(Intent.model_fields)
MOVE_FIELDS = tuple(MoveIntent.model_fields)


def test_copy_of_is_model_copy() -> None:
    """``_copy_of(blank, kw)`` is ``blank.model_copy(update=kw)``: the same fields, the same
    fields set (what a dump with ``exclude_unset`` writes), no extra, no private."""
    for blank, kw in ((tactics._BLANK, {"shoot": "Dutch", "shots": ["hip", "steady"],
                                        "draw": "fast", "aim": "vitals"}),
                      (tactics._BLANK, {"move": tactics._move(gait="running", to=(3.0, 4.0)),
                                        "other": "calls out"}),
                      (tactics._BLANK_MOVE, {"gait": "walking", "to": "wagon"})):
        a, b = tactics._copy_of(blank, kw), blank.model_copy(update=kw)
        assert type(a) is type(b)
        assert a.__dict__ == b.__dict__
        assert a.__pydantic_fields_set__ == b.__pydantic_fields_set__ == set(kw)
        assert a.__pydantic_extra__ is None and a.__pydantic_private__ is None
        assert a == b
        assert a.model_dump(exclude_unset=True) == b.model_dump(exclude_unset=True)
    assert tactics._BLANK.__pydantic_fields_set__ == set()  # (the blank is left as it was)


def test_plain_copies_read_as_the_intents() -> None:
    """Each field of a plain copy (and of its move) is the Intent's, its ``melee`` too; one
    copy per Intent object, the same copy again for the same object."""
    move = MoveIntent(gait="running", to=[3, 4], delay=True)
    intents = {"A": Intent(shoot="B", shots=["hip", "hip"], move=move),
               "B": Intent(strike="A"), "C": Intent(grapple="A"), "D": Intent()}
    plain = fight._plain_intents(intents)
    assert list(plain) == list(intents)
    for name, i in intents.items():
        p = plain[name]
        for k in FIELDS:
            if k != "move":
                assert getattr(p, k) == getattr(i, k), (name, k)
        assert p.melee == i.melee
        if i.move is None:
            assert p.move is None
        else:
            for k in MOVE_FIELDS:
                assert getattr(p.move, k) == getattr(i.move, k), (name, k)
    assert [p.melee for p in plain.values()] == [None, "strike", "grapple", None]
    again = fight._plain_intents(intents)
    assert all(again[n] is plain[n] for n in intents)


def test_lean_fights_with_moves_and_blows_are_run_fights() -> None:
    """Fights whose intents move men about and come to blows, on the lean path, trial by
    trial as ``run_fight`` (its records summed up)."""
    cases = [batch.odds_scenario(load_scenario_text(to_yaml(generate(
                 [("posse", 3), ("rustlers", 3)], "corral", 11)))),
             batch.odds_scenario(load_scenario(EXAMPLES / "saloon-brawl.yaml"),
                                 tactics="aggressive", max_turns=12),
             batch.odds_scenario(load_scenario(EXAMPLES / "shotgun-gang.yaml"),
                                 tactics="cautious", max_turns=12)]
    for ld in cases:
        for s in range(40):
            full = batch.summarize(run_fight(ld, s, dice_fallback="seeded"))
            assert batch.fight_summary(ld, s) == full, (ld.scenario.title, s)
