/** The mapping dialog's store (issue 14): opens after an import with placeholders, remaps the chosen ones in one call. */
import { describe, expect, it } from 'vitest';
import { TerrainMap } from '../../../../core/map/terrain-map.js';
import { payloadOf, settle, startedBench } from './fake-api.testkit.js';

const noLineage = { 'maps.lineage': () => ({ chain: [], children: [] }) };

/** A 3×2 classic import: two placeholders (3 and 1 tiles) and clear. */
function imported(): TerrainMap {
  const map = TerrainMap.create({ size: { kind: 'square', width: 3, height: 2 }, alform: false, palette: ['clear', 'unmapped-dunes', 'unmapped-tile-7'] });
  map.layers.terrain.set([2, 2, 2, 3, 1, 1]);
  map.meta.import = { format: 'tiled', file: 'd.tmx', mapping: { tiles: {}, default: 'clear' }, unmapped: [{ terrain: 'unmapped-dunes', tiles: ['Desert:3'] }, { terrain: 'unmapped-tile-7', tiles: ['Desert:7'] }] };
  return map;
}

describe('placeholder mapping', () => {
  it('opens after an import that left placeholders, lists them, and applies the choices as one remap', async () => {
    const { app, fake } = await startedBench({
      ...noLineage,
      'maps.import': ({ fileName }) => ({ jobId: 'j', map: payloadOf(imported(), 'imp', fileName) }),
      'maps.remapTerrain': ({ pairs }) => ({
        changes: pairs[0]!.from === 'unmapped-dunes' ? [0, 1, 2].map((index) => ({ layer: 'terrain' as const, index, value: 4 })) : [],
        palette: ['clear', 'unmapped-dunes', 'unmapped-tile-7', 'sand'],
        canUndo: true,
        canRedo: false,
      }),
    });
    await app.maps.importFile(new File(['x'], 'd.tmx'));
    await settle();
    const p = app.placeholders;
    expect(p.dialog).toBe(true);
    expect(p.list).toEqual([
      { terrain: 'unmapped-dunes', count: 3, sources: ['Desert:3'] },
      { terrain: 'unmapped-tile-7', count: 1, sources: ['Desert:7'] },
    ]);
    expect(p.targets.some((t) => t.id === 'sand')).toBe(true);
    expect(p.targets.every((t) => t.class === 'area' && !t.id.startsWith('unmapped-'))).toBe(true);
    expect(await p.apply()).toBe(false);
    p.choose('unmapped-dunes', 'sand');
    fake.calls.length = 0;
    expect(await p.apply()).toBe(true);
    expect(fake.calls).toEqual([{ name: 'maps.remapTerrain', args: { id: 'imp', pairs: [{ from: 'unmapped-dunes', to: 'sand' }] } }]);
    expect(app.maps.current!.map.terrainAt(0)).toBe('sand');
    expect(p.list.map((u) => u.terrain)).toEqual(['unmapped-tile-7']);
    // One placeholder is left: the dialog stays open for it, and undo is offered.
    expect([p.dialog, app.editing.canUndo]).toEqual([true, true]);
  });

  it('stays closed for a map without placeholders, and closes when another map opens', async () => {
    const plain = TerrainMap.create({ size: { kind: 'square', width: 3, height: 2 }, alform: false, palette: ['clear'] });
    const { app } = await startedBench({ ...noLineage, 'maps.import': ({ fileName }) => ({ jobId: 'j', map: payloadOf(plain, 'p', fileName) }) });
    await app.maps.importFile(new File(['x'], 'p.tmx'));
    expect(app.placeholders.dialog).toBe(false);
    app.maps.open(payloadOf(imported(), 'imp'));
    app.placeholders.open();
    app.maps.open(payloadOf(plain, 'p'));
    expect(app.placeholders.dialog).toBe(false);
  });
});
