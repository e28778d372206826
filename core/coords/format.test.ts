import { describe, expect, it } from 'vitest';
import { formatCoord, formatGlobePoint, formatLatLon } from './format.js';

describe('coordinates as people read them', () => {
  it('writes latitude and longitude with three decimals and hemisphere letters', () => {
    expect(formatLatLon(48.13743, 11.57549)).toBe('48.137° N, 11.575° E');
    expect(formatLatLon(-33.8688, -151.2093)).toBe('33.869° S, 151.209° W');
    expect(formatLatLon(-0.0001, 0)).toBe('0.000° N, 0.000° E');
    expect(formatLatLon(10, 20, 1)).toBe('10.0° N, 20.0° E');
  });

  it('writes tuples with a real minus sign, the globe grid ring and position as lat/lon', () => {
    expect(formatCoord('axial120', [3, -2])).toBe('(3, −2)');
    expect(formatCoord('latlon', [5, 2])).toBe('lat 5, lon 2');
  });

  it('gives a globe point in degrees: z north, longitude 0 along +x', () => {
    expect(formatGlobePoint([1, 0, 0])).toBe('0.000° N, 0.000° E');
    expect(formatGlobePoint([0, -2, 0])).toBe('0.000° N, 90.000° W');
    const lat = (48.137 * Math.PI) / 180;
    const lon = (11.575 * Math.PI) / 180;
    expect(formatGlobePoint([Math.cos(lat) * Math.cos(lon), Math.cos(lat) * Math.sin(lon), Math.sin(lat)])).toBe('48.137° N, 11.575° E');
  });
});
