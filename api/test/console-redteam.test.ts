/**
 * The admin console tried as an attacker would: a team whose browser code runs on the site's origin (it can add
 * any header a script may, X-Forwarded-Host included, but never Host or Origin), a team's release token, or a
 * console session left open past its sudo window: each case is a guard of what holds.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUDO_WINDOW_MS } from '../src/auth';
import { users } from '../src/db/schema';
import { account, claimsOf, CONSOLE_HOST, PASSWORD, request, startApi, type Account, type TestApi } from './helpers';
import { activate, makeRelease, releaseToken, upload, webRoot } from './release-helpers';
import { SoftwareAuthenticator } from './software-authenticator';

const CONSOLE = `http://${CONSOLE_HOST}`;
const SITE = 'http://localhost:8080';

/** A WebAuthn answer whose clientDataJSON says it signs `challenge` (signature garbage). */
const answerSigning = (challenge: string) => {
  const b64 = (text: string) => Buffer.from(text).toString('base64url');
  return {
    id: 'AAAA',
    rawId: 'AAAA',
    type: 'public-key',
    response: {
      clientDataJSON: b64(JSON.stringify({ type: 'webauthn.get', challenge, origin: CONSOLE })),
      authenticatorData: 'AAAA',
      signature: 'AAAA',
    },
    clientExtensionResults: {},
  };
};

/** A 4xx with a catalogue code (startApi's close() checks the code is in the catalogue). */
function coded4xx(answer: { status: number; body: any }, what: string) {
  expect(answer.status, `${what}: ${answer.status} ${JSON.stringify(answer.body)}`).toBeGreaterThanOrEqual(400);
  expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBeLessThan(500);
  expect(typeof answer.body?.message, what).toBe('string');
  expect(typeof answer.body?.code, what).toBe('string');
}

let now = Date.now();
const later = () => (now += SUDO_WINDOW_MS + 60_000);
let api: TestApi;
let boss: Account;

beforeAll(async () => {
  api = await startApi({ clock: () => now, limits: { loginFailuresPerEmail: 50 } });
  boss = await account(api, 'admin');
});
afterAll(() => api.close());

/** A fresh admin signed in on the console (so the others' sudo windows stay as they are). */
const freshAdmin = () => account(api, 'admin');

