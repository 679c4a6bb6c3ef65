"""A recorded "no" to an ability that takes no target (issue decline).

An entry with no targets means "use it" for an ability that takes none (a Veteran's Alert, a
Body Double), so the host had no way to record that such a player declined: `skip` was refused,
and every such night resolved only with `resolve --force`, which also stops waiting on everyone
else. `act X ABILITY skip` now records `skip = true` on the entry (Action.declined); every reader
honours it: the engine (nothing fires, no charge spent), the waiting list, the item that uses up
the action, log/undo/page, `actions --json`, the co-host merge. Ids name the seed section where
a seed rule is involved.
"""

from __future__ import annotations

import json

import pytest

from conftest import Host
from engine_helpers import night, ruleset, state
from hostkit.game.cohost import merge_phase
from hostkit.game.game import create
from hostkit.model.entries import entry_id
from hostkit.model.entries import Action, PhaseRecord
from hostkit.store import folder as store


# --------------------------------------------------------------------------- the engine reads the field

ENGINE = [
    # (id, ruleset, players, actions, tags, starting items, deaths, charges spent)
    ("natural-II-an-action-may-be-used-veteran-alert-declined-kills-no-visitor-and-keeps-its-charge",
     "natural", "Vet=Veteran Cop=Cop G=Goon T=Villager", "Vet Alert skip; Cop Investigate Vet; G Kill Vet",
     {}, False, {"Vet"}, set()),
    ("natural-II-veteran-alert-used-kills-its-visitors-and-spends-a-charge",
     "natural", "Vet=Veteran Cop=Cop G=Goon T=Villager", "Vet Alert; Cop Investigate Vet; G Kill Vet",
     {}, False, {"Cop", "G"}, {("Vet", "alert")}),
    ("old-record-an-alert-entered-with-no-targets-and-no-skip-is-still-its-use",
     "natural", "Vet=Veteran Cop=Cop G=Goon T=Villager", "Vet Alert -; Cop Investigate Vet; G Kill Vet",
     {}, False, {"Cop", "G"}, {("Vet", "alert")}),
    ("natural-III-arsonist-ignite-declined-burns-no-doused-player",
     "natural", "Ars=Arsonist T=Villager G=Goon", "Ars Ignite skip", {"T": {"doused": True}}, False, set(), set()),
    ("natural-III-arsonist-ignite-used-burns-the-doused",
     "natural", "Ars=Arsonist T=Villager G=Goon", "Ars Ignite", {"T": {"doused": True}}, False, {"T"}, set()),
    ("ooo-1-misc-first-moves-veteran-alert-declined-the-pack-kills-it-and-the-escort-at-its-home",
     "ooo-werewolf", "V=Veteran E=Escort W=Wolf P=Villager", "V Alert skip; E Distract V; W Maul V",
     {}, False, {"V", "E"}, set()),
    ("ooo-1-misc-first-moves-veteran-alert-used-shoots-its-visitors-and-spends-one-of-three",
     "ooo-werewolf", "V=Veteran E=Escort W=Wolf P=Villager", "V Alert; E Distract V; W Maul V",
     {}, False, {"E", "W"}, {("V", "alert")}),
    ("items-9-swap-identities-shapeshifter-shift-declined-no-swap-and-the-charge-kept",
     "items-werewolf", "Ss=Shapeshifter V=Villager P=Protector", "Ss Kill V; Ss Shift skip", {}, False, {"V"}, set()),
    ("items-9-swap-identities-shapeshifter-shift-used-swaps-and-spends-it",
     "items-werewolf", "Ss=Shapeshifter V=Villager P=Protector", "Ss Kill V; Ss Shift", {}, False, {"Ss"},
     {("Ss", "shift")}),
    ("items-3-protection-heavy-shield-brace-declined-protects-nothing-and-blocks-nothing",
     "items-werewolf", "H=Huntsman V=Villager W=Werewolf", "H Brace skip; H Guard V; W Kill H", {}, True, {"H"}, set()),
    ("paranormal-Mad-Scientist-Body-Double-declined-the-scientist-dies-and-keeps-the-one-use",
     "paranormal", "Cu=Mad_Scientist_(Cutting_Edge_Scientist) D=Doppelganger T=Townie", "Cu Body_Double skip; D Kill Cu",
     {}, False, {"Cu"}, set()),
    ("paranormal-Mad-Scientist-Body-Double-used-saves-and-is-spent",
     "paranormal", "Cu=Mad_Scientist_(Cutting_Edge_Scientist) D=Doppelganger T=Townie", "Cu Body_Double; D Kill Cu",
     {}, False, set(), {("Cu", "body double")}),
    ("paranormal-Mad-Scientist-Sentry-Guns-declined-shoot-no-visitor-and-keep-their-ammo",
     "paranormal", "Mi=Mad_Scientist_(Military_Scientist) A=Agent D=Doppelganger T=Townie",
     "Mi Sentry_Guns skip; A Investigate Mi; D Kill T", {}, False, {"T"}, set()),
    ("paranormal-Mad-Scientist-Sentry-Guns-used-shoot-the-visitor",
     "paranormal", "Mi=Mad_Scientist_(Military_Scientist) A=Agent D=Doppelganger T=Townie",
     "Mi Sentry_Guns; A Investigate Mi; D Kill T", {}, False, {"T", "A"}, {("Mi", "sentry guns")}),
    ("paranormal-Mind-Control-Ray-a-limited-use-ability-the-player-chose-not-to-use-no-action-occurs",
     "paranormal", "Cu=Mad_Scientist_(Cutting_Edge_Scientist) Mi=Mad_Scientist_(Military_Scientist) D=Doppelganger "
     "T=Townie", "Cu Mind_Control_Ray Mi T; Mi Assassin_Bot skip", {}, False, set(), {("Cu", "mind control ray")}),
    ("paranormal-War-Vet-can-choose-to-turn-off-this-ability-for-a-night",
     "paranormal", "Wv=War_Vet A=Agent D=Doppelganger T=Townie", "Wv Alert skip; A Investigate Wv; D Kill T",
     {}, False, {"T"}, set()),
    ("paranormal-War-Vet-on-alert-when-nothing-is-entered",
     "paranormal", "Wv=War_Vet A=Agent D=Doppelganger T=Townie", "A Investigate Wv; D Kill T",
     {}, False, {"T", "A"}, set()),
    ("paranormal-Bloom-Seed-declined-seeds-nothing-and-keeps-its-use",
     "paranormal", "Bl=Spore_Spreader_(Bloom) D=Doppelganger T=Townie", "Bl Seed skip; D Kill T", {}, False, {"T"}, set()),
]


