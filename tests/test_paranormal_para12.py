"""Issue 12, para12's rows: a last shot dated by the death it answers (the Hold-out Blaster and
classic's Hunter), the Personal Shield kept while another protection saves its holder, the
status's tags in words, `tech list` agreeing with `tech pick`, and the Stun Orb in a human's
hands. Engine rules as parametrized tables; what the host sees through the CLI in a temp folder.
Every test quotes the seed sentence it checks (shared/seeds/paranormal.md, classic-werewolf.md).
"""

from __future__ import annotations

import json

import pytest

from conftest import Host, new_classic, snapshot
from engine_helpers import check, night, ruleset, state
from test_paranormal_tech import _new, _spent

RS = ruleset("paranormal")


def _status(host: Host) -> dict[str, dict]:
    return {p["name"]: p for p in json.loads(host.ok("status", "--json"))["players"]}


# --------------------------------------------------------------------------- 1. the shot's date

BLASTER = ("Su=Survivor", "Bob=Doppelganger", "Cy=Townie", "Dee=Townie", "Eve=Townie", "Fay=Townie")


def _lynched_blaster(tmp_path) -> Host:
    host = _new(tmp_path, *BLASTER)
    host.ok("tech", "pick", "Su", "Hold-out Blaster")
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    host.ok("eliminate", "Su", "--force")
    return host


def test_paranormal_hold_out_blaster_lynch_shot_is_dated_the_day_of_the_lynch(tmp_path):
    """Hold-out Blaster: 'If the Alien is lynched, he pulls out the blaster and gets to shoot a
    single target before dying.' The shot is entered in the night the elimination opened, but
    the death it causes is the lynch day's: post end, status (text and --json) and the history
    agree."""
    host = _lynched_blaster(tmp_path)
    host.ok("shoot", "Su", "Bob")
    st = _status(host)
    assert st["Bob"]["died"] == "day 1" and st["Bob"]["cause"] == "Survivor"
    assert "Bob  Doppelganger [Doppelgangers]  dead (day 1, Survivor)" in host.ok("status")
    end = host.ok("post", "end")
    assert "was shot by the Survivor on day 1" in end and "night 2" not in end.lower()
    assert "Day 1: Su (Survivor) was eliminated; Bob (Doppelganger) was shot by the Survivor." in end
    assert json.loads(host.ok("status", "--json"))["winner"] == "Town"
    day_map = host.ok("chart", "day", "1")  # the day's map draws the shot and its death
    assert "Last shot on Bob" in day_map and "killed: Survivor" in day_map


def test_paranormal_hold_out_blaster_lynch_shot_game_goes_on(tmp_path):
    """'he pulls out the blaster and gets to shoot a single target before dying': a shot that does
    not end the game is a day death too. The host is told to PM the dead statement (a day death),
    night 2's morning post does not list it, and undo restores the folder byte for byte."""
    host = _lynched_blaster(tmp_path)
    before = snapshot(host.folder)
    host.ok("shoot", "Su", "Cy")
    assert _status(host)["Cy"]["died"] == "day 1"
    assert "Cy died by day (shot): PM them the dead statement" in host.ok("status")
    assert "Cy (Townie, shot, day 1)" in host.ok("due")
    host.ok("undo")
    assert snapshot(host.folder) == before
    host.ok("shoot", "Su", "Cy")
    host.ok("act", "Bob", "Kill", "Dee")
    host.ok("resolve", "--force")
    deaths = host.ok("post", "deaths", "--night", "2")
    assert "Dee" in deaths and "Cy" not in deaths


def test_paranormal_hold_out_blaster_night_shot_is_the_nights(tmp_path):
    """'If he is night-killed, he gets a shot off on his attacker': that shot is the night's."""
    host = _new(tmp_path, "Su=Survivor", "Vi=Vigilante", "Bob=Doppelganger", "Cy=Townie", "Dee=Townie")
    host.ok("tech", "pick", "Su", "Hold-out Blaster")
    host.ok("act", "Vi", "Shoot", "Su")
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    st = _status(host)
    assert st["Su"]["died"] == "night 1" and st["Vi"]["died"] == "night 1"


CLASSIC = ["Ann=Seer", "Bob=Werewolf", "Carol=Witch", "Dave=Guard", "Eve=Hunter", "Fay=Villager",
           "Gus=Werewolf", "Hal=Villager", "Ivy=Werewolf", "Jon=Villager", "Kim=Werewolf", "Leo=Villager"]


