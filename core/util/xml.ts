/**
 * A small, strict XML parser and writer for the file formats we import (Tiled TMX/TSX,
 * Rails Tiles.xml / TileSet.xml / Map.xml). It builds a light element tree that remembers
 * where each element starts (line:column) and can name itself with an XPath-like location
 * (`/map/layer[2]/data`), so every error can say where the problem is (SPEC §10).
 *
 * Supported: the XML declaration, comments, processing instructions, CDATA, the five
 * predefined entities and numeric character references, a DOCTYPE without an internal
 * subset. Rejected with a clear error: entity declarations (they enable "billion laughs"
 * expansion and none of our formats use them), mismatched or unclosed tags, duplicate
 * attributes, text outside the root element. Namespaces are kept as part of the name.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { InputError } from './input-error.js';
import { bounded, quoted } from './bounded.js';
import { DEFAULT_LIMITS } from './limits.js';

export class XmlElement {
  readonly children: XmlElement[] = [];
  /** Character data directly inside this element (text and CDATA), entities decoded, untrimmed. */
  text = '';

  constructor(
    readonly name: string,
    readonly attrs: Readonly<Record<string, string>>,
    readonly line: number,
    readonly column: number,
    readonly parent: XmlElement | null,
  ) {}

  /** XPath-like location: `/map/layer[2]/data`; the index appears when siblings share the name. */
  get path(): string {
    if (!this.parent) return `/${this.name}`;
    const { ordinal, count } = this.parent.siblingIndex();
    // An element built by hand and not among its parent's children stands at [0].
    const step = (count.get(this.name) ?? 0) > 1 ? `${this.name}[${ordinal.get(this) ?? 0}]` : this.name;
    return `${this.parent.path}/${step}`;
  }

  private siblings?: { length: number; ordinal: Map<XmlElement, number>; count: Map<string, number> };

  /**
   * Each child's place among its same-named siblings, built once per parent (again if children were
   * added): scanning them for every path made a warning per tile O(n²) on a 100 k-tile Rails file.
   */
  private siblingIndex(): { ordinal: Map<XmlElement, number>; count: Map<string, number> } {
    if (this.siblings?.length !== this.children.length) {
      const ordinal = new Map<XmlElement, number>();
      const count = new Map<string, number>();
      for (const c of this.children) {
        const n = (count.get(c.name) ?? 0) + 1;
        count.set(c.name, n);
        ordinal.set(c, n);
      }
      this.siblings = { length: this.children.length, ordinal, count };
    }
    return this.siblings;
  }

  /** "line L, column C (/path)" or, for an attribute, "… (/path/@name)": for InputError's `where`. */
  where(attr?: string): string {
    return `line ${this.line}, column ${this.column} (${this.path}${attr ? `/@${attr}` : ''})`;
  }

  attr(name: string): string | undefined {
    return Object.prototype.hasOwnProperty.call(this.attrs, name) ? this.attrs[name] : undefined;
  }

  /** Child elements, optionally only those with the given name. */
  elements(name?: string): XmlElement[] {
    return name === undefined ? this.children : this.children.filter((c) => c.name === name);
  }

  /** The first child element with this name, if any. */
  first(name: string): XmlElement | undefined {
    return this.children.find((c) => c.name === name);
  }
}

/** Parses a whole document and returns its root element. `source` names the file in errors. */
export function parseXml(text: string, source: string): XmlElement {
  return new XmlParser(text, source).parse();
}

const NAME_START = /[A-Za-z_:\u00C0-\uFFFF]/;
const NAME_CHAR = /[-A-Za-z0-9_:.\u00B7\u00C0-\uFFFF]/;
/** NAME_CHAR at `s[i]`, ASCII decided by code (names are read a character at a time: the hot path of a big file). */
function isNameChar(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  if (c < 0x80) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 58) || c === 45 || c === 46 || c === 95;
  return NAME_CHAR.test(s[i]!);
}
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

class XmlParser {
  private pos = 0;
  private readonly lineStarts: number[] = [0];