@pytest.mark.parametrize("rs,players,lines,tags,items,dead,spent", [r[1:] for r in ENGINE], ids=[r[0] for r in ENGINE])
def test_engine_a_declined_ability_never_fires_and_spends_nothing(rs, players, lines, tags, items, dead, spent):
    st = state(ruleset(rs), players, tags=tags, starting=items)
    outcome, _ = night(st, lines)
    assert {d.player for d in outcome.deaths} == dead, outcome.log
    assert {(c.player, c.key) for c in outcome.changes if c.kind == "charge"} == spent, outcome.changes
    said_no = {tuple(part.split()[:2]) for part in lines.split("; ") if part.endswith(" skip")}
    skipped = {(a.actor, a.ability.replace(" ", "_")) for a in outcome.acts if a.status == "skipped"}
    assert skipped == said_no, outcome.acts
    for actor, _ in said_no:  # nothing it would have done: no swap, no seeding, no tag of its own
        assert not [c for c in outcome.changes if c.player == actor and c.kind == "swap-identity"
                    or c.kind == "tag" and isinstance(c.value, dict) and c.value.get("by") == actor]


# --------------------------------------------------------------------------- through the CLI, per ruleset


def _new(tmp_path, ruleset_name: str, *assign: str, options: tuple[str, ...] = ()) -> Host:
    create(tmp_path / "g", ruleset=ruleset_name, seed=1, assign=list(assign), options=list(options))
    return Host(tmp_path / "g")


