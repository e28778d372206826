import { describe, expect, it } from 'vitest';
import { InstanceLayer } from '../map/instance-layer.js';
import { encodePlacement } from '../map/orientation-code.js';
import { TerrainMap } from '../map/terrain-map.js';
import { HEX } from '../vector/shape.js';
import type { Vec2 } from '../vector/vec2.js';
import type { AreaElement, VectorTile } from '../vector/types.js';
import { poly, tileOf } from '../vector/vector.testkit.js';
import { boxesOverlap } from './label-box.js';
import { HALF_HEIGHT, heightText, labelHalfLength, placeContourLabels, tileContourLabels, upright } from './contour-labels.js';
import { flatInstanceAffine } from './instance-frame.js';
import { buildMapGeometry } from './map-geometry.js';
import { defaultCatalogue } from './render.testkit.js';

const deg = (d: number) => (d * Math.PI) / 180;

function circle(r: number, cx = 0, cy = 0, n = 16): Vec2[] {
  return Array.from({ length: n }, (_, i) => [cx + r * Math.cos((2 * Math.PI * i) / n), cy + r * Math.sin((2 * Math.PI * i) / n)] as Vec2);
}

const contour = (id: string, height: number, points: Vec2[], closed = true): AreaElement => ({ kind: 'area', id, terrain: 'hills', side: 'left', height, curve: poly(points, closed) });

/** A hill: three concentric contours round a peak symbol. */
const HILL: VectorTile = tileOf(
  'hill',
  HEX,
  contour('c100', 100, circle(0.78)),
  contour('c200', 200, circle(0.58)),
  contour('c300', 300, circle(0.4)),
  { kind: 'point', id: 'peak', terrain: 'mountains', at: [0, 0] },
  { kind: 'area', id: 'wood', terrain: 'forest', side: 'left', curve: poly(circle(0.2, 0.5, 0.5), true) },
);

/** Model-space or tile-space label boxes for overlap checks. */
const boxOf = (x: number, y: number, dx: number, dy: number, text: string) => ({ x, y, ux: dx, uy: dy, half: labelHalfLength(text), across: HALF_HEIGHT });

describe('contour labels in a tile', () => {
  it('prints heights as the tile holds them', () => {
    expect([heightText(100), heightText(-20), heightText(12.345), heightText(0)]).toEqual(['100', '-20', '12.3', '0']);
  });

  it('turns angles beyond ±90° half round, so text never reads upside down', () => {
    expect(upright(0)).toBeCloseTo(0, 12);
    expect(upright(deg(30))).toBeCloseTo(deg(30), 12);
    expect(upright(deg(120))).toBeCloseTo(deg(-60), 12);
    expect(upright(deg(-120))).toBeCloseTo(deg(60), 12);
    expect(upright(deg(180))).toBeCloseTo(0, 12);
    expect(upright(deg(270))).toBeCloseTo(deg(90), 12);
    expect(upright(deg(-90))).toBeCloseTo(deg(90), 12);
    expect(upright(deg(90))).toBeCloseTo(deg(90), 12);
  });

  it('labels each contour once, on its line, along it, inside the tile and clear of the peak and each other', () => {
    const labels = tileContourLabels(HILL);
    // One label per contour; the wood (no height) has none.
    expect(labels.map((l) => l.element).sort()).toEqual(['c100', 'c200', 'c300']);
    const radius = { c100: 0.78, c200: 0.58, c300: 0.4 } as Record<string, number>;
    const text = { c100: '100', c200: '200', c300: '300' } as Record<string, string>;
    for (const l of labels) {
      expect(l.text).toBe(text[l.element]);
      // On the line (a sample of the polygonal circle) and along it (perpendicular to the radius).
      expect(Math.abs(Math.hypot(l.x, l.y) - radius[l.element]!)).toBeLessThan(0.02);
      expect(Math.abs((l.x * l.dx + l.y * l.dy) / Math.hypot(l.x, l.y))).toBeLessThan(0.15);
      expect(Math.hypot(l.dx, l.dy)).toBeCloseTo(1, 9);
      // Clear of the peak symbol at the centre.
      expect(Math.hypot(l.x, l.y) - labelHalfLength(l.text)).toBeGreaterThan(0.1);
    }
    for (let i = 0; i < labels.length; i++) {
      for (let j = i + 1; j < labels.length; j++) {
        const [a, b] = [labels[i]!, labels[j]!];
        // Apart, with some air between them.
        expect(boxesOverlap(boxOf(a.x, a.y, a.dx, a.dy, a.text), boxOf(b.x, b.y, b.dx, b.dy, b.text), 0.04)).toBe(false);
      }
    }
  });

  it('chooses the straightest stretch of a contour, away from the tile edge', () => {
    // A straight run, then a zigzag: only the run carries a label.
    const zig = contour('z', 150, [[-0.7, -0.3], [0.3, -0.3], [0.4, -0.1], [0.3, 0.1], [0.4, 0.3], [0.3, 0.5]], false);
    const [l] = tileContourLabels(tileOf('zig', HEX, zig));
    expect(l).toBeDefined();
    expect(l!.y).toBeCloseTo(-0.3, 9);
    expect(Math.abs(l!.dx)).toBeCloseTo(1, 9);
    // A contour hugging the edge (0.05 inside the top edge) is too close to it to carry a label.
    expect(tileContourLabels(tileOf('edge', HEX, contour('e', 50, [[-0.5, 0.95], [0.5, 0.95]], false)))).toEqual([]);
    // A contour too small for its number has none either.
    expect(tileContourLabels(tileOf('tiny', HEX, contour('t', 50, circle(0.05))))).toEqual([]);
  });
});

