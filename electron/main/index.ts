/**
 * The Electron main process (SPEC §11): one window onto AppServices. Single instance (a
 * second launch focuses this window and opens its file argument), a hardened window and
 * session (security.ts), the menu (menu.ts), native dialogs, project files from the
 * command line and the macOS `open-file` event, and the unsaved-changes prompt when an
 * untitled project with maps would be closed.
 *
 * Everything the renderer asks for goes through ipc.ts into AppServices, which must stay
 * free of Electron; this file is the only place that wires Electron to it.
 */
import { app, BrowserWindow, dialog, ipcMain, Menu, nativeTheme, protocol, session } from 'electron';
import type { FileFilter, MessageBoxOptions } from 'electron';
import { existsSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ProjectInfo } from '../../contract/contract.js';
import type { DialogHost } from '../../node/services/app-services.js';
import { AppServices } from '../../node/services/app-services.js';
import { PROJECT_EXTENSION } from '../../node/services/project-session.js';
import type { AppOrigin } from './ipc.js';
import { createCallHandler, forwardEvents, registerCallHandler, sendEvent } from './ipc.js';
import { menuTemplate } from './menu.js';
import { hardenContents, hardenSession, secureWebPreferences } from './security.js';
import { APP_INDEX_URL, APP_SCHEME_PRIVILEGES, handleAppProtocol } from './app-protocol.js';

const here = dirname(fileURLToPath(import.meta.url));
const devServerUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;
const isDev = devServerUrl !== undefined;
const isMac = process.platform === 'darwin';
const origin: AppOrigin = { rendererDir: join(here, '../renderer'), ...(devServerUrl ? { devServerUrl } : {}) };
/** The window icon (Linux and Windows title bars); electron-builder.yml copies resources/icons beside the app. */
const windowIcon = app.isPackaged ? join(process.resourcesPath, 'icons', 'icon.png') : join(here, '../../resources/icons/icon.png');
const log = (line: string) => process.stderr.write(`sandtable: ${line}\n`);

let mainWindow: BrowserWindow | null = null;
let services: AppServices | null = null;
/** A file to open once the app is ready (command line, or macOS open-file before ready). */
let pendingOpen: string | null = projectArgument(process.argv, process.cwd());
let quitting = false;
let closeConfirmed = false;

/** The last argument that names a project file, resolved against the launch folder. */
function projectArgument(argv: readonly string[], cwd: string): string | null {
  for (let k = argv.length - 1; k >= 1; k--) {
    const a = argv[k]!;
    if (!a.startsWith('-') && a.toLowerCase().endsWith(PROJECT_EXTENSION)) return resolve(cwd, a);
  }
  return null;
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', (_event, argv, cwd) => {
    if (mainWindow) {
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.focus();
    }
    if (services && !mainWindow) createWindow();
    const file = projectArgument(argv, cwd);
    if (file) void openFromMain(file);
  });
  app.on('open-file', (event, path) => {
    event.preventDefault();
    if (services) void openFromMain(path);
    else pendingOpen = path;
  });
  hardenContents(app, origin, log);
  // Before ready: app:// is the renderer's origin (app-protocol.ts), not file://.
  protocol.registerSchemesAsPrivileged([...APP_SCHEME_PRIVILEGES]);
  app
    .whenReady()
    .then(start)
    .catch((e: unknown) => fail(e));
  app.on('window-all-closed', () => {
    if (!isMac) app.quit();
  });
  app.on('activate', () => {
    if (services && BrowserWindow.getAllWindows().length === 0) createWindow();
  });
  app.on('will-quit', (event) => {
    if (quitting || !services) return;
    // Close the project file cleanly (WAL checkpoint) before the process goes.
    event.preventDefault();
    quitting = true;
    services.shutdown().finally(() => app.quit());
  });
}

