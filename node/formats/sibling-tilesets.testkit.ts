/**
 * A Tiled project laid out as designers keep them (issue 24): `maps/valley.tmx` refers to
 * `../tilesets/terrain.tsx`. The tests of every door (formats, services, browser mode, CLI,
 * trust) import it.
 */
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SiblingTilesets {
  /** `<root>/maps/valley.tmx`. */
  map: string;
  /** The real path of `<root>/tilesets`: the folder an app door asks to read. */
  tilesets: string;
}

/** Writes the map (3×2 tiles of a four-tile tileset) and its tileset under `root`. */
export function writeSiblingTilesets(root: string): SiblingTilesets {
  mkdirSync(join(root, 'maps'), { recursive: true });
  mkdirSync(join(root, 'tilesets'), { recursive: true });
  writeFileSync(
    join(root, 'tilesets', 'terrain.tsx'),
    `<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" name="terrain" tilewidth="16" tileheight="16" tilecount="4" columns="4">
 <image source="terrain.png" width="64" height="16"/>
 <tile id="0"><properties><property name="terrain" value="grass"/></properties></tile>
 <tile id="1"><properties><property name="terrain" value="water"/></properties></tile>
</tileset>
`,
  );
  const map = join(root, 'maps', 'valley.tmx');
  writeFileSync(
    map,
    `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="3" height="2" tilewidth="16" tileheight="16" infinite="0">
 <tileset firstgid="1" source="../tilesets/terrain.tsx"/>
 <layer id="1" name="Ground" width="3" height="2"><data encoding="csv">1,1,2,
2,3,4</data></layer>
</map>
`,
  );
  return { map, tilesets: realpathSync(join(root, 'tilesets')) };
}
