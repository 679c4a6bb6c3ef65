"""paranormal's alien tech as items (shared/seeds/paranormal.md, 'Item list', the Mad Scientist's
inventions, 'Attributes'): every item on the engine as a parametrized table, with the seed
sentence it checks; picking by slot, passing, the Replicator and the holder's choices through the
CLI in a temp folder.
"""

from __future__ import annotations

import json

import pytest

from conftest import Host
from engine_helpers import check, night, ruleset, state

RS = ruleset("paranormal")

KEPT = {"abducted": {"by": "X", "kind": "Alien"}}
HOLO = {"holoform": {"role": "Townie", "race": "Human"}}

# (id, seed sentence, players, items {player: {item: n}}, actions, state kw, expectations).
# Expectation keys: those of engine_helpers.check, and `spent` / `kept`: {(player, item)} whose
# use is (or is not) spent tonight.
CASES = [
    # ------------------------------------------------------------------ Personal Shield
    ("paranormal-items-personal-shield-guards-once",
     "Personal Shield: Works once as though guarded by the Guardian.",
     "S=Survivor V=Vigilante", {"S": {"Personal Shield": 1}}, "V Shoot S", {},
     dict(dead=[], spent={("S", "Personal Shield")})),
    ("paranormal-items-personal-shield-morning-kill",
     "Will also protect against Morningkills.",
     "S=Survivor Ms=Mad_Scientist_(Military_Scientist)", {"S": {"Personal Shield": 1}}, "Ms Assassin_Bot S", {},
     dict(dead=[], spent={("S", "Personal Shield")})),
    ("paranormal-items-personal-shield-only-once",
     "Personal Shield: Works once",
     "S=Survivor V=Vigilante D=Doppelganger", {"S": {"Personal Shield": 1}}, "V Shoot S; D Kill S", {},
     dict(dead=["S"])),
    ("paranormal-items-personal-shield-not-vs-plasma",
     "Plasma Bomb: Cannot be protected against.",
     "S=Survivor Op=Exterminator_Operative", {"S": {"Personal Shield": 1}, "Op": {"Plasma Bomb": 1}},
     "Op Plasma_Bomb S", {}, dict(dead=["S"], kept={("S", "Personal Shield")})),
    # ------------------------------------------------------------------ Mind Shield / Anti-Tech Field as tech
    ("paranormal-items-mind-shield-tech-blocks-the-telepath",
     "Mind Shield: The Mind Shield gives the user a Mind Shield.",
     "T=Townie Tp=Telepath", {"T": {"Mind Shield": 1}}, "Tp Read T", {},
     dict(failed={"Tp.Read": "Mind Shield"}, notices=[("T", "Mind Shield held")])),
    ("paranormal-items-advanced-mind-shield-telepath-reads-survive",
     "Telepaths will always receive a 'Survive' result",
     "Ex=Exterminator_(Mind_Shield) Tp=Telepath", {"Ex": {"Mind Shield": 1}}, "Tp Read Ex; Ex Kill Tp", {},
     dict(ok=["Tp.Read"], results={"Tp.Read": "Survive"})),
    ("paranormal-items-advanced-mind-shield-warden-not-told",
     "Psychic Wardens will not know their power is blocked",
     "Ex=Exterminator_(Mind_Shield) Pw=Psychic_Warden T=Townie", {"Ex": {"Mind Shield": 1}}, "Pw Bind Ex; Ex Kill T", {},
     dict(ok=["Pw.Bind", "Ex.Kill"], dead=["T"])),
    ("paranormal-items-anti-tech-one-shot-not-used-up",
     "Single Target one-shot items are not used up, but the action is wasted.",
     "T=Townie Op=Exterminator_Operative", {"T": {"Anti-Tech Field": 1}, "Op": {"Stun Orb": 1}}, "Op Stun_Orb T", {},
     dict(failed={"Op.Stun Orb": "Anti-Tech Field"}, kept={("Op", "Stun Orb")}, notices=[("T", "Anti-Tech Field held")])),
    ("paranormal-items-advanced-anti-tech-scanner-shows-vanilla-townie",
     "Scanners will show Vanilla Townie",
     "Ex=Exterminator_(Anti-Tech_Field) Op=Exterminator_Operative", {"Ex": {"Anti-Tech Field": 1}, "Op": {"Scanner": 1}},
     "Op Scanner Ex", {}, dict(ok=["Op.Scanner"], results={"Op.Scanner": "Human, Townie; tech: none"})),
    ("paranormal-items-advanced-anti-tech-one-shot-used-up",
     "Single-target One Shot items ARE used up when used against an Advanced Anti-Tech field.",
     "Ex=Exterminator_(Anti-Tech_Field) Op=Exterminator_Operative", {"Ex": {"Anti-Tech Field": 1}, "Op": {"Stun Orb": 1}},
     "Op Stun_Orb Ex; Ex Kill Op", {}, dict(ok=["Op.Stun Orb", "Ex.Kill"], dead=["Op"], spent={("Op", "Stun Orb")})),
    ("paranormal-items-advanced-anti-tech-killing-tech-still-blocked",
     "always appearing to work to the one using tech items against the user (Except for killing techs)",
     "Ex=Exterminator_(Anti-Tech_Field) Op=Exterminator_Operative", {"Ex": {"Anti-Tech Field": 1}, "Op": {"Plasma Bomb": 1}},
     "Op Plasma_Bomb Ex", {}, dict(dead=[], failed={"Op.Plasma Bomb": "Anti-Tech Field"}, kept={("Op", "Plasma Bomb")})),
    ("paranormal-items-advanced-anti-tech-tracker-shows-home",
     "Tracking devices will show the player at home",
     "Ex=Exterminator_(Anti-Tech_Field) Mi=Mad_Scientist_(Intelligence_Scientist) T=Townie",
     {"Ex": {"Anti-Tech Field": 1}}, "Mi Snooper_Bot Ex; Ex Kill T", {},
     dict(ok=["Mi.Snooper Bot"], results={"Mi.Snooper Bot": ()}, dead=["T"])),
    # ------------------------------------------------------------------ Holoform Modulators
    ("paranormal-items-holoform-shows-the-chosen-race",
     "Holoform Modulator: Works once when investigated, allowing the alien to choose a role and race to show as.",
     "Ex=Exterminator_(Mind_Shield) Ag=Agent", {"Ex": {"Holoform Modulator": 1}}, "Ag Investigate Ex", {"tags": {"Ex": HOLO}},
     dict(results={"Ag.Investigate": "Human"}, spent={("Ex", "Holoform Modulator")})),
    ("paranormal-items-holoform-shows-the-chosen-role",
     "allowing the alien to choose a role and race to show as",
     "Ex=Exterminator_(Mind_Shield) De=Detective", {"Ex": {"Holoform Modulator": 1}}, "De Investigate Ex", {"tags": {"Ex": HOLO}},
     dict(results={"De.Investigate": "No Role"})),
    ("paranormal-items-holoform-not-used-up-when-not-investigated",
     "Once activated it lasts the entire night but is used up after that.",
     "Ex=Exterminator_(Mind_Shield) T=Townie", {"Ex": {"Holoform Modulator": 1}}, "Ex Kill T", {"tags": {"Ex": HOLO}},
     dict(dead=["T"], kept={("Ex", "Holoform Modulator")})),
    ("paranormal-items-holoform-does-not-screen-psychics",
     "In addition, the Advanced Holoform Modulator will screen against Psychic and Tech detection as well.",
     "Op=Exterminator_Operative Tp=Telepath", {"Op": {"Holoform Modulator": 1}}, "Tp Read Op",
     {"tags": {"Op": HOLO}}, dict(results={"Tp.Read": "Kill"}, kept={("Op", "Holoform Modulator")})),
    ("paranormal-items-advanced-holoform-screens-psychics",
     "the Advanced Holoform Modulator will screen against Psychic and Tech detection as well",
     "Op=Exterminator_Operative Tp=Telepath Sc=Exterminator_Operative", {"Op": {"Advanced Holoform Modulator": 1},
                                                                          "Sc": {"Scanner": 1}},
     "Tp Read Op; Sc Scanner Op", {"tags": {"Op": HOLO}},
     dict(results={"Tp.Read": "Survive", "Sc.Scanner": "Human, Townie; tech: none"})),
    ("paranormal-items-advanced-holoform-hologram-for-followers",
     "Anyone following the Alien will watch the Hologram instead of the Alien.",
     "Ex=Exterminator_(Mind_Shield) R=Reporter T=Townie B=Townie", {"Ex": {"Advanced Holoform Modulator": 1}},
     "R Follow Ex; Ex Kill T", {"tags": {"Ex": {**HOLO, "hologram": {"night": 1, "to": "B"}}}},
     dict(results={"R.Follow": ("B",)}, dead=["T"], spent={("Ex", "Advanced Holoform Modulator")})),
    ("paranormal-items-advanced-holoform-not-vs-war-vet",
     "It will not, however, protect the alien from a War Vet or Sentry Guns at the location they actually visit.",
     "Ex=Exterminator_(Mind_Shield) W=War_Vet B=Townie", {"Ex": {"Advanced Holoform Modulator": 1}},
     "Ex Kill W", {"tags": {"Ex": {**HOLO, "hologram": {"night": 1, "to": "B"}}}}, dict(dead=["Ex", "W"])),
    ("paranormal-items-advanced-holoform-hologram-activates-it",
     "Once activated it lasts the entire night but is used up after that.",
     "Ex=Exterminator_(Mind_Shield) T=Townie B=Townie", {"Ex": {"Advanced Holoform Modulator": 1}},
     "Ex Kill T", {"tags": {"Ex": {**HOLO, "hologram": {"night": 1, "to": "B"}}}},
     dict(dead=["T"], spent={("Ex", "Advanced Holoform Modulator")})),
    ("paranormal-items-permanent-holoform-not-used-up",
     "Permanent Holoform Modulator: Works as the Holoform Modulator, but is not used up when inspected.",
     "Ex=Exterminator_(Mind_Shield) Ag=Agent", {"Ex": {"Permanent Holoform Modulator": 1}}, "Ag Investigate Ex",
     {"tags": {"Ex": HOLO}}, dict(results={"Ag.Investigate": "Human"}, kept={("Ex", "Permanent Holoform Modulator")})),
    # ------------------------------------------------------------------ Scanner
    ("paranormal-items-scanner-shows-gadgets",
     "Scanner: showing both Race and Role as well as any gadgets or tech possessed by the player.",
     "Op=Exterminator_Operative S=Survivor", {"Op": {"Scanner": 1}, "S": {"Personal Shield": 1}}, "Op Scanner S", {},
     dict(results={"Op.Scanner": "Alien, Survivor; tech: Personal Shield"}, spent={("Op", "Scanner")})),
    ("paranormal-items-scanner-shows-inventions",
     "as well as any gadgets or tech possessed by the player",
     "Op=Exterminator_Operative Ms=Mad_Scientist_(Cutting_Edge_Scientist)", {"Op": {"Scanner": 1}}, "Op Scanner Ms",
     dict(tags={"Ms": {"picked": "Mind Control Ray"}}),
     dict(results={"Op.Scanner": "Human, Mad Scientist (Cutting Edge Scientist); tech: Mind Control Ray"})),
    ("paranormal-items-scanner-bypasses-the-kook",
     "The scanner bypasses all role effects on investigation (such as the Kook or Dopp Leader).",
     "Op=Exterminator_Operative K=Kook", {"Op": {"Scanner": 1}}, "Op Scanner K", {},
     dict(results={"Op.Scanner": "Human, Kook; tech: none"})),
    ("paranormal-items-scanner-triggers-no-response",
     "nor does it trigger any responses by the target (such as PWV or Reporter watching a location)",
     "Op=Exterminator_Operative T=Townie R=Reporter", {"Op": {"Scanner": 1}}, "Op Scanner T; R Watch T", {},
     dict(dead=[], results={"R.Watch": ()}, no_visits={("Op", "T")})),
    ("paranormal-items-scanner-no-war-vet-response",
     "nor does it trigger any responses by the target (such as PWV ...)",
     "Op=Exterminator_Operative W=War_Vet", {"Op": {"Scanner": 1}}, "Op Scanner W", {},
     dict(dead=[], results={"Op.Scanner": "Human, War Vet; tech: none"})),
    ("paranormal-items-scanner-does-not-use-the-action",
     "The scanner does not use up the Alien's action",
     "Ex=Exterminator_(Mind_Shield) T=Townie A=Agent", {"Ex": {"Scanner": 1}}, "Ex Scanner A; Ex Kill T", {},
     dict(dead=["T"], results={"Ex.Scanner": "Human, Agent; tech: none"})),
    ("paranormal-items-scanner-two-use",
     "Can be taken as a two-use item for a Medium tech slot.",
     "Op=Exterminator_Operative K=Kook", {"Op": {"Scanner": 2}}, "Op Scanner K", {},
     dict(spent={("Op", "Scanner")}, left={("Op", "Scanner"): 1})),
    # ------------------------------------------------------------------ Hold-out Blaster (night)
    ("paranormal-items-hold-out-blaster-night-kill",
     "If he is night-killed, he gets a shot off on his attacker (although he still suffers the effect of the attack).",
     "S=Survivor V=Vigilante", {"S": {"Hold-out Blaster": 1}}, "V Shoot S", {},
     dict(dead=["S", "V"], by={"V": ["S"]}, spent={("S", "Hold-out Blaster")})),
    ("paranormal-items-hold-out-blaster-not-vs-untraceable",
     "Assassin bot: This attack cannot be traced back to the Alien.",
     "S=Survivor Ms=Mad_Scientist_(Military_Scientist)", {"S": {"Hold-out Blaster": 1}}, "Ms Assassin_Bot S", {},
     dict(dead=["S"])),
    ("paranormal-items-hold-out-blaster-guarded-attacker",
     "he gets a shot off on his attacker",
     "S=Survivor V=Vigilante G=Bodyguard_(Guardian)", {"S": {"Hold-out Blaster": 1}}, "V Shoot S; G Guard V", {},
     dict(dead=["S"])),
    # ------------------------------------------------------------------ Stun Orb, Stun Bomb
    ("paranormal-items-stun-orb-role-blocks",
     "Stun Orb: Allows the Alien to stun another player, preventing them from taking any actions that night",
     "Op=Exterminator_Operative D=Doppelganger T=Townie", {"Op": {"Stun Orb": 1}}, "Op Stun_Orb D; D Kill T", {},
     dict(dead=[], failed={"D.Kill": "blocked"}, spent={("Op", "Stun Orb")})),
    ("paranormal-items-stun-orb-no-war-vet",
     "Does not trigger War Vet/Turret response.",
     "Op=Exterminator_Operative W=War_Vet", {"Op": {"Stun Orb": 1}}, "Op Stun_Orb W", {}, dict(dead=[])),
    ("paranormal-items-use-spent-only-when-it-resolves",
     "1 Use",
     "Op=Exterminator_Operative Yo=Exterminator_Operative T=Townie", {"Op": {"Stun Bomb": 1}, "Yo": {"Stun Orb": 1}},
     "Op Stun_Bomb; Yo Stun_Orb T", {},
     dict(failed={"Yo.Stun Orb": "blocked"}, kept={("Yo", "Stun Orb")}, spent={("Op", "Stun Bomb")})),
    ("paranormal-items-stun-bomb-stuns-the-town",
     "Stun Bomb: Allows the Alien to stun the entire town, preventing any player from using an Action for that night",
     "Op=Exterminator_Operative D=Doppelganger Ag=Agent T=Townie", {"Op": {"Stun Bomb": 1}},
     "Op Stun_Bomb; D Kill T; Ag Investigate D", {},
     dict(dead=[], failed={"D.Kill": "blocked", "Ag.Investigate": "blocked"})),
    ("paranormal-items-stun-bomb-vs-anti-tech-holder",
     "Anti-Tech Field: This character is completely immune to all Tech effects and abilities",
     "Op=Exterminator_Operative Ex=Exterminator_(Anti-Tech_Field) T=Townie", {"Op": {"Stun Bomb": 1}},
     "Op Stun_Bomb; Ex Kill T", {}, dict(dead=["T"], ok=["Ex.Kill"])),
    ("paranormal-items-two-stun-bombs-stun-each-other",
     "Stun Bomb: The Alien who uses it is unaffected.",
     "Op=Exterminator_Operative Ex=Exterminator_(Anti-Tech_Field) T=Townie",
     {"Op": {"Stun Bomb": 1, "Scanner": 1}, "Ex": {"Stun Bomb": 1}}, "Op Stun_Bomb; Ex Stun_Bomb; Op Scanner T; Ex Kill T", {},
     dict(ok=["Ex.Stun Bomb", "Ex.Kill"], failed={"Op.Scanner": "blocked by Stun Bomb (Ex)"}, dead=["T"])),
    ("paranormal-items-emp-pulse-bomb-vs-anti-tech-holder",
     "Anti-Tech Field: This character is completely immune to all Tech effects and abilities",
     "Ms=Mad_Scientist_(Military_Scientist) Ex=Exterminator_(Anti-Tech_Field) D=Doppelganger A=Townie B=Townie",
     {"Ex": {"Mind Control Ray": 1}}, "Ms EMP_Pulse_Bomb; Ex Mind_Control_Ray D B; D Kill A", {},
     dict(dead=["B"], ok=["Ex.Mind Control Ray"])),
    # ------------------------------------------------------------------ Assassin bot, Mind Control Ray
    ("paranormal-items-assassin-bot-morning-kill",
     "Assassin bot: Once per game the Alien can use the assassin bot to Morning-kill another player.",
     "Op=Exterminator_Operative T=Townie G=Bodyguard_(Guardian)", {"Op": {"Assassin bot": 1}}, "Op Assassin_bot T; G Guard T",
     {}, dict(dead=["T"], deaths={"T": ("Assassin Bot", "T's home", "warm")}, spent={("Op", "Assassin bot")})),
    ("paranormal-items-assassin-bot-while-abducted",
     "In addition, it is triggered remotely and can be used even while abducted.",
     "Op=Exterminator_Operative T=Townie X=Harvester_(Mind_Stealer)", {"Op": {"Assassin bot": 1}},
     "X Abduct Op; Op Assassin_bot T", {}, dict(dead=["T"], ok=["Op.Assassin Bot"])),
    ("paranormal-items-assassin-bot-while-kept",
     "can be used even while abducted",
     "Op=Exterminator_Operative T=Townie X=Xenozoologist", {"Op": {"Assassin bot": 1}}, "Op Assassin_bot T",
     {"tags": {"Op": KEPT}}, dict(dead=["T"])),
    ("paranormal-items-mind-control-ray",
     "Mind Control Ray: Once per game the Alien can use the Mind Control Ray to choose another player's target for the night",
     "Op=Exterminator_Operative D=Doppelganger A=Townie B=Townie", {"Op": {"Mind Control Ray": 1}},
     "Op Mind_Control_Ray D B; D Kill A", {}, dict(dead=["B"], spent={("Op", "Mind Control Ray")})),
    ("paranormal-items-mind-control-ray-no-action",
     "If the player does not have a night action ... then no action occurs.",
     "Op=Exterminator_Operative T=Townie B=Townie", {"Op": {"Mind Control Ray": 1}}, "Op Mind_Control_Ray T B", {},
     dict(dead=[])),
    # ------------------------------------------------------------------ Combat Camouflage
    ("paranormal-items-combat-camouflage-kill",
     "Combat Camouflage: allows the Exterminator to mask his kills as if they came from any source (Vig, Dopp, or Abduction).",
     "Ex=Exterminator_(Mind_Shield) T=Townie", {"Ex": {"Combat Camouflage": 1}}, "Ex Kill T",
     {"tags": {"Ex": {"camouflage": "Vigilante"}}}, dict(deaths={"T": ("Vigilante", "T's home", "bullet")})),
    ("paranormal-items-combat-camouflage-assassin-bot",
     "Also works on kills made by Assassin Bots.",
     "Ex=Exterminator_(Mind_Shield) T=Townie", {"Ex": {"Combat Camouflage": 1, "Assassin bot": 1}}, "Ex Assassin_bot T",
     {"tags": {"Ex": {"camouflage": "Doppelgangers"}}}, dict(deaths={"T": ("Doppelgangers", "T's home", "pool of blood")})),
    # ------------------------------------------------------------------ EMP and Psychic Pulse Emitters
    ("paranormal-items-emp-emitter-blocks-tech-actions",
     "EMP Pulse Emitter: If the player's action relied on the Tech item, they are roleblocked.",
     "Op=Exterminator_Operative Yo=Exterminator_Operative T=Townie", {"Op": {"EMP Pulse Emitter": 1}, "Yo": {"Stun Orb": 1}},
     "Op EMP_Pulse Yo; Yo Stun_Orb T", {},
     dict(failed={"Yo.Stun Orb": "blocked"}, tags={("Yo", "shorted")}, kept={("Yo", "Stun Orb")})),
    ("paranormal-items-emp-on-exterminator-with-ats",
     "Any Tech devices used by that player that night are shorted out and must be fixed the following night.",
     "Op=Exterminator_Operative Ex=Exterminator_(Mind_Shield) T=Townie G=Bodyguard_(Guardian)",
     {"Op": {"EMP Pulse Emitter": 1}, "Ex": {"Advanced Targeting System": 1}}, "Op EMP_Pulse Ex; Ex Kill T; G Guard T", {},
     dict(dead=[], ok=["Ex.Kill"], saved={"T": ["Bodyguard (Guardian)"]}, tags={("Ex", "shorted")})),
    ("paranormal-items-emp-emitter-shorts-only-tech-used",
     "Any Tech devices used by that player that night are shorted out",
     "Op=Exterminator_Operative Yo=Exterminator_Operative T=Townie", {"Op": {"EMP Pulse Emitter": 1}, "Yo": {"Stun Orb": 1}},
     "Op EMP_Pulse Yo", {}, dict(no_tags={("Yo", "shorted")})),
    ("paranormal-items-emp-fixed-the-following-night",
     "Tech devices can be fixed the following night, but this uses up any Night Actions of that player.",
     "Ex=Exterminator_(Mind_Shield) T=Townie", {"Ex": {"Advanced Targeting System": 1}}, "Ex Kill T",
     {"tags": {"Ex": {"shorted": {"night": 1, "devices": ["Advanced Targeting System"]}}}},
     dict(dead=[], failed={"Ex.Kill": "fixing"}, untags={("Ex", "shorted")})),
    ("paranormal-items-emp-emitter-vs-anti-tech",
     "Anti-Tech Field: This character is completely immune to all Tech effects and abilities",
     "Op=Exterminator_Operative Ex=Exterminator_(Anti-Tech_Field) T=Townie",
     {"Op": {"EMP Pulse Emitter": 1}, "Ex": {"Advanced Targeting System": 1}}, "Op EMP_Pulse Ex; Ex Kill T", {},
     dict(dead=["T"], failed={"Op.EMP Pulse": "Anti-Tech Field"}, no_tags={("Ex", "shorted")})),
    ("paranormal-items-emp-emitter-stops-an-unblockable-tech-hivemind",
     "Any actions relying on a tech device are blocked.",
     "Op=Exterminator_Operative H=Hivemind_(Tech) T=Townie", {"Op": {"EMP Pulse Emitter": 1}},
     "Op EMP_Pulse H; H Dominate T", {}, dict(failed={"H.Dominate": "blocked"})),
    ("paranormal-items-psychic-pulse-emitter",
     "Psychic Pulse Emitter: Prevents the player from using any Psychic Abilities (except for a Mind Shield) for that night",
     "Op=Exterminator_Operative Tp=Telepath D=Doppelganger", {"Op": {"Psychic Pulse Emitter": 1}}, "Op Psychic_Pulse Tp; Tp Read D",
     {}, dict(failed={"Tp.Read": "blocked"}, notices=[("Tp", "psychic abilities fail")])),
    ("paranormal-items-psychic-pulser-spares-mind-shields",
     "All Psychic players (excluding Mind Shields) are blocked for that night",
     "Ms=Mad_Scientist_(Cutting_Edge_Scientist) Tp=Telepath D=Doppelganger", {"Tp": {"Mind Shield": 1}},
     "Ms Psychic_Pulser; Tp Read D", {}, dict(ok=["Tp.Read"], results={"Tp.Read": "Kill"})),
    ("paranormal-mad-scientist-emp-pulse-bomb-shorts-all-tech",
     "EMP Pulse Bomb: All Tech devices are shorted out that night. Any actions relying on a tech device are blocked.",
     "Ms=Mad_Scientist_(Military_Scientist) Op=Exterminator_Operative T=Townie", {"Op": {"Stun Orb": 1}},
     "Ms EMP_Pulse_Bomb; Op Stun_Orb T", {},
     dict(failed={"Op.Stun Orb": "blocked"}, tags={("Op", "shorted")}, no_tags={("T", "shorted"), ("Ms", "shorted")},
          kept={("Op", "Stun Orb")})),
    ("paranormal-mad-scientist-psychic-pulser-medium",
     "Mediums can read dead chat but cannot post in it until the following night.",
     "Ms=Mad_Scientist_(Cutting_Edge_Scientist) M=Medium Tp=Telepath", {}, "Ms Psychic_Pulser", {},
     dict(notices=[("M", "cannot post in it"), ("Tp", "until the following night")])),
    # ------------------------------------------------------------------ Plasma Bomb
    ("paranormal-items-plasma-bomb-chain",
     "Plasma Bomb: which will kill the target, and anyone interacting with the target, and anyone interacting with them, and so on.",
     "Op=Exterminator_Operative T=Townie Sn=Sneak R=Reporter Tp=Telepath", {"Op": {"Plasma Bomb": 1}},
     "Op Plasma_Bomb T; Sn Sneak T; R Follow T; Tp Read T", {},
     dict(dead=["R", "Sn", "T"], deaths={"T": ("Plasma Bomb", "T's home", "crater"), "R": ("Plasma Bomb", "T's home", "crater")},
          spent={("Op", "Plasma Bomb")})),
    ("paranormal-items-plasma-bomb-chain-through-visitors-of-visitors",
     "and anyone interacting with them, and so on",
     "Op=Exterminator_Operative T=Townie A=Agent De=Detective", {"Op": {"Plasma Bomb": 1}},
     "Op Plasma_Bomb T; A Investigate T; De Investigate A", {}, dict(dead=["A", "De", "T"])),
    ("paranormal-items-plasma-bomb-psychics-are-fine",
     "Only effects people physically at that location (so Psychics are fine).",
     "Op=Exterminator_Operative T=Townie Tp=Telepath Pw=Psychic_Warden", {"Op": {"Plasma Bomb": 1}},
     "Op Plasma_Bomb T; Tp Read T; Pw Bind T", {}, dict(dead=["T"])),
    ("paranormal-items-plasma-bomb-bomber-unaffected",
     "the Alien is smart enough to stay out of the Blast Radius, and is therefore unaffected",
     "Op=Exterminator_Operative T=Townie", {"Op": {"Plasma Bomb": 1}}, "Op Plasma_Bomb T", {}, dict(dead=["T"])),
    ("paranormal-items-plasma-bomb-while-abducted",
     "Can also be used while abducted.",
     "Op=Exterminator_Operative T=Townie X=Xenozoologist", {"Op": {"Plasma Bomb": 1}}, "Op Plasma_Bomb T",
     {"tags": {"Op": KEPT}}, dict(dead=["T"], spent={("Op", "Plasma Bomb")})),
    ("paranormal-items-plasma-bomb-abductor-caught",
     "anyone interacting with the target",
     "Op=Exterminator_Operative T=Townie X=Harvester_(Mind_Stealer)", {"Op": {"Plasma Bomb": 1}}, "X Abduct Op; Op Plasma_Bomb T",
     {}, dict(dead=["T"], ok=["Op.Plasma Bomb"])),
    ("paranormal-items-plasma-bomb-chain-spares-anti-tech",
     "Anti-Tech Field: completely immune to all Tech effects",
     "Op=Exterminator_Operative T=Townie A=Agent", {"Op": {"Plasma Bomb": 1}, "A": {"Anti-Tech Field": 1}},
     "Op Plasma_Bomb T; A Investigate T", {}, dict(dead=["T"])),
    # ------------------------------------------------------------------ Advanced Targeting System
    ("paranormal-items-advanced-targeting-system",
     "Advanced Targeting System: A Night Kill from an alien with this system cannot be prevented.",
     "Ex=Exterminator_(Mind_Shield) T=Townie G=Bodyguard_(Guardian)", {"Ex": {"Advanced Targeting System": 1}},
     "Ex Kill T; G Guard T", {}, dict(dead=["T"], kept={("Ex", "Advanced Targeting System")})),
    ("paranormal-items-advanced-targeting-system-kills-a-tough-dopp",
     "Tough Doppelganger: Certain tech kills, like the Plasma Bomb, are still effective.",
     "Ex=Exterminator_(Mind_Shield) Td=Tough_Doppelganger", {"Ex": {"Advanced Targeting System": 1}}, "Ex Kill Td", {},
     dict(dead=["Td"])),
    ("paranormal-items-advanced-targeting-system-vs-anti-tech",
     "Anti-Tech Field: completely immune to all Tech effects",
     "Ex=Exterminator_(Mind_Shield) T=Townie G=Bodyguard_(Guardian)",
     {"Ex": {"Advanced Targeting System": 1}, "T": {"Anti-Tech Field": 1}}, "Ex Kill T; G Guard T", {}, dict(dead=[])),
    ("paranormal-items-without-ats-the-kill-is-stopped",
     "(the Exterminator's Kill without the system)",
     "Ex=Exterminator_(Mind_Shield) T=Townie G=Bodyguard_(Guardian)", {}, "Ex Kill T; G Guard T", {}, dict(dead=[])),
]


