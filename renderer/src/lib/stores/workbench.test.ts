import { describe, expect, it } from 'vitest';
import { payloadOf, settle, squareMap, startedBench } from './fake-api.testkit.js';
import { ThemeStore } from './theme.svelte.js';
import { MAX_BRUSH_SIZE } from '../../../../core/alform/brush.js';

const handlers = {
  'maps.lineage': () => ({ chain: [], children: [] }),
  'maps.undo': () => ({ changes: [], palette: ['clear'], canUndo: false, canRedo: true }),
  'maps.export': () => ({ fileName: 'm1.json', mime: 'application/json', text: '{}' }),
  'analysis.reach': () => ({ tiles: [1], costs: [0] }),
  'maps.setLayers': ({ layers }: { layers: object }) => ({ layers }),
};

describe('the workbench', () => {
  it('answers the menu and shortcut commands no component owns', async () => {
    const { app, fake, saved } = await startedBench(handlers);
    app.maps.open(payloadOf(squareMap(), 'm1'));
    app.editing.canUndo = true;
    fake.emit({ type: 'menu', command: 'undo' });
    await settle();
    expect(fake.names()).toContain('maps.undo');
    expect(app.editing.canRedo).toBe(true);

    fake.emit({ type: 'menu', command: 'toggleTheme' });
    expect(app.theme.theme).toBe('dark');
    app.bus.dispatch('toggleBorders');
    // B hides the grid layer of the open map, and stores that with the map.
    expect(app.layers.layers.grid.visible).toBe(false);
    await settle();
    expect(fake.names()).toContain('maps.setLayers');
    // [ and ] step the brush size within 1…MAX.
    app.bus.dispatch('brushSmaller');
    expect(app.editing.brushSize).toBe(1);
    app.bus.dispatch('brushLarger');
    app.bus.dispatch('brushLarger');
    expect(app.editing.brushSize).toBe(3);
    for (let k = 0; k < 20; k++) app.bus.dispatch('brushLarger');
    expect(app.editing.brushSize).toBe(MAX_BRUSH_SIZE);
    fake.emit({ type: 'menu', command: 'export' });
    await settle();
    expect(saved.map((s) => s.fileName)).toEqual(['m1.json']);
    fake.emit({ type: 'menu', command: 'derive' });
    expect(app.editing.tool).toBe('select'); // nothing selected yet: the tool to select with
  });

  it('Esc (`clear`) drops a result first, and the selection when there is nothing else or the ground tool is on', async () => {
    const { app } = await startedBench(handlers);
    app.maps.open(payloadOf(squareMap(), 'm1'));
    app.ground.select(7, 'replace');
    await app.analysis.analyse('reach', 1);
    app.bus.dispatch('clear');
    expect([app.analysis.result, app.ground.selection]).toEqual([null, [7]]);
    app.bus.dispatch('clear');
    expect(app.ground.selection).toEqual([]);
    app.ground.select(7, 'replace');
    await app.analysis.analyse('reach', 1);
    app.editing.setTool('select');
    app.bus.dispatch('clear');
    expect([app.analysis.result, app.ground.selection]).toEqual([null, []]);
  });

  it('stops listening to the main process when disposed', async () => {
    const { app, fake } = await startedBench(handlers);
    app.dispose();
    fake.emit({ type: 'menu', command: 'toggleTheme' });
    expect(app.theme.theme).toBe('light');
  });

  it('the theme store applies every change', () => {
    const applied: string[] = [];
    const theme = new ThemeStore('dark', (t) => applied.push(t));
    theme.toggle();
    expect([theme.theme, applied]).toEqual(['light', ['dark', 'light']]);
  });
});
