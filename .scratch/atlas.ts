import { encode } from 'fast-png';
import { writeFileSync } from 'node:fs';
import { symbolAtlas } from '../core/render/symbol-atlas.js';
const a = symbolAtlas(128);
// on a tan background to see it
const px = new Uint8Array(a.pixels.length);
for (let i = 0; i < a.pixels.length; i += 4) { const al = a.pixels[i+3]! / 255; px[i] = 200*(1-al) + 40*al; px[i+1] = 180*(1-al)+40*al; px[i+2] = 130*(1-al)+40*al; px[i+3] = 255; }
writeFileSync('/tmp/atlas.png', encode({ width: a.width, height: a.height, data: px, channels: 4 }));
