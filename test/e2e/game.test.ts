/**
 * End-to-end, in Chromium against browser mode: playing an 18xx board (issue 28 item 5). A
 * designer opens a game file (the small 18xx.games-style test board), sees the board drawn as
 * 18xx tiles and the manifest with copies left, places PRR's home token, chooses tile 57 and
 * sees the hexes where it may go marked, is told why it cannot go on a plain hex, places it on
 * PRR's home city and turns it with X / Z through its legal rotations only, lays it (one copy
 * fewer), lays a curve on to the off-board area, shows PRR's reach and its best route with the
 * revenue (50: its home city and the off-board area), and undoes the last lay.
 * Screenshots: test-results/e2e/game-*.png.
 */
import { describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { smallGame } from '../../core/game/game.testkit.js';
import { writeGame } from '../../core/game/file.js';
import { appForSuite, shot, skipReason } from './harness.js';
import { eventually } from './map-view.js';
import { realFilesPath } from '../support/formats.js';

const missing = skipReason();

describe.skipIf(!!missing)('playing an 18xx board in the browser', () => {
  const app = appForSuite({ width: 1400, height: 900 });

  it('opens a game, marks legal hexes, turns a tile through its legal rotations, lays it, routes and undoes', async () => {
    const { page } = app;
    const dir = (await app.server.services.invoke('app.info', {})).defaultProjectDir;
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'small-game.json');
    const game = smallGame({ '57': 2 });
    writeFileSync(file, writeGame(game));

    await page.getByTestId('game-path').fill(file);
    await page.getByTestId('game-open').click();
    await page.getByTestId('game-view').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('game-name').innerText()).toBe('small');
    const board = page.getByTestId('game-board');
    expect(await board.locator('g.hex').count()).toBe(game.board.hexes.length);
    const left57 = page.locator('[data-testid="game-tile"][data-tile="57"] [data-testid="game-tile-left"]');
    expect(await left57.innerText()).toBe('2');

    // PRR's home token first: track is laid where a company's tokens reach.
    await page.getByTestId('game-tool-token').click();
    const home = board.locator('[data-testid="token-slot"][data-hex="B3"]').first();
    await home.waitFor();
    await home.click();
    await eventually(async () => /PRR placed a token in B3/.test(await page.getByTestId('game-message').innerText()), 'the home token');

    await page.getByTestId('game-tool-lay').click();
    await page.locator('[data-testid="game-tile"][data-tile="57"]').click();
    await eventually(async () => (await board.locator('g.hex[data-legal="yes"]').count()) > 0, 'legal hexes marked');
    expect(await board.locator('g.hex[data-hex="B3"]').getAttribute('data-legal')).toBe('yes');
    expect(await board.locator('g.hex[data-hex="A2"]').getAttribute('data-legal')).toBe('no');
    await shot(page, 'game-legal-hexes');

    // Refused, with the reason.
    await board.locator('g.hex[data-hex="A2"]').click();
    const message = page.getByTestId('game-message');
    await eventually(async () => /^57 on A2: /.test(await message.innerText()), 'the refusal');
    expect(await message.getAttribute('class')).toContain('refused');

    // Placed on B3: X and Z step through the legal rotations only.
    await board.locator('g.hex[data-hex="B3"]').click();
    const ghost = board.getByTestId('lay-ghost');
    await ghost.waitFor();
    const legal = /\((\d) legal: ([\d, ]+)\)/.exec(await message.innerText());
    expect(legal).not.toBeNull();
    const rotations = legal![2]!.split(', ').map(Number);
    const turnTo = async (r: number) => {
      for (let i = 0; i < 6 && Number(await ghost.getAttribute('data-rotation')) !== r; i++) await page.keyboard.press('x');
      expect(Number(await ghost.getAttribute('data-rotation'))).toBe(r);
    };
    const seen = new Set<number>([Number(await ghost.getAttribute('data-rotation'))]);
    for (let i = 0; i < rotations.length + 1; i++) {
      await page.keyboard.press('x');
      seen.add(Number(await ghost.getAttribute('data-rotation')));
    }
    expect([...seen].sort()).toEqual([...rotations].sort());
    await page.keyboard.press('z');
    expect(rotations).toContain(Number(await ghost.getAttribute('data-rotation')));
    await shot(page, 'game-placing');
    // Rotation 0 runs the track south, toward B5 and the off-board area beyond it.
    await turnTo(0);
    await page.keyboard.press('Enter');
    await eventually(async () => (await left57.innerText()) === '1', 'one copy of 57 fewer');

    // A sharp curve on B5 (tile 7 at rotation 2: north to north-west) joins PRR to the off-board area A4.
    await page.locator('[data-testid="game-tile"][data-tile="7"]').click();
    await eventually(async () => (await board.locator('g.hex[data-hex="B5"]').getAttribute('data-legal')) === 'yes', 'B5 legal for 7');
    await board.locator('g.hex[data-hex="B5"]').click();
    await ghost.waitFor();
    await turnTo(2);
    await page.keyboard.press('Enter');
    await eventually(async () => /PRR laid 7 on B5/.test(await message.innerText()), 'tile 7 laid');

    // Reach and best routes: a 2-train runs B3 (20) to A4 (30 in yellow).
    await page.getByTestId('game-reach').click();
    await page.getByTestId('game-trains').fill('2');
    await page.getByTestId('game-routes').click();
    await eventually(async () => (await page.getByTestId('game-revenue').count()) > 0, 'the revenue');
    expect(await page.getByTestId('game-revenue').innerText()).toBe('Revenue 50');
    expect(await board.getByTestId('route-line').count()).toBe(1);
    expect(await page.getByTestId('game-route-list').innerText()).toMatch(/2: .*B3.*B5.*A4.* = 50|2: .*A4.*B5.*B3.* = 50/);
    await shot(page, 'game-reach-routes');
    await shot(page, 'game-manifest', page.getByTestId('game-tiles'));

    // Undo takes the last lay back: B5 is plain again and tile 7 back in the box.
    const left7 = page.locator('[data-testid="game-tile"][data-tile="7"] [data-testid="game-tile-left"]');
    expect(await left7.innerText()).toBe('3');
    await page.getByTestId('game-undo').click();
    await eventually(async () => (await left7.innerText()) === '4', 'the lay undone');
    expect(await left57.innerText()).toBe('1');
  }, 240_000);

  it.skipIf(!realFilesPath('rails/data/1830'))("opens Rails' 1830 folder: its 93 hexes drawn as 18xx tiles on a pointy board, PRR's home token, its first lays marked", async () => {
    const { page } = app;
    // Browser mode opens files inside its projects folder only: copy the game folder there.
    const dir = join((await app.server.services.invoke('app.info', {})).defaultProjectDir, '1830');
    cpSync(realFilesPath('rails/data/1830')!, dir, { recursive: true });
    await page.getByTestId('game-close').click();
    await page.getByTestId('game-path').fill(dir);
    await page.getByTestId('game-open').click();
    await eventually(async () => (await page.getByTestId('game-name').innerText()) === '1830', 'the 1830 board');
    const board = page.getByTestId('game-board');
    expect(await board.locator('g.hex').count()).toBe(93);
    await page.getByTestId('game-company').selectOption('PRR');
    await page.getByTestId('game-tool-token').click();
    await board.locator('[data-testid="token-slot"][data-hex="H12"]').first().click();
    await eventually(async () => /PRR placed a token in H12/.test(await page.getByTestId('game-message').innerText()), 'the PRR token');
    await page.getByTestId('game-tool-lay').click();
    await page.locator('[data-testid="game-tile"][data-tile="9"]').click();
    // Altoona's track runs east and west: a straight goes on east of it (west is a town hex, for town tiles).
    await eventually(async () => (await board.locator('g.hex[data-legal="yes"]').count()) >= 1, 'the straight beside Altoona');
    expect(await board.locator('g.hex[data-hex="H14"]').getAttribute('data-legal')).toBe('yes');
    expect(await board.locator('g.hex[data-hex="H10"]').getAttribute('data-legal')).toBe('no');
    await shot(page, 'game-1830');
  }, 240_000);
});
