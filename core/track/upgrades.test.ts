import { describe, expect, it } from 'vitest';
import { parseTileDsl } from '../formats/tile-dsl.js';
import { inferUpgrades, upgradesTo } from './upgrades.js';

const tile = (id: string, colour: string, code: string) => parseTileDsl(code, { id, name: id, colour }).tile;

describe('upgrades inferred from track', () => {
  // 18Chesapeake's OO tiles: two one-slot cities (X3) merge into one two-slot city (X7).
  const x3 = tile('X3', 'green', 'city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:_0,b:2;path=a:3,b:_1;path=a:_1,b:5;label=OO');
  const x7 = tile('X7', 'brown', 'city=revenue:50,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:5,b:_0;path=a:4,b:_0;label=OO');

  it('lets cities merge when the new city keeps their sides and has their slots', () => {
    expect(upgradesTo(x3, x7)).toBe(true);
    const oneSlot = tile('X7a', 'brown', 'city=revenue:50;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:5,b:_0;path=a:4,b:_0;label=OO');
    expect(upgradesTo(x3, oneSlot)).toBe(false);
  });

  it('never splits a city, and keeps towns one to one', () => {
    expect(upgradesTo(x7, x3)).toBe(false);
    const twoTowns = tile('1', 'yellow', 'town=revenue:10;town=revenue:10;path=a:1,b:_0;path=a:_0,b:3;path=a:0,b:_1;path=a:_1,b:4');
    const oneTown = tile('T', 'green', 'town=revenue:10;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0');
    expect(upgradesTo(twoTowns, oneTown)).toBe(false);
  });

  it("finds 1822CA's Winnipeg chart: four cities into three or two, three into one", () => {
    const w = [
      tile('W1', 'yellow', 'city=revenue:30,slots:2;city=revenue:30;city=revenue:30;city=revenue:30;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_1;path=a:4,b:_2;path=a:5,b:_3;label=W'),
      tile('W2', 'green', 'city=revenue:50,slots:2;city=revenue:50,slots:2;city=revenue:50;path=a:0,b:_2;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_1;path=a:4,b:_1;path=a:5,b:_2;label=W'),
      tile('W3', 'green', 'city=revenue:40,slots:2;city=revenue:40,slots:3;path=a:0,b:_1;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_1;path=a:4,b:_1;path=a:5,b:_1;label=W'),
      tile('W5', 'brown', 'city=revenue:50,slots:6;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=W'),
    ];
    expect(inferUpgrades(w).map((u) => `${u.from}>${u.to}`)).toEqual(['W1>W2', 'W1>W3', 'W2>W5', 'W3>W5']);
  });
});