def _waiting(host: Host) -> list[str]:
    return [f"{w['who']}:{w['ability']}" for w in json.loads(host.ok("actions", "--json"))["waiting"]]


def _charges(host: Host, player: str) -> dict:
    return next(p for p in json.loads(host.ok("status", "--json"))["players"] if p["name"] == player)["charges"]


def test_cli_natural_veteran_declines_its_alert_resolve_without_force_and_undo(tmp_path):
    """Seed natural II: an action 'may be used once each Phase'; a Veteran who says no is
    recorded, the night resolves without --force, the Cop who visits lives, the charge stays."""
    host = _new(tmp_path, "natural", "Vet=Veteran", "Cop=Cop", "Goon=Goon", "T=Villager", "U=Villager")
    assert "recorded Vet: Alert (skip)" in host.ok("act", "Vet", "Alert", "skip")
    assert "Vet:Alert" not in _waiting(host)
    host.ok("act", "Cop", "Investigate", "Vet")
    host.ok("act", "Goon", "Kill", "T")
    actions = json.loads(host.ok("actions", "--json"))["actions"]
    assert actions[0] == {"actor": "Vet", "ability": "Alert", "targets": [], "skip": True, "seq": 1}
    assert actions[1]["skip"] is False
    text = (tmp_path / "g" / "phases" / "001-night-1.toml").read_text()
    assert "skip = true" in text and text.count("skip = true") == 1
    out = host.ok("resolve")  # no --force
    assert "dies: T" in out and "Cop" not in out.split("Log:")[0].replace("result: Cop", "")
    assert "Veteran (Vet) chooses not to use Alert." in out
    assert _charges(host, "Vet") == {"alert": 2}
    pms = host.ok("pm", "--night", "1")
    assert "PM to Vet" not in pms and "alert" not in pms.lower()
    log = [e["what"] for e in json.loads(host.ok("log", "--json"))["entries"]]
    assert log[0] == "Vet's Alert (skip)"
    assert "Vet: Alert (skip)" in host.ok("page")
    host.ok("undo")  # the night's end
    assert host.ok("undo").strip() == "undone: Goon's Kill on T"
    host.ok("undo")
    assert host.ok("undo").strip() == "undone: Vet's Alert (skip)"
    assert "Vet:Alert" in _waiting(host)
    # and used: the visitor dies, a charge is spent
    assert "recorded Vet: Alert" in host.ok("act", "Vet", "Alert")
    host.ok("act", "Cop", "Investigate", "Vet")
    host.ok("act", "Goon", "Kill", "T")
    assert "dies: Cop, killed by Veteran" in host.ok("resolve")
    assert _charges(host, "Vet") == {"alert": 1}


def test_cli_natural_a_skip_with_no_ability_named_answers_both_of_the_arsonists_abilities(tmp_path):
    host = _new(tmp_path, "natural", "Ars=Arsonist", "Cop=Cop", "Goon=Goon", "T=Villager")
    out = host.ok("act", "Ars", "skip")
    assert "recorded Ars: Douse (skip)" in out and "recorded Ars: Ignite (skip)" in out
    assert not [w for w in _waiting(host) if w.startswith("Ars")]
    # Douse and Ignite are one action a night: an Ignite entered is a use (it was read as a skip,
    # so a Douse could be entered beside it)
    host.ok("act", "Ars", "Ignite")
    assert "only one arson ability a phase" in host.refused("act", "Ars", "Douse", "T")