def _spent(o) -> dict[tuple[str, str], int]:
    return {(c.player, c.key): c.value for c in o.changes if c.kind == "item-loss"}


@pytest.mark.parametrize("players, bags, lines, kw, expect", [c[2:] for c in CASES], ids=[c[0] for c in CASES])
def test_tech(players, bags, lines, kw, expect):
    st = state(RS, players, items=bags, **kw)
    o, n = night(st, lines)
    spent_ = _spent(o)
    for key in expect.pop("spent", set()):
        assert key in spent_, (key, spent_, o.log)
    for key in expect.pop("kept", set()):
        assert key not in spent_, (key, spent_, o.log)
    for (player, item), left in expect.pop("left", {}).items():
        assert st.players[player].items[item] - spent_.get((player, item), 0) == left
    check(o, n, {k: v for k, v in expect.items()})
    assert all(line.endswith(".") for line in o.log), o.log


def test_every_item_of_the_seed_is_in_the_catalogue_and_tested():
    seed = ["Personal Shield", "Mind Shield", "Anti-Tech Field", "Holoform Modulator", "Scanner", "Hold-out Blaster",
            "Stun Orb", "Advanced Holoform Modulator", "Permanent Holoform Modulator", "Assassin bot", "Mind Control Ray",
            "Stun Bomb", "Combat Camouflage", "EMP Pulse Emitter", "Psychic Pulse Emitter", "Intel", "Plasma Bomb",
            "Replicator", "Advanced Targeting System", "Advanced Assassin bot"]
    assert sorted(RS.items) == sorted(seed)
    slots = {"Small": 7, "Medium": 8, "Large": 5}
    assert {s: sum(1 for i in RS.items.values() if i.slot == s) for s in slots} == slots
    assert {i.name for i in RS.items.values() if i.two_use} == {"Scanner", "Stun Orb"}
    for item in RS.items.values():
        for ab in item.abilities:
            assert ab.power == "tech", item.name


