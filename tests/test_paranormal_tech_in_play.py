"""paranormal's alien tech in play: Combat Camouflage, Stun Orb and Stun Bomb, Personal Shield,
EMP and Anti-Tech Field, Holoform, tracking devices; tech picking and hand-edited tech events.
"""

from __future__ import annotations

import json

import pytest

from conftest import Host
from engine_helpers import check as check_night, night, ruleset, state
from game_helpers import XENO, _camouflaged, _game, _new_game, _pms, _status
from hostkit.cli import cli
from test_paranormal_tech import _new, _spent


def test_paranormal_items_combat_camouflage_fools_the_players_not_the_hosts_status(tmp_path):
    """Seed paranormal, Medium Tech, Combat Camouflage: 'allows the Exterminator to mask his kills
    as if they came from any source'. The death post (and the public page) show the mask; before,
    the host's own status and status --json showed it too (the true killer only in the log)."""
    import json

    from hostkit.game.game import create

    create(tmp_path / "g", ruleset="paranormal", seed=1,
           assign=["Zed=Exterminator (Mind Shield)", "Ann=Agent", "Bob=Doppelganger", "Cy=Townie", "Di=Townie",
                   "Eve=Townie"])
    host = Host(tmp_path / "g")
    host.ok("tech", "pick", "Zed", "Combat Camouflage", "Replicator")
    host.ok("tech", "camouflage", "Zed", "Vigilante")
    host.ok("act", "Zed", "Kill", "Cy")
    host.ok("act", "Bob", "Kill", "skip")
    assert ("dies: Cy, killed by Exterminator (masked by Combat Camouflage as Vigilante), in their home"
            in host.ok("resolve", "--force"))
    cy = next(p for p in json.loads(host.ok("status", "--json"))["players"] if p["name"] == "Cy")
    assert (cy["cause"], cy["shown_cause"]) == ("Exterminator", "Vigilante")
    assert ("Cy   Townie [Town]  dead (night 1, Exterminator)  death masked by Zed's Combat Camouflage: the death "
            "post says Vigilante") in host.ok("status")
    post = host.ok("post", "deaths")
    assert "a vigilante's work" in post and "Exterminator" not in post
    assert "dead, night 1 (Exterminator)" in host.ok("page")
    public = host.ok("page", "--public")
    assert "Exterminator" not in public and "masked" not in public


def test_cli_post_end_and_chart_show_the_true_cause_the_death_post_keeps_the_mask(tmp_path):
    """Seed paranormal Combat Camouflage: 'mask his kills as if they came from any source'. The
    players' death post shows the mask; the end of the game (roles are revealed) and the host's
    night chart show the truth beside the mask."""
    import json

    host = _camouflaged(tmp_path)
    host.ok("act", "Ex", "Kill", "Fay")
    host.ok("act", "D", "Kill", "Bo")
    data = json.loads(host.ok("resolve", "--force", "--json"))
    causes = {d["player"]: (d["cause"], d.get("true_cause")) for d in data["deaths"]}
    assert causes == {"Fay": ("Vigilante", "Exterminator"), "Bo": ("Doppelgangers", None)}
    deaths = host.ok("post", "deaths", "--night", "1", "--format", "plain")
    assert "vigilante" in deaths.lower() and "Exterminator" not in deaths
    chart = host.ok("chart", "night", "1")
    assert "Fay (Exterminator, masked as Vigilante)" in chart and "Fay (Vigilante)" not in chart
    host.ok("eliminate", "D")
    end = host.ok("post", "end", "--format", "plain")
    assert "Fay: Townie (Town), was killed by the Exterminator (masked as Vigilante) on night 1" in end
    assert "Fay (Townie) was killed by the Exterminator (masked as Vigilante)" in end
    # the plain post's title line no longer runs into the next ('win!Winning: Ex ...')
    assert "Exterminators win!\nWinning: Ex (Exterminator (Mind Shield))." in end


