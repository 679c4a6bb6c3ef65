"""The words: what players, the thread and the host's terminal are told. One sandboxed Jinja environment
(render.py, sandbox.py, templatepath.py), escaping per output format (escaping.py; the game's format is game/formats.py), the
terminal's plain text (text.py, catalog.py), and publish/: the PMs, posts, public view, game page and charts.

May use: game, store, votes, rules, engine, model. Never reaches forum, watch or cli.
"""
