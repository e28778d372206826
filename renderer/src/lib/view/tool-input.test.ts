import { describe, expect, it, vi } from 'vitest';
import { ToolInput, type Picked, type ToolActions, type ToolHost } from './tool-input.js';
import { loadPayload, type LoadedMap } from '../map-model.js';
import type { ToolId } from '../tools.js';
import { parseCatalogue } from '../../../../core/terrain/parse.js';
import { findTerrain } from '../../../../core/terrain/lookup.js';
import { chainBreak } from '../../../../core/alform/linear-stroke.js';
import { adjoiningGround } from '../../../../core/alform/adjoining.js';
import { edgeChainBreak } from '../../../../core/alform/classic-stroke.js';
import { groundChainBreak } from '../../../../core/alform/network-stroke.js';
import { NetworkLayer } from '../../../../core/map/network-layer.js';
import { NetworkSides } from '../../../../core/map/network-sides.js';
import { planDrawChain } from '../../../../core/map/network-edit.js';
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
    brushSize: 1,
    get brushTerrain() {
      return this.tool === 'erase' ? '' : this.tool === 'linear' ? this.linearTerrain : this.areaTerrain;
    },
    selection: [] as readonly number[],
    terrain: (id: string) => (id ? findTerrain(catalogue, id) : undefined),
    paint: record('paint', Promise.resolve(true)),
    paintEdge: record('paintEdge', Promise.resolve(true)),
    drawLinear: record('drawLinear', Promise.resolve(true)),
    drawEdges: record('drawEdges', Promise.resolve(true)),
    drawNetwork: record('drawNetwork', Promise.resolve(true)),
    eraseNetwork: record('eraseNetwork', Promise.resolve(true)),
    fillFeature: record('fillFeature', Promise.resolve(true)),
    catalogue,
    analyse: record('analyse', Promise.resolve()),
    selectGround: record('selectGround', undefined),
    extendGround: record('extendGround', undefined),
    fillSelect: record('fillSelect', undefined),
    childAt: () => null,
    openMap: record('openMap', Promise.resolve()),
    pasting: false,
    selectRegion: (tiles: ArrayLike<number>, op: string) => calls.push(['selectRegion', Array.from(tiles), op]),
    showGhost: record('showGhost', undefined),
    pasteAt: record('pasteAt', Promise.resolve()),
    placeClick: record('placeClick', Promise.resolve()),
    startLabel: record('startLabel', undefined),
    ...extra,
  } as ToolActions & { tool: ToolId; selection: readonly number[] };
  return { actions, calls };
}

