import { describe, expect, it } from 'vitest';
import { InputError } from './input-error.js';
import { XmlElement, XmlReader, parseXml, writeXml } from './xml.js';
import { errorOf } from '../../test/support/formats.js';

describe('parseXml', () => {
  const doc = `<?xml version="1.0" encoding="UTF-8"?>
<!-- a comment -->
<!DOCTYPE map SYSTEM "http://mapeditor.org/dtd/1.0/map.dtd">
<map a="1" b='two &amp; &lt;3&gt; &#65;&#x42;'>
 <layer name="one"/>
 <layer name="two">
  <data encoding="csv"><![CDATA[1,2,<3>]]> &quot;x&quot; </data>
 </layer>
 <?pi ignored?>
</map>
`;

  it('builds the element tree with attributes, text, CDATA and entities decoded', () => {
    const root = parseXml(doc, 'doc.xml');
    expect(root.name).toBe('map');
    expect(root.attrs).toEqual({ a: '1', b: "two & <3> AB" });
    expect(root.elements('layer').map((l) => l.attr('name'))).toEqual(['one', 'two']);
    const data = root.elements('layer')[1]!.first('data')!;
    expect(data.text).toBe('1,2,<3> "x" ');
    expect(data.attr('encoding')).toBe('csv');
    expect(data.attr('missing')).toBeUndefined();
  });

  it('knows where each element is: line, column and an XPath-like location', () => {
    const root = parseXml(doc, 'doc.xml');
    const data = root.elements('layer')[1]!.first('data')!;
    expect([data.line, data.column]).toEqual([7, 3]);
    expect(data.path).toBe('/map/layer[2]/data');
    expect(root.first('layer')!.path).toBe('/map/layer[1]');
    expect(data.where('encoding')).toBe('line 7, column 3 (/map/layer[2]/data/@encoding)');
  });

  it('numbers same-named siblings in paths, also after children are added or when not among them', () => {
    const root = parseXml('<r><a/><b/><a/></r>', 's');
    const [a1, b, a2] = root.children as [XmlElement, XmlElement, XmlElement];
    expect([a1.path, b.path, a2.path]).toEqual(['/r/a[1]', '/r/b', '/r/a[2]']);
    const b2 = new XmlElement('b', {}, 1, 1, root);
    expect(b2.path).toBe('/r/b'); // not among its parent's children: one "b" there
    root.children.push(b2);
    expect([b.path, b2.path]).toEqual(['/r/b[1]', '/r/b[2]']);
    expect(new XmlElement('a', {}, 1, 1, root).path).toBe('/r/a[0]');
  });

  it('normalises whitespace in attribute values but keeps character references', () => {
    const root = parseXml('<a v="x\ty&#10;z"/>', 's');
    expect(root.attr('v')).toBe('x y\nz');
  });

  it('skips a byte order mark', () => {
    expect(parseXml('\uFEFF<a/>', 's').name).toBe('a');
  });

  const bad: [string, string, RegExp][] = [
    ['truncated inside a tag', '<map a="1"', /line 1, column \d+.*(truncated|closing ")/],
    ['truncated before the end tag', '<map>\n <layer>\n', /line 3, column 1.*<\/layer> to close <layer> opened at line 2, column 2 \(the file is truncated\)/],
    ['mismatched end tag', '<map>\n<layer></map>', /line 2, column 8.*<\/layer> to close <layer>.*got <\/map>/],
    ['duplicate attribute', '<a x="1" x="2"/>', /attribute x only once/],
    ['unknown entity', '<a>&nbsp;</a>', /&lt; &gt; &amp;.*got &nbsp;/],
    ['bare ampersand', '<a>fish & chips</a>', /entity reference ending in ";"/],
    ['entity declarations', '<!DOCTYPE a [<!ENTITY x "y">]><a/>', /no internal DTD subset/],
    ['two roots', '<a/><b/>', /single root element/],
    ['text outside the root', '<a/>junk', /nothing after the root element/],
    ['no quotes', '<a x=1/>', /quoted value for attribute x/],
    ['< in an attribute', '<a x="<"/>', /no "<" inside the value/],
    ['empty document', '   ', /document is empty/],
    ['a non-UTF-8 declaration', '<?xml version="1.0" encoding="UTF-16"?><a/>', /UTF-8 text; the file declares encoding "UTF-16"/],
    ['NUL characters (UTF-16 read as UTF-8)', '<\u0000a\u0000/\u0000>', /NUL characters.*UTF-16/],
    ['an unclosed comment', '<a><!-- x </a>', /comment closed by "-->"/],
    ['a bad character reference', '<a>&#xD800;</a>', /valid character reference/],
  ];
  for (const [what, text, message] of bad) {
    it(`rejects ${what} with file, line:column and what was expected`, () => {
      const e = errorOf(() => parseXml(text, 'bad.xml'));
      expect(e).toBeInstanceOf(InputError);
      expect(e.message).toMatch(/^bad\.xml: line \d+, column \d+: malformed XML: expected /);
      expect(e.message).toMatch(message);
    });
  }
});

describe('XmlReader', () => {
  const root = parseXml('<m w="12" f="1.5" o="x" bad="1e3x"/>', 'r.xml');
  const r = new XmlReader('r.xml');

  it('reads typed attributes with defaults', () => {
    expect(r.int(root, 'w', 0, 100)).toBe(12);
    expect(r.int(root, 'absent', 0, 100, 7)).toBe(7);
    expect(r.number(root, 'f', 0, 2)).toBe(1.5);
    expect(r.oneOf(root, 'o', ['x', 'y'] as const)).toBe('x');
    expect(r.optInt(root, 'absent', 0, 1)).toBeUndefined();
  });

  it('names the attribute and the expectation when a value is wrong', () => {
    expect(() => r.int(root, 'w', 0, 10)).toThrow('r.xml: line 1, column 1 (/m/@w): expected an integer 0…10, got "12"');
    expect(() => r.int(root, 'bad', 0, 10)).toThrow(/expected an integer 0…10, got "1e3x"/);
    expect(() => r.string(root, 'name')).toThrow('r.xml: line 1, column 1 (/m/@name): expected attribute name on <m>');
    expect(() => r.oneOf(root, 'o', ['y', 'z'] as const)).toThrow(/expected one of "y", "z", got "x"/);
    expect(() => r.expectRoot(root, 'map', 'a Tiled map')).toThrow(/expected a Tiled map \(root element <map>\), got <m>/);
  });
});

describe('writeXml', () => {
  it('writes what parseXml reads back, escaping special characters', () => {
    const text = writeXml({
      name: 'map',
      attrs: [
        ['name', 'a "quoted" <name> & \'more\''],
        ['skip', undefined],
        ['n', 3],
      ],
      children: [{ name: 'data', attrs: [['encoding', 'csv']], text: '1,2,\n3,4', block: true }, { name: 'empty' }],
    });
    expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<map ')).toBe(true);
    const root = parseXml(text, 'w');
    expect(root.attrs).toEqual({ name: 'a "quoted" <name> & \'more\'', n: '3' });
    expect(root.first('data')!.text.trim()).toBe('1,2,\n3,4');
    expect(root.first('empty')!.children).toEqual([]);
  });
});