def test_cli_tracking_report_with_nothing_planted_reports_nothing(tmp_path):
    """Seed Advanced Tracking Devices: 'Once planted they show where the tracked individual is.'
    With no device planted there is nothing to show: no 'Tracking Report: you saw nothing' line in
    the PM or resolve (before, both had it); a planted one still reports."""
    host = _new_game(tmp_path, "paranormal", "In=Mad Scientist (Intelligence Scientist)", "Fay=Townie", "D=Doppelganger",
                "Bo=Townie", options=("max-day=5",))
    host.ok("tech", "pick", "In", "Advanced Tracking Devices")
    host.ok("act", "D", "Kill", "Bo")
    out = host.ok("resolve", "--force")
    assert "Tracking Report" not in out.split("Log:")[0] and "Tracking Report has nothing to report." in out
    assert "Tracking Report" not in host.ok("pm", "In", "--night", "1")
    host.ok("act", "--now", "In", "Plant Tracker", "Fay")
    host.ok("eliminate", "--none", "--force")
    host.ok("act", "D", "Kill", "skip")
    host.ok("resolve", "--force")
    assert "Fay: stayed home" in host.ok("pm", "In", "--night", "2")


CAST = ("Yan=Exterminator Operative", "Ann=Agent", "Bob=Doppelganger", "Cy=Townie", "Dee=Townie")


def test_paranormal_items_stun_orb_used_instead_of_the_action_is_not_waited_on(tmp_path):
    """Stun Orb: '1 Use, does use up the alien's action.' Once a passed Stun Orb is entered, the
    holder's own action cannot be entered, so 'actions' must not wait on it and 'resolve' must
    not ask for --force for it."""
    host = _new(tmp_path, *CAST)
    host.ok("tech", "pick", "Yan", "Stun Orb", "Stun Bomb", "Mind Shield")
    host.ok("tech", "pass", "Yan", "Ann", "Stun Orb")
    host.ok("act", "Ann", "Stun Orb", "Bob")
    assert "uses up their action" in host.refused("act", "Ann", "Investigate", "Cy")
    waiting = json.loads(host.ok("actions", "--json"))["waiting"]
    assert not [w for w in waiting if "Ann" in w["players"]], waiting
    host.ok("act", "Bob", "Kill", "Dee")
    assert "waiting on" not in host.ok("actions")
    host.ok("resolve")  # no --force: nothing usable is left unentered


def test_paranormal_items_stun_bomb_entered_is_listed_as_used_not_skipped(tmp_path):
    """Stun Bomb: 'Allows the Alien to stun the entire town': it takes no target, so the entry is
    the bomb going off; 'act' and 'actions' must not call it a skip (it resolves as used)."""
    host = _new(tmp_path, *CAST)
    host.ok("tech", "pick", "Yan", "Stun Bomb", "Mind Shield", "Scanner")
    out = host.ok("act", "Yan", "Stun Bomb")
    assert "(skip)" not in out and "Yan: Stun Bomb" in out
    listed = host.ok("actions")
    assert "Yan: Stun Bomb" in listed and "(skip)" not in listed, listed
    assert host.ok("act", "--remove", "Yan", "Stun Bomb").strip() == "removed Yan: Stun Bomb"


# Engine table: a town-wide blackout stops every other action whatever order the host typed them in.
BLACKOUT_ORDER = [
    ("paranormal-items-stun-bomb-before-orb-typed-first", "Yo Stun_Orb T; Op Stun_Bomb; D Kill T"),
    ("paranormal-items-stun-bomb-before-orb-typed-second", "Op Stun_Bomb; Yo Stun_Orb T; D Kill T"),
]


