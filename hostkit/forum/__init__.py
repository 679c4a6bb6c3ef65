"""Talking to a live forum: logging in, posting replies, sending PMs and reading the inbox.

    session.py      one HTTP session per forum site: cookies (cached, mode 0600), an honest
                    User-Agent, a gap between requests, timeouts, bounded retries
    account.py      the host's account for a site: the name, the password (keyring, else
                    $HOSTKIT_FORUM_PASSWORD), the cached session cookie
    base.py         the small interface every forum engine's adapter implements (`Adapter`),
                    and what it returns (`Sent`, `Message`)
    phpbb.py        phpBB 3's adapter (forms, tokens, the one-second rule, flood, new posts)
    pmfolders.py    phpBB 3's PM folders read whole: every page of any folder, with user ids
    journal.py      the send journal in the game folder: nothing is sent twice
    send.py         sending rendered PMs and posts through an adapter, journalled
    recover.py      a rerun's look on the forum for a send left unsure: only a copy dated after
                    its mark (the forum's clock), a full sentbox, `hostkit sent` by hand
    inbox.py        reading players' action PMs into `act` lines
    owed.py         what a PM may say beyond the role's abilities: a dead player's duties and
                    last words, and the items a player holds
    dayopen.py      the post that opens a day sent, and the day's start post taken from it
    votecount.py    votes --send: count, publish and post the count (nothing when nothing changed)
    told.py         what the forum already knows of what an undo took back

Nothing here is imported at start-up: requests and keyring load only in the commands that talk
to a forum. Thread pages are read by hostkit.votes.fetch (this package hands it its session).

May use: words, game, store, votes, rules, engine, model. Never reaches watch or cli.
"""

from __future__ import annotations

ENGINES = ("phpbb",)  # engines with an adapter; XenForo and Discourse implement base.Adapter next
