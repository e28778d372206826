/**
 * The application menu (SPEC §11) as a template: File (New, Open…, Open Recent, Save, Save
 * As…, Import…, Export…, Quit), Edit (Undo, Redo, and the text-editing roles so shortcuts
 * work in text fields), View (Fit map, Toggle theme; Reload and DevTools in development
 * only). Commands the renderer carries out become `menu` events; Open Recent is handled
 * in the main process (it opens a file by path, which the renderer never needs to see
 * first).
 *
 * Main process; imports only Electron *types*, so the template is testable without Electron.
 */
import type { MenuItemConstructorOptions } from 'electron';
import { basename } from 'node:path';
import type { AppEvent } from '../../contract/contract.js';

export type MenuCommand = Extract<AppEvent, { type: 'menu' }>['command'];

export interface MenuContext {
  isDev: boolean;
  isMac: boolean;
  recent: readonly string[];
  send(command: MenuCommand): void;
  openRecent(path: string): void;
  clearRecent(): void;
}

type Role = NonNullable<MenuItemConstructorOptions['role']>;

/** Items Electron carries out itself (cut, reload…), one per role. */
function roles(...names: Role[]): MenuItemConstructorOptions[] {
  return names.map((role) => ({ role }));
}

export function menuTemplate(ctx: MenuContext): MenuItemConstructorOptions[] {
  const item = (label: string, command: MenuCommand, accelerator?: string): MenuItemConstructorOptions => ({
    label,
    ...(accelerator ? { accelerator } : {}),
    click: () => ctx.send(command),
  });
  const menu = (label: string, submenu: MenuItemConstructorOptions[]): MenuItemConstructorOptions => ({ label, submenu });
  const recent: MenuItemConstructorOptions[] = ctx.recent.length
    ? [
        ...ctx.recent.map((path) => ({ label: basename(path), sublabel: path, toolTip: path, click: () => ctx.openRecent(path) })),
        { type: 'separator' as const },
        { label: 'Clear Recent', click: () => ctx.clearRecent() },
      ]
    : [{ label: 'No Recent Projects', enabled: false }];
  const file = menu('File', [
    item('New', 'new', 'CmdOrCtrl+N'),
    item('Open…', 'open', 'CmdOrCtrl+O'),
    { label: 'Open Recent', submenu: recent },
    { type: 'separator' },
    item('Save', 'save', 'CmdOrCtrl+S'),
    item('Save As…', 'saveAs', 'Shift+CmdOrCtrl+S'),
    { type: 'separator' },
    item('Import…', 'import', 'CmdOrCtrl+I'),
    item('Export…', 'export', 'CmdOrCtrl+E'),
    ...(ctx.isMac ? [] : [{ type: 'separator' as const }, { label: 'Quit', role: 'quit' as const, accelerator: 'Ctrl+Q' }]),
  ]);
  const edit = menu('Edit', [
    item('Undo', 'undo', 'CmdOrCtrl+Z'),
    item('Redo', 'redo', ctx.isMac ? 'Shift+Cmd+Z' : 'Ctrl+Y'),
    { type: 'separator' },
    ...roles('cut', 'copy', 'paste', 'selectAll'),
  ]);
  const view = menu('View', [
    item('Fit Map', 'fit', 'CmdOrCtrl+0'),
    item('Toggle Theme', 'toggleTheme', 'CmdOrCtrl+Shift+L'),
    ...(ctx.isDev ? [{ type: 'separator' as const }, ...roles('reload', 'toggleDevTools')] : []),
    { type: 'separator' },
    ...roles('togglefullscreen'),
  ]);
  const map = menu('Map', [
    item('Derive Tactical Map…', 'derive', 'CmdOrCtrl+Shift+D'),
    item('Auto-assemble Tiles…', 'assemble', 'CmdOrCtrl+Shift+M'),
    // The open map as a whole (issue 14): the renderer opens its dialogs.
    { type: 'separator' },
    item('Rename Map…', 'renameMap'),
    item('Duplicate Map', 'duplicateMap'),
    item('Resize Map…', 'resizeMap'),
    item('Delete Map…', 'deleteMap'),
  ]);
  const mac: MenuItemConstructorOptions[] = ctx.isMac
    ? [menu('Sandtable', [...roles('about'), { type: 'separator' }, ...roles('hide', 'hideOthers', 'unhide'), { type: 'separator' }, ...roles('quit')])]
    : [];
  return [...mac, file, edit, view, map, { role: 'windowMenu' }];
}
