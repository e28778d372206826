import { describe, expect, it } from 'vitest';
import type { BufferAttribute, LineBasicMaterial, LineSegments, Mesh, MeshBasicMaterial } from 'three';
import type { LineSegments2 } from 'three/addons/lines/LineSegments2.js';
import { InstanceLayer } from '../../../../core/map/instance-layer.js';
import { encodePlacement } from '../../../../core/map/orientation-code.js';
import { HEX_TILE } from '../../../../core/vector/vector.testkit.js';
import { TerrainMap } from '../../../../core/map/terrain-map.js';
import { tileClasses } from '../../../../core/alform/tile-classes.js';
import { loadDefaultCatalogue } from '../../../../core/terrain/catalogue.testkit.js';
import type { GridSize } from '../../../../core/grid/types.js';
import { applyEdit, type LoadedMap } from '../map-model.js';
import { NetworkLayer } from '../../../../core/map/network-layer.js';
import { NetworkSides } from '../../../../core/map/network-sides.js';
import { planDrawChain } from '../../../../core/map/network-edit.js';
import { adjoiningGround } from '../../../../core/alform/adjoining.js';
import { hexRgb, MapLayers, outlineScale } from './map-layers.js';
import { GROUND_BELOW_PX } from '../../../../core/render/vector-blocks.js';
import { DEFAULT_VIEW_LAYERS, withLayer } from '../../../../core/map/view-layers.js';
import { TileClass } from '../../../../core/alform/classify.js';

const catalogue = loadDefaultCatalogue();

function load(size: GridSize, alform: boolean): LoadedMap {
  const map = TerrainMap.create({ size, alform, palette: ['clear', 'forest', 'river'] });
  map.layers.terrain.fill(1);
  return { id: 'm', summary: { id: 'm', name: 'm', kind: map.spec.kind, size: '', alform, tileCount: map.tileCount, updatedAt: '' }, map, classes: alform ? tileClasses(map.grid) : null };
}

