import { describe, expect, it } from 'vitest';
import { InputError } from '../util/input-error.js';
import { buildAlFormTopology } from './alform-topology.js';
import { alformGridOf } from './alform.testkit.js';
import { LinearClass, LinearLayer } from './linear-class.js';

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
