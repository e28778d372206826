/**
 * Draws the Sandtable icon — a cluster of hex tiles in terrain colours with a river running
 * along the gaps between them (an AL-FORM river on its linear tiles) — and writes it as
 * PNGs for electron-builder and the window:
 *
 *   build/icon.png            1024×1024 (macOS icns and Windows ico are made from it)
 *   build/icons/NxN.png       16 … 1024 (Linux desktop icons)
 *   resources/icons/icon.png  512×512 (the window icon at run time)
 *
 * Run with `npm run build:icons`. No downloads and no image library: the scene is a
 * function of a point, sampled 4×4 per pixel for anti-aliasing, and the PNG encoder is the
 * dozen lines at the bottom (zlib from Node).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

type Rgba = [number, number, number, number];

const hex = (s: string, a = 255): Rgba => [parseInt(s.slice(1, 3), 16), parseInt(s.slice(3, 5), 16), parseInt(s.slice(5, 7), 16), a];

/** Flat-top hexagon cluster: centre plus its six neighbours, each with a terrain colour. */
const R = 0.145;
const CENTRE: [number, number] = [0.5, 0.5];
const TILES: { q: number; r: number; fill: Rgba }[] = [
  { q: 0, r: 0, fill: hex('#3f7d3a') }, // forest
  { q: 0, r: -1, fill: hex('#8c7a66') }, // mountains
  { q: 1, r: -1, fill: hex('#c9b77a') }, // clear
  { q: 1, r: 0, fill: hex('#b9c46a') }, // fields
  { q: 0, r: 1, fill: hex('#2f6b34') }, // deep forest
  { q: -1, r: 1, fill: hex('#a08a4e') }, // hills
  { q: -1, r: 0, fill: hex('#d3c48e') }, // plains
];
const RIVER = hex('#5aa9e6');
const BACK_TOP = hex('#2b3d52');
const BACK_BOTTOM = hex('#151d27');
const RIM = hex('#f2ede0');

function tileCentre(q: number, r: number): [number, number] {
  // Flat-top axial layout, y downwards (image space).
  return [CENTRE[0] + R * 1.5 * q, CENTRE[1] + R * Math.sqrt(3) * (r + q / 2)];
}

/** Signed distance (half-plane approximation) to a flat-top hexagon of circumradius `s`: negative inside. */
function hexDistance(x: number, y: number, c: [number, number], s: number): number {
  const px = Math.abs(x - c[0]);
  const py = Math.abs(y - c[1]);
  const k = Math.sqrt(3) / 2;
  const apothem = s * k;
  // Edge normals of a flat-top hexagon: (0, 1) for the top edge, (√3/2, 1/2) for the slanted ones.
  return Math.max(py - apothem, px * k + py * 0.5 - apothem);
}

function roundedSquareDistance(x: number, y: number, inset: number, radius: number): number {
  const qx = Math.abs(x - 0.5) - (0.5 - inset - radius);
  const qy = Math.abs(y - 0.5) - (0.5 - inset - radius);
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
}

function segmentDistance(x: number, y: number, a: [number, number], b: [number, number]): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const t = Math.max(0, Math.min(1, ((x - a[0]) * dx + (y - a[1]) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - a[0] - t * dx, y - a[1] - t * dy);
}

/** The river: along hex edges between the tiles, from the top left to the bottom right. */
const RIVER_PATH: [number, number][] = (() => {
  const v = (q: number, r: number, corner: number): [number, number] => {
    const [cx, cy] = tileCentre(q, r);
    const a = (Math.PI / 3) * corner;
    return [cx + R * Math.cos(a), cy + R * Math.sin(a)];
  };
  // Corner k of a tile lies at 60k° (image y down). From the far left, between the two left
  // tiles, under the centre tile, then between the two right tiles.
  return [v(-1, 0, 2), v(0, 0, 3), v(0, 0, 2), v(0, 0, 1), v(0, 0, 0), v(1, 0, 5)];
})();

function over(dst: Rgba, src: Rgba, alpha: number): void {
  const a = (src[3] / 255) * alpha;
  for (let k = 0; k < 3; k++) dst[k] = dst[k]! * (1 - a) + src[k]! * a;
  dst[3] = Math.max(dst[3]!, a * 255 + dst[3]! * (1 - a));
}

/** Colour of the icon at (x, y) in [0,1]², sharp edges (the sampler anti-aliases). */
function scene(x: number, y: number, out: Rgba): void {
  out[0] = out[1] = out[2] = out[3] = 0;
  if (roundedSquareDistance(x, y, 0.055, 0.19) > 0) return;
  const t = y;
  for (let k = 0; k < 3; k++) out[k] = BACK_TOP[k]! * (1 - t) + BACK_BOTTOM[k]! * t;
  out[3] = 255;
  for (const tile of TILES) {
    const c = tileCentre(tile.q, tile.r);
    const d = hexDistance(x, y, c, R);
    if (d < -0.012) {
      over(out, tile.fill, 1);
      // A faint inner rim gives each tile an edge at small sizes.
      if (d > -0.022) over(out, RIM, 0.35);
    }
  }
  let river = Infinity;
  for (let k = 0; k + 1 < RIVER_PATH.length; k++) river = Math.min(river, segmentDistance(x, y, RIVER_PATH[k]!, RIVER_PATH[k + 1]!));
  if (river < 0.022) over(out, RIVER, 1);
}

export function renderIcon(size: number, samples = 4): Uint8Array {
  const rgba = new Uint8Array(size * size * 4);
  const c: Rgba = [0, 0, 0, 0];
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          scene((px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size, c);
          // Premultiplied accumulation, so transparent samples do not darken the edge.
          r += c[0] * c[3];
          g += c[1] * c[3];
          b += c[2] * c[3];
          a += c[3];
        }
      }
      const o = (py * size + px) * 4;
      if (a > 0) {
        rgba[o] = Math.round(r / a);
        rgba[o + 1] = Math.round(g / a);
        rgba[o + 2] = Math.round(b / a);
      }
      rgba[o + 3] = Math.round(a / (samples * samples));
    }
  }
  return rgba;
}

/** PNG, 8-bit RGBA, filter 0 on every row, zlib-compressed. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Uint8Array {
  const raw = new Uint8Array(height * (width * 4 + 1));
  for (let y = 0; y < height; y++) raw.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  const chunk = (type: string, data: Uint8Array): Buffer => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', new Uint8Array(0))]);
}

const rendered = new Map<number, Uint8Array>();

function write(path: string, size: number): void {
  mkdirSync(dirname(path), { recursive: true });
  if (!rendered.has(size)) rendered.set(size, encodePng(size, size, renderIcon(size)));
  writeFileSync(path, rendered.get(size)!);
  process.stdout.write(`wrote ${path} (${size}×${size})\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
  write(join(repo, 'build', 'icon.png'), 1024);
  for (const size of [16, 32, 48, 64, 128, 256, 512, 1024]) write(join(repo, 'build', 'icons', `${size}x${size}.png`), size);
  write(join(repo, 'resources', 'icons', 'icon.png'), 512);
}
