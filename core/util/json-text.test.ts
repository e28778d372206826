import { describe, expect, it } from 'vitest';
import { parseJsonText } from './json-text.js';

describe('parseJsonText', () => {
  it('parses valid JSON', () => {
    expect(parseJsonText('{"a":[1,2,{"b":null}]}', 'x.json')).toEqual({ a: [1, 2, { b: null }] });
  });

  const bad: [string, string][] = [
    ['{\n  "a": }', 'x.json: line 2, column 8: malformed JSON: expected a value (object, array, string, number, true, false or null), got "}"'],
    ['{"a": 1', 'x.json: line 1, column 8: malformed JSON: expected "," or "}" after a property value (the text ends here: truncated?)'],
    ['[1,2,,3]', 'x.json: line 1, column 6: malformed JSON: expected a value (object, array, string, number, true, false or null), got ","'],
    ['{"a" 1}', 'x.json: line 1, column 6: malformed JSON: expected ":" after the property name, got "1"'],
    ['', 'x.json: line 1, column 1: malformed JSON: expected a value (object, array, string, number, true, false or null) (the text ends here: truncated?)'],
    ['{"layers": [1, 2]}\n}', 'x.json: line 2, column 1: malformed JSON: expected the end of the text after the JSON value, got "}"'],
    ['{"a": "unterminated', 'x.json: line 1, column 20: malformed JSON: expected a closing double quote (the text ends here: truncated?)'],
    ["{'a': 1}", 'x.json: line 1, column 2: malformed JSON: expected a property name in double quotes, got "\'"'],
  ];
  for (const [text, message] of bad) {
    it(`locates the error in ${JSON.stringify(text)}`, () => {
      expect(() => parseJsonText(text, 'x.json')).toThrow(message);
    });
  }

  it('names the nesting limit on text nested deeper than 5000 levels (it did not run out of stack first)', () => {
    expect(() => parseJsonText('['.repeat(6000), 'x.json')).toThrow('x.json: line 1, column 5002: malformed JSON: expected less deeply nested data, got "["');
  });
});
