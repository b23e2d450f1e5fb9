"""No test module defines one top-level name twice: a second ``def test_x`` silently replaces
the first, and the first test stops running without a failure (it happened once, to a
kernel mutant test)."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def shadowed(paths: list[Path]) -> list[str]:
    """``file:line name (first at line N)`` for each top-level function or class a module
    defines again."""
    twice = []
    for path in paths:
        seen: dict[str, int] = {}
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                if node.name in seen:
                    twice.append(f"{path.name}:{node.lineno} {node.name} "
                                 f"(first at line {seen[node.name]})")
                seen[node.name] = node.lineno
    return twice


def test_no_test_module_defines_a_name_twice():
    assert shadowed(sorted(TESTS.rglob("test_*.py"))) == []


def test_a_name_defined_twice_is_found(tmp_path):
    mod = tmp_path / "test_twice.py"
    mod.write_text("def test_a():\n    pass\n\n\nclass B:\n    pass\n\n\ndef test_a():\n"
                   "    assert False\n", encoding="utf-8")
    assert shadowed([mod]) == ["test_twice.py:9 test_a (first at line 1)"]
