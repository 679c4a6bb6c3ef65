"""The game: setup + record, replayed into the state. Game (game.py) is a facade of three parts: the
folder read and replayed (replay.py, replaycache.py), the host's entries (entering.py) and the day's
rulings (dayrules.py; the rulings themselves are pure functions in day/). Beside them: the checks on what a
host enters (entry.py, actlines.py, choices.py); dealing a new game (deal.py) and its vote markup (markup.py);
the post that opens a day and what may go before it (dayopening.py); the host's tools: what is
due, who is waiting, the notices and the status report (daytools.py, waiting.py, notices.py,
judgements.py, standing.py); the game's output format (formats.py); git co-hosting (cohost.py).

May use: model, store, votes, rules, engine. Never reaches words, forum, watch or cli.
"""
