/**
 * Stored vector tiles as the store gives them back: the summary row (the tile without its
 * geometry, with its tags and terrains gathered in the same statement) and the names of an
 * allowed-orientation mask (bit k = core/vector shapeOrientations(shape)[k]).
 *
 * Must not depend on: Electron, DOM.
 */
import { orientationName, shapeOrientations } from '../../core/vector/orientation.js';
import { shapeByName } from '../../core/vector/shape.js';
import type { VectorShape, VectorTileSummary } from './vector-store.js';

export interface SummaryRow {
  vid: number;
  id: string;
  name: string;
  shape: VectorShape;
  orientations: number;
  element_count: number;
  created_at: string;
  updated_at: string;
  tags: string;
  terrains: string;
}

export const SUMMARY_SELECT = `
SELECT t.vid, t.id, t.name, t.shape, t.orientations, t.element_count, t.created_at, t.updated_at,
       (SELECT json_group_array(tag) FROM (SELECT tag FROM vector_tags g WHERE g.vid = t.vid ORDER BY tag)) AS tags,
       (SELECT json_group_array(terrain) FROM (SELECT terrain FROM vector_terrains x WHERE x.vid = t.vid ORDER BY terrain)) AS terrains
FROM vector_tiles t`;

export function toSummary(row: SummaryRow): VectorTileSummary {
  return {
    id: row.id,
    name: row.name,
    shape: row.shape,
    tags: JSON.parse(row.tags) as string[],
    terrains: JSON.parse(row.terrains) as string[],
    orientations: maskNames(row.shape, row.orientations),
    elements: row.element_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function maskNames(shape: VectorShape, mask: number): string[] {
  return shapeOrientations(shapeByName(shape))
    .map((o, k) => (mask & (1 << k) ? orientationName(o) : null))
    .filter((n): n is string => n !== null);
}