describe('contour labels on a map', () => {
  const placements = [
    { rotation: 0, mirror: 'none' },
    { rotation: 60, mirror: 'none' },
    { rotation: 180, mirror: 'none' },
    { rotation: 240, mirror: 'x' },
    { rotation: 120, mirror: 'y' },
  ] as const;

  function hillMap() {
    const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 4, height: 3 }, palette: ['clear'] });
    const layer = new InstanceLayer(map.grid);
    for (let c = 0; c < map.tileCount; c++) layer.set(c, HILL.id, encodePlacement({ orientation: placements[c % placements.length]!, pentagonRotation: 0 }));
    map.setInstances(layer);
    return map;
  }

  it('places every instance\'s labels through the vector map\'s frame, upright, laying each tile out once', () => {
    const map = hillMap();
    const geo = buildMapGeometry(map, defaultCatalogue);
    const local = tileContourLabels(HILL);
    const labels = placeContourLabels(geo, (id) => (id === HILL.id ? HILL : null))!;
    expect(labels.stats).toEqual({ laidOut: 1, instances: map.tileCount });
    expect(labels.count).toBe(map.tileCount * local.length);
    expect(labels.unit).toBeCloseTo(map.grid.spacing() / 2, 6);
    const f = new Float64Array(9);
    for (let cell = 0; cell < map.tileCount; cell++) {
      const [a, b, c, d, e, f6] = flatInstanceAffine(geo.area, cell, map.instances!.code[cell]!, f, map.grid)!;
      local.forEach((l, i) => {
        const k = cell * local.length + i;
        expect(labels.texts[k]).toBe(l.text);
        expect(labels.positions[3 * k]).toBeCloseTo(a * l.x + c * l.y + e, 5);
        expect(labels.positions[3 * k + 1]).toBeCloseTo(b * l.x + d * l.y + f6, 5);
        const tx = a * l.dx + c * l.dy;
        const ty = b * l.dx + d * l.dy;
        const [dx, dy] = [labels.directions[3 * k]!, labels.directions[3 * k + 1]!];
        // Along the placed contour (parallel to its turned tangent) and reading left to right.
        expect(Math.abs(dx * ty - dy * tx) / Math.hypot(tx, ty)).toBeLessThan(1e-5);
        expect(dx > 1e-9 || (Math.abs(dx) <= 1e-9 && dy > 0)).toBe(true);
      });
    }
  });

  it('never overlaps labels of neighbouring instances', () => {
    const map = hillMap();
    const labels = placeContourLabels(buildMapGeometry(map, defaultCatalogue), () => HILL)!;
    const p = labels.positions;
    const d = labels.directions;
    // Compared in inradii (positions over the unit), the units label boxes are measured in.
    const u = labels.unit;
    const boxes = labels.texts.map((t, k) => boxOf(p[3 * k]! / u, p[3 * k + 1]! / u, d[3 * k]!, d[3 * k + 1]!, t));
    let pairs = 0;
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        if (Math.hypot(boxes[i]!.x - boxes[j]!.x, boxes[i]!.y - boxes[j]!.y) > (2 * map.grid.spacing()) / u) continue;
        pairs++;
        expect(boxesOverlap(boxes[i]!, boxes[j]!)).toBe(false);
      }
    }
    expect(pairs).toBeGreaterThan(boxes.length);
  });

  it('lifts labels onto the globe sphere of the strokes, each along its warped contour', () => {
    const map = TerrainMap.create({ size: { kind: 'icosahedron', side: 1 }, palette: ['clear'] });
    const layer = new InstanceLayer(map.grid);
    for (let c = 0; c < map.tileCount; c++) layer.set(c, HILL.id, map.grid.isPentagon(c) ? encodePlacement({ orientation: placements[0], pentagonRotation: 0 }) : 0);
    map.setInstances(layer);
    const geo = buildMapGeometry(map, defaultCatalogue);
    const labels = placeContourLabels(geo, () => HILL)!;
    expect(labels.stats.instances).toBe(map.tileCount);
    expect(labels.count).toBeGreaterThanOrEqual(map.tileCount * 2);
    const r = geo.radii![2];
    for (let k = 0; k < labels.count; k++) {
      const [x, y, z] = [labels.positions[3 * k]!, labels.positions[3 * k + 1]!, labels.positions[3 * k + 2]!];
      expect(Math.hypot(x, y, z)).toBeCloseTo(r, 5);
      // Tangent to the sphere.
      const dot = (x * labels.directions[3 * k]! + y * labels.directions[3 * k + 1]! + z * labels.directions[3 * k + 2]!) / r;
      expect(Math.abs(dot)).toBeLessThan(0.05);
    }
    expect(labels.unit).toBeGreaterThan(0);
  });

  it('gives nothing for a map without instances', () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 2, height: 2 } });
    expect(placeContourLabels(buildMapGeometry(map, defaultCatalogue), () => HILL)).toBeNull();
  });
});
