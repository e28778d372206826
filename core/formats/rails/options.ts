/**
 * Rails game options in its XML: `<IfOption name="Variant" value="Basegame,Wabash">…</IfOption>`
 * includes its children only when the game option has one of the listed values. We expand
 * these blocks for one chosen set of options, the way Rails does (net.sf.rails.common.parser.Tag):
 *
 * - An option with a `parm` is a different option per parameter: `<IfOption name="Include"
 *   parm="Unit2" value="yes">` tests the option `Include_Unit2` (Rails'
 *   GameOption.constructParameterisedName joins name and parameters with "_"). 1825 builds its
 *   board from such units; ignoring `parm` gave a 255-hex board instead of Rails' 107.
 * - An option the caller does not set takes its default from the game's `GameOptions.xml`:
 *   the `default` attribute, else "no" for a toggle, else the first of its `values` (Rails'
 *   GameOption.Builder). Without GameOptions.xml (a lone Map.xml) it takes the first value
 *   the file's first IfOption on it lists, as before.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { XmlElement } from '../../util/xml.js';
import { XmlReader, parseXml } from '../../util/xml.js';

export type RailsOptions = Readonly<Record<string, string>>;

/** Rails' name of an option element: `name`, or `name_parm1_parm2` when it has `parm`. */
export function optionKey(el: XmlElement): string | undefined {
  const name = el.attr('name');
  if (name === undefined) return undefined;
  const parm = el.attr('parm');
  return parm === undefined ? name : [name, ...parm.split(',')].join('_');
}

/** Every option the document tests, with the values it mentions, in document order. */
export function railsOptionsIn(root: XmlElement): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const walk = (el: XmlElement) => {
    if (el.name === 'IfOption') {
      const name = optionKey(el);
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

/**
 * `GameOptions.xml` → each option's default value, keyed as IfOption tests it (`Variant`,
 * `Include_Unit2`).
 */
export function parseRailsGameOptions(text: string, source: string): Record<string, string> {
  const root = parseXml(text, source);
  const r = new XmlReader(source);
  r.expectRoot(root, 'GameOptions', 'a Rails game option list (GameOptions.xml)');
  const out: Record<string, string> = {};
  const walk = (el: XmlElement) => {
    for (const c of el.children) {
      // Some games group options (<OptionGroup>); defaults are read wherever they sit.
      if (c.name !== 'GameOption') {
        walk(c);
        continue;
      }
      const key = optionKey(c) ?? r.fail(c, 'name', 'expected the option name');
      const toggle = (c.attr('type') ?? '').toLowerCase() === 'toggle';
      const values = splitList(c.attr('values') ?? '');
      const def = c.attr('default');
      out[key] = def !== undefined ? def : toggle ? 'no' : (values[0] ?? '');
    }
  };
  walk(root);
  return out;
}

/**
 * The options in effect: the caller's, then the game's defaults (GameOptions.xml), then —
 * only when the game has no GameOptions.xml — the first value the file mentions.
 */
export function effectiveOptions(root: XmlElement, chosen: RailsOptions = {}, defaults?: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  const has = (o: Readonly<Record<string, string>>, k: string) => Object.prototype.hasOwnProperty.call(o, k);
  for (const [name, values] of railsOptionsIn(root)) {
    if (has(chosen, name)) out[name] = chosen[name]!;
    else if (defaults && has(defaults, name)) out[name] = defaults[name]!;
    // Rails leaves an undeclared option unset, so no block on it applies.
    else if (defaults) out[name] = '';
    else out[name] = values[0]!;
  }
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
    r.string(c, 'name');
    const name = optionKey(c)!;
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
