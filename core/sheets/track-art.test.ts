import { describe, expect, it } from 'vitest';
import { trackTileArt, TRACK_COLOURS } from './track-art.js';
import { SAMPLE_TRACK } from './sheets.testkit.js';
import { outlineRing } from './art.js';
import { insideConvex } from './marks.js';

const tile = (id: string) => SAMPLE_TRACK.find((t) => t.id === id)!;
const centre = (ring: readonly number[]) => [0, 1].map((o) => ring.filter((_, i) => i % 2 === o).reduce((a, v) => a + v, 0) / (ring.length / 2));

describe('18xx track tiles on a sheet', () => {
  it('fills the hex in the phase colour and keeps every shape inside the tile', () => {
    for (const t of SAMPLE_TRACK) {
      const art = trackTileArt(t, 38);
      expect(art.ground).toBe(TRACK_COLOURS[t.colour]);
      // Inside the 38 mm hex (strokes' half widths aside; track ends lie on its edges).
      const hex = outlineRing('hex', 38, 0.001);
      for (const it of art.items) for (const xy of it.kind === 'fill' ? it.rings : it.lines) for (let i = 0; i < xy.length; i += 2) expect(insideConvex(hex, xy[i]!, xy[i + 1]!), `tile ${t.id}`).toBe(true);
    }
  });

  it('puts a town joined to two sides on the track between them, and one token circle per city slot', () => {
    const art = trackTileArt(tile('3'), 38);
    const track = art.items.find((it) => it.kind === 'stroke' && it.colour === '#1a1a1a' && it.width === 38 * 0.075)!;
    // The town on a through track is a bar across it (four corners).
    const dot = art.items.find((it) => it.kind === 'fill' && it.rings[0]!.length === 8)!;
    const [x, y] = centre(dot.kind === 'fill' ? dot.rings[0]! : []);
    const line = track.kind === 'stroke' ? track.lines[0]! : [];
    expect(Math.min(...Array.from({ length: line.length / 2 }, (_, i) => Math.hypot(line[2 * i]! - x!, line[2 * i + 1]! - y!)))).toBeLessThan(0.01);
    const two = trackTileArt(tile('15'), 38).items.filter((it) => it.kind === 'stroke' && it.colour === '#1a1a1a' && it.lines.length === 2 && it.lines[0]!.length > 60);
    expect(two).toHaveLength(1);
  });

  it('prints the label and the revenue as strokes (no font needed)', () => {
    const art = trackTileArt(tile('63'), 38);
    const strokes = art.items.filter((it) => it.kind === 'stroke');
    // Track to all six sides, the slots' rims, the revenue "40", the label "OO" and the number "63".
    expect(strokes.length).toBeGreaterThanOrEqual(6 + 1 + 3);
  });
});