@pytest.mark.parametrize("night_kill, banish, when", [
    # BanishmentResolution: 'phase: Phase.DAY ... day: int', 'If banished player is Hunter: Query for shoot target'
    ("Fay", "Eve", "day 1"),
    # DeathResolution (a night death's shot): 'phase: Phase.DAY, sub_phase: SubPhase.DEATH_RESOLUTION, day: int'
    ("Eve", None, "day 1"),
], ids=["classic-BanishmentResolution-banished-hunter-shot-on-the-banishment-day",
        "classic-DeathResolution-night-killed-hunter-shot-on-the-day-after"])
def test_classic_hunter_shot_is_dated_by_its_resolution(tmp_path, night_kill, banish, when):
    new_classic(tmp_path / "g", assign=CLASSIC)
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", night_kill)
    host.ok("resolve", "--force")
    if banish:
        host.ok("vote", "Ann", banish)
        host.ok("eliminate", banish)
    host.ok("shoot", "Eve", "Dave")
    st = _status(host)
    assert st["Dave"]["died"] == when and st["Dave"]["cause"] == "Hunter"
    assert f"Dave   Guard [Village]  dead ({when}, Hunter)" in host.ok("status")


# --------------------------------------------------------------------------- 2. the Personal Shield

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
    check(o, n, expect)


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


# --------------------------------------------------------------------------- 3. status in words


def test_status_shows_tags_in_words_not_bookkeeping(tmp_path):
    """The host reads status: no engine bookkeeping ('tech-picks'), and each standing fact in
    words (Xenozoologist: 'kept for study'; Hivemind: 'they join the Hivemind's faction'; the
    Stun Orb and the Mind Control Ray's 'following day'). --json keeps the tag names SPEC's
    'standing effects (charges left, tags)' lists, and adds them in words."""
    host = _new(tmp_path, "Xe=Xenozoologist", "Bo=Doppelganger", "Cy=Townie", "Dee=Townie", "Eve=Townie",
                "Su=Survivor", "Hiv=Hivemind (Psychic)", "Ms=Mad Scientist (Cutting Edge Scientist)")
    host.ok("tech", "pick", "Xe", "Scanner")
    host.ok("tech", "pick", "Su", "Stun Orb")
    host.ok("tech", "pick", "Hiv", "Stun Orb")
    for line in (("Xe", "Abduct", "Cy"), ("Bo", "Kill", "skip"), ("Hiv", "Dominate", "Dee"), ("Su", "Stun Orb", "Eve"),
                 ("Ms", "Mind Control Ray", "Bo", "Eve")):
        host.ok("act", *line)
    host.ok("resolve", "--force")
    text = host.ok("status")
    assert "tech-picks" not in text and "tags:" not in text
    assert "specimens held: Human" in text
    assert "abducted by Xe, kept as the Human specimen: out of play" in text
    assert "converted by Hiv: dies with them" in text
    assert "stunned by Su on night 1 (no active ability on day 1)" in text
    assert "vote controlled by Ms on day 1" in text
    st = _status(host)
    assert st["Xe"]["tags"] == ["specimens", "tech-picks"] and st["Xe"]["standing"] == ["specimens held: Human"]
    assert st["Su"]["standing"] == []
    page = host.ok("page")
    assert "tech-picks" not in page and "specimens held: Human" in page
    # 'the following day' is day 1: from night 2 the stun and the vote control are history.
    host.ok("eliminate", "--none", "--force")
    text = host.ok("status")
    assert "stunned by Su" not in text and "vote controlled" not in text
    assert "specimens held: Human" in text and _status(host)["Eve"]["tags"] == ["stunned"]


# --------------------------------------------------------------------------- 4. tech list


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


# --------------------------------------------------------------------------- 5. a Stun Orb in a human's hands


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


# --------------------------------------------------------------------------- 6. role PMs in players' words

INTERNAL = ("Standing:", "Factional:", "no target", "power =", "[b]mind-shield", "[b]anti-tech", "[b]psychic-vote",
            "[b]last-shot", "tech-picks")


def test_every_role_pm_states_race_and_goal_in_players_words(tmp_path):
    """Issue 12, Output: 'Role PMs state Race and Goal; the seed lists both for every role. No
    internal words.' Every role of the seed, dealt at once: each PM says its Race and Goal, names
    its passives in words, and an alien's PM says its tech slots (seed: 'Tech: 1 Medium and 1
    Large Tech Slot')."""
    names = [r["name"] for r in json.loads(Host(tmp_path)("roles", "paranormal", "--json").stdout)["roles"]]
    host = _new(tmp_path, *(f"P{i}={name}" for i, name in enumerate(names, start=1)))
    pms = host.ok("pm").split("===== PM to ")[1:]
    assert len(pms) == len(names)
    for pm in pms:
        assert "Race: [b]" in pm and "Goal: [b]" in pm, pm[:200]
        for word in INTERNAL:
            assert word not in pm, (word, pm[:200])
    ext = next(pm for pm in pms if "[b]Exterminator (Mind Shield)[/b]" in pm)
    assert "[b]Mind Shield[/b]: psychic powers cannot reach you" in ext
    assert "[b]Tech[/b]: 1 Medium and 1 Large tech slots." in ext
    sur = next(pm for pm in pms if "[b]Survivor[/b]." in pm)
    assert "[b]Tech[/b]: 1 Small tech slot." in sur
    town = next(pm for pm in pms if "[b]Townie[/b]." in pm)
    assert "[b]Tech[/b]" not in town


