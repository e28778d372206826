import { describe, expect, it, vi } from 'vitest';
import { ToolInput, type Picked, type ToolActions, type ToolHost } from './tool-input.js';
import { loadPayload, type LoadedMap } from '../map-model.js';
import type { ToolId } from '../tools.js';
import { parseCatalogue } from '../../../../core/terrain/parse.js';
import { findTerrain } from '../../../../core/terrain/lookup.js';
import { alformHexMap, CATALOGUE_JSON, payloadOf, squareMap } from '../stores/fake-api.testkit.js';

const catalogue = parseCatalogue(structuredClone(CATALOGUE_JSON));

/** ToolActions that record what the tools asked for. */
function fakeActions(tool: ToolId, extra: Partial<ToolActions> = {}) {
  const calls: unknown[][] = [];
  const record =
    <R>(name: string, value: R) =>
    (...args: unknown[]) => {
      calls.push([name, ...args]);
      return value;
    };
  const actions = {
    tool,
    areaTerrain: 'forest',
    linearTerrain: 'river',
    get brushTerrain() {
      return this.tool === 'erase' ? '' : this.tool === 'linear' ? this.linearTerrain : this.areaTerrain;
    },
    selection: [] as readonly number[],
    terrain: (id: string) => (id ? findTerrain(catalogue, id) : undefined),
    paint: record('paint', Promise.resolve(true)),
    paintEdge: record('paintEdge', Promise.resolve(true)),
    analyse: record('analyse', Promise.resolve()),
    selectGround: record('selectGround', undefined),
    extendGround: record('extendGround', undefined),
    childAt: () => null,
    openMap: record('openMap', Promise.resolve()),
    placeClick: record('placeClick', Promise.resolve()),
    ...extra,
  } as ToolActions & { tool: ToolId; selection: readonly number[] };
  return { actions, calls };
}

function fakeHost() {
  return { preview: vi.fn<ToolHost['preview']>(), clearPreview: vi.fn<ToolHost['clearPreview']>() };
}

const at = (l: LoadedMap, tile: number): Picked => ({ tile, point: l.map.grid.center(tile) });
const square = () => loadPayload(payloadOf(squareMap(), 's'));

describe('tool input', () => {
  it('a paint stroke shows its tiles at once and is sent as one paint when the button is released', async () => {
    const l = square();
    const { actions, calls } = fakeActions('paint');
    const host = fakeHost();
    const input = new ToolInput(actions, l, host);
    input.move(at(l, 7)); // no button down: nothing
    input.down(at(l, 7));
    expect(input.stroking).toBe(true);
    input.move(at(l, 8));
    input.move(at(l, 8));
    input.move({ tile: -1, point: [99, 99] });
    expect(host.preview).toHaveBeenLastCalledWith([7, 8], 'forest');
    await input.up();
    expect(calls).toEqual([['paint', [7, 8], 'forest']]);
    expect(host.clearPreview).toHaveBeenCalledTimes(1);
    expect(input.stroking).toBe(false);
  });

  it('skips a stroke that changes nothing (no empty undo step), and cancel drops a stroke', async () => {
    const l = square();
    l.map.palette.push('forest');
    l.map.layers.terrain[3] = 2;
    const { actions, calls } = fakeActions('paint');
    const host = fakeHost();
    const input = new ToolInput(actions, l, host);
    input.down(at(l, 3));
    await input.up();
    input.down(at(l, 4));
    input.cancel();
    await input.up();
    expect(calls).toEqual([]);
    expect(host.clearPreview).toHaveBeenCalledTimes(2);
  });

  it('linear terrain on an AL-FORM map: the linear tiles swept between area tiles', async () => {
    const l = loadPayload(payloadOf(alformHexMap(), 'h'));
    const grid = l.map.grid;
    const a = grid.index([4, 4]);
    const linear = grid.neighbor(a, 0);
    const b = grid.neighbor(linear, 0);
    const { actions, calls } = fakeActions('linear');
    const input = new ToolInput(actions, l, fakeHost());
    input.down(at(l, a));
    input.move(at(l, b));
    await input.up();
    expect(calls).toEqual([['paint', [linear], 'river']]);
  });

  it('linear terrain on a classic map goes on edges, one call per edge crossed', () => {
    const l = square();
    const grid = l.map.grid;
    const t = grid.index([2, 2]);
    const d = [...Array(grid.degree(t)).keys()].find((k) => grid.edgeSlot(t, k) >= 0)!;
    const u = grid.neighbor(t, d);
    const near = grid.center(t).map((v, k) => v + (grid.center(u)[k]! - v) * 0.45);
    const { actions, calls } = fakeActions('linear');
    const input = new ToolInput(actions, l, fakeHost());
    input.down({ tile: t, point: near });
    input.move({ tile: t, point: near });
    expect(calls).toEqual([['paintEdge', t, d, 'river']]);
  });

  it('analysis tools act on click, on the map only', () => {
    const l = square();
    const { actions, calls } = fakeActions('reach');
    const input = new ToolInput(actions, l, fakeHost());
    input.down(at(l, 5));
    input.down({ tile: -1, point: [0, 0] });
    expect(calls).toEqual([['analyse', 'reach', 5]]);
    expect(input.stroking).toBe(false);
  });

  it('the place tool: a click on a tile places (or lists what fits), off the map nothing, no stroke', () => {
    const l = square();
    const { actions, calls } = fakeActions('place');
    const input = new ToolInput(actions, l, fakeHost());
    input.down(at(l, 7));
    input.down({ tile: -1, point: [0, 0] });
    expect(calls).toEqual([['placeClick', 7]]);
    expect(input.stroking).toBe(false);
  });

  it('fill paints the connected region in one call', async () => {
    const l = square();
    const { actions, calls } = fakeActions('fill');
    const host = fakeHost();
    const input = new ToolInput(actions, l, host);
    input.down(at(l, 0));
    await Promise.resolve();
    expect(calls).toHaveLength(1);
    const [name, tiles, terrain] = calls[0]!;
    expect([name, (tiles as number[]).length, terrain]).toEqual(['paint', 36, 'forest']);
  });

  it('the ground tool: a press selects, a press on a selected tile removes it on release, a drag extends', async () => {
    const l = square();
    const { actions, calls } = fakeActions('select');
    const input = new ToolInput(actions, l, fakeHost());
    input.down(at(l, 7), { shift: false, command: false });
    input.move(at(l, 7)); // still on the tile it started on
    input.move(at(l, 9)); // a drag: the tiles swept on the way join too
    await input.up();
    // The swept line starts at the press tile, already selected (extending by it changes nothing).
    expect(calls).toEqual([['selectGround', 7, false], ['extendGround', 7], ['extendGround', 8], ['extendGround', 9]]);

    calls.length = 0;
    actions.selection = [7, 8, 9];
    input.down(at(l, 8), { shift: true, command: false });
    expect(calls).toEqual([]);
    await input.up();
    expect(calls).toEqual([['selectGround', 8, true]]);
  });

  it('Ctrl/⌘-click on ground a child map was derived from opens that map', () => {
    const l = square();
    const { actions, calls } = fakeActions('paint', { childAt: (tile) => (tile === 7 ? 'child' : null) });
    const input = new ToolInput(actions, l, fakeHost());
    input.down(at(l, 7), { shift: false, command: true });
    expect(calls).toEqual([['openMap', 'child']]);
    expect(input.stroking).toBe(false);
    input.down(at(l, 8), { shift: false, command: true });
    expect(input.stroking).toBe(true);
  });
});
