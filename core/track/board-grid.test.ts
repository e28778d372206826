import { describe, expect, it } from 'vitest';
import { externalPath, readExternal } from '../../test/support/formats.js';
import { parseRailsMap } from '../formats/rails/map-xml.js';
import { HexRectangleGrid } from '../grid/hex/hex-rectangle.js';
import { boardHexTile, boardPlacement } from './board-grid.js';
import { sideToDirection } from './sides.js';
import type { Board } from './types.js';

function checkSides(board: Board): void {
  const { size } = boardPlacement(board);
  const grid = new HexRectangleGrid(size.width, size.height);
  const tiles = new Map(board.hexes.map((h) => [h.name, boardHexTile(grid, board, h.name)]));
  expect(new Set(tiles.values()).size).toBe(board.hexes.length);
  let checked = 0;
  for (const h of board.hexes) {
    for (const s of h.impassableSides) {
      // The hex across side s on the board is the grid neighbour in direction sideToDirection(s).
      const across = grid.neighbor(tiles.get(h.name)!, sideToDirection(s, board.orientation));
      const other = board.hexes.find((o) => tiles.get(o.name) === across)!;
      expect(other.impassableSides).toContain((s + 3) % 6);
      checked++;
    }
  }
  expect(checked).toBeGreaterThan(0);
}

describe('boards on the grid', () => {
  it('NS boards: Rails sides agree with the grid directions of the 18xx name converter', () => {
    const board = parseRailsMap(
      `<Map tileOrientation="NS" letterOrientation="horizontal" even="A">
        <Hex name="A2" impassable="B3"/><Hex name="B3"/><Hex name="B1" impassable="B3"/><Hex name="C2" impassable="B3,B1"/><Hex name="A4" impassable="B3"/><Hex name="C4" impassable="B3"/><Hex name="B5" impassable="B3"/>
      </Map>`,
      'Map.xml',
    );
    expect(board.hexes.find((h) => h.name === 'B3')!.impassableSides).toEqual([0, 1, 2, 3, 4, 5]);
    expect(boardPlacement(board).rotation).toBe(0);
    checkSides(board);
  });
});

const mapXml = externalPath('18xx/rails/1830/Map.xml');

describe.skipIf(!mapXml)('the 1830 board on the grid', () => {
  it('fits a pointy-top hex-rectangle, and impassable sides face the named neighbours', () => {
    const board = parseRailsMap(readExternal(mapXml!), '1830/Map.xml');
    const placement = boardPlacement(board);
    expect(placement.rotation).toBe(270);
    checkSides(board);
  });
});
