import { describe, expect, it } from 'vitest';
import { outlineRing, strokesIntoBleed, type ArtItem, type TileArt } from './art.js';
import { trackTileArt } from './track-art.js';
import { SAMPLE_TRACK } from './sheets.testkit.js';

const strokes = (art: TileArt) => art.items.filter((it): it is Extract<ArtItem, { kind: 'stroke' }> => it.kind === 'stroke');
const reach = (xy: readonly number[]) => Math.max(...Array.from({ length: 6 }, (_, k) => xy[0]! * Math.cos(((30 + 60 * k) * Math.PI) / 180) + xy[1]! * Math.sin(((30 + 60 * k) * Math.PI) / 180)));

describe('strokes carried into the bleed', () => {
  it('runs track that ends on a side on outward, its round cap stopping at the bleed edge (38 mm, 3 mm bleed)', () => {
    const art = trackTileArt(SAMPLE_TRACK.find((t) => t.id === '8')!, 38);
    const track = strokes(art)[0]!;
    const grown = strokes(strokesIntoBleed(art, 38, 3))[0]!;
    expect(grown.lines).toHaveLength(track.lines.length);
    grown.lines.forEach((l, i) => {
      expect(l.length).toBe(track.lines[i]!.length + 4);
      // Both ends: from the side (19 mm out) to 19 + 3 − half the width.
      for (const end of [l.slice(0, 2), l.slice(-2)]) expect(reach(end)).toBeCloseTo(19 + 3 - track.width / 2, 2);
    });
  });

  it('leaves strokes inside the tile, along its outline, and every stroke when the bleed is under half a width', () => {
    const art: TileArt = {
      outlineKind: 'hex',
      ground: '#ffffff',
      items: [
        { kind: 'stroke', colour: '#000', width: 1, lines: [[0, 0, 5, 5]] },
        { kind: 'stroke', colour: '#000', width: 1, lines: [outlineRing('hex', 38)] },
      ],
    };
    expect(strokesIntoBleed(art, 38, 3).items).toEqual(art.items);
    const track = trackTileArt(SAMPLE_TRACK.find((t) => t.id === '8')!, 38);
    expect(strokesIntoBleed(track, 38, 1).items).toEqual(track.items);
  });
});
