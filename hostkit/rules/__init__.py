"""The rules as data: a ruleset read from games/<name>/ (ruleset.toml, roles.toml, items.toml) plus a game's own
roles.toml, into model records; every key checked, every error naming its file and key.

May use: model, and the engine's data (its effect registry, policies and sides), never its night.
Never reaches game, store's folder, words, forum, watch or cli.
"""
