/**
 * Search keys: names folded to lower case without accents, stored beside the name
 * (`name_key`) so "search by name" finds "Forêt Noire" from "foret" without calling a
 * JavaScript function for every row of a 100 k-tile library.
 *
 * Must not depend on: Electron, DOM.
 */

export function foldName(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A LIKE pattern matching `text` anywhere, with LIKE's wildcards escaped (use ESCAPE '\'). */
export function containsPattern(text: string): string {
  return `%${foldName(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
