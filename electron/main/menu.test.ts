/** The menu template without Electron: the items the brief lists, dev-only items, commands. */
import { describe, expect, it } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import type { MenuCommand, MenuContext } from './menu.js';
import { menuTemplate } from './menu.js';

function build(over: Partial<MenuContext> = {}) {
  const sent: MenuCommand[] = [];
  const opened: string[] = [];
  let cleared = 0;
  const template = menuTemplate({
    isDev: false,
    isMac: false,
    recent: ['/maps/ardennes.sandtable', '/maps/kursk.sandtable'],
    send: (c) => sent.push(c),
    openRecent: (p) => opened.push(p),
    clearRecent: () => void cleared++,
    ...over,
  });
  return { template, sent, opened, cleared: () => cleared };
}

const sub = (item: MenuItemConstructorOptions | undefined) => (item?.submenu ?? []) as MenuItemConstructorOptions[];
const menu = (template: MenuItemConstructorOptions[], label: string) => sub(template.find((m) => m.label === label));
const labels = (items: MenuItemConstructorOptions[]) => items.filter((i) => i.type !== 'separator').map((i) => i.label ?? i.role);
const click = (item: MenuItemConstructorOptions | undefined) => (item!.click as unknown as () => void)();

describe('application menu', () => {
  it('has File, Edit and View with the listed commands', () => {
    const { template } = build();
    expect(labels(menu(template, 'File'))).toEqual(['New', 'Open…', 'Open Recent', 'Save', 'Save As…', 'Import…', 'Export…', 'Quit']);
    expect(labels(menu(template, 'Edit'))).toEqual(['Undo', 'Redo', 'cut', 'copy', 'paste', 'selectAll']);
    expect(labels(menu(template, 'View'))).toEqual(['Fit Map', 'Toggle Theme', 'togglefullscreen']);
    expect(labels(menu(template, 'Map'))).toEqual(['Derive Tactical Map…', 'Auto-assemble Tiles…', 'Rename Map…', 'Duplicate Map', 'Resize Map…', 'Delete Map…']);
  });

  it('sends menu commands to the renderer', () => {
    const { template, sent } = build();
    const file = menu(template, 'File');
    for (const label of ['New', 'Open…', 'Save', 'Save As…', 'Import…', 'Export…']) click(file.find((i) => i.label === label));
    for (const label of ['Undo', 'Redo']) click(menu(template, 'Edit').find((i) => i.label === label));
    for (const label of ['Fit Map', 'Toggle Theme']) click(menu(template, 'View').find((i) => i.label === label));
    for (const item of menu(template, 'Map')) if (item.type !== 'separator') click(item);
    expect(sent).toEqual(['new', 'open', 'save', 'saveAs', 'import', 'export', 'undo', 'redo', 'fit', 'toggleTheme', 'derive', 'assemble', 'renameMap', 'duplicateMap', 'resizeMap', 'deleteMap']);
  });

  it('opens recent projects in the main process and can clear them', () => {
    const { template, opened, cleared } = build();
    const recent = sub(menu(template, 'File').find((i) => i.label === 'Open Recent'));
    expect(labels(recent)).toEqual(['ardennes.sandtable', 'kursk.sandtable', 'Clear Recent']);
    click(recent[1]);
    click(recent.find((i) => i.label === 'Clear Recent'));
    expect(opened).toEqual(['/maps/kursk.sandtable']);
    expect(cleared()).toBe(1);
    const empty = sub(menu(build({ recent: [] }).template, 'File').find((i) => i.label === 'Open Recent'));
    expect(empty).toEqual([{ label: 'No Recent Projects', enabled: false }]);
  });

  it('offers Reload and DevTools only in development', () => {
    expect(labels(menu(build({ isDev: true }).template, 'View'))).toEqual(['Fit Map', 'Toggle Theme', 'reload', 'toggleDevTools', 'togglefullscreen']);
  });

  it('follows macOS conventions there: an app menu with Quit, none in File', () => {
    const { template } = build({ isMac: true });
    expect(template[0]!.label).toBe('Sandtable');
    expect(labels(sub(template[0]))).toContain('quit');
    expect(labels(menu(template, 'File'))).not.toContain('Quit');
  });
});
