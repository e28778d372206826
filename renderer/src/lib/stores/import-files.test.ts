import { describe, expect, it } from 'vitest';
import { splitImportFiles } from './open-map.svelte.js';

const f = (name: string) => ({ name });

describe('choosing files to import in the browser (issue 14)', () => {
  it('takes one map and its tilesets', () => {
    expect(splitImportFiles([f('desert.tsx'), f('desert.tmx')])).toEqual({ map: f('desert.tmx'), tilesets: [f('desert.tsx')] });
    expect(splitImportFiles([f('m.map')])).toEqual({ map: f('m.map'), tilesets: [] });
  });

  it('says what is wrong with the choice', () => {
    expect(splitImportFiles([f('a.tsx')]).problem).toBe('Choose a map file (.tmx, .tmj, .map or .json), with its tilesets (.tsx, .tsj) if it has external ones');
    expect(splitImportFiles([f('a.tmx'), f('b.tmx')]).problem).toBe('Choose one map at a time (with its tilesets); you chose 2: a.tmx, b.tmx');
    expect(splitImportFiles([f('a.tmx'), f('a.png')]).problem).toBe('Only a map and its tilesets (.tsx, .tsj) can be imported together; not a.png');
  });
});