def test_alien_roles_carry_their_tech_slots():
    """Seed 'Tech:' lines of every alien role."""
    want = {"Xenozoologist": {"Medium": 1}, "Survivor": {"Small": 1},
            "Exterminator (Mind Shield)": {"Medium": 1, "Large": 1}, "Exterminator (Anti-Tech Field)": {"Medium": 1, "Large": 1},
            "Exterminator Operative": {"Medium": 1, "Small": 2}, "Agent Operative": {"Medium": 1, "Small": 2},
            "Hivemind (Psychic)": {"Medium": 1}, "Hivemind (Tech)": {"Medium": 1}, "Harvester (Mind Stealer)": {"Small": 2},
            "Harvester (Organ Harvester)": {}, "Spore Spreader (Infester)": {}, "Spore Spreader (Bloom)": {}}
    for role, slots in want.items():
        assert dict(RS.roles[role].tech) == slots, role
    assert not any(r.tech for r in RS.roles.values() if r.race != "Alien")


# ------------------------------------------------------------------ through the CLI


def _new(tmp_path, *assign: str) -> Host:
    folder = tmp_path / "g"
    host = Host(folder)
    args = ["new", str(folder), "--ruleset", "paranormal", "--seed", "5"]
    for a in assign:
        args += ["--assign", a]
    host.ok(*args)
    return host