function fakeHost() {
  return {
    preview: vi.fn<ToolHost['preview']>(),
    previewEdges: vi.fn<ToolHost['previewEdges']>(),
    previewNetwork: vi.fn<ToolHost['previewNetwork']>(),
    clearPreview: vi.fn<ToolHost['clearPreview']>(),
    marquee: vi.fn<ToolHost['marquee']>(),
    // Screen = model ×10 here; the shape's tiles are those whose centre lies inside (core's rule, checked in core).
    tilesInShape: vi.fn<ToolHost['tilesInShape']>(() => [1, 2, 6, 7]),
  };
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

  it('linear terrain on an AL-FORM map: one connected chain, previewed while dragging, sent as one drawLinear', async () => {
    const l = loadPayload(payloadOf(alformHexMap(), 'h'));
    const grid = l.map.grid;
    const a = grid.index([0, 0]);
    const b = grid.index([6, 4]);
    const { actions, calls } = fakeActions('linear');
    const host = fakeHost();
    const input = new ToolInput(actions, l, host);
    input.down(at(l, a));
    // A fast drag: two samples far apart still give a connected chain.
    input.move(at(l, b));
    const chain = host.preview.mock.lastCall![0];
    expect(chain.length).toBeGreaterThan(3);
    expect(chainBreak(grid, l.classes!, chain)).toBe(-1);
    await input.up();
    expect(calls).toEqual([['drawLinear', chain, 'river']]);
    expect(host.clearPreview).toHaveBeenCalledTimes(1);
  });

  it('a through-tile terrain (road) on any map: a chain of ground tiles centre to centre, previewed as a network, sent as one drawNetwork', async () => {
    for (const l of [loadPayload(payloadOf(alformHexMap(), 'h')), square()]) {
      const grid = l.map.grid;
      const ground = Array.from({ length: grid.tileCount }, (_, i) => i).filter((i) => !l.classes || l.classes[i] === 0);
      const a = ground[0]!;
      const b = ground[ground.length - 1]!;
      const { actions, calls } = fakeActions('linear', { linearTerrain: 'road' });
      const host = fakeHost();
      const input = new ToolInput(actions, l, host);
      input.down(at(l, a));
      input.move(at(l, b));
      const chain = host.previewNetwork.mock.lastCall![0];
      expect(host.previewNetwork.mock.lastCall![1]).toBe('road');
      expect(chain[0]).toBe(a);
      expect(chain[chain.length - 1]).toBe(b);
      expect(groundChainBreak(grid, l.classes, chain)).toBe(-1);
      expect(host.preview).not.toHaveBeenCalled();
      await input.up();
      expect(calls).toEqual([['drawNetwork', chain, 'road']]);
      expect(host.clearPreview).toHaveBeenCalledTimes(1);
    }
  });

  it('Alt with a through-tile terrain erases that network along the chain (one eraseNetwork), and only where it lies', async () => {
    const l = square();
    const grid = l.map.grid;
    const [a, b] = [0, grid.tileCount - 1];
    const drag = async (actions: ToolActions) => {
      const input = new ToolInput(actions, l, fakeHost());
      input.down(at(l, a), { shift: false, command: false, alt: true });
      input.move(at(l, b));
      await input.up();
    };
    // No road on the map: nothing to erase, no empty undo step.
    const none = fakeActions('linear', { linearTerrain: 'road' });
    await drag(none.actions);
    expect(none.calls).toEqual([]);
    // A road on two of the tiles the stroke passes.
    const kind = l.map.terrainIndex('road');
    const layer = new NetworkLayer(l.map.tileCount);
    const sides = NetworkSides.of(l.map);
    layer.apply(planDrawChain(layer, sides, kind, [a, adjoiningGround(grid, null, a).find((t) => sides.sideToward(a, t) >= 0)!]));
    l.map.setNetworks(layer);
    const { actions, calls } = fakeActions('linear', { linearTerrain: 'road' });
    await drag(actions);
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toBe('eraseNetwork');
    expect(calls[0]![2]).toBe('road');
    expect(groundChainBreak(grid, null, calls[0]![1] as number[])).toBe(-1);
    l.map.setNetworks(null);
  });

  it('a paint brush of size 2 paints the area tile and its adjoining ones; the eraser takes linear tiles too', async () => {
    const l = loadPayload(payloadOf(alformHexMap(), 'h'));
    const grid = l.map.grid;
    const centre = grid.index([4, 4]);
    const { actions, calls } = fakeActions('paint', { brushSize: 2 });
    const input = new ToolInput(actions, l, fakeHost());
    // The footprint is shown before the button goes down; over a linear tile it is centred on the nearer area tile.
    const linear = grid.neighbor(centre, 0);
    const near = grid.center(linear).map((v, k) => v + (grid.center(centre)[k]! - v) * 0.3);
    expect([...input.footprint({ tile: linear, point: near })].sort((a, b) => a - b)).toEqual([centre, ...adjoiningGround(grid, l.classes, centre)].sort((a, b) => a - b));
    input.down(at(l, centre));
    await input.up();
    expect(calls).toHaveLength(1);
    expect((calls[0]![1] as number[]).sort((a, b) => a - b)).toEqual([centre, ...adjoiningGround(grid, l.classes, centre)].sort((a, b) => a - b));
    l.map.layers.terrain[centre] = 1; // something to erase
    const erase = fakeActions('erase', { brushSize: 2 });
    const eraser = new ToolInput(erase.actions, l, fakeHost());
    eraser.down(at(l, centre));
    await eraser.up();
    expect((erase.calls[0]![1] as number[]).length).toBe(grid.range(centre, 2).length);
    expect(erase.calls[0]![2]).toBe('');
    // Other tools have no footprint.
    expect(new ToolInput(fakeActions('linear', { brushSize: 3 }).actions, l, fakeHost()).footprint(at(l, centre))).toHaveLength(0);
  });

  it('linear terrain on a classic map: one connected run of edges, previewed, sent as one drawEdges', async () => {
    const l = square();
    const grid = l.map.grid;
    const { actions, calls } = fakeActions('linear');
    const host = fakeHost();
    const input = new ToolInput(actions, l, host);
    // Along the boundary between rows 2 and 3 (y = 2.5), left to right, a sample per 0.1.
    const along = (x: number): Picked => ({ tile: grid.pick([x, 2.5]), point: [x, 2.5] });
    input.down(along(0));
    for (let x = 0.1; x <= 5; x += 0.1) input.move(along(x));
    const slots = host.previewEdges.mock.lastCall![0];
    expect(slots).toHaveLength(6);
    expect(edgeChainBreak(grid, slots)).toBe(-1);
    await input.up();
    expect(calls).toEqual([['drawEdges', slots, 'river']]);
  });

  it('a quick paint stroke fills between samples: two samples 4 hexes apart paint the hexes between', async () => {
    const l = loadPayload(payloadOf(alformHexMap(), 'h'));
    const grid = l.map.grid;
    const { actions, calls } = fakeActions('paint');
    const input = new ToolInput(actions, l, fakeHost());
    input.down(at(l, grid.index([2, 0])));
    input.move(at(l, grid.index([2, 8])));
    await input.up();
    expect(calls).toEqual([['paint', [0, 2, 4, 6, 8].map((y) => grid.index([2, y])), 'forest']]);
    // Off the map the trail breaks: coming back elsewhere does not paint across.
    const again = fakeActions('paint');
    const second = new ToolInput(again.actions, l, fakeHost());
    second.down(at(l, grid.index([0, 0])));
    second.move({ tile: -1, point: [-99, -99] });
    second.move(at(l, grid.index([8, 8])));
    await second.up();
    expect(again.calls).toEqual([['paint', [grid.index([0, 0]), grid.index([8, 8])], 'forest']]);
  });

  it('analysis tools on an AL-FORM map take the hex under the pointer, not the hexside the grid picked', () => {
    const l = loadPayload(payloadOf(alformHexMap(), 'h'));
    const grid = l.map.grid;
    const hex = grid.index([4, 4]);
    const side = grid.neighbor(hex, 0);
    const point = grid.center(side).map((v, k) => v + (grid.center(hex)[k]! - v) * 0.4);
    for (const tool of ['path', 'reach', 'los', 'fov'] as const) {
      const { actions, calls } = fakeActions(tool);
      new ToolInput(actions, l, fakeHost()).down({ tile: side, point });
      expect(calls).toEqual([['analyse', tool, hex]]);
    }
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

  it('fill on a linear feature of an AL-FORM map asks for the whole feature, previewing it', async () => {
    const l = loadPayload(payloadOf(alformHexMap(), 'h'));
    const grid = l.map.grid;
    const a = grid.index([4, 4]);
    const linear = grid.neighbor(a, 0);
    l.map.palette.push('river');
    l.map.layers.terrain[linear] = 2;
    const { actions, calls } = fakeActions('fill', { linearTerrain: 'stream' } as Partial<ToolActions>);
    const host = fakeHost();
    const input = new ToolInput(actions, l, host);
    input.down(at(l, linear));
    await Promise.resolve();
    await Promise.resolve();
    expect(calls).toEqual([['fillFeature', linear, 'stream']]);
    expect(host.preview).toHaveBeenCalledWith([linear], 'stream');
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

  it('the ground tool: a press selects into the one selection (shift adds, alt subtracts), a drag adds or takes out', async () => {
    const l = square();
    const { actions, calls } = fakeActions('select');
    const input = new ToolInput(actions, l, fakeHost());
    input.down(at(l, 7), { shift: false, command: false });
    input.move(at(l, 7)); // still on the tile it started on
    input.move(at(l, 9)); // a drag: the tiles swept on the way join too
    await input.up();
    // The swept line starts at the press tile, already selected (extending by it changes nothing).
    expect(calls).toEqual([['selectGround', 7, 'replace'], ['extendGround', 7, 'add'], ['extendGround', 8, 'add'], ['extendGround', 9, 'add']]);

    calls.length = 0;
    input.down(at(l, 8), { shift: true, command: false });
    await input.up();
    input.down(at(l, 9), { shift: false, command: false, alt: true });
    input.move(at(l, 10));
    await input.up();
    expect(calls).toEqual([['selectGround', 8, 'add'], ['selectGround', 9, 'subtract'], ['extendGround', 9, 'subtract'], ['extendGround', 10, 'subtract']]);
  });

  it('fill-select: one click at the tile, shift adds, alt subtracts', () => {
    const l = square();
    const { actions, calls } = fakeActions('wand');
    const input = new ToolInput(actions, l, fakeHost());
    input.down(at(l, 7), { shift: false, command: false });
    input.down(at(l, 8), { shift: true, command: false });
    input.down(at(l, 9), { shift: false, command: false, alt: true });
    expect(calls).toEqual([['fillSelect', 7, 'replace'], ['fillSelect', 8, 'add'], ['fillSelect', 9, 'subtract']]);
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

  it('a rectangle drag draws the marquee and selects what the shape covers; shift adds, alt subtracts; a click takes the tile under it', async () => {
    const l = square();
    const { actions, calls } = fakeActions('marquee');
    const host = fakeHost();
    const input = new ToolInput(actions, l, host);
    const px = (tile: number, x: number, y: number): Picked => ({ ...at(l, tile), screen: [x, y] });
    input.down(px(1, 10, 10), { shift: true, command: false, alt: false });
    input.move(px(1, 12, 11)); // within the slop: still a click
    expect(host.marquee).not.toHaveBeenCalled();
    input.move(px(7, 40, 30));
    expect(host.marquee).toHaveBeenLastCalledWith([10, 10, 40, 10, 40, 30, 10, 30]);
    await input.up();
    expect(host.tilesInShape).toHaveBeenCalledWith([10, 10, 40, 10, 40, 30, 10, 30]);
    expect(host.marquee).toHaveBeenLastCalledWith(null);
    input.down(px(3, 5, 5), { shift: false, command: false, alt: true });
    await input.up();
    expect(calls).toEqual([
      ['selectRegion', [1, 2, 6, 7], 'add'],
      ['selectRegion', [3], 'subtract'],
    ]);
  });

  it('a lasso keeps its points; in paste mode the ghost follows the pointer and a click lands it on an area tile', async () => {
    const l = square();
    const lasso = fakeActions('lasso');
    const host = fakeHost();
    const input = new ToolInput(lasso.actions, l, host);
    const pts: [number, number][] = [[0, 0], [30, 0], [30, 30], [0, 30]];
    input.down({ ...at(l, 0), screen: pts[0]! });
    for (const p of pts.slice(1)) input.move({ ...at(l, 0), screen: p });
    await input.up();
    expect(host.tilesInShape).toHaveBeenCalledWith([0, 0, 30, 0, 30, 30, 0, 30]);
    expect(lasso.calls).toEqual([['selectRegion', [1, 2, 6, 7], 'replace']]);

    const hex = loadPayload(payloadOf(alformHexMap(), 'h'));
    const paste = fakeActions('paint', { pasting: true });
    const p2 = new ToolInput(paste.actions, hex, fakeHost());
    const linear = hex.classes!.findIndex((c) => c !== 0);
    p2.hover(at(hex, linear));
    p2.hover({ tile: -1, point: [99, 99] });
    p2.down(at(hex, linear));
    const [ghost, off, landed] = paste.calls;
    expect(ghost![0]).toBe('showGhost');
    expect(hex.classes![ghost![1] as number]).toBe(0); // an area tile: the anchor of an AL-FORM region
    expect(off).toEqual(['showGhost', -1]);
    expect(landed).toEqual(['pasteAt', ghost![1]]);
    expect(p2.stroking).toBe(false); // the click that lands a paste paints nothing
  });
});
