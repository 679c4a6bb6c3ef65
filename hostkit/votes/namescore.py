"""How one written name reads as one key (a player's name or alias): `score`, the ways of
hostkit.votes.names (whose docstring lists them, strongest first) worked out for a single pair,
with the helpers they share: names normalised (`_norm`), cut into words (`_shape`), letters in
order (`_subsequence`), misspellings (`misspelling`, an OSA distance). Pure: no I/O.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["MISSPELT", "misspelling", "score"]

@lru_cache(maxsize=4096)
def _norm(s: str) -> str:  # a day's few names are normalised once each, not once per key
    return _NON_WORD.sub("", s.casefold())


_NON_WORD = re.compile(r"[\W_]+")


_SEGMENT = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+|[^\W\d_]+")


def _segments(s: str) -> list[str]:
    """'TheRealGin-N-Tonic' -> ['The', 'Real', 'Gin', 'N', 'Tonic']; 'ac1983fan' -> ['ac', '1983', 'fan']."""
    return _SEGMENT.findall(s)


@lru_cache(maxsize=4096)
def _shape(key: str) -> tuple[str, frozenset[int], tuple[str, ...]]:
    """(normalised key, positions in it where a word starts, the words casefolded)."""
    segs = [x for x in _segments(key) if x]
    norm, starts, pos = [], set(), 0
    for seg in segs:
        starts.add(pos)
        low = seg.casefold()
        norm.append(low)
        pos += len(low)
    joined = "".join(norm)
    if joined != _norm(key):  # letters _SEGMENT does not know: fall back to the plain form
        joined = _norm(key)
        starts = {0}
    return joined, frozenset(starts), tuple(norm)


def _subsequence(t: str, k: str, starts: frozenset[int]) -> int | None:
    """The most letters of t that can fall on word starts of k when t's letters are found in k in
    order, t[0] at k[0]; None when t is not such a subsequence."""
    if not t or not k or t[0] != k[0]:
        return None

    @lru_cache(maxsize=None)
    def best(i: int, j: int) -> int | None:  # t[i:] within k[j:]
        if i == len(t):
            return 0
        out = None
        pos = k.find(t[i], j)
        while pos != -1:
            rest = best(i + 1, pos + 1)
            if rest is not None:
                got = rest + (1 if pos in starts else 0)
                if out is None or got > out:
                    out = got
                if pos in starts or out == len(t) - i:
                    break
            pos = k.find(t[i], pos + 1)
        return out

    rest = best(1, 1)
    return None if rest is None else rest + 1


def _initials_in_order(t: str, k: str, starts: frozenset[int]) -> bool:
    """Whether the few letters T can be found in K in order, T[0] at K[0], passing over no word
    start of K: "DGB" reads DrippingGoofball (D, G, and a B inside Goofball), but "FF" is not
    Flavor Leaf (its second F is past the L of Leaf, the initial it leaves out)."""
    from itertools import combinations  # only for a name of two or three letters

    for rest in combinations(range(1, len(k)), len(t) - 1):
        if all(k[j] == c for j, c in zip(rest, t[1:])) and all(i in rest for i in starts if 0 < i < rest[-1]):
            return True
    return False


MISSPELT = 0.74  # the least similarity (1 - OSA distance / length) read as a misspelling


def _osa(a: str, b: str) -> int:
    """The optimal string alignment (restricted Damerau-Levenshtein) distance, as
    pyxDamerauLevenshtein computes it: one small extension, loaded only when a name needs it."""
    from pyxdameraulevenshtein import damerau_levenshtein_distance

    return damerau_levenshtein_distance(a, b)


def misspelling(t: str, k: str, core: str) -> float:
    """How closely the name T (normalised) misspells the key K: the best similarity (1 - the OSA
    distance over the longer length) to K, to its starts as long as T (and one letter longer)
    and to its CORE (K without trailing digits); 0.0 when it cannot reach MISSPELT. Each letter
    of T that K lacks costs an edit, so when those alone keep the similarity under MISSPELT
    (most pairs of names on a real day), no distance is worked out."""
    lacking = len(t) - sum(map(k.__contains__, t))
    if 1.0 - lacking / max(len(t), len(k)) < MISSPELT:
        return 0.0
    ends = [len(k)]
    if len(k) > len(t):
        ends += [len(t), len(t) + 1]
    if core != k and len(core) >= 3:
        ends.append(len(core))
    return max(1.0 - _osa(t, k[:j]) / max(len(t), j) for j in ends)


def _longest(k: int) -> int:
    """The longest a normalised name can be and still be read as a key of K letters: every way
    below needs it at most K + 2 letters long (a name with an ending), except a misspelling,
    whose similarity is at most K / its length (under MISSPELT beyond K / MISSPELT). So a
    longer one scores nothing, and is not worked out (a vote text of a whole sentence is tried
    word by word, as the name and its every leading part)."""
    return 2 * k + 2


def score(typed: str, key: str) -> tuple[float, str]:
    """How well TYPED (as written) reads as KEY (a name or alias): (score 0..1, how)."""
    t = _norm(typed)
    if not t:
        return 0.0, ""
    k, starts, words = _shape(key)
    if not k:
        return 0.0, ""
    if len(t) > _longest(len(k)):
        return 0.0, ""  # too long to be any way of writing the key (see _longest)
    if typed == key:
        return 1.0, "exact"
    if t == k:
        return 0.99, "same letters"
    found: list[tuple[float, str]] = []
    if len(t) >= 2 and k.startswith(t):
        if len(t) <= 3 and typed.isupper() and not all(i in starts for i in range(len(t))):
            # capitals are initials: "CO" starts CooLskins, but its O starts no word of it, so it
            # is no stronger a reading than the initials of a name written "CloudOcean"
            found.append((0.8, "prefix in capitals"))
        else:
            found.append((0.93 + 0.05 * len(t) / len(k), "prefix"))
    if len(words) >= 2 and len(t) == len(k) and all(len(w) >= 2 for w in words):
        typed_words = tuple(w.casefold() for w in _segments(typed))
        if typed_words != words and sorted(typed_words) == sorted(words):
            found.append((0.88, "words swapped"))  # "FaceTwo" for TwoFace
    initials = "".join(w[0] for w in words)
    if len(t) >= 2 and len(words) >= 2 and t == initials:
        found.append((0.95, "initials"))
    if len(t) >= 3:
        at = k.find(t)
        while at != -1:
            if at in starts and (at + len(t) == len(k) or at + len(t) in starts):
                found.append((0.92, "word"))
                break
            at = k.find(t, at + 1)
        else:
            if t in k:
                found.append((0.86 + 0.04 * len(t) / len(k), "part"))
    if len(t) >= 4 and t[::-1] != t and t[::-1] in k:
        # the name written backwards ("Jordan" for XnadrojX): a part of it, read the other way
        found.append((0.84 + 0.04 * len(t) / len(k), "written backwards"))
    core = k.rstrip("0123456789")
    if len(core) >= 3 and t != core and t.startswith(core) and len(t) - len(core) <= 2:
        found.append((0.85, "name with an ending"))
    if 2 <= len(t) < len(k):
        hits = _subsequence(t, k, starts)
        if hits is not None and len(t) <= 3 and len(words) >= 2 and hits < len(t) \
                and not _initials_in_order(t, k, starts):
            hits = None  # two or three letters are initials: "FF" is not Flavor Leaf's (FL)
        if hits is not None:
            found.append((0.7 + 0.2 * hits / len(t) + (0.02 if len(t) >= 4 else 0.0), "letters in order"))
    if len(t) >= 4:
        # a misspelling scores at most 0.92 (the same letters): a key already read as well as
        # that is not worked out again (that would cost the distance)
        sim = misspelling(t, k, core) if not found or max(found)[0] < 0.92 else 0.0
        if sim >= MISSPELT:
            found.append((0.62 + 0.3 * sim, "misspelt"))
        if t[0] == k[0] and sorted(t) == sorted(k[:len(t)]) and len(t) >= 5:
            found.append((0.84, "letters shuffled"))
        if len(t) >= 8 and abs(len(t) - len(k)) <= 1 and t[:3] == k[:3] and t[-3:] == k[-3:] \
                and (not found or max(found)[0] < 0.8):
            # a long name kept at both ends, its middle rewritten ("PassionDale" for
            # Paschendale): a pun or a mishearing, read as the name when no more than a third
            # of its letters change
            if _osa(t, k) * 3 <= max(len(t), len(k)):
                found.append((0.8, "ends kept"))
    return max(found) if found else (0.0, "")