CAST = ("Zed=Exterminator (Mind Shield)", "Yan=Exterminator Operative", "Sal=Survivor", "Ann=Agent", "Bob=Doppelganger",
        "Cy=Townie", "Dee=Townie", "Hiv=Hivemind (Psychic)")


def test_paranormal_items_picking_by_slot(tmp_path):
    """'All aliens get to pick ... based on the number of Tech slots listed under their role. An
    alien can only have 1 of any given item unless otherwise noted.'"""
    host = _new(tmp_path, *CAST)
    due = host.ok("due")
    assert "Zed (Exterminator (Mind Shield)) has 1 Medium, 1 Large tech slot(s) to fill" in due
    assert "Sal (Survivor) has 1 Small" in due
    assert "needs a Large tech slot" in host.refused("tech", "pick", "Sal", "Plasma Bomb")
    assert "only for" in host.refused("tech", "pick", "Yan", "Advanced Targeting System")
    assert "cannot take Mind Shield" in host.refused("tech", "pick", "Hiv", "Mind Shield")
    assert "has no tech slots" in host.refused("tech", "pick", "Ann", "Scanner")
    assert "named twice" in host.refused("tech", "pick", "Yan", "Scanner", "Scanner")
    assert "cannot be taken as a two-use" in host.refused("tech", "pick", "Yan", "Plasma Bomb x2")
    assert "unknown item" in host.refused("tech", "pick", "Yan", "Laser")
    # Two-use Scanner fills the Medium slot; then two Small items; a fourth does not fit.
    host.ok("tech", "pick", "Yan", "Scanner x2")
    assert "1 of any given item" in host.refused("tech", "pick", "Yan", "Scanner")
    host.ok("tech", "pick", "Yan", "Stun Orb", "Personal Shield")
    assert "none is free" in host.refused("tech", "pick", "Yan", "Hold-out Blaster")
    host.ok("tech", "pick", "Zed", "Advanced Targeting System", "Combat Camouflage")
    host.ok("tech", "pick", "Sal", "Hold-out Blaster")
    st = json.loads(host.ok("status", "--json"))
    items = {p["name"]: p.get("items") for p in st["players"]}
    assert items["Yan"] == {"Scanner": 2, "Stun Orb": 1, "Personal Shield": 1}
    due = host.ok("due")
    assert "tech slot" not in due.replace("Hiv (Hivemind (Psychic)) has 1 Medium tech slot(s)", "")
    assert "Zed's Combat Camouflage has no source chosen" in due
    listing = host.ok("tech", "list")
    assert "Large: Intel, Plasma Bomb, Replicator" in listing and "Yan (Exterminator Operative): Personal Shield" in listing
    pm = host.ok("pm", "Yan", "--format", "plain")
    assert "Scanner (x2)" in pm
    # 'none' leaves the slots empty (a Mind Stealer's Robot instead of tech): due stops asking.
    assert "Hiv (Hivemind (Psychic)) has 1 Medium" in host.ok("due")
    host.ok("tech", "pick", "Hiv", "none")
    assert "Hiv (Hivemind (Psychic))" not in host.ok("due")
    # After the first night tech is not picked any more.
    host.ok("act", "Bob", "Kill", "Cy")
    host.ok("resolve", "--force")
    assert "at the start of the game" in host.refused("tech", "pick", "Hiv", "Stun Bomb")