  constructor(
    private readonly s: string,
    private readonly source: string,
  ) {
    for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) === 10) this.lineStarts.push(i + 1);
  }

  parse(): XmlElement {
    const s = this.s;
    if (s.charCodeAt(0) === 0xfeff) this.pos = 1;
    if (s.includes('\u0000')) this.failAt(s.indexOf('\u0000'), 'text without NUL characters (is this UTF-16 or a binary file?)');
    let root: XmlElement | null = null;
    const stack: XmlElement[] = [];
    let textStart = this.pos;
    const flushText = (end: number) => {
      if (end <= textStart) return;
      const raw = s.slice(textStart, end);
      const top = stack[stack.length - 1];
      if (top) top.text += this.decodeEntities(raw, textStart);
      else if (raw.trim() !== '') this.failAt(textStart + raw.search(/\S/), root ? 'nothing after the root element' : 'an XML element (the document must start with "<")');
    };
    while (this.pos < s.length) {
      const lt = s.indexOf('<', this.pos);
      if (lt < 0) {
        this.pos = s.length;
        break;
      }
      this.pos = lt;
      flushText(lt);
      if (s.startsWith('<!--', lt)) {
        const end = s.indexOf('-->', lt + 4);
        if (end < 0) this.failAt(lt, 'a comment closed by "-->" (the file ends inside a comment)');
        this.pos = end + 3;
      } else if (s.startsWith('<![CDATA[', lt)) {
        const end = s.indexOf(']]>', lt + 9);
        if (end < 0) this.failAt(lt, 'a CDATA section closed by "]]>" (the file ends inside it)');
        const top = stack[stack.length - 1];
        if (!top) this.failAt(lt, 'CDATA only inside an element');
        top.text += s.slice(lt + 9, end);
        this.pos = end + 3;
      } else if (s.startsWith('<?', lt)) {
        const end = s.indexOf('?>', lt + 2);
        if (end < 0) this.failAt(lt, 'a processing instruction closed by "?>"');
        this.checkDeclaration(lt, s.slice(lt + 2, end));
        this.pos = end + 2;
      } else if (s.startsWith('<!DOCTYPE', lt)) {
        this.skipDoctype(lt, root !== null || stack.length > 0);
      } else if (s.startsWith('</', lt)) {
        this.pos = lt + 2;
        const name = this.readName('the name of the closing tag');
        this.skipSpace();
        if (s[this.pos] !== '>') this.failAt(this.pos, `">" to end the closing tag </${name}`);
        this.pos++;
        const top = stack.pop();
        if (!top) this.failAt(lt, `no closing tag </${name}> here (no element is open)`);
        if (top.name !== name) this.failAt(lt, `</${top.name}> to close <${top.name}> opened at line ${top.line}, column ${top.column}, got </${name}>`);
      } else {
        const el = this.readStartTag(lt, stack[stack.length - 1] ?? null);
        if (!el.parent) {
          if (root) this.failAt(lt, `a single root element; <${root.name}> is already closed`);
          root = el;
        } else el.parent.children.push(el);
        if (!this.selfClosed) {
          // Readers walk the tree recursively: bound the depth here, once, for every XML format.
          if (stack.length >= DEFAULT_LIMITS.maxNesting) this.failAt(lt, `elements nested at most ${DEFAULT_LIMITS.maxNesting} deep (docs/limits.md); <${el.name}> here is nested deeper`);
          stack.push(el);
        }
      }
      textStart = this.pos;
    }
    flushText(s.length);
    if (stack.length) {
      const top = stack[stack.length - 1]!;
      this.failAt(s.length, `</${top.name}> to close <${top.name}> opened at line ${top.line}, column ${top.column} (the file is truncated)`);
    }
    if (!root) this.failAt(s.length, 'an XML element (the document is empty)');
    return root;
  }

  private selfClosed = false;

  private readStartTag(lt: number, parent: XmlElement | null): XmlElement {
    const s = this.s;
    this.pos = lt + 1;
    const name = this.readName('an element name after "<"');
    const attrs: Record<string, string> = Object.create(null) as Record<string, string>;
    for (;;) {
      const hadSpace = this.skipSpace();
      const c = s[this.pos];
      if (c === undefined) this.failAt(this.pos, `">" to end the tag <${name} (the file is truncated)`);
      if (c === '>') {
        this.pos++;
        this.selfClosed = false;
        break;
      }
      if (c === '/') {
        if (s[this.pos + 1] !== '>') this.failAt(this.pos, `"/>" to end the tag <${name}`);
        this.pos += 2;
        this.selfClosed = true;
        break;
      }
      if (!hadSpace) this.failAt(this.pos, `a space before the next attribute of <${name}>`);
      const attrAt = this.pos;
      const attr = this.readName(`an attribute name or ">" in <${name}>`);
      this.skipSpace();
      if (s[this.pos] !== '=') this.failAt(this.pos, `"=" after attribute ${attr} of <${name}>`);
      this.pos++;
      this.skipSpace();
      const q = s[this.pos];
      if (q !== '"' && q !== "'") this.failAt(this.pos, `a quoted value for attribute ${attr} of <${name}>`);
      const end = s.indexOf(q, this.pos + 1);
      if (end < 0) this.failAt(this.pos, `the closing ${q} of attribute ${attr} (the file is truncated)`);
      const raw = s.slice(this.pos + 1, end);
      const bad = raw.indexOf('<');
      if (bad >= 0) this.failAt(this.pos + 1 + bad, `no "<" inside the value of attribute ${attr} (is a quote missing?)`);
      if (Object.prototype.hasOwnProperty.call(attrs, attr)) this.failAt(attrAt, `attribute ${attr} only once in <${name}>`);
      attrs[attr] = this.decodeEntities(raw.replace(/[\t\n\r]/g, ' '), this.pos + 1);
      this.pos = end + 1;
    }
    const [line, column] = this.lineColumn(lt);
    return new XmlElement(name, attrs, line, column, parent);
  }

  private readName(expected: string): string {
    const s = this.s;
    const start = this.pos;
    if (start >= s.length || !NAME_START.test(s[start]!)) this.failAt(start, expected);
    let i = start + 1;
    while (i < s.length && isNameChar(s, i)) i++;
    this.pos = i;
    return s.slice(start, i);
  }

  private skipSpace(): boolean {
    const start = this.pos;
    while (this.pos < this.s.length) {
      const c = this.s.charCodeAt(this.pos);
      if (c !== 32 && c !== 9 && c !== 10 && c !== 13) break;
      this.pos++;
    }
    return this.pos > start;
  }

  private checkDeclaration(at: number, body: string): void {
    if (!/^xml\s/i.test(body)) return;
    const m = /encoding\s*=\s*["']([^"']+)["']/.exec(body);
    if (m && !/^(utf-?8|us-ascii|ascii)$/i.test(m[1]!)) {
      this.failAt(at, `UTF-8 text; the file declares encoding ${quoted(m[1])} — save it as UTF-8`);
    }
  }

  private skipDoctype(at: number, late: boolean): void {
    if (late) this.failAt(at, 'a DOCTYPE only before the root element');
    const s = this.s;
    let i = at + 9;
    while (i < s.length && s[i] !== '>' && s[i] !== '[') i++;
    if (s[i] === '[') this.failAt(i, 'no internal DTD subset (entity declarations are not supported)');
    if (i >= s.length) this.failAt(at, '">" to end the DOCTYPE');
    this.pos = i + 1;
  }

  private decodeEntities(raw: string, offset: number): string {
    if (!raw.includes('&')) return raw;
    return raw.replace(/&([^;&\s<]*);?/g, (whole, body: string, k: number) => {
      if (!whole.endsWith(';')) this.failAt(offset + k, `an entity reference ending in ";" (write a literal "&" as &amp;)`);
      if (body.startsWith('#')) {
        const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
        const valid = /^#(?:[0-9]+|[xX][0-9a-fA-F]+)$/.test(body) && code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
        if (!valid) this.failAt(offset + k, `a valid character reference, got &${body};`);
        return String.fromCodePoint(code);
      }
      const v = PREDEFINED[body];
      if (v === undefined) this.failAt(offset + k, `one of the entities &lt; &gt; &amp; &quot; &apos; or a character reference, got &${body};`);
      return v;
    });
  }

  private lineColumn(offset: number): [number, number] {
    const starts = this.lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return [lo + 1, offset - starts[lo]! + 1];
  }

  private failAt(offset: number, expected: string): never {
    const [line, column] = this.lineColumn(Math.min(offset, this.s.length));
    const end = offset >= this.s.length && !expected.includes('truncated') && !expected.includes('empty') ? ' (the file ends here: truncated?)' : '';
    throw new InputError(this.source, `line ${line}, column ${column}`, `malformed XML: expected ${expected}${end}`);
  }
}

