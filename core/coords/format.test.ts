import { describe, expect, it } from 'vitest';
import { formatCoord, formatLatLon } from './format.js';

describe('coordinates as people read them', () => {
  it('writes latitude and longitude with three decimals and hemisphere letters', () => {
    expect(formatLatLon(48.13743, 11.57549)).toBe('48.137° N, 11.575° E');
    expect(formatLatLon(-33.8688, -151.2093)).toBe('33.869° S, 151.209° W');
    expect(formatLatLon(-0.0001, 0)).toBe('0.000° N, 0.000° E');
    expect(formatLatLon(10, 20, 1)).toBe('10.0° N, 20.0° E');
  });

  it('writes tuples with a real minus sign, and latlon through formatLatLon', () => {
    expect(formatCoord('axial120', [3, -2])).toBe('(3, −2)');
    expect(formatCoord('latlon', [-12.5, 170.25])).toBe('12.500° S, 170.250° E');
  });
});
