/**
 * `npm run browser [-- --port N] [--project FILE] [--user-data DIR] [--projects-dir DIR] [--allow-root DIR …]`:
 * starts browser mode (start.ts) and prints the one URL to open, token included:
 *
 *   Sandtable browser mode: http://127.0.0.1:PORT/?token=…
 *
 * `--allow-root DIR` (repeatable) lists the folders whose paths the page may name for
 * opening, saving and importing (node/services/file-capabilities.ts); without it only the
 * projects folder is allowed. The token in the URL is a key to those folders, no more.
 *
 * The npm script builds the renderer first (`build:renderer`, when the renderer defines
 * it). Ctrl-C stops the server and closes the project cleanly.
 *
 * Node only: must not depend on Electron or DOM.
 */
import { parseArgs } from 'node:util';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { defaultUserDataDir, startBrowserServer } from './start.js';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      project: { type: 'string' },
      'user-data': { type: 'string' },
      'projects-dir': { type: 'string' },
      'renderer-dir': { type: 'string' },
      'allow-root': { type: 'string', multiple: true },
    },
    strict: true,
  });
  let port = 0;
  if (values.port !== undefined) {
    port = Number(values.port);
    if (!/^\d+$/.test(values.port) || port > 65535) throw new Error(`--port must be a port number 0…65535, got "${values.port}"`);
  }
  const userDataDir = values['user-data'] ?? defaultUserDataDir();
  const projectsDir = values['projects-dir'] ?? join(homedir(), 'Documents', 'Sandtable');
  const server = await startBrowserServer({
    port,
    userDataDir,
    defaultProjectDir: projectsDir,
    allowedRoots: values['allow-root']?.length ? values['allow-root'] : [projectsDir],
    ...(values.project ? { projectPath: values.project } : {}),
    ...(values['renderer-dir'] ? { rendererDir: values['renderer-dir'] } : {}),
    log: (line) => process.stderr.write(`sandtable: ${line}\n`),
  });
  process.stdout.write(`Sandtable browser mode: ${server.url}\n`);
  process.stderr.write(`sandtable: paths the page may name: inside ${server.services.allowedRoots.join(', ')}\n`);
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      (e: unknown) => {
        process.stderr.write(`sandtable: ${(e as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((e: unknown) => {
  process.stderr.write(`sandtable browser: ${(e as Error).message}\n`);
  process.exit(1);
});
