/**
 * 18xx.games' own tile definitions (tobymao/18xx lib/engine/config/tile.rb and each game's
 * map.rb / tiles.rb; see test/real-files/README.md): every shared tile converts, every game's
 * TILES list reads (its counts refer to shared tiles that exist, its own tiles convert), and
 * upgrades inferred from track match 18xx.games' for 1889. Skipped without the real files.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { realFilesPath } from '../support/formats.js';
import { parseTileDslFile, tilesFromDslFile } from '../../core/formats/tile-dsl-file.js';
import { inferUpgrades } from '../../core/track/upgrades.js';
import type { TrackTile } from '../../core/track/types.js';
import { InputError } from '../../core/util/input-error.js';

const dir = realFilesPath('18xx-games');

describe.skipIf(!dir)("18xx.games' tile definitions (real files)", () => {
  const sharedPath = join(dir ?? '', 'config', 'tile.rb');

  it('reads every game and checks 1889 upgrades against 18xx.games', () => {
    const shared = tilesFromDslFile(parseTileDslFile(readFileSync(sharedPath, 'utf8'), sharedPath), sharedPath);
    expect(shared.tiles.length).toBeGreaterThanOrEqual(400);
    const byName = new Map(shared.tiles.map((t) => [t.id, t]));
    let games = 0;
    let own = 0;
    let refs = 0;
    const refused: string[] = [];
    const games1889: TrackTile[] = [];
    for (const g of readdirSync(dir!).filter((d) => d.startsWith('g_'))) {
      for (const f of ['map.rb', 'tiles.rb'].map((n) => join(dir!, g, n)).filter(existsSync)) {
        try {
          const file = parseTileDslFile(readFileSync(f, 'utf8'), f);
          const { tiles } = tilesFromDslFile(file, f);
          if (!tiles.length && !file.references.length) continue;
          games++;
          own += tiles.length;
          refs += file.references.length;
          if (g === 'g_1889') games1889.push(...tiles, ...file.references.map((r) => byName.get(r.name)!).filter(Boolean));
        } catch (e) {
          if (!(e instanceof InputError)) throw e;
          expect(e.message).not.toContain('\n');
          expect(e.message.length).toBeLessThan(400);
          refused.push(e.message);
        }
      }
    }
    console.log(`[real files] 18xx.games: ${shared.tiles.length} shared tiles (${shared.ignored.length} drawing-only parts listed), ${games} game tile lists with ${own} own tiles and ${refs} counted shared tiles; refused in one line: ${refused.length}`);
    for (const r of refused) console.log(`  ${r}`);
    expect(games).toBeGreaterThanOrEqual(80);
    // 1889 (its numbered tiles, plus the blank hex).
    const numbered = games1889.filter((t) => /^\d+$/.test(t.id));
    const ups = inferUpgrades([byName.get('blank')!, ...numbered]);
    const to = (from: string) => ups.filter((u) => u.from === from).map((u) => u.to).sort((a, b) => Number(a) - Number(b));
    expect(to('blank')).toEqual(['7', '8', '9']);
    expect(to('7')).toEqual(['26', '27', '28', '29']);
    expect(to('57')).toEqual(['14', '15', '205', '206']);
  });

  it("accounts for every tile of tile.rb: added + skipped = the file's 'id' => entries, two-colour and NONE tiles with their colours", () => {
    const text = readFileSync(sharedPath, 'utf8');
    // Every `'id' =>` entry under an upper-case constant: the tiles the file holds, counted by hand.
    const entries = [...text.matchAll(/^\s*'([^']+)'\s*=>/gm)].map((m) => m[1]!);
    const { tiles, skipped } = tilesFromDslFile(parseTileDslFile(text, sharedPath), sharedPath);
    expect(tiles.length + skipped.length).toBe(entries.length);
    expect(new Set([...tiles.map((t) => t.id), ...skipped.map((k) => k.id)])).toEqual(new Set(entries));
    const colour = new Map(tiles.map((t) => [t.id, t.colour]));
    const named = ['119', '166', '1200', '200', '467', '468', '469'].map((id) => [id, colour.get(id) ?? skipped.find((k) => k.id === id)?.reason]);
    expect(named).toEqual([
      ['119', 'green-brown'],
      ['166', 'brown-gray'],
      ['1200', 'brown-gray'],
      ['200', 'brown-sepia'],
      ['467', 'none'],
      ['468', 'none'],
      ['469', 'none'],
    ]);
  });
});
