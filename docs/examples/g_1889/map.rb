# An excerpt in the shape of 18xx.games' lib/engine/game/g_1889/map.rb: how many of each
# shared tile the game has, and a tile of its own (see README.md, "The command-line tool").
TILES = {
  '7' => 4,
  '8' => 8,
  '9' => 7,
  '57' => 4,
  '14' => 3,
  '15' => 2,
  '437' => { 'count' => 1, 'color' => 'yellow', 'code' => 'town=revenue:30;path=a:0,b:_0;path=a:_0,b:2;label=P' },
}.freeze
