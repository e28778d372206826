/**
 * Placing tiles by hand and assembling regions as jobs, through AppServices.call on a hex map
 * of the starter tiles: `maps.fitting` answers exactly core's fit rule (fit.ts, checked here
 * against `fitsAt` and the independent checker), `maps.placeTile` refuses a misfit with the
 * edge that does not match and places a fitting tile as one undo step, and `maps.assemble`
 * runs as a job whose cancelling leaves the map as it was.
 */
import { describe, expect, it } from 'vitest';
import type { AppEvent, EditResult, FittingAnswer, MapPayload, Results } from '../../contract/contract.js';
import { mapFromJson } from '../../core/map/map-json.js';
import { AssemblyLibrary, InstanceLayer, buildTopology, checkAssembly, checkPainting, fitsAt, shapeClassesOf } from '../../core/assemble/index.js';
import { matchOptionsFrom } from '../../core/vector/terrain-rules.js';
import { parseCatalogue } from '../../core/terrain/catalogue.js';
import catalogueJson from '../../resources/terrain/default.json' with { type: 'json' };
import { ASSEMBLE_LABEL } from './assemble-task.js';
import { useServicesKit } from './services.testkit.js';

const kit = useServicesKit('sandtable-placing-');
const { call } = kit;
const match = matchOptionsFrom(parseCatalogue(structuredClone(catalogueJson), 'default.json'));

/** A hex map filled with `fill` (painted), or left unpainted (null: every tile free). */
async function hexMap(size = '5x4', fill: string | null = 'clear'): Promise<string> {
  const { summary } = await call<MapPayload>('maps.create', { name: 'Hexes', kind: 'hex-rectangle', size, alform: false, ...(fill ? { fill } : {}) });
  return summary.id;
}

async function loaded(id: string) {
  return mapFromJson((await call<MapPayload>('maps.load', { id })).map);
}

/** Core's own answer for the map as stored: the library's hex tiles compiled afresh. */
function coreFits(map: ReturnType<typeof mapFromJson>, cell: number) {
  const topology = buildTopology(map.grid);
  const lib = new AssemblyLibrary(kit.services.library().library.vector.tiles(['hex']), { match, shapeClasses: shapeClassesOf(topology) });
  return { lib, topology, fits: fitsAt(topology, map.instances ?? new InstanceLayer(map.grid), lib, cell) };
}

