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

/** The admin console's address a site's configuration names with its PUBLIC_URL. */
const CONSOLE = 'https://admin.btls.example.rw';

describe('configuration', () => {
  it('requires JWT_SECRET with DATABASE_URL, and both admin variables together', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://x' })).toThrow(/JWT_SECRET is required/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://x', JWT_SECRET: 'short' })).toThrow(/at least 32/);
    expect(() => loadConfig({ BTLS_ADMIN_EMAIL: 'a@b.rw' })).toThrow(/BTLS_ADMIN_PASSWORD/);
  });

  it('warns of a database or cache that takes connections without a password, and of a site with no trials', () => {
    const postgres = { JWT_SECRET: 'x'.repeat(32), BTLS_ISSUER_KEY: ISSUER_KEY, BTLS_METRICS_TOKEN: 'm'.repeat(16) };
    const open = loadConfig({
      ...postgres,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/btls',
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    expect(open.warnings).toEqual([
      expect.stringMatching(/^DATABASE_URL carries no password/),
      expect.stringMatching(/^REDIS_URL carries no password/),
    ]);
    const closed = loadConfig({
      ...postgres,
      DATABASE_URL: 'postgres://btls:s3cr3t@db:5432/btls',
      REDIS_URL: 'redis://:s3cr3t@cache:6379',
    });
    expect(closed.warnings).toEqual([]);
    expect(loadConfig({}).warnings).toEqual([]);
    expect(loadConfig({ PUBLIC_URL: 'https://btls.example.rw', ADMIN_URL: CONSOLE }).warnings).toEqual([
      expect.stringMatching(/^TRIAL_URL is not set/),
    ]);
  });

  it('tries candidates on an origin of their own: trial.localhost on a developer machine, TRIAL_URL on a site', () => {
    expect(loadConfig({ PORT: '9000' }).trialUrl).toBe('http://trial.localhost:9000');
    expect(loadConfig({ PUBLIC_URL: 'https://btls.example.rw', ADMIN_URL: CONSOLE }).trialUrl).toBeNull();
    const site = { PUBLIC_URL: 'https://btls.example.rw', TRIAL_URL: 'https://try.btls-trials.rw', ADMIN_URL: CONSOLE };
    expect(loadConfig(site).trialUrl).toBe('https://try.btls-trials.rw');
    expect(() => loadConfig({ ...site, TRIAL_URL: 'https://try.btls-trials.rw/path' })).toThrow(/must be an origin/);
    expect(() => loadConfig({ ...site, TRIAL_URL: 'https://btls.example.rw:8443' })).toThrow(/another host name/);
  });

  it("keeps admins on an origin of their own: admin.localhost on a developer's machine, ADMIN_URL on a site", () => {
    expect(loadConfig({ PORT: '9000' }).adminUrl).toBe('http://admin.localhost:9000');
    expect(loadConfig({}).adminUrl).toBe('http://admin.localhost:8080');
    const site = { PUBLIC_URL: 'https://btls.example.rw', TRIAL_URL: 'https://try.btls-trials.rw' };
    // Required with a site's address: no site falls back to a console on the site's own host.
    expect(() => loadConfig(site)).toThrow(/ADMIN_URL is required when PUBLIC_URL is set/);
    expect(loadConfig({ ...site, ADMIN_URL: CONSOLE }).adminUrl).toBe(CONSOLE);
    expect(loadConfig({ ...site, ADMIN_URL: `${CONSOLE}/` }).adminUrl).toBe(CONSOLE);
    // An origin only: what names a request's origin is compared whole.
    expect(() => loadConfig({ ...site, ADMIN_URL: `${CONSOLE}/admin` })).toThrow(/ADMIN_URL.*must be an origin/);
    expect(() => loadConfig({ ...site, ADMIN_URL: 'ftp://admin.btls.example.rw' })).toThrow(/ADMIN_URL=/);
    // Another host name than the site's and the trials': another port of the same host shares its storage.
    expect(() => loadConfig({ ...site, ADMIN_URL: 'https://btls.example.rw:8443' })).toThrow(
      /ADMIN_URL.*another host name than PUBLIC_URL's/,
    );
    expect(() => loadConfig({ ...site, ADMIN_URL: 'https://try.btls-trials.rw:9443' })).toThrow(
      /ADMIN_URL.*another host name than TRIAL_URL's/,
    );
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

  it("never repeats the password of an address it cannot parse, and takes the operator's release origins", () => {
    for (const [variable, value] of [
      ['SMTP_URL', 'smtp://mailer:s3cr3t-pw@smtp host:587'],
      ['REDIS_URL', 'redis://:s3cr3t-pw@cache:port/0'],
      ['DATABASE_URL', 'postgres://btls:s3cr3t-pw@db:54x32/btls'],
    ] as const) {
      let message = '';
      try {
        loadConfig({ [variable]: value });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, variable).toContain(variable);
      expect(message, variable).not.toContain('s3cr3t-pw');
      expect(message, variable).toContain('***');
    }
    expect(loadConfig({ BTLS_RELEASE_ORIGINS: 'https://cdn.btls.rw, http://10.0.0.5:8081' }).releaseOrigins).toEqual([
      'https://cdn.btls.rw',
      'http://10.0.0.5:8081',
    ]);
    for (const wrong of ['https://cdn.btls.rw/', 'https://*.btls.rw', 'ftp://cdn.btls.rw', 'https://cdn;x'])
      expect(() => loadConfig({ BTLS_RELEASE_ORIGINS: wrong }), wrong).toThrow(/BTLS_RELEASE_ORIGINS/);
  });

  it('refuses every wrong value at boot, naming the variable, the value and what is expected', () => {
    const wrong: [Record<string, string>, RegExp][] = [
      [{ PORT: 'abc' }, /PORT="abc": expected a whole number from 0 to 65535/],
      [{ PORT: '70000' }, /PORT="70000": expected a whole number from 0 to 65535/],
      [{ NODE_ENV: 'prod' }, /NODE_ENV="prod": expected one of production, development, test/],
      [{ BTLS_TOKEN_LIFETIME: 'seven days' }, /BTLS_TOKEN_LIFETIME="seven days": expected a time span such as 7d/],
      [{ BTLS_TOKEN_LIFETIME: '0d' }, /BTLS_TOKEN_LIFETIME="0d"/],
      [{ BTLS_LOGIN_LIMIT_PER_IP: 'ten' }, /BTLS_LOGIN_LIMIT_PER_IP="ten": expected a whole number of at least 1/],
      [{ BTLS_LOGIN_LIMIT_PER_EMAIL: '0' }, /BTLS_LOGIN_LIMIT_PER_EMAIL="0"/],
      [{ BTLS_REGISTER_LIMIT_PER_IP: '-3' }, /BTLS_REGISTER_LIMIT_PER_IP="-3"/],
      [{ BTLS_JOB_POST_LIMIT_PER_HOUR: '2.5' }, /BTLS_JOB_POST_LIMIT_PER_HOUR="2.5"/],
      [{ BTLS_DB_POOL_SIZE: 'many' }, /BTLS_DB_POOL_SIZE="many"/],
      [{ BTLS_DB_STATEMENT_TIMEOUT_MS: '10s' }, /BTLS_DB_STATEMENT_TIMEOUT_MS="10s"/],
      [{ BTLS_DB_ACQUIRE_TIMEOUT_MS: 'soon' }, /BTLS_DB_ACQUIRE_TIMEOUT_MS="soon"/],
      [{ BTLS_SHUTDOWN_TIMEOUT_MS: '10 s' }, /BTLS_SHUTDOWN_TIMEOUT_MS="10 s"/],
      [{ LOG_LEVEL: 'verbose' }, /LOG_LEVEL="verbose": expected one of fatal, error, warn, info, debug, trace, silent/],
      [{ BTLS_DEMO: 'yes' }, /BTLS_DEMO="yes": expected one of 0, 1/],
      [{ BTLS_LOG_SQL: 'true' }, /BTLS_LOG_SQL="true": expected one of 0, 1/],
      [
        { DATABASE_URL: 'mysql://u:pw@db/btls' },
        /DATABASE_URL="mysql:\/\/u:\*\*\*@db\/btls": expected a postgres:\/\//,
      ],
      [{ REDIS_URL: 'localhost:6379' }, /REDIS_URL="localhost:6379": expected a redis:\/\/ or rediss:\/\/ address/],
      [{ SMTP_URL: 'mail.example.rw' }, /SMTP_URL="mail.example.rw": expected a smtp:\/\/ or smtps:\/\/ address/],
      [{ PUBLIC_URL: 'btls.rw' }, /PUBLIC_URL="btls.rw": expected a http:\/\/ or https:\/\/ address/],
      [{ MAIL_FROM: 'BTLS' }, /MAIL_FROM="BTLS": expected a sender with an e-mail address/],
      [{ BTLS_ADMIN_EMAIL: 'admin', BTLS_ADMIN_PASSWORD: 'x' }, /BTLS_ADMIN_EMAIL="admin": expected an e-mail address/],
      [{ JWT_SECRET: 'short-secret' }, /JWT_SECRET=\(hidden, 12 characters\): expected at least 32 characters/],
      [{ BTLS_ISSUER_KEY: 'too-short' }, /BTLS_ISSUER_KEY=\(hidden, 9 characters\): expected 32 random bytes/],
      [{ BTLS_METRICS_TOKEN: 'abc' }, /BTLS_METRICS_TOKEN=\(hidden, 3 characters\): expected at least 16 characters/],
      [{ TRUST_PROXY: 'everyone' }, /TRUST_PROXY: "everyone" is neither a hop count nor an IP address or CIDR/],
      [
        { BTLS_SHUTDOWN_TIMEOUT_MS: '3000000000' },
        /BTLS_SHUTDOWN_TIMEOUT_MS="3000000000": expected a whole number from 1/,
      ],
      [
        { BTLS_DRAIN_DELAY_MS: '10000' },
        /BTLS_DRAIN_DELAY_MS="10000": must be shorter than BTLS_SHUTDOWN_TIMEOUT_MS \(10000 ms\)/,
      ],
    ];
    for (const [env, message] of wrong) expect(() => loadConfig(env), JSON.stringify(env)).toThrow(message);
    // Every wrong variable at once, a line each; a secret's value is never repeated.
    const all = () => loadConfig({ PORT: 'x', LOG_LEVEL: 'loud', JWT_SECRET: 'hunter2' });
    expect(all).toThrow(/PORT="x".*\n.*JWT_SECRET=.*\n.*LOG_LEVEL="loud"/s);
    expect(all).not.toThrow(/hunter2/);
    // Blank is unset; right values are taken.
    const good = loadConfig({
      PORT: ' 9000 ',
      LOG_LEVEL: '',
      BTLS_TOKEN_LIFETIME: '12 hours',
      BTLS_SHUTDOWN_TIMEOUT_MS: '2500',
      BTLS_LOGIN_LIMIT_PER_IP: '50',
    });
    expect(good).toMatchObject({ port: 9000, logLevel: 'info', tokenLifetime: '12 hours', shutdownTimeoutMs: 2500 });
    expect(good.limits).toEqual({ loginPerIp: 50 });
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
    expect(loadConfig({ PUBLIC_URL: 'https://btls.rw/', ADMIN_URL: CONSOLE }).publicUrl).toBe('https://btls.rw');
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
  it('are plain text that stays text when put into HTML', () => {
    const snippet = snippetOf('<p>Write &lt;img src=x onerror=alert(1)&gt; &amp;lt;b&amp;gt; here</p>');
    expect(snippet).not.toMatch(/[<>]/);
    expect(snippet).toBe('Write ‹img src=x onerror=alert(1)› &lt;b&gt; here');
  });
});