@pytest.mark.parametrize("lines", [c[1] for c in BLACKOUT_ORDER], ids=[c[0] for c in BLACKOUT_ORDER])
def test_paranormal_items_stun_bomb_stops_a_stun_orb_in_any_entry_order(lines):
    """Stun Bomb: 'Allows the Alien to stun the entire town, preventing any player from using an
    Action for that night.' A Stun Orb typed before the bomb is stopped too, and keeps its charge."""
    from engine_helpers import night, ruleset, state

    st = state(ruleset("paranormal"), "Op=Exterminator_Operative Yo=Agent_Operative T=Townie D=Doppelganger",
               items={"Op": {"Stun Bomb": 1}, "Yo": {"Stun Orb": 1}})
    o, _ = night(st, lines)
    failed = {(f.player, f.ability): f.reason for f in o.failed}
    assert failed.get(("Yo", "Stun Orb")) == "blocked by Stun Bomb (Op)", (failed, o.log)
    assert not any(c.kind == "item-loss" and c.player == "Yo" for c in o.changes)


RS = ruleset("paranormal")


GUARDIAN = "Bodyguard_(Guardian)"


# (id, seed sentence, players, items, actions, expectations): see test_paranormal_tech.CASES.
SHIELD = [
    ("paranormal-items-personal-shield-kept-when-a-guardian-saves-guard-first",
     "Personal Shield: Works once as though guarded by the Guardian.",
     f"S=Survivor V=Vigilante G={GUARDIAN}", {"S": {"Personal Shield": 1}}, "G Guard S; V Shoot S",
     dict(dead=[], kept={("S", "Personal Shield")}, saved={"S": ["Bodyguard (Guardian)"]}, no_notice=["S"])),
    ("paranormal-items-personal-shield-kept-when-a-guardian-saves-attack-first",
     "Personal Shield: Works once as though guarded by the Guardian.",
     f"S=Survivor V=Vigilante G={GUARDIAN}", {"S": {"Personal Shield": 1}}, "V Shoot S; G Guard S",
     dict(dead=[], kept={("S", "Personal Shield")}, saved={"S": ["Bodyguard (Guardian)"]}, no_notice=["S"])),
    ("paranormal-items-personal-shield-morning-kill-only-the-shield-stops",
     "Will also protect against Morningkills. / Morningkill: cannot be prevented by abilities that prevent night "
     "kills (Such as the Guardian).",
     f"S=Survivor Ms=Mad_Scientist_(Military_Scientist) G={GUARDIAN}", {"S": {"Personal Shield": 1}},
     "G Guard S; Ms Assassin_Bot S",
     dict(dead=[], spent={("S", "Personal Shield")}, saved={"S": ["Personal Shield"]},
          notices=[("S", "your Personal Shield stopped the attack and broke")])),
    ("paranormal-items-personal-shield-second-attack-after-the-guardian",
     "Guardian: This powerful bodyguard will prevent one kill attempt on the target that night.",
     f"S=Survivor V=Vigilante D=Doppelganger G={GUARDIAN}", {"S": {"Personal Shield": 1}},
     "G Guard S; V Shoot S; D Kill S", dict(dead=[], spent={("S", "Personal Shield")})),
    ("paranormal-items-personal-shield-alone-breaks-and-tells",
     "Personal Shield: Works once",
     "S=Survivor V=Vigilante", {"S": {"Personal Shield": 1}}, "V Shoot S",
     dict(dead=[], spent={("S", "Personal Shield")},
          notices=[("S", "You were attacked tonight; your Personal Shield stopped the attack and broke.")])),
    ("paranormal-items-personal-shield-as-a-guardian-before-a-heroic-guard",
     "Works once as though guarded by the Guardian. / Guardian: The Guardian is not killed by doing so.",
     "S=Survivor V=Vigilante H=Bodyguard_(Heroic_Guard)", {"S": {"Personal Shield": 1}}, "H Guard S; V Shoot S",
     dict(dead=[], spent={("S", "Personal Shield")})),
    ("paranormal-items-personal-shield-blocked-guardian-leaves-it-to-the-shield",
     "Personal Shield: Works once as though guarded by the Guardian.",
     f"S=Survivor V=Vigilante G={GUARDIAN} P=Psychic_Warden", {"S": {"Personal Shield": 1}},
     "P Bind G; G Guard S; V Shoot S", dict(dead=[], spent={("S", "Personal Shield")})),
]


