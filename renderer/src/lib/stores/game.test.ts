import { describe, expect, it } from 'vitest';
import { GameStore, currentTiles } from './game.svelte.js';
import { memoryBackend } from './game-backend.testkit.js';
import { Notifications } from './notifications.svelte.js';
import { smallGame } from '../../../../core/game/game.testkit.js';

async function opened() {
  const backend = memoryBackend(smallGame({ '57': 1 }));
  const store = new GameStore(backend, new Notifications());
  expect(await store.open('small.json')).toBe(true);
  // PRR's home token first: a company lays track only where its tokens reach. The token tool offers its home before it reaches anything.
  store.chooseTool('token');
  await new Promise((r) => setTimeout(r, 0));
  expect(store.tokenTargets).toEqual([{ hex: 'B3', city: 0 }]);
  await store.clickCity('B3', 0);
  expect(store.refused).toBe(false);
  store.chooseTool('lay');
  return { store, backend };
}

describe('the game store', () => {
  it('opens a game on its first company and marks the hexes where the chosen tile may go', async () => {
    const { store } = await opened();
    expect(store.company).toBe('PRR');
    await store.chooseTile('57');
    expect(store.marks.size).toBeGreaterThan(0);
    expect(store.marks.has('B3')).toBe(true);
    // Plain hexes cannot take a city tile.
    expect(store.marks.has('A2')).toBe(false);
  });

  it('refuses a hex the tile cannot go on with the reason, and places nothing', async () => {
    const { store } = await opened();
    await store.chooseTile('57');
    await store.clickHex('A2');
    expect(store.refused).toBe(true);
    expect(store.message).toMatch(/^57 on A2: /);
    expect(store.pending).toBeNull();
  });

  it('places a tile through its legal rotations only (Z/X), lays it, counts it off, and undoes it', async () => {
    const { store } = await opened();
    await store.chooseTile('57');
    await store.clickHex('B3');
    const p = store.pending!;
    expect(p.rotations.length).toBeGreaterThan(0);
    const seen = new Set<number>([p.rotation]);
    for (let i = 0; i < 8; i++) {
      store.rotate(1);
      seen.add(store.pending!.rotation);
    }
    expect([...seen].sort()).toEqual([...p.rotations].sort());
    store.rotate(-1);
    expect(p.rotations).toContain(store.pending!.rotation);
    const rotation = store.pending!.rotation;
    await store.confirm();
    expect(store.refused).toBe(false);
    expect(currentTiles(store.game!).get('B3')).toEqual({ tile: '57', rotation });
    expect(store.left['57']).toBe(0);
    expect(store.undoable).toBe(2);
    await store.undo();
    expect(currentTiles(store.game!).get('B3')!.tile).not.toBe('57');
    expect(store.left['57']).toBe(1);
    expect(store.undoable).toBe(1);
    expect(store.game!.state.tokens).toEqual([{ company: 'PRR', hex: 'B3', city: 0 }]);
  });

  it('shows why a refused move was refused (a token where the company does not reach)', async () => {
    const { store } = await opened();
    store.chooseTool('token');
    await store.clickCity('E4', 0);
    expect(store.refused).toBe(true);
    expect(store.message).toMatch(/PRR/);
  });

  it('finds the best routes with their revenue, and draws each train\'s hexes', async () => {
    const { store } = await opened();
    await store.chooseTile('57');
    await store.clickHex('B3');
    await store.confirm();
    store.trains = '2';
    await store.findRoutes();
    expect(store.refused).toBe(false);
    expect(store.routes).not.toBeNull();
    expect(store.routes!.revenue).toBe(store.routes!.routes.reduce((a, r) => a + r.revenue, 0));
  });

  it('changes phase as one undoable move: green tiles become layable', async () => {
    const { store } = await opened();
    await store.chooseTile('57');
    await store.clickHex('B3');
    await store.confirm();
    await store.chooseTile('15');
    expect(store.marks.size).toBe(0);
    await store.setPhase('3');
    expect(store.game!.state.phase).toBe('3');
    expect(store.marks.has('B3')).toBe(true);
    await store.undo();
    expect(store.game!.state.phase).toBe('2');
  });

  it('names a bad train before asking for routes', async () => {
    const { store, backend } = await opened();
    store.trains = '2, Q';
    await store.findRoutes();
    expect(store.message).toBe('"Q" is not a train (2, 3+1, 4D, D)');
    expect(backend.calls).not.toContain('routes');
  });
});

describe('the board saved as a picture', () => {
  it('saves the board as drawn, one group per hex, tokens included', async () => {
    const saved: { blob: Blob; name: string }[] = [];
    const store = new GameStore(memoryBackend(smallGame()), new Notifications(), (blob, name) => saved.push({ blob, name }));
    await store.open('small.json');
    store.chooseTool('token');
    await store.clickCity('B3', 0);
    store.saveBoardSvg();
    expect(saved.map((s) => [s.name, s.blob.type])).toEqual([['small.svg', 'image/svg+xml']]);
    const svg = await saved[0]!.blob.text();
    expect(svg.match(/<g transform="translate\(/g)).toHaveLength(store.game!.board.hexes.length);
    expect(svg).toContain('>PRR</text>');
  });
});
