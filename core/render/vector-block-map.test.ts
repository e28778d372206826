import { describe, expect, it } from 'vitest';
import { InstanceLayer } from '../map/instance-layer.js';
import { encodePlacement } from '../map/orientation-code.js';
import { TerrainMap } from '../map/terrain-map.js';
import type { VectorTile } from '../vector/types.js';
import { HEX } from '../vector/shape.js';
import { HEX_TILE, bend, on, poly, tileOf } from '../vector/vector.testkit.js';
import { buildMapGeometry } from './map-geometry.js';
import { defaultCatalogue } from './render.testkit.js';
import { blocksInView, FINE_FROM_PX, GROUND_BELOW_PX, LEVEL_DETAIL, vectorBlocks, vectorLevel } from './vector-blocks.js';
import { FINE_CACHE_BLOCKS, VectorBlockMap } from './vector-block-map.js';
import type { SlotBuffer } from './vector-slots.js';

/** A road bent across a hexagon: its samples follow the detail. */
const BENT: VectorTile = tileOf('bent', HEX, { kind: 'line', id: 'r', terrain: 'road', curve: bend(on(HEX, 0, 0.5), on(HEX, 2, 0.5)) });
const TILES = new Map([BENT, HEX_TILE].map((t) => [t.id, t] as const));
const source = (id: string) => TILES.get(id) ?? null;

/** A `w`×`h` hex map, every cell holding a tile (BENT or HEX_TILE) except those `skip` says. */
function instanceMap(w: number, h: number, skip: (c: number) => boolean = () => false, tileOfCell = (c: number) => (c % 3 ? BENT.id : HEX_TILE.id)) {
  const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: w, height: h }, palette: ['clear'] });
  map.layers.terrain.fill(1);
  const layer = new InstanceLayer(map.grid);
  for (let c = 0; c < map.tileCount; c++) if (!skip(c)) layer.set(c, tileOfCell(c), encodePlacement({ orientation: { rotation: 60 * (c % 6), mirror: 'none' } }));
  map.setInstances(layer);
  return map;
}

/** The non-degenerate triangles of a slotted buffer as sorted strings of rounded corners (order-free comparison). */
function triangles(b: SlotBuffer): string[] {
  const out: string[] = [];
  const p = b.positions;
  const c = b.colors;
  for (let i = 0; i < b.indices.length; i += 3) {
    const t = [b.indices[i]!, b.indices[i + 1]!, b.indices[i + 2]!];
    if (t[0] === t[1] && t[1] === t[2]) continue;
    out.push(t.map((v) => `${p[3 * v]!.toFixed(4)},${p[3 * v + 1]!.toFixed(4)},${c[4 * v]},${c[4 * v + 3]}`).join(' '));
  }
  return out.sort();
}

describe('vector blocks', () => {
  it('puts every cell in one spatially coherent block of about the size asked', () => {
    const map = instanceMap(100, 100);
    const geo = buildMapGeometry(map, defaultCatalogue);
    const blocks = vectorBlocks(geo, 2048);
    expect(blocks.count).toBe(9); // a 3×3 grid over 10 000 cells
    expect(blocks.cells.length).toBe(map.tileCount);
    expect(new Set(blocks.cells).size).toBe(map.tileCount);
    for (let b = 0; b < blocks.count; b++) {
      const size = blocks.starts[b + 1]! - blocks.starts[b]!;
      expect(size).toBeGreaterThan(700);
      expect(size).toBeLessThan(1600);
    }
    // A view of one corner shows one block, the whole map all of them.
    const bounds = geo.spacing;
    const c0 = map.grid.center(0);
    expect(blocksInView(blocks, { box: { minX: c0[0]! - bounds, maxX: c0[0]! + bounds, minY: c0[1]! - bounds, maxY: c0[1]! + bounds } })).toEqual([blocks.blockOf[0]]);
    expect(blocksInView(blocks, { box: { minX: -1e9, maxX: 1e9, minY: -1e9, maxY: 1e9 } })).toHaveLength(9);
  });

  it('splits the globe by cube face patches and shows only the blocks in front of the horizon', () => {
    const map = TerrainMap.create({ size: { kind: 'icosahedron', side: 12 } });
    const geo = buildMapGeometry(map, defaultCatalogue);
    const blocks = vectorBlocks(geo, 64);
    expect(blocks.caps).not.toBeNull();
    const seen = blocksInView(blocks, { eye: [0, 0, 1.3] });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.length).toBeLessThan(blocks.count / 2);
    const c = map.grid.center(0);
    expect(blocksInView(blocks, { eye: [c[0]! * 1.2, c[1]! * 1.2, c[2]! * 1.2] })).toContain(blocks.blockOf[0]);
  });

  it('samples curves finely only when tiles are large on screen', () => {
    expect(vectorLevel(GROUND_BELOW_PX - 0.5)).toBe('ground');
    expect(vectorLevel(GROUND_BELOW_PX)).toBe('coarse');
    expect(vectorLevel(FINE_FROM_PX - 1)).toBe('coarse');
    expect(vectorLevel(FINE_FROM_PX)).toBe('fine');
    expect(vectorLevel(200)).toBe('fine');
    expect(LEVEL_DETAIL.coarse).toBeLessThan(LEVEL_DETAIL.fine);
  });
});

