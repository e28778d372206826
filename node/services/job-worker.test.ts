import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** The files a module loads when it is evaluated: its static value imports (not types, not import()), transitively. */
function loadedFiles(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    for (const node of source.statements) {
      let spec: string | undefined;
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const clause = node.importClause;
        const typeOnly =
          clause !== undefined &&
          (clause.isTypeOnly || (clause.name === undefined && clause.namedBindings !== undefined && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.every((e) => e.isTypeOnly)));
        if (!typeOnly) spec = node.moduleSpecifier.text;
      } else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        spec = node.moduleSpecifier.text;
      }
      if (spec === undefined || !spec.startsWith('.') || spec.endsWith('.json')) continue;
      visit(path.normalize(path.join(path.dirname(file), spec)).replace(/\.js$/, '.ts'));
    }
  };
  visit(entry);
  return seen;
}

describe('a job worker loads only its own task', () => {
  // A worker starts per job; what its entry loads is paid by every job (issue 30: a derivation
  // through the services went over its 1 s target with the importers loaded for nothing).
  it('the worker entry loads no task statically; each kind imports its task when it runs', () => {
    const files = loadedFiles('node/services/job-worker.ts');
    for (const task of ['job-tasks', 'derive-task', 'assemble-task', 'tile-import-task']) expect(files.has(`node/services/${task}.ts`), task).toBe(false);
    expect(files.size).toBeLessThan(40);
  });

  it('a derivation loads core/derive and not the importers, the assembler or the file formats', () => {
    const files = [...loadedFiles('node/services/derive-task.ts')];
    expect(files).toContain('core/derive/derive.ts');
    const strays = files.filter((f) => f.startsWith('core/formats/') || f.startsWith('node/formats/') || f.startsWith('core/assemble/') || /(job-tasks|assemble-task|tile-import-task)\.ts$/.test(f));
    expect(strays).toEqual([]);
  });
});
