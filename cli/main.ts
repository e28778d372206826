/**
 * The `sandtable` command: the engine headless, for batch work and scripting (SPEC §11).
 * `run(argv, io)` returns the exit code — 0 ok, 1 the work failed (bad file, no path …),
 * 2 wrong arguments — and prints one line on stderr saying what was expected.
 */
import { boundedMessage, quoted } from '../core/util/bounded.js';
import type { Io } from './io.js';
import { UsageError } from './io.js';
import { gridCommand, gridHelp } from './commands/grid.js';
import { queryCommand, queryHelp } from './commands/query.js';
import { convertCommand, convertHelp } from './commands/convert.js';
import { newCommand, newHelp, paintCommand, paintHelp } from './commands/edit.js';
import { drawCommand, drawHelp } from './commands/draw.js';
import { networkCommand, networkHelp } from './commands/network.js';
import { exportCommand, exportHelp } from './commands/exchange.js';
import { sheetsCommand, sheetsHelp } from './commands/sheets.js';
import { importCommand, importHelp, libraryCommand, libraryHelp } from './commands/library.js';
import { fovCommand, fovHelp, losCommand, losHelp, pathCommand, pathHelp, reachCommand, reachHelp } from './commands/analysis.js';
import { deriveCommand, deriveHelp } from './commands/derive.js';
import { tileCommand, tileHelp } from './commands/tile.js';
import { projectCommand, projectHelp } from './commands/project.js';
import { assembleCommand, assembleHelp, checkCommand, checkHelp } from './commands/assemble.js';
import { InputError } from '../core/util/input-error.js';
import { oneLineMessage } from '../core/util/one-line.js';

type Command = (argv: string[], io: Io) => number | Promise<number>;

const COMMANDS: Record<string, { run: Command; help: string }> = {
  grid: { run: gridCommand, help: gridHelp },
  query: { run: queryCommand, help: queryHelp },
  convert: { run: convertCommand, help: convertHelp },
  new: { run: newCommand, help: newHelp },
  paint: { run: paintCommand, help: paintHelp },
  draw: { run: drawCommand, help: drawHelp },
  network: { run: networkCommand, help: networkHelp },
  path: { run: pathCommand, help: pathHelp },
  reach: { run: reachCommand, help: reachHelp },
  los: { run: losCommand, help: losHelp },
  fov: { run: fovCommand, help: fovHelp },
  derive: { run: deriveCommand, help: deriveHelp },
  export: { run: exportCommand, help: exportHelp },
  sheets: { run: sheetsCommand, help: sheetsHelp },
  import: { run: importCommand, help: importHelp },
  library: { run: libraryCommand, help: libraryHelp },
  project: { run: projectCommand, help: projectHelp },
  tile: { run: tileCommand, help: tileHelp },
  assemble: { run: assembleCommand, help: assembleHelp },
  check: { run: checkCommand, help: checkHelp },
};

export function usage(): string {
  return ['usage: sandtable <command> [options]', '', 'commands:', ...Object.values(COMMANDS).map((c) => `  ${c.help}`), '', 'Add --json for machine-readable output.', ''].join('\n');
}

/** Exit code; a Promise for the commands that run asynchronous work (import). */
export function run(argv: string[], io: Io): number | Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(usage());
    return name === undefined ? 2 : 0;
  }
  if (name === '--version') {
    io.out('sandtable 0.1.0\n');
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`sandtable: unknown command ${quoted(name, 40)}; expected one of ${Object.keys(COMMANDS).join(', ')}\n`);
    return 2;
  }
  const report = (e: unknown): number => {
    if (e instanceof UsageError) {
      io.err(`sandtable ${boundedMessage(e.message)}\n`);
      return 2;
    }
    if (e instanceof InputError || e instanceof Error) {
      io.err(`sandtable ${name}: ${oneLine(e)}\n`);
      return 1;
    }
    throw e;
  };
  try {
    const code = command.run(rest, io);
    return code instanceof Promise ? code.catch(report) : code;
  } catch (e) {
    return report(e);
  }
}

/** The core's one bounded line (core/util/one-line.ts), with Node's ENOENT said plainly. */
function oneLine(e: Error): string {
  const t = oneLineMessage(e);
  if (/ENOENT/.test(t)) return t.replace(/^ENOENT: no such file or directory, open '([^']*)'.*/, 'no such file: $1');
  return t;
}
