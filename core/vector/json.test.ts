import { describe, expect, it } from 'vitest';
import { inputErrorMessage } from '../util/input-error.testkit.js';
import { readVectorTile, vectorTileToJson, writeVectorTile } from './json.js';
import { globeTileShape } from './globe-shape.js';
import { IcosahedronGrid } from '../grid/icosahedron/icosahedron-grid.js';
import { warpHexTile } from './warp.js';
import { exportSvg, importSvg } from './svg.js';
import { CLEARING_TILE, HEX_TILE, OFFSET_TILE, PENTAGON_TILE, SQUARE_TILE } from './vector.testkit.js';

describe('native JSON form', () => {
  it('read → write → read is the identity, for every shape and a globe polygon', () => {
    const grid = new IcosahedronGrid(3);
    const globe = warpHexTile(HEX_TILE, globeTileShape(grid, 40), -1).tile;
    for (const tile of [SQUARE_TILE, CLEARING_TILE, OFFSET_TILE, HEX_TILE, PENTAGON_TILE, globe]) {
      const text = writeVectorTile(tile);
      const back = readVectorTile(text, 'tile.json');
      expect(vectorTileToJson(back)).toEqual(vectorTileToJson(tile));
      expect(writeVectorTile(back)).toBe(text);
    }
  });

  it('a point with a height (a spot height) survives JSON and SVG', () => {
    const tile = { ...SQUARE_TILE, elements: [...SQUARE_TILE.elements, { kind: 'point' as const, id: 'spot', terrain: 'peak', at: [0.2, 0.1] as const, height: 123.5 }] };
    const back = readVectorTile(writeVectorTile(tile), 'tile.json');
    expect(back.elements.find((e) => e.id === 'spot')).toMatchObject({ kind: 'point', height: 123.5 });
    const svg = importSvg(exportSvg(tile), 'tile.svg').tile;
    expect(svg.elements.find((e) => e.id === 'spot')).toMatchObject({ kind: 'point', height: 123.5 });
    expect(svg.elements.find((e) => e.id === 'peak')).not.toHaveProperty('height');
  });

  it('bad files give one clear error naming the file and the element', () => {
    const good = JSON.parse(writeVectorTile(HEX_TILE));
    expect(inputErrorMessage(() => readVectorTile(writeVectorTile(HEX_TILE).slice(0, 200), 'cut.json'))).toMatch(/^cut\.json: line \d+, column \d+: malformed JSON/);
    const noSide = structuredClone(good);
    delete noSide.elements[1].side;
    expect(inputErrorMessage(() => readVectorTile(JSON.stringify(noSide), 'x.json'))).toBe('x.json: $.elements[1] (element "wood").side: an area needs a side: "left" or "right" of the curve (inside, or uphill for a contour)');
    const outside = structuredClone(good);
    outside.elements[3].at = [3, 0];
    expect(inputErrorMessage(() => readVectorTile(JSON.stringify(outside), 'x.json'))).toMatch(/x\.json: tile "hex", element "well": point "well": lies outside the tile/);
    const middle = structuredClone(good);
    middle.elements[0].points[1] = [0, 1.5];
    middle.elements[0].points[2] = [0, 1.5];
    expect(inputErrorMessage(() => readVectorTile(JSON.stringify(middle), 'x.json'))).toMatch(/element "river": line "river": (leaves the tile|touches the tile's edge)/);
    const vertex = structuredClone(good);
    vertex.elements[0].points[0] = [-2 / Math.sqrt(3) / 2, 1];
    expect(inputErrorMessage(() => readVectorTile(JSON.stringify(vertex), 'x.json'))).toMatch(/line "river": its start lies on a vertex/);
    const crossing = structuredClone(good);
    crossing.elements.push({ id: 'c200', kind: 'area', terrain: 'hill', side: 'left', height: 200, closed: false, points: [[-0.7, 0.2], [-0.5, 0], [-0.4, -0.2], [-0.2, -0.4]] });
    crossing.elements[4].points[3] = [-0.2, -0.4];
    expect(inputErrorMessage(() => readVectorTile(JSON.stringify(crossing), 'x.json'))).toMatch(/area "c200": an open area curve must start and end on tile edges/);
    const contours = structuredClone(good);
    contours.elements.push({ id: 'c50', kind: 'area', terrain: 'hill', side: 'left', height: 50, closed: true, points: [[-0.5, 0.1], [-0.5, -0.3], [-0.1, -0.3], [-0.1, 0.1], [-0.2, 0.2], [-0.4, 0.2], [-0.5, 0.1]] });
    expect(inputErrorMessage(() => readVectorTile(JSON.stringify(contours), 'x.json'))).toMatch(/contour "c100" crosses contour "c50"/);
    expect(inputErrorMessage(() => readVectorTile(JSON.stringify({ ...good, version: 9 }), 'x.json'))).toMatch(/newer than this Sandtable reads/);
    expect(inputErrorMessage(() => readVectorTile(JSON.stringify({ ...good, extra: 1 }), 'x.json'))).toMatch(/\$\.extra: unknown field/);
  });
});