def test_cli_items_werewolf_shapeshifter_declines_shift_and_the_packs_kill_stands(tmp_path):
    """Seed items-werewolf step 9 (Swap Identities: Shapeshifter): a Shift declined swaps
    nothing and keeps its one use; `act Ss skip` answers the Shift only, not the pack's Kill."""
    host = _new(tmp_path, "items-werewolf", "Ss=Shapeshifter", "W=Werewolf", "V=Villager", "P=Protector",
                "Dee=Villager", "Eve=Villager")
    host.ok("act", "W", "Kill", "V")
    out = host.ok("act", "Ss", "skip")
    assert out.strip() == "recorded Ss: Shift (skip)", out
    host.ok("act", "P", "Protect", "Dee")
    assert _waiting(host) == []
    out = host.ok("resolve")
    assert "dies: V" in out
    roles = {p["name"]: p["role"] for p in json.loads(host.ok("status", "--json"))["players"]}
    assert roles["Ss"] == "Shapeshifter" and roles["V"] == "Villager"
    assert _charges(host, "Ss") == {"shift": 1}
    host.ok("undo")  # the night's end
    assert host.ok("undo").strip() == "undone: P's Protect on Dee"
    assert host.ok("undo").strip() == "undone: Ss's Shift (skip)"
    assert "Werewolves:Shift" not in _waiting(host) and "Ss:Shift" in _waiting(host)


def test_cli_items_werewolf_heavy_shield_brace_no_longer_leaves_its_holder_waited_on(tmp_path):
    """items.toml Heavy Shield: 'your role's actions fail that night'. Before: entering Eve's
    Brace still left 'waiting on: Eve (Guard)', and resolve asked for --force."""
    host = _new(tmp_path, "items-werewolf", "Ann=Shaman", "Bob=Werewolf", "Cy=Militia", "Dee=Villager",
                "Eve=Huntsman")
    host.ok("act", "Eve", "Brace")
    assert "Eve:Guard" not in _waiting(host)
    out = host.ok("act", "Eve", "Brace", "skip")  # declined: the shield blocks nothing, Guard is asked again
    assert "recorded Eve: Brace (skip) (replaces Eve's Brace)" in out
    assert "Eve:Guard" in _waiting(host)
    assert "Heavy Shield" not in host.ok("actions").split("items not used yet")[-1]
    host.ok("act", "Eve", "Brace")
    for line in (("Ann", "Ward", "skip"), ("Bob", "Kill", "Eve"), ("Cy", "Shoot", "skip")):
        host.ok("act", *line)
    assert "waiting on" not in host.ok("actions")
    out = host.ok("resolve")  # no --force
    assert "no one dies" in out


def test_cli_paranormal_body_double_and_sentry_guns_declined(tmp_path):
    """Seed paranormal Mad Scientist: the Body Double is 'a one-use item', the Sentry Guns have
    'limited ammo'. Declined: nothing fires, both uses stay, and no --force is needed."""
    host = _new(tmp_path, "paranormal", "Cu=Mad Scientist (Cutting Edge Scientist)",
                "Mi=Mad Scientist (Military Scientist)", "Bo=Doppelganger", "Jo=Townie", "Ki=Townie", "Ag=Agent",
                options=("max-day=5",))
    host.ok("tech", "pick", "Cu", "Body Double")
    host.ok("tech", "pick", "Mi", "Sentry Guns")
    assert host.ok("act", "Cu", "Body Double", "skip").strip() == "recorded Cu: Body Double (skip)"
    out = host.ok("act", "Cu", "skip")
    for name in ("Build Mind Shield", "Build Anti-Tech Field"):  # the Body Double is Cu's one technology
        assert f"recorded Cu: {name} (skip)" in out
    host.ok("act", "Mi", "skip")
    assert "recorded Mi: Sentry Guns (skip)" in host.ok("act", "Mi", "Sentry Guns", "skip")
    host.ok("act", "Bo", "Kill", "Cu")
    host.ok("act", "Ag", "Investigate", "Mi")
    assert _waiting(host) == []
    out = host.ok("resolve")
    assert "dies: Cu, killed by Doppelgangers" in out and "Ag, killed" not in out
    assert _charges(host, "Cu")["body double"] == 1 and _charges(host, "Mi")["sentry guns"] == 1
    pms = host.ok("pm", "--night", "1")
    assert "Sentry" not in pms and "Body Double" not in pms
    host.ok("undo")
    host.ok("act", "Cu", "Body Double")
    assert "(replaces Mi's Sentry Guns (skip))" in host.ok("act", "Mi", "Sentry Guns")
    out = host.ok("resolve")
    assert "dies: Ag, killed by Sentry Guns" in out and "saved: Cu" in out
    assert _charges(host, "Cu")["body double"] == 0 and _charges(host, "Mi")["sentry guns"] == 0


