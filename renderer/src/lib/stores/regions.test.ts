import { describe, expect, it } from 'vitest';
import type { EditResult } from '../../../../contract/contract.js';
import { TerrainMap } from '../../../../core/map/terrain-map.js';
import { regionFromJson } from '../../../../core/map/region-json.js';
import { payloadOf, settle, squareMap, startedBench } from './fake-api.testkit.js';

const noLineage = { 'maps.lineage': () => ({ chain: [], children: [] }) };
const edit = (extra: Partial<EditResult> = {}): EditResult => ({ changes: [], palette: ['clear'], canUndo: true, canRedo: false, ...extra });

describe('region selection, clipboard and paste', () => {
  it('combines shapes (shift adds, alt subtracts), copies, and Esc drops paste mode before the selection', async () => {
    const { app } = await startedBench(noLineage);
    const m = squareMap();
    m.setTerrain(7, 'forest');
    app.maps.open(payloadOf(m, 'm1', 'Field'));
    await settle();
    const r = app.regions;
    r.select([7, 8, 13], 'replace');
    r.select([14], 'add');
    r.select([13], 'subtract');
    expect(Array.from(r.selection)).toEqual([7, 8, 14]);
    app.bus.dispatch('copy');
    expect(r.clipboard).toMatchObject({ from: 'Field', tiles: 3 });
    expect(r.clipboard!.region.palette).toEqual(['forest']); // only the terrains the region holds
    app.bus.dispatch('paste');
    expect(r.pasting).toBe(true);
    r.showGhost(0);
    expect(r.ghost?.anchor).toBe(0);
    // Anchored on 8 = (2, 1), the tile nearest the middle: (1, 1) falls off the map's west side, (2, 2) lands on (0, 1).
    expect(r.ghost!.groups.flatMap((g) => g.tiles).sort((a, b) => a - b)).toEqual([0, 6]);
    app.bus.dispatch('clear');
    expect([r.pasting, r.ghost, r.selection.length]).toEqual([false, null, 3]);
    app.bus.dispatch('clear');
    expect(r.selection.length).toBe(0);
  });

  it('pastes as one maps.paste at the clicked anchor and cuts as one maps.cut; the clipboard outlives switching maps', async () => {
    const { app, fake } = await startedBench({
      ...noLineage,
      'maps.cut': ({ tiles }) => edit({ changes: tiles.map((index) => ({ layer: 'terrain' as const, index, value: 0 })) }),
      'maps.paste': ({ anchor }) => ({ ...edit({ changes: [{ layer: 'terrain', index: anchor, value: 1 }] }), placed: 1, outside: 0, misfits: 0 }),
    });
    app.maps.open(payloadOf(squareMap(), 'm1'));
    await settle();
    app.regions.select([7], 'replace');
    await app.regions.cut();
    expect(fake.calls.filter((c) => c.name === 'maps.cut')).toEqual([{ name: 'maps.cut', args: { id: 'm1', tiles: [7] } }]);
    expect(app.editing.canUndo).toBe(true);
    app.maps.open(payloadOf(squareMap(), 'm2'));
    await settle();
    expect(app.regions.selection.length).toBe(0);
    app.regions.startPaste();
    await app.regions.pasteAt(20);
    const paste = fake.calls.find((c) => c.name === 'maps.paste')!;
    expect(paste.args).toMatchObject({ id: 'm2', anchor: 20 });
    expect(regionFromJson((paste.args as { region: unknown }).region).values.length).toBe(1);
    expect(app.maps.current!.map.layers.terrain[20]).toBe(1);
    expect(app.regions.pasting).toBe(false);
  });

  it('refuses to paste into another lattice in one line, without entering paste mode', async () => {
    const { app } = await startedBench(noLineage);
    app.maps.open(payloadOf(squareMap(), 'm1'));
    await settle();
    app.regions.select([0], 'replace');
    app.regions.copy();
    app.maps.open(payloadOf(TerrainMap.create({ size: { kind: 'hex-rectangle', width: 4, height: 4 } }), 'hex'));
    await settle();
    app.regions.startPaste();
    expect(app.regions.pasting).toBe(false);
    expect(app.notes.toasts.at(-1)?.text).toBe('Cannot paste here: a region copied from a square map pastes only into square maps; this map is hex-rectangle');
  });

  it("the Map menu's whole-map commands open the dialogs for the open map", async () => {
    const { app } = await startedBench(noLineage);
    app.maps.open(payloadOf(squareMap(), 'm1', 'Field'));
    await settle();
    for (const [command, kind] of [['renameMap', 'rename'], ['resizeMap', 'resize'], ['deleteMap', 'delete']] as const) {
      app.bus.publish({ type: 'menu', command });
      expect(app.regions.dialog).toMatchObject({ kind, map: { id: 'm1', name: 'Field' } });
      app.regions.closeDialog();
    }
  });
});
