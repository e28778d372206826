/**
 * The network layer's JSON form (map JSON version 3, docs/map-format.md "networks"):
 *   { "connections": [[tile, code, code, …], …],            tiles ascending, codes network-code.ts
 *     "junctions":   [{ "tile", "port", "type", "slots", "revenue", "toward", "name"? }, …] }
 * Reading checks every code against the map: the tile is an area tile, each side port is one
 * of its sides, the kind a palette value of the map.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { InputError, JsonReader } from '../util/input-error.js';
import { connectionKind, isConnectionCode, isSidePort, portA, portB } from './network-code.js';
import { NETWORK_JUNCTION_TYPES, NetworkLayer, type NetworkJunction } from './network-layer.js';
import type { NetworkSides } from './network-sides.js';

export interface NetworkJunctionJson extends NetworkJunction {
  readonly tile: number;
}

export interface NetworkLayerJson {
  connections: number[][];
  junctions?: NetworkJunctionJson[];
}

export function networksToJson(layer: NetworkLayer): NetworkLayerJson {
  const connections = layer.tiles().map((t) => [t, ...layer.at(t)]);
  const junctions = layer.junctionTiles().flatMap((tile) => layer.junctionsAt(tile).map((j) => ({ tile, ...j })));
  return junctions.length ? { connections, junctions } : { connections };
}

/** Reads `value` (at JSON path `path`) as the networks of a map with `paletteSize` terrains. */
export function networksFromJson(value: unknown, sides: NetworkSides, paletteSize: number, source: string, path: string): NetworkLayer {
  const r = new JsonReader(source);
  const root = r.object(value, path);
  r.onlyKeys(root, path, ['connections', 'junctions']);
  const n = sides.grid.tileCount;
  const layer = new NetworkLayer(n);
  const rows = r.array(root.connections, `${path}.connections`);
  let last = -1;
  rows.forEach((row, k) => {
    const p = `${path}.connections[${k}]`;
    const cells = r.array(row, p);
    if (cells.length < 2) r.fail(p, '[tile, code, …] with at least one code', row);
    const tile = r.integer(cells[0], `${p}[0]`, 0, n - 1);
    if (tile <= last) throw new InputError(source, `${p}[0]`, `tiles must be listed once each, ascending; ${tile} follows ${last}`);
    last = tile;
    if (!sides.isGround(tile)) throw new InputError(source, `${p}[0]`, `tile ${tile} is a linear tile; networks run through area tiles`);
    const deg = sides.degree(tile);
    const codes = cells.slice(1).map((c, i): number => {
      const cp = `${p}[${i + 1}]`;
      if (!isConnectionCode(c)) return r.fail(cp, 'a network connection code (ports a < b, kind ≥ 1)', c);
      const kind = connectionKind(c);
      if (kind > paletteSize) throw new InputError(source, cp, `connection kind ${kind} is not a palette index 1…${paletteSize}`);
      for (const port of [portA(c), portB(c)]) {
        if (isSidePort(port) && port >= deg) throw new InputError(source, cp, `side ${port} of tile ${tile}, which has ${deg} sides`);
      }
      return c;
    });
    layer.set(tile, codes);
  });
  if (root.junctions !== undefined) readJunctions(r, root.junctions, `${path}.junctions`, layer);
  return layer;
}

function readJunctions(r: JsonReader, value: unknown, path: string, layer: NetworkLayer): void {
  const byTile = new Map<number, NetworkJunction[]>();
  r.array(value, path).forEach((raw, k) => {
    const p = `${path}[${k}]`;
    const o = r.object(raw, p);
    r.onlyKeys(o, p, ['tile', 'port', 'type', 'slots', 'revenue', 'toward', 'name']);
    const tile = r.integer(o.tile, `${p}.tile`, 0, layer.tileCount - 1);
    const toward = o.toward === null || o.toward === undefined ? null : r.number(o.toward, `${p}.toward`, 0, 8);
    const j: NetworkJunction = {
      port: r.integer(o.port, `${p}.port`, 8, 15),
      type: r.oneOf(o.type, `${p}.type`, NETWORK_JUNCTION_TYPES),
      slots: o.slots === undefined ? 0 : r.integer(o.slots, `${p}.slots`, 0, 16),
      revenue: o.revenue === undefined ? 0 : r.number(o.revenue, `${p}.revenue`, -1e6, 1e6),
      toward,
      ...(o.name === undefined ? {} : { name: r.string(o.name, `${p}.name`).slice(0, 200) }),
    };
    const list = byTile.get(tile) ?? [];
    if (list.some((x) => x.port === j.port)) throw new InputError(r.source, `${p}.port`, `tile ${tile} already has a junction at port ${j.port}`);
    list.push(j);
    byTile.set(tile, list);
  });
  for (const [tile, list] of byTile) layer.setJunctions(tile, list);
}
