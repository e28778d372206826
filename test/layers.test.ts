/**
 * The layer rules (STYLE.md): core/ is the pure engine. These tests prove the lint rule and
 * the type-check settings that enforce it are really in force, so weakening them fails CI.
 */
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { readFileSync } from 'node:fs';
import ts from 'typescript';

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

  it('keeps the renderer off Node and Electron', async () => {
    for (const line of ["import { readFileSync } from 'node:fs';", "import { ipcRenderer } from 'electron';", "import { AppServices } from '../../node/services/app-services.js';"]) {
      const messages = await lintCore(`${line}\nexport const z = 1;\n`, 'renderer/src/lib/fixture.ts');
      expect(messages.some((m) => m.startsWith('no-restricted-imports')), line).toBe(true);
    }
    expect(await lintCore("import { OPERATIONS } from '../../../electron/shared/contract.js';\nexport const o = OPERATIONS;\n", 'renderer/src/lib/fixture.ts')).toEqual([]);
  });

  it('keeps the shared contract pure', async () => {
    for (const line of ["import { readFileSync } from 'node:fs';", "import { ipcMain } from 'electron';", "import { x } from '../main/ipc.js';"]) {
      const messages = await lintCore(`${line}\nexport const z = 1;\n`, 'electron/shared/fixture.ts');
      expect(messages.some((m) => m.startsWith('no-restricted-imports')), line).toBe(true);
    }
  });

  it('keeps node/ free of Electron, the page and the CLI', async () => {
    for (const line of ["import { app } from 'electron';", "import * as THREE from 'three';", "import { x } from '../../electron/main/ipc.js';", "import { y } from '../../cli/main.js';", "import { z } from '../../renderer/src/lib/api.js';", "import { b } from '../../electron/browser/start.js';"]) {
      const messages = await lintCore(`${line}\nexport const z = 1;\n`, 'node/services/fixture.ts');
      expect(messages.some((m) => m.startsWith('no-restricted-imports')), line).toBe(true);
    }
    expect(await lintCore("import { readFileSync } from 'node:fs';\nimport { OPERATIONS } from '../../electron/shared/contract.js';\nimport { createGrid } from '../../core/grid/create.js';\nexport const o = [OPERATIONS, readFileSync, createGrid];\n", 'node/services/fixture.ts')).toEqual([]);
  });

  it('keeps cli/ out of the Electron app', async () => {
    for (const line of ["import { app } from 'electron';", "import { x } from '../electron/main/ipc.js';", "import { b } from '../electron/browser/start.js';", "import { y } from '../renderer/src/lib/api.js';"]) {
      const messages = await lintCore(`${line}\nexport const z = 1;\n`, 'cli/fixture.ts');
      expect(messages.some((m) => m.startsWith('no-restricted-imports')), line).toBe(true);
    }
    expect(await lintCore("import { openLibrary } from '../node/store/index.js';\nexport const o = openLibrary;\n", 'cli/fixture.ts')).toEqual([]);
  });

  it('keeps the preload to electron and the contract', async () => {
    for (const line of ["import { readFileSync } from 'node:fs';", "import { createGrid } from '../../core/grid/create.js';", "import { x } from '../main/ipc.js';", "import { s } from '../../node/services/app-services.js';"]) {
      const messages = await lintCore(`${line}\nexport const z = 1;\n`, 'electron/preload/fixture.ts');
      expect(messages.some((m) => m.startsWith('no-restricted-imports')), line).toBe(true);
    }
    expect(await lintCore("import { contextBridge } from 'electron';\nimport { OPERATIONS } from '../shared/contract.js';\nexport const o = [OPERATIONS, contextBridge];\n", 'electron/preload/fixture.ts')).toEqual([]);
  });

  it('keeps browser mode off Electron and the main process', async () => {
    for (const line of ["import { app } from 'electron';", "import { x } from '../main/ipc.js';", "import { y } from '../preload/index.js';"]) {
      const messages = await lintCore(`${line}\nexport const z = 1;\n`, 'electron/browser/fixture.ts');
      expect(messages.some((m) => m.startsWith('no-restricted-imports')), line).toBe(true);
    }
    expect(await lintCore("import { AppServices } from '../../node/services/app-services.js';\nexport const o = AppServices;\n", 'electron/browser/fixture.ts')).toEqual([]);
  });

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
