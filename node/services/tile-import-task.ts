/**
 * The worker half of a library tile import (`tiles.import`, issue 13): reads vector tiles
 * (.svg, .json: node/formats/vector-files.ts, core/vector's strict readers) from a file, a
 * folder of them, or uploaded texts, reporting progress per file, and returns them as
 * library records. It writes nothing: the library service stores the records in one
 * transaction after the job ends, so a cancelled job (its worker terminated) or a bad file
 * leaves the library as it was.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import { statSync } from 'node:fs';
import { basename, relative, sep } from 'node:path';
import { vectorTileToJson } from '../../core/vector/json.js';
import { listVectorTileFiles, readVectorTileFile, readVectorTileText } from '../formats/vector-files.js';
import type { VectorTileFile } from '../formats/vector-files.js';
import type { ValueJobRequest } from './job-protocol.js';
import type { Progress } from './job-tasks.js';
import { TILE_IMPORT_LABEL } from '../../electron/shared/contract.js';


export interface TileImportValue {
  /** Library records (vector-store.ts VectorTileRecord): native JSON and tags. */
  records: { tile: unknown; tags: string[] }[];
  /** What the SVG reader ignored, one line each, naming the file. */
  warnings: string[];
}

export async function runTileImportTask(request: ValueJobRequest, progress: Progress): Promise<TileImportValue> {
  // Each source: how to read it, and the tags its folders give it (`hex/river/x.svg` → hex, river).
  const sources: { read: () => VectorTileFile; tags: string[] }[] = [];
  if (request.path !== undefined) {
    const root = request.path;
    if (statSync(root).isDirectory()) {
      for (const file of listVectorTileFiles(root)) sources.push({ read: () => readVectorTileFile(file), tags: relative(root, file).split(sep).slice(0, -1) });
    } else sources.push({ read: () => readVectorTileFile(root), tags: [] });
  }
  for (const f of request.files ?? []) sources.push({ read: () => readVectorTileText(basename(f.name), f.text), tags: [] });
  if (sources.length === 0) throw new Error(`${request.path ?? 'the upload'}: no .svg or .json vector tile files found`);
  const records: TileImportValue['records'] = [];
  const warnings: string[] = [];
  for (let k = 0; k < sources.length; k++) {
    await progress(TILE_IMPORT_LABEL, k, sources.length);
    const { tile, warnings: w } = sources[k]!.read();
    records.push({ tile: vectorTileToJson(tile), tags: [...new Set(sources[k]!.tags)] });
    warnings.push(...w);
  }
  await progress(TILE_IMPORT_LABEL, sources.length, sources.length);
  return { records, warnings };
}
