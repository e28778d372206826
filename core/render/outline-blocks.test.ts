import { describe, expect, it } from 'vitest';
import { TerrainMap } from '../map/terrain-map.js';
import type { GridSize } from '../grid/types.js';
import { tileClasses } from '../alform/tile-classes.js';
import { seededRandom } from '../util/random.js';
import { buildMapGeometry, type MapGeometry } from './map-geometry.js';
import type { Outlines } from './outlines.js';
import type { LineBuffers } from './lines.js';
import { BLOCKED_OUTLINE_TILES, EDIT_REACH, OUTLINE_BLOCK_TILES } from './outline-blocks.js';
import { defaultCatalogue } from './render.testkit.js';
import { FlatFrame } from './flat-frame.js';
import { DEFAULT_LAYOUT } from '../grid/types.js';
import type { IndexXYGrid } from '../grid/capabilities.js';

const AREAS = ['clear', 'forest', 'hills', 'ocean', 'rough'];
const LINEARS = ['river', 'road', 'wall'];

/** A map just over the blocked size, painted at random as the render bench paints its maps. */
function paintedMap(size: GridSize, seed: number): TerrainMap {
  const map = TerrainMap.create({ size, alform: true });
  const random = seededRandom(seed);
  const area = AREAS.map((id) => map.terrainIndex(id));
  const linear = LINEARS.map((id) => map.terrainIndex(id));
  const classes = tileClasses(map.grid);
  for (let i = 0; i < map.tileCount; i++) {
    if (classes[i] === 0) map.layers.terrain[i] = area[Math.floor(random() * area.length)]!;
    else if (random() < 0.3) map.layers.terrain[i] = linear[Math.floor(random() * linear.length)]!;
  }
  return map;
}

/** Every segment of `lines` as a sortable key (ends, colour, terrain, owner): the picture, whatever the order. */
function keys(lines: readonly LineBuffers[]): string[] {
  const out: string[] = [];
  for (const l of lines) {
    for (let s = 0; s < l.segmentCount; s++) {
      const p = Array.from(l.positions.subarray(6 * s, 6 * s + 6));
      out.push(`${p.join(',')}|${Array.from(l.colors.subarray(8 * s, 8 * s + 8)).join(',')}|${l.terrain[s]}|${l.tile[s]}`);
    }
  }
  return out.sort();
}

function expectSamePicture(blocks: readonly Outlines[], whole: Outlines): void {
  for (const part of ['area', 'linear', 'barriers'] as const) expect(keys(blocks.map((b) => b[part]))).toEqual(keys([whole[part]]));
}

const SIZE: GridSize = { kind: 'hex-rectangle', width: 211, height: 201 };

