"""Votes, a leaf library: pages -> posts -> vote texts -> a count. It reads a forum thread (fetch, forums,
pages), finds the votes (extract, marks, votetext) and counts them (tally, names), knowing posts and names,
never games.

May use: model, store (the page cache's files). Never reaches game, rules, engine, words, forum, watch or cli.
"""
