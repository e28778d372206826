/**
 * Starts browser mode in-process: AppServices plus the HTTP door of server.ts, bound to
 * 127.0.0.1 only, with a fresh random 32-byte token. End-to-end tests call this directly
 * (or run cli.ts as a child); `npm run browser` goes through cli.ts.
 *
 * Node only: must not depend on Electron or DOM.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import pkg from '../../package.json' with { type: 'json' };
import type { AppServicesOptions } from '../../node/services/app-services.js';
import { AppServices } from '../../node/services/app-services.js';
import { createRequestHandler } from './server.js';

export const LOOPBACK = '127.0.0.1';

/** The renderer build (`npm run build:renderer` writes it), relative to this file in the repository. */
export const DEFAULT_RENDERER_DIR = fileURLToPath(new URL('../../out/renderer', import.meta.url));

/** Where Electron would keep Sandtable's user data on this OS, so both modes share recent files. */
export function defaultUserDataDir(): string {
  const home = homedir();
  switch (process.platform) {
    case 'win32':
      return join(process.env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Sandtable');
    case 'darwin':
      return join(home, 'Library', 'Application Support', 'Sandtable');
    default:
      return join(process.env.XDG_CONFIG_HOME ?? join(home, '.config'), 'Sandtable');
  }
}

export interface BrowserServerOptions {
  /** 0 or absent: any free port. */
  port?: number;
  /** A project file to open at start. */
  projectPath?: string;
  /** Recent files, recovery folder. */
  userDataDir: string;
  /** Where relative project paths resolve (default `<userDataDir>/projects`). */
  defaultProjectDir?: string;
  /**
   * The only folders (with everything below them) whose paths the page may name
   * (node/services/file-capabilities.ts); default: the projects folder alone. `projectPath`
   * is always allowed: it came from the command line.
   */
  allowedRoots?: readonly string[];
  rendererDir?: string;
  /** Extra AppServices options (tests: job step delay, clock). */
  services?: Partial<Omit<AppServicesOptions, 'mode' | 'userDataDir'>>;
  log?: (line: string) => void;
}

export interface BrowserServer {
  /** `http://127.0.0.1:PORT/?token=…`: the page to open. */
  readonly url: string;
  readonly token: string;
  readonly port: number;
  readonly services: AppServices;
  close(): Promise<void>;
}

export async function startBrowserServer(options: BrowserServerOptions): Promise<BrowserServer> {
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`port must be an integer 0…65535 (0 = any free port), got ${port}`);
  const services = new AppServices({
    version: pkg.version,
    ...options.services,
    mode: 'browser',
    userDataDir: options.userDataDir,
    ...(options.defaultProjectDir ? { defaultProjectDir: options.defaultProjectDir } : {}),
    ...(options.allowedRoots ? { allowedRoots: options.allowedRoots.map((r) => resolve(r)) } : {}),
  });
  try {
    if (options.projectPath) {
      services.grantPath(resolve(options.projectPath));
      await services.api.project.open({ path: resolve(options.projectPath) });
    }
  } catch (e) {
    await services.shutdown();
    throw e;
  }
  const token = randomBytes(32).toString('base64url');
  let bound = 0;
  const handler = createRequestHandler({
    target: services,
    token,
    port: () => bound,
    rendererDir: options.rendererDir ?? DEFAULT_RENDERER_DIR,
    ...(options.log ? { log: options.log } : {}),
  });
  const server = createServer(handler);
  server.on('clientError', (_err, socket) => socket.destroy());
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, LOOPBACK, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (e) {
    await services.shutdown();
    const err = e as NodeJS.ErrnoException;
    throw new Error(err.code === 'EADDRINUSE' ? `port ${port} on ${LOOPBACK} is in use; choose another with --port, or leave it out for a free one` : err.message);
  }
  bound = (server.address() as AddressInfo).port;
  let closing: Promise<void> | null = null;
  return {
    url: `http://${LOOPBACK}:${bound}/?token=${token}`,
    token,
    port: bound,
    services,
    close() {
      closing ??= (async () => {
        handler.closeStreams();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await services.shutdown();
      })();
      return closing;
    },
  };
}
