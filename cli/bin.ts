/** Entry point of the bundled CLI (dist/cli.js): wires the real process to `run`. */
import { run } from './main.js';
import { processIo } from './io.js';

process.exitCode = await run(process.argv.slice(2), processIo);