describe('maps.fitting and maps.placeTile', () => {
  it('offers what core fits, places it as one undo step, and refuses a misfit naming the edge', { timeout: 120_000 }, async () => {
    const id = await hexMap('5x4', null);
    const centre = 7;
    // An empty, unpainted map: every hex tile fits everywhere, in every placement it takes.
    const empty = await call<FittingAnswer>('maps.fitting', { id, at: centre, limit: 1000 });
    if (empty.kind !== 'position') throw new Error('expected a position answer');
    const all = await call<FittingAnswer>('maps.fitting', { id });
    if (all.kind !== 'library') throw new Error('expected a library answer');
    expect(empty.total).toBe(all.total);
    // The picture is the library panel's (one drawer, core/vector/thumbnail.ts, in the catalogue's colours).
    const pictured = empty.fits[0]!;
    const library = await call<{ thumbnails: { tile: string; svg: string }[] }>('tiles.thumbnails', { library: 'user', tiles: [pictured.vectorTile], size: 96 });
    expect(pictured.thumbnail).toBe(library.thumbnails[0]!.svg);
    expect(pictured.thumbnail).toMatch(/<svg [^>]*width="96"/);

    const straight = empty.fits.find((f) => f.vectorTile === 'hex-road-straight-1')!;
    const first = await call<EditResult>('maps.placeTile', { id, tile: centre, vectorTile: straight.vectorTile, placement: straight.placements[0]! });
    expect(first.instances).toEqual([{ tile: centre, vectorTile: 'hex-road-straight-1', placement: straight.placements[0]! }]);
    expect(first.canUndo).toBe(true);

    // Beside it: exactly what core's fitsAt offers (grouped by tile), each passing the independent checker.
    const map = await loaded(id);
    // The neighbour the road runs into (plain clear ground does not fit there).
    const neighbour = [0, 1, 2, 3, 4, 5].map((d) => map.grid.neighbor(centre, d)).find((n) => n >= 0 && !coreFits(map, n).fits.some((o) => o.tile === 'hex-clear-1'))!;
    expect(neighbour).toBeGreaterThanOrEqual(0);
    const answer = await call<FittingAnswer>('maps.fitting', { id, at: neighbour, limit: 1000 });
    if (answer.kind !== 'position') throw new Error('expected a position answer');
    const { lib, fits } = coreFits(map, neighbour);
    expect(answer.fits.flatMap((f) => f.placements.map((p) => `${f.vectorTile} ${p}`)).sort()).toEqual(fits.map((o) => `${o.tile} ${o.code}`).sort());
    expect(answer.total).toBeLessThan(empty.total);
    for (const o of fits.slice(0, 12)) {
      const probe = map.instances!.clone();
      probe.set(neighbour, o.tile, o.code);
      expect(checkAssembly(map.grid, probe, lib.tiles, { match })).toEqual([]);
    }

    // Where the chosen tile fits: every empty tile, with core's placements there.
    const places = await call<FittingAnswer>('maps.fitting', { id, vectorTile: 'hex-road-bend-gentle-1' });
    if (places.kind !== 'tile') throw new Error('expected a tile answer');
    expect(places.next).toBeNull();
    expect(places.geometry).toMatchObject({ id: 'hex-road-bend-gentle-1' });
    for (let cell = 0; cell < map.tileCount; cell++) {
      if (cell === centre) continue;
      const want = coreFits(map, cell).fits.filter((o) => o.tile === 'hex-road-bend-gentle-1').map((o) => o.code).sort((a, b) => a - b);
      expect(places.places.find((p) => p.tile === cell)?.placements ?? []).toEqual(want);
    }
    const paged = await call<FittingAnswer>('maps.fitting', { id, vectorTile: 'hex-road-bend-gentle-1', limit: 3 });
    if (paged.kind !== 'tile') throw new Error('expected a tile answer');
    expect(paged.places).toEqual(places.places.slice(0, 3));
    expect(paged.next).toBe(places.places[3]!.tile);

    // A misfit: plain clear ground against the road's end is refused, naming the edge; nothing changes.
    const clear = fits.some((o) => o.tile === 'hex-clear-1');
    expect(clear).toBe(false);
    const misfit = call('maps.placeTile', { id, tile: neighbour, vectorTile: 'hex-clear-1', placement: 0 });
    await expect(misfit).rejects.toThrow(/^maps\.placeTile: \$\.placement: "[^"]+" r0 does not fit on tile [\d,]+ beside tile [\d,]+ \(edge \d of A ↔ edge \d of B: .*road.*\); it fits there in no orientation$/);
    expect((await loaded(id)).instances!.placedCount()).toBe(1);

    // A fitting one is placed; one undo takes it back, and the first tile stays.
    const fit = answer.fits[0]!;
    await call<EditResult>('maps.placeTile', { id, tile: neighbour, vectorTile: fit.vectorTile, placement: fit.placements[0]! });
    expect((await loaded(id)).instances!.get(neighbour)).toEqual({ tile: fit.vectorTile, code: fit.placements[0]! });
    const undone = await call<EditResult>('maps.undo', { id });
    expect(undone.instances).toEqual([{ tile: neighbour, vectorTile: null, placement: 0 }]);
    const after = await loaded(id);
    expect(after.instances!.has(neighbour)).toBe(false);
    expect(after.instances!.get(centre)!.tile).toBe('hex-road-straight-1');
  });

  it('refuses with one line: a tile of another shape, an unknown tile, tiles off the map, asking two things', { timeout: 60_000 }, async () => {
    const id = await hexMap('3x3');
    await expect(call('maps.placeTile', { id, tile: 0, vectorTile: 'sq-clear-1', placement: 0 })).rejects.toThrow(/^maps\.placeTile: \$\.vectorTile: ".+" is a square tile; this map's tiles take hex tiles$/);
    await expect(call('maps.placeTile', { id, tile: 0, vectorTile: 'nope', placement: 0 })).rejects.toThrow('maps.placeTile: $.vectorTile: the library has no vector tile "nope"');
    await expect(call('maps.placeTile', { id, tile: 9, vectorTile: 'hex-clear-1', placement: 0 })).rejects.toThrow('maps.placeTile: $.tile: tile index 9 is outside the map (0…8)');
    // 90° is no hexagon orientation.
    await expect(call('maps.placeTile', { id, tile: 0, vectorTile: 'hex-clear-1', placement: 6 })).rejects.toThrow(/^maps\.placeTile: \$\.placement: placement 6 is not one ".+" takes on tile [\d,]+$/);
    await expect(call('maps.fitting', { id, at: 0, vectorTile: 'hex-clear-1' })).rejects.toThrow(/^maps\.fitting: \$: ask with `at`/);
    await expect(call('maps.fitting', { id, library: '/elsewhere.sandtable-library' })).rejects.toThrow(/^maps\.fitting: \$\.library: library ".+" is not open/);
  });
});

describe('placing on AL-FORM maps', () => {
  it('fits and places on area tiles only; linear tiles are refused', { timeout: 60_000 }, async () => {
    const { summary } = await call<MapPayload>('maps.create', { name: 'Al', kind: 'square', size: '3x3', alform: true, fill: 'clear' });
    const id = summary.id;
    const map = await loaded(id);
    await expect(call('maps.fitting', { id, at: 1 })).rejects.toThrow(/^maps\.fitting: \$\.at: tile [\d,]+ is a linear tile of this AL-FORM map; tiles are placed on area tiles$/);
    const where = await call<FittingAnswer>('maps.fitting', { id, vectorTile: 'sq-clear-1' });
    if (where.kind !== 'tile') throw new Error('expected a tile answer');
    const areaTiles = Array.from({ length: map.tileCount }, (_, t) => t).filter((t) => map.grid.coord(t).every((v) => v % 2 === 0));
    expect(where.places.map((p) => p.tile)).toEqual(areaTiles);
    await call('maps.placeTile', { id, tile: areaTiles[0]!, vectorTile: 'sq-clear-1', placement: where.places[0]!.placements[0]! });
    expect((await loaded(id)).instances!.get(areaTiles[0]!)!.tile).toBe('sq-clear-1');
  });
});

describe('maps.assemble as a job', () => {
  it('reports progress, lands as one undo step with a connected road, and one undo restores the map', { timeout: 120_000 }, async () => {
    const id = await hexMap('5x4');
    const region = [1, 2, 3, 6, 7, 8, 11, 12, 13];
    const r = await call<Results['maps.assemble']>('maps.assemble', { id, tiles: region, seed: 4, connected: ['road'], weights: [{ vectorTile: 'hex-road-straight-1', weight: 5 }] });
    if (!r.ok) throw new Error(r.message);
    expect(r.tiles).toBe(region.length);
    const progress = kit.events.filter((e): e is AppEvent & { type: 'job.progress' } => e.type === 'job.progress' && e.jobId === r.jobId);
    expect(progress.some((e) => e.label === ASSEMBLE_LABEL)).toBe(true);
    expect(kit.events).toContainEqual({ type: 'job.done', jobId: r.jobId });
    const map = await loaded(id);
    expect(map.instances!.placedCount()).toBe(region.length);
    const tiles = kit.services.library().library.vector.tiles(['hex']);
    expect(checkAssembly(map.grid, map.instances!, tiles, { match, region, connectivity: { terrains: ['road'] } }).filter((v) => v.kind !== 'boundary')).toEqual([]);
    await call('maps.undo', { id });
    expect((await loaded(id)).instances?.placedCount() ?? 0).toBe(0);
  });

  it('cancelled, it changes nothing', { timeout: 120_000 }, async () => {
    await kit.services.shutdown();
    kit.make({ jobStepDelayMs: 400 });
    const id = await hexMap('4x4');
    await call('maps.placeTile', { id, tile: 5, vectorTile: 'hex-road-straight-1', placement: 0 });
    const before = (await loaded(id)).instances!.toJSON();
    const running = call('maps.assemble', { id, seed: 1 });
    running.catch(() => undefined);
    const first = await new Promise<AppEvent & { type: 'job.progress' }>((resolve) => {
      const off = kit.services.onEvent((e) => {
        if (e.type === 'job.progress' && e.label === ASSEMBLE_LABEL) {
          off();
          resolve(e);
        }
      });
    });
    expect(await call('jobs.cancel', { jobId: first.jobId })).toEqual({ cancelled: true });
    await expect(running).rejects.toThrow(`maps.assemble: job ${first.jobId} was cancelled; nothing was written`);
    expect((await loaded(id)).instances!.toJSON()).toEqual(before);
    // The undo step is still the placed tile's.
    await call('maps.undo', { id });
    expect((await loaded(id)).instances?.placedCount() ?? 0).toBe(0);
  });
});

describe('the painting as the constraint (issue 25)', () => {
  const catalogue = parseCatalogue(structuredClone(catalogueJson), 'default.json');
  /** The direction from `cell` to the next tile of its column. */
  const east = (map: ReturnType<typeof mapFromJson>, cell: number) => [0, 1, 2, 3, 4, 5].find((d) => map.grid.neighbor(cell, d) === cell + 1)!;

  it('where a tile fits counts only the tiles whose painting it honours; placing elsewhere says what the painting asks', { timeout: 120_000 }, async () => {
    const id = await hexMap('8x5', 'forest');
    const glade = [10, 11, 12];
    await call('maps.paint', { id, tiles: glade, terrain: 'clear' });
    const river = await call<FittingAnswer>('maps.fitting', { id, vectorTile: 'hex-river-bend-gentle-1' });
    if (river.kind !== 'tile') throw new Error('expected a tile answer');
    // Not "fits 40 tiles of this map": only the clear glade takes bare ground with a river.
    expect(river.places.map((p) => p.tile)).toEqual(glade);
    const forest = await call<FittingAnswer>('maps.fitting', { id, vectorTile: 'hex-forest-clearing-1' });
    if (forest.kind !== 'tile') throw new Error('expected a tile answer');
    expect(forest.places).toHaveLength(40 - glade.length);
    expect(forest.places.map((p) => p.tile)).not.toContain(11);
    // At a forest tile, the library offers forest tiles only.
    const at = await call<FittingAnswer>('maps.fitting', { id, at: 0, limit: 1000 });
    if (at.kind !== 'position') throw new Error('expected a position answer');
    expect(at.fits.length).toBeGreaterThan(0);
    expect(at.fits.every((f) => f.vectorTile.startsWith('hex-forest-'))).toBe(true);
    const placement = river.places[0]!.placements[0]!;
    await expect(call('maps.placeTile', { id, tile: 0, vectorTile: 'hex-river-bend-gentle-1', placement })).rejects.toThrow(/does not fit on tile [\d,]+ — the painting asks for a forest tile; it fits there in no orientation$/);
    await call('maps.placeTile', { id, tile: 11, vectorTile: 'hex-river-bend-gentle-1', placement: river.places.find((p) => p.tile === 11)!.placements[0]! });
  });

  it('auto-assemble over a painted selection keeps the painted forest, river, road and village', { timeout: 120_000 }, async () => {
    const id = await hexMap('4x6', null);
    const first = await loaded(id);
    /** The tiles of one column (first coordinate `x`), in index order: each the next one's neighbour. */
    const row = (x: number) => Array.from({ length: first.tileCount }, (_, c) => c).filter((c) => first.grid.coord(c)[0] === x);
    await call('maps.paint', { id, tiles: row(0), terrain: 'forest' });
    await call('maps.paint', { id, tiles: [...row(1), ...row(2), ...row(3)], terrain: 'clear' });
    // A river along row 2, a road along row 3 ending at a village.
    for (const c of row(2).slice(0, -1)) await call('maps.paintEdge', { id, tile: c, dir: east(first, c), terrain: 'river' });
    for (const c of row(3).slice(1, -1)) await call('maps.paintEdge', { id, tile: c, dir: east(first, c), terrain: 'road' });
    await call('maps.paint', { id, tiles: [row(3).at(-1)!], terrain: 'village' });
    const painted = await loaded(id);
    const region = [...row(0), ...row(1), ...row(2), ...row(3)];
    const r = await call<Results['maps.assemble']>('maps.assemble', { id, tiles: region, seed: 2 });
    if (!r.ok) throw new Error(`${r.message} ${r.region}`);
    const map = await loaded(id);
    const tiles = kit.services.library().library.vector.tiles(['hex']);
    const topology = buildTopology(map.grid);
    const library = new AssemblyLibrary(tiles, { match, shapeClasses: shapeClassesOf(topology) });
    const tags = (t: string) => kit.services.library().library.vector.get(t)?.tags ?? [];
    // Against the painting as it was: every painted tile honoured.
    expect(checkPainting(painted, topology, map.instances!, library, catalogue, { tags }).violations).toEqual([]);
    for (const c of row(0)) expect(map.terrainAt(c)).toBe('forest');
    for (const c of row(2).slice(0, -1)) expect(map.edgeTerrainAt(c, east(map, c))).toBe('river');
    for (const c of row(3).slice(1, -1)) expect(map.edgeTerrainAt(c, east(map, c))).toBe('road');
    expect(map.instances!.get(row(3).at(-1)!)!.tile).toMatch(/village/);
  });

  it('a painted tile no library tile honours is named with the reason; nothing is solved or stored', { timeout: 120_000 }, async () => {
    const id = await hexMap('5x4', 'clear');
    await call('maps.paint', { id, tiles: [6], terrain: 'mountains' });
    const r = await call<Results['maps.assemble']>('maps.assemble', { id, seed: 1 });
    if (r.ok || r.reason !== 'painting') throw new Error('expected a painting refusal');
    expect(r.refused).toEqual([{ tile: 6, reason: 'no tile of the set depicts mountains' }]);
    expect(r.region).toEqual([6]);
    expect(r.message).toBe('1 painted tile no library tile honours');
    expect((await loaded(id)).instances?.placedCount() ?? 0).toBe(0);
  });
});
