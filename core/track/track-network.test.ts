import { describe, expect, it } from 'vitest';
import { CENTRE, connectionLevel, decodeConnection, encodeConnection } from '../map/network-code.js';
import { junctionPorts, networkTrackPaths, trackPathKey, trackTileNetwork } from './track-network.js';
import type { Connection, Junction, TrackEnd, TrackTile } from './types.js';

const RAIL = 3;
const side = (s: number): TrackEnd => ({ kind: 'side', side: s });
const junction = (id: string): TrackEnd => ({ kind: 'junction', id });
const conn = (a: TrackEnd, b: TrackEnd, gauge: Connection['gauge'] = 'normal'): Connection => ({ a, b, gauge });
const city = (id: string, toward: number | null, slots = 1, revenue = 20): Junction => ({ id, type: 'city', revenue, slots, position: toward === null ? null : { toward, level: 5 } });
const tile = (id: string, connections: Connection[], junctions: Junction[] = []): TrackTile => ({ id, name: id, colour: 'yellow', junctions, connections });

function roundTrip(t: TrackTile, rotation: number, orientation: 'NS' | 'EW'): { got: string[]; want: string[] } {
  const net = trackTileNetwork(t, rotation, orientation, RAIL);
  const ports = net.ports;
  const got = networkTrackPaths(net.codes, net.junctions, orientation, rotation).map((p) => trackPathKey(p));
  const want = t.connections.map((c) => trackPathKey(c, (id) => String(ports.get(id))));
  return { got: [...new Set(got)].sort(), want: [...new Set(want)].sort() };
}

describe('trackTileNetwork', () => {
  it('turns tile sides into grid directions: flat side 0 (S) is direction 3, pointy side 0 (SW) direction 2, rotation adds', () => {
    const straight = tile('9', [conn(side(0), side(3))]);
    expect(trackTileNetwork(straight, 0, 'NS', RAIL).codes).toEqual([encodeConnection(3, 0, RAIL)]);
    expect(trackTileNetwork(straight, 1, 'NS', RAIL).codes).toEqual([encodeConnection(4, 1, RAIL)]);
    expect(trackTileNetwork(straight, 0, 'EW', RAIL).codes).toEqual([encodeConnection(2, 5, RAIL)]);
    const curve = tile('7', [conn(side(0), side(1))]);
    expect(decodeConnection(trackTileNetwork(curve, 5, 'NS', RAIL).codes[0]!)).toEqual({ a: 2, b: 3, level: 0, kind: RAIL });
  });

  it('puts a lone junction at the centre port with its slots and revenue, and turns its drawn position', () => {
    const t57 = tile('57', [conn(side(0), junction('c')), conn(junction('c'), side(3))], [city('c', 1, 2, 30)]);
    const net = trackTileNetwork(t57, 1, 'NS', RAIL, { revenues: [40], names: ['Boston'] });
    expect(net.junctions).toEqual([{ port: CENTRE, type: 'city', slots: 2, revenue: 40, toward: 5, name: 'Boston' }]);
    expect(net.codes).toEqual([encodeConnection(4, 8, RAIL), encodeConnection(1, 8, RAIL)].sort((a, b) => a - b));
  });

  it('gives several junctions the centre (the one drawn there) and 9, 10 …; corners keep their half step', () => {
    const oo = tile('OO', [conn(side(0), junction('a')), conn(side(3), junction('b'))], [city('a', 0.5), city('b', 3), { ...city('m', null), type: 'town' }]);
    expect([...junctionPorts(oo)]).toEqual([['a', 9], ['b', 10], ['m', 8]]);
    const net = trackTileNetwork(oo, 0, 'NS', RAIL);
    expect(net.junctions.map((j) => [j.port, j.toward])).toEqual([[8, null], [9, 3.5], [10, 0]]);
  });

  it('sets crossing track that does not connect ≥ 2 levels apart and meeting track within 1', () => {
    const x = tile('X', [conn(side(0), side(3)), conn(side(1), side(4))]);
    const levels = trackTileNetwork(x, 0, 'NS', RAIL).codes.map(connectionLevel).sort();
    expect(levels[1]! - levels[0]!).toBeGreaterThanOrEqual(2);
    // 0–3 crosses 1–4 and 2–5; 0–1 meets both 0–3 and 1–4.
    const three = tile('T', [conn(side(0), side(3)), conn(side(1), side(4)), conn(side(0), side(1))]);
    const codes = trackTileNetwork(three, 0, 'NS', RAIL).codes.map(decodeConnection);
    const lv = (a: number, b: number) => codes.find((c) => c.a === Math.min(a, b) && c.b === Math.max(a, b))!.level;
    expect(Math.abs(lv(3, 0) - lv(4, 1))).toBeGreaterThanOrEqual(2);
    expect(Math.abs(lv(3, 4) - lv(3, 0))).toBeLessThanOrEqual(1);
    expect(Math.abs(lv(3, 4) - lv(4, 1))).toBeLessThanOrEqual(1);
    // A through line past a town on its own spoke: the spoke crosses only when it lies across the line.
    const bypass = tile('B', [conn(side(0), side(2)), conn(side(1), junction('t'))], [{ ...city('t', null), type: 'town', slots: 0 }]);
    const lb = trackTileNetwork(bypass, 0, 'NS', RAIL).codes.map(connectionLevel).sort();
    expect(lb[1]! - lb[0]!).toBeGreaterThanOrEqual(2);
    const apart = tile('C', [conn(side(0), side(2)), conn(side(4), junction('t'))], [{ ...city('t', null), type: 'town', slots: 0 }]);
    expect(trackTileNetwork(apart, 0, 'NS', RAIL).codes.map(connectionLevel)).toEqual([0, 0]);
  });

  it('draws gauges with their own kinds when given', () => {
    const dual = tile('D', [conn(side(0), side(3), 'narrow'), conn(side(1), side(4))]);
    const kinds = trackTileNetwork(dual, 0, 'NS', { normal: RAIL, narrow: 4 }).codes.map((c) => decodeConnection(c).kind).sort();
    expect(kinds).toEqual([3, 4]);
    expect(networkTrackPaths(trackTileNetwork(dual, 0, 'NS', { normal: RAIL, narrow: 4 }).codes, [], 'NS', 0, 4)).toEqual([{ a: side(3), b: side(0) }]);
  });

  it('round-trips paths at every rotation on both orientations', () => {
    const t14 = tile('14', [0, 1, 3, 4].map((s) => conn(side(s), junction('c'))), [city('c', null, 2, 30)]);
    const two = tile('OO', [conn(side(0), junction('a')), conn(side(3), junction('b')), conn(side(1), side(4))], [city('a', 0), city('b', 3)]);
    for (const t of [t14, two]) for (const o of ['NS', 'EW'] as const) for (let r = 0; r < 6; r++) {
      const { got, want } = roundTrip(t, r, o);
      expect(got, `${t.id} ${o} r${r}`).toEqual(want);
    }
  });

  it('refuses a connection to a junction the tile lacks, and reading a junction port without its record', () => {
    expect(() => trackTileNetwork(tile('bad', [conn(side(0), junction('zz'))]), 0, 'NS', RAIL)).toThrow(/junction "zz"/);
    expect(() => networkTrackPaths([encodeConnection(0, 9, RAIL)], [], 'NS')).toThrow(/port 9, which has no junction record/);
  });
});
