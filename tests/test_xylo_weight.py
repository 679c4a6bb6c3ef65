"""natural: additional vote weight is lost in XYLO.

Seed natural III: "Additional Vote Weight is always private and lost in XYLO unless otherwise
stated." On a lynch-or-lose day (the count's LYLO notice: one mis-elimination loses the game) a
vote weighs at most 1; the game option `weight-in-xylo = kept` is the "otherwise stated".
"""

from __future__ import annotations

import json

import pytest

from conftest import Host

LYLO = ["A=Goon", "B=Villager", "C=Villager"]  # 3 alive, one Goon: a mis-elimination loses
OPEN = ["A=Goon", "B=Villager", "C=Villager", "D=Villager", "E=Villager", "F=Villager", "G=Villager"]


def day_one(tmp_path, assign, *options: str) -> Host:
    host = Host(tmp_path / "g")
    args = ["new", str(tmp_path / "g"), "--ruleset", "natural", "--weight", "B=2"]
    for a in assign:
        args += ["--assign", a]
    for o in options:
        args += ["--option", o]
    host.ok(*args)
    host.ok("resolve", "--force")
    host.ok("vote", "B", "A")
    return host


@pytest.mark.parametrize("assign, options, weight, lylo", [
    (LYLO, (), 1.0, True),
    (LYLO, ("weight-in-xylo=kept",), 2.0, True),
    (OPEN, (), 2.0, False),
], ids=["lylo_weight_lost", "lylo_rules_state_otherwise", "not_lylo_weight_counts"])
def test_additional_vote_weight_is_lost_in_xylo(tmp_path, assign, options, weight, lylo):
    """Seed natural III: "Additional Vote Weight is always private and lost in XYLO unless
    otherwise stated": B's weight-2 vote counts 1 on a LYLO day, 2 otherwise."""
    host = day_one(tmp_path, assign, *options)
    count = json.loads(host.ok("votes", "--json"))
    assert count["wagons"][0]["votes"] == weight
    assert ("LYLO" in host.ok("votes")) == lylo
    status = json.loads(host.ok("status", "--json"))
    assert next(p for p in status["players"] if p["name"] == "B")["weight"] == weight