def test_a_converts_pm_says_whose_win_is_theirs(tmp_path):
    """Hivemind: 'Converted players keep their current role, but switch teams and win condition.'
    The convert's role PM keeps the role and says the Hivemind's win is theirs (not the
    Hivemind's own line, 'the town cannot stop you')."""
    host = _new(tmp_path, "Hiv=Hivemind (Psychic)", "Bo=Doppelganger", "Dee=Townie", "Cy=Townie", "Eve=Townie")
    host.ok("tech", "pick", "Hiv", "Stun Bomb")
    host.ok("act", "Hiv", "Dominate", "Dee")
    host.ok("act", "Bo", "Kill", "skip")
    host.ok("resolve", "--force")
    pm = host.ok("pm", "Dee")
    assert "You are the [b]Townie[/b]. Your alignment is [b]Hivemind[/b]." in pm
    assert "You now play for the Hivemind, and you win only when they win: when every opposing group is dead and " \
           "the town cannot stop them." in pm
    assert "cannot stop you" not in pm


def test_status_names_a_players_attributes(tmp_path):
    """Attributes: 'The Mind Shield is not a role in itself, but an ability granted to a non-psychic
    character': status shows it beside the role."""
    folder = tmp_path / "g"
    host = Host(folder)
    host.ok("new", str(folder), "--ruleset", "paranormal", "--seed", "5", "--assign", "Ag=Agent", "--assign",
            "Bo=Doppelganger", "--assign", "Cy=Townie", "--attribute", "Ag=Mind Shield", "--attribute", "Cy=Kook")
    text = host.ok("status")
    assert "Ag  Agent [Town]  alive  attributes: Mind Shield" in text
    assert "Cy  Townie [Town]  alive  attributes: Kook" in text


def test_mind_stealer_role_pm_reveals_points_per_role(tmp_path):
    """Harvester: 'The Mind Stealer needs to steal X 'points' worth of Roles to win. Points per role
    will be revealed to the MS during the role PM.' The PM says the goal, the points per role, the
    stockpile, and the Robot chosen instead of tech ('MS - 1 Robot or 2 Small Tech slots')."""
    folder = tmp_path / "g"
    host = Host(folder)
    host.ok("new", str(folder), "--ruleset", "paranormal", "--seed", "5", "--assign", "Ms=Harvester (Mind Stealer)",
            "--assign", "Bo=Doppelganger", "--assign", "Ag=Agent", "--assign", "Cy=Townie",
            "--option", "mind-stealer-goal=3", "--option", "mind-stealer-points=Agent:2,Detective:2")
    pm = host.ok("pm", "Ms")
    assert "To win you must steal roles worth 3 points. Points per role: Agent 2, Detective 2; any other role is " \
           "worth 1." in pm
    assert "[b]Tech[/b]: 2 Small tech slots, or the Robot instead." in pm
    host.ok("tech", "pick", "Ms", "none")
    host.ok("stockpile", "start", "Ms", "Detective", "Townie", "Bodyguard (Guardian)")
    pm = host.ok("pm", "Ms")
    assert "Your stockpile: Detective, Townie, Bodyguard (Guardian)." in pm
    assert "You took the Robot instead of tech" in pm and "[b]Tech[/b]" not in pm
    # Every other player's PM has none of it.
    assert "points" not in host.ok("pm", "Ag")


# --------------------------------------------------------------------------- the Sentry Guns' face recognition


