/**
 * Our 18xx tile drawing (core/render/track-tile.ts) beside Rails' own tile pictures
 * (Rails-18xx/Rails src/main/resources/tiles/svg): for every tile of 1830's and 1889's
 * Tiles.xml that Rails ships a picture of, the sides track runs to, the number of token
 * slots and the revenues printed must agree (issue 26 item 5). Rails draws a flat-topped tile
 * 392 × 340 round (196, 170). With SANDTABLE_TILE_PAIRS=<folder> it also writes each pair
 * side by side as an SVG, for looking at. Skipped when the real files are absent.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { realFilesPath } from '../support/formats.js';
import { parseRailsTiles } from '../../core/formats/rails/tiles-xml.js';
import { drawTrackTile } from '../../core/render/track-tile.js';
import { shapeSvg } from '../../core/render/tile-svg.js';
import type { TrackTile } from '../../core/track/types.js';

const svgDir = realFilesPath('rails/tiles/svg');
const data = realFilesPath('rails/data');
const GAMES = ['1830', '1889'];

interface Picture {
  exits: number[];
  slots: number;
  revenues: string[];
}

/** What Rails' picture shows: track ends on side middles, token circles (r 51, black rim), revenue ellipses' texts. */
function railsPicture(svg: string): Picture {
  const exits = new Set<number>();
  const mids = Array.from({ length: 6 }, (_, k) => [196 + 170 * Math.cos(((90 + 60 * k) * Math.PI) / 180), 170 + 170 * Math.sin(((90 + 60 * k) * Math.PI) / 180)]);
  const track = [...svg.matchAll(/<(path|line)\b([^>]*)stroke="#000000" stroke-width="(\d+)"/g)].filter((m) => Number(m[3]) >= 8);
  for (const m of track) {
    // Numbers only (not the digits of x1, y2).
    const nums = [...m[2]!.matchAll(/(?<![a-z\d.])-?\d+(?:\.\d+)?/g)].map((n) => Number(n[0]));
    for (let i = 0; i + 1 < nums.length; i++) mids.forEach(([x, y], k) => Math.abs(nums[i]! - x!) < 2 && Math.abs(nums[i + 1]! - y!) < 2 && exits.add(k));
  }
  const slots = [...svg.matchAll(/<circle [^>]*r="(\d+)" fill="#FFFFFF" stroke="#000000"/g)].length;
  const revenues = [...svg.matchAll(/<ellipse[^>]*\/><text[^>]*>([^<]+)<\/text>/g)].map((m) => m[1]!.trim());
  return { exits: [...exits].sort((a, b) => a - b), slots, revenues: [...new Set(revenues)].sort() };
}

function ours(tile: TrackTile): Picture {
  const d = drawTrackTile(tile, 340);
  return { exits: [...d.exits], slots: d.cities.reduce((n, c) => n + c.slots.length, 0), revenues: [...d.revenues].sort() };
}

function writePair(dir: string, tile: TrackTile, rails: string): void {
  const mine = drawTrackTile(tile, 340).shapes.map(shapeSvg).join('');
  const theirs = rails.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  const doc = `<svg xmlns="http://www.w3.org/2000/svg" width="820" height="360"><g transform="translate(10,10)">${theirs}</g><g transform="translate(616,180)">${mine}</g></svg>`;
  writeFileSync(join(dir, `tile${tile.id}.svg`), doc);
}

describe.skipIf(!svgDir || !data)("our 18xx tiles beside Rails' own pictures (real files)", () => {
  const pairs = process.env.SANDTABLE_TILE_PAIRS;
  if (pairs) mkdirSync(pairs, { recursive: true });
  for (const game of GAMES) {
    it(`${game}: every tile with a Rails picture has its exits, token slots and revenues`, () => {
      const { tiles } = parseRailsTiles(readFileSync(join(data!, game, 'Tiles.xml'), 'utf8'), `${game}/Tiles.xml`);
      let compared = 0;
      const wrong: string[] = [];
      for (const tile of tiles) {
        const file = join(svgDir!, `tile${tile.id}.svg`);
        if (!existsSync(file) || tile.colour === 'red') continue;
        const svg = readFileSync(file, 'utf8');
        // Hand-drawn pictures (Inkscape) follow no drawing convention to read; Rails' generated ones do.
        if (!svg.startsWith('<?xml version="1.0"?>\n<svg version="1.1"')) continue;
        const [theirs, mine] = [railsPicture(svg), ours(tile)];
        if (JSON.stringify(theirs) !== JSON.stringify(mine)) wrong.push(`${tile.id}: Rails ${JSON.stringify(theirs)}, ours ${JSON.stringify(mine)}`);
        compared++;
        if (pairs) writePair(pairs, tile, svg);
      }
      console.log(`[real files] ${game}: ${compared} tiles compared with Rails' pictures, ${wrong.length} differ`);
      expect(wrong).toEqual([]);
      expect(compared).toBeGreaterThan(20);
    });
  }
});