describe('a page of the site cannot make or use an admin session', () => {
  it("signs no admin in from the site, whatever header a page's script adds", async () => {
    const tries: Record<string, Record<string, string>> = {
      'site host': { host: 'localhost:8080' },
      'site host, forwarded to the console': { host: 'localhost:8080', 'x-forwarded-host': CONSOLE_HOST },
      'site host, forwarded twice': { host: 'localhost:8080', 'x-forwarded-host': `${CONSOLE_HOST}, ${CONSOLE_HOST}` },
      'console host, from the site (Origin)': { host: CONSOLE_HOST, origin: SITE },
      'console host, same-site fetch': { host: CONSOLE_HOST, 'sec-fetch-site': 'same-site' },
      'console host, cross-site fetch': { host: CONSOLE_HOST, 'sec-fetch-site': 'cross-site' },
      'console host, forwarded to the site': { host: CONSOLE_HOST, 'x-forwarded-host': 'localhost' },
      'console host, forwarded to the trial origin': { host: CONSOLE_HOST, 'x-forwarded-host': 'trial.localhost' },
      'console host, Origin "null"': { host: CONSOLE_HOST, origin: 'null' },
      'console host with a trailing dot': { host: `${CONSOLE_HOST}.` },
    };
    for (const [what, headers] of Object.entries(tries)) {
      const login = await request(api, 'POST', '/api/auth/login', {
        json: { email: boss.email, password: PASSWORD },
        headers,
      });
      expect(login.status, what).toBe(403);
      expect(login.body.token, what).toBeUndefined();
    }
  });

  it('refuses a console token on any request that names another origin, for reads and sudo alike', async () => {
    const tries: Record<string, Record<string, string>> = {
      'the site': { host: 'localhost:8080' },
      'forwarded to the site': { host: CONSOLE_HOST, 'x-forwarded-host': 'localhost' },
      'a list of forwarded hosts': { host: CONSOLE_HOST, 'x-forwarded-host': `${CONSOLE_HOST},localhost` },
      'Origin of the site': { host: CONSOLE_HOST, origin: SITE },
      'same-site fetch': { host: CONSOLE_HOST, 'sec-fetch-site': 'same-site' },
      'the trial origin': { host: 'trial.localhost' },
    };
    for (const [what, headers] of Object.entries(tries)) {
      expect((await request(api, 'GET', '/api/users', { token: boss.token, headers })).status, what).toBe(401);
      const sudo = await request(api, 'POST', '/api/auth/sudo', {
        token: boss.token,
        headers,
        json: { password: PASSWORD },
      });
      expect(sudo.status, what).toBe(401);
      expect(sudo.body.token, what).toBeUndefined();
    }
  });

  it("makes no console claim for anyone else: a trainee's sign-in, sign-up or password change naming the console", async () => {
    const trainee = await account(api, 'trainee');
    expect(claimsOf(trainee.token).console).toBeUndefined();
    const mixed = { host: 'localhost:8080', 'x-forwarded-host': CONSOLE_HOST };
    const login = await request(api, 'POST', '/api/auth/login', {
      json: { email: trainee.email, password: PASSWORD },
      headers: mixed,
    });
    expect(login.status).toBe(403);
    const signUp = await request(api, 'POST', '/api/auth/register', {
      headers: mixed,
      json: {
        firstName: 'Eve',
        lastName: 'Mixed',
        email: `eve-${randomBytes(3).toString('hex')}@example.rw`,
        password: 'secret-pass-2',
      },
    });
    expect(signUp.status).toBe(403);
    // A site token sent with a console name is no session at all (not a console one).
    const change = await request(api, 'PUT', '/api/auth/password', {
      token: trainee.token,
      headers: { host: CONSOLE_HOST },
      json: { currentPassword: PASSWORD, newPassword: 'secret-pass-3' },
    });
    expect(change.status).toBe(401);
  });

  it("takes a forged console claim for nothing (the token's signature)", async () => {
    const [header, , signature] = boss.token.split('.');
    const trainee = await account(api, 'trainee');
    const claims = { ...claimsOf(trainee.token), console: true, role: 'admin' };
    const forged = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    expect((await request(api, 'GET', '/api/users', { token: forged })).status).toBe(401);
  });
});

