"""The rules as data: a ruleset read from games/<name>/ (ruleset.toml, roles.toml, items.toml) plus a game's
own roles.toml, into model records, every key checked and every error naming its file and key; items
(items.py) and role names as hosts write them, modifiers composed (written.py).

May use: model, store (reading TOML: tomlio), and the engine's data (its effect registry, policies and sides),
never its night. Never reaches game, votes, words, forum, watch or cli.
"""