def test_sentry_guns_face_recognition_lets_the_trusted_pass(tmp_path):
    """Mad Scientist, Sentry Guns: 'The Sentry Guns can be programmed with face recognition to allow
    safe passage to people that the Mad Scientist deems trustworthy. This can be changed on a
    night-per-night basis.' A trusted visitor passes; any other visitor is killed; only a Sentry
    Guns holder programs it; undo restores the folder."""
    host = _new(tmp_path, "Sam=Mad Scientist (Military Scientist)", "Gu=Bodyguard (Guardian)", "Ag=Agent",
                "Bo=Doppelganger", "Cy=Townie", "Dee=Townie")
    assert "only the Sentry Guns have face recognition" in host.refused("tech", "trust", "Ag", "Gu")
    assert "own house" in host.refused("tech", "trust", "Sam", "Sam")
    before = snapshot(host.folder)
    assert "Sam's Sentry Guns let Gu pass tonight." in host.ok("tech", "trust", "Sam", "Gu")
    host.ok("undo")
    assert snapshot(host.folder) == before
    host.ok("tech", "trust", "Sam", "Gu")
    assert "Sentry Guns let pass on night 1: Gu" in host.ok("status")
    host.ok("act", "Sam", "Sentry Guns")
    host.ok("act", "Gu", "Guard", "Sam")
    host.ok("act", "Ag", "Investigate", "Sam")
    host.ok("act", "Bo", "Kill", "skip")
    out = json.loads(host.ok("resolve", "--force", "--json"))
    assert [d["player"] for d in out["deaths"]] == ["Ag"]
    assert any("let them pass (face recognition)" in line for line in out["log"])
    assert "it is day 1, not a night" in host.refused("tech", "trust", "Sam", "Gu")


def test_a_lynched_blaster_shot_tells_the_host_what_it_set_off(tmp_path):
    """Xenozoologist: 'If he is killed, all abducted players are returned to the game.' Hivemind:
    'If the Hivemind dies, all converted players die with them.' A lynched Hold-out Blaster
    holder's shot at either says so, as the lynch itself would; the shot's own victim is not
    'bound' to anyone."""
    cast = ("Su=Survivor", "Xe=Xenozoologist", "Bo=Doppelganger", "Cy=Townie", "Dee=Townie", "Eve=Townie", "Fay=Townie",
            "Hiv=Hivemind (Psychic)")
    host = _new(tmp_path, *cast)
    host.ok("tech", "pick", "Su", "Hold-out Blaster")
    host.ok("tech", "pick", "Xe", "Scanner")
    host.ok("tech", "pick", "Hiv", "Stun Bomb")
    for line in (("Xe", "Abduct", "Cy"), ("Hiv", "Dominate", "Dee"), ("Bo", "Kill", "skip")):
        host.ok("act", *line)
    host.ok("resolve", "--force")
    host.ok("eliminate", "Su", "--force")
    out = host.ok("shoot", "Su", "Xe")
    assert "Cy returns to play: their abductor Xe left the game (hostkit pm --day 1)" in out
    assert "Xe dies with them" not in out
    host.ok("undo")
    out = host.ok("shoot", "Su", "Hiv")
    assert "Dee dies with them: bound to the Hivemind" in out
    st = _status(host)
    assert st["Dee"]["died"] == "day 1" and st["Hiv"]["died"] == "day 1"


def test_a_blaster_lynched_on_the_maximum_game_day_shoots_before_the_game_ends(tmp_path):
    """Hold-out Blaster: 'If the Alien is lynched, he pulls out the blaster and gets to shoot a
    single target before dying.' General Rules: 'The Game will have a set Maximum game-day ... At
    that point, any players who have not already achieved their victory conditions will lose.'
    Lynched on the last day, the holder still shoots (here the other Survivor, who then does not
    win); the game ends after the shot, and undo of the shot brings the wait back."""
    folder = tmp_path / "g"
    host = Host(folder)
    args = ["new", str(folder), "--ruleset", "paranormal", "--seed", "5", "--option", "max-day=1"]
    for a in ("Su=Survivor", "S2=Survivor", "Bo=Doppelganger", "Cy=Townie", "Dee=Townie", "Eve=Townie"):
        args += ["--assign", a]
    host.ok(*args)
    host.ok("tech", "pick", "Su", "Hold-out Blaster")
    host.ok("tech", "pick", "S2", "Stun Orb")
    host.ok("act", "Bo", "Kill", "skip")
    host.ok("resolve", "--force")
    host.ok("eliminate", "Su", "--force")
    st = json.loads(host.ok("status", "--json"))
    assert st["winner"] is None and st["victory_pending"] == {"winner": "nobody", "shots_owed": ["Su"]}
    assert "the game ends, every player who has not won losing, once Su's last shot is taken" in host.ok("status")
    assert "the maximum game day is over" in host.refused("act", "Bo", "Kill", "Cy")
    before = snapshot(host.folder)
    assert "every player who has not won loses" in host.ok("shoot", "Su", "S2")
    st = json.loads(host.ok("status", "--json"))
    assert st["winner"] == "nobody" and st["ended_by"] == "max-day" and st["won"] == []
    host.ok("undo")
    assert snapshot(host.folder) == before
    host.ok("shoot", "Su", "skip")
    st = json.loads(host.ok("status", "--json"))
    assert st["winner"] == "nobody" and [w["player"] for w in st["won"]] == ["S2"]
