"""Property tests of the night engine on the `natural` ruleset: random legal nights of 5 to 30
players, any roles, any actions (seed natural-resolution I and V)."""

from __future__ import annotations


from hypothesis import HealthCheck, given, settings, strategies as st

from engine_helpers import ruleset
from hostkit.engine import resolve, rng_for
from hostkit.model.entries import Action
from hostkit.model.state import GameState, PlayerState

RS = ruleset("natural")
ROLES = sorted(RS.roles)


@st.composite
def nights(draw, policies=("all-fail",)):
    """A legal night: every living player may use one usable ability (the faction's kill once),
    on distinct living targets other than themselves, unallied where the ability says so."""
    n = draw(st.integers(5, 30))
    names = [f"P{i:02d}" for i in range(n)]
    roles = [draw(st.sampled_from(ROLES)) for _ in names]
    players: dict[str, PlayerState] = {}
    for name, role_name in zip(names, roles):
        role = RS.roles[role_name]
        players[name] = PlayerState(name=name, role=role.name, faction=role.faction, alignment=role.alignment,
                                    charges={a.key: a.uses for a in role.abilities if a.uses is not None})
    dead = set(draw(st.lists(st.sampled_from(names), max_size=n // 4, unique=True)))
    for name in dead:
        players[name].alive = False
    alive = [x for x in names if x not in dead]
    for name in draw(st.lists(st.sampled_from(alive), max_size=4, unique=True)):
        players[name].tags["doused"] = {}
    for name in draw(st.lists(st.sampled_from(alive), max_size=2, unique=True)):
        players[name].tags["poisoned"] = {"kills_on": 1, "type": "poison", "cause": "Poison", "flavour": "poison"}
    state = GameState(RS, players, "night", 1, {**RS.option_defaults(), "cycle-policy": draw(st.sampled_from(policies))},
                      initial_roles=tuple(roles))
    actions: list[Action] = []
    factions_used: set[str] = set()
    for name in alive:
        role = RS.roles[players[name].role]
        usable = [a for a in role.abilities if not (a.factional and role.faction in factions_used)]
        if not usable or not draw(st.booleans()) and draw(st.booleans()):
            continue
        ab = draw(st.sampled_from(usable))
        if ab.factional:
            factions_used.add(role.faction)
        pool = [t for t in alive if t != name
                and not (ab.allied == "unallied" and role.faction and players[t].faction == role.faction)]
        if len(pool) < ab.targets:
            continue
        if ab.targets and draw(st.integers(0, 9)) == 0:
            actions.append(Action(name, ab.name, ()))  # an explicit skip
            continue
        targets = tuple(draw(st.permutations(pool))[:ab.targets])
        actions.append(Action(name, ab.name, targets, seq=len(actions) + 1))
    return state, actions


def _resolve(state, actions):
    return resolve(state, actions, RS, rng_for(7, "night", 1))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(nights(policies=("all-fail", "nar-list", "first-entered")), st.randoms(use_true_random=False))
def test_I_V_engine_invariants(night, rnd):
    """Never raises; no one dies twice (or dies dead); a blocked action never visits; an action that
    failed never visits; the same input always gives the same outcome."""
    state, actions = night
    outcome, n = _resolve(state, actions)
    deaths = [d.player for d in outcome.deaths]
    assert len(deaths) == len(set(deaths))
    assert all(state.players[p].alive for p in deaths)
    for act in n.acts:
        if act.blocked or act.failed:
            assert not act.visited
    failed_acts = {id(a) for a in n.acts if a.failed}
    assert not any(id(a) in failed_acts for _, _, a in n.visits)
    blocked_players = {b.player for b in outcome.blocked}
    for act in n.acts:
        if act.blocked:
            assert act.actor in blocked_players
    again, _ = _resolve(state, list(actions))
    assert again == outcome


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(nights(), st.randoms(use_true_random=False))
def test_V_outcome_does_not_depend_on_entry_order(night, rnd):
    """Seed V: no order of operations. Under the seed's all-fail policy the outcome (log included)
    is the same whatever order the actions were entered in."""
    state, actions = night
    base, _ = _resolve(state, actions)
    shuffled = list(actions)
    rnd.shuffle(shuffled)
    shuffled = [a._replace(seq=i + 1) for i, a in enumerate(shuffled)]
    assert _resolve(state, shuffled)[0].to_json() == base.to_json()
