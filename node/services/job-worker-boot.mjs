// Starts job-worker.ts from source (tests, browser mode run through tsx): Node 20 does not
// apply `--import` loaders to a worker's own entry file, so the worker registers tsx itself
// and then imports the TypeScript entry. The Electron build bundles job-worker.ts to plain
// JavaScript and never uses this file.
import { register } from 'tsx/esm/api';

register();
await import('./job-worker.ts');
