// Starts fuzz-worker.ts from source in a worker thread (tsx registers itself, as in
// node/services/job-worker-boot.mjs).
import { register } from 'tsx/esm/api';

register();
await import('./fuzz-worker.ts');
