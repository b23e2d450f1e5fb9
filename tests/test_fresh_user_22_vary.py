"""odds --vary, as a fresh user found it (session 22, issue 16).

``narrator odds vi-ranch.yaml --vary "Pete.tags.0.applies_to=[sniping]"`` said
"--vary:1:11: 'tags' holds no named fields", not whether a list's items can be varied (the
README numbers only a side's men, ``sides.posse.0.attributes.str``): it says they cannot,
and which of a character's fields can.
"""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent / "fresh22"


def test_vary_into_a_list_says_what_can_be_varied(run_cli):
    r = run_cli(HERE / "vi-ranch.yaml", "odds", "-n", "10", "--vary",
                "Pete.tags.0.applies_to=[sniping]")
    assert r.exit_code == 2
    assert r.stderr.strip() == (
        "--vary:1:11: 'tags' is a list, and --vary sets one value (a number, true or false, a "
        "word) of a named field, not the items of a list (only a side's men are numbered: "
        "sides.SIDE.N.FIELD); a character's: pronoun, group, at, cover, hidden, obscured, "
        "fights_to, tactics (in 'Pete.tags.0.applies_to=[sniping]')")


@pytest.mark.parametrize("spec, said", [
    ("Pete.tactics.x=1", "'tactics' holds one value, no named fields: vary Pete.tactics "
                         "itself"),
    ("sides.homesteaders.0.fights_to.x=1", "'fights_to' holds one value, no named fields: "
                                           "vary sides.homesteaders.0.fights_to itself"),
])
def test_vary_past_a_value_says_to_vary_the_value(run_cli, spec, said):
    r = run_cli(HERE / "vi-ranch.yaml", "odds", "-n", "10", "--vary", spec)
    assert r.exit_code == 2 and said in r.stderr, r.stderr


def test_a_boot_hill_weapon_list_names_the_fields_that_can_be_varied():
    from narrator.scenario import load_scenario
    from narrator.sweep import VaryError, parse_vary, variants

    loaded = load_scenario(HERE.parent / "fresh16" / "street.yaml")
    name = next(iter(loaded.side_of))
    with pytest.raises(VaryError) as err:
        variants(loaded, [parse_vary(f"{name}.weapons.0.spare=1")])
    assert "'weapons' is a list" in err.value.message
    assert ("a character's: pronoun, attributes.FIELD, skills.FIELD, at, mounted, prone"
            in err.value.message)
