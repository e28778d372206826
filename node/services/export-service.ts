/**
 * Pictures and data out of the app (issue 17): `maps.exportFile` renders a map with the same
 * core code as `sandtable export` (core/export/registry.ts) and writes the file itself — the
 * main process owns the file system: the path must be one the user chose (Save dialog) or lie
 * in an allowed folder (file-capabilities.ts), and the file is written whole or not at all
 * (temporary file + rename). `maps.exportPreview` is the dialog's small PNG of the same
 * drawing (for a print, with the page cuts the PDF will make); `export.formats` lists what can be written.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import { basename, dirname, extname, join } from 'node:path';
import type { OperationName } from '../../contract/contract.js';
import { EXPORT_FORMATS, EXPORT_FORMAT_IDS, exportFiles, exportFormat } from '../../core/export/registry.js';
import { renderPng } from '../../core/export/png.js';
import { renderPrintPreview } from '../../core/export/print-preview.js';
import { encodeBase64 } from '../../core/formats/base64.js';
import type { FileOutputDeps } from './collaborators.js';
import type { OpenMaps } from './open-maps.js';
import type { HandlersFor } from './router.js';
import { outputPath, writeWhole } from './write-whole.js';

export type ExportOperation = Extract<OperationName, 'maps.exportFile' | 'maps.exportPreview' | 'export.formats'>;

export interface ExportDeps extends FileOutputDeps {
  readonly maps: Pick<OpenMaps, 'get' | 'summary'>;
}

export function exportService(deps: ExportDeps): HandlersFor<ExportOperation> {
  const { queue, maps, files: paths, catalogue } = deps;
  return {
    'export.formats': () => EXPORT_FORMATS.map(({ id, label, extension, mime }) => ({ id, label, extension, mime })),
    'maps.exportFile': ({ id, format, path, options }) =>
      queue.exclusive(async () => {
        const fmt = exportFormat(format);
        if (!fmt) throw new Error(`export format must be one of ${EXPORT_FORMAT_IDS.join(', ')}, got "${format}"`);
        const dest = outputPath(deps, path, fmt.extension, 'export a map to');
        const name = maps.summary(id).name;
        const files = exportFiles(await fmt.render(maps.get(id).map, catalogue(), options, name));
        // Companions (sidecars, tiles) go beside the file, each checked like it.
        const stem = join(dirname(dest), basename(dest, extname(dest)));
        const companions = files.companions.map((c) => ({ path: paths.check(`${stem}${c.suffix}`, 'export a map to'), bytes: c.bytes }));
        writeWhole(dest, files.bytes);
        for (const c of companions) writeWhole(c.path, c.bytes);
        return { path: dest, bytes: files.bytes.length, format: fmt.id };
      }),
    'maps.exportPreview': ({ id, options, size }) =>
      queue.exclusive(() => {
        // The same drawing at preview size: print scale and pixel options do not apply.
        const { dpi: _dpi, size: _size, ...rest } = options;
        // A print (paper chosen): the preview shows where its pages cut (core/export/print-preview.ts).
        const png =
          rest.paper !== undefined
            ? renderPrintPreview(maps.get(id).map, catalogue(), rest, size, maps.summary(id).name)
            : renderPng(maps.get(id).map, catalogue(), { ...rest, size, legend: false }, maps.summary(id).name);
        return { base64: encodeBase64(png.bytes), width: png.width, height: png.height };
      }),
  };
}
