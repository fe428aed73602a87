import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { embeddedIssuerKey, embeddedJwtSecret, loadConfig } from '../src/config';
import { sniffImageType } from '../src/images';
import { newCertificateCode } from '../src/certificate-code';
import { snippetOf } from '../src/sanitize';

describe('image type by bytes', () => {
  const bytes = (...b: number[]) => new Uint8Array([...b, ...new Array(16).fill(0)]);
  it('recognises PNG, JPEG, GIF and WEBP signatures and nothing else', () => {
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffImageType(new TextEncoder().encode('GIF89a......'))).toBe('image/gif');
    expect(sniffImageType(new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});

describe('job description snippet', () => {
  it('is plain text, whitespace collapsed, cut at 150 characters with an ellipsis', () => {
    expect(snippetOf('<p>Hello&nbsp;<b>world</b></p><p>Next &amp; more</p>')).toBe('Hello world Next & more');
    const long = snippetOf(`<p>${'word '.repeat(60)}</p>`);
    expect(long.length).toBeLessThanOrEqual(151);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('certificate codes', () => {
  it('carry at least 10 random characters from an unambiguous alphabet', () => {
    const code = newCertificateCode();
    expect(code.replace(/^BTLS-|-/g, '')).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(new Set(Array.from({ length: 200 }, newCertificateCode)).size).toBe(200);
  });
});

describe('configuration', () => {
  it('requires JWT_SECRET with DATABASE_URL, and both admin variables together', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://x' })).toThrow(/JWT_SECRET is required/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://x', JWT_SECRET: 'short' })).toThrow(/at least 32/);
    expect(() => loadConfig({ BTLS_ADMIN_EMAIL: 'a@b.rw' })).toThrow(/BTLS_ADMIN_PASSWORD/);
  });

  it('seeds demo data by default when embedded, and on PostgreSQL only with BTLS_DEMO=1', () => {
    expect(loadConfig({}).demo).toBe(true);
    expect(loadConfig({ BTLS_DEMO: '0' }).demo).toBe(false);
    const postgres = { DATABASE_URL: 'postgres://x', JWT_SECRET: 'x'.repeat(32), BTLS_ISSUER_KEY: ISSUER_KEY };
    expect(loadConfig(postgres).demo).toBe(false);
    expect(loadConfig({ ...postgres, BTLS_DEMO: '1' }).demo).toBe(true);
    expect(loadConfig({}).port).toBe(8080);
    expect(loadConfig({ PORT: '9000' }).port).toBe(9000);
  });

  it('generates the embedded JWT secret once and keeps it private in the data directory', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'btls-cfg-')), 'data');
    const secret = embeddedJwtSecret(dir);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(embeddedJwtSecret(dir)).toBe(secret);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8')).toBe(secret);
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o077).toBe(0);
  });

  it('requires BTLS_ISSUER_KEY (32 bytes in base64) with DATABASE_URL: every instance signs with one key', () => {
    const postgres = { DATABASE_URL: 'postgres://x', JWT_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig(postgres)).toThrow(/BTLS_ISSUER_KEY is required when DATABASE_URL is set/);
    expect(() => loadConfig({ ...postgres, BTLS_ISSUER_KEY: 'too-short' })).toThrow(/32 random bytes/);
    expect([...loadConfig({ ...postgres, BTLS_ISSUER_KEY: ISSUER_KEY }).issuerKey!]).toEqual([
      ...Buffer.from(ISSUER_KEY, 'base64'),
    ]);
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://btls.rw/' }).publicUrl).toBe('https://btls.rw');
  });

  it('generates the embedded issuer key once, keeps it private, and refuses a damaged one rather than replace it', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'btls-cfg-')), 'data');
    const key = embeddedIssuerKey(dir);
    expect(key).toHaveLength(32);
    expect(embeddedIssuerKey(dir)).toEqual(key);
    expect(statSync(join(dir, 'issuer-key')).mode & 0o077).toBe(0);
    writeFileSync(join(dir, 'issuer-key'), 'damaged');
    expect(() => embeddedIssuerKey(dir)).toThrow(/32 random bytes/);
  });
});

const ISSUER_KEY = Buffer.alloc(32, 7).toString('base64');

describe('job description snippets', () => {
  it('are plain text that stays text when put into HTML (issue 14, item 16)', () => {
    const snippet = snippetOf('<p>Write &lt;img src=x onerror=alert(1)&gt; &amp;lt;b&amp;gt; here</p>');
    expect(snippet).not.toMatch(/[<>]/);
    expect(snippet).toBe('Write ‹img src=x onerror=alert(1)› &lt;b&gt; here');
  });
});
