import { describe, expect, it, vi } from 'vitest';
import { payloadOf, settle, squareMap, startedBench } from './fake-api.testkit.js';
import { defaultExportName } from './exports.svelte.js';

const noLineage = { 'maps.lineage': () => ({ chain: [], children: [] }) };
const FORMATS = [
  { id: 'png', label: 'Picture (.png)', extension: 'png', mime: 'image/png' },
  { id: 'pdf', label: 'Print (.pdf)', extension: 'pdf', mime: 'application/pdf' },
];

describe('the export store', () => {
  it('opens with the formats of the main process, previews the last options only, and writes through maps.exportFile', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { app, fake } = await startedBench({
        ...noLineage,
        'export.formats': () => FORMATS,
        'maps.exportPreview': ({ options }) => ({ base64: btoa(JSON.stringify(options)), width: 120, height: 80 }),
        'maps.exportFile': ({ path, format }) => ({ path: `/projects/${path}`, bytes: 2048, format }),
      });
      app.maps.open(payloadOf(squareMap(), 'm1', 'Valley'));
      await app.exports.open();
      expect(app.exports.dialog).toBe(true);
      expect(app.exports.formats.map((f) => f.id)).toEqual(['png', 'pdf']);

      // Three quick changes: one preview, of the last options.
      app.exports.schedulePreview({ grid: true });
      app.exports.schedulePreview({ grid: false });
      app.exports.schedulePreview({ grid: false, numbers: false });
      vi.advanceTimersByTime(300);
      vi.useRealTimers();
      await settle();
      const previews = fake.calls.filter((c) => c.name === 'maps.exportPreview');
      expect(previews).toHaveLength(1);
      expect(previews[0]!.args).toEqual({ id: 'm1', options: { grid: false, numbers: false }, size: 360 });
      expect(app.exports.preview).toMatchObject({ width: 120, height: 80 });

      expect(await app.exports.write('pdf', 'valley.pdf', { paper: 'a4' })).toBe(true);
      expect(fake.calls.at(-1)).toEqual({ name: 'maps.exportFile', args: { id: 'm1', format: 'pdf', path: 'valley.pdf', options: { paper: 'a4' } } });
      expect(app.notes.toasts.some((n) => /Exported \/projects\/valley\.pdf \(2 KB\)/.test(n.text))).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the dialog open and says why when the main process refuses', async () => {
    const { app } = await startedBench({
      ...noLineage,
      'export.formats': () => FORMATS,
      'maps.exportFile': () => {
        throw new Error('maps.exportFile: /etc/x.png: Sandtable may not export a map to this path');
      },
    });
    app.maps.open(payloadOf(squareMap(), 'm1'));
    await app.exports.open();
    expect(await app.exports.write('png', '/etc/x.png', {})).toBe(false);
    expect(app.exports.dialog).toBe(true);
    expect(app.exports.busy).toBe(false);
  });
});

describe('the file name the Export dialog offers', () => {
  const formats = [
    ...FORMATS,
    { id: 'heightmap', label: '16-bit heightmap (.png + .json scale)', extension: 'png', mime: 'image/png' },
    { id: 'cover', label: 'Ground cover', extension: 'png', mime: 'image/png' },
  ];
  it('is the map name and the extension; a PNG that is not the picture says which it is', () => {
    expect(defaultExportName('Valley', formats[0]!, formats)).toBe('Valley.png');
    expect(defaultExportName('Valley', formats[1]!, formats)).toBe('Valley.pdf');
    expect(defaultExportName('Valley', formats[2]!, formats)).toBe('Valley-heightmap.png');
    expect(defaultExportName('Valley', formats[3]!, formats)).toBe('Valley-cover.png');
    expect(defaultExportName(' a/b:c ', formats[2]!, formats)).toBe('a-b-c-heightmap.png');
    expect(defaultExportName('???', formats[0]!, formats)).toBe('-.png');
    expect(defaultExportName('', formats[0]!, formats)).toBe('map.png');
  });
});