@pytest.mark.parametrize("players, bags, lines, expect", [c[2:] for c in SHIELD], ids=[c[0] for c in SHIELD])
def test_personal_shield(players, bags, lines, expect):
    st = state(RS, players, items=bags)
    o, n = night(st, lines)
    spent_ = _spent(o)
    for key in expect.pop("spent", set()):
        assert key in spent_, (key, spent_, o.log)
    for key in expect.pop("kept", set()):
        assert key not in spent_, (key, spent_, o.log)
    check_night(o, n, expect)


def test_personal_shield_through_the_cli_both_orders_and_the_pm(tmp_path):
    """'Personal Shield: Works once as though guarded by the Guardian.' Whatever order the host
    types the guard and the kill in, the Guardian's save keeps the Shield (status still lists it)
    and the holder is told nothing; the night after, alone, the Shield breaks and the holder's
    PM says so."""
    for order in (("guard", "kill"), ("kill", "guard")):
        host = _new(tmp_path / "-".join(order), "Ao=Survivor", "Bo=Doppelganger", f"Gu={GUARDIAN.replace('_', ' ')}",
                    "Cy=Townie", "Dee=Townie", "Eve=Townie")
        host.ok("tech", "pick", "Ao", "Personal Shield")
        entries = {"guard": ("act", "Gu", "Guard", "Ao"), "kill": ("act", "Bo", "Kill", "Ao")}
        for what in order:
            host.ok(*entries[what])
        out = host.ok("resolve", "--force")
        assert "saved: Ao by Bodyguard (Guardian)" in out and "Personal Shield" not in out.split("Log:")[0]
        assert _status(host)["Ao"]["items"] == {"Personal Shield": 1}
        assert "Ao" not in host.ok("pm", "--night", "1")
    host.ok("eliminate", "--none", "--force")
    host.ok("act", "Bo", "Kill", "Ao")
    host.ok("resolve", "--force")
    assert _status(host)["Ao"]["alive"] and _status(host)["Ao"]["items"] == {}
    pm = host.ok("pm", "Ao", "--night", "2")
    assert "your Personal Shield stopped the attack and broke" in pm


def test_tech_list_open_slots_only_while_picking_is_accepted(tmp_path):
    """'All aliens get to pick from the following set of equipment to start the game with': once
    the first night is over (the host used resolve --force), `tech pick` is refused, and `tech
    list` no longer offers open slots; it says the slots were never filled."""
    host = _new(tmp_path, "Zed=Exterminator (Mind Shield)", "Su=Survivor", "Bo=Doppelganger", "Cy=Townie", "Dee=Townie")
    host.ok("tech", "pick", "Zed", "Plasma Bomb")
    out = host.ok("tech", "list")
    assert "Zed (Exterminator (Mind Shield)): Plasma Bomb; open slots: 1 Medium" in out
    assert "Su (Survivor): nothing; open slots: 1 Small" in out
    host.ok("act", "Bo", "Kill", "skip")
    host.ok("resolve", "--force")
    assert "tech is picked at the start of the game" in host.refused("tech", "pick", "Su", "Stun Orb")
    out = host.ok("tech", "list")
    assert "open slots" not in out
    assert "Su (Survivor): nothing; slots never filled: 1 Small" in out
    data = {p["name"]: p for p in json.loads(host.ok("tech", "list", "--json"))["players"]}
    assert data["Su"]["free"] == "" and data["Su"]["empty"] == "1 Small"
    assert "tech slot(s) to fill" not in host.ok("due")


