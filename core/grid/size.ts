/**
 * Map sizes as people write them (`40x30`, `15`, `7`) and their validation (SPEC §2:
 * W×H for square, offset-square and hex-rectangle, diameter D for hex-hexagon, side L for
 * the icosahedron). Errors say which kind expected what.
 */
import type { GridKind, GridSize, HexOrientation, Wrap } from './types.js';

/** Largest map we accept: a dense index must fit an Int32 and a typed array must fit memory. */
export const MAX_TILES = 1 << 28;

export function parseSize(kind: GridKind, text: string): GridSize {
  const t = text.trim();
  switch (kind) {
    case 'square':
    case 'offset-square':
    case 'hex-rectangle': {
      const m = /^(\d+)\s*[xX×]\s*(\d+)$/.exec(t);
      if (!m) throw new Error(`${kind} size must be WIDTHxHEIGHT (e.g. 40x30), got "${text}"`);
      return { kind, width: Number(m[1]), height: Number(m[2]) };
    }
    case 'hex-hexagon': {
      if (!/^\d+$/.test(t)) throw new Error(`hex-hexagon size must be the diameter D (an odd integer, e.g. 15), got "${text}"`);
      return { kind, diameter: Number(t) };
    }
    case 'icosahedron': {
      if (!/^\d+$/.test(t)) throw new Error(`icosahedron size must be the side L (an integer ≥ 0, e.g. 9), got "${text}"`);
      return { kind, side: Number(t) };
    }
  }
}

export function formatSize(size: GridSize): string {
  switch (size.kind) {
    case 'square':
    case 'offset-square':
    case 'hex-rectangle':
      return `${size.width}x${size.height}`;
    case 'hex-hexagon':
      return String(size.diameter);
    case 'icosahedron':
      return String(size.side);
  }
}

/** Validates W×H and wrap for the rectangular kinds; throws a message naming the kind. */
export function checkRectangle(kind: GridKind, width: number, height: number, wrap: Wrap): void {
  for (const [name, v] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (!Number.isInteger(v) || v < 1) throw new Error(`${kind} ${name} must be an integer ≥ 1, got ${v}`);
  }
  if (width * height > MAX_TILES) throw new Error(`${kind} ${width}x${height} has ${width * height} tiles; the limit is ${MAX_TILES}`);
  if (wrap.x && width < 3) throw new Error(`${kind} wrapped along x needs width ≥ 3, got ${width}`);
  if (wrap.y && height < 3) throw new Error(`${kind} wrapped along y needs height ≥ 3, got ${height}`);
}

/** Throws unless `diameter` is a hex-hexagon diameter (odd, so the big hexagon has a centre tile). */
export function checkHexagonDiameter(diameter: number): void {
  if (!Number.isInteger(diameter) || diameter < 1 || diameter % 2 === 0) throw new Error(`hex-hexagon diameter must be an odd integer ≥ 1, got ${diameter}`);
}

/** Throws unless `side` is a globe side L. */
export function checkGlobeSide(side: number): void {
  if (typeof side !== 'number' || !Number.isInteger(side) || side < 0) throw new Error(`icosahedron side L must be an integer ≥ 0, got ${String(side)}`);
}

/**
 * Throws unless `size` and `wrap` are valid for the kind: the checks every grid constructor
 * runs, before anything is built (the new-map form shows them as the designer types). The
 * column stagger of a wrapped hex-topology map depends on the grid's shape: see
 * checkClassicColumnWrap and core/alform/dimensions.ts checkAlformSize.
 */
export function checkSize(size: GridSize, wrap: Wrap): void {
  switch (size.kind) {
    case 'square':
    case 'offset-square':
    case 'hex-rectangle':
      checkRectangle(size.kind, size.width, size.height, wrap);
      return;
    case 'hex-hexagon':
    case 'icosahedron':
      if (wrap.x || wrap.y) throw new Error(`${size.kind} maps do not wrap (wrap applies to square, offset-square and hex-rectangle)`);
      if (size.kind === 'hex-hexagon') checkHexagonDiameter(size.diameter);
      else checkGlobeSide(size.side);
      return;
  }
}

/** A classic hex-topology map wrapped along x: its columns alternate, so the stagger continues across the seam only on an even width. */
export function checkClassicColumnWrap(size: GridSize, wrap: Wrap): void {
  if ((size.kind === 'hex-rectangle' || size.kind === 'offset-square') && wrap.x && size.width % 2 !== 0) {
    throw new Error(`${size.kind} wrapped along x needs an even width so the column stagger continues across the seam, got ${size.width}`);
  }
}

/** Tiles of a grid of this size, by the closed forms of SPEC §2 (without building it). */
export function tileCountOf(size: GridSize): number {
  switch (size.kind) {
    case 'square':
    case 'offset-square':
    case 'hex-rectangle':
      return size.width * size.height;
    case 'hex-hexagon': {
      const r = (size.diameter - 1) / 2;
      return 3 * r * (r + 1) + 1;
    }
    case 'icosahedron': {
      const n = size.side + 1;
      return 10 * n * n + 2;
    }
  }
}

/** Throws unless a grid of `size` has at most `maxTiles` tiles (counted without building it); answers the count. */
export function checkTileCount(size: GridSize, maxTiles: number): number {
  const tileCount = tileCountOf(size);
  if (tileCount > maxTiles) throw new Error(`a ${size.kind} ${formatSize(size)} map has ${tileCount} tiles; maps have at most ${maxTiles}`);
  return tileCount;
}

/** The largest map the app creates: 16 M tiles is ~16 MB of terrain, and an AL-FORM 2000×2000 area-tile map. */
export const MAX_APP_TILES = 1 << 24;

/** Parses `--wrap x`, `x,y`, `y`, `none` / empty. */
export function parseWrap(text: string | undefined): Wrap {
  if (text === undefined || text.trim() === '' || text.trim() === 'none') return { x: false, y: false };
  const parts = text.split(',').map((p) => p.trim().toLowerCase());
  let x = false;
  let y = false;
  for (const p of parts) {
    if (p === 'x') x = true;
    else if (p === 'y') y = true;
    else throw new Error(`wrap must be a comma-separated list of axes x and y (e.g. "x" or "x,y"), got "${text}"`);
  }
  return { x, y };
}

/**
 * A hex rectangle as the page shows it ↔ as its grid holds it. A pointy-top map of W hexes
 * across and H rows is the grid of H columns (its rows) of W tiles, and east–west wrap is the
 * grid's y; this swaps width and height (and the wrap axes) on pointy hex rectangles and is
 * its own inverse. Every other size and orientation passes unchanged.
 */
export function orientSize(size: GridSize, orientation: HexOrientation | undefined): GridSize {
  return orientation === 'pointy' && size.kind === 'hex-rectangle' ? { kind: size.kind, width: size.height, height: size.width } : size;
}

/** The wrap axes as `orientSize` turns them. */
export function orientWrap(kind: GridKind, wrap: Wrap, orientation: HexOrientation | undefined): Wrap {
  return orientation === 'pointy' && kind === 'hex-rectangle' ? { x: wrap.y, y: wrap.x } : wrap;
}
