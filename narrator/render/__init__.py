"""Rendering: an event log in, text out, through Jinja templates. Never rolls dice.

Templates live in ``templates/<format>/`` (layout and markup) and ``templates/common/``
(one template per event kind, shared by every format through per-format markup filters).
A user's ``--templates DIR`` overrides ours file by file (sandboxed, strict undefined).

May import: jinja2, narrator.events, narrator.render.*.
"""

from narrator.render.core import FORMATS, MODES, render, template_dirs

__all__ = ["FORMATS", "MODES", "render", "template_dirs"]
