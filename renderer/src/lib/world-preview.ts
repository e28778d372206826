/**
 * The "Generate world" preview of the new-map form: the same seed and parameters generated
 * at a low resolution (about PREVIEW_AREAS tiles) — core/generate samples at world positions,
 * so the preview shows the continents, mountains and big rivers the full map will have —
 * as coloured points in the unit square (flat maps, y down) or in longitude/latitude (the
 * globe, equirectangular). Drawing them is the dialog's business.
 *
 * Renderer layer, no DOM needed.
 */
import type { GridSize } from '../../../core/grid/types.js';
import { generateWorld } from '../../../core/generate/world.js';
import type { WorldParams } from '../../../core/generate/params.js';
import type { TerrainCatalogue } from '../../../core/terrain/types.js';
import { findTerrain } from '../../../core/terrain/lookup.js';

/** About this many area tiles in a preview (fast enough to follow the sliders). */
export const PREVIEW_AREAS = 2400;

export interface PreviewPoint {
  /** 0…1 across (flat: x; globe: longitude). */
  readonly u: number;
  /** 0…1 down (flat: y, top first; globe: latitude, north first). */
  readonly v: number;
  readonly colour: string;
}

export interface WorldPreview {
  readonly points: readonly PreviewPoint[];
  /** Width / height of the picture. */
  readonly aspect: number;
  /** Tiles across, to size each point. */
  readonly across: number;
}

/** A classic size of the same kind and shape with about `areas` tiles (at least 3 across). */
export function previewSize(size: GridSize, areas = PREVIEW_AREAS): GridSize {
  switch (size.kind) {
    case 'hex-hexagon': {
      const d = Math.min(size.diameter, Math.max(3, Math.round(Math.sqrt((4 * areas) / 3))));
      return { kind: 'hex-hexagon', diameter: d % 2 === 0 ? d + 1 : d };
    }
    case 'icosahedron':
      return { kind: 'icosahedron', side: Math.min(size.side, Math.max(1, Math.round(Math.sqrt(areas / 10)) - 1)) };
    default: {
      const k = Math.min(1, Math.sqrt(areas / (size.width * size.height)));
      return { kind: size.kind, width: Math.max(3, Math.round(size.width * k)), height: Math.max(3, Math.round(size.height * k)) };
    }
  }
}

export function worldPreview(size: GridSize, params: Partial<WorldParams>, catalogue: TerrainCatalogue): WorldPreview {
  const small = previewSize(size);
  const { stages } = generateWorld({ size: small, alform: false }, { ...params, settlements: Math.min(params.settlements ?? 40, 12) });
  const lat = stages.lattice;
  const colours = new Map<string, string>();
  const colourOf = (id: string): string => {
    let c = colours.get(id);
    if (c === undefined) colours.set(id, (c = findTerrain(catalogue, id)?.colour ?? '#888888'));
    return c;
  };
  const globe = lat.sphere;
  let maxX = 0;
  let maxY = 0;
  if (!globe) {
    for (const t of lat.tiles) {
      maxX = Math.max(maxX, lat.world[t * 3]!);
      maxY = Math.max(maxY, lat.world[t * 3 + 1]!);
    }
  }
  const place = (t: number): [number, number] => {
    const x = lat.world[t * 3]!;
    const y = lat.world[t * 3 + 1]!;
    if (!globe) return [maxX > 0 ? x / maxX : 0.5, maxY > 0 ? 1 - y / maxY : 0.5];
    const z = lat.world[t * 3 + 2]!;
    return [(Math.atan2(y, x) + Math.PI) / (2 * Math.PI), 0.5 - Math.asin(Math.max(-1, Math.min(1, z))) / Math.PI];
  };
  const points: PreviewPoint[] = [];
  for (let a = 0; a < lat.tiles.length; a++) {
    const [u, v] = place(lat.tiles[a]!);
    points.push({ u, v, colour: colourOf(stages.terrain[a]!) });
  }
  const river = colourOf('river');
  stages.rivers.river.forEach((r, t) => {
    if (r === 0) return;
    const [u, v] = place(t);
    points.push({ u, v, colour: river });
  });
  const aspect = globe ? 2 : maxY > 0 ? maxX / maxY : 1;
  const across = globe ? Math.sqrt(lat.tiles.length * 2) : Math.sqrt(lat.tiles.length * aspect);
  return { points, aspect, across };
}