def test_cli_paranormal_war_vet_alert_beside_an_item_that_uses_up_the_action(tmp_path):
    """Seed paranormal Stun Orb: 'does use up the alien's action'. A Mind Stealer on a War Vet's
    role with a Stun Orb: an Alert entered is its action (the Orb is refused beside it; before,
    an Alert, having no target, was read as a skip and both were taken); an Alert declined is
    not ('Can choose to turn off this ability for a night'), so the Orb goes, the visitor lives;
    and the standing alert, entered or not, is the action the Orb uses up."""
    host = _new(tmp_path, "paranormal", "Ms=Harvester (Mind Stealer)", "Bo=Doppelganger", "Jo=Townie", "Ki=Townie",
                "Ag=Agent", options=("max-day=5", "mind-stealer-roles=War Vet,Agent,Detective"))
    host.ok("tech", "pick", "Ms", "Stun Orb")
    host.ok("stockpile", "take", "Ms", "War Vet")
    host.ok("act", "Ms", "Alert")
    assert "uses up their action" in host.refused("act", "Ms", "Stun Orb", "Bo")
    host.ok("act", "Ms", "Alert", "skip")
    host.ok("act", "Ms", "Stun Orb", "Bo")
    assert "uses up their action: Alert cannot be used too" in host.refused("act", "Ms", "Alert")
    host.ok("act", "Bo", "Kill", "Jo")
    host.ok("act", "Ag", "Investigate", "Ms")
    out = host.ok("resolve")
    assert "no one dies" in out and "blocked: Bo by Stun Orb" in out
    # Nothing entered for the Alert: the standing alert yields to the Orb as an entered one
    # would (before, it fired beside the Orb and shot the Agent).
    host.ok("undo")
    host.ok("act", "--remove", "Ms", "Alert")
    out = host.ok("resolve")
    assert "no one dies" in out and "War Vet" not in out


def test_cli_paranormal_a_no_target_tech_used_or_declined_and_then_passed(tmp_path):
    """Seed paranormal Alien Tech: 'tech can only be used by one person per night'. A Stun Bomb
    (no target) entered is a use, so its pass is refused (before: read as a skip, it was let
    through); declined, it may be passed, and the pass takes the skip back in the same commit
    (it would name tech the giver no longer holds)."""
    host = _new(tmp_path, "paranormal", "Zed=Exterminator (Mind Shield)", "Yan=Exterminator Operative",
                "Bo=Doppelganger", "Jo=Townie", "Ki=Townie", "Ag=Agent", options=("max-day=5",))
    host.ok("tech", "pick", "Zed", "Stun Bomb")
    host.ok("tech", "pick", "Yan", "none")
    host.ok("act", "Zed", "Stun Bomb")
    assert "has entered a use of Stun Bomb tonight" in host.refused("tech", "pass", "Zed", "Yan", "Stun Bomb")
    assert "items not used yet" not in host.ok("act", "Zed", "Stun Bomb", "skip")
    assert "items not used yet" not in host.ok("actions")
    assert host.ok("tech", "pass", "Zed", "Yan", "Stun Bomb").strip() == "Zed passes Stun Bomb to Yan."
    assert "Yan (Stun Bomb)" in host.ok("actions")
    assert "removal of Zed's Stun Bomb, with the tech-pass" in host.ok("undo")
    assert "Zed: Stun Bomb (skip)" in host.ok("actions")