describe('map layers (Three.js objects, no WebGL)', () => {
  it('scales outlines with the zoom: hidden under 8 px a tile, full from 24 px', () => {
    expect(outlineScale(7.9)).toBe(0);
    expect(outlineScale(12)).toBe(0.5);
    expect(outlineScale(48)).toBe(1);
    expect(hexRgb('#0a80ff')).toEqual([10, 128, 255]);
  });

  it('fits a flat map and draws it in a handful of calls', () => {
    const layers = new MapLayers(load({ kind: 'square', width: 6, height: 4 }, false), catalogue);
    layers.setMode('foot');
    const b = layers.bounds();
    expect([b.minX, b.maxX, b.minY, b.maxY]).toEqual([-0.5, 5.5, -0.5, 3.5]);
    expect(layers.tilePolygon(0)!.length).toBe(4);
    // A, B, the borders and one chunk of C (no linear terrain, so no D).
    expect(layers.drawCalls()).toBe(4);
    layers.setPixelsPerTile(4);
    expect(layers.drawCalls()).toBe(2);
    layers.dispose();
  });

  it('draws through-tile networks as one mesh over (B), rebuilt after a network edit, previewed see-through', () => {
    const l = load({ kind: 'hex-rectangle', width: 11, height: 9 }, true);
    const ground = Array.from({ length: l.map.tileCount }, (_, i) => i).filter((i) => l.classes![i] === TileClass.AREA);
    const sides = NetworkSides.of(l.map);
    const a = ground[0]!;
    const b = adjoiningGround(l.map.grid, l.classes, a)[0]!;
    const layers = new MapLayers(l, catalogue);
    layers.setMode('foot');
    expect(layers.networks.triangles).toBe(0);
    const calls = layers.drawCalls();
    const edit = applyEdit(l, { changes: [], palette: [...l.map.palette, 'road'], networks: [] });
    layers.applyEdit(edit);
    const layer = new NetworkLayer(l.map.tileCount);
    const changes = planDrawChain(layer, sides, l.map.palette.indexOf('road') + 1, [a, b]);
    layers.applyEdit(applyEdit(l, { changes: [], palette: l.map.palette, networks: changes.map((c) => ({ tile: c.tile, codes: [...c.after] })) }));
    expect(layers.networks.triangles).toBeGreaterThan(0);
    expect(layers.drawCalls()).toBe(calls + 1);
    layers.previewNetwork([a, b], 'railroad');
    layers.clearNetworkPreview();
    layers.dispose();
  });

  it('a one-tile edit on a large flat map replaces only the outline blocks about it, drawing what a fresh build draws', () => {
    const l = load({ kind: 'hex-rectangle', width: 211, height: 201 }, true);
    const linear = l.classes!.map((c, i) => (c === TileClass.AREA ? -1 : i)).filter((i) => i >= 0);
    for (let k = 0; k < linear.length; k += 7) l.map.layers.terrain[linear[k]!] = 3;
    const layers = new MapLayers(l, catalogue);
    layers.setMode('foot');
    const builds = layers.outlineBuilds;
    const blocks = layers.outlineBlocksRebuilt;
    expect(blocks).toBeGreaterThan(4);
    const whole = layers.outlineSegmentsUploaded();
    const tile = l.classes!.indexOf(TileClass.AREA, Math.floor(l.map.tileCount / 2));
    l.map.layers.terrain[tile] = 2;
    layers.applyEdit({ tiles: Int32Array.of(tile), instanceTiles: new Int32Array(0), edgeSlots: new Int32Array(0), networkTiles: new Int32Array(0), paletteChanged: false });
    // Worked out at once, block by block: one to four blocks, a small part of the segments uploaded again.
    expect(layers.outlineBuilds).toBe(builds);
    expect(layers.outlineBlocksRebuilt).toBeGreaterThanOrEqual(1);
    expect(layers.outlineBlocksRebuilt).toBeLessThanOrEqual(4);
    expect(layers.outlineSegmentsUploaded()).toBeLessThan(whole / 5);
    const fresh = new MapLayers(l, catalogue);
    fresh.setMode('foot');
    expect(drawnSegments(layers)).toEqual(drawnSegments(fresh));
    layers.dispose();
    fresh.dispose();
  });

  it('previews a colour in place and restores the terrain colour', () => {
    const layers = new MapLayers(load({ kind: 'hex-rectangle', width: 5, height: 4 }, false), catalogue);
    const area = layers.root.children[0] as Mesh;
    const colours = () => Array.from((area.geometry.getAttribute('color').array as Uint8Array).slice(0, 4));
    const before = colours();
    layers.preview([0], '#123456');
    expect(colours().slice(0, 3)).toEqual([0x12, 0x34, 0x56]);
    layers.restore([0]);
    expect(colours()).toEqual(before);
    layers.dispose();
  });

  it('puts globe overlays just outside layer D and gives globe tiles 3-D polygons', () => {
    const layers = new MapLayers(load({ kind: 'icosahedron', side: 3 }, false), catalogue);
    expect(layers.overlayRadius()).toBeGreaterThan(1);
    expect(layers.tilePolygon(0)![0]!.length).toBe(3);
    layers.dispose();
  });

  it('placing the first tile of a map hides nothing painted: terrain, linear terrain and grid stay drawn, the drawing joins them', () => {
    const loaded = load({ kind: 'hex-rectangle', width: 9, height: 7 }, true);
    const river = loaded.classes!.findIndex((c) => c !== TileClass.AREA);
    loaded.map.layers.terrain[river] = 2;
    const layers = new MapLayers({ ...loaded, vectorTiles: new Map([[HEX_TILE.id, HEX_TILE]]) }, catalogue);
    layers.setMode('foot');
    expect(layers.shownLayers()).toBe('terrain:1:1,linear:1:1,vector:0:1,grid:1:1');
    const builds = layers.outlineBuilds;
    const cell = loaded.classes!.indexOf(TileClass.AREA);
    const instances = new InstanceLayer(loaded.map.grid);
    instances.set(cell, HEX_TILE.id, 0);
    loaded.map.setInstances(instances);
    layers.applyEdit({ tiles: new Int32Array(0), instanceTiles: Int32Array.of(cell), edgeSlots: new Int32Array(0), networkTiles: new Int32Array(0), paletteChanged: false });
    expect(layers.drawnAsMap).toBe(true);
    expect(layers.shownLayers()).toBe('terrain:1:1,linear:1:1,vector:1:1,grid:1:1');
    // The outlines stay worked out and drawn: the linear outlines (D) over the drawing, the area outlines (C) under it.
    expect(layers.outlineBuilds).toBe(builds + 1);
    const orders = new Set<number>();
    layers.root.traverseVisible((o) => {
      if (o.type === 'LineSegments2') orders.add(o.renderOrder);
    });
    expect([...orders].sort()).toEqual([0.3, 3]);
    layers.dispose();
  });

  it('shows, hides and fades each layer as the layers panel says, from each material\'s own opacity', () => {
    const loaded = load({ kind: 'hex-rectangle', width: 20, height: 20 }, false);
    const layer = new InstanceLayer(loaded.map.grid);
    for (let c = 0; c < loaded.map.tileCount; c++) layer.set(c, HEX_TILE.id, 0);
    loaded.map.setInstances(layer);
    const layers = new MapLayers({ ...loaded, vectorTiles: new Map([[HEX_TILE.id, HEX_TILE]]) }, catalogue);
    layers.setPixelsPerTile(64);
    const area = layers.root.children[0] as Mesh;
    const material = area.material as MeshBasicMaterial;
    expect([material.opacity, material.transparent]).toEqual([1, false]);
    for (const k of ['terrain', 'linear', 'vector', 'grid'] as const) {
      layers.setLayers(withLayer(DEFAULT_VIEW_LAYERS, k, { visible: false }));
      expect(layers.shownLayers()).toContain(`${k}:0:`);
      expect(layers.shownLayers().match(/:1:/g)).toHaveLength(3);
    }
    layers.setLayers(withLayer(DEFAULT_VIEW_LAYERS, 'terrain', { opacity: 0.5 }));
    expect([material.opacity, material.transparent]).toEqual([0.5, true]);
    layers.setLayers(withLayer(DEFAULT_VIEW_LAYERS, 'grid', { opacity: 0.5 }));
    expect([material.opacity, material.transparent]).toEqual([1, false]);
    const borders = layers.root.children.find((o) => o.type === 'LineSegments') as LineSegments;
    expect((borders.material as LineBasicMaterial).opacity).toBeCloseTo(0.11);
    layers.dispose();
  });

  it('draws a vector map coarse zoomed out, fine in view zoomed in, and uploads a one-tile edit as one block\'s ranges', () => {
    const loaded = load({ kind: 'hex-rectangle', width: 80, height: 80 }, false);
    const layer = new InstanceLayer(loaded.map.grid);
    for (let c = 0; c < loaded.map.tileCount; c++) layer.set(c, HEX_TILE.id, encodePlacement({ orientation: { rotation: 60 * (c % 6), mirror: 'none' } }));
    loaded.map.setInstances(layer);
    const layers = new MapLayers({ ...loaded, vectorTiles: new Map([[HEX_TILE.id, HEX_TILE]]) }, catalogue);
    expect(layers.drawnAsMap).toBe(true);
    // Tiles a few pixels wide: the ground alone ((A): the terrain derived from the tiles, and (B) over it), no vector buffers built.
    layers.setPixelsPerTile(GROUND_BELOW_PX - 1);
    expect(layers.vectorLevel()).toBe('ground');
    expect(layers.drawCalls()).toBe(2);
    layers.setPixelsPerTile(6);
    expect(layers.vectorLevel()).toBe('coarse');
    // (A), (B) + fills, strokes (HEX_TILE's point is no terrain of the catalogue: no point symbols, no call).
    expect(layers.drawCalls()).toBe(4);
    const b = layers.bounds();
    layers.setViewBox({ minX: b.minX, maxX: b.minX + 5, minY: b.minY, maxY: b.minY + 5 });
    layers.setPixelsPerTile(64);
    expect(layers.vectorLevel()).toBe('fine');
    // The same four, and the tile borders that show from 8 px a tile.
    expect(layers.drawCalls()).toBe(5);
    layers.setPixelsPerTile(6);
    expect(layers.vectorLevel()).toBe('coarse');
    const shown: Mesh[] = [];
    layers.root.traverseVisible((o) => {
      if (o.renderOrder === 0.5) shown.push(o as Mesh);
    });
    expect(shown).toHaveLength(1);
    const strokes = shown[0]!;
    const index = strokes.geometry.getIndex() as BufferAttribute;
    index.clearUpdateRanges();
    const cell = loaded.map.grid.index([40, 40]);
    layer.set(cell, HEX_TILE.id, encodePlacement({ orientation: { rotation: 0, mirror: 'x' } }));
    layers.applyEdit({ tiles: new Int32Array(0), instanceTiles: Int32Array.of(cell), edgeSlots: new Int32Array(0), networkTiles: new Int32Array(0), paletteChanged: false });
    expect(layers.lastVectorEdit).toMatchObject({ blocks: 1, relaid: 0, tessellated: 0 });
    // Only the edited block's ranges go up: two stroke sections (casings, lines).
    expect(index.updateRanges).toHaveLength(2);
    const sent = index.updateRanges.reduce((a, r) => a + r.count, 0);
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThan(index.count / 2);
    // Zoomed in on that corner again: an edit there rewrites the fine block in view too.
    layers.setPixelsPerTile(64);
    const corner = loaded.map.grid.pick([b.minX + 2, b.minY + 2]);
    layer.set(corner, HEX_TILE.id, encodePlacement({ orientation: { rotation: 60, mirror: 'x' } }));
    layers.applyEdit({ tiles: new Int32Array(0), instanceTiles: Int32Array.of(corner), edgeSlots: new Int32Array(0), networkTiles: new Int32Array(0), paletteChanged: false });
    expect(layers.lastVectorEdit).toMatchObject({ blocks: 1, builds: 2, relaid: 0 });
    expect(layers.lastVectorEdit!.fine!.strokes.ranges).toHaveLength(2);
    layers.dispose();
  });
});

/** Outline segments drawn, per render order (C, D, barriers): chunk by chunk, the instance counts. */
function drawnSegments(layers: MapLayers): Record<number, number[]> {
  const out: Record<number, number[]> = {};
  layers.root.traverse((o) => {
    if (o.type !== 'LineSegments2') return;
    (out[o.renderOrder] ??= []).push((o as LineSegments2).geometry.instanceCount);
  });
  for (const k of Object.keys(out)) out[+k]!.sort((a, b) => a - b);
  return out;
}
