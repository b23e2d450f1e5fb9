"""User templates are confined to their folder and bounded in work (issue 16, kinds 1 and 2).

A corpus of hostile templates: each must end in one line ``FILE:LINE:COLUMN: template error: ...``
and exit 2, stopped by the bound named in the message (a size, width, power, CPU-time or
memory limit), not by the machine. The CPU and memory limits are set low for the test, and a
separate process's peak memory is asserted from the kernel's accounting.
"""

from __future__ import annotations

import os
import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from narrator.cli import app
from narrator.render import sandbox

from conftest import EXAMPLES, ROOT

runner = CliRunner()
SCENARIO = str(EXAMPLES / "luke-short.yaml")

HOSTILE = {
    "repeat-a-string": ('{{ ("x" * 10**9)|length }}', "repetition longer than"),
    "repeat-a-list": ("{{ ([1] * 10**9)|length }}", "repetition longer than"),
    "center": ('{{ "x"|center(2000000000) }}', "center(2000000000): at most"),
    "percent-format-filter": ('{{ "%0999999999d"|format(1) }}', "format width of 999999999"),
    "percent-operator": ('{{ "%0999999999d" % 1 }}', "format width of 999999999"),
    "str-format-method": ('{{ "{:>999999999}".format(1) }}', "format width of 999999999"),
    "huge-power": ("{{ 10**(10**8) }}", "too large a power"),
    "power-tower": ("{{ 9**99999 }}", "too large a power"),
    "huge-product": ("{% set n = 10**300 %}{{ n*n*n*n*n*n*n*n*n*n*n*n*n*n*n*n }}",
                     "product of more than"),
    "lipsum": ("{{ lipsum(100000) }}", "'lipsum' is undefined"),
    "random-filter": ("{{ [1, 2]|random }}", "No filter named 'random'"),
    "nested-loops": ("{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}"
                     "{% endfor %}", "CPU seconds"),
    "doubling-text": ('{% set ns = namespace(x="x") %}{% for i in range(64) %}'
                      "{% set ns.x = ns.x ~ ns.x %}{% endfor %}{{ ns.x|length }}", "MB"),
    "endless-output": ('{% for i in range(100000) %}{{ "x" * 1000 }}{% endfor %}',
                       "writes more than"),
    "recursion": ("{% macro f(n) %}{{ f(n) }}{% endmacro %}{{ f(1) }}", "Recursion"),
    "phrase-state": ("{{ n.phrases.rng.getstate() }}", "unsafe"),
    "module-internals": ("{{ labels.__file__ }}", "__file__"),
}


def templates(tmp_path: Path, body: str) -> Path:
    folder = tmp_path / "tpl"
    (folder / "common").mkdir(parents=True)
    (folder / "common" / "post.j2").write_text("first line\n" + body + "\n")
    return folder


@pytest.fixture
def low_limits(monkeypatch):
    monkeypatch.setattr(sandbox, "CPU_SECONDS", 1.0)
    monkeypatch.setattr(sandbox, "MEMORY_BYTES", 256 * 2**20)


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_templates_are_stopped_by_a_bound(tmp_path, name, low_limits):
    body, words = HOSTILE[name]
    folder = templates(tmp_path, body)
    cpu = resource.getrusage(resource.RUSAGE_SELF).ru_utime
    out = runner.invoke(app, ["run", SCENARIO, "--templates", str(folder)])
    used = resource.getrusage(resource.RUSAGE_SELF).ru_utime - cpu
    assert out.exit_code == 2, out.stdout[:300]
    assert out.stdout == ""
    lines = out.stderr.splitlines()
    assert len(lines) == 1, out.stderr
    assert re.match(rf"{re.escape(str(folder / 'common' / 'post.j2'))}:2:\d+: template error: ",
                    lines[0]), lines[0]
    assert words in lines[0], lines[0]
    assert used < 5.0, f"{used:.1f} CPU seconds"   # the 1-second CPU limit, plus start-up


def test_labels_do_not_show_the_install_path(tmp_path):
    folder = templates(tmp_path, "{{ labels }}|{{ labels.SHOT.hip }}")
    out = runner.invoke(app, ["run", SCENARIO, "--templates", str(folder)])
    assert out.exit_code == 0, out.stderr
    assert "hipshot" in out.stdout
    assert str(ROOT) not in out.stdout and "narrator/render" not in out.stdout