async function start(): Promise<void> {
  handleAppProtocol(session.defaultSession.protocol, origin.rendererDir);
  hardenSession(session.defaultSession, origin, log);
  const s = new AppServices({
    mode: 'electron',
    version: app.getVersion(),
    userDataDir: app.getPath('userData'),
    defaultProjectDir: join(app.getPath('documents'), 'Sandtable'),
    workerUrl: workerUrl(),
    dialogs: dialogHost(),
    // Packaged, the starter tiles are an extra resource (electron-builder.yml); from source, the repository's folder.
    ...(app.isPackaged ? { starterTilesDir: join(process.resourcesPath, 'tiles', 'starter') } : {}),
  });
  services = s;
  registerCallHandler(ipcMain, createCallHandler(s, origin, log));
  s.onEvent((event) => {
    if (event.type === 'project.changed') projectChanged(event.project);
  });
  if (pendingOpen) {
    const file = pendingOpen;
    pendingOpen = null;
    // From the command line or the OS: the user chose it (file capabilities).
    s.grantPath(file);
    await s.api.project.open({ path: file }).catch((e: unknown) => dialog.showErrorBox('Sandtable could not open the project', (e as Error).message));
  }
  projectChanged(s.projectInfo());
  createWindow();
}

/**
 * The bundled job worker sits beside this file (electron.vite.config.ts); in a packaged app
 * it is unpacked from the asar archive (electron-builder.yml asarUnpack), since worker
 * threads load their entry from the real file system.
 */
function workerUrl(): URL {
  return pathToFileURL(join(here, 'job-worker.mjs').replace(/app\.asar([\\/])/, 'app.asar.unpacked$1'));
}

function createWindow(): void {
  const win = new BrowserWindow({
    width: 1440,
    height: 900,
    minWidth: 800,
    minHeight: 560,
    show: false,
    title: 'Sandtable',
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#1d1f21' : '#f5f4f0',
    ...(!isMac && existsSync(windowIcon) ? { icon: windowIcon } : {}),
    webPreferences: secureWebPreferences(join(here, '../preload/index.cjs'), isDev),
  });
  mainWindow = win;
  closeConfirmed = false;
  forwardEvents(services!, win.webContents);
  win.once('ready-to-show', () => win.show());
  win.on('close', (event) => {
    if (closeConfirmed || !services || !services.projectInfo().dirty) return;
    event.preventDefault();
    void confirmClose(win);
  });
  win.on('closed', () => {
    if (mainWindow === win) mainWindow = null;
  });
  if (devServerUrl) void win.loadURL(devServerUrl);
  else void win.loadURL(APP_INDEX_URL);
  projectChanged(services!.projectInfo());
}

type UnsavedChoice = 'save' | 'discard' | 'cancel';

/** "Save changes to this untitled project?" — Save / Don't Save / Cancel. */
async function askUnsaved(win: BrowserWindow | null, action: string): Promise<UnsavedChoice> {
  const options: MessageBoxOptions = {
    type: 'warning',
    buttons: ['Save…', "Don't Save", 'Cancel'],
    defaultId: 0,
    cancelId: 2,
    noLink: true,
    message: 'This project has not been saved yet.',
    detail: `Save it before ${action}? If you don't save, its maps are deleted.`,
  };
  const { response } = win ? await dialog.showMessageBox(win, options) : await dialog.showMessageBox(options);
  return response === 0 ? 'save' : response === 1 ? 'discard' : 'cancel';
}

/** Saves the untitled project where the designer says; false when they cancel or the save fails. */
async function saveUntitled(): Promise<boolean> {
  const path = await dialogHost().save('project', `Untitled${PROJECT_EXTENSION}`);
  if (!path) return false;
  services!.grantPath(path); // chosen in the native dialog
  try {
    await services!.api.project.save({ path });
    return true;
  } catch (e) {
    dialog.showErrorBox('Sandtable could not save the project', (e as Error).message);
    return false;
  }
}

