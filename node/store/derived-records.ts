/**
 * A derivation link as callers hand it in and as it is stored (project-schema.ts versions
 * 1–3): the key (parent, selection, ratio, seed) and the hashes read and checked, the
 * selection's cache key, the ground dependency as runs, and a row turned into a DerivedLink.
 *
 * Must not depend on: Electron, DOM.
 */
import type { GroundDependency } from '../../core/derive/dependency.js';
import { MAX_SEED } from '../../core/derive/options.js';
import type { ArgReader } from './args.js';
import { InputError } from './args.js';
import type { DerivationHashes, DerivationKey, DerivedLink } from './derived-store.js';
import type { LayerName } from './map-chunks.js';

export interface LinkRow {
  map_id: string;
  parent_id: string | null;
  selection: string;
  ratio: number;
  seed: number;
  ground_hash: string;
  substitutes_hash: string;
  ground_tiles: string | null;
  created_at: string;
  updated_at: string;
}

export const LINK_SELECT = 'SELECT map_id, parent_id, selection, ratio, seed, ground_hash, substitutes_hash, ground_tiles, created_at, updated_at FROM derived_maps';
/** The layers a dependency lists, in hashing order (elevation indices are tiles, like terrain's). */
export const DEPENDENCY_LAYERS = ['terrain', 'edges', 'vertices', 'elevation'] as const satisfies readonly LayerName[];
const MAX_SELECTION = 1_000_000;

/** The reference first (it decides the derived map's origin), then the other tiles as a set. */
export function selectionKey(selection: readonly number[]): string {
  const [reference, ...rest] = selection;
  return [reference, ...rest.sort((a, b) => a - b)].join(',');
}

export function readKey(r: ArgReader, value: unknown, path: string): DerivationKey {
  const o = r.strictObject(value, path, ['parentId', 'selection', 'ratio', 'seed']);
  const list = r.array(o.selection, `${path}.selection`);
  if (list.length === 0 || list.length > MAX_SELECTION) r.fail(`${path}.selection`, `1…${MAX_SELECTION} tile indices, the reference first`, list);
  const seen = new Set<number>();
  const selection = list.map((t, k) => {
    const tile = r.integer(t, `${path}.selection[${k}]`, 0, 2 ** 31 - 1);
    if (seen.has(tile)) throw new InputError(r.source, `${path}.selection[${k}]`, `tile ${tile} is selected twice`);
    seen.add(tile);
    return tile;
  });
  return {
    parentId: r.id(o.parentId, `${path}.parentId`),
    selection,
    ratio: r.integer(o.ratio, `${path}.ratio`, 2, 1000),
    seed: r.integer(o.seed, `${path}.seed`, 0, MAX_SEED),
  };
}

export function readHashes(r: ArgReader, value: unknown, path: string): DerivationHashes {
  const o = r.strictObject(value, path, ['groundHash', 'substitutesHash', 'dependency']);
  const hex = (v: unknown, p: string) => {
    if (typeof v !== 'string' || !/^[0-9a-f]{16,128}$/.test(v)) r.fail(p, 'a hex digest', v);
    return v;
  };
  const hashes = { groundHash: hex(o.groundHash, `${path}.groundHash`), substitutesHash: hex(o.substitutesHash, `${path}.substitutesHash`) };
  return o.dependency === undefined ? hashes : { ...hashes, dependency: readDependency(r, o.dependency, `${path}.dependency`) };
}

function readDependency(r: ArgReader, value: unknown, path: string): GroundDependency {
  const o = r.strictObject(value, path, [...DEPENDENCY_LAYERS]);
  const list = (layer: (typeof DEPENDENCY_LAYERS)[number]): number[] => {
    const items = r.array(o[layer], `${path}.${layer}`);
    let last = -1;
    return items.map((v, k) => {
      const i = r.integer(v, `${path}.${layer}[${k}]`, 0, 2 ** 31 - 1);
      if (i <= last) r.fail(`${path}.${layer}[${k}]`, 'indices in ascending order, none twice', v);
      last = i;
      return i;
    });
  };
  return { terrain: list('terrain'), edges: list('edges'), vertices: list('vertices'), elevation: list('elevation') };
}

/** A dependency as stored: per layer, ascending runs [start, count] (a window's columns are runs), as JSON. */
export function encodeDependency(dependency: GroundDependency | undefined): string | null {
  if (dependency === undefined) return null;
  const runs = (indices: readonly number[]): number[][] => {
    const out: number[][] = [];
    for (const i of indices) {
      const last = out[out.length - 1];
      if (last !== undefined && last[0]! + last[1]! === i) last[1]!++;
      else out.push([i, 1]);
    }
    return out;
  };
  return JSON.stringify(Object.fromEntries(DEPENDENCY_LAYERS.map((l) => [l, runs(dependency[l])])));
}

/** The stored dependency; null when absent (a link from before version 3) or unreadable, which falls back to the whole parent. */
function decodeDependency(text: string | null): GroundDependency | null {
  if (text === null) return null;
  try {
    const o = JSON.parse(text) as Record<string, [number, number][]>;
    const list = (layer: string): number[] => {
      const out: number[] = [];
      for (const [start, count] of o[layer] ?? []) for (let k = 0; k < count; k++) out.push(start + k);
      return out;
    };
    return { terrain: list('terrain'), edges: list('edges'), vertices: list('vertices'), elevation: list('elevation') };
  } catch {
    return null;
  }
}

export function toLink(row: LinkRow): DerivedLink {
  return {
    mapId: row.map_id,
    parentId: row.parent_id,
    selection: JSON.parse(row.selection) as number[],
    ratio: row.ratio,
    seed: row.seed,
    groundHash: row.ground_hash,
    substitutesHash: row.substitutes_hash,
    dependency: decodeDependency(row.ground_tiles),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