def test_a_memory_hungry_template_stays_under_the_limit_in_a_process(tmp_path):
    """The peak resident memory of the ``narrator run`` process itself: its own ``VmHWM``
    (the high-water mark of its memory since it started Python), read as it exits. Linux gives
    a child's ``ru_maxrss`` the parent's size when it was forked, so ``RUSAGE_CHILDREN`` read the
    test run's own growth (982 MB in session 17's CI; this run peaks at about 440 MB)."""
    body, _ = HOSTILE["doubling-text"]
    folder = templates(tmp_path, body)
    code = ("import runpy, sys\n"
            "sys.argv = ['narrator', *sys.argv[1:]]\n"
            "try:\n"
            "    runpy.run_module('narrator', run_name='__main__', alter_sys=True)\n"
            "finally:\n"
            "    with open('/proc/self/status') as fh:\n"
            "        hwm = [ln for ln in fh if ln.startswith('VmHWM:')][0].split()[1]\n"
            "    print('peak kB', hwm, file=sys.stderr)\n")
    proc = subprocess.run([sys.executable, "-c", code, "run", SCENARIO, "--templates",
                           str(folder)], capture_output=True, text=True, cwd=ROOT,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert proc.returncode == 2 and "template error" in proc.stderr, proc.stderr
    peak_kb = int(proc.stderr.rsplit("peak kB ", 1)[1])
    assert 0 < peak_kb < (sandbox.MEMORY_BYTES + 400 * 2**20) // 1024


# ---------------------------------------------------------------------- confinement

def test_a_format_folder_that_is_a_link_cannot_move_the_root(tmp_path):
    secret = tmp_path / "outside"
    secret.mkdir()
    (secret / "passwd").write_text("root:x:0:0\n")
    folder = tmp_path / "evil"
    (folder / "common").mkdir(parents=True)
    (folder / "markdown").symlink_to(secret)
    (folder / "common" / "post.j2").write_text('{% include "passwd" %}\n')
    out = runner.invoke(app, ["run", SCENARIO, "--templates", str(folder)])
    assert out.exit_code == 2
    assert "root:x" not in out.stdout + out.stderr
    assert "passwd" in out.stderr and out.stderr.count("\n") == 1


@pytest.mark.parametrize("name", ["../outside/passwd", "/etc/passwd", "common/../../outside/passwd"])
def test_paths_out_of_the_folder_are_refused(tmp_path, name):
    secret = tmp_path / "outside"
    secret.mkdir()
    (secret / "passwd").write_text("root:x:0:0\n")
    folder = templates(tmp_path, f'{{% include "{name}" %}}')
    out = runner.invoke(app, ["run", SCENARIO, "--templates", str(folder)])
    assert out.exit_code == 2
    assert "root:x" not in out.stdout + out.stderr


def test_the_file_actually_opened_is_checked(tmp_path, monkeypatch):
    """A link swapped in between the check and the open: the opened file is what counts."""
    secret = tmp_path / "outside.j2"
    secret.write_text("root:x:0:0\n")
    folder = templates(tmp_path, '{% include "notes.j2" %}')
    notes = folder / "common" / "notes.j2"
    notes.write_text("harmless\n")
    real_open = os.open

    def swap_then_open(path, flags, *a):
        if str(path).endswith("notes.j2"):
            notes.unlink()
            notes.symlink_to(secret)
        return real_open(path, flags, *a)

    monkeypatch.setattr(sandbox.os, "open", swap_then_open)
    out = runner.invoke(app, ["run", SCENARIO, "--templates", str(folder)])
    assert "root:x" not in out.stdout
    assert out.exit_code == 2 and "notes.j2" in out.stderr


@pytest.mark.parametrize("body, column, words", [
    ("  {% for x in y %}{{ x }}{% endfo %}", 29, "unknown tag 'endfo'"),   # syntax error
    ("ab {{ nosuch.x }}", 7, "'nosuch' is undefined"),                        # at rendering
    ("  {{ x + }}", 1, "unexpected 'end of print statement'"),               # nothing to find
])
def test_template_error_names_line_and_column(tmp_path, body, column, words):
    """Jinja's errors carry a line and no column: the column is where the name the message
    quotes stands on that line, else 1; always ``FILE:LINE:COLUMN:``."""
    folder = templates(tmp_path, body)
    out = runner.invoke(app, ["run", SCENARIO, "--templates", str(folder)])
    assert out.exit_code == 2 and out.stdout == ""
    assert out.stderr.startswith(f"{folder / 'common' / 'post.j2'}:2:{column}: template error: ")
    assert words in out.stderr and len(out.stderr.splitlines()) == 1
