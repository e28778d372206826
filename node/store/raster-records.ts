/**
 * Raster tiles as callers hand them in and as the store gives them back: a record read and
 * checked (its edges' connector labels, its allowed orientations by name), the edge
 * constraints of a fit query, and a stored row turned into a RasterTile.
 *
 * Must not depend on: Electron, DOM.
 */
import { ArgReader, InputError, withRecordId } from './args.js';
import type { ImageBlob } from './context.js';
import { readImage } from './context.js';
import type { RasterShape } from './orientation.js';
import { EDGE_NAMES, RASTER_SHAPES, allOrientations, edgeCount, orientationCode, orientationNames } from './orientation.js';
import type { RasterTile } from './raster-store.js';

export const MAX_LABEL_LENGTH = 100;
const MAX_PIXELS = 16384;

export interface ValidTile {
  id: string;
  name: string;
  tags: string[];
  shape: RasterShape;
  width: number;
  height: number;
  image: ImageBlob;
  edges: string[];
  mask: number;
}

export interface TileRow {
  rid: number;
  id: string;
  name: string;
  shape: RasterShape;
  width: number;
  height: number;
  orientations: number;
  created_at: string;
  updated_at: string;
  mime: string;
  image_bytes: number;
  labels: string;
  tags: string | null;
}

export const TILE_SELECT = `
SELECT t.rid, t.id, t.name, t.shape, t.width, t.height, t.orientations, t.created_at, t.updated_at,
       i.mime, length(i.data) AS image_bytes,
       json_array(l0.label, l1.label, l2.label, l3.label, l4.label, l5.label) AS labels,
       (SELECT json_group_array(tag) FROM (SELECT tag FROM raster_tags g WHERE g.rid = t.rid ORDER BY tag)) AS tags
FROM raster_tiles t
JOIN raster_images i ON i.rid = t.rid
JOIN edge_labels l0 ON l0.id = t.e0
JOIN edge_labels l1 ON l1.id = t.e1
JOIN edge_labels l2 ON l2.id = t.e2
JOIN edge_labels l3 ON l3.id = t.e3
LEFT JOIN edge_labels l4 ON l4.id = t.e4
LEFT JOIN edge_labels l5 ON l5.id = t.e5`;

export function readTile(r: ArgReader, value: unknown, path: string): ValidTile {
  const o = r.object(value, path);
  return withRecordId(o.id, () => {
    r.onlyKeys(o, path, ['id', 'name', 'tags', 'shape', 'width', 'height', 'image', 'edges', 'orientations']);
    const id = r.id(o.id, `${path}.id`);
    const name = r.name(o.name, `${path}.name`);
    const tags = o.tags === undefined ? [] : r.stringList(o.tags, `${path}.tags`);
    const shape = r.oneOf(o.shape, `${path}.shape`, RASTER_SHAPES);
    const width = r.integer(o.width, `${path}.width`, 1, MAX_PIXELS);
    const height = r.integer(o.height, `${path}.height`, 1, MAX_PIXELS);
    const image = readImage(r, o.image, `${path}.image`);
    const k = edgeCount(shape);
    const edgeList = r.array(o.edges, `${path}.edges`);
    if (edgeList.length !== k) r.fail(`${path}.edges`, `${k} labels (one per edge of a ${shape}, top edge first, clockwise)`, edgeList);
    const edges = edgeList.map((l, e) => readLabel(r, l, `${path}.edges[${e}]`));
    let mask = allOrientations(shape);
    if (o.orientations !== undefined) {
      const names = r.stringList(o.orientations, `${path}.orientations`, 10);
      if (names.length === 0) r.fail(`${path}.orientations`, 'at least one orientation', names);
      mask = 0;
      names.forEach((n, j) => {
        const code = orientationCode(shape, n);
        if (code < 0) r.fail(`${path}.orientations[${j}]`, `an orientation of a ${shape}: ${orientationNames(shape, allOrientations(shape)).join(', ')}`, n);
        mask |= 1 << code;
      });
    }
    return { id, name, tags, shape, width, height, image, edges, mask };
  });
}

function readLabel(r: ArgReader, value: unknown, path: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LABEL_LENGTH) r.fail(path, `a connector label (a string of 1…${MAX_LABEL_LENGTH} characters)`, value);
  return value;
}

export function readEdgeConstraints(r: ArgReader, value: unknown, shape: RasterShape): { edge: number; label: string }[] {
  const o = r.object(value, 'edges');
  const names = EDGE_NAMES[shape];
  const k = edgeCount(shape);
  const taken = new Set<number>();
  return Object.entries(o).map(([key, label]) => {
    const edge = /^\d$/.test(key) ? Number(key) : names.indexOf(key);
    if (edge < 0 || edge >= k) {
      const named = names.length ? `${names.join(', ')} or ` : '';
      throw new InputError('argument', `edges.${key}`, `unknown edge of a ${shape}; expected ${named}an edge number 0…${k - 1}`);
    }
    if (taken.has(edge)) throw new InputError('argument', `edges.${key}`, `edge ${edge} is given twice`);
    taken.add(edge);
    return { edge, label: readLabel(r, label, `edges.${key}`) };
  });
}

export function toTile(row: TileRow): RasterTile {
  const k = edgeCount(row.shape);
  return {
    id: row.id,
    name: row.name,
    tags: row.tags ? (JSON.parse(row.tags) as string[]) : [],
    shape: row.shape,
    width: row.width,
    height: row.height,
    mime: row.mime,
    imageBytes: row.image_bytes,
    edges: (JSON.parse(row.labels) as string[]).slice(0, k),
    orientations: orientationNames(row.shape, row.orientations),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
