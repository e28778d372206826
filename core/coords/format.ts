/**
 * Coordinates as people read them (status bar, analysis panel, dialogs): our own systems'
 * tuples with a real minus sign, "(3, −2)" (the globe grid's `latlon` system is a ring and a
 * position on it, "lat 5, lon 2"), and geographic latitude / longitude of a point on the globe
 * in decimal degrees with hemisphere letters, "48.137° N, 11.575° E" — three decimals, about
 * 100 m on Earth, finer than any globe tile the app makes. Axes: the globe's z is north
 * (core/grid/icosahedron/embedding.ts), longitude 0 along +x.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

const DEG = 180 / Math.PI;

/** Longitude and latitude (degrees) of a 3D point, written to out[o], out[o + 1] (typed arrays in hot loops). */
export function toLonLat(x: number, y: number, z: number, out: Float64Array | number[], o = 0): void {
  const r = Math.hypot(x, y, z);
  out[o] = Math.atan2(y, x) * DEG;
  out[o + 1] = Math.asin(Math.max(-1, Math.min(1, z / r))) * DEG;
}

/** "48.137° N, 11.575° E" for a point on (or off) the globe's sphere. */
export function formatGlobePoint(p: readonly number[]): string {
  const out = [0, 0];
  toLonLat(p[0]!, p[1]!, p[2]!, out);
  return formatLatLon(out[1]!, out[0]!);
}

/** Decimals of a latitude or longitude as shown. */
export const LATLON_DECIMALS = 3;

/** "48.137° N, 11.575° E"; −0 and values that round to 0 print without a hemisphere flip ("0.000° N"). */
export function formatLatLon(lat: number, lon: number, decimals = LATLON_DECIMALS): string {
  const part = (v: number, pos: string, neg: string): string => {
    const text = Math.abs(v).toFixed(decimals);
    return `${text}° ${v < 0 && Number(text) !== 0 ? neg : pos}`;
  };
  return `${part(lat, 'N', 'S')}, ${part(lon, 'E', 'W')}`;
}

/** "(3, −2)" with a real minus sign; the globe grid's ring and position (system `latlon`) as "lat 5, lon 2". */
export function formatCoord(system: string, coord: readonly number[]): string {
  const n = (v: number) => (v < 0 ? `−${-v}` : String(v));
  if (system === 'latlon') return `lat ${n(coord[0]!)}, lon ${n(coord[1]!)}`;
  return `(${coord.map(n).join(', ')})`;
}