async function confirmClose(win: BrowserWindow): Promise<void> {
  const choice = await askUnsaved(win, 'closing');
  if (choice === 'cancel') return;
  if (choice === 'save' && !(await saveUntitled())) return;
  if (choice === 'discard') await services!.shutdown({ discardUntitled: true });
  closeConfirmed = true;
  win.close();
}

/** Opens a project the main process was asked for (command line, second launch, Open Recent, macOS). */
async function openFromMain(path: string): Promise<void> {
  const s = services;
  if (!s) return;
  if (s.projectInfo().dirty) {
    const choice = await askUnsaved(mainWindow, `opening ${basename(path)}`);
    if (choice === 'cancel') return;
    if (choice === 'save' && !(await saveUntitled())) return;
    if (choice === 'discard') await s.shutdown({ discardUntitled: true });
  }
  try {
    // Command line, second launch, Open Recent, macOS open-file: the user chose this path.
    s.grantPath(path);
    await s.api.project.open({ path });
  } catch (e) {
    dialog.showErrorBox('Sandtable could not open the project', (e as Error).message);
  }
}

function projectChanged(project: ProjectInfo): void {
  const s = services;
  if (!s) return;
  if (project.path) app.addRecentDocument(project.path);
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      menuTemplate({
        isDev,
        isMac,
        recent: s.recent.list(),
        send: (command) => {
          if (mainWindow) sendEvent(mainWindow.webContents, { type: 'menu', command });
        },
        openRecent: (path) => void openFromMain(path),
        clearRecent: () => {
          s.recent.clear();
          app.clearRecentDocuments();
          projectChanged(s.projectInfo());
        },
      }),
    ),
  );
  const win = mainWindow;
  if (win && !win.isDestroyed()) {
    win.setTitle(`${project.path ? basename(project.path, PROJECT_EXTENSION) : 'Untitled'}${project.dirty ? ' (not saved)' : ''} — Sandtable`);
    if (isMac) {
      win.setDocumentEdited(project.dirty);
      win.setRepresentedFilename(project.path ?? '');
    }
  }
}

function dialogHost(): DialogHost {
  const filters = (purpose: 'project' | 'import' | 'export', name?: string): FileFilter[] => {
    if (purpose === 'project') return [{ name: 'Sandtable project', extensions: ['sandtable'] }];
    if (purpose === 'import') return [{ name: 'Maps (Tiled, Wesnoth, Sandtable)', extensions: ['tmx', 'tmj', 'json', 'map'] }, { name: 'All files', extensions: ['*'] }];
    const ext = name ? extname(name).slice(1) : '';
    return ext ? [{ name: `${ext.toUpperCase()} file`, extensions: [ext] }] : [{ name: 'All files', extensions: ['*'] }];
  };
  const documents = () => join(app.getPath('documents'), 'Sandtable');
  return {
    async open(purpose) {
      const options = { title: purpose === 'project' ? 'Open project' : 'Import map', defaultPath: existsSync(documents()) ? documents() : app.getPath('documents'), properties: ['openFile' as const], filters: filters(purpose) };
      const r = mainWindow ? await dialog.showOpenDialog(mainWindow, options) : await dialog.showOpenDialog(options);
      return r.canceled ? null : (r.filePaths[0] ?? null);
    },
    async save(purpose, defaultName) {
      const name = defaultName ?? (purpose === 'project' ? `Untitled${PROJECT_EXTENSION}` : 'map.json');
      const options = { title: purpose === 'project' ? 'Save project' : 'Export map', defaultPath: join(existsSync(documents()) ? documents() : app.getPath('documents'), name), filters: filters(purpose, name) };
      const r = mainWindow ? await dialog.showSaveDialog(mainWindow, options) : await dialog.showSaveDialog(options);
      return r.canceled || !r.filePath ? null : r.filePath;
    },
  };
}

function fail(e: unknown): void {
  dialog.showErrorBox('Sandtable could not start', e instanceof Error ? (e.stack ?? e.message) : String(e));
  app.exit(1);
}
