import { describe, expect, it } from 'vitest';
import { oneLineMessage, sourcedMessage } from './one-line.js';
import { InputError } from './input-error.js';

describe('one-line errors', () => {
  it('joins the lines of a message with single spaces', () => {
    expect(oneLineMessage(new Error('map.json: line 3:\n   expected a number\n'))).toBe('map.json: line 3: expected a number');
    expect(oneLineMessage('plain text')).toBe('plain text');
    expect(oneLineMessage(new Error(''))).toBe('unknown error');
  });

  it('names the source once', () => {
    expect(sourcedMessage('maps.paint', new Error('tile 2,2 is an area tile'))).toBe('maps.paint: tile 2,2 is an area tile');
    expect(sourcedMessage('maps.derive', new InputError('maps.derive', 'tiles[1]', 'tile 4,4 is selected twice'))).toBe('maps.derive: tiles[1]: tile 4,4 is selected twice');
  });
});