// ── writing ───────────────────────────────────────────────────────────────

/** An element to write: attributes in order (undefined values are left out), then children or text. */
export interface XmlOut {
  readonly name: string;
  readonly attrs?: readonly (readonly [string, string | number | boolean | undefined])[];
  readonly children?: readonly XmlOut[];
  /** Text content; written on its own lines when `block` is set (long layer data). */
  readonly text?: string;
  readonly block?: boolean;
}

export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&${({ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' } as const)[c as '&']};`);
}

/** Serialises with one-space indentation and an XML declaration, as Tiled writes its files. */
export function writeXml(root: XmlOut): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  const write = (el: XmlOut, indent: string) => {
    out.push(indent, '<', el.name);
    for (const [k, v] of el.attrs ?? []) if (v !== undefined) out.push(' ', k, '="', escapeXml(String(v)), '"');
    const kids = el.children ?? [];
    if (!kids.length && el.text === undefined) {
      out.push('/>\n');
      return;
    }
    out.push('>');
    if (el.text !== undefined) {
      if (el.block) out.push('\n', escapeXml(el.text), '\n', indent);
      else out.push(escapeXml(el.text));
    }
    if (kids.length) {
      out.push('\n');
      for (const k of kids) write(k, `${indent} `);
      out.push(indent);
    }
    out.push('</', el.name, '>\n');
  };
  write(root, '');
  return out.join('');
}

// ── reading attributes with errors that name the place ─────────────────────

/** Typed attribute access; every failure is an InputError naming the file, line:column, XPath and what was expected. */
export class XmlReader {
  constructor(readonly source: string) {}

  fail(el: XmlElement, attr: string | undefined, expected: string): never {
    throw new InputError(this.source, el.where(attr), expected);
  }

  string(el: XmlElement, name: string): string {
    const v = el.attr(name);
    if (v === undefined) this.fail(el, name, `expected attribute ${name} on <${el.name}>`);
    return v;
  }

  int(el: XmlElement, name: string, min: number, max: number, fallback?: number): number {
    const v = el.attr(name);
    if (v === undefined) {
      if (fallback !== undefined) return fallback;
      this.fail(el, name, `expected attribute ${name} (an integer ${min}…${max}) on <${el.name}>`);
    }
    const n = /^\s*[-+]?\d+\s*$/.test(v) ? Number(v) : NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) this.fail(el, name, `expected an integer ${min}…${max}, got ${quoted(v, 40)}`);
    return n;
  }

  optInt(el: XmlElement, name: string, min: number, max: number): number | undefined {
    return el.attr(name) === undefined ? undefined : this.int(el, name, min, max);
  }

  number(el: XmlElement, name: string, min: number, max: number, fallback?: number): number {
    const v = el.attr(name);
    if (v === undefined) {
      if (fallback !== undefined) return fallback;
      this.fail(el, name, `expected attribute ${name} (a number ${min}…${max}) on <${el.name}>`);
    }
    const n = v.trim() === '' ? NaN : Number(v);
    if (!Number.isFinite(n) || n < min || n > max) this.fail(el, name, `expected a number ${min}…${max}, got ${quoted(v, 40)}`);
    return n;
  }

  optNumber(el: XmlElement, name: string, min: number, max: number): number | undefined {
    return el.attr(name) === undefined ? undefined : this.number(el, name, min, max);
  }

  oneOf<T extends string>(el: XmlElement, name: string, options: readonly T[], fallback?: T): T {
    const v = el.attr(name);
    if (v === undefined) {
      if (fallback !== undefined) return fallback;
      this.fail(el, name, `expected attribute ${name} (${options.map((o) => JSON.stringify(o)).join(', ')}) on <${el.name}>`);
    }
    if (!(options as readonly string[]).includes(v)) this.fail(el, name, `expected one of ${options.map((o) => JSON.stringify(o)).join(', ')}, got ${quoted(v, 40)}`);
    return v as T;
  }

  /** `root` must be named `name` (a Tiled file is not a Rails file). */
  expectRoot(root: XmlElement, name: string, what: string): void {
    if (root.name !== name) this.fail(root, undefined, `expected ${what} (root element <${name}>), got <${bounded(root.name, 40)}>`);
  }
}
