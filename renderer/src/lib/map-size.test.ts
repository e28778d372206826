import { describe, expect, it } from 'vitest';
import { orientationLabel, resizeFields, resizeTarget, sizeLabel, sizeUnit } from './map-size.js';

const alform = { kind: 'hex-rectangle', size: '119x79', alform: true };

describe('map sizes where designers read and type them (issue 30)', () => {
  it('a 60×40 AL-FORM hex map reads 60x40 hexes, not its 119x79 grid', () => {
    expect(sizeLabel(alform)).toBe('60x40 hexes');
    expect(sizeLabel({ kind: 'square', size: '6x6', alform: false })).toBe('6x6 squares');
    expect(sizeLabel({ kind: 'hex-hexagon', size: '9', alform: true })).toBe('5 hexes across');
    expect(sizeLabel({ kind: 'hex-rectangle', size: '8x6', alform: true })).toBe('4x3 hexes'); // both axes wrap (2M)
    expect(sizeLabel({ kind: 'hex-rectangle', size: '6x6', alform: true })).toBe('6x6 tiles'); // no AL-FORM size: the grid's own
    expect(sizeUnit(alform)).toBe('hexes');
  });

  it('Resize starts from the size in hexes and takes 64 as 64 hexes (a 127-tile grid), not "width must be odd"', () => {
    expect(resizeFields(alform)).toEqual({ width: 60, height: 40 });
    expect(resizeTarget(alform, 64, 40)).toEqual({ size: '127x79' });
    expect(resizeTarget(alform, 60, 40)).toEqual({ size: '119x79' });
    expect(resizeTarget({ kind: 'square', size: '6x6', alform: false }, 8, 7)).toEqual({ size: '8x7' });
    expect(resizeTarget({ kind: 'hex-hexagon', size: '9', alform: true }, 7, 7)).toEqual({ size: '13' });
    // A refusal speaks of what was typed.
    const bad = resizeTarget(alform, 0, 40);
    expect('error' in bad && bad.error).toMatch(/width/);
    expect('error' in bad && bad.error).not.toMatch(/odd|2M/);
  });
});

describe('pointy-top maps: hexes across × rows (issue 30)', () => {
  // 20 hexes across, 14 rows: the grid holds 14 columns (the rows) of 20.
  const pointy = { kind: 'hex-rectangle', size: '14x20', alform: false, orientation: 'pointy' as const };

  it('reads and resizes as hexes across × rows, and says pointy-topped', () => {
    expect(sizeLabel(pointy)).toBe('20x14 hexes');
    expect(resizeFields(pointy)).toEqual({ width: 20, height: 14 });
    expect(resizeTarget(pointy, 25, 14)).toEqual({ size: '14x25' });
    expect(sizeLabel({ ...pointy, size: '27x39', alform: true })).toBe('20x14 hexes');
    expect(orientationLabel(pointy)).toBe('pointy-topped');
    expect(orientationLabel({ kind: 'hex-hexagon' })).toBe('flat-topped');
    expect(orientationLabel({ kind: 'square' })).toBeNull();
  });
});
