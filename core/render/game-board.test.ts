import { describe, expect, it } from 'vitest';
import { boardCentres, drawBoard, BOARD_PAPER } from './game-board.js';
import { TRACK_COLOURS } from './track-tile.js';
import { smallGame } from '../game/game.testkit.js';
import { boardNeighbours } from '../game/topology.js';
import { sidePoint } from './track-paths.js';
import { placedShapesSvgDocument } from './tile-svg.js';
import type { BoardHex } from '../track/types.js';

const game = smallGame();
const tiles = new Map(game.tiles.map((t) => [t.id, t]));
const content = (h: BoardHex) => ({ tile: h.tileId ? (tiles.get(h.tileId) ?? null) : null, rotation: h.rotation });

describe('an 18xx board drawn', () => {
  it("puts every hex's neighbour across each side where that side points, one hex width away", () => {
    const centres = boardCentres(game.board, 100);
    const near = boardNeighbours(game.board);
    let checked = 0;
    for (const [name, sides] of near) {
      sides.forEach((other, side) => {
        if (!other) return;
        const [ax, ay] = centres.get(name)!;
        const [bx, by] = centres.get(other)!;
        const [sx, sy] = sidePoint({ size: 100, pointy: false }, side);
        // The neighbour's centre is twice the side's middle away (100 across the flats).
        expect(bx - ax).toBeCloseTo(2 * sx, 6);
        expect(by - ay).toBeCloseTo(2 * sy, 6);
        checked++;
      });
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('draws preprinted tiles as 18xx tiles, plain hexes on paper, and a token in its company colour on its city slot', () => {
    const d = drawBoard(game.board, content, [{ hex: 'B3', city: 0, company: 'PRR', colour: '#123456' }]);
    expect(d.hexes).toHaveLength(game.board.hexes.length);
    // A2's preprinted tile is plain white; a hex with no tile at all is the board's paper.
    expect(d.hexes.find((h) => h.name === 'A2')!.shapes[0]).toMatchObject({ kind: 'fill', colour: TRACK_COLOURS.white });
    const bare = drawBoard(game.board, () => ({ tile: null, rotation: 0 }), []);
    expect(bare.hexes[0]!.shapes[0]).toMatchObject({ kind: 'fill', colour: BOARD_PAPER });
    const e4 = d.hexes.find((h) => h.name === 'E4')!;
    expect(e4.cities[0]!.slots).toHaveLength(2);
    const b3 = d.hexes.find((h) => h.name === 'B3')!;
    const token = b3.shapes.find((s) => s.kind === 'fill' && s.colour === '#123456');
    expect(token).toBeDefined();
    const texts = b3.shapes.filter((s) => s.kind === 'text').map((s) => (s.kind === 'text' ? s.text : ''));
    expect(texts).toEqual(expect.arrayContaining(['B3', 'PRR']));
    const [x0, y0, x1, y1] = d.bounds;
    for (const h of d.hexes) expect(h.centre[0] >= x0 && h.centre[0] <= x1 && h.centre[1] >= y0 && h.centre[1] <= y1).toBe(true);
  });

  it('turns a laid tile by its rotation', () => {
    const b1 = game.board.hexes.find((h) => h.name === 'B1')!;
    const d = drawBoard({ ...game.board, hexes: [b1] }, () => ({ tile: tiles.get('7')!, rotation: 2 }), []);
    const track = d.hexes[0]!.shapes.filter((s) => s.kind === 'stroke' && s.colour === '#1a1a1a' && s.lines[0]!.length > 8);
    const line = track[0]!.kind === 'stroke' ? track[0]!.lines[0]! : [];
    // Tile 7 joins sides 0 and 1; turned twice, sides 2 and 3.
    const [ax, ay] = sidePoint({ size: 100, pointy: false }, 2);
    expect(line[0]).toBeCloseTo(ax, 6);
    expect(line[1]).toBeCloseTo(ay, 6);
  });
});

describe('a board as one SVG document', () => {
  it('places every hex in its own group at its centre, on the background, in the board\'s box', () => {
    const d = drawBoard(game.board, content, []);
    const svg = placedShapesSvgDocument(d.hexes, d.bounds, '#dcd6c3');
    expect(svg.match(/<g transform="translate\(/g)).toHaveLength(d.hexes.length);
    const [x0, y0, x1, y1] = d.bounds;
    expect(svg).toContain(`viewBox="${Math.round(x0 * 100) / 100} ${Math.round(y0 * 100) / 100} ${Math.round((x1 - x0) * 100) / 100} ${Math.round((y1 - y0) * 100) / 100}"`);
    expect(svg).toContain('fill="#dcd6c3"');
  });
});