def test_cli_a_members_skip_with_no_ability_named_leaves_the_teams_kill(tmp_path):
    """Seed natural II: Factional, 'May be used by allied players instead of the player who owns
    it'. Before: `act G2 skip` printed 'recorded G2: Kill (skip) (replaces G1's Kill on T)' and the
    night had no kill. Now refused, naming how to take it back; naming the ability still does."""
    host = _new(tmp_path, "natural", "G1=Goon", "G2=Goon", "Cop=Cop", "T=Villager", "U=Villager")
    host.ok("act", "G1", "Kill", "T")
    out = host.refused("act", "G2", "skip")
    assert "leaves a teammate's team action standing" in out and "'act G2 Kill skip'" in out
    assert "line 1:" in host.refused("act", "--file", "-", input="G2 skip\n")
    assert "(replaces G1's Kill on T)" in host.ok("act", "G2", "Kill", "skip")
    host.ok("act", "--remove", "G2", "Kill")
    assert "recorded G2: Kill (skip)" in host.ok("act", "G2", "skip")  # nothing of a teammate's to keep


# --------------------------------------------------------------------------- the record


@pytest.mark.parametrize("edit,message", [
    ('skip = "yes"', "actions[0].skip: expected true or false, got a string 'yes'"),
    ("skip = 1", "actions[0].skip: expected true or false, got an integer 1"),
    ('targets = ["Cop"], skip = true', "actions[0].skip: a skip names no target"),
], ids=["skip-a-string", "skip-a-number", "skip-with-targets"])
def test_cli_a_hand_edited_malformed_skip_is_refused_with_file_and_key(tmp_path, edit, message):
    host = _new(tmp_path, "natural", "Vet=Veteran", "Cop=Cop", "Goon=Goon", "T=Villager")
    host.ok("act", "Vet", "Alert", "skip")
    path = tmp_path / "g" / "phases" / "001-night-1.toml"
    text = path.read_text()
    assert "targets = [], skip = true" in text
    if "targets" in edit:
        text = text.replace("targets = [], ", "")
    path.write_text(text.replace("skip = true", edit))
    for command in (("status",), ("actions",), ("act", "Cop", "Investigate", "T"), ("resolve", "--force")):
        out = host.refused(*command)
        assert out.startswith("Error: ") and "001-night-1.toml" in out and message in out, out


def test_cli_an_old_folder_loads_unchanged_an_empty_alert_is_its_use(tmp_path):
    """An entry written before the field (no `skip`) keeps its meaning and its entry id."""
    host = _new(tmp_path, "natural", "Vet=Veteran", "Cop=Cop", "Goon=Goon", "T=Villager")
    host.ok("act", "Vet", "Alert")
    text = (tmp_path / "g" / "phases" / "001-night-1.toml").read_text()
    assert "skip" not in text
    old = Action("Vet", "Alert", (), 1)
    import hashlib

    key = (1, "", "Action", repr((("ability", "Alert"), ("actor", "Vet"), ("targets", ()))))
    assert entry_id(old) == hashlib.sha1(repr(key).encode("utf-8")).hexdigest()[:7]
    assert entry_id(old) != entry_id(old._replace(declined=True))
    host.ok("act", "Cop", "Investigate", "Vet")
    host.ok("act", "Goon", "Kill", "T")
    assert "dies: Cop, killed by Veteran" in host.ok("resolve")


