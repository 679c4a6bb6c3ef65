"""Issue 12, red-team pass red12b: defects found by playing paranormal through the CLI as a
careless host, a rules lawyer and a hostile player. Each test quotes the seed sentence it checks
(seed: paranormal.md); engine rules as tables on resolve_night, what the host sees via CliRunner.
"""

from __future__ import annotations

import pytest

from engine_helpers import ruleset, run
from test_ruleset_paranormal import TECH, check


@pytest.fixture(scope="module")
def rs(tmp_path_factory):
    return ruleset("paranormal", TECH, tmp_path_factory.mktemp("tech"))


MS = "Ms=Harvester_(Mind_Stealer)"
ABDUCTION = "Abduction: 'First, the abducted player is role-blocked for the night.'"

# (id: seed section and rule, seed sentence, players, actions, expectations: see
# test_ruleset_paranormal.check).
CASES = [
    ("Abduction-mind-stealer-abducting-a-vanilla-doppelganger-blocks-its-group-kill", ABDUCTION,
     f"{MS} D=Doppelganger T=Townie U=Townie", "D Kill T; Ms Abduct D",
     dict(dead=[], failed={"Ms.Abduct": "has no role to steal", "D.Kill": "blocked"},
          notices=[("Ms", "had no role to steal"), ("D", "You were abducted tonight")])),
    ("Abduction-mind-stealer-abducting-a-vanilla-doppelganger-hides-it-from-other-visitors",
     "Abduction: 'While removed, they cannot be the target of any other night action'",
     f"{MS} D=Doppelganger A=Agent T=Townie", "Ms Abduct D; A Investigate D",
     dict(failed={"A.Investigate": "abducted"})),
    ("Abduction-mind-stealer-robbing-an-agent-blocks-it", ABDUCTION,
     f"{MS} A=Agent T=Townie", "A Investigate T; Ms Abduct A",
     dict(failed={"A.Investigate": "blocked"}, ok=["Ms.Abduct"])),
]


@pytest.mark.parametrize("sentence, players, lines, expect", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_red12b_night(rs, sentence, players, lines, expect):
    o, _ = run(rs, players, lines, starting=True)
    check(o, expect)
    for f in o.failed:
        assert any(f.reason in line for line in o.log), (sentence, o.log)
