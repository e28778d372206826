/**
 * Assembly modes: how a request compiles its tile set and what it asks of the one solver
 * (solver.ts). The CLI's `assemble --mode` and the app's `maps.assemble` both read this
 * table, so a mode is one entry here. AL-FORM is not a mode but the map's form (`--alform`):
 * every mode runs over the AL-FORM topology through assembleAlForm.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { CORRIDOR, geomorphAssembleOptions, geomorphLibraryOptions } from './geomorph.js';
import type { TerrainCatalogue } from '../terrain/types.js';
import type { LibraryOptions } from './library.js';
import { networkRolesOf } from './network-ends.js';
import type { AssembleOptions } from './solver-types.js';

/**
 * What assembly asks by default so the result reads as a map (issue 25): line networks with
 * no dead end inside the region (network-filter.ts) and no loop (network-loops.ts), and area
 * terrain in patches (patch-bias.ts, PATCH_BIAS). The CLI and the app pass it into
 * `mode.assemble`; a mode may drop it (geomorph: corridors end in rooms by design).
 */
export function mapRules(catalogue: TerrainCatalogue): Pick<AssembleOptions, 'networks' | 'patches'> {
  return { networks: { roles: networkRolesOf(catalogue) }, patches: PATCH_BIAS };
}

/**
 * The patch bias the map rules ask: 2 took the starter library's single-tile patches from 7 to 1
 * over 6 seeds of a 40×40 square and a 30×20 hex map; 1 changed nothing, 4 and more let one
 * forest or sea spread over most of the map.
 */
export const PATCH_BIAS = 2;

export interface AssemblyMode {
  /** Library options from the base ones (the catalogue's match options). */
  library(base: LibraryOptions): LibraryOptions;
  /** Solver options from what the request gave (seed, region, counts, connectivity …). */
  assemble(base: AssembleOptions): AssembleOptions;
}

export const ASSEMBLY_MODES = {
  /** The tile set as it is, the request's options as they are. */
  classic: { library: (b) => b, assemble: (b) => b },
  /** Seed 002: rotations only, fewer solid sides, a solid boundary, one connected network (corridors unless the request names terrains); no map rules (`mapRules`): a corridor may end in a room. */
  geomorph: {
    library: (b) => ({ ...b, ...geomorphLibraryOptions() }),
    assemble: ({ networks: _free, patches: _vignettes, ...b }) => ({ ...geomorphAssembleOptions(b.seed, b), connectivity: b.connectivity ?? { terrains: [CORRIDOR] } }),
  },
} as const satisfies Record<string, AssemblyMode>;

export type AssemblyModeName = keyof typeof ASSEMBLY_MODES;
export const ASSEMBLY_MODE_NAMES = Object.keys(ASSEMBLY_MODES) as AssemblyModeName[];

export function isAssemblyMode(name: string): name is AssemblyModeName {
  return Object.prototype.hasOwnProperty.call(ASSEMBLY_MODES, name);
}
