import { describe, expect, it, vi } from 'vitest';
import { services } from '../../../../contract/api.js';
import { fakeApi, settle, type FakeHandlers } from './fake-api.testkit.js';
import { Notifications } from './notifications.svelte.js';
import { SheetsStore, convertTileSize, defaultSheetChoices, sheetOptionArgs } from './sheets.svelte.js';

const PREVIEW = { base64: 'AAAA', width: 300, height: 388, pages: 4, sheets: 2, perSheet: 20, tiles: 25 };

function store(handlers: FakeHandlers = {}) {
  const fake = fakeApi({ 'tiles.games': () => ({ games: [{ id: '1889', name: '1889', kinds: 40 }] }), ...handlers });
  const notes = new Notifications();
  return { sheets: new SheetsStore(services(fake.api), notes), fake, notes };
}

async function previewNow(sheets: SheetsStore): Promise<void> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    sheets.schedulePreview();
    vi.advanceTimersByTime(300);
  } finally {
    vi.useRealTimers();
  }
  await settle();
}

describe('tile sheet choices', () => {
  it('default to an 18xx die sheet on Letter: 1.5 in tiles, 3 mm bleed, cut lines, PDF, no backs', () => {
    expect(sheetOptionArgs(defaultSheetChoices())).toEqual({
      layout: 'die',
      tileMm: 38.1,
      paper: 'letter',
      landscape: false,
      marginMm: 6.35,
      bleedMm: 3,
      cut: 'lines',
      dieTemplate: false,
      pageNumbers: true,
      manifestPage: true,
    });
  });

  it('send the tile size in mm, backs and their duplex offset only when chosen, dpi only for PNG', () => {
    const c = { ...defaultSheetChoices(), unit: 'mm' as const, tileSize: 25, backs: 'colour' as const, backColour: '#aa0000', duplex: 'short' as const, offsetXMm: 0.5, offsetYMm: -1, format: 'png' as const, dpi: 300 };
    expect(sheetOptionArgs(c)).toMatchObject({ tileMm: 25, backColour: '#aa0000', duplex: 'short', backOffsetMm: [0.5, -1], dpi: 300 });
    const tileBacks = sheetOptionArgs({ ...c, backs: 'tile' });
    expect(tileBacks.backColour).toBeUndefined();
    expect(tileBacks.duplex).toBe('short');
    const none = sheetOptionArgs({ ...c, backs: 'none', format: 'svg' });
    expect([none.duplex, none.backOffsetMm, none.dpi]).toEqual([undefined, undefined, undefined]);
  });

  it('keep the tile size when the unit changes', () => {
    expect(convertTileSize(1.5, 'mm')).toBe(38.1);
    expect(convertTileSize(38.1, 'in')).toBe(1.5);
  });
});

describe('the tile sheets store', () => {
  it('opens on the library’s first game; without games, on the selected vector tile, one copy', async () => {
    const { sheets } = store();
    await sheets.open('file-1', 'hex-clear-1');
    expect([sheets.dialog, sheets.game]).toEqual([true, '1889']);
    expect(sheets.source).toEqual({ library: 'file-1', game: '1889' });
    const bare = store({ 'tiles.games': () => ({ games: [] }) }).sheets;
    await bare.open('user', 'hex-clear-1');
    expect(bare.source).toEqual({ library: 'user', tiles: [{ id: 'hex-clear-1', count: 1 }] });
    bare.counts = { 'hex-clear-1': 0, 'hex-forest-1': 3 };
    bare.choices = { ...bare.choices, backs: 'tile', backTile: 'hex-forest-1' };
    expect(bare.source).toEqual({ library: 'user', tiles: [{ id: 'hex-forest-1', count: 3 }], backTile: 'hex-forest-1' });
    bare.counts = { 'hex-forest-1': 0 };
    expect(bare.source).toBeNull();
  });

  it('previews the last choices only, keeps the print’s size, and clamps the page stepper to it', async () => {
    const { sheets, fake } = store({ 'tiles.sheetsPreview': ({ page }) => ({ ...PREVIEW, page: Math.min(page, 4) }) });
    await sheets.open('file-1', null);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      sheets.schedulePreview();
      sheets.choices.layout = 'grid';
      sheets.schedulePreview();
      vi.advanceTimersByTime(300);
    } finally {
      vi.useRealTimers();
    }
    await settle();
    const calls = fake.calls.filter((c) => c.name === 'tiles.sheetsPreview');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args).toMatchObject({ source: { library: 'file-1', game: '1889' }, options: { layout: 'grid' }, page: 1 });
    expect(sheets.summary).toEqual({ pages: 4, sheets: 2, perSheet: 20, tiles: 25 });
    expect(sheets.preview).toEqual({ src: 'data:image/png;base64,AAAA', width: 300, height: 388 });
    sheets.setPage(9);
    expect(sheets.page).toBe(4);
    sheets.setPage(0);
    expect(sheets.page).toBe(1);
  });

  it('shows core’s refusal as one line without the operation’s name, and nothing to print says so', async () => {
    const { sheets } = store({
      'tiles.sheetsPreview': () => {
        throw new Error('tiles.sheetsPreview: bleed (mm) must be one of 0, 3, 6, got 4');
      },
    });
    await sheets.open('file-1', null);
    sheets.choices.bleedMm = 4;
    await previewNow(sheets);
    expect(sheets.previewError).toBe('bleed (mm) must be one of 0, 3, 6, got 4');
    sheets.game = '';
    await previewNow(sheets);
    expect(sheets.previewError).toMatch(/at least one tile/);
  });

  it('saves through tiles.exportSheets with the chosen format and says what it wrote', async () => {
    const { sheets, fake, notes } = store({ 'tiles.exportSheets': ({ format }) => ({ paths: ['/p/1889-1.svg', '/p/1889-2.svg'], bytes: 4096, format, pages: 2, sheets: 2, perSheet: 20, tiles: 25 }) });
    await sheets.open('file-1', null);
    sheets.choices.format = 'svg';
    expect(await sheets.write('1889.svg')).toBe(true);
    expect(fake.calls.at(-1)).toMatchObject({ name: 'tiles.exportSheets', args: { source: { library: 'file-1', game: '1889' }, format: 'svg', path: '1889.svg', options: { layout: 'die' } } });
    expect(notes.toasts.some((t) => /Printed 25 tiles on 2 pages: \/p\/1889-1\.svg … \(2 files\) \(4 KB\)/.test(t.text))).toBe(true);
  });
});
