/**
 * What the project says about derived maps (SPEC §7): their origin and whether they are
 * stale — the parent's ground or the substitutes hash otherwise than when the content was
 * derived. The current hashes are computed once per parent (and ratio) within one answer,
 * in a cache keyed by `HashKey`.
 *
 * Plain Node over the store: must not depend on Electron or DOM.
 */
import type { DerivedSummary } from '../../electron/shared/contract.js';
import type { GridKind } from '../../core/grid/types.js';
import { substituteLattice } from '../../core/derive/geometry/ratios.js';
import type { DerivedLink, Project } from '../store/index.js';
import { substitutesHash } from '../store/index.js';
import type { UserLibrary } from './user-library.js';
import { KeyedCache } from './keyed-cache.js';

/** A current hash of a parent: its ground, or its substitutes at a ratio. */
export type HashKey = { readonly hash: 'ground'; readonly parentId: string } | { readonly hash: 'substitutes'; readonly parentId: string; readonly ratio: number };

export function hashKey(key: HashKey): string {
  return JSON.stringify(key.hash === 'ground' ? [key.hash, key.parentId] : [key.hash, key.parentId, key.ratio]);
}

/** Current hashes of parents, for one answer (a project listing, a lineage). */
export type HashMemo = KeyedCache<HashKey, string>;

export class DerivedStatus {
  constructor(private readonly library: () => UserLibrary) {}

  /** A fresh memo: hashes are current only within one answer. */
  memo(): HashMemo {
    return new KeyedCache(hashKey);
  }

  /** The hash of the substitutes a map of `kind` and `palette` derives with at `ratio`. */
  substitutesHash(palette: Iterable<string>, kind: GridKind, ratio: number): string {
    return substitutesHash(this.library().source, palette, substituteLattice(kind), ratio);
  }

  /** Every derived map of the project, by id. */
  summaries(project: Project): Map<string, DerivedSummary> {
    const out = new Map<string, DerivedSummary>();
    const memo = this.memo();
    for (const link of project.derived.list()) out.set(link.mapId, this.summary(project, link, memo));
    return out;
  }

  /** A map whose parent is gone is never stale (there is nothing to derive it from). */
  summary(project: Project, link: DerivedLink, memo: HashMemo = this.memo()): DerivedSummary {
    const base = { parent: link.parentId, ratio: link.ratio, seed: link.seed };
    if (link.parentId === null) return { ...base, stale: false };
    const parentId = link.parentId;
    const ground = memo.getOrSet({ hash: 'ground', parentId }, () => project.derived.groundHash(parentId));
    if (ground !== link.groundHash) return { ...base, stale: true };
    const subs = memo.getOrSet({ hash: 'substitutes', parentId, ratio: link.ratio }, () => {
      const parent = project.maps.get(parentId)!;
      try {
        return this.substitutesHash(parent.palette, parent.kind, link.ratio);
      } catch {
        // An unreadable library must not break listing the project; maps.derive reports it.
        return link.substitutesHash;
      }
    });
    return { ...base, stale: subs !== link.substitutesHash };
  }
}
