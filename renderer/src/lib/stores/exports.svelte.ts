/**
 * The Export dialog's state (issue 17): the picture and data formats the main process can
 * write (`export.formats`, from core/export/registry.ts), the options the designer picks,
 * a debounced preview (`maps.exportPreview`: the same drawing as a small PNG), and the export
 * itself (`maps.exportFile`): the main process renders and writes the file, so the app and
 * `sandtable export` make the same bytes. Browser mode types the path; the desktop app may
 * pick it with the native Save dialog (which grants that path to the main process).
 *
 * Renderer layer: Svelte runes, no DOM beyond timers.
 */
import type { ArgsOf, Results } from '../../../../contract/contract.js';
import type { Services } from '../../../../contract/api.js';
import type { Notifications } from './notifications.svelte.js';
import type { OpenMapStore } from './open-map.svelte.js';
import { PreviewedOutput } from './previewed-output.svelte.js';

export type ExportChoices = ArgsOf<'maps.exportFile'>['options'];
export type ExportFormatInfo = Results['export.formats'][number];

export class ExportStore extends PreviewedOutput {
  dialog = $state(false);
  formats = $state<ExportFormatInfo[]>([]);

  constructor(
    api: Services,
    notes: Notifications,
    private readonly maps: OpenMapStore,
  ) {
    super(api, notes);
  }

  async open(): Promise<void> {
    if (!this.maps.current) return;
    this.dialog = true;
    if (!this.formats.length) this.formats = await this.notes.run(null, () => this.api.export.formats(), []);
  }

  close(): void {
    this.dialog = false;
    this.dropPreview();
  }

  /** Asks for a new preview a moment after the last change. */
  schedulePreview(options: ExportChoices, delayMs = 250): void {
    this.debounce(() => this.loadPreview(options), delayMs);
  }

  private async loadPreview(options: ExportChoices): Promise<void> {
    const loaded = this.maps.current;
    if (loaded) await this.showPreview(() => this.api.maps.exportPreview({ id: loaded.id, options, size: 360 }));
  }

  /** Writes the file; true when it was written. */
  async write(format: string, path: string, options: ExportChoices): Promise<boolean> {
    const loaded = this.maps.current;
    if (!loaded) return false;
    return this.writeOnce(`Exporting ${format.toUpperCase()}`, async () => {
      const r = await this.api.maps.exportFile({ id: loaded.id, format, path, options });
      return `Exported ${r.path} (${formatBytes(r.bytes)})`;
    });
  }
}

/**
 * The file name the Export dialog offers until the designer types one: `<map>.<extension>`,
 * the map's name made safe for a file. A format that shares its extension with an earlier
 * one (the heightmap and the ground cover are PNGs, as the picture is) adds its id —
 * `<map>-heightmap.png` — so exporting the heightmap never offers to overwrite the picture.
 */
export function defaultExportName(mapName: string, format: ExportFormatInfo, formats: readonly ExportFormatInfo[]): string {
  const stem = mapName.replace(/[<>:"/\\|?*]+/g, '-').trim() || 'map';
  const first = formats.find((f) => f.extension === format.extension);
  const suffix = first && first.id !== format.id ? `-${format.id}` : '';
  return `${stem}${suffix}.${format.extension}`;
}

export function formatBytes(n: number): string {
  return n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(0)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;
}
