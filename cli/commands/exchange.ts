/**
 * Files in and out (issues 4 and 17):
 *   sandtable export <map.json> --format F -o out [options]
 * Interchange formats: json (native, lossless), tmx and tmj (Tiled: the map and a terrain
 * swatch tileset image beside it, out-terrain.png, whose tiles carry a `terrain` property so
 * the file imports back to the same terrain; AL-FORM maps are written as the classic map they
 * stand for, marked so they import back AL-FORM; linear terrain goes in an object layer),
 * wesnoth (each tile's original code where the terrain is unchanged, the import's mapping or
 * --mapping for the rest, reporting how many tiles it recoded).
 * Pictures and data (core/export/registry.ts, the same code as the app's Export dialog):
 * png, svg, pdf, geojson, with --region, --size/--dpi, --tile-mm, --paper, --landscape,
 * --overlap-mm, --bleed-mm, --no-grid, --no-numbers, --no-symbols, --no-legend,
 * --text-as-paths; rasters (core/export/raster-formats.ts): heightmap (16-bit PNG + scale
 * sidecar, --tile-cells for tiles on one scale), cover (indexed PNG + terrains sidecar),
 * glb (a flat map's relief or the globe + sidecar), --size cells on the longest side, --metres-per-tile.
 */
import { writeFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import type { Io } from '../io.js';
import { UsageError } from '../io.js';
import { PRINT_OPTIONS, paperFlag, parse } from '../args.js';
import { loadCatalogue } from '../catalogue.js';
import { mapFromJsonText, mapToJsonText } from '../../core/map/map-json.js';
import type { TerrainMap } from '../../core/map/terrain-map.js';
import { parseJsonText } from '../../core/util/json-text.js';
import { decodeBase64 } from '../../core/formats/base64.js';
import { exportMap } from '../../node/services/export-map.js';
import { readWesnothMapping } from '../../core/map/import-mapping.js';
import { exportWesnoth } from '../../core/formats/wesnoth/export.js';
import { writeWesnothMap } from '../../core/formats/wesnoth/wesnoth-map.js';
import { EXPORT_FORMAT_IDS, exportFiles, exportFormat, type ExportFiles } from '../../core/export/registry.js';
import type { ExportOptions, Paper } from '../../core/export/options.js';
import { ExportOptionError, PAPER_NAMES, checkExportOptions } from '../../core/export/options.js';
import { coordCodec } from '../coord-codec.js';

const INTERCHANGE = ['json', 'tmx', 'tmj', 'wesnoth'] as const;
const FORMATS = [...INTERCHANGE, ...EXPORT_FORMAT_IDS];

export const exportHelp = `export <map.json> --format ${FORMATS.join('|')} -o <out> [--mapping m.json] [--region X,Y:X,Y] [--size PX | --dpi N] [--tile-mm MM] [--paper|--page ${PAPER_NAMES.join('|')}] [--landscape] [--overlap-mm MM] [--bleed-mm MM] [--no-grid] [--no-numbers] [--no-symbols] [--no-legend] [--text-as-paths] [--tile-cells N] [--metres-per-tile M]   write a map for other tools, a picture, a print or a raster (heightmap, cover, glb: --size is the raster's longest side in cells; heightmap --tile-cells also cuts it into tiles on one scale)`;

export function exportCommand(argv: string[], io: Io): number | Promise<number> {
  const { values, positionals } = parse('export', argv, {
    format: { type: 'string' },
    output: { type: 'string', short: 'o' },
    mapping: { type: 'string' },
    catalogue: { type: 'string' },
    region: { type: 'string' },
    size: { type: 'string' },
    ...PRINT_OPTIONS,
    'overlap-mm': { type: 'string' },
    'tile-cells': { type: 'string' },
    'metres-per-tile': { type: 'string' },
    'no-grid': { type: 'boolean', default: false },
    'no-numbers': { type: 'boolean', default: false },
    'no-symbols': { type: 'boolean', default: false },
    'no-legend': { type: 'boolean', default: false },
    'text-as-paths': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  });
  if (positionals.length !== 1) throw new UsageError('export: expected exactly one map file (export <map.json> --format F -o out)');
  const format = values.format as string | undefined;
  if (!format || !FORMATS.includes(format)) throw new UsageError(`export: --format must be one of ${FORMATS.join(', ')}, got ${format ? `"${format.slice(0, 40)}"` : 'nothing'}`);
  const output = values.output;
  if (typeof output !== 'string' || !output) throw new UsageError('export: missing -o <out>');
  const input = positionals[0]!;
  const map = mapFromJsonText(io.readText(input), input);
  const mappingFile = values.mapping as string | undefined;
  const written = [output];
  const notes: string[] = [];
  const done = () => {
    io.out(values.json ? `${JSON.stringify({ input, format, written, notes })}\n` : `${[`${input} → ${written.join(', ')}`, ...notes.map((n) => `  ${n}`)].join('\n')}\n`);
    return 0;
  };
  const picture = exportFormat(format);
  if (picture) {
    if (mappingFile) throw new UsageError('export: --mapping is for Wesnoth export');
    const options = pictureOptions(values, map);
    const catalogue = loadCatalogue(values.catalogue as string | undefined);
    const write = (out: Uint8Array | ExportFiles) => {
      const files = exportFiles(out);
      io.writeBytes(output, files.bytes);
      // Sidecars and tiles beside the main file: <stem><suffix>.
      const stem = join(dirname(output), basename(output, extname(output)));
      for (const c of files.companions) {
        io.writeBytes(`${stem}${c.suffix}`, c.bytes);
        written.push(`${stem}${c.suffix}`);
      }
      return done();
    };
    const result = picture.render(map, catalogue, options, input);
    return result instanceof Promise ? result.then(write) : write(result);
  }
  if (format === 'json') {
    io.writeText(output, mapToJsonText(map));
  } else if (format === 'wesnoth') {
    // The import's own mapping unless the designer gives one; codes from the import are kept (core/formats/wesnoth/export.ts).
    const imported = map.meta.import?.format === 'wesnoth' ? map.meta.import.mapping : undefined;
    const mapping = mappingFile ? readWesnothMapping(parseJsonText(io.readText(mappingFile), mappingFile), mappingFile) : imported;
    const result = exportWesnoth(map, mapping ? { mapping } : {});
    io.writeText(output, writeWesnothMap(result.data));
    notes.push(`${result.kept} tiles kept their original code, ${result.recoded} were coded from their terrain`, ...result.warnings);
  } else {
    if (mappingFile) throw new UsageError('export: --mapping is for Wesnoth export; Tiled export writes its own terrain tileset');
    const catalogue = loadCatalogue(values.catalogue as string | undefined);
    const file = exportMap(map, basename(output, extname(output)), format as 'tmx' | 'tmj', catalogue);
    io.writeText(output, file.text);
    if (file.image) {
      const imagePath = join(dirname(output), file.image.fileName);
      writeFileSync(imagePath, decodeBase64(file.image.base64));
      written.push(imagePath);
    }
  }
  return done();
}

const numberFlag = (values: Record<string, unknown>, flag: string): number | undefined => {
  const v = values[flag];
  if (v === undefined) return undefined;
  const n = Number(v);
  if (typeof v !== 'string' || v.trim() === '' || !Number.isFinite(n)) throw new UsageError(`export: --${flag} must be a number, got "${String(v).slice(0, 40)}"`);
  return n;
};

/** The flags as core ExportOptions (their ranges are checked by core/export/options.ts). */
function pictureOptions(values: Record<string, unknown>, map: TerrainMap): ExportOptions {
  const paper = paperFlag('export', values);
  if (paper !== undefined && !(PAPER_NAMES as string[]).includes(paper)) throw new UsageError(`export: --paper must be one of ${PAPER_NAMES.join(', ')}, got "${paper.slice(0, 40)}"`);
  let region: ExportOptions['region'];
  if (typeof values.region === 'string') {
    const parts = values.region.split(':');
    if (parts.length !== 2) throw new UsageError(`export: --region must be two tiles FROM:TO (e.g. 3,4:12,10), got "${values.region.slice(0, 40)}"`);
    const codec = coordCodec(map.grid, map.grid.coordSystem);
    region = { from: codec.decode(parts[0]!, '--region'), to: codec.decode(parts[1]!, '--region') };
  }
  const options: ExportOptions = {
    region,
    size: numberFlag(values, 'size'),
    dpi: numberFlag(values, 'dpi'),
    tileMm: numberFlag(values, 'tile-mm'),
    paper: paper as Paper | undefined,
    landscape: values.landscape === true,
    overlapMm: numberFlag(values, 'overlap-mm'),
    bleedMm: numberFlag(values, 'bleed-mm'),
    grid: values['no-grid'] !== true,
    numbers: values['no-numbers'] !== true,
    symbols: values['no-symbols'] !== true,
    legend: values['no-legend'] !== true,
    textAsPaths: values['text-as-paths'] === true,
    tileCells: numberFlag(values, 'tile-cells'),
    metresPerTile: numberFlag(values, 'metres-per-tile'),
  };
  try {
    checkExportOptions(options);
  } catch (e) {
    throw e instanceof ExportOptionError ? new UsageError(`export: ${e.message}`) : e;
  }
  return options;
}
