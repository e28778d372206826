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
    "import { x } from '../../electron/main/store/library.js';",
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
    for (const line of ["import { readFileSync } from 'node:fs';", "import { ipcRenderer } from 'electron';", "import { AppServices } from '../../electron/main/services/app-services.js';"]) {
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
