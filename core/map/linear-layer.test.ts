import { describe, expect, it } from 'vitest';
import { InputError } from '../util/input-error.js';
import { buildAlFormTopology } from '../assemble/alform-topology.js';
import { alformGridOf } from '../assemble/alform.testkit.js';
import { LinearClass, LinearLayer, linearChanges } from './linear-layer.js';

describe('LinearLayer', () => {
  const g = alformGridOf({ kind: 'hex-rectangle', width: 4, height: 3 });
  const topo = buildAlFormTopology(g);
  const [a, b, c] = topo.linearCells;

  it('holds a class per linear cell and a tile where there is one; JSON round trip', () => {
    const l = new LinearLayer(g);
    l.set(a!, LinearClass.BLOCKING, 'river-hex-03', 0);
    l.set(b!, LinearClass.WITH_TERRAIN, 'wall', 1);
    l.setEmptyBlocking(c!);
    expect([l.classOf(a!), l.classOf(b!), l.classOf(c!), l.classOf(topo.linearCells[3]!)]).toEqual([2, 1, 2, 0]);
    expect(l.isBlocking(c!) && l.get(c!) === null).toBe(true);
    const back = LinearLayer.fromJSON(g, JSON.parse(JSON.stringify(l.toJSON())));
    expect(back.toJSON()).toEqual(l.toJSON());
    const copy = l.clone();
    copy.clear(a!);
    expect(l.isBlocking(a!)).toBe(true);
  });

  it('refuses area cells and bad files with one clear line', () => {
    const l = new LinearLayer(g);
    expect(() => l.setEmptyBlocking(topo.areaCells[0]!)).toThrow(/area tile/);
    expect(() => l.set(a!, LinearClass.PASS_THRU, 'x', 0)).toThrow(/PASS-THRU/);
    const json = l.toJSON();
    expect(() => LinearLayer.fromJSON(g, { ...json, classes: [[topo.areaCells[0]!, 2]] })).toThrow(InputError);
    expect(() => LinearLayer.fromJSON(g, { ...json, classes: [[a!, 7]] })).toThrow(/class 7/);
    expect(() => LinearLayer.fromJSON(g, { ...json, classes: [[a!, 1]] })).toThrow(/holds no tile/);
    expect(() => LinearLayer.fromJSON(g, { ...json, extra: 1 })).toThrow(/unknown field/);
  });
});

describe('LinearLayer as stored arrays', () => {
  const g = alformGridOf({ kind: 'square', width: 3, height: 3 });
  const [a, b, c] = [...buildAlFormTopology(g).linearCells] as [number, number, number];

  it('round-trips through toArrays / fromArrays and refuses arrays breaking the class rules', () => {
    const layer = new LinearLayer(g);
    layer.set(a, LinearClass.BLOCKING, 'river', 3);
    layer.set(b, LinearClass.WITH_TERRAIN, 'wall', 0);
    layer.setEmptyBlocking(c);
    const { classes, table, refs, codes } = layer.toArrays();
    expect(LinearLayer.fromArrays(g, classes, table, refs, codes, 'm').toJSON()).toEqual(layer.toJSON());
    const bad = classes.slice();
    bad[0] = LinearClass.BLOCKING; // cell 0 is an area tile
    expect(() => LinearLayer.fromArrays(g, bad, table, refs, codes, 'm')).toThrow('m: cell 0 is an area tile but has linear class 2');
    const noTile = refs.slice();
    noTile[b] = 0;
    expect(() => LinearLayer.fromArrays(g, classes, table, noTile, codes, 'm')).toThrow(`m: cell ${b} is pass-thru-with-terrain but holds no tile`);
  });

  it('linearChanges lists the stored values an edit changes, from nothing or from a layer', () => {
    const empty = new LinearLayer(g);
    empty.setEmptyBlocking(a);
    expect(linearChanges(null, empty)).toEqual([{ layer: 'linear_class', index: a, before: 0, after: 2 }]);
    const before = new LinearLayer(g);
    before.set(a, LinearClass.BLOCKING, 'river', 3);
    // A tile past the stored table is growth (the edit brings the grown table along).
    expect(linearChanges(null, before)).toEqual([
      { layer: 'linear_class', index: a, before: 0, after: 2 },
      { layer: 'linear_tiles', index: a, before: 0, after: 1 },
      { layer: 'linear_codes', index: a, before: 0, after: 3 },
    ]);
    const moved = before.clone();
    moved.set(b, LinearClass.BLOCKING, 'river', 1);
    expect(linearChanges(before, moved)).toEqual([
      { layer: 'linear_class', index: b, before: 0, after: 2 },
      { layer: 'linear_tiles', index: b, before: 0, after: 1 },
      { layer: 'linear_codes', index: b, before: 0, after: 1 },
    ]);
    const after = before.clone();
    after.setEmptyBlocking(c);
    expect(linearChanges(before, after)).toEqual([{ layer: 'linear_class', index: c, before: 0, after: 2 }]);
    // A table that differs where both hold an entry cannot be journalled.
    const other = new LinearLayer(g);
    other.set(b, LinearClass.BLOCKING, 'lake', 0);
    expect(() => linearChanges(before, other)).toThrow(`linear tile "lake" is not in the map's linear tile table at 0`);
  });
});
