/**
 * The Electron fuses of the packaged app (electron-builder.yml `electronFuses`). The
 * Electron binary is not installed where tests run, so the test reads the packaging config:
 * every fuse the hardening needs is there with the right value, and every key is one that
 * electron-builder's own schema knows (a misspelt key would be dropped silently).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The `electronFuses:` block of the YAML as key → boolean (flat `key: true|false` lines only). */
function readFuses(yaml: string): Record<string, boolean> {
  const lines = yaml.split(/\r?\n/);
  const start = lines.findIndex((l) => /^electronFuses:\s*$/.test(l));
  if (start < 0) throw new Error('electron-builder.yml has no top-level electronFuses section');
  const out: Record<string, boolean> = {};
  for (const line of lines.slice(start + 1)) {
    if (/^\S/.test(line)) break;
    const m = /^\s+([A-Za-z]+):\s*(true|false)\s*(#.*)?$/.exec(line);
    if (m) out[m[1]!] = m[2] === 'true';
    else if (line.trim() && !line.trim().startsWith('#')) throw new Error(`unexpected line in electronFuses: ${line}`);
  }
  return out;
}

describe('Electron fuses in the packaging config', () => {
  const fuses = readFuses(readFileSync(`${ROOT}/electron-builder.yml`, 'utf8'));

  it('turns off Node entry points and turns on asar-only loading, integrity and cookie encryption', () => {
    expect(fuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it("uses only keys electron-builder's schema knows", () => {
    const require = createRequire(import.meta.url);
    const schema = JSON.parse(readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8')) as {
      properties: Record<string, unknown>;
      definitions: { FuseOptionsV1: { properties: Record<string, unknown> } };
    };
    expect(schema.properties).toHaveProperty('electronFuses');
    const known = Object.keys(schema.definitions.FuseOptionsV1.properties);
    for (const key of Object.keys(fuses)) expect(known, key).toContain(key);
  });
});
