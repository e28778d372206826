import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decode } from 'fast-png';
import { useServicesKit } from './services.testkit.js';

const kit = useServicesKit('sandtable-export-');
const { call } = kit;

async function newMap(): Promise<string> {
  await call('project.new');
  const r = await call('maps.create', { name: 'Coast & Hills', kind: 'hex-rectangle', size: '19x15', alform: true, fill: 'clear' });
  return r.summary.id;
}

describe('export service', () => {
  it('lists the formats the registry has', async () => {
    const formats = await call('export.formats');
    expect(formats.map((f: { id: string }) => f.id)).toEqual(['png', 'svg', 'pdf', 'geojson', 'heightmap', 'cover', 'glb']);
  });

  it('writes a PNG and a PDF inside the projects folder, adding the extension, and nothing else beside them', async () => {
    const id = await newMap();
    const dir = join(kit.dir, 'projects');
    mkdirSync(dir, { recursive: true });
    const png = await call('maps.exportFile', { id, format: 'png', path: join(dir, 'coast'), options: { size: 300, legend: false } });
    expect(png).toMatchObject({ path: join(dir, 'coast.png'), format: 'png' });
    expect(Math.max(...(({ width, height }) => [width, height])(decode(readFileSync(png.path))))).toBe(300);
    const pdf = await call('maps.exportFile', { id, format: 'pdf', path: join(dir, 'coast.pdf'), options: { paper: 'letter' } });
    expect(readFileSync(pdf.path).subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.bytes).toBe(readFileSync(pdf.path).length);
    expect(readdirSync(dir).filter((f) => f.startsWith('.') || f.endsWith('.tmp'))).toEqual([]);
  });

  it('writes a heightmap with its scale sidecar and tiles beside it, all on one scale', async () => {
    const id = await newMap();
    const dir = join(kit.dir, 'projects');
    mkdirSync(dir, { recursive: true });
    const r = await call('maps.exportFile', { id, format: 'heightmap', path: join(dir, 'relief.png'), options: { size: 200, tileCells: 128, metresPerTile: 250 } });
    expect(decode(readFileSync(r.path)).depth).toBe(16);
    const whole = JSON.parse(readFileSync(join(dir, 'relief.heightmap.json'), 'utf8')) as { scale: number; cellMetres: number };
    const tile = JSON.parse(readFileSync(join(dir, 'relief-heightmap-0-0.json'), 'utf8')) as { scale: number };
    expect(tile.scale).toBe(whole.scale);
    expect(existsSync(join(dir, 'relief-heightmap-0-1.png'))).toBe(true);
    expect(readdirSync(dir).filter((f) => f.startsWith('.') || f.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses a path outside the allowed folders and an unknown format, writing nothing', async () => {
    const id = await newMap();
    const outside = join(kit.dir, 'elsewhere.png');
    await expect(call('maps.exportFile', { id, format: 'png', path: outside, options: {} })).rejects.toThrow(/may not export a map to this path/);
    expect(existsSync(outside)).toBe(false);
    await expect(call('maps.exportFile', { id, format: 'bmp', path: join(kit.dir, 'projects', 'x.bmp'), options: {} })).rejects.toThrow(/export format must be one of png, svg, pdf, geojson, heightmap, cover, glb/);
  });

  it('makes a preview PNG no larger than asked', async () => {
    const id = await newMap();
    const r = await call('maps.exportPreview', { id, options: { grid: true }, size: 200 });
    const png = decode(Uint8Array.from(Buffer.from(r.base64, 'base64')));
    expect(Math.max(png.width, png.height)).toBe(200);
    expect([png.width, png.height]).toEqual([r.width, r.height]);
  });
});
