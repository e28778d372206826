/**
 * The cross-record rules of a terrain catalogue (SPEC §4, §7): unique ids, references to
 * known terrains of the right class, transition pairs covered once, composites in priority
 * order. Split from parse.ts: parsing reads one record at a time, these rules read the whole
 * catalogue, and edit.ts runs them again after every edit.
 */

import type { BandFill, TerrainCatalogue, TerrainSide } from './types.js';
import { fail } from './read.js';

/**
 * Cross-record rules: unique ids, references to known terrains of the right class,
 * transition pairs covered once, composites in priority order. Run after every parse and
 * every edit, on the whole catalogue, so an edited catalogue is as valid as a loaded one.
 */
export function checkCatalogue(catalogue: TerrainCatalogue, source: string): void {
  const modeAt = new Map<string, number>();
  catalogue.modes.forEach((m, i) => {
    const first = modeAt.get(m.id);
    if (first !== undefined) fail(source, `$.modes[${i}].id`, `duplicate movement mode id "${m.id}" (first at $.modes[${first}])`);
    modeAt.set(m.id, i);
  });

  const terrainAt = new Map<string, number>();
  catalogue.terrains.forEach((t, i) => {
    const first = terrainAt.get(t.id);
    if (first !== undefined) fail(source, `$.terrains[${i}].id`, `duplicate terrain id "${t.id}" (first at $.terrains[${first}])`);
    terrainAt.set(t.id, i);
  });

  const requireTerrain = (path: string, id: string, cls: 'area' | 'linear', role: string): void => {
    const at = terrainAt.get(id);
    const article = cls === 'area' ? 'an' : 'a';
    if (at === undefined) fail(source, path, `unknown terrain "${id}" (${role} must name ${article} ${cls} terrain of this catalogue)`);
    const actual = catalogue.terrains[at]!.class;
    if (actual !== cls) fail(source, path, `expected ${article} ${cls} terrain (${role}), "${id}" is ${actual}`);
  };

  const priorityAt = new Map<string, number>();
  catalogue.linearPriority.forEach((id, i) => {
    const path = `$.linearPriority[${i}]`;
    requireTerrain(path, id, 'linear', 'linearPriority');
    const first = priorityAt.get(id);
    if (first !== undefined) fail(source, path, `"${id}" is listed twice (first at $.linearPriority[${first}])`);
    priorityAt.set(id, i);
  });

  catalogue.terrains.forEach((t, i) => {
    t.interchangeable?.forEach((id, k) => requireTerrain(`$.terrains[${i}].interchangeable[${k}]`, id, t.class, `interchangeable of ${t.class} terrain "${t.id}"`));
  });

  checkTransitions(catalogue, source, requireTerrain);
  checkComposites(catalogue, source, requireTerrain, linearRanks(catalogue));
}

type RequireTerrain = (path: string, id: string, cls: 'area' | 'linear', role: string) => void;

function sideIds(side: TerrainSide): readonly string[] {
  return typeof side === 'string' ? [side] : side;
}

function sidePath(base: string, side: TerrainSide, i: number): string {
  return typeof side === 'string' ? base : `${base}[${i}]`;
}

function fillIds(fill: BandFill): readonly string[] {
  return typeof fill === 'string' ? [fill] : fill.map((w) => w.terrain);
}

function fillPath(base: string, fill: BandFill, i: number): string {
  return typeof fill === 'string' ? base : `${base}[${i}].terrain`;
}

/** Key for an unordered pair of terrain ids (ids are kebab-case, so "|" cannot occur in them). */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

function checkTransitions(catalogue: TerrainCatalogue, source: string, requireTerrain: RequireTerrain): void {
  const coveredBy = new Map<string, number>();
  catalogue.transitions.forEach((rule, r) => {
    const path = `$.transitions[${r}]`;
    const sides = rule.between.map((side, s) => {
      const ids = sideIds(side);
      ids.forEach((id, i) => requireTerrain(sidePath(`${path}.between[${s}]`, side, i), id, 'area', 'a transition side'));
      return ids;
    });
    const [left, right] = sides as [readonly string[], readonly string[]];
    const both = left.find((a) => right.includes(a));
    if (both !== undefined) fail(source, `${path}.between`, `"${both}" is on both sides (a terrain needs no band against itself)`);
    for (const a of left) {
      for (const b of right) {
        const key = pairKey(a, b);
        const other = coveredBy.get(key);
        if (other !== undefined) {
          fail(source, `${path}.between`, `${a} ↔ ${b} is already covered by $.transitions[${other}] (each pair may have one rule)`);
        }
        coveredBy.set(key, r);
      }
    }

    const band = rule.band;
    const checkFill = (fill: BandFill, base: string): void =>
      fillIds(fill).forEach((id, i) => requireTerrain(fillPath(base, fill, i), id, 'area', 'a band fill'));
    if (typeof band === 'object' && 'byElevation' in band) {
      band.byElevation.forEach((step, s) => {
        const p = `${path}.band.byElevation[${s}]`;
        checkFill(step.terrain, `${p}.terrain`);
        if (step.edge !== undefined) requireTerrain(`${p}.edge`, step.edge, 'linear', 'a band edge');
      });
    } else {
      checkFill(band, `${path}.band`);
    }
    if (rule.edge !== undefined) requireTerrain(`${path}.edge`, rule.edge, 'linear', 'a band edge');
  });
}

/** Rank of every linear terrain: its place in linearPriority, then unlisted ones in catalogue order. */
export function linearRanks(catalogue: TerrainCatalogue): ReadonlyMap<string, number> {
  const ranks = new Map<string, number>();
  catalogue.linearPriority.forEach((id) => {
    if (!ranks.has(id)) ranks.set(id, ranks.size);
  });
  for (const t of catalogue.terrains) if (t.class === 'linear' && !ranks.has(t.id)) ranks.set(t.id, ranks.size);
  return ranks;
}

function checkComposites(
  catalogue: TerrainCatalogue,
  source: string,
  requireTerrain: RequireTerrain,
  ranks: ReadonlyMap<string, number>,
): void {
  const seen = new Map<string, number>();
  catalogue.composites.forEach((c, i) => {
    const path = `$.composites[${i}]`;
    const [a, b] = c.pair;
    requireTerrain(`${path}.pair[0]`, a, 'linear', 'a composite pair');
    requireTerrain(`${path}.pair[1]`, b, 'linear', 'a composite pair');
    requireTerrain(`${path}.result`, c.result, 'linear', 'a composite result');
    if (ranks.get(a)! > ranks.get(b)!) {
      fail(
        source,
        `${path}.pair`,
        `expected the higher-priority terrain first (["${b}", "${a}"]: "${b}" ranks above "${a}" in linearPriority), got ["${a}", "${b}"]`,
      );
    }
    const key = pairKey(a, b);
    const first = seen.get(key);
    if (first !== undefined) fail(source, `${path}.pair`, `${a} + ${b} is already defined by $.composites[${first}]`);
    seen.set(key, i);
  });
}
