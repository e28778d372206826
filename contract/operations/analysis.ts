/**
 * Analysis on a map for a movement mode (SPEC §8): path, reach, line of sight, field of view.
 *
 * Part of the renderer ↔ main contract (../contract.ts): imported by both sides; no Node, no DOM.
 */

import { s } from '../schema.js';
import { id, mode, tile, type OperationTable } from './fields.js';

export const ANALYSIS_OPERATIONS = {
  /** Analysis on a map for a movement mode. */
  'analysis.path': { args: s.object({ id, mode, from: tile, to: tile }) },
  'analysis.reach': { args: s.object({ id, mode, from: tile, budget: s.number(0, 1e6) }) },
  /**
   * `rayCast`: answer on the map's raster (core/raster, flat maps) instead of tile to tile —
   * the tile's centre cell stands for it; `curvature` lowers distant ground (refracted).
   */
  'analysis.los': {
    args: s.object({
      id,
      from: tile,
      to: tile,
      observerHeight: s.optional(s.number(0, 1e4)),
      targetHeight: s.optional(s.number(0, 1e4)),
      rayCast: s.optional(s.boolean()),
      curvature: s.optional(s.boolean()),
    }),
  },
  'analysis.fov': {
    args: s.object({ id, from: tile, radius: s.int(0, 200), observerHeight: s.optional(s.number(0, 1e4)), rayCast: s.optional(s.boolean()), curvature: s.optional(s.boolean()) }),
  },
} as const satisfies OperationTable;

export interface AnalysisResults {
  'analysis.path': { cost: number; tiles: number[] } | { cost: null; tiles: []; reason: string };
  'analysis.reach': { tiles: number[]; costs: number[] };
  'analysis.los': { visible: boolean; blockedAt: number };
  'analysis.fov': { tiles: number[] };
}
