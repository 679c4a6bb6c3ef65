"""The rounds that run a day and a night on the forum while the host is away (`hostkit watch`):
read what is new, post what is due, tell the host; everything through the send journal.

    clock.py    the watch's clock (injectable: tests move time by hand) and its stop signal
    state.py    what the watch remembers in the game folder (.hostkit-watch.json): the last count
                it posted, what it has done this phase, and the sends it decided and has not
                finished (a round killed anywhere finishes them first when run again); its log
    texts.py    the words of its own posts and of its PMs to the host
    due.py      what is due in a round: by day the counts, reminders, !vc answers, the final count
                and the lock; by night the host told when every action is in
    round.py    one round of one game: finish what is pending, read, decide, send
    loop.py     the rounds of several games, one polite request queue per forum site, until
                SIGINT/SIGTERM; backoff while a forum is down; `--status`

May use: forum, words, game, store, votes, model. Nothing below it reaches it; only cli does.
"""
