"""The day's rulings on a replayed game: the elimination and its checks, the Sheriff race, a Hunter's shot and
the badge, bonds, shortening, LYLO/MYLO, day actions, replacement, the Mind Stealer's stockpile and alien tech,
and the game's side of a vote count (daycount.py: players, aliases, weights, the day's window).

May use: model, rules, engine, store, votes, and the game beside it. Never reaches words, forum, watch or cli.
"""
