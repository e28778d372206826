import { describe, expect, it } from 'vitest';
import { payloadOf, settle, squareMap, startedBench } from './fake-api.testkit.js';
import { TerrainMap } from '../../../../core/map/terrain-map.js';

const handlers = {
  'maps.lineage': () => ({ chain: [], children: [] }),
  'analysis.path': ({ from, to }: { from: number; to: number }) => (to === 35 ? { cost: null, tiles: [] as [], reason: 'no way through' } : { cost: 4, tiles: [from, to] }),
  'analysis.reach': () => ({ tiles: [1, 2], costs: [0, 1] }),
  'analysis.los': () => ({ visible: false, blockedAt: 4 }),
  'analysis.fov': () => ({ tiles: [7, 8, 9] }),
};

async function open() {
  const bench = await startedBench(handlers);
  bench.app.maps.open(payloadOf(squareMap(), 'm1'));
  await settle();
  bench.fake.calls.length = 0;
  return bench;
}

describe('analysis', () => {
  it('path and line of sight take two clicks; reach and field of vision one', async () => {
    const { app, fake } = await open();
    const a = app.analysis;
    await a.analyse('path', 3);
    expect([a.pending, a.result, fake.calls.length]).toEqual([3, null, 0]);
    await a.analyse('path', 5);
    expect(a.pending).toBeNull();
    expect(a.result).toMatchObject({ kind: 'path', from: 3, to: 5, cost: 4 });
    expect(fake.calls[0]).toEqual({ name: 'analysis.path', args: { id: 'm1', mode: 'foot', from: 3, to: 5 } });
    await a.analyse('path', 0);
    await a.analyse('path', 35);
    expect(a.result).toMatchObject({ kind: 'path', cost: null, reason: 'no way through' });

    a.observerHeight = 3;
    await a.analyse('los', 0);
    await a.analyse('los', 9);
    expect(a.result).toEqual({ kind: 'los', from: 0, to: 9, visible: false, blockedAt: 4 });
    expect(fake.calls.at(-1)?.args).toEqual({ id: 'm1', from: 0, to: 9, observerHeight: 3 });

    await a.analyse('reach', 1);
    expect(a.result).toMatchObject({ kind: 'reach', from: 1, budget: 12, tiles: Int32Array.of(1, 2) });
    await a.analyse('fov', 8);
    expect(a.result).toMatchObject({ kind: 'fov', from: 8, radius: 8, tiles: Int32Array.of(7, 8, 9) });
    await a.analyse('paint', 8);
    expect(fake.calls).toHaveLength(5);
  });

  it('takes the field-of-vision radius in hexes: two grid steps a hex on an AL-FORM map', async () => {
    const bench = await startedBench(handlers);
    const al = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 11, height: 9 }, alform: true, palette: ['clear'] });
    bench.app.maps.open(payloadOf(al, 'm2'));
    await settle();
    bench.app.analysis.fovRadius = 5;
    await bench.app.analysis.analyse('fov', 0);
    expect(bench.fake.calls.at(-1)).toEqual({ name: 'analysis.fov', args: { id: 'm2', from: 0, radius: 10, observerHeight: 2 } });
    expect(bench.app.analysis.result).toMatchObject({ kind: 'fov', radius: 5 });
  });

  it('asks for ray-cast sight on the raster when the option is on', async () => {
    const { app, fake } = await open();
    app.analysis.rayCast = true;
    await app.analysis.analyse('los', 0);
    await app.analysis.analyse('los', 9);
    expect(fake.calls.at(-1)).toEqual({ name: 'analysis.los', args: { id: 'm1', from: 0, to: 9, observerHeight: 2, rayCast: true } });
    await app.analysis.analyse('fov', 8);
    expect(fake.calls.at(-1)).toEqual({ name: 'analysis.fov', args: { id: 'm1', from: 8, radius: 8, observerHeight: 2, rayCast: true } });
  });

  it('drops the first click when the tool changes, and the result when the map changes', async () => {
    const { app, fake } = await open();
    await app.analysis.analyse('los', 2);
    app.editing.setTool('reach');
    expect(app.analysis.pending).toBeNull();
    await app.analysis.analyse('reach', 2);
    expect(app.analysis.result).not.toBeNull();
    const loaded = app.maps.current!;
    await app.maps.applyEdit(loaded, { changes: [{ layer: 'terrain', index: 1, value: 1 }], palette: ['clear'], canUndo: true, canRedo: false });
    expect(app.analysis.result).toBeNull();
    await app.analysis.analyse('fov', 2);
    app.maps.close();
    expect(app.analysis.result).toBeNull();
    expect(fake.names()).toEqual(['analysis.reach', 'analysis.fov']);
  });

  it('keeps a movement mode the catalogue has, else takes its first', async () => {
    const { app } = await open();
    const catalogue = app.project.catalogue!;
    app.analysis.mode = 'wheeled';
    app.analysis.useModesOf(catalogue);
    expect(app.analysis.mode).toBe('wheeled');
    app.analysis.mode = 'teleport';
    app.analysis.useModesOf(catalogue);
    expect(app.analysis.mode).toBe(catalogue.modes[0]!.id);
  });
});
