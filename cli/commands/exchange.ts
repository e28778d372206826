/**
 * Files in and out (issue 4):
 *   sandtable export <map.json> --format json|tmx|tmj|wesnoth -o out [--mapping m.json]
 * Tiled export (the app's export, node/services/export-map.ts) writes the map and a
 * terrain swatch tileset image beside it (out-terrain.png) whose tiles carry a `terrain`
 * property, so the file opens in Tiled and imports back to the same terrain; AL-FORM maps
 * are written as the classic map they stand for. Wesnoth export writes each tile's original code
 * where the terrain is unchanged and uses the import's mapping (or --mapping) for the rest,
 * reporting how many tiles it recoded and any terrain it had no code for.
 */
import { writeFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import type { Io } from '../io.js';
import { UsageError } from '../io.js';
import { parse } from '../args.js';
import { loadCatalogue } from '../catalogue.js';
import { mapFromJsonText, mapToJsonText } from '../../core/map/map-json.js';
import { parseJsonText } from '../../core/util/json-text.js';
import { decodeBase64 } from '../../core/formats/base64.js';
import { exportMap } from '../../node/services/export-map.js';
import { readWesnothMapping } from '../../core/formats/wesnoth/terrain.js';
import { exportWesnoth } from '../../core/formats/wesnoth/export.js';
import { writeWesnothMap } from '../../core/formats/wesnoth/wesnoth-map.js';

export const exportHelp = 'export <map.json> --format json|tmx|tmj|wesnoth -o <out> [--mapping m.json]   write a map for other tools (Wesnoth: --mapping defaults to the import\'s)';

const FORMATS = ['json', 'tmx', 'tmj', 'wesnoth'] as const;

export function exportCommand(argv: string[], io: Io): number {
  const { values, positionals } = parse('export', argv, {
    format: { type: 'string' },
    output: { type: 'string', short: 'o' },
    mapping: { type: 'string' },
    catalogue: { type: 'string' },
    json: { type: 'boolean', default: false },
  });
  if (positionals.length !== 1) throw new UsageError('export: expected exactly one map file (export <map.json> --format F -o out)');
  const format = values.format as string | undefined;
  if (!format || !(FORMATS as readonly string[]).includes(format)) throw new UsageError(`export: --format must be one of ${FORMATS.join(', ')}, got ${format ? `"${format}"` : 'nothing'}`);
  const output = values.output;
  if (typeof output !== 'string' || !output) throw new UsageError('export: missing -o <out>');
  const input = positionals[0]!;
  const map = mapFromJsonText(io.readText(input), input);
  const mappingFile = values.mapping as string | undefined;
  const written = [output];
  const notes: string[] = [];
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
  io.out(values.json ? `${JSON.stringify({ input, format, written, notes })}\n` : `${[`${input} → ${written.join(', ')}`, ...notes.map((n) => `  ${n}`)].join('\n')}\n`);
  return 0;
}

