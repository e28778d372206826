/**
 * The layer tree both Tiled writers (tmx.ts, tmj.ts) put out: tile layers nested in group
 * layers rebuilt from each layer's group path (keeping the layer order), then the object
 * groups, each given a layer id if it has none; and the next free layer and object ids the
 * map header records. The writers differ only in how a node is spelled (XML element or JSON).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TiledMap, TiledObjectGroup, TiledTileLayer } from './types.js';

/** How one writer spells the tree's nodes. */
export interface LayerNodes<T> {
  /** A group layer named `name`, and the list its children go into. */
  group(name: string): { node: T; children: T[] };
  layer(layer: TiledTileLayer): T;
  objectGroup(group: TiledObjectGroup): T;
}

/** Appends the map's layer tree to `top`; returns the ids the map header records. */
export function writeLayerTree<T>(map: TiledMap, top: T[], nodes: LayerNodes<T>): { nextLayerId: number; nextObjectId: number } {
  let nextId = 1;
  for (const l of map.layers) if (l.id !== undefined) nextId = Math.max(nextId, l.id + 1);
  const stack: { names: string[]; out: T[] }[] = [{ names: [], out: top }];
  for (const layer of map.layers) {
    let depth = 0;
    while (depth < stack.length - 1 && depth < layer.groups.length && stack[depth + 1]!.names[depth] === layer.groups[depth]) depth++;
    stack.length = depth + 1;
    for (let g = depth; g < layer.groups.length; g++) {
      const group = nodes.group(layer.groups[g]!);
      stack[stack.length - 1]!.out.push(group.node);
      stack.push({ names: layer.groups.slice(0, g + 1), out: group.children });
    }
    stack[stack.length - 1]!.out.push(nodes.layer(layer));
  }
  let nextObjectId = 1;
  for (const g of map.objectgroups ?? []) {
    top.push(nodes.objectGroup(g.id === undefined ? { ...g, id: nextId } : g));
    nextId = Math.max(nextId, (g.id ?? nextId) + 1);
    for (const o of g.objects) nextObjectId = Math.max(nextObjectId, o.id + 1);
  }
  return { nextLayerId: nextId, nextObjectId };
}
