import { describe, expect, it } from 'vitest';
import type { LineBuffers } from './lines.js';
import { capInView, chunkOutlines, dashDistances, spatialBlocks } from './outline-chunks.js';

/** n random segments (flat: z = 0; globe: ends on the unit sphere), colour bytes = segment index mod 256. */
function randomLines(n: number, globe: boolean, seed = 1): LineBuffers {
  let s = seed;
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  const positions = new Float32Array(6 * n);
  for (let i = 0; i < 2 * n; i++) {
    let [x, y, z] = [rnd() * 100, rnd() * 50, 0];
    if (globe) {
      [x, y, z] = [rnd() - 0.5, rnd() - 0.5, rnd() - 0.5];
      const l = Math.hypot(x, y, z);
      [x, y, z] = [x / l, y / l, z / l];
    }
    positions.set([x, y, z], 3 * i);
  }
  const colors = new Uint8Array(8 * n);
  for (let i = 0; i < n; i++) colors.fill(i % 256, 8 * i, 8 * i + 8);
  const terrain = new Uint8Array(n).map((_, i) => i % 3);
  return { segmentCount: n, positions, colors, terrain, tile: new Int32Array(n) };
}

const key = (p: Float32Array, s: number) => Array.from(p.subarray(6 * s, 6 * s + 6)).join();

describe('outline chunks', () => {
  it('keeps one chunk over core’s own arrays on small maps', () => {
    const lines = randomLines(50, false);
    const c = chunkOutlines(lines, Uint8Array.of(0, 1, 0), false);
    expect(Array.from(c.starts)).toEqual([0, 50]);
    expect(c.positions).toBe(lines.positions);
    expect(c.colors).toBe(lines.colors);
    expect(c.caps).toBeNull();
  });

  it('gives dashed terrain its length as line distance, centred on a dash, and solid terrain 0', () => {
    const lines = randomLines(30, false);
    const d = dashDistances(lines, Uint8Array.of(0, 1, 0), 0.11);
    for (let s = 0; s < 30; s++) {
      const p = lines.positions;
      const len = Math.hypot(p[6 * s + 3]! - p[6 * s]!, p[6 * s + 4]! - p[6 * s + 1]!);
      if (lines.terrain[s] !== 1) {
        expect([d[2 * s], d[2 * s + 1]]).toEqual([0, 0]);
        continue;
      }
      expect(d[2 * s + 1]! - d[2 * s]!).toBeCloseTo(len, 4);
      // Symmetric about the dash centre: the same pattern read from either end (two polygons sharing an edge agree).
      expect((d[2 * s]! + d[2 * s + 1]!) / 2).toBeCloseTo(0.11, 5);
    }
  });

  it('scales the line distance by the dash scale, so dearer terrain gets denser dashes', () => {
    const lines = randomLines(20, false);
    const one = dashDistances(lines, Float32Array.of(0, 1, 1));
    const five = dashDistances(lines, Float32Array.of(0, 1, 5));
    const span = (d: Float32Array, s: number) => d[2 * s + 1]! - d[2 * s]!;
    for (let s = 0; s < 20; s++) expect(span(five, s)).toBeCloseTo(lines.terrain[s] === 2 ? 5 * span(one, s) : span(one, s), 4);
  });

  it('sorts large flat maps into k×k blocks, every segment once, with its colour and distance', () => {
    const lines = randomLines(2000, false);
    const dashed = Uint8Array.of(1, 1, 1);
    const c = chunkOutlines(lines, dashed, false, 100);
    const k = Math.ceil(Math.sqrt(2000 / 100));
    expect(c.starts.length).toBe(k * k + 1);
    expect(c.starts[k * k]).toBe(2000);
    const before = new Map<string, number>();
    for (let s = 0; s < 2000; s++) before.set(key(lines.positions, s), s);
    const seen = new Set<number>();
    const dist = dashDistances(lines, dashed);
    const ends = [0, 1].map((axis) => Array.from({ length: 2000 }, (_, s) => lines.positions[6 * s + axis]!));
    const [minX, maxX, minY, maxY] = [Math.min(...ends[0]!), Math.max(...ends[0]!), Math.min(...ends[1]!), Math.max(...ends[1]!)];
    const cell = (v: number, lo: number, hi: number) => Math.min(k - 1, Math.floor(((v - lo) / (hi - lo)) * k));
    for (let b = 0; b < k * k; b++) {
      const [bx, by] = [Math.floor(b / k), b % k];
      for (let s = c.starts[b]!; s < c.starts[b + 1]!; s++) {
        const from = before.get(key(c.positions, s))!;
        seen.add(from);
        expect(c.colors[8 * s]).toBe(from % 256);
        expect(c.distances[2 * s + 1]).toBe(dist[2 * from + 1]);
        // The first end lies in the block's cell of the bounding box of first ends.
        expect(cell(c.positions[6 * s]!, minX, maxX)).toBe(bx);
        expect(cell(c.positions[6 * s + 1]!, minY, maxY)).toBe(by);
      }
    }
    expect(seen.size).toBe(2000);
  });

  it('sorts globe segments into cube-face patches whose caps hold every start point', () => {
    const lines = randomLines(3000, true);
    const c = chunkOutlines(lines, new Uint8Array(3), true, 200);
    const k = Math.ceil(Math.sqrt(3000 / 200));
    expect(c.starts.length).toBe(6 * k * k + 1);
    let chunk = 0;
    for (let b = 0; b + 1 < c.starts.length; b++) {
      if (c.starts[b] === c.starts[b + 1]) continue;
      const cap = c.caps!.subarray(4 * chunk, 4 * chunk + 4);
      for (let s = c.starts[b]!; s < c.starts[b + 1]!; s++) {
        const p = c.positions.subarray(6 * s, 6 * s + 3);
        const angle = Math.acos(Math.min(1, (cap[0]! * p[0]! + cap[1]! * p[1]! + cap[2]! * p[2]!) / Math.hypot(p[0]!, p[1]!, p[2]!)));
        expect(angle).toBeLessThanOrEqual(cap[3]! + 1e-6);
      }
      chunk++;
    }
    expect(c.caps!.length).toBe(4 * chunk);
  });

  it('bins by the first end: a counting sort that keeps input order within a block', () => {
    const pos = Float32Array.of(9, 9, 0, 0, 0, 0, 0, 0, 0, 9, 9, 0, 1, 1, 0, 0, 0, 0, 8, 8, 0, 0, 0, 0);
    const { starts, order } = spatialBlocks(pos, 4, 2, false);
    expect(Array.from(order)).toEqual([1, 2, 0, 3]);
    expect(Array.from(starts)).toEqual([0, 2, 2, 2, 4]);
  });

  it('sees a cap in front of the horizon and not one behind the globe', () => {
    const caps = Float64Array.of(0, 0, 1, 0.1, 0, 0, -1, 0.1, 1, 0, 0, 0.1);
    const eye = [0, 0, 3] as const;
    expect(capInView(caps, 0, eye)).toBe(true);
    expect(capInView(caps, 1, eye)).toBe(false);
    // Horizon from distance 3: acos(1/3) ≈ 70.5°; a cap at 90° reaching 0.1 rad is still beyond it.
    expect(capInView(caps, 2, eye)).toBe(false);
    expect(capInView(Float64Array.of(1, 0, 0, 0.4), 0, eye)).toBe(true);
  });
});
