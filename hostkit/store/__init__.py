"""The store: the game folder on disk. TOML read (keeping the host's comments) and written (tomlio.py,
tomlwrite.py, gamefiles.py), one atomic commit per command with its write-ahead journal and the lock
(folder.py, journal.py), caches in the user's cache folder (cachedir.py), and folders written outside the
game as one change (outdir.py).

May use: model. Never reaches rules, engine, game, votes, words, forum, watch or cli.
"""