def test_stun_orb_passed_to_a_human_uses_up_their_action(tmp_path):
    """Stun Orb: '1 Use, does use up the alien's action.' Passing: 'Tech can be used the night it
    is passed'. The orb costs its user's action whoever holds it: a human Agent who stuns does
    not investigate too, and `actions` stops waiting on the investigation."""
    host = _new(tmp_path, "Yan=Exterminator Operative", "Ann=Agent", "Bob=Doppelganger", "Cy=Townie", "Dee=Townie")
    host.ok("tech", "pick", "Yan", "Stun Orb", "Scanner", "Mind Control Ray")
    host.ok("tech", "pass", "Yan", "Ann", "Stun Orb")
    host.ok("act", "Ann", "Stun Orb", "Bob")
    assert "uses up their action" in host.refused("act", "Ann", "Investigate", "Bob")
    assert "Ann" not in host.ok("actions").split("waiting on")[-1]
    host.ok("act", "--remove", "Ann", "Stun Orb")
    host.ok("act", "Ann", "Investigate", "Bob")
    assert "uses up their action" in host.refused("act", "Ann", "Stun Orb", "Bob")
    # A Townie, who has no action to spend, uses it freely.
    host.ok("tech", "pass", "Ann", "Cy", "Stun Orb")
    host.ok("act", "Cy", "Stun Orb", "Bob")
    host.ok("act", "Bob", "Kill", "Dee")
    out = json.loads(host.ok("resolve", "--force", "--json"))
    assert out["deaths"] == []


def test_a_partial_block_names_what_it_stopped(tmp_path):
    """Seed paranormal EMP Pulse Emitter: 'Any Tech devices used by that player that night are
    shorted out ... If the player's action relied on the Tech item, they are roleblocked.' Xe's
    Psychic Pulse Emitter is shorted out, but his Abduct (no tech) takes Su: the PM said 'your
    action did not take place' beside the capture. It names the use stopped; a block that stops
    everything keeps the old line."""
    host = _game(tmp_path, *XENO)
    host.ok("tech", "pick", "Xe", "Psychic Pulse Emitter")
    host.ok("tech", "pick", "Ex", "EMP Pulse Emitter", "Plasma Bomb")
    host.ok("tech", "pick", "Su", "none")
    host.ok("act", "Ex", "EMP Pulse Emitter", "Xe")
    host.ok("act", "Xe", "Psychic Pulse Emitter", "Pw")
    host.ok("act", "Xe", "Abduct", "Su")
    host.ok("act", "Pw", "Bind", "Ag")
    host.ok("act", "Ag", "Investigate", "Dp")
    host.ok("act", "Dp", "Kill", "skip")
    host.ok("resolve", "--force")
    pm = _pms(host, "Xe", 1)
    assert "You were blocked tonight: your Psychic Pulse did not take place." in pm
    assert "your action did not take place" not in pm
    assert "keep them for study as your Alien specimen" in pm
    assert "You were blocked tonight: your action did not take place." in _pms(host, "Ag", 1)


def test_an_unlimited_emitter_blocked_by_an_anti_tech_field_says_nothing_of_being_used_up(tmp_path):
    """Seed paranormal Anti-Tech Field: 'Tech characters will be aware that their item was blocked.
    Single Target one-shot items are not used up'; decision tech-blocked-told: 'an unlimited
    power says neither'. The EMP Pulse Emitter works every night: its user was told 'it is not
    used up', as if it were a one-shot."""
    host = _game(tmp_path, *XENO)
    host.ok("tech", "pick", "Xe", "EMP Pulse Emitter")
    host.ok("tech", "pick", "Ex", "none")
    host.ok("tech", "pick", "Su", "none")
    host.ok("act", "Xe", "EMP Pulse Emitter", "Ex")
    host.ok("act", "Dp", "Kill", "skip")
    host.ok("resolve", "--force")
    pm = _pms(host, "Xe", 1)
    assert "Your EMP Pulse on Ex was blocked by an Anti-Tech Field." in pm
    assert "used up" not in pm


