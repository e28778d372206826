/**
 * One merged triangle buffer per visualization element (SPEC §5, §12: "a handful of draw
 * calls"), made of fixed-size PIECES: every piece is a convex polygon of `verticesPerPiece`
 * vertices (shorter polygons repeat their last vertex), fanned into triangles by one index
 * template. A tile owns one or more pieces (its polygon; a linear tile may add spurs), found
 * through `firstPiece[owner]` and the `nextPiece` chain, so one tile can be recoloured or
 * rebuilt in place and the renderer re-uploads only the dirty vertex range.
 *
 * Buffer layout (what the renderer copies into Three.js attributes):
 * - positions: Float32Array, xyz per vertex (model space; z = 0 on flat maps);
 * - colors: Uint8Array, rgba per vertex (use as a normalized attribute);
 * - indices: Uint32Array, triangles counter-clockwise seen from +z (flat) or from outside
 *   the globe; draw `pieceCount × indicesPerPiece` of them.
 * Pieces freed by an edit collapse to one point with alpha 0 and are reused first.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

/** A range of vertices to re-upload: positions [3·start, 3·(start+count)), colours [4·start, 4·(start+count)). */
export interface DirtyRange {
  readonly start: number;
  readonly count: number;
}

export const EMPTY_RANGE: DirtyRange = Object.freeze({ start: 0, count: 0 });

/** A tile's own polygon (area polygon, linear strip), a spur into an area tile, a square VERTEX hub. */
export const PieceRole = { POLYGON: 0, SPUR: 1, HUB: 2 } as const;

/** What the renderer reads. */
export interface MeshBuffers {
  readonly verticesPerPiece: number;
  readonly indicesPerPiece: number;
  /** Pieces in the draw range (freed holes included). */
  readonly pieceCount: number;
  readonly positions: Float32Array;
  readonly colors: Uint8Array;
  readonly indices: Uint32Array;
  /** Owner of each piece (a tile index, or on classic maps an edge/vertex slot id); −1 for a freed piece. */
  readonly owner: Int32Array;
  /** Palette index of each piece's terrain. */
  readonly terrain: Uint8Array;
  /** What each piece is: `PieceRole`. */
  readonly role: Uint8Array;
  /** First piece of each owner, −1 if it has none. */
  readonly firstPiece: Int32Array;
  /** Next piece of the same owner, −1 at the end. */
  readonly nextPiece: Int32Array;
}

export class PieceMesh implements MeshBuffers {
  readonly indicesPerPiece: number;
  pieceCount = 0;
  positions: Float32Array;
  colors: Uint8Array;
  indices: Uint32Array;
  owner: Int32Array;
  terrain: Uint8Array;
  role: Uint8Array;
  nextPiece: Int32Array;
  readonly firstPiece: Int32Array;
  /** Set when the arrays were reallocated: the renderer must re-create its buffers. */
  grown = false;
  private free: number[] = [];
  private dirtyLo = Infinity;
  private dirtyHi = -1;

  constructor(
    readonly verticesPerPiece: number,
    ownerCount: number,
    capacity: number,
    /** Vertex the triangle fan starts from (see `fanIndices`). */
    readonly fanOrigin = 0,
  ) {
    this.indicesPerPiece = 3 * (verticesPerPiece - 2);
    const cap = Math.max(1, capacity);
    this.positions = new Float32Array(cap * verticesPerPiece * 3);
    this.colors = new Uint8Array(cap * verticesPerPiece * 4);
    this.indices = fanIndices(verticesPerPiece, cap, fanOrigin);
    this.owner = new Int32Array(cap);
    this.terrain = new Uint8Array(cap);
    this.role = new Uint8Array(cap);
    this.nextPiece = new Int32Array(cap);
    this.firstPiece = new Int32Array(ownerCount).fill(-1);
  }

  get capacity(): number {
    return this.owner.length;
  }

  /** A new piece for `owner`, chained after its existing pieces. */
  allocate(owner: number, terrain: number, role = 0): number {
    let p: number;
    if (this.free.length > 0) p = this.free.pop()!;
    else {
      if (this.pieceCount === this.capacity) this.grow();
      p = this.pieceCount++;
    }
    this.owner[p] = owner;
    this.terrain[p] = terrain;
    this.role[p] = role;
    this.nextPiece[p] = this.firstPiece[owner]!;
    this.firstPiece[owner] = p;
    this.markDirty(p);
    return p;
  }

