/**
 * Through-tile networks (roads, railroads … centre to centre; core/map network-layer.ts) in a
 * Tiled map (issue 26). Tiled has nothing for them, so the export writes an object layer,
 * "Sandtable networks" (property `sandtable` = `networks`), that a re-import reads back
 * exactly — one polyline object per tile a network passes through, drawn as spokes from the
 * cell's centre to the sides its connections reach, with properties:
 *
 * - `cell`: the cell as "column,row" in Tiled's tile coordinates;
 * - `connections`: `terrain:a-b:level` joined by `;` — the terrain id, the two ports (sides are
 *   Sandtable's grid directions, 0 = up, clockwise; 8 the centre; 9…15 junctions) and the level;
 * - `junctions` (optional): the tile's junction records as JSON (core/map NetworkJunction).
 *
 * The properties are what the import reads; the polyline is for seeing the roads in Tiled.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { InputError } from '../../util/input-error.js';
import { quoted } from '../../util/bounded.js';
import type { TerrainMap } from '../../map/terrain-map.js';
import { CENTRE, connectionKind, connectionLevel, encodeConnection, isSidePort, portA, portB } from '../../map/network-code.js';
import { NetworkLayer, type NetworkJunction } from '../../map/network-layer.js';
import { NetworkSides } from '../../map/network-sides.js';
import type { TiledObject, TiledObjectGroup, TiledPoint, TiledProperty } from './types.js';
import { NETWORK_LAYER_VALUE, SANDTABLE_LAYER_PROPERTY } from './objects.js';
import type { TiledCells } from './linear.js';
import { cellCentre } from './linear.js';

export const NETWORK_LAYER_NAME = 'Sandtable networks';

const prop = (name: string, value: string): TiledProperty => ({ name, type: 'string', value });

/** The object layer for a classic map's networks, or null when it has none. */
export function networkObjectGroup(map: TerrainMap, cells: TiledCells): TiledObjectGroup | null {
  const layer = map.networks;
  if (!layer || layer.isEmpty) return null;
  const grid = map.grid;
  const tiles = [...new Set([...layer.tiles(), ...layer.junctionTiles()])].sort((a, b) => a - b);
  const objects: TiledObject[] = tiles.map((t, k) => {
    const cell = cells.cellOf(t);
    const [cx, cy] = cellCentre(cells, cell[0], cell[1]);
    const codes = layer.at(t);
    const spokes: TiledPoint[] = [{ x: 0, y: 0 }];
    const reached = new Set<number>();
    for (const c of codes) for (const p of [portA(c), portB(c)]) if (isSidePort(p)) reached.add(p);
    for (const s of [...reached].sort((a, b) => a - b)) {
      const n = grid.neighbor(t, s);
      if (n < 0) continue;
      const nc = cells.cellOf(n);
      const [nx, ny] = cellCentre(cells, nc[0], nc[1]);
      spokes.push({ x: (nx - cx) / 2, y: (ny - cy) / 2 }, { x: 0, y: 0 });
    }
    const connections = codes.map((c) => `${map.terrainOf(connectionKind(c))}:${portA(c)}-${portB(c)}:${connectionLevel(c)}`).join(';');
    const junctions = layer.junctionsAt(t);
    const properties = [prop('cell', `${cell[0]},${cell[1]}`), prop('connections', connections), ...(junctions.length ? [prop('junctions', JSON.stringify(junctions))] : [])];
    return { id: k + 1, name: '', type: 'network', x: cx, y: cy, polyline: spokes, properties };
  });
  return { name: NETWORK_LAYER_NAME, properties: [prop(SANDTABLE_LAYER_PROPERTY, NETWORK_LAYER_VALUE)], objects };
}

const CONNECTION = /^([a-z0-9][a-z0-9-]{0,99}):(\d{1,2})-(\d{1,2}):([0-3])$/;

/**
 * Puts the layer's networks on a classic map (the import side); returns the tiles restored.
 * Each object must name its cell and connections; anything else is one clear error naming it.
 */
export function applyNetworkObjects(map: TerrainMap, group: TiledObjectGroup, cells: TiledCells, source: string): number {
  const sides = NetworkSides.of(map);
  const layer = map.networks ?? new NetworkLayer(map.tileCount);
  let restored = 0;
  for (const o of group.objects) {
    const where = `object layer ${quoted(group.name)}, object ${o.id}`;
    const get = (name: string): string | undefined => {
      const p = o.properties.find((q) => q.name === name);
      if (p === undefined) return undefined;
      if (typeof p.value !== 'string') throw new InputError(source, where, `expected property ${quoted(name)} to be a string`);
      return p.value;
    };
    const cellText = get('cell') ?? '';
    const m = /^(-?\d{1,7}),(-?\d{1,7})$/.exec(cellText);
    const tile = m ? cells.tileOf(Number(m[1]), Number(m[2])) : -1;
    if (tile < 0) throw new InputError(source, `${where}, property "cell"`, `expected a cell "column,row" on the map, got ${quoted(cellText)}`);
    const deg = sides.degree(tile);
    const codes = (get('connections') ?? '').split(';').filter((x) => x !== '').map((text) => {
      const c = CONNECTION.exec(text);
      if (!c) throw new InputError(source, `${where}, property "connections"`, `expected "terrain:a-b:level" (ports 0…15, level 0…3), got ${quoted(text)}`);
      const [a, b] = [Number(c[2]), Number(c[3])];
      for (const p of [a, b]) {
        if (p > 15 || (isSidePort(p) && p >= deg)) throw new InputError(source, `${where}, property "connections"`, `port ${p} is not a side (0…${deg - 1}), the centre (${CENTRE}) or a junction (9…15) of cell ${cellText}`);
      }
      if (a === b) throw new InputError(source, `${where}, property "connections"`, `a connection joins two different ports, got ${quoted(text)}`);
      return encodeConnection(a, b, map.terrainIndex(c[1]!), Number(c[4]));
    });
    layer.set(tile, [...layer.at(tile), ...codes]);
    const junctions = get('junctions');
    if (junctions !== undefined) {
      try {
        layer.setJunctions(tile, JSON.parse(junctions) as NetworkJunction[]);
      } catch (e) {
        throw new InputError(source, `${where}, property "junctions"`, `expected the tile's junction records as JSON (${(e as Error).message})`);
      }
    }
    restored++;
  }
  if (!layer.isEmpty) map.setNetworks(layer);
  return restored;
}
