/**
 * The renderer's typed command bus. A command is a name from one closed union: the menu
 * commands of the contract's `AppEvent` (electron/main/menu.ts sends exactly these) plus the
 * few only the renderer's own keys and buttons send (lib/shortcuts.ts). A misspelt command is
 * a type error where it is sent and where it is handled.
 *
 * The bus also fans the main process's events out by type (`onEvent('job.progress', …)`, the
 * handler typed by the event), from one subscription to the `SandtableApi`; a `menu` event is
 * dispatched as its command. Stores subscribe here instead of each to the API.
 *
 * Renderer layer, pure: no DOM, no Svelte.
 */
import type { AppEvent, SandtableApi } from '../../../contract/contract.js';

/** What the application menu sends (File, Edit, View, Map). */
export type MenuCommand = Extract<AppEvent, { type: 'menu' }>['command'];

/** Commands only the renderer sends: view zoom, the tile-border aid, Esc's "clear", the shortcut sheet, cut/copy/paste of a map region (the Edit menu's roles reach them as DOM clipboard events), the brush size ([ and ]), turning and mirroring a tile being placed. */
export const LOCAL_COMMANDS = ['zoomIn', 'zoomOut', 'toggleBorders', 'clear', 'shortcuts', 'cut', 'copy', 'paste', 'brushSmaller', 'brushLarger', 'rotateTile', 'mirrorTile'] as const;
export type LocalCommand = (typeof LOCAL_COMMANDS)[number];

export type Command = MenuCommand | LocalCommand;

export type AppEventType = AppEvent['type'];
export type EventOf<T extends AppEventType> = Extract<AppEvent, { type: T }>;

export class CommandBus {
  private readonly commands = new Map<Command, Set<() => void>>();
  private readonly events = new Map<AppEventType, Set<(event: AppEvent) => void>>();

  /** Runs `handler` whenever `command` is dispatched; returns the unsubscribe function. */
  on(command: Command, handler: () => void): () => void {
    return add(this.commands, command, handler);
  }

  /** Sends `command` to its handlers; false when nothing handles it (e.g. no view is open). */
  dispatch(command: Command): boolean {
    const handlers = this.commands.get(command);
    if (!handlers?.size) return false;
    for (const h of [...handlers]) h();
    return true;
  }

  /** Runs `handler` for every main-process event of `type`. */
  onEvent<T extends AppEventType>(type: T, handler: (event: EventOf<T>) => void): () => void {
    return add(this.events, type, handler as (event: AppEvent) => void);
  }

  /** Delivers one main-process event; a `menu` event becomes its command. */
  publish(event: AppEvent): void {
    for (const h of [...(this.events.get(event.type) ?? [])]) h(event);
    if (event.type === 'menu') this.dispatch(event.command);
  }

  /** Subscribes to the API's events (once for the whole renderer); returns the unsubscribe function. */
  connect(api: Pick<SandtableApi, 'onEvent'>): () => void {
    return api.onEvent((event) => this.publish(event));
  }
}

function add<K, H>(map: Map<K, Set<H>>, key: K, handler: H): () => void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(handler);
  return () => set.delete(handler);
}
