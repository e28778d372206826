/**
 * The layer rules (STYLE.md): core/ is the pure engine. These tests prove the lint rule and
 * the type-check settings that enforce it are really in force, so weakening them fails CI.
 */
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { coreImportGraph, floorPlan, floorPlanViolations, importCircles } from './floor-plan.js';

const eslint = new ESLint({ cwd: process.cwd() });

async function lintCore(code: string, file = 'core/grid/fixture.ts'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('core/ layering', () => {
  const forbidden = [
    "import { readFileSync } from 'node:fs';",
    "import fs from 'fs';",
    "import { app } from 'electron';",
    "import * as THREE from 'three';",
    "import { mount } from 'svelte';",
    "import { x } from '../../node/store/library.js';",
    "import { y } from '../../renderer/src/App.js';",
    "import Database from 'better-sqlite3';",
  ];
  for (const line of forbidden) {
    it(`rejects ${line}`, async () => {
      const messages = await lintCore(`${line}\nexport const z = 1;\n`);
      expect(messages.some((m) => m.startsWith('no-restricted-imports'))).toBe(true);
    });
  }

  it('allows core-internal imports', async () => {
    const messages = await lintCore("import type { Grid } from './types.js';\nexport type G = Grid;\n");
    expect(messages).toEqual([]);
  });

  it('does not restrict the Node side', async () => {
    const messages = await lintCore("import { readFileSync } from 'node:fs';\nexport const f = readFileSync;\n", 'cli/fixture.ts');
    expect(messages).toEqual([]);
  });

  /** Each layer outside core: a fixture file in it, imports it must refuse, and one it may make (`allowed`). */
  const layers: { name: string; file: string; banned: string[]; allowed?: string }[] = [
    {
      name: 'keeps the renderer off Node and Electron',
      file: 'renderer/src/lib/fixture.ts',
      banned: ["import { readFileSync } from 'node:fs';", "import { ipcRenderer } from 'electron';", "import { AppServices } from '../../node/services/app-services.js';"],
      allowed: "import { OPERATIONS } from '../../../contract/contract.js';\nexport const o = OPERATIONS;\n",
    },
    {
      name: 'keeps Svelte components off Node and Electron',
      file: 'renderer/src/components/Fixture.svelte',
      banned: [
        "<script lang=\"ts\">\n  import { readFileSync } from 'node:fs';\n  const f = readFileSync;\n</script>\n<p>{f}</p>\n",
        "<script lang=\"ts\">\n  import { ipcRenderer } from 'electron';\n  const f = ipcRenderer;\n</script>\n<p>{f}</p>\n",
        "<script lang=\"ts\">\n  import { AppServices } from '../../../node/services/app-services.js';\n  const f = AppServices;\n</script>\n<p>{f}</p>\n",
      ],
      allowed: "<script lang=\"ts\">\n  import type { OperationName } from '../../../contract/contract.js';\n  import { createGrid } from '../../../core/grid/create.js';\n  let { name }: { name: OperationName } = $props();\n  const g = createGrid;\n</script>\n<p>{name}{g}</p>\n",
    },
    {
      name: 'keeps the contract as pure as core/',
      file: 'contract/operations/fixture.ts',
      banned: [
        "import { readFileSync } from 'node:fs';",
        "import { ipcMain } from 'electron';",
        "import * as THREE from 'three';",
        "import { x } from '../../node/store/writer-lock.js';",
        "import { x } from '../../electron/main/ipc.js';",
        "import { x } from '../../electron/shared/csp.js';",
        "import { x } from '../../renderer/src/lib/api.js';",
        "import { x } from '../../cli/main.js';",
      ],
      allowed: "import { s } from '../schema.js';\nimport { GRID_KINDS } from '../../core/grid/types.js';\nexport const o = [s, GRID_KINDS];\n",
    },
    {
      name: 'keeps electron/shared pure',
      file: 'electron/shared/fixture.ts',
      banned: ["import { readFileSync } from 'node:fs';", "import { ipcMain } from 'electron';", "import { x } from '../main/ipc.js';"],
    },
    {
      name: 'keeps the main process off the page, the CLI, the preload and browser mode',
      file: 'electron/main/fixture.ts',
      banned: [
        "import { y } from '../../renderer/src/lib/api.js';",
        "import { y } from '../../cli/main.js';",
        "import { y } from '../preload/index.js';",
        "import { y } from '../browser/server.js';",
        "import { y } from '../../electron/browser/server.js';",
      ],
      allowed:
        "import { app } from 'electron';\nimport { readFileSync } from 'node:fs';\nimport { OPERATIONS } from '../../contract/contract.js';\nimport { createGrid } from '../../core/grid/create.js';\nimport { AppServices } from '../../node/services/app-services.js';\nimport { CONTENT_SECURITY_POLICY } from '../shared/csp.js';\nexport const o = [app, readFileSync, OPERATIONS, createGrid, AppServices, CONTENT_SECURITY_POLICY];\n",
    },
    {
      name: 'keeps node/ free of Electron, the page and the CLI',
      file: 'node/services/fixture.ts',
      banned: [
        "import { app } from 'electron';",
        "import * as THREE from 'three';",
        "import { x } from '../../electron/main/ipc.js';",
        "import { y } from '../../cli/main.js';",
        "import { z } from '../../renderer/src/lib/api.js';",
        "import { b } from '../../electron/browser/start.js';",
        "import { c } from '../../electron/shared/csp.js';",
      ],
      allowed: "import { readFileSync } from 'node:fs';\nimport { OPERATIONS } from '../../contract/contract.js';\nimport { createGrid } from '../../core/grid/create.js';\nexport const o = [OPERATIONS, readFileSync, createGrid];\n",
    },
    {
      name: 'keeps cli/ out of the Electron app',
      file: 'cli/fixture.ts',
      banned: ["import { app } from 'electron';", "import { x } from '../electron/main/ipc.js';", "import { b } from '../electron/browser/start.js';", "import { y } from '../renderer/src/lib/api.js';"],
      allowed: "import { openLibrary } from '../node/store/index.js';\nexport const o = openLibrary;\n",
    },
    {
      name: 'keeps the preload to electron and the contract',
      file: 'electron/preload/fixture.ts',
      banned: ["import { readFileSync } from 'node:fs';", "import { createGrid } from '../../core/grid/create.js';", "import { x } from '../main/ipc.js';", "import { s } from '../../node/services/app-services.js';"],
      allowed: "import { contextBridge } from 'electron';\nimport { OPERATIONS } from '../../contract/contract.js';\nexport const o = [OPERATIONS, contextBridge];\n",
    },
    {
      name: 'keeps browser mode off Electron and the main process',
      file: 'electron/browser/fixture.ts',
      banned: ["import { app } from 'electron';", "import { x } from '../main/ipc.js';", "import { y } from '../preload/index.js';"],
      allowed: "import { AppServices } from '../../node/services/app-services.js';\nexport const o = AppServices;\n",
    },
  ];
  for (const { name, file, banned, allowed } of layers) {
    it(name, async () => {
      for (const line of banned) {
        const messages = await lintCore(file.endsWith('.svelte') ? line : `${line}\nexport const z = 1;\n`, file);
        expect(messages.some((m) => m.startsWith('no-restricted-imports')), line).toBe(true);
      }
      if (allowed !== undefined) expect(await lintCore(allowed, file)).toEqual([]);
    });
  }

  it('type-checks core/ without DOM or Node types', () => {
    const config = JSON.parse(readFileSync('core/tsconfig.json', 'utf8'));
    expect(config.compilerOptions.lib).toEqual(['ES2022']);
    expect(config.compilerOptions.types).toEqual([]);
    // And the compiler really rejects a DOM or Node global under those settings.
    const host = ts.createCompilerHost({});
    const source = 'export const a = document.title; export const b = process.argv;';
    const original = host.getSourceFile;
    host.getSourceFile = (name, lang) => (name === 'fixture.ts' ? ts.createSourceFile(name, source, lang) : original.call(host, name, lang));
    const program = ts.createProgram(['fixture.ts'], { lib: ['lib.es2022.d.ts'], types: [], noEmit: true, strict: true }, host);
    const errors = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(errors.some((e) => e.includes("Cannot find name 'document'"))).toBe(true);
    expect(errors.some((e) => e.includes("Cannot find name 'process'"))).toBe(true);
  });
});

describe("core's floor plan (core/README.md)", () => {
  const plan = floorPlan();

  it('names every core folder exactly once', () => {
    const folders = readdirSync('core', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect(plan.flat().sort()).toEqual(folders);
  });

  it('ESLint refuses an import up the plan, across one level, and into an unnamed folder; allows one down', async () => {
    const rule = 'sandtable/core-floor-plan';
    const up = await lintCore("import type { TerrainMap } from '../map/terrain-map.js';\nexport type T = TerrainMap;\n", 'core/grid/fixture.ts');
    expect(up.some((m) => m.startsWith(rule) && m.includes('stands above it'))).toBe(true);
    const across = await lintCore("import { x } from '../vector/types.js';\nexport const y = x;\n", 'core/sight/fixture.ts');
    expect(across.some((m) => m.startsWith(rule) && m.includes('one level'))).toBe(true);
    const nested = await lintCore("export { y } from '../../render/palette.js';\n", 'core/formats/tiled/fixture.ts');
    expect(nested.some((m) => m.startsWith(rule))).toBe(true);
    const unnamed = await lintCore("import { z } from '../newfolder/z.js';\nexport const w = z;\n", 'core/map/fixture.ts');
    expect(unnamed.some((m) => m.startsWith(rule) && m.includes('not on the floor plan'))).toBe(true);
    expect(await lintCore("import type { Grid } from '../grid/types.js';\nexport type G = Grid;\n", 'core/map/fixture.ts')).toEqual([]);
  });

  it('holds on every import of core today, and the check finds a deliberate wrong one', () => {
    expect(floorPlanViolations(coreImportGraph())).toEqual([]);
    const sources = new Map([
      ['core/grid/a.ts', "import { b } from '../alform/b.js';\nexport const a = b;\n"],
      ['core/alform/b.ts', "import type { Grid } from '../grid/types.js';\nexport const b = 1;\n"],
    ]);
    const wrong = floorPlanViolations(coreImportGraph('.', sources));
    expect(wrong).toHaveLength(1);
    expect(wrong[0]).toContain('core/grid/a.ts → core/alform/b.ts');
  });

  it('has no import circles in core, and the check finds a deliberate one (type-only imports count)', () => {
    expect(importCircles(coreImportGraph())).toEqual([]);
    const sources = new Map([
      ['core/map/a.ts', "import type { B } from './b.js';\nexport type A = B;\n"],
      ['core/map/b.ts', "import { c } from './c.js';\nexport type B = number;\nexport const d = c;\n"],
      ['core/map/c.ts', "export const c = import('./a.js');\n"],
      ['core/map/e.ts', "import { d } from './b.js';\nexport const e = d;\n"],
    ]);
    expect(importCircles(coreImportGraph('.', sources))).toEqual([['core/map/a.ts', 'core/map/b.ts', 'core/map/c.ts']]);
  });
});
