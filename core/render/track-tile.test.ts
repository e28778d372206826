import { describe, expect, it } from 'vitest';
import { drawTrackTile, TRACK_COLOURS, TRACK_WIDTH } from './track-tile.js';
import { sideArc, sidePoint, sideToSide, curveKind } from './track-paths.js';
import type { Connection, TrackTile } from '../track/types.js';
import { SAMPLE_TRACK } from '../sheets/sheets.testkit.js';

const side = (s: number) => ({ kind: 'side', side: s }) as const;
const at = (id: string) => ({ kind: 'junction', id }) as const;
const link = (a: Connection['a'], b: Connection['b'], gauge: Connection['gauge'] = 'normal'): Connection => ({ a, b, gauge });
const tile = (id: string) => SAMPLE_TRACK.find((t) => t.id === id)!;
const flat = { size: 100, pointy: false };
const points = (l: readonly number[]) => Array.from({ length: l.length / 2 }, (_, i) => [l[2 * i]!, l[2 * i + 1]!] as const);

describe('18xx track geometry', () => {
  it('bends sharp round the shared corner (R/2) and gentle round the point 2r out (3R/2), straight across', () => {
    const R = 100 / Math.sqrt(3);
    expect(curveKind(0, 3)).toBe('straight');
    expect(curveKind(0, 1)).toBe('sharp');
    expect(curveKind(5, 1)).toBe('gentle');
    expect(sideArc(flat, 0, 1)!.radius).toBeCloseTo(R / 2, 9);
    expect(sideArc(flat, 0, 2)!.radius).toBeCloseTo((3 * R) / 2, 9);
    for (const [a, b] of [[0, 1], [0, 2], [5, 1], [4, 3], [2, 0]] as const) {
      const { centre, radius } = sideArc(flat, a, b)!;
      const line = sideToSide(flat, a, b);
      // Every point on the arc, and the arc ends on both side middles.
      for (const [x, y] of points(line)) expect(Math.hypot(x - centre[0], y - centre[1])).toBeCloseTo(radius, 6);
      expect(line.slice(0, 2)).toEqual([...sidePoint(flat, a)]);
      expect(line.slice(-2)).toEqual([...sidePoint(flat, b)]);
      // Square to the side: the first step runs along the inward normal.
      const [sx, sy] = sidePoint(flat, a);
      const step = [line[2]! - sx, line[3]! - sy];
      const cos = -(step[0]! * sx + step[1]! * sy) / (Math.hypot(step[0]!, step[1]!) * 50);
      expect(cos).toBeGreaterThan(0.99);
    }
  });

  it('draws side 0 at the bottom on flat tiles and at the lower left on pointy ones', () => {
    expect(sidePoint(flat, 0)[0]).toBeCloseTo(0, 9);
    expect(sidePoint(flat, 0)[1]).toBeCloseTo(50, 9);
    const [x, y] = sidePoint({ size: 100, pointy: true }, 0);
    expect(x).toBeLessThan(0);
    expect(y).toBeGreaterThan(0);
  });
});

