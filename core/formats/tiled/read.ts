/**
 * One entry point for Tiled maps: TMX (XML) or TMJ (JSON), told apart by their first
 * character rather than the file extension, so a renamed file still imports.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TiledMap, TiledReadOptions } from './types.js';
import { parseTmx } from './tmx.js';
import { parseTmj } from './tmj.js';

export function parseTiled(text: string, options: TiledReadOptions): TiledMap {
  return /^\uFEFF?\s*</.test(text) ? parseTmx(text, options) : parseTmj(text, options);
}