def test_a_used_up_holoform_no_longer_shows_in_status(tmp_path):
    """Seed paranormal Holoform Modulator: 'Once activated it lasts the entire night but is used
    up after that.' Once used up, 'hostkit status' still said 'Holoform shows: Townie, Human'
    beside an item list without it."""
    host = _game(tmp_path, "Ex=Exterminator (Anti-Tech Field)", "Dp=Doppelganger", "Ag=Agent", "To=Townie",
                 "T2=Townie")
    host.ok("tech", "pick", "Ex", "Holoform Modulator", "Plasma Bomb")
    host.ok("tech", "holoform", "Ex", "Townie", "Human")
    assert "Holoform shows: Townie, Human" in host.ok("status")
    host.ok("act", "Ag", "Investigate", "Ex")
    host.ok("act", "Dp", "Kill", "skip")
    host.ok("act", "Ex", "Kill", "skip")
    out = host.ok("resolve", "--force")
    assert "Ag (Investigate on Ex): Human" in out
    line = next(x for x in host.ok("status").splitlines() if x.strip().startswith("Ex "))
    assert "Holoform" not in line, line


def _tech_game(tmp_path) -> Host:
    host = _game(tmp_path, "Ex=Exterminator (Anti-Tech Field)", "Op=Exterminator Operative", "Dp=Doppelganger",
                 "Ag=Agent", "To=Townie", "T2=Townie")
    host.ok("tech", "pick", "Ex", "Replicator", "Combat Camouflage")
    host.ok("tech", "pick", "Op", "Scanner x2", "Stun Orb", "Personal Shield")
    host.ok("tech", "replicate", "Ex", "Stun Orb", "Holoform Modulator")
    host.ok("tech", "camouflage", "Ex", "Vigilante")
    host.ok("tech", "holoform", "Ex", "Townie", "Human")
    return host


@pytest.mark.parametrize("old, new, says", [
    ('"Holoform Modulator",\n        1,', '"Plasma Bomb",\n        1,', "a single Medium Tech item or two Small"),
    ('"Holoform Modulator",\n        1,\n    ],', '"Holoform Modulator",\n        1,\n    ],\n    [\n        "Scanner",\n        1,\n    ],',
     "a single Medium Tech item or two Small"),
    ('"Holoform Modulator",\n        1,', '"Stun Orb",\n        1,', "would have Stun Orb twice"),
    ('kind = "tech-camouflage"\nactor = "Ex"', 'kind = "tech-camouflage"\nactor = "Op"', "Op holds no Combat Camouflage"),
    ('kind = "tech-holoform"\nactor = "Ex"', 'kind = "tech-holoform"\nactor = "Op"', "Op holds no Holoform Modulator"),
], ids=["Replicator-hand-edited-to-make-a-Large-item", "Replicator-hand-edited-to-make-three-items",
        "Replicator-hand-edited-to-make-one-item-twice", "camouflage-hand-edited-onto-a-non-holder",
        "holoform-hand-edited-onto-a-non-holder"])
def test_hand_edited_tech_events_break_the_seed_and_are_refused(tmp_path, old, new, says):
    """House rule: a hand edit that breaks the story is refused with its file and key. Seed
    paranormal Replicator: 'a single Medium Tech item or two Small tech items'; 'An alien can
    only have 1 of any given item'; Combat Camouflage and Holoform Modulator choices are their
    holder's. 'hostkit tech replicate/camouflage/holoform' refuse these; a hand-edited record
    was replayed as written (a Plasma Bomb out of a Replicator, Op's kills masked)."""
    host = _tech_game(tmp_path)
    phase = host.folder / "phases" / "001-night-1.toml"
    text = phase.read_text()
    assert old in text
    phase.write_text(text.replace(old, new, 1))
    out = host.refused("status")
    assert "phases/001-night-1.toml: events[" in out and says in out


def _emp_game(tmp_path) -> Host:
    host = _game(tmp_path, "Mi=Mad Scientist (Military Scientist)", "Ex=Exterminator (Mind Shield)", "Dp=Doppelganger",
                 "To=Townie", "T2=Townie", "T3=Townie")
    host.ok("tech", "pick", "Ex", "EMP Pulse Emitter", "Intel")
    host.ok("tech", "pick", "Mi", "Assassin bot")
    host.ok("act", "Ex", "EMP Pulse Emitter", "Mi")
    host.ok("act", "Mi", "Assassin Bot", "Dp")
    host.ok("act", "Dp", "Kill", "skip")
    host.ok("resolve", "--force")
    return host


