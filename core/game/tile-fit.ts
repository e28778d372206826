/**
 * Whether a new tile, turned, keeps everything of the tile it replaces (issue 28's rules as
 * both engines apply them): every old path is still there — each side-to-side path, each
 * junction's track to a side, each junction-to-junction link — with each old city or town
 * mapped to one new junction of the same type (several old cities may map to one new city:
 * a merge, 18Chesapeake's X3…X5 → X7), and each new city has slots for the tokens of the old
 * cities mapped into it. Returns the junction map, or why none exists.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Connection, TrackTile } from '../track/types.js';

export type FitResult = { readonly map: ReadonlyMap<string, string>; readonly keptConnections: ReadonlySet<number> } | { readonly reason: string };

const STOPS = new Set(['city', 'town', 'offmap', 'pass', 'junction']);

function endKey(e: Connection['a'], map?: ReadonlyMap<string, string>): string {
  return e.kind === 'side' ? `s${e.side}` : `j${map ? map.get(e.id) : e.id}`;
}

function connectionKeys(tile: TrackTile): Map<string, number> {
  const keys = new Map<string, number>();
  tile.connections.forEach((c, i) => {
    const [a, b] = [endKey(c.a), endKey(c.b)].sort();
    keys.set(`${a}|${b}|${c.gauge}`, i);
  });
  return keys;
}

/**
 * `oldTile` and `newTile` are already turned to their rotations. `tokens` counts the tokens
 * on each old junction id.
 */
export function fitTile(oldTile: TrackTile, newTile: TrackTile, tokens: ReadonlyMap<string, number>): FitResult {
  const olds = oldTile.junctions.filter((j) => STOPS.has(j.type));
  const news = newTile.junctions.filter((j) => STOPS.has(j.type));
  const newKeys = connectionKeys(newTile);
  const map = new Map<string, string>();
  let best: string | null = null;
  const check = (): { kept: Set<number> } | string => {
    const kept = new Set<number>();
    for (const c of oldTile.connections) {
      const [a, b] = [endKey(c.a, map), endKey(c.b, map)].sort();
      if (a === b) continue; // two old junctions merged into one: the link between them is inside the new city
      const k = newKeys.get(`${a}|${b}|${c.gauge}`);
      if (k === undefined) return `the old track ${describe(c)} is not on the new tile`;
      kept.add(k);
    }
    const load = new Map<string, number>();
    for (const o of olds) load.set(map.get(o.id)!, (load.get(map.get(o.id)!) ?? 0) + (tokens.get(o.id) ?? 0));
    for (const [id, n] of load) {
      const slots = news.find((j) => j.id === id)!.slots;
      if (n > slots) return `the new city has ${slots} slot(s) for ${n} token(s)`;
    }
    return { kept };
  };
  const search = (i: number): { kept: Set<number> } | null => {
    if (i === olds.length) {
      const r = check();
      if (typeof r === 'string') {
        best ??= r;
        return null;
      }
      return r;
    }
    const o = olds[i]!;
    for (const n of news) {
      if (n.type !== o.type) continue;
      map.set(o.id, n.id);
      const r = search(i + 1);
      if (r) return r;
    }
    map.delete(o.id);
    return null;
  };
  if (olds.length > 6 || news.length > 6) return { reason: 'tiles with more than six junctions are not compared' };
  const found = search(0);
  if (found) return { map: new Map(map), keptConnections: found.kept };
  if (best) return { reason: best };
  const type = olds.find((o) => !news.some((n) => n.type === o.type))?.type ?? 'junction';
  return { reason: `the old ${type} has no ${type} to go to on the new tile` };
}

function describe(c: Connection): string {
  const e = (x: Connection['a']) => (x.kind === 'side' ? `side ${x.side}` : x.id);
  return `${e(c.a)}–${e(c.b)}`;
}
