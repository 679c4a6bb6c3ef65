"""The game: setup + record, replayed into the state (game.py, replaycache.py); the checks on what a host enters
(entry.py); dealing a new game (deal.py); the host's tools: what is due, who is waiting, the notices and the
status report (daytools.py, waiting.py, notices.py, judgements.py, standing.py). The day's rulings are in day/.

May use: model, rules, engine, store, votes. Never reaches words, forum, watch or cli.
"""
