/**
 * What callers hand the vector tile store (vector-store.ts), read and checked: a record (the
 * tile's native JSON read by core/vector's strict reader, which validates the geometry; its
 * tags and allowed orientations) becomes a ValidTile with its rows of the fit table; an
 * orientation by name; the constraints of a fit query (a neighbour tile in an orientation,
 * or the edge indicators it faces). Everything arrives untrusted (over IPC): one InputError
 * names the record, the field and what was expected.
 *
 * Must not depend on: Electron, DOM.
 */
import type { Orientation } from '../../core/alform/classify.js';
import type { EdgeIndicators, PositionIndicator } from '../../core/vector/indicators.js';
import { edgeIndicators, indicatorsOf, positionKey } from '../../core/vector/indicators.js';
import { vectorTileFromJson, vectorTileToJson } from '../../core/vector/json.js';
import { acrossSignature, edgeSignature } from '../../core/vector/match.js';
import { edgeMap, orientIndicators, orientTile, parseOrientation, shapeOrientations } from '../../core/vector/orientation.js';
import type { TileShape } from '../../core/vector/shape.js';
import { facingDirection } from '../../core/vector/shape.js';
import type { VectorTile } from '../../core/vector/types.js';
import { ArgReader, InputError, nested, withRecordId } from './args.js';
import type { VectorShape } from './vector-store.js';

export interface ValidTile {
  tile: VectorTile;
  shape: VectorShape;
  name: string;
  tags: string[];
  mask: number;
  json: string;
  terrains: string[];
  /** [signature, canonical edge, mirrored] per row of the fit table. */
  fit: [string, number, 0 | 1][];
}

export function readOrientation(r: ArgReader, value: unknown, path: string, shape: TileShape): Orientation {
  if (value === undefined) return shapeOrientations(shape)[0]!;
  const text = r.string(value, path);
  try {
    return parseOrientation(shape, text);
  } catch (e) {
    throw new InputError('argument', path, (e as Error).message);
  }
}

/** A record: the tile read by core/vector (strict, validated), its tags and allowed orientations. */
export function readRecord(r: ArgReader, value: unknown, path: string, terrains: ReadonlySet<string> | undefined): ValidTile {
  const o = r.object(value, path);
  const rawId = typeof o.tile === 'object' && o.tile !== null ? (o.tile as { id?: unknown }).id : undefined;
  return withRecordId(rawId, () => {
    r.onlyKeys(o, path, ['tile', 'tags', 'orientations']);
    const tile = nested(`${path}.tile`, () => vectorTileFromJson(o.tile, 'argument', terrains ? { terrains } : {}));
    if (tile.shape.name === 'polygon') {
      throw new InputError('argument', `${path}.tile.shape`, 'a library tile is drawn on a square, offset-square, hex or pentagon; a globe polygon is where a hex tile is warped to, not a tile of its own');
    }
    const shape = tile.shape.name as VectorShape;
    const all = shapeOrientations(tile.shape);
    let mask = (1 << all.length) - 1;
    if (o.orientations !== undefined) {
      const names = r.stringList(o.orientations, `${path}.orientations`);
      if (names.length === 0) r.fail(`${path}.orientations`, 'at least one orientation', names);
      mask = 0;
      names.forEach((name, k) => {
        const or = readOrientation(r, name, `${path}.orientations[${k}]`, tile.shape);
        mask |= 1 << all.findIndex((x) => x.rotation === or.rotation && x.mirror === or.mirror);
      });
    }
    return {
      tile,
      shape,
      name: tile.name ?? tile.id,
      tags: o.tags === undefined ? [] : r.stringList(o.tags, `${path}.tags`),
      mask,
      json: JSON.stringify(vectorTileToJson(tile)),
      terrains: [...new Set(tile.elements.map((e) => e.terrain))].sort(),
      fit: fitRows(tile),
    };
  });
}

/**
 * The tile's rows of the fit table: for each canonical edge, its signature as drawn and as
 * a mirroring orientation shows it (every mirror shows an edge's positions the same way
 * reversed; core/vector orientIndicators with mirror x tells where the edge goes).
 */
