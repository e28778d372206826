import { describe, expect, it } from 'vitest';
import { readHexes } from './rb-game.js';

describe("18xx.games' HEXES literal", () => {
  it('reads colours, %w lists over lines, quoted lists and continued strings, with hex defaults', () => {
    const text = `HEXES = {
      white: {
        %w[A1
           B2] => '',
        ['C3'] => 'town',
        ['D4'] => 'city=revenue:20;'\\
                  'path=a:0,b:_0', # comment
      },
      red: { ['E5'] => 'offboard=revenue:yellow_30|brown_60;path=a:1,b:_0' },
    }.freeze`;
    expect(readHexes(text, 'map.rb')).toEqual([
      { colour: 'white', names: ['A1', 'B2'], code: '', where: 'line 3' },
      { colour: 'white', names: ['C3'], code: 'town=revenue:0', where: 'line 5' },
      { colour: 'white', names: ['D4'], code: 'city=revenue:20;path=a:0,b:_0', where: 'line 6' },
      { colour: 'red', names: ['E5'], code: 'offboard=revenue:yellow_30|brown_60;path=a:1,b:_0', where: 'line 9' },
    ]);
  });

  it('refuses Ruby it would have to run, in one line with the place', () => {
    expect(() => readHexes('HEXES = {\n white: {\n  [\'A1\'] => "city=revenue:#{REV}",\n }\n}', 'map.rb')).toThrow('map.rb: line 3: expected the hex code as a string literal (Ruby code and interpolation are not read)');
    expect(() => readHexes('def hexes; end', 'map.rb')).toThrow('map.rb: HEXES: expected a HEXES = { … } literal');
  });
});