def test_paranormal_items_passed_and_used_by_two_players_the_same_night(tmp_path):
    """'Tech can be used the night it is passed, but can only be used by one person per night.'"""
    host = _new(tmp_path, *CAST)
    host.ok("tech", "pick", "Yan", "Scanner x2", "Stun Orb", "Personal Shield")
    # Yan scans tonight: passing the Scanner tonight is refused (one user a night).
    host.ok("act", "Yan", "Scanner", "Bob")
    assert "one person per night" in host.refused("tech", "pass", "Yan", "Ann", "Scanner")
    # The Stun Orb is passed before use: Ann (an Agent, not an alien) uses it tonight; Yan cannot.
    host.ok("tech", "pass", "Yan", "Ann", "Stun", "Orb")
    assert "does not hold Stun Orb" in host.refused("act", "Yan", "Stun Orb", "Bob")
    host.ok("act", "Ann", "Stun Orb", "Bob")
    assert "one person per night" in host.refused("tech", "pass", "Ann", "Yan", "Stun Orb")
    host.ok("act", "Bob", "Kill", "Cy")
    out = json.loads(host.ok("resolve", "--force", "--json"))
    assert out["deaths"] == []
    res = {r["player"]: r["result"] for r in out["results"]}
    assert res["Yan"] == "Doppelganger, Doppelganger; tech: none"
    st = {p["name"]: p.get("items") for p in json.loads(host.ok("status", "--json"))["players"]}
    assert st["Ann"] == {} and st["Yan"] == {"Scanner": 1, "Personal Shield": 1}
    # By day only the Exterminators exchange tech freely.
    assert "via PM at Night" in host.refused("tech", "pass", "Yan", "Cy", "Scanner")
    assert "passes" in host.ok("tech", "pass", "Yan", "Zed", "Scanner")