def test_an_emp_shorted_invention_is_not_used_up(tmp_path):
    """Seed paranormal EMP: 'Any actions relying on a tech device are blocked. Tech devices can be
    fixed the following night': the Mad Scientist's once-a-game Assassin Bot, shorted out by an
    EMP Pulse Emitter, was spent ('assassin bot 0 left') though it did nothing and is fixed."""
    host = _emp_game(tmp_path)
    line = next(x for x in host.ok("status").splitlines() if x.strip().startswith("Mi "))
    assert "assassin bot 1 left" in line, line


def test_a_player_fixing_shorted_tech_is_not_waited_on_and_cannot_act(tmp_path):
    """Seed paranormal EMP Pulse Bomb: 'Tech devices can be fixed the following night, but this
    uses up any Night Actions of that player.' On the fixing night 'actions' waited on every
    invention of Mi's, 'act Mi "Sentry Guns"' was taken, and the once-a-game guns were spent on
    a night they could not work. Now the entry is refused naming the rule (a skip is taken), Mi
    is not waited on, and a record made before (a hand edit) keeps its charge."""
    host = _emp_game(tmp_path)
    host.ok("eliminate", "--none")
    assert "Mi (" not in host.ok("actions")
    out = host.refused("act", "Mi", "Assassin Bot", "To")
    assert "Mi spends night 2 fixing their shorted-out tech" in out and "uses up any Night Actions" in out
    host.ok("act", "Mi", "Assassin Bot", "skip")
    phase = host.folder / "phases" / "003-night-2.toml"
    text = phase.read_text()
    assert text.count("skip = true") == 1
    phase.write_text(text.replace(", skip = true", "").replace('targets = []', 'targets = ["T2"]'))  # a hand edit: a use
    host.ok("act", "Dp", "Kill", "To")
    out = host.ok("resolve", "--force")
    assert "Mi's Assassin Bot: Mi spends the night fixing their shorted-out tech" in out
    line = next(x for x in host.ok("status").splitlines() if x.strip().startswith("Mi "))
    assert "assassin bot 1 left" in line, line


def test_a_lone_doppelganger_fixing_tech_does_not_deadlock_the_night(tmp_path):
    """Seed paranormal: the Doppelgangers 'may only [skip] twice in a row', and the EMP's fixing
    night 'uses up any Night Actions of that player'. A lone Doppelganger Mad Scientist, shorted
    out on its second skip, could neither enter the required kill (refused: fixing) nor let the
    night resolve (refused: the kill is required). The kill is not demanded of a team whose every
    member is fixing (or kept out of play)."""
    host = _game(tmp_path, "Dm=Doppelganger Mad Scientist (Military Scientist)", "Ex=Exterminator (Mind Shield)",
                 "To=Townie", "T2=Townie", "T3=Townie", "T4=Townie")
    host.ok("tech", "pick", "Ex", "EMP Pulse Emitter", "Intel")
    host.ok("tech", "pick", "Dm", "Sentry Guns")
    host.ok("act", "Dm", "skip")
    host.ok("act", "Ex", "Kill", "skip")
    host.ok("resolve", "--force")
    host.ok("eliminate", "--none")
    host.ok("act", "Dm", "Kill", "skip")
    host.ok("act", "Dm", "Sentry Guns")
    host.ok("act", "Ex", "Kill", "skip")
    host.ok("act", "Ex", "EMP Pulse Emitter", "Dm")
    host.ok("resolve", "--force")
    host.ok("eliminate", "--none")
    assert "[required]" not in host.ok("actions")
    assert "fixing their shorted-out tech" in host.refused("act", "Dm", "Kill", "To")
    host.ok("act", "Ex", "Kill", "skip")
    assert "Night 3" in host.ok("resolve")


