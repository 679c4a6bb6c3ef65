"""URLs as hostkit keeps and shows them: never with a forum's session token in them."""

from __future__ import annotations

import re

_SESSION_VALUE = re.compile(r"^[0-9a-fA-F]{32}$")  # vBulletin's and Invision's `s=` session id


def strip_session(url: str) -> str:
    """`url` without the session id a forum puts in its links for a reader with no cookie
    (phpBB `sid=`, `PHPSESSID=`, vBulletin's and Invision's 32-hex `s=`): a link in a public
    post, or one kept in the game folder, must never carry a session token. The rest of the URL
    (other query keys in their order, the fragment) is kept as it is."""
    path, hashmark, fragment = url.partition("#")
    base, qmark, query = path.partition("?")
    if not qmark:
        return url
    kept = []
    for part in re.split(r"([&;])", query):
        key, _, value = part.partition("=")
        low = key.lower()
        if low in ("sid", "phpsessid") or (low == "s" and _SESSION_VALUE.match(value)):
            continue
        kept.append(part)
    # re.split kept the separators: drop the ones left doubled, leading or trailing
    cleaned = "".join(kept)
    cleaned = re.sub(r"[&;]{2,}", lambda m: m.group(0)[0], cleaned).strip("&;")
    return base + ("?" + cleaned if cleaned else "") + hashmark + fragment
