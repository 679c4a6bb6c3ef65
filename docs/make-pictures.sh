#!/usr/bin/env bash
# Rebuild the README's pictures with hostkit itself: a 25-player Natural game, played to night 2
# through the command line, then `hostkit chart night 2`; and `hostkit chart votes --day 1` of the
# demo game (`hostkit demo`), whose votes come from its bundled thread page.
# Run from the repository root: bash docs/make-pictures.sh
set -euo pipefail
out="$(cd "$(dirname "$0")" && pwd)"
game="$(mktemp -d)/big-night"
hk() { hostkit --game "$game" "$@"; }

hostkit new "$game" --ruleset natural --seed 7 --title "Night Market" \
  --assign Ann=Cop --assign Bob=Goon --assign Cat=Doctor --assign Dan=Roleblocker \
  --assign Eve=Vigilante --assign Fox=Redirector --assign Gil=Tracker --assign Hal=Watcher \
  --assign Ivy=Jailkeeper --assign Jay=Commuter --assign Kim=Bus\ Driver --assign Lou=Veteran \
  --assign Max=Godfather --assign Ned=Villager --assign Oli=Villager --assign Pam=Follower \
  --assign Quin=Villager --assign Rex=Poisoner --assign Sue=Bodyguard --assign Tom=Villager \
  --assign Uma=Arsonist --assign Vic=Villager --assign Wes=Villager --assign Xia=Villager \
  --assign Yan=Villager >/dev/null

# Night 1: a kill and a few looks; Day 1: votes by hand, then an elimination
hk act Bob Kill Ned >/dev/null
hk act Ann Investigate Max >/dev/null
hk act Uma Douse Oli >/dev/null
hk resolve --force >/dev/null
for v in Ann Cat Dan Gil Hal Ivy; do hk vote "$v" Rex >/dev/null; done
for v in Bob Max Fox Uma; do hk vote "$v" Ann >/dev/null; done
hk vote Ann Max >/dev/null
for v in Jay Kim Lou Oli Pam Quin Sue; do hk vote "$v" Max >/dev/null; done
hk vote Cat Max >/dev/null
hk vote Tom Max >/dev/null
hk eliminate Max >/dev/null

# Night 2: blocks, a redirect, a bus drive, a jail, a commute, a save, an alert
hk act --file - >/dev/null <<'ACTS'
Bob Kill Cat
Cat Protect Eve
Dan Block Eve
Eve Shoot Rex
Fox Redirect Ann Sue
Ann Investigate Fox
Gil Track Bob
Hal Watch Cat
Ivy Jail Uma
Uma Ignite
Jay Commute
Kim Drive Pam Quin
Pam Follow Fox
Lou Alert
Rex Poison Lou
Sue Guard Jay
ACTS
hk resolve --force >/dev/null
hk chart night 2 --out "$out/night-map.png"
# the demo's day 1, counted from its bundled thread page
demo="$(dirname "$game")/demo"
hostkit demo "$demo" >/dev/null
hostkit --game "$demo" chart votes --day 1 --out "$out/day-votes.png"