  /** Frees every piece of `owner` (collapsed to a point, alpha 0). */
  release(owner: number): void {
    let p = this.firstPiece[owner]!;
    const k = this.verticesPerPiece;
    while (p >= 0) {
      const next = this.nextPiece[p]!;
      const v = p * k;
      const pos = this.positions;
      for (let i = 1; i < k; i++) pos.copyWithin(3 * (v + i), 3 * v, 3 * v + 3);
      this.colors.fill(0, 4 * v, 4 * (v + k));
      this.owner[p] = -1;
      this.nextPiece[p] = -1;
      this.free.push(p);
      this.markDirty(p);
      p = next;
    }
    this.firstPiece[owner] = -1;
  }

  /** Paints every vertex of piece `p`. */
  fill(p: number, rgba: ArrayLike<number>, offset = 0): void {
    const k = this.verticesPerPiece;
    const c = this.colors;
    const r = rgba[offset]!;
    const g = rgba[offset + 1]!;
    const b = rgba[offset + 2]!;
    const a = rgba[offset + 3] ?? 255;
    for (let i = 4 * p * k, end = 4 * (p + 1) * k; i < end; i += 4) {
      c[i] = r;
      c[i + 1] = g;
      c[i + 2] = b;
      c[i + 3] = a;
    }
  }

  markDirty(p: number): void {
    if (p < this.dirtyLo) this.dirtyLo = p;
    if (p > this.dirtyHi) this.dirtyHi = p;
  }

  /** Vertex range touched since the last call (one span over all touched pieces). */
  takeDirty(): DirtyRange {
    if (this.dirtyHi < 0) return EMPTY_RANGE;
    const k = this.verticesPerPiece;
    const range = { start: this.dirtyLo * k, count: (this.dirtyHi - this.dirtyLo + 1) * k };
    this.dirtyLo = Infinity;
    this.dirtyHi = -1;
    return range;
  }

  private grow(): void {
    const cap = Math.max(16, Math.ceil(this.capacity * 1.5));
    const k = this.verticesPerPiece;
    this.positions = extend(this.positions, cap * k * 3);
    this.colors = extend(this.colors, cap * k * 4);
    this.indices = fanIndices(k, cap, this.fanOrigin);
    this.owner = extend(this.owner, cap);
    this.terrain = extend(this.terrain, cap);
    this.role = extend(this.role, cap);
    this.nextPiece = extend(this.nextPiece, cap);
    this.grown = true;
  }
}

/**
 * Triangle fan per piece from vertex `origin`, reversed so a clockwise polygon comes out
 * counter-clockwise. A fan is right for any polygon every point of which the origin sees:
 * convex pieces from any vertex; a globe strip, whose mitred ends may bend in by a hair when
 * put on the sphere, from the apex of one end.
 */
function fanIndices(k: number, pieces: number, origin: number): Uint32Array {
  const per = 3 * (k - 2);
  const out = new Uint32Array(pieces * per);
  for (let p = 0, o = 0; p < pieces; p++) {
    const base = p * k;
    for (let i = 1; i < k - 1; i++) {
      out[o++] = base + origin;
      out[o++] = base + ((origin + i + 1) % k);
      out[o++] = base + ((origin + i) % k);
    }
  }
  return out;
}

function extend<T extends Float32Array | Uint8Array | Int32Array>(a: T, length: number): T {
  const out = new (a.constructor as new (n: number) => T)(length);
  out.set(a);
  return out;
}

/**
 * Recolours every piece of one tile in place (a paint stroke on area terrain) and returns
 * the vertex range to re-upload. `rgb` is 3 or 4 bytes (alpha defaults to 255).
 */
export function updateTileColour(mesh: MeshBuffers, tile: number, rgb: ArrayLike<number>): DirtyRange {
  if (!Number.isInteger(tile) || tile < 0 || tile >= mesh.firstPiece.length) {
    throw new RangeError(`tile ${tile} is outside this mesh's owners (0…${mesh.firstPiece.length - 1})`);
  }
  if (rgb.length !== 3 && rgb.length !== 4) throw new Error(`a colour is 3 or 4 bytes (rgb or rgba), got ${rgb.length}`);
  const k = mesh.verticesPerPiece;
  const c = mesh.colors;
  const a = rgb.length === 4 ? rgb[3]! : 255;
  let lo = Infinity;
  let hi = -1;
  for (let p = mesh.firstPiece[tile]!; p >= 0; p = mesh.nextPiece[p]!) {
    for (let i = 4 * p * k, end = 4 * (p + 1) * k; i < end; i += 4) {
      c[i] = rgb[0]!;
      c[i + 1] = rgb[1]!;
      c[i + 2] = rgb[2]!;
      c[i + 3] = a;
    }
    if (p < lo) lo = p;
    if (p > hi) hi = p;
  }
  return hi < 0 ? EMPTY_RANGE : { start: lo * k, count: (hi - lo + 1) * k };
}
