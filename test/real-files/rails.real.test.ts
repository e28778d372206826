/**
 * Every Rails game folder (Rails-18xx/Rails, src/main/resources/data) imported as Rails
 * plays it: with GameOptions.xml's defaults, IfOption parm, cost lists, orientation mod 6
 * and the "@" row (issue 14). Games Rails lists as playable (GamesList.xml) must import;
 * the others must either import or fail with one bounded line naming the file.
 * Skipped when the real files are absent (test/real-files/README.md).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { realFilesPath } from '../support/formats.js';
import { loadRailsGame } from '../../node/formats/files.js';
import { InputError } from '../../core/util/input-error.js';

const data = realFilesPath('rails/data');

/** The games GamesList.xml lists (Rails offers these; "Not yet playable" ones included). */
function listedGames(dir: string): string[] {
  const text = readFileSync(join(dir, 'GamesList.xml'), 'utf8');
  return [...text.matchAll(/<Game name="([^"]+)"/g)].map((m) => m[1]!);
}

describe.skipIf(!data)('Rails game folders (real files)', () => {
  // The body runs while tests are collected even when skipped: read nothing without the files.
  const dir = data ?? '';
  const games = data ? readdirSync(dir).filter((g) => existsSync(join(dir, g, 'Tiles.xml'))) : [];
  const listed = data ? listedGames(dir) : [];

  it('covers every game Rails lists', () => {
    expect(listed.length).toBeGreaterThanOrEqual(20);
    for (const g of listed) expect(games).toContain(g);
    console.log(`[real files] Rails: ${games.length} game folders, ${listed.length} listed in GamesList.xml`);
  });

  for (const game of listed) {
    it(`${game} imports with its GameOptions.xml defaults`, () => {
      const g = loadRailsGame(join(dir, game));
      expect(g.tiles.length).toBeGreaterThan(0);
      expect(g.manifest?.tiles.length ?? 0).toBeGreaterThan(0);
      expect(g.board?.hexes.length ?? 0).toBeGreaterThan(0);
    });
  }

  it("1825's board has Rails' 107 hexes (Unit1 only), and Unit2 adds its hexes", () => {
    const base = loadRailsGame(join(dir, '1825'));
    expect(base.options['Include_Unit1']).toBe('yes');
    expect(base.board!.hexes).toHaveLength(107);
    const more = loadRailsGame(join(dir, '1825'), { Include_Unit2: 'yes' });
    expect(more.board!.hexes.length).toBeGreaterThan(107);
  });

  it('1851 keeps "@18", 1880 reduces orientation 6, 1889 keeps cost lists', () => {
    expect(loadRailsGame(join(dir, '1851')).board!.hexes.some((h) => h.name === '@18')).toBe(true);
    expect(loadRailsGame(join(dir, '1880')).board!.hexes.every((h) => h.rotation >= 0 && h.rotation <= 5)).toBe(true);
    expect(loadRailsGame(join(dir, '1889')).board!.hexes.some((h) => h.costs !== undefined && h.costs.length > 1)).toBe(true);
  });

  it('games not listed import or fail with one bounded line naming the file', () => {
    for (const game of games.filter((g) => !listed.includes(g))) {
      try {
        loadRailsGame(join(dir, game));
      } catch (e) {
        expect(e).toBeInstanceOf(InputError);
        expect((e as Error).message).toContain(join(dir, game));
        expect((e as Error).message).not.toContain('\n');
        expect((e as Error).message.length).toBeLessThan(400);
      }
    }
  });
});