@pytest.fixture
def tech_game(tmp_path):
    """Night 1 of a game whose aliens picked and set their tech, and whose Mind Stealer took on a role."""
    folder = tmp_path / "g"
    host = Host(folder)
    r = host.runner.invoke(cli, ["new", str(folder), "--ruleset", "paranormal", "--option", "max-day=5",
                                 "--option", "mind-stealer-goal=2", "--assign", "Ms=Harvester (Mind Stealer)",
                                 "--assign", "Su=Survivor", "--assign", "Op=Exterminator Operative",
                                 "--assign", "Ex=Exterminator (Mind Shield)", "--assign", "Dp=Doppelganger",
                                 "--assign", "To=Townie", "--assign", "T2=Townie"], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    for line in (["tech", "pick", "Ms", "Stun Orb", "Personal Shield"], ["stockpile", "start", "Ms", "Detective", "Medium"],
                 ["tech", "pick", "Su", "Holoform Modulator"],
                 ["tech", "pick", "Op", "Advanced Holoform Modulator", "Stun Orb", "Scanner"],
                 ["tech", "pick", "Ex", "Replicator", "Combat Camouflage"], ["tech", "holoform", "Su", "Agent", "Human"],
                 ["tech", "hologram", "Op", "To"], ["tech", "camouflage", "Ex", "Vigilante"],
                 ["tech", "replicate", "Ex", "Stun Orb", "Scanner"], ["stockpile", "take", "Ms", "Detective"]):
        host.ok(*line)
    return host


@pytest.mark.parametrize("old, new, key", [
    ('"Personal Shield",\n        1,', '"Personal Shield",\n        "x",', "data.items[1]: Personal Shield's count is 1"),
    ('"Personal Shield",\n        1,', '"Personal Shield",\n        99,', "data.items[1]: Personal Shield's count is 1"),
    ('"Personal Shield",\n        1,', '"Personal Shield",\n        -1,', "data.items[1]: Personal Shield's count is 1"),
    ('"Personal Shield",\n        1,', '"Personal Shield",', "data.items[1]: expected [ITEM, COUNT]"),
    ('"Scanner",\n        1,\n    ],\n]\nfrom', '"Scanner",\n        0,\n    ],\n]\nfrom', "data.items[1]: Scanner's count is 1"),
    ('role = "Agent"', 'role = "Agnt"', "data.role: unknown role 'Agnt' (did you mean 'Agent'?)"),
    ('race = "Human"', 'race = "Martian"', "data.race: unknown race 'Martian'"),
    ("night = 1", 'night = "x"', "data.night: expected a night number"),
    ('source = "Vigilante"', 'source = "Ninja"', "data.source: Combat Camouflage masks kills as"),
    ('"night",\n        1,', '"night",\n        "one",', "data.phases[0]: expected"),
], ids=["Item-list-pick-count-not-a-number", "Item-list-pick-count-99", "Item-list-pick-count-negative",
        "Item-list-pick-count-missing", "Item-list-replicator-count-zero", "Holoform-Modulator-unknown-role",
        "Holoform-Modulator-unknown-race", "Advanced-Holoform-Modulator-hologram-night-not-a-number",
        "Combat-Camouflage-unknown-source", "Harvester-stockpile-take-phase-not-a-number"])
def test_cli_hand_edited_tech_events_are_refused_with_file_and_key(tech_game, old, new, key):
    # PICK, and each item's own choice: a hand edit the commands would never write is refused at
    # load, one line naming the file, the event and the key, exit 1, nothing written, no traceback.
    path = tech_game.folder / "phases" / "001-night-1.toml"
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))
    for command in (["status"], ["tech", "list"], ["act", "Dp", "Kill", "To"]):
        out = tech_game.refused(*command)
        assert "phases/001-night-1.toml: events[" in out and key in out, (command, out)
