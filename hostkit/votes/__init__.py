"""Votes: read a forum thread (fetch, forums), find the votes (extract) and count them (tally)."""