def test_paranormal_items_stun_orb_uses_up_the_action(tmp_path):
    """Stun Orb: '1 Use, does use up the alien's action.' Plasma Bomb: 'chosen in lieu of a nightkill'."""
    host = _new(tmp_path, *CAST)
    host.ok("tech", "pick", "Zed", "Plasma Bomb", "Stun Bomb")
    host.ok("act", "Zed", "Kill", "Cy")
    assert "uses up their action" in host.refused("act", "Zed", "Plasma Bomb", "Dee")
    host.ok("act", "--remove", "Zed", "Kill")
    host.ok("act", "Zed", "Plasma Bomb", "Dee")
    assert "uses up their action" in host.refused("act", "Zed", "Kill", "Cy")
    host.ok("act", "Zed", "Stun Bomb")  # 'Does not use up the Alien's action for that night.'


def test_paranormal_items_hold_out_blaster_on_a_lynch_that_ends_the_game(tmp_path):
    """'If the Alien is lynched, he pulls out the blaster and gets to shoot a single target before dying.'"""
    host = _new(tmp_path, "Sal=Survivor", "Bob=Doppelganger", "Cy=Townie", "Dee=Townie")
    host.ok("tech", "pick", "Sal", "Hold-out Blaster")
    host.ok("act", "Bob", "Kill", "Cy")
    host.ok("resolve", "--force")
    # Day 1: Sal, Bob, Dee alive; lynching Sal leaves Bob and Dee: the Dopps' parity win waits for the shot.
    host.ok("eliminate", "Sal", "--force")
    assert "shot" in host.ok("due")
    assert "VictoryCheck comes last" in host.refused("act", "Bob", "Kill", "Dee")
    st = json.loads(host.ok("status", "--json"))
    assert st["winner"] is None
    host.ok("shoot", "Sal", "Bob")
    st = json.loads(host.ok("status", "--json"))
    assert st["winner"] == "Town"
    assert {p["name"]: p.get("items") for p in st["players"]}["Sal"] == {}