describe('sudo mode cannot be gone around by a session past its window', () => {
  it('asks again before an admin account is made by sign-up, as for a role', async () => {
    const admin = await freshAdmin();
    later();
    const made = await request(api, 'POST', '/api/auth/register', {
      token: admin.token,
      json: {
        firstName: 'New',
        lastName: 'Admin',
        email: `admin-${randomBytes(3).toString('hex')}@example.rw`,
        password: 'secret-pass-2',
        role: 'admin',
      },
    });
    expect(made).toMatchObject({ status: 403, body: { code: 'session.sudoRequired' } });
  });

  it('asks again before a role is changed, whichever way and to whatever role', async () => {
    const admin = await freshAdmin();
    const other = await freshAdmin();
    const trainee = await account(api, 'trainee');
    later();
    for (const [who, role] of [
      [trainee, 'admin'],
      [other, 'trainee'],
    ] as const) {
      const changed = await request(api, 'PUT', `/api/users/${who.id}`, {
        token: admin.token,
        json: { firstName: who.firstName, lastName: who.lastName, role },
      });
      expect(changed, `${who.role} → ${role}`).toMatchObject({ status: 403, body: { code: 'session.sudoRequired' } });
    }
  });

  it('asks again before a passkey is added, even with a challenge asked for while the proof was fresh', async () => {
    const admin = await freshAdmin();
    const options = await request(api, 'POST', '/api/auth/passkeys/options', { token: admin.token });
    expect(options.status).toBe(200);
    later();
    const added = await request(api, 'POST', '/api/auth/passkeys', {
      token: admin.token,
      json: { name: 'Late', response: new SoftwareAuthenticator(CONSOLE).create(options.body) },
    });
    expect(added).toMatchObject({ status: 403, body: { code: 'session.sudoRequired' } });
  });

  it('gives a new proof for a password change only with the current password', async () => {
    const admin = await freshAdmin();
    later();
    const wrong = await request(api, 'PUT', '/api/auth/password', {
      token: admin.token,
      json: { currentPassword: 'not-the-password', newPassword: 'secret-pass-9' },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.token).toBeUndefined();
  });

  // Giving an account back its admin power is as dangerous as giving the role: a session past its window (or
  // stolen) would reactivate a deactivated admin whose password the attacker knows.
  it('asks again before a deactivated admin is made active again (power given back)', async () => {
    const admin = await freshAdmin();
    const dormant = await freshAdmin();
    await api.db.update(users).set({ isActive: false }).where(eq(users.id, dormant.id));
    later();
    const back = await request(api, 'PUT', `/api/users/${dormant.id}/status`, {
      token: admin.token,
      json: { isActive: true },
    });
    expect(back).toMatchObject({ status: 403, body: { code: 'session.sudoRequired' } });
  });

  // Deactivating or deleting another admin takes power away, as taking their role does.
  it('asks again before another admin is deactivated or deleted (power taken away, as a demotion)', async () => {
    const admin = await freshAdmin();
    const colleague = await freshAdmin();
    const spare = await freshAdmin();
    later();
    const off = await request(api, 'PUT', `/api/users/${colleague.id}/status`, {
      token: admin.token,
      json: { isActive: false },
    });
    expect(off).toMatchObject({ status: 403, body: { code: 'session.sudoRequired' } });
    const gone = await request(api, 'DELETE', `/api/users/${spare.id}`, { token: admin.token });
    expect(gone).toMatchObject({ status: 403, body: { code: 'session.sudoRequired' } });
  });
});

describe('a rollback is not an activation in disguise', () => {
  // A plain rollback (no version) is exempt from the proof as the way out of trouble; after one rollback the next
  // plain one would go forward again, to the release just rolled back: that is an activation.
  it('asks again before a second rollback re-activates the release the first one left', async () => {
    // (A server with a shell build: activations check a release against it.)
    const web = await startApi({
      clock: () => now,
      web: { root: webRoot(), openSandbox: async () => ({ sandbox: {} as never }) },
    });
    try {
      const admin = await account(web, 'admin');
      const token = await releaseToken(web, admin.token, 'public');
      const old = makeRelease('public', 'old public');
      const bad = makeRelease('public', 'bad public');
      for (const release of [old, bad]) {
        expect((await upload(web, release, token)).status).toBe(201);
        expect((await activate(web, 'public', release.manifest.version, token)).status).toBe(200);
      }
      later();
      const back = await request(web, 'POST', '/api/releases/public/rollback', { token: admin.token, json: {} });
      expect(back).toMatchObject({ status: 200, body: { version: old.manifest.version } });
      const forward = await request(web, 'POST', '/api/releases/public/rollback', { token: admin.token, json: {} });
      expect(forward.body.version).not.toBe(bad.manifest.version);
      expect(forward).toMatchObject({ status: 403, body: { code: 'session.sudoRequired' } });
    } finally {
      await web.close();
    }
  });
});

describe('passkeys', () => {
  it("refuses a demoted admin's session and passkey (a role changed applies at once)", async () => {
    const admin = await freshAdmin();
    const options = await request(api, 'POST', '/api/auth/passkeys/options', { token: admin.token });
    const key = new SoftwareAuthenticator(CONSOLE);
    const added = await request(api, 'POST', '/api/auth/passkeys', {
      token: admin.token,
      json: { name: 'Key', response: key.create(options.body) },
    });
    expect(added.status).toBe(201);
    const challenge = await request(api, 'POST', '/api/auth/sudo/passkey-options', { token: admin.token });
    await api.db.update(users).set({ role: 'trainer' }).where(eq(users.id, admin.id));
    const proved = await request(api, 'POST', '/api/auth/sudo', {
      token: admin.token,
      json: { passkey: key.get(challenge.body) },
    });
    expect(proved.status).toBe(401);
    expect(proved.body.token).toBeUndefined();
    // Nor on the site, as the trainer it now is.
    const onSite = await request(api, 'POST', '/api/auth/sudo', {
      token: admin.token,
      headers: { host: 'localhost:8080' },
      json: { passkey: key.get(challenge.body) },
    });
    expect(onSite.status).toBe(401);
  });

  it('refuses a counter that went back (a cloned authenticator)', async () => {
    const admin = await freshAdmin();
    const options = await request(api, 'POST', '/api/auth/passkeys/options', { token: admin.token });
    const key = new SoftwareAuthenticator(CONSOLE);
    expect(
      (
        await request(api, 'POST', '/api/auth/passkeys', {
          token: admin.token,
          json: { name: 'Key', response: key.create(options.body) },
        })
      ).status,
    ).toBe(201);
    const first = await request(api, 'POST', '/api/auth/sudo/passkey-options', { token: admin.token });
    const ok = await request(api, 'POST', '/api/auth/sudo', {
      token: admin.token,
      json: { passkey: key.get(first.body, { counter: 5 }) },
    });
    expect(ok.status).toBe(200);
    const second = await request(api, 'POST', '/api/auth/sudo/passkey-options', { token: admin.token });
    const cloned = await request(api, 'POST', '/api/auth/sudo', {
      token: admin.token,
      json: { passkey: key.get(second.body, { counter: 3 }) },
    });
    expect(cloned).toMatchObject({ status: 403, body: { code: 'session.passkeyNotAccepted' } });
  });

  it("refuses another admin's passkey, even with a challenge given to this admin", async () => {
    const mine = await freshAdmin();
    const theirs = await freshAdmin();
    const key = new SoftwareAuthenticator(CONSOLE);
    const options = await request(api, 'POST', '/api/auth/passkeys/options', { token: theirs.token });
    expect(
      (
        await request(api, 'POST', '/api/auth/passkeys', {
          token: theirs.token,
          json: { name: 'Theirs', response: key.create(options.body) },
        })
      ).status,
    ).toBe(201);
    // I have one too, so that I may ask for a sudo challenge.
    const myOptions = await request(api, 'POST', '/api/auth/passkeys/options', { token: mine.token });
    await request(api, 'POST', '/api/auth/passkeys', {
      token: mine.token,
      json: { name: 'Mine', response: new SoftwareAuthenticator(CONSOLE).create(myOptions.body) },
    });
    const challenge = await request(api, 'POST', '/api/auth/sudo/passkey-options', { token: mine.token });
    const used = await request(api, 'POST', '/api/auth/sudo', {
      token: mine.token,
      json: { passkey: key.get(challenge.body) },
    });
    expect(used).toMatchObject({ status: 403, body: { code: 'session.passkeyNotAccepted' } });
    // The same authenticator registered again by me: its credential id is taken.
    const again = await request(api, 'POST', '/api/auth/passkeys/options', { token: mine.token });
    const twice = await request(api, 'POST', '/api/auth/passkeys', {
      token: mine.token,
      json: { name: 'Copy', response: key.create(again.body) },
    });
    expect(twice.status).toBe(409);
  });

  it('refuses a registration challenge spent as a sudo answer, and a sudo challenge as a registration', async () => {
    const admin = await freshAdmin();
    const options = await request(api, 'POST', '/api/auth/passkeys/options', { token: admin.token });
    const key = new SoftwareAuthenticator(CONSOLE);
    // A registration's challenge answered as sudo: spent nowhere, refused.
    const asSudo = await request(api, 'POST', '/api/auth/sudo', {
      token: admin.token,
      json: { passkey: key.get({ challenge: options.body.challenge, rpId: CONSOLE_HOST }) },
    });
    expect(asSudo).toMatchObject({ status: 403, body: { code: 'session.passkeyNotAccepted' } });
    // The registration still works with it (not spent by the wrong purpose).
    const added = await request(api, 'POST', '/api/auth/passkeys', {
      token: admin.token,
      json: { name: 'Key', response: key.create(options.body) },
    });
    expect(added.status).toBe(201);
    const sudoChallenge = await request(api, 'POST', '/api/auth/sudo/passkey-options', { token: admin.token });
    const asRegistration = await request(api, 'POST', '/api/auth/passkeys', {
      token: admin.token,
      json: {
        name: 'Other',
        response: new SoftwareAuthenticator(CONSOLE).create({ ...sudoChallenge.body, rp: { id: CONSOLE_HOST } }),
      },
    });
    expect(asRegistration).toMatchObject({ status: 403, body: { code: 'session.passkeyNotRegistered' } });
  });
});

describe('odd input on the new routes is a 4xx with a code', () => {
  it('POST /auth/sudo', async () => {
    const admin = await freshAdmin();
    const bodies: Record<string, unknown> = {
      empty: {},
      both: { password: PASSWORD, passkey: answerSigning('x') },
      'password a number': { password: 12 },
      'password empty': { password: '' },
      'password huge': { password: 'x'.repeat(10_000) },
      'passkey a string': { passkey: 'x' },
      'passkey null': { passkey: null },
      'passkey without response': { passkey: { id: 'a', rawId: 'a', type: 'public-key' } },
      'clientDataJSON not base64': {
        passkey: { ...answerSigning('x'), response: { clientDataJSON: '!!!', authenticatorData: 'A', signature: 'A' } },
      },
      'clientDataJSON "null"': {
        passkey: {
          ...answerSigning('x'),
          response: {
            clientDataJSON: Buffer.from('null').toString('base64url'),
            authenticatorData: 'A',
            signature: 'A',
          },
        },
      },
      'a challenge never given': { passkey: answerSigning('never-given') },
      'array body': [],
    };
    for (const [what, json] of Object.entries(bodies))
      coded4xx(await request(api, 'POST', '/api/auth/sudo', { token: admin.token, json }), what);
    coded4xx(
      await request(api, 'POST', '/api/auth/sudo', {
        token: admin.token,
        payload: 'not json',
        headers: { 'content-type': 'application/json' },
      }),
      'not JSON',
    );
  });

  // A challenge, a credential id or a name holding a NUL character (the clientDataJSON is the caller's to write)
  // must not reach PostgreSQL's text as a 500.
  it('POST /auth/sudo and POST /auth/passkeys with a NUL character in a challenge, a credential id or a name', async () => {
    const admin = await freshAdmin();
    coded4xx(
      await request(api, 'POST', '/api/auth/sudo', {
        token: admin.token,
        json: { passkey: answerSigning('a\u0000b') },
      }),
      'sudo',
    );
    const registration = new SoftwareAuthenticator(CONSOLE).create({ challenge: 'a\u0000b', rp: { id: CONSOLE_HOST } });
    coded4xx(
      await request(api, 'POST', '/api/auth/passkeys', {
        token: admin.token,
        json: { name: 'Nul', response: registration },
      }),
      'registration',
    );
    const options = await request(api, 'POST', '/api/auth/passkeys/options', { token: admin.token });
    const key = new SoftwareAuthenticator(CONSOLE);
    // (A name's control characters are dropped by its schema: kept without them.)
    const named = await request(api, 'POST', '/api/auth/passkeys', {
      token: admin.token,
      json: { name: 'Nul\u0000name', response: new SoftwareAuthenticator(CONSOLE).create(options.body) },
    });
    expect(named.status).toBeLessThan(500);
    expect(JSON.stringify(named.body)).not.toContain('\\u0000');
    const again = await request(api, 'POST', '/api/auth/passkeys/options', { token: admin.token });
    expect(
      (
        await request(api, 'POST', '/api/auth/passkeys', {
          token: admin.token,
          json: { name: 'Key', response: key.create(again.body) },
        })
      ).status,
    ).toBe(201);
    const challenge = await request(api, 'POST', '/api/auth/sudo/passkey-options', { token: admin.token });
    coded4xx(
      await request(api, 'POST', '/api/auth/sudo', {
        token: admin.token,
        json: { passkey: { ...key.get(challenge.body), id: 'a\u0000b', rawId: 'a\u0000b' } },
      }),
      'credential id',
    );
  });

  it('POST /auth/passkeys and DELETE /auth/passkeys/:id', async () => {
    const admin = await freshAdmin();
    const options = await request(api, 'POST', '/api/auth/passkeys/options', { token: admin.token });
    const bodies: Record<string, unknown> = {
      empty: {},
      'no name': { response: new SoftwareAuthenticator(CONSOLE).create(options.body) },
      'name too long': { name: 'x'.repeat(500), response: new SoftwareAuthenticator(CONSOLE).create(options.body) },
      'garbage attestation': {
        name: 'Key',
        response: {
          ...new SoftwareAuthenticator(CONSOLE).create(options.body),
          response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' },
        },
      },
      'wrong RP ID': {
        name: 'Key',
        response: new SoftwareAuthenticator(CONSOLE).create({
          challenge: options.body.challenge,
          rp: { id: 'localhost' },
        }),
      },
    };
    for (const [what, json] of Object.entries(bodies))
      coded4xx(await request(api, 'POST', '/api/auth/passkeys', { token: admin.token, json }), what);
    for (const id of ['abc', '99999999999999999999', '-1', '1.5', '0'])
      coded4xx(await request(api, 'DELETE', `/api/auth/passkeys/${id}`, { token: admin.token }), `DELETE ${id}`);
  });

  it('the passkey routes answer only admins on the console', async () => {
    const trainee = await account(api, 'trainee');
    for (const [method, url] of [
      ['GET', '/api/auth/passkeys'],
      ['POST', '/api/auth/passkeys/options'],
      ['POST', '/api/auth/sudo/passkey-options'],
      ['POST', '/api/auth/sudo'],
    ] as const) {
      const answer = await request(api, method, url, {
        token: trainee.token,
        json: method === 'POST' ? {} : undefined,
      });
      expect([401, 403], `${method} ${url}`).toContain(answer.status);
    }
  });
});

describe("the site's way to the console", () => {
  it('sends /admin addresses to the console and nowhere else, whatever their path says', async () => {
    const web = await startApi({ web: { root: webRoot(), openSandbox: async () => ({ sandbox: {} as never }) } });
    try {
      for (const path of [
        '/admin@evil.example',
        '/admin/..%2F..%2F@evil.example',
        '/admin/%2F%2Fevil.example',
        '/admin/\\evil.example',
        '/admin?next=//evil.example',
      ]) {
        const answer = await web.app.inject({ method: 'GET', url: path, headers: { host: 'localhost:8080' } });
        // (An address that only begins like the panel's is no panel page: the site's 404 or page.)
        if (answer.statusCode !== 302) {
          expect(answer.statusCode, path).toBeLessThan(500);
          continue;
        }
        const location = new URL(String(answer.headers.location));
        expect(location.origin, path).toBe(CONSOLE);
        expect(location.pathname.startsWith('/admin'), path).toBe(true);
      }
      // On the console, no other area's file, whatever the path's case or encoding.
      for (const path of [
        '/remotes/public/1.0.0/remoteEntry.js',
        '/remotes/%70ublic/1.0.0/remoteEntry.js',
        '/remotes/Public/1.0.0/remoteEntry.js',
      ])
        expect(
          (await web.app.inject({ method: 'GET', url: path, headers: { host: CONSOLE_HOST } })).statusCode,
          path,
        ).toBe(404);
    } finally {
      await web.close();
    }
  });
});
