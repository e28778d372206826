/**
 * Rails game options in its XML: `<IfOption name="Variant" value="Basegame,Wabash">…</IfOption>`
 * includes its children only when the game option has one of the listed values. We expand
 * these blocks for one chosen set of options. An option the caller does not set takes the
 * first value that the file's first IfOption on it lists (for 1830 "Variant" that is
 * "Basegame", the base game) — Rails reads real defaults from Game.xml, which we do not need
 * for tiles and boards.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { XmlElement } from '../xml.js';
import type { XmlReader } from '../xml.js';

export type RailsOptions = Readonly<Record<string, string>>;

/** Every option the document tests, with the values it mentions, in document order. */
export function railsOptionsIn(root: XmlElement): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const walk = (el: XmlElement) => {
    if (el.name === 'IfOption') {
      const name = el.attr('name');
      if (name !== undefined) {
        const values = out.get(name) ?? [];
        for (const v of splitList(el.attr('value') ?? '')) if (!values.includes(v)) values.push(v);
        out.set(name, values);
      }
    }
    el.children.forEach(walk);
  };
  walk(root);
  return out;
}

/** The options in effect: the caller's, then each option's default as described above. */
export function effectiveOptions(root: XmlElement, chosen: RailsOptions = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, values] of railsOptionsIn(root)) out[name] = Object.prototype.hasOwnProperty.call(chosen, name) ? chosen[name]! : values[0]!;
  return out;
}

/** `el`'s children with IfOption blocks replaced by their contents when they apply. */
export function activeChildren(el: XmlElement, options: Record<string, string>, r: XmlReader): XmlElement[] {
  const out: XmlElement[] = [];
  for (const c of el.children) {
    if (c.name !== 'IfOption') {
      out.push(c);
      continue;
    }
    const name = r.string(c, 'name');
    const values = splitList(r.string(c, 'value'));
    if (values.includes(options[name] ?? '')) out.push(...activeChildren(c, options, r));
  }
  return out;
}

export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}
