import { describe, expect, it } from 'vitest';
import { decode } from 'fast-png';
import { encodePngRgba } from '../../util/png.js';
import { parseTsx } from './tsx.js';
import { tilesetRasterTiles } from './tileset-tiles.js';

/** Two 2×2 tiles side by side with a margin of 1 and a spacing of 1: red, then blue. */
function sheet(): Uint8Array {
  const w = 6;
  const h = 4;
  const rgba = new Uint8Array(w * h * 4).fill(255);
  const paint = (x0: number, rgb: [number, number, number]) => {
    for (let y = 1; y < 3; y++) for (let x = x0; x < x0 + 2; x++) rgba.set([...rgb, 255], (y * w + x) * 4);
  };
  paint(1, [200, 0, 0]);
  paint(4, [0, 0, 200]);
  return encodePngRgba(w, h, rgba);
}

const TSX = `<tileset name="Moat &amp; Wall" tilewidth="2" tileheight="2" spacing="1" margin="1" tilecount="2" columns="2">
 <image source="sheet.png" width="6" height="4"/>
 <wangsets><wangset name="w" type="corner" tile="0">
  <wangcolor name="Grass" color="#00ff00" tile="0" probability="1"/>
  <wangcolor name="Water" color="#0000ff" tile="1" probability="1"/>
  <wangtile tileid="0" wangid="0,1,0,2,0,2,0,1"/>
 </wangset></wangsets>
</tileset>`;

describe('Tiled tileset → library raster tiles', () => {
  it('cuts each tile out of the image (margin, spacing) and labels its edges from the Wang set in world directions', () => {
    const { tiles, skipped } = tilesetRasterTiles(parseTsx(TSX, 'moat.tsx'), sheet(), 'moat.tsx');
    expect(skipped).toEqual([]);
    expect(tiles.map((t) => [t.id, t.name, t.width, t.height])).toEqual([
      ['moat-wall-0', 'Moat & Wall 0', 2, 2],
      ['moat-wall-1', 'Moat & Wall 1', 2, 2],
    ]);
    const px = (k: number) => [...decode(tiles[k]!.image.data).data.subarray(0, 4)];
    expect(px(0)).toEqual([200, 0, 0, 255]);
    expect(px(1)).toEqual([0, 0, 200, 255]);
    // Corners: top-right Grass, bottom-right Water, bottom-left Water, top-left Grass.
    expect(tiles[0]!.edges).toEqual(['Grass/-/Grass', 'Grass/-/Water', 'Water/-/Water', 'Grass/-/Water']);
    // No Wang entry: unlabelled edges.
    expect(tiles[1]!.edges).toEqual(['-/-/-', '-/-/-', '-/-/-', '-/-/-']);
  });

  it('names the tiles past the limit as skipped, with the reason: cut + skipped = the tileset', () => {
    const { tiles, skipped } = tilesetRasterTiles(parseTsx(TSX, 'moat.tsx'), sheet(), 'moat.tsx', 1);
    expect(tiles.map((t) => t.id)).toEqual(['moat-wall-0']);
    expect(skipped).toEqual([{ id: 'moat-wall-1', reason: 'past the 1 tiles one tileset may give' }]);
  });

  it('refuses an image that is not a PNG, or too small for the tiles, naming the file', () => {
    const ts = parseTsx(TSX, 'moat.tsx');
    expect(() => tilesetRasterTiles(ts, new Uint8Array([1, 2, 3]), 'moat.tsx')).toThrow(/^moat\.tsx: sheet\.png: expected a PNG image/);
    expect(() => tilesetRasterTiles(ts, encodePngRgba(4, 4, new Uint8Array(64)), 'moat.tsx')).toThrow(/tile 1 lies outside the 4×4 image/);
  });
});