def test_a_declined_entry_survives_the_co_host_merge():
    def rec(*entries):
        return store.dump_toml(store.phase_to_toml(PhaseRecord("night", 1, tuple(entries))))

    used, declined = Action("Vet", "Alert", (), 1, "Ann"), Action("Vet", "Alert", (), 2, "Bea", declined=True)
    merged, _ = merge_phase(rec(used), rec(used), rec(used, declined), "phases/001-night-1.toml")
    assert merged == rec(used, declined) and merged.count("skip = true") == 1
    back = store.parse_phase(__import__("tomllib").loads(merged), "p")
    assert [a.declined for a in back.actions] == [False, True]


def test_cli_a_skip_added_by_hand_to_a_resolved_night_replays_it_afresh(tmp_path):
    """The replay cache keys a night by its phase file's bytes, so `skip = true` written by hand
    into an old entry replays the night anew (the Veteran no longer shoots): status warns that
    the published deaths would change."""
    host = _new(tmp_path, "natural", "Vet=Veteran", "Cop=Cop", "Goon=Goon", "T=Villager", "U=Villager")
    host.ok("act", "Vet", "Alert")
    host.ok("act", "Cop", "Investigate", "Vet")
    host.ok("act", "Goon", "Kill", "T")
    assert "dies: Cop, killed by Veteran" in host.ok("resolve")
    host.ok("status")  # the night is in the replay cache now
    path = tmp_path / "g" / "phases" / "001-night-1.toml"
    text = path.read_text()
    assert 'ability = "Alert"\ntargets = []\n' in text
    path.write_text(text.replace('ability = "Alert"\ntargets = []\n', 'ability = "Alert"\ntargets = []\nskip = true\n'))
    out = host.ok("status")
    assert "the published deaths (Cop, T) would now be T" in out, out
    assert _charges(host, "Vet") == {"alert": 2}



def test_cli_a_skip_with_no_ability_named_leaves_a_lone_standing_ability_on(tmp_path):
    """A standing ability is used every night without an entry (games/README `standing`); a skip
    with no ability named answers what is asked of the player and leaves it on, as it leaves a
    War Vet's alert on beside Stand Down. Named, the skip turns it off for the night."""
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "roles.toml").write_text('''
[Sentinel]
alignment = "Town"
summary = "Every night you guard your home: you kill every player who visits you."

[[Sentinel.abilities]]
name = "Watch"
targets = 0
standing = true
moves = false
effects = [{ effect = "kill-visitors" }]
''')
    create(folder, ruleset="natural", seed=1, assign=["Sen=Sentinel", "Cop=Cop", "Goon=Goon", "T=Villager", "U=Villager"])
    host = Host(folder)
    assert "'act Sen Watch skip'" in host.refused("act", "Sen", "skip")
    host.ok("act", "Cop", "Investigate", "Sen")
    host.ok("act", "Goon", "Kill", "T")
    assert "dies: Cop" in host.ok("resolve", "--dry-run")
    assert "recorded Sen: Watch (skip)" in host.ok("act", "Sen", "Watch", "skip")
    out = host.ok("resolve")
    assert "dies: T" in out and "Cop, killed" not in out


def test_cli_items_werewolf_a_brace_used_is_a_use_a_brace_declined_lets_the_shield_be_passed(tmp_path):
    """werewolv.es (items.py entry_conflict): an item is not used up and passed on one night. A
    Brace (no target) entered was read as a skip, so the Heavy Shield could be braced and passed
    the same night; a declined Brace is no use, so the pass goes."""
    host = _new(tmp_path, "items-werewolf", "H=Huntsman", "W=Werewolf", "V=Villager", "D=Villager")
    host.ok("act", "H", "Brace")
    assert "cannot both use and pass it tonight" in host.refused("act", "H", "Pass", "V", "Heavy Shield")
    host.ok("act", "H", "Brace", "skip")
    assert "recorded H: Pass Heavy Shield V" in host.ok("act", "H", "Pass", "V", "Heavy Shield")
