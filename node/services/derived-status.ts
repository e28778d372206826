/**
 * What the project says about derived maps (SPEC §7): their origin and whether they are
 * stale — the parent's ground or the substitutes hash otherwise than when the content was
 * derived. The ground is what the derivation reads (the link's `dependency`,
 * core/derive/dependency.ts), hashed from just those values (derived-store.ts groundOf), and
 * the substitutes are those of the terrains found there: an edit far from a child, or a
 * substitute of a terrain it does not have, leaves it fresh. Links from before the dependency
 * was kept compare the whole parent. Current hashes are computed once per key within one
 * answer, in a cache keyed by `HashKey`.
 *
 * The catalogue is read by a derivation too (transition bands, human-curated ground, street
 * layouts…): while the catalogue in use reads as the shipped one does to a derivation
 * (core/derive catalogue-key.ts) the substitutes hash is the library's alone, so links stored
 * before the catalogue could be edited stay fresh; an edited catalogue is folded into it, so
 * every child derived under another catalogue goes stale, and undoing the edit freshens them.
 *
 * Plain Node over the store: must not depend on Electron or DOM.
 */
import type { DerivedSummary } from '../../contract/contract.js';
import type { GridKind } from '../../core/grid/types.js';
import { substituteLattice } from '../../core/derive/geometry/ratios.js';
import type { GroundDependency } from '../../core/derive/dependency.js';
import type { DerivationHashes, DerivedLink, Project } from '../store/index.js';
import { createHash } from 'node:crypto';
import { substitutesHash } from '../store/index.js';
import type { TerrainCatalogue } from '../../core/terrain/catalogue.js';
import { derivationCatalogueKey } from '../../core/derive/catalogue-key.js';
import type { UserLibrary } from './user-library.js';
import { KeyedCache } from './keyed-cache.js';

/**
 * A current hash: a parent's whole ground or its palette's substitutes at a ratio (links from
 * before the dependency was kept), or the substitutes of some terrains at a ratio on a lattice.
 */
export type HashKey =
  | { readonly hash: 'ground'; readonly parentId: string }
  | { readonly hash: 'substitutes'; readonly parentId: string; readonly ratio: number }
  | { readonly hash: 'terrain-substitutes'; readonly kind: GridKind; readonly ratio: number; readonly terrains: readonly string[] };

export function hashKey(key: HashKey): string {
  switch (key.hash) {
    case 'ground':
      return JSON.stringify([key.hash, key.parentId]);
    case 'substitutes':
      return JSON.stringify([key.hash, key.parentId, key.ratio]);
    case 'terrain-substitutes':
      return JSON.stringify([key.hash, substituteLattice(key.kind), key.ratio, key.terrains]);
  }
}

/** Current hashes of parents, for one answer (a project listing, a lineage). */
export type HashMemo = KeyedCache<HashKey, string>;

/** The catalogue in use and the one the app ships, for the catalogue's part of the hash. */
export interface CatalogueInUse {
  readonly current: () => TerrainCatalogue;
  readonly shipped: TerrainCatalogue;
}

export class DerivedStatus {
  constructor(
    private readonly library: () => UserLibrary,
    private readonly catalogues?: CatalogueInUse,
  ) {}

  /** A fresh memo: hashes are current only within one answer. */
  memo(): HashMemo {
    return new KeyedCache(hashKey);
  }

  /** The hash of the substitutes of `terrains` (a palette, or the terrains a dependency holds) for a map of `kind` at `ratio`. */
  substitutesHash(terrains: Iterable<string>, kind: GridKind, ratio: number): string {
    const library = substitutesHash(this.library().source, terrains, substituteLattice(kind), ratio);
    if (!this.catalogues) return library;
    const key = derivationCatalogueKey(this.catalogues.current());
    if (key === derivationCatalogueKey(this.catalogues.shipped)) return library;
    return createHash('sha256').update(`sandtable derivation catalogue 1\n${library}\n${key}`).digest('hex');
  }

  /** What a derivation of `parentId` reading `dependency` at `ratio` uses now: both hashes, to store or compare. */
  current(project: Project, parentId: string, kind: GridKind, ratio: number, dependency: GroundDependency, memo: HashMemo = this.memo()): DerivationHashes & { dependency: GroundDependency } {
    const ground = project.derived.groundOf(parentId, dependency);
    const subs = memo.getOrSet({ hash: 'terrain-substitutes', kind, ratio, terrains: ground.terrains }, () => this.substitutesHash(ground.terrains, kind, ratio));
    return { groundHash: ground.groundHash, substitutesHash: subs, dependency };
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
    if (link.dependency !== null) {
      const parent = project.maps.get(parentId)!;
      try {
        const now = this.current(project, parentId, parent.kind, link.ratio, link.dependency, memo);
        return { ...base, stale: now.groundHash !== link.groundHash || now.substitutesHash !== link.substitutesHash };
      } catch {
        // An unreadable library must not break listing the project; maps.derive reports it.
        return { ...base, stale: project.derived.groundOf(parentId, link.dependency).groundHash !== link.groundHash };
      }
    }
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
