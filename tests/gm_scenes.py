"""Two fresh GM's scenes (fresh user 23) that several tests fight with turns of their own:
each is the scenario without its ``turns:``, to be followed by them."""

#: Weird West: two regulators against the Kincaid brothers, one of them walking dead.
DRY_GULCH = """title: Showdown at Dry Gulch Chapel
ruleset: weird-west
seed: 2323
description: >-
  Dusk at the burned-out chapel in Dry Gulch. Two regulators have come for the Kincaid
  brothers, and one of the brothers does not breathe any more.
light: dim
map:
  chapel_wall: {name: the chapel wall, at: [10, 3], cover: {material: stone, covers: [legs, lower_guts, gizzards, upper_guts]}}
  wagon: {name: the burned wagon, at: [18, -4], cover: {material: wood, covers: [legs, lower_guts, gizzards]}}
  well: {name: the old well, at: [25, 2], cover: {material: stone, covers: [legs, lower_guts]}}
sides:
  regulators:
    - name: Hattie Rourke
      short: Hattie
      pronoun: she
      traits: {deftness: 4d10, nimbleness: 3d8, quickness: 3d10, strength: 2d6, vigor: 3d8, spirit: 2d10}
      aptitudes: {shootin: {pistol: 4, shotgun: 2}, dodge: 2, quick_draw: 3}
      chips: {white: 2, red: 1}
      weapons: [{type: colt_peacemaker}, {type: double_barrel_shotgun}]
      at: [0, 0]
      tactics: gunslinger
    - name: Silas Webb
      short: Silas
      traits: {deftness: 3d8, nimbleness: 2d8, quickness: 2d8, strength: 3d8, vigor: 3d6, spirit: 2d6}
      aptitudes: {shootin: {rifle: 3}}
      chips: {white: 1}
      weapons: [{type: winchester_73}]
      at: [0, 5]
      tactics: cautious
  kincaids:
    - name: Abel Kincaid
      short: Abel
      traits: {deftness: 3d8, nimbleness: 2d10, quickness: 3d8, strength: 3d8, vigor: 2d10, spirit: 2d6}
      aptitudes: {shootin: {pistol: 3}}
      weapons: [{type: colt_army}]
      at: [24, 0]
      tactics: aggressive
    - name: Cain Kincaid
      short: Cain
      undead: true
      traits: {deftness: 2d8, nimbleness: 2d6, quickness: 2d6, strength: 4d10, vigor: 4d10, spirit: 1d4}
      aptitudes: {shootin: {rifle: 2}}
      weapons: [{type: winchester_73}]
      at: [26, 4]
      tactics: undead
"""

#: Gaslight: two police officers against three forgers in a Limehouse warehouse.
LIMEHOUSE = """title: The Limehouse Warehouse
ruleset: gaslight
seed: 2324
description: >-
  Fog off the river, and a warehouse door ajar. Inspector Thorne and Sergeant Bell
  have traced the Whitechapel forgers to their press.
conditions: {light: poor, weather: light_fog}
map:
  crates: {name: the stacked crates, at: [8, 2], cover: 50}
  door: {name: the warehouse door, at: [16, 0], cover: 75}
  lamp_post: {name: the lamp post, at: [4, -3], cover: 25}
sides:
  police:
    - name: Inspector Jonas Thorne
      short: Thorne
      str: 12
      dex: 15
      con: 13
      bab: 3
      hp: 12
      skills: {quick_draw: 2}
      weapons: [{type: webley_revolver, carried: holster}]
      at: [0, 0]
      tactics: lawman
    - name: Sergeant Alice Bell
      short: Bell
      pronoun: she
      dex: 13
      con: 14
      bab: 2
      hp: 10
      weapons: [{type: bulldog_revolver}]
      at: [0, 3]
      tactics: cautious
  forgers:
    - name: Nathaniel "Nat" Crewe
      short: Nat
      dex: 14
      con: 12
      bab: 2
      hp: 9
      weapons: [{type: shotgun}]
      at: door
      tactics: aggressive
    - name: Mrs Agnes Crewe
      short: Agnes
      pronoun: she
      dex: 12
      con: 10
      bab: 1
      hp: 6
      weapons: [{type: derringer}]
      at: [18, 3]
      tactics: coward
"""