def test_paranormal_items_replicator_and_intel(tmp_path):
    """Replicator: 'Can create a single Medium Tech item or two Small tech items.' Intel: 'a list
    of all Roles in the game, but not who has them.'"""
    host = _new(tmp_path, *CAST)
    host.ok("tech", "pick", "Zed", "Replicator", "Stun Bomb")
    assert "Replicator is unused" in host.ok("due")
    assert "single Medium" in host.refused("tech", "replicate", "Zed", "Mind Control Ray", "Scanner")
    assert "single Medium" in host.refused("tech", "replicate", "Zed", "Plasma Bomb")
    host.ok("tech", "replicate", "Zed", "Scanner", "Personal Shield")
    assert "holds no Replicator" in host.refused("tech", "replicate", "Zed", "Stun Orb")
    st = {p["name"]: p.get("items") for p in json.loads(host.ok("status", "--json"))["players"]}
    assert st["Zed"] == {"Scanner": 1, "Personal Shield": 1, "Stun Bomb": 1}
    host2 = _new(tmp_path / "b", *CAST)
    host2.ok("tech", "pick", "Zed", "Intel", "Stun Bomb")
    pm = host2.ok("pm", "Zed")
    assert "The roles in this game: Agent, Doppelganger, Exterminator (Mind Shield), Exterminator Operative" in pm


