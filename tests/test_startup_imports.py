"""What a short ``narrator run`` does not import (issue 17 item 4: start-up; the time itself is
printed by benchmarks/bench_startup.py, never asserted), and inflect's import without typeguard
(narrator/render/inflection.py)."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import EXAMPLES

HEAVY = ("numpy", "rich", "faker", "drawsvg", "lemminflect", "typeguard", "unittest.mock",
         "asyncio")


def _modules_after(code: str) -> list[str]:
    """The modules of HEAVY (and narrator's rulesets) loaded after running ``code`` in a
    fresh interpreter."""
    probe = (code + "\nimport sys\n"
             f"print(sorted(m for m in sys.modules if m in {HEAVY!r} "
             "or m.startswith('narrator.rulesets.')), file=sys.stderr)")
    r = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                       timeout=120, check=False)
    assert r.returncode == 0, r.stderr
    return eval(r.stderr.strip().splitlines()[-1])  # noqa: S307 - our own probe's list


def test_a_teaching_run_loads_only_what_it_uses():
    run = ("import sys\n"
           f"sys.argv = ['narrator', 'run', {str(EXAMPLES / 'luke-short.yaml')!r}]\n"
           "from narrator.cli import main\n"
           "try:\n    main()\nexcept SystemExit as exc:\n    assert not exc.code, exc.code\n")
    loaded = _modules_after(run)
    assert not [m for m in loaded if m in HEAVY], loaded
    assert {m.split(".")[2] for m in loaded} == {"boothill"}


def test_inflect_is_imported_without_typeguard_which_stays_importable():
    code = ("from narrator.render import inflection\n"
            "assert inflection.is_plural('the fallen rocks') and not inflection.is_plural('the posse')\n"
            "assert inflection.count(3, 'shot') == 'three shots'\n"
            "import sys\n"
            "assert 'inflect' in sys.modules and 'typeguard' not in sys.modules\n"
            "import typeguard\n"
            "assert hasattr(typeguard, 'check_type') and hasattr(typeguard, 'TypeCheckError')\n")
    assert _modules_after(code) == ["asyncio", "typeguard", "unittest.mock"]  # the real one


def test_with_typeguard_loaded_first_its_decorator_is_given_back():
    code = ("import typeguard\n"
            "real = typeguard.typechecked\n"
            "from narrator.render import inflection\n"
            "assert inflection.plural('bullet') == 'bullets'\n"
            "assert typeguard.typechecked is real\n")
    assert "typeguard" in _modules_after(code)
