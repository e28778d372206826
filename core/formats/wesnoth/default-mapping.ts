/**
 * Wesnoth terrain codes ↔ the default catalogue (resources/terrain/default.json), both ways:
 *
 * - `DEFAULT_WESNOTH_MAPPING` reads codes as terrain: overlays win over bases (a forest on
 *   grass is forest), as wesnoth/terrain.ts explains. Walls and other impassable terrain
 *   (`X*`, including void `Xv`), impassable overlays (`^X*`) and chasms (`Q*`) become the
 *   catalogue's `impassable` terrain — not mountains or badlands, which units can cross.
 * - `DEFAULT_WESNOTH_CODES` writes terrain as codes where a map has no code of its own for it
 *   (a terrain painted in Sandtable): one plain, typical code per terrain. An export first
 *   keeps each tile's original code and the map's own most common code per terrain
 *   (wesnoth/export.ts); these are the last resort before a warning.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { WesnothMapping } from '../../map/import-mapping.js';

export const DEFAULT_WESNOTH_MAPPING: WesnothMapping = {
  codes: {
    'G*': 'clear',
    'R*': 'clear',
    'Re*': 'clear',
    'Wo*': 'ocean',
    'W*': 'coastal-ocean',
    'Wwf': 'tidal-flat',
    'S*': 'swamp',
    'D*': 'sand',
    'Hh*': 'hills',
    'H*': 'hills',
    'Hd': 'badlands',
    'M*': 'mountains',
    'A*': 'tundra',
    'Ai': 'glacier',
    'C*': 'urban',
    'K*': 'urban',
    'U*': 'rocky',
    'Q*': 'impassable',
    'X*': 'impassable',
    'T*': 'forest',
    '^F*': 'forest',
    '^V*': 'village',
    '^X*': 'impassable',
  },
  default: 'clear',
};

/** A Wesnoth code for each default-catalogue area terrain, for tiles that have none of their own. */
export const DEFAULT_WESNOTH_CODES: Readonly<Record<string, string>> = {
  clear: 'Gg',
  plains: 'Gs',
  fields: 'Re',
  ocean: 'Wo',
  'coastal-ocean': 'Wwt',
  lake: 'Ww',
  'tidal-flat': 'Wwf',
  swamp: 'Ss',
  marsh: 'Ss',
  'marsh-edge': 'Ss',
  sand: 'Dd',
  hills: 'Hh',
  foothills: 'Hh',
  badlands: 'Hd',
  mountains: 'Mm',
  tundra: 'Aa',
  glacier: 'Ai',
  urban: 'Ch',
  village: 'Gg^Vh',
  rocky: 'Uu',
  rough: 'Hd',
  forest: 'Gg^Fds',
  'forest-edge': 'Gg^Fds',
  jungle: 'Gg^Ftr',
  orchard: 'Gg^Fet',
  impassable: 'Xu',
};