def test_paranormal_items_holoform_and_camouflage_are_asked_then_work(tmp_path):
    """Holoform: 'allowing the alien to choose a role and race to show as'; Combat Camouflage:
    'mask his kills as if they came from any source'."""
    host = _new(tmp_path, *CAST)
    host.ok("tech", "pick", "Zed", "Advanced Holoform Modulator", "Intel")
    assert "Holoform Modulator has no role and race" in host.ok("due")
    assert "unknown race" in host.refused("tech", "holoform", "Zed", "Townie", "Martian")
    host.ok("tech", "holoform", "Zed", "Townie", "Human")
    host.ok("tech", "hologram", "Zed", "Dee")
    host.ok("act", "Ann", "Investigate", "Zed")
    host.ok("act", "Zed", "Kill", "Cy")
    host.ok("act", "Bob", "Kill", "skip")
    out = json.loads(host.ok("resolve", "--force", "--json"))
    assert {r["player"]: r["result"] for r in out["results"]}["Ann"] == "Human"
    st = {p["name"]: p.get("items") for p in json.loads(host.ok("status", "--json"))["players"]}
    assert st["Zed"] == {"Intel": 1}
    assert "holds no Combat Camouflage" in host.refused("tech", "camouflage", "Zed", "Vigilante")


def test_paranormal_items_advanced_assassin_bot_kills_before_the_day_ends(tmp_path):
    """Advanced Assassin bot: 'Activation of this device must be done via PM to the mod. Once
    activated it will kill the player before the day ends.' (Day actions resolve at the day's
    end, before the elimination.)"""
    host = _new(tmp_path, "Zed=Exterminator (Mind Shield)", "Bob=Doppelganger", "Cy=Townie", "Dee=Townie", "Eve=Townie")
    host.ok("tech", "pick", "Zed", "Advanced Assassin bot", "Stun Bomb")
    assert "usable only" in host.refused("act", "Zed", "Advanced Assassin bot", "Cy")  # a day kill, not at night
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    host.ok("act", "Zed", "Advanced Assassin bot", "Cy")
    out = host.ok("eliminate", "--none", "--force")
    assert "Cy, killed by Assassin Bot" in out and "Zed" not in out.split("Log:")[0]
    st = {p["name"]: p for p in json.loads(host.ok("status", "--json"))["players"]}
    assert not st["Cy"]["alive"] and st["Zed"]["items"] == {"Stun Bomb": 1}


def test_paranormal_items_stun_bomb_stuns_the_following_day(tmp_path):
    """Stun Bomb: 'preventing any player from using an Action for that night or using any active
    abilities the following day. The Alien who uses it is unaffected.'"""
    host = _new(tmp_path, "Zed=Exterminator (Mind Shield)", "Yan=Exterminator Operative", "Bob=Doppelganger",
                "Cy=Townie", "Dee=Townie")
    host.ok("tech", "pick", "Zed", "Stun Bomb", "Advanced Assassin bot")
    host.ok("act", "Zed", "Stun Bomb")
    host.ok("act", "Bob", "Kill", "Cy")
    out = json.loads(host.ok("resolve", "--force", "--json"))
    assert out["deaths"] == []
    # Day 1: everyone else is stunned today. The Exterminators exchange tech freely, by day too.
    host.ok("tech", "pass", "Zed", "Yan", "Advanced Assassin bot")
    assert "stunned" in host.refused("act", "Yan", "Advanced Assassin bot", "Dee").lower()
    host.ok("tech", "pass", "Yan", "Zed", "Advanced Assassin bot")
    host.ok("act", "Zed", "Advanced Assassin bot", "Dee")  # the Alien who uses it is unaffected


def test_paranormal_items_mind_shield_attribute_upgraded_by_passed_tech(tmp_path):
    """Mind Shield: 'Should the user already possess a Natural Mind Shield, it will be upgraded to
    an Advanced Mind Shield ... Telepaths will always receive a 'Survive' result' (a natural
    shield from the Mind Shield attribute, the tech one passed by an alien the same night)."""
    folder = tmp_path / "g"
    host = Host(folder)
    host.ok("new", str(folder), "--ruleset", "paranormal", "--seed", "5", "--assign", "Yan=Exterminator Operative",
            "--assign", "Ann=Agent", "--assign", "Bob=Doppelganger", "--assign", "Cy=Telepath", "--assign", "Dee=Townie",
            "--attribute", "Ann=Mind Shield", "--option", "max-day=5")
    host.ok("tech", "pick", "Yan", "Mind Shield", "Scanner", "Stun Bomb")
    host.ok("tech", "pass", "Yan", "Ann", "Mind Shield")
    host.ok("act", "Cy", "Read", "Ann")
    host.ok("act", "Ann", "Investigate", "Bob")
    host.ok("act", "Bob", "Kill", "Dee")
    out = json.loads(host.ok("resolve", "--force", "--json"))
    assert {r["player"]: r["result"] for r in out["results"]} == {"Cy": "Survive", "Ann": "Doppelganger"}
    assert out["failed"] == []
