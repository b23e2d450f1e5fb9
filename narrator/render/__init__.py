"""Rendering: an event log in, text out, through Jinja templates. Never rolls dice.

Templates live in ``templates/<format>/`` (layout and markup) and ``templates/common/``
(teaching: ``events/<kind>.j2``; story: ``story/<kind>.j2`` for the prose and
``rolls/<kind>.j2`` for the mechanics lines), shared by every format through per-format
filters. A user's ``--templates DIR`` overrides ours file by file (sandboxed, strict).

May import: jinja2, narrator.events, narrator.render.*.
"""

from narrator.render.core import FORMATS, MODES, render, render_posts, template_dirs
from narrator.render.discord import split_discord
from narrator.render.markup import Options

__all__ = ["FORMATS", "MODES", "Options", "render", "render_posts", "split_discord",
           "template_dirs"]