describe('outline blocks (large flat maps)', () => {
  it('cuts a large map into blocks whose outlines together are the whole map\'s', () => {
    const map = paintedMap(SIZE, 3);
    expect(map.tileCount).toBeGreaterThan(BLOCKED_OUTLINE_TILES);
    const g = buildMapGeometry(map, defaultCatalogue);
    expect(g.outlinesInBlocks).toBe(true);
    const u = g.outlineBlocks('foot');
    expect(u.rebuilt).toBeNull();
    expect(u.blocks.length).toBeGreaterThan(4);
    expectSamePicture(u.blocks, g.outlines('foot'));
    // Wheels have barriers (rivers they cannot cross): the blocks carry those too.
    expectSamePicture(g.outlineBlocks('wheeled').blocks, g.outlines('wheeled'));
  });

  it('after random one-tile edits, the blocks worked out again give the picture of a full rebuild, block by block', () => {
    const map = paintedMap(SIZE, 5);
    const g = buildMapGeometry(map, defaultCatalogue);
    g.outlineBlocks('wheeled');
    const random = seededRandom(17);
    const classes = tileClasses(map.grid);
    const { xs, ys } = new FlatFrame(map.grid as IndexXYGrid, DEFAULT_LAYOUT);
    const minX = Math.min(...xs);
    const minY = Math.min(...ys);
    const fromSide = (v: number) => {
      const r = v % OUTLINE_BLOCK_TILES;
      return Math.min(r, OUTLINE_BLOCK_TILES - r);
    };
    // Half the edits anywhere, half within a few tiles of a block side (where a reach too short would show).
    const nearSide = (): number => {
      for (;;) {
        const t = Math.floor(random() * map.tileCount);
        if (Math.min(fromSide(xs[t]! - minX), fromSide(ys[t]! - minY)) <= 2) return t;
      }
    };
    for (let e = 0; e < 12; e++) {
      const tile = e % 2 === 0 ? Math.floor(random() * map.tileCount) : nearSide();
      const pick = classes[tile] === 0 ? AREAS : [...LINEARS, ''];
      const id = pick[Math.floor(random() * pick.length)]!;
      map.layers.terrain[tile] = id === '' ? 0 : map.terrainIndex(id);
      g.updateTiles([tile]);
      const u = g.outlineBlocks('wheeled');
      expect(u.rebuilt).not.toBeNull();
      const fresh = buildMapGeometry(map, defaultCatalogue).outlineBlocks('wheeled');
      expect(u.blocks.length).toBe(fresh.blocks.length);
      for (let b = 0; b < u.blocks.length; b++) {
        for (const part of ['area', 'linear', 'barriers'] as const) expect(keys([u.blocks[b]![part]]), `edit ${e} at tile ${tile}, block ${b} ${part}`).toEqual(keys([fresh.blocks[b]![part]]));
      }
    }
  });

  it('a one-tile edit works out only the blocks about the tile: one inside a block, at most four at a corner', () => {
    const map = paintedMap(SIZE, 9);
    const g: MapGeometry = buildMapGeometry(map, defaultCatalogue);
    const first = g.outlineBlocks('foot');
    const total = first.blocks.length;
    const forest = map.terrainIndex('forest');
    const classes = tileClasses(map.grid);
    // Blocks are counted from the smallest coordinates on the map.
    const { xs, ys } = new FlatFrame(map.grid as IndexXYGrid, DEFAULT_LAYOUT);
    const [minX, minY] = [Math.min(...xs), Math.min(...ys)];
    const areaTileNear = (x: number, y: number) => {
      for (let d = 0; d < 8; d++) {
        const i = (map.grid as IndexXYGrid).indexXY(minX + x + d, minY + y);
        if (i >= 0 && classes[i] === 0) return i;
      }
      throw new Error(`no area tile near ${x}, ${y}`);
    };
    // In the middle of a block, far from its sides: that block only.
    const mid = Math.floor(OUTLINE_BLOCK_TILES / 2);
    const inner = areaTileNear(mid + EDIT_REACH, mid);
    map.layers.terrain[inner] = forest;
    g.updateTiles([inner]);
    expect(g.outlineBlocks('foot').rebuilt).toHaveLength(1);
    // At a block corner: the (up to) four blocks that meet there.
    const corner = areaTileNear(OUTLINE_BLOCK_TILES, OUTLINE_BLOCK_TILES);
    map.layers.terrain[corner] = forest;
    g.updateTiles([corner]);
    const rebuilt = g.outlineBlocks('foot').rebuilt!;
    expect(rebuilt.length).toBeGreaterThanOrEqual(2);
    expect(rebuilt.length).toBeLessThanOrEqual(4);
    // No edit since: nothing to work out.
    expect(g.outlineBlocks('foot').rebuilt).toHaveLength(0);
    // A new mode works every block out.
    expect(g.outlineBlocks('wheeled').rebuilt).toBeNull();
    expect(total).toBeGreaterThan(4);
  });

  it('classic square maps (edge terrain at doubled coordinates): edge and tile edits give a full rebuild\'s picture', () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 220, height: 200 }, alform: false, palette: ['clear', 'forest', 'road', 'river'] });
    const random = seededRandom(23);
    for (let i = 0; i < map.tileCount; i++) map.layers.terrain[i] = 1 + Math.floor(random() * 2);
    const edge = () => ['road', 'river'][Math.floor(random() * 2)]!;
    // Tiles off the map's rim, so every direction has an edge.
    const inner = (x: number) => map.grid.index([x, 1 + Math.floor(random() * 198)]);
    for (let k = 0; k < 4000; k++) map.setEdgeTerrain(inner(1 + Math.floor(random() * 218)), 2 * Math.floor(random() * 2), edge());
    const g = buildMapGeometry(map, defaultCatalogue);
    expect(g.outlinesInBlocks).toBe(true);
    expectSamePicture(g.outlineBlocks('wheeled').blocks, g.outlines('wheeled'));
    for (let e = 0; e < 6; e++) {
      // Tiles on the first block side (x 62…65), half the edits an edge, half a tile.
      const tile = inner(OUTLINE_BLOCK_TILES - 2 + Math.floor(random() * 4));
      if (e % 2 === 0) {
        const dir = 2 * Math.floor(random() * 2);
        map.setEdgeTerrain(tile, dir, edge());
        g.updateEdges([map.grid.edgeSlot(tile, dir)]);
      } else {
        map.layers.terrain[tile] = 3 - map.layers.terrain[tile]!;
        g.updateTiles([tile]);
      }
      const u = g.outlineBlocks('wheeled');
      expect(u.rebuilt!.length).toBeGreaterThan(0);
      const fresh = buildMapGeometry(map, defaultCatalogue).outlineBlocks('wheeled');
      for (let b = 0; b < u.blocks.length; b++) {
        for (const part of ['area', 'linear', 'barriers'] as const) expect(keys([u.blocks[b]![part]]), `edit ${e}, block ${b} ${part}`).toEqual(keys([fresh.blocks[b]![part]]));
      }
    }
  });

  it('small maps are outlined in one block, worked out whole', () => {
    const map = paintedMap({ kind: 'hex-rectangle', width: 41, height: 41 }, 1);
    const g = buildMapGeometry(map, defaultCatalogue);
    expect(g.outlinesInBlocks).toBe(false);
    const u = g.outlineBlocks('foot');
    expect(u.blocks).toHaveLength(1);
    expect(u.rebuilt).toBeNull();
    expectSamePicture(u.blocks, g.outlines('foot'));
  });
});
