import { describe, expect, it } from 'vitest';
import type { Mesh } from 'three';
import { TerrainMap } from '../../../../core/map/terrain-map.js';
import { tileClasses } from '../../../../core/alform/tile-classes.js';
import { loadDefaultCatalogue } from '../../../../core/terrain/catalogue.testkit.js';
import type { GridSize } from '../../../../core/grid/types.js';
import type { LoadedMap } from '../map-model.js';
import { hexRgb, MapLayers, outlineScale } from './map-layers.js';

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
});
