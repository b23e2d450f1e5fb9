"""``narrator generate --ruleset gaslight`` writes a scenario as commented as the other
rulesets' and gives each side the tactics its name calls for; ``generate --help`` speaks of
every ruleset.

Found by session 15's fresh-user trial: Gaslight's generated file had 3 comment lines where
Violence's and Weird West's have 18-28; it drew each man's profile at random, so constables
played ``coward`` and an anarchist ``lawman``; ``generate --help`` spoke only of Boot Hill.
"""

from __future__ import annotations

import re

import pytest

from narrator.ruleset import get
from narrator.scenario import load_scenario_text


def _profiles(text: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    side = None
    for line in text.splitlines():
        m = re.match(r"^  (\w+):", line)
        if m and not line.startswith("    "):
            side = m[1]
        m = re.match(r"^      tactics: (\w+)", line)
        if m and side is not None:
            out.setdefault(side, []).append(m[1])
    return out


@pytest.mark.parametrize("law, other", [("constables", "anarchists"), ("police", "roughs"),
                                        ("posse", "gang"), ("yard_men", "fenians")])
def test_a_side_of_the_law_plays_the_laws_profiles_and_no_other_side_a_lawman(law, other):
    for seed in range(25):
        text = get("gaslight").generate([(law, 4), (other, 4)], "street", seed, 6, "")
        load_scenario_text(text)
        got = _profiles(text)
        assert got[law][0] == "lawman", (seed, got)
        assert "coward" not in got[law], (seed, got)
        assert "lawman" not in got[other], (seed, got)


def test_the_generated_file_is_commented_as_the_others_are():
    text = get("gaslight").generate([("constables", 3), ("anarchists", 3)], "saloon", 7, 6,
                                    "narrator generate")
    comments = [line for line in text.splitlines() if line.lstrip().startswith("#")]
    notes = [line for line in text.splitlines() if "tactics:" in line and "  # " in line]
    assert len(comments) >= 20 and len(notes) == 6, text
    for said in ("narrator run THIS_FILE", "narrator odds THIS_FILE", "# turns:",
                 "quick_draw: Quick", "carried: where", "powder: black or smokeless"):
        assert said in text, said
    assert load_scenario_text(text).scenario.max_turns == 6


def test_generate_help_speaks_of_every_ruleset(run_cli):
    r = run_cli(None, "generate", "--help")
    assert r.exit_code == 0
    plain = " ".join(r.stdout.split())
    for name in ("Boot Hill", "Violence", "Weird West", "Gaslight"):
        assert name in plain, name
    assert "Table 14" not in plain