export function fitRows(tile: VectorTile): [string, number, 0 | 1][] {
  const base = edgeIndicators(tile);
  const mirror: Orientation = { rotation: 0, mirror: 'x' };
  const mirrored = orientIndicators(tile.shape, base, mirror);
  const goesTo = edgeMap(tile.shape, mirror);
  const rows: [string, number, 0 | 1][] = [];
  for (const ind of base) {
    rows.push([edgeSignature(ind), ind.dir, 0]);
    rows.push([edgeSignature(indicatorsOf(mirrored, goesTo.get(ind.dir)!)), ind.dir, 1]);
  }
  return rows;
}

/** The constraints of a fit query: per edge direction, the signature the place's neighbour shows across it. */
export function readFitConstraints(r: ArgReader, constraints: unknown, shape: TileShape, tileOf: (id: string) => VectorTile | null): { dir: number; signature: string }[] {
  const list = r.array(constraints, 'constraints');
  const dirs = shape.edges.map((e) => e.dir);
  const seen = new Set<number>();
  return list.map((value, k) => {
    const path = `constraints[${k}]`;
    const c = r.strictObject(value, path, ['dir', 'neighbour', 'facing']);
    const dir = r.integer(c.dir, `${path}.dir`, 0, 7);
    if (!dirs.includes(dir)) r.fail(`${path}.dir`, `an edge direction of the ${shape.name} tile (${dirs.join(', ')})`, dir);
    if (seen.has(dir)) throw new InputError('argument', `${path}.dir`, `direction ${dir} is constrained twice`);
    seen.add(dir);
    if ((c.neighbour === undefined) === (c.facing === undefined)) throw new InputError('argument', path, 'expected either "neighbour" (a library tile and orientation) or "facing" (edge indicators)');
    let facing: EdgeIndicators;
    if (c.neighbour !== undefined) {
      const n = r.strictObject(c.neighbour, `${path}.neighbour`, ['id', 'orientation']);
      const id = r.id(n.id, `${path}.neighbour.id`);
      const tile = tileOf(id);
      if (!tile) throw new InputError('argument', `${path}.neighbour.id`, `no vector tile "${id}" in this library`);
      if (tile.shape.name !== shape.name) throw new InputError('argument', `${path}.neighbour.id`, `tile "${id}" is a ${tile.shape.name}; the place is a ${shape.name}`);
      const orientation = readOrientation(r, n.orientation, `${path}.neighbour.orientation`, tile.shape);
      facing = indicatorsOf(edgeIndicators(orientTile(tile, orientation)), facingDirection(shape, dir));
    } else facing = readFacing(r, c.facing, `${path}.facing`);
    return { dir, signature: acrossSignature(facing) };
  });
}

/** Edge indicators handed in by an in-process caller: checked field by field, keys recomputed. */
function readFacing(r: ArgReader, value: unknown, path: string): EdgeIndicators {
  const o = r.strictObject(value, path, ['dir', 'positions', 'presence']);
  const dir = r.integer(o.dir, `${path}.dir`, 0, 7);
  const presence = r.stringList(o.presence, `${path}.presence`, 300);
  const positions = r.array(o.positions, `${path}.positions`).map((v, k): PositionIndicator => {
    const p = r.object(v, `${path}.positions[${k}]`);
    const at = `${path}.positions[${k}]`;
    r.onlyKeys(p, at, ['element', 'end', 'kind', 'terrain', 't', 'inside', 'height', 'key']);
    const kind = r.oneOf(p.kind, `${at}.kind`, ['line', 'area'] as const);
    const terrain = r.string(p.terrain, `${at}.terrain`);
    const inside = kind === 'area' ? r.oneOf(p.inside, `${at}.inside`, ['before', 'after'] as const) : undefined;
    const height = p.height === undefined ? undefined : r.number(p.height, `${at}.height`);
    return {
      element: r.string(p.element, `${at}.element`),
      end: r.oneOf(p.end, `${at}.end`, ['start', 'end'] as const),
      kind,
      terrain,
      t: r.number(p.t, `${at}.t`, 0, 1),
      ...(inside ? { inside } : {}),
      ...(height === undefined ? {} : { height }),
      key: positionKey(kind, terrain, inside, height),
    };
  });
  return { dir, positions, presence };
}
