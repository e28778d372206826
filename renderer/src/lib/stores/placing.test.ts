import { describe, expect, it, vi } from 'vitest';
import type { EditResult, FittingAnswer } from '../../../../contract/contract.js';
import { encodePlacement } from '../../../../core/map/orientation-code.js';
import type { VectorTileJson } from '../../../../core/vector/json.js';
import { payloadOf, settle, squareMap, startedBench } from './fake-api.testkit.js';
import { LISTED_REFUSALS } from './assemble.svelte.js';

const r = (rotation: number) => encodePlacement({ orientation: { rotation, mirror: 'none' } });
const m = (rotation: number) => encodePlacement({ orientation: { rotation, mirror: 'x' } });
const geometry: VectorTileJson = { format: 'sandtable-vector-tile', version: 1, id: 'sq-road', name: 'Road', shape: 'square', elements: [] };
const edit = (tile: number, placement: number): EditResult => ({ changes: [], palette: ['clear'], instances: [{ tile, vectorTile: 'sq-road', placement }], canUndo: true, canRedo: false });

describe('placing tiles', () => {
  it('choose marks where the tile fits; click places it in the placement shown; Z and X turn it only into placements that fit', async () => {
    let places: { tile: number; placements: number[] }[] = [
      { tile: 3, placements: [r(0), r(180)] },
      { tile: 9, placements: [r(90), m(90)] },
    ];
    const { app, fake } = await startedBench({
      'maps.fitting': (a): FittingAnswer =>
        a.vectorTile ? { kind: 'tile', vectorTile: a.vectorTile, geometry, places, next: null } : { kind: 'position', at: a.at!, total: 1, fits: [{ vectorTile: 'sq-road', name: 'Road', shape: 'square', placements: [r(0)], thumbnail: '<svg/>' }] },
      'maps.placeTile': (a) => edit(a.tile, a.placement),
    });
    app.maps.open(payloadOf(squareMap(), 'm1'));
    expect(await app.placing.choose({ library: 'user', tile: 'sq-road' })).toBe(true);
    expect(app.editing.tool).toBe('place');
    expect([...app.placing.chosen!.places.keys()]).toEqual([3, 9]);
    expect(fake.calls.find((c) => c.name === 'maps.fitting')).toEqual({ name: 'maps.fitting', args: { id: 'm1', library: 'user', vectorTile: 'sq-road' } });

    app.placing.hover = 3;
    expect(app.placing.placementAt(3)).toBe(r(0));
    app.bus.dispatch('rotateTile');
    expect(app.placing.placementAt(3)).toBe(r(180));
    app.bus.dispatch('mirrorTile'); // no mirrored placement fits at 3
    expect(app.placing.placementAt(3)).toBe(r(180));
    expect(app.notes.toasts.at(-1)?.text).toMatch(/No mirrored Road fits here/);
    // At 9 the preferred r180 does not fit: the first that does is shown; X mirrors it there.
    app.placing.hover = 9;
    expect(app.placing.placementAt(9)).toBe(r(90));
    app.bus.dispatch('mirrorTile');
    expect(app.placing.placementAt(9)).toBe(m(90));
    // The view counts the ghost's crossings too far from a neighbour's to snap; the status line says so.
    expect(app.placing.hint).not.toMatch(/snap/);
    app.placing.ghostGaps = 2;
    expect(app.placing.hint).toMatch(/fit here · 2 ends with no partner across the edge$/);
    app.placing.ghostGaps = 0;

    places = [{ tile: 3, placements: [r(0), r(180)] }];
    fake.calls.length = 0;
    await app.placing.click(9);
    await settle();
    expect(fake.calls.find((c) => c.name === 'maps.placeTile')).toEqual({ name: 'maps.placeTile', args: { id: 'm1', tile: 9, library: 'user', vectorTile: 'sq-road', placement: m(90) } });
    expect(app.maps.current!.map.instances!.get(9)).toEqual({ tile: 'sq-road', code: m(90) });
    expect(app.editing.canUndo).toBe(true);
    // The edit asked again where the tile fits.
    expect([...app.placing.chosen!.places.keys()]).toEqual([3]);

    // A click where it does not fit lists what fits there instead.
    fake.calls.length = 0;
    await app.placing.click(20);
    expect(fake.calls.filter((c) => c.name !== 'maps.lineage').map((c) => c.name)).toEqual(['maps.fitting']);
    expect(app.placing.selected).toBe(20);
    expect(app.placing.fitsHere.map((f) => f.vectorTile)).toEqual(['sq-road']);

    app.bus.dispatch('clear');
    expect([app.placing.chosen, app.placing.selected]).toEqual([null, -1]);
  });

  it('placing a tile new to the map fetches its geometry once and asks where the tile fits once, not again when the geometry arrives', async () => {
    const { app, fake } = await startedBench({
      'maps.lineage': () => ({ chain: [], children: [] }),
      'maps.fitting': (a): FittingAnswer => ({ kind: 'tile', vectorTile: a.vectorTile!, geometry, places: [{ tile: 3, placements: [r(0)] }, { tile: 4, placements: [r(0)] }], next: null }),
      'maps.placeTile': (a) => edit(a.tile, a.placement),
      'tiles.get': (a) => ({ tile: { id: a.tile, name: 'Road', shape: 'square', tags: [], terrains: [], orientations: ['r0'], elements: 0, updatedAt: '' }, json: geometry }),
    });
    const loaded = app.maps.open(payloadOf(squareMap(), 'm1'));
    expect(loaded.vectorTiles!.has('sq-road')).toBe(false);
    await app.placing.choose({ library: 'user', tile: 'sq-road' });
    const fetched = vi.fn();
    app.maps.tilesFetched.on(fetched);
    fake.calls.length = 0;
    await app.placing.click(3);
    await settle();
    const count = (name: string) => fake.calls.filter((c) => c.name === name).length;
    expect(count('maps.placeTile')).toBe(1);
    expect(count('tiles.get')).toBe(1);
    // One question after the edit; the tile's geometry arriving changes only the picture.
    expect(count('maps.fitting')).toBe(1);
    expect(count('maps.lineage')).toBeLessThanOrEqual(1);
    expect(loaded.vectorTiles!.has('sq-road')).toBe(true);
    expect(fetched).toHaveBeenCalledTimes(1);
    expect(Array.from(fetched.mock.calls[0]![0].instanceTiles)).toEqual([3]);

    // A second one of the same tile: no fetch, one question.
    fake.calls.length = 0;
    await app.placing.click(4);
    await settle();
    expect([count('tiles.get'), count('maps.fitting')]).toEqual([0, 1]);
  });

  it('auto-assemble: the selected ground as the region; a conflict is kept for the map and named in one message', async () => {
    const { app, fake } = await startedBench({
      'maps.lineage': () => ({ chain: [], children: [] }),
      'maps.fitting': (): FittingAnswer => ({ kind: 'library', total: 1, fits: [{ vectorTile: 'sq-road', name: 'Road', shape: 'square', placements: [r(0)], thumbnail: '' }] }),
      'maps.assemble': () => ({ ok: false, jobId: 'j', reason: 'unsatisfiable', region: [7, 8], message: 'no assembly exists: the 2 cells of the conflicting region cannot all be matched' }),
    });
    app.maps.open(payloadOf(squareMap(), 'm1'));
    app.ground.select(7, 'replace');
    app.ground.select(8, 'add');
    await app.assemble.openDialog();
    expect(app.assemble.tiles.map((t) => t.vectorTile)).toEqual(['sq-road']);
    app.assemble.seed = 5;
    app.assemble.toggleConnected('road');
    app.assemble.setWeight('sq-road', 3);
    expect(await app.assemble.run()).toBe(false);
    expect(fake.calls.at(-1)).toEqual({ name: 'maps.assemble', args: { id: 'm1', seed: 5, mode: 'classic', tiles: [7, 8], connected: ['road'], weights: [{ vectorTile: 'sq-road', weight: 3 }] } });
    expect(app.assemble.conflict?.region).toEqual([7, 8]);
    expect(app.notes.toasts.at(-1)?.text).toMatch(/^Cannot assemble the selected ground: .* The conflict lies in tiles 1,1 · 2,1, outlined in red\./);

    fake.handlers['maps.assemble'] = () => ({ ok: true, jobId: 'j2', edit: edit(7, 0), tiles: 2, backtracks: 0 });
    expect(await app.assemble.run()).toBe(true);
    expect(app.assemble.conflict).toBeNull();
    expect(app.maps.current!.map.instances!.get(7)).toEqual({ tile: 'sq-road', code: 0 });
  });

  it('auto-assemble: painted tiles no library tile honours are outlined, and listed in the dialog (the first few and how many more)', async () => {
    const refused = [7, 8, 9, 10, 11, 12, 13].map((tile) => ({ tile, reason: 'no tile of the set depicts mountains' }));
    const { app } = await startedBench({
      'maps.lineage': () => ({ chain: [], children: [] }),
      'maps.fitting': (): FittingAnswer => ({ kind: 'library', total: 0, fits: [] }),
      'maps.assemble': () => ({ ok: false, jobId: 'j', reason: 'painting', region: refused.map((c) => c.tile), message: '7 painted tiles no library tile honours', refused }),
    });
    app.maps.open(payloadOf(squareMap(), 'm1'));
    expect(await app.assemble.run()).toBe(false);
    expect(app.assemble.dialog).toBe(true);
    expect(app.assemble.conflict?.region).toEqual(refused.map((c) => c.tile));
    expect(app.assemble.conflict?.refused?.shown).toHaveLength(LISTED_REFUSALS);
    expect(app.assemble.conflict?.refused?.shown[0]).toEqual({ at: '1,1', reason: 'no tile of the set depicts mountains' });
    expect(app.assemble.conflict?.refused?.more).toBe(7 - LISTED_REFUSALS);
    expect(app.notes.toasts.at(-1)?.text).toMatch(/^Cannot assemble this map: 7 painted tiles no library tile honours \(1,1: no tile of the set depicts mountains; .*; and 2 more\)/);
  });
});