describe('vector block map', () => {
  it('edits one tile of a 10 k-instance map in place: one block rebuilt, nothing tessellated, a block\'s vertices written', () => {
    const map = instanceMap(100, 100);
    const geo = buildMapGeometry(map, defaultCatalogue);
    const v = new VectorBlockMap(geo, source);
    const coarse = v.coarse();
    const total = coarse.fills.vertexCount + coarse.strokes.vertexCount + coarse.points.vertexCount;
    expect(v.tessellated('coarse')).toBe(2);
    const cell = map.grid.index([50, 50]);
    map.instances!.set(cell, HEX_TILE.id, encodePlacement({ orientation: { rotation: 120, mirror: 'x' } }));
    const work = v.edit([cell]);
    expect(work).toMatchObject({ blocks: 1, builds: 1, relaid: 0, tessellated: 0, fine: null });
    // One block of nine: its vertices, not the map's.
    expect(work.vertices).toBeLessThan(total / 6);
    expect(work.vertices).toBeGreaterThan(0);
    for (const r of work.coarse!.strokes.ranges) expect(r.indexStart + r.indexCount).toBeLessThanOrEqual(coarse.strokes.indices.length);
  });

  it('draws after an in-place edit exactly what a fresh build of the edited map draws', () => {
    const map = instanceMap(30, 30);
    const geo = buildMapGeometry(map, defaultCatalogue);
    const v = new VectorBlockMap(geo, source, { blockCells: 256 });
    const coarse = v.coarse();
    const cell = map.grid.index([15, 15]);
    map.instances!.set(cell, BENT.id, encodePlacement({ orientation: { rotation: 120, mirror: 'x' } }));
    map.instances!.clear(cell + 1);
    expect(v.edit([cell, cell + 1])).toMatchObject({ relaid: 0 });
    const bad = (b: SlotBuffer) => b.indices.findIndex((i) => i >= b.vertexCount);
    expect([bad(coarse.fills), bad(coarse.strokes), bad(coarse.points)]).toEqual([-1, -1, -1]);
    const fresh = new VectorBlockMap(geo, source, { blockCells: 256 }).coarse();
    for (const k of ['fills', 'strokes', 'points'] as const) {
      expect(coarse[k].indices.length % 3).toBe(0);
      expect(triangles(coarse[k])).toEqual(triangles(fresh[k]));
    }
  });

  it('redraws the neighbours an edit makes snap (or stop snapping), in their own blocks, and only those', () => {
    // Straight roads across every cell meet exactly; a road 0.52 along the edge instead of 0.5 snaps to them.
    const straight: VectorTile = tileOf('straight', HEX, { kind: 'line', id: 'r', terrain: 'road', curve: poly([on(HEX, 0, 0.5), on(HEX, 3, 0.5)]) });
    const off: VectorTile = tileOf('off', HEX, { kind: 'line', id: 'r', terrain: 'road', curve: poly([on(HEX, 0, 0.52), on(HEX, 3, 0.52)]) });
    const byId = new Map([straight, off].map((t) => [t.id, t] as const));
    const src = (id: string) => byId.get(id) ?? null;
    const map = instanceMap(30, 30, () => false, () => straight.id);
    for (let c = 0; c < map.tileCount; c++) map.instances!.set(c, straight.id, 0);
    const geo = buildMapGeometry(map, defaultCatalogue);
    const v = new VectorBlockMap(geo, src, { blockCells: 64 });
    const coarse = v.coarse();
    // A cell whose neighbour across its road edge lies in another block.
    const g = map.grid;
    const cell = Array.from({ length: g.tileCount }, (_, c) => c).find((c) => {
      const n = g.neighbor(c, 0);
      return n >= 0 && g.neighbor(c, 3) >= 0 && v.blocks.blockOf[n] !== v.blocks.blockOf[c];
    })!;
    map.instances!.set(cell, off.id, 0);
    const work = v.edit([cell]);
    // The cell's block and the block of the neighbour now snapped to it; the neighbours whose edges carry no road stay.
    expect(work.blocks).toBe(new Set([cell, g.neighbor(cell, 0), g.neighbor(cell, 3)].map((c) => v.blocks.blockOf[c])).size);
    expect(work.blocks).toBeGreaterThan(1);
    const fresh = new VectorBlockMap(geo, src, { blockCells: 64 }).coarse();
    for (const k of ['fills', 'strokes', 'points'] as const) expect(triangles(coarse[k])).toEqual(triangles(fresh[k]));
    // Back to straight: the neighbours stop snapping, and are drawn again.
    map.instances!.set(cell, straight.id, 0);
    expect(v.edit([cell]).blocks).toBe(work.blocks);
    const again = new VectorBlockMap(geo, src, { blockCells: 64 }).coarse();
    for (const k of ['fills', 'strokes', 'points'] as const) expect(triangles(coarse[k])).toEqual(triangles(again[k]));
  });

  it('clears a tile in place and lays the buffers out again when a block outgrows its slack', () => {
    // Only cell 0 holds a tile: its block's slots are small.
    const map = instanceMap(30, 30, (c) => c !== 0);
    const geo = buildMapGeometry(map, defaultCatalogue);
    const v = new VectorBlockMap(geo, source, { blockCells: 256 });
    const coarse = v.coarse();
    map.instances!.clear(0);
    expect(v.edit([0])).toMatchObject({ blocks: 1, relaid: 0 });
    expect(coarse.strokes.triangles()).toBe(0);
    // Fill the whole block of cell 0 in one edit: too much for its slack.
    const block = v.blocks.blockOf[0]!;
    const cells = Array.from(v.blocks.cells.subarray(v.blocks.starts[block]!, v.blocks.starts[block + 1]!));
    for (const c of cells) map.instances!.set(c, BENT.id, 0);
    const work = v.edit(cells);
    expect(work).toMatchObject({ blocks: 1, relaid: 1 });
    expect(work.coarse!.strokes.relaid).toBe(true);
    expect(triangles(coarse.strokes)).toEqual(triangles(new VectorBlockMap(geo, source, { blockCells: 256 }).coarse().strokes));
  });

  it('draws all casings of every block before any line: a neighbour block\'s casing never covers a road', () => {
    // Roads only: every stroke is a casing or a road.
    const map = instanceMap(40, 40, () => false, () => BENT.id);
    const v = new VectorBlockMap(buildMapGeometry(map, defaultCatalogue), source, { blockCells: 256 });
    const s = v.coarse().strokes;
    const road = defaultCatalogue.terrains.find((t) => t.id === 'road')!.colour;
    const rgb = [1, 3, 5].map((i) => parseInt(road.slice(i, i + 2), 16));
    let firstLine = Infinity;
    let lastOther = -1;
    for (let i = 0; i < s.indices.length; i += 3) {
      const t = [s.indices[i]!, s.indices[i + 1]!, s.indices[i + 2]!];
      if (t[0] === t[1] && t[1] === t[2]) continue;
      const isLine = rgb.every((x, j) => s.colors[4 * t[0]! + j] === x);
      if (isLine) firstLine = Math.min(firstLine, i);
      else lastOther = i;
    }
    expect(v.blocks.count).toBeGreaterThan(4);
    expect(lastOther).toBeLessThan(firstLine);
  });

  it('builds the coarse level only for the blocks in view, and moves blocks into the slots of those that left', () => {
    const map = instanceMap(100, 100);
    const geo = buildMapGeometry(map, defaultCatalogue);
    const v = new VectorBlockMap(geo, source, { blockCells: 128 });
    expect(v.blocks.count).toBeGreaterThan(40);
    const a = v.coarseInView([0, 1, 2]);
    expect([a.built, a.changed, a.slots.blocks]).toEqual([3, true, [0, 1, 2]]);
    expect(v.coarseInView([0, 1, 2])).toMatchObject({ built: 0, changed: false });
    // Panned: block 3 takes block 0's slot, written in place; what is drawn equals a fresh layout of the same blocks.
    const moved = v.coarseInView([1, 2, 3]);
    expect(moved).toMatchObject({ built: 1, changed: true });
    expect(moved.slots).toBe(a.slots);
    expect(moved.write).not.toBeNull();
    const fresh = new VectorBlockMap(geo, source, { blockCells: 128 }).coarseInView([1, 2, 3]).slots;
    for (const k of ['fills', 'strokes', 'points'] as const) expect(triangles(moved.slots[k])).toEqual(triangles(fresh[k]));
    // An edit out of view writes nothing at the coarse level; the block is drawn as edited when it comes into view.
    const cell = v.blocks.cells[v.blocks.starts[0]!]!;
    map.instances!.set(cell, BENT.id, encodePlacement({ orientation: { rotation: 240, mirror: 'x' } }));
    expect(v.edit([cell])).toMatchObject({ coarse: null });
    const back = v.coarseInView([0, 1, 2]);
    expect(back.built).toBe(1);
    const edited = new VectorBlockMap(geo, source, { blockCells: 128 }).coarseInView([0, 1, 2]).slots;
    for (const k of ['fills', 'strokes', 'points'] as const) expect(triangles(back.slots[k])).toEqual(triangles(edited[k]));
    // More blocks in view than slots (zoomed out): laid out again, the whole map at most.
    expect(v.coarseInView(Array.from({ length: v.blocks.count }, (_, b) => b))).toMatchObject({ write: null, built: v.blocks.count });
  });

  it('builds the fine level per block in view, keeps it while shown, evicts the least recently shown', () => {
    const map = instanceMap(100, 100);
    const geo = buildMapGeometry(map, defaultCatalogue);
    const v = new VectorBlockMap(geo, source, { blockCells: 128 });
    const a = v.fine([0, 1]);
    expect([a.built, a.changed]).toEqual([2, true]);
    expect(v.fine([0, 1])).toMatchObject({ built: 0, changed: false });
    // Block 2 comes into view as block 0 leaves: it takes block 0's slot, written in place.
    const moved = v.fine([1, 2]);
    expect(moved).toMatchObject({ built: 1, changed: true });
    expect(moved.write).not.toBeNull();
    expect(moved.slots).toBe(a.slots);
    const laidFresh = new VectorBlockMap(geo, source, { blockCells: 128 }).fine([1, 2]).slots;
    expect(triangles(moved.slots.strokes)).toEqual(triangles(laidFresh.strokes));
    // More blocks in view than slots: laid out again.
    expect(v.fine([1, 2, 3]).write).toBeNull();
    // Fine strokes have more samples than coarse ones for the same blocks.
    const coarse = new VectorBlockMap(geo, source, { blockCells: 128 });
    const fine = v.fine([1, 2]).slots;
    expect(fine.strokes.triangles()).toBeGreaterThan(coarse.coarse().strokes.triangles() * (2 / coarse.blocks.count) * 1.5);
    // An edit in a fine block in view rewrites both levels' slots; no coarse level built here, so only fine.
    const cell = v.blocks.cells[v.blocks.starts[2]!]!;
    map.instances!.set(cell, BENT.id, 0);
    expect(v.edit([cell])).toMatchObject({ blocks: 1, builds: 1, coarse: null });
    for (let b = 3; b < 3 + FINE_CACHE_BLOCKS + 5; b++) v.fine([b]);
    expect(v.fineCached()).toBe(FINE_CACHE_BLOCKS);
    // Block 0 was shown longest ago: built again; the last one shown is still at hand.
    const last = 3 + FINE_CACHE_BLOCKS + 4;
    expect(v.fine([0, last]).built).toBe(1);
  });
});