describe('an 18xx track tile drawn', () => {
  it('fills the phase colour, reports its exits and curves, and turns with the rotation', () => {
    const d = drawTrackTile(tile('8'), 100);
    expect(d.ground).toBe(TRACK_COLOURS.yellow);
    expect(d.exits).toEqual([0, 2]);
    expect(d.paths.map((p) => p.curve)).toEqual(['gentle']);
    expect(drawTrackTile(tile('8'), 100, { rotation: 2 }).exits).toEqual([2, 4]);
    expect(drawTrackTile(tile('9'), 100).paths[0]!.curve).toBe('straight');
    const sharp: TrackTile = { id: '7', name: '7', colour: 'yellow', junctions: [], connections: [link(side(0), side(1))] };
    expect(drawTrackTile(sharp, 100).paths[0]!.curve).toBe('sharp');
  });

  it('gives a city one token slot per slot, inside the tile and apart from each other', () => {
    for (const [id, n] of [['57', 1], ['15', 2], ['63', 2]] as const) {
      const [city] = drawTrackTile(tile(id), 100).cities;
      expect(city!.slots).toHaveLength(n);
      for (const [x, y] of city!.slots) expect(Math.hypot(x, y) + city!.slotRadius).toBeLessThan(50);
    }
    const six: TrackTile = { id: 'X', name: 'X', colour: 'gray', junctions: [{ id: 'c', type: 'city', revenue: 70, slots: 6, position: null }], connections: [0, 1, 2, 3, 4, 5].map((s) => link(at('c'), side(s))) };
    const slots = drawTrackTile(six, 100).cities[0]!.slots;
    expect(slots).toHaveLength(6);
    for (let i = 0; i < 6; i++) for (let j = i + 1; j < 6; j++) expect(Math.hypot(slots[i]![0] - slots[j]![0], slots[i]![1] - slots[j]![1])).toBeGreaterThanOrEqual(2 * 14.5 - 1e-9);
  });

  it('draws a town between two sides as a bar across the track, a town at the centre as a dot', () => {
    const d = drawTrackTile(tile('3'), 100);
    const bar = d.shapes.find((s) => s.kind === 'fill' && s.rings[0]!.length === 8)!;
    expect(bar).toBeDefined();
    const hub: TrackTile = { id: 'T', name: 'T', colour: 'yellow', junctions: [{ id: 't', type: 'town', revenue: 10, slots: 0, position: null }], connections: [0, 2, 4].map((s) => link(at('t'), side(s))) };
    const dot = drawTrackTile(hub, 100).shapes.find((s) => s.kind === 'fill' && s.rings[0]!.length === 48);
    expect(dot).toBeDefined();
  });

  it('prints revenue, label and tile number as text, the revenue off the track', () => {
    const d = drawTrackTile(tile('63'), 100);
    const texts = d.shapes.filter((s) => s.kind === 'text').map((s) => (s.kind === 'text' ? s.text : ''));
    expect(texts).toEqual(expect.arrayContaining(['40', 'OO', '63']));
    expect(d.revenues).toEqual(['40']);
    expect(drawTrackTile(tile('63'), 100, { printed: '' }).shapes.filter((s) => s.kind === 'text')).toHaveLength(2);
  });

  it('styles the gauges: narrow thin and dashed, dual with a light centre dash, off-board track with an arrow', () => {
    const w = 100 * TRACK_WIDTH;
    const gauges: TrackTile = { id: 'G', name: 'G', colour: 'green', junctions: [], connections: [link(side(0), side(3), 'narrow'), link(side(1), side(4), 'dual')] };
    const strokes = drawTrackTile(gauges, 100).shapes.filter((s) => s.kind === 'stroke');
    expect(strokes.some((s) => s.kind === 'stroke' && s.dash && s.width < w && s.colour === '#1a1a1a')).toBe(true);
    expect(strokes.some((s) => s.kind === 'stroke' && s.dash && s.colour === '#ffffff')).toBe(true);
    const off: TrackTile = { id: 'O', name: '', colour: 'red', junctions: [{ id: 'o', type: 'offmap', revenue: 30, slots: 0, position: null }], connections: [link(at('o'), side(0))] };
    const d = drawTrackTile(off, 100);
    expect(d.shapes.filter((s) => s.kind === 'fill' && s.rings[0]!.length === 6)).toHaveLength(1);
    expect(d.revenues).toEqual(['30']);
  });

  it('prints phase revenues as boxes in their phase colours (18xx.games off-board areas)', () => {
    const j = { id: 'o', type: 'offmap' as const, revenue: 30, slots: 0, position: null, phaseRevenue: [{ phase: 'yellow', value: 30 }, { phase: 'brown', value: 60 }] };
    const off: TrackTile = { id: 'O', name: '', colour: 'red', junctions: [j], connections: [link(at('o'), side(0))] };
    const d = drawTrackTile(off, 100);
    const fills = d.shapes.filter((s) => s.kind === 'fill').map((s) => (s.kind === 'fill' ? s.colour : ''));
    expect(fills).toEqual(expect.arrayContaining([TRACK_COLOURS.yellow, TRACK_COLOURS.brown]));
    expect(d.shapes.filter((s) => s.kind === 'text').map((s) => (s.kind === 'text' ? s.text : ''))).toEqual(['30', '60']);
    expect(d.revenues).toEqual(['30/60']);
  });
});

describe('drawn tiles as SVG', () => {
  it('writes fills closed, strokes open with their dash, and text escaped', async () => {
    const { shapeSvg, shapesSvgDocument } = await import('./tile-svg.js');
    expect(shapeSvg({ kind: 'fill', colour: '#fff', rings: [[0, 0, 1, 0, 1, 1]] })).toBe('<path d="M0 0L1 0L1 1Z" fill="#fff"/>');
    expect(shapeSvg({ kind: 'stroke', colour: '#000', width: 2, lines: [[0, 0, 3, 4]], dash: [1, 2] })).toContain('d="M0 0L3 4" fill="none" stroke="#000" stroke-width="2" stroke-linejoin="round" stroke-dasharray="1 2"');
    expect(shapeSvg({ kind: 'text', text: 'A&B', x: 1, y: 2, height: 7.2, colour: '#000', anchor: 'end' })).toContain('font-size="10" font-family="sans-serif" font-weight="bold" text-anchor="end" fill="#000">A&amp;B</text>');
    const doc = shapesSvgDocument(drawTrackTile(tile('57'), 100).shapes, 120, 100);
    expect(doc).toMatch(/^<svg [^>]*viewBox="-60 -50 120 100">/);
    expect(doc.match(/<text/g)).toHaveLength(2);
  });
});
