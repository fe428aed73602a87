import { generateKeyPairSync, randomBytes } from 'node:crypto';
/**
 * The admin console on an origin of its own: an admin's session exists there only (every admin operation refuses
 * it anywhere else, whatever names another origin), the site's sign-in makes none, and the dangerous actions ask
 * again (sudo mode) for the password or a passkey. The passkeys are made and used by a software authenticator
 * written here (ES256, attestation "none"), as a browser's would answer.
 */
import { SignJWT } from 'jose';
import { SoftwareAuthenticator } from './software-authenticator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUDO_WINDOW_MS } from '../src/auth';
import { users } from '../src/db/schema';
import { eq } from 'drizzle-orm';
import {
  account,
  CONSOLE_HOST,
  JWT_SECRET,
  PASSWORD,
  request,
  startApi,
  type Account,
  type Answer,
  type TestApi,
} from './helpers';

const CONSOLE = `http://${CONSOLE_HOST}`;

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** With its parameters filled in with values that name nothing (no operation below changes anything). */
  url: string;
  roles: string[];
}

/** Every operation of the OpenAPI document whose guard lets an admin's session in (its `x-roles`). */
async function adminOperations(api: TestApi): Promise<Operation[]> {
  const document = (await request(api, 'GET', '/api/openapi.json')).body as {
    paths: Record<string, Record<string, { 'x-roles'?: string[] }>>;
  };
  const filled: Record<string, string> = { area: 'public', certificateCode: 'BTLS-NOPE', version: '0.0.0' };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(methods)) {
      const roles = operation['x-roles'];
      // Guarded routes list who they let in; none listed lets any signed-in user in, admins too.
      if (!roles || !(roles.length === 0 || roles.includes('admin'))) continue;
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        url: path.replace(/\{([^}]+)\}/g, (_, name: string) => filled[name] ?? '999999'),
        roles,
      });
    }
  return operations;
}

/** What a refusal of the session says: signed in nowhere that counts (401), or not allowed there (403). */
function refused(answer: Answer, what: string) {
  expect([401, 403], `${what}: ${answer.status} ${JSON.stringify(answer.body)}`).toContain(answer.status);
}

let api: TestApi;
let admin: Account;
let operations: Operation[];

beforeAll(async () => {
  api = await startApi();
  admin = await account(api, 'admin');
  operations = await adminOperations(api);
});
afterAll(() => api.close());

describe("an admin's session lives on the console only", () => {
  it('is found in the document: the admin operations are many, and of every kind', () => {
    const urls = operations.map((operation) => `${operation.method} ${operation.url}`);
    expect(operations.length).toBeGreaterThan(40);
    for (const kind of [
      'PUT /api/users/999999',
      'POST /api/release-tokens',
      'POST /api/releases/public/activate',
      'GET /api/admin/outbox',
      'POST /api/certificates/BTLS-NOPE/revoke',
      'POST /api/auth/sudo',
    ])
      expect(urls).toContain(kind);
  });

  it('is refused by every admin operation sent to the site, to the trial origin, or naming another origin', async () => {
    const elsewhere: Record<string, Record<string, string>> = {
      'the site': { host: 'localhost' },
      'the trial origin': { host: 'trial.localhost' },
      'the console, forwarded for the site': { host: CONSOLE_HOST, 'x-forwarded-host': 'localhost' },
      'the console, forwarded for two hosts': { host: CONSOLE_HOST, 'x-forwarded-host': `${CONSOLE_HOST}, localhost` },
      "the console, from the site's page": { host: CONSOLE_HOST, origin: 'http://localhost' },
      "the console, from the trial's page": { host: CONSOLE_HOST, origin: 'http://trial.localhost' },
      'the console, from another site': { host: CONSOLE_HOST, 'sec-fetch-site': 'cross-site' },
      'the console, from a site of the same domain': { host: CONSOLE_HOST, 'sec-fetch-site': 'same-site' },
    };
    for (const [where, headers] of Object.entries(elsewhere))
      for (const { method, url } of operations) {
        const answer = await request(api, method, url, { token: admin.token, headers });
        refused(answer, `${method} ${url} on ${where}`);
      }
  });

  it('works on the console, from its own page', async () => {
    for (const { method, url } of operations) {
      for (const headers of [{}, { origin: CONSOLE, 'sec-fetch-site': 'same-origin' }] as Record<string, string>[]) {
        const answer = await request(api, method, url, { token: admin.token, headers });
        // Past the session's check: what the operation says of the (empty, or naming nothing) input.
        expect(answer.status, `${method} ${url}: ${JSON.stringify(answer.body)}`).not.toBe(401);
        expect(['session.forbidden', 'release.notInTrial'], `${method} ${url}`).not.toContain(answer.body?.code);
      }
    }
  });

  it("refuses everywhere an admin's token made on the site's origin (as an old session's was)", async () => {
    const [row] = await api.db.select().from(users).where(eq(users.id, admin.id));
    const now = Math.floor(Date.now() / 1000);
    const old = await new SignJWT({ role: 'admin', sv: row!.sessionVersion, proof: now })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(admin.id))
      .setIssuedAt()
      .setExpirationTime('1 day')
      .sign(new TextEncoder().encode(JWT_SECRET));
    for (const host of ['localhost', CONSOLE_HOST, 'trial.localhost'])
      for (const { method, url } of operations) {
        const answer = await request(api, method, url, { token: old, headers: { host } });
        refused(answer, `${method} ${url} on ${host}`);
      }
    // …and an admin's token on the site is a visitor's where a route only looks: no staff account is made.
    const staff = await request(api, 'POST', '/api/auth/register', {
      token: admin.token,
      headers: { host: 'localhost' },
      json: {
        firstName: 'Eve',
        lastName: 'Trainer',
        email: 'eve@example.rw',
        password: 'secret-pass-2',
        role: 'trainer',
      },
    });
    expect(staff).toMatchObject({ status: 403, body: { code: 'session.onlyAdminCreatesStaff' } });
  });

  it("signs no admin in on the site: the password is refused there with the console's address", async () => {
    const onSite = await request(api, 'POST', '/api/auth/login', {
      headers: { host: 'localhost' },
      json: { email: admin.email, password: PASSWORD },
    });
    expect(onSite).toMatchObject({
      status: 403,
      body: { code: 'session.adminOnConsole', params: { url: `${CONSOLE}/login` } },
    });
    expect(onSite.body.token).toBeUndefined();
    const inTrial = await request(api, 'POST', '/api/auth/login', {
      headers: { host: 'trial.localhost' },
      json: { email: admin.email, password: PASSWORD },
    });
    expect(inTrial.status).toBe(403);
    expect(inTrial.body.token).toBeUndefined();
  });

  it("signs nobody else in on the console: a trainee's password is sent to the site", async () => {
    const trainee = await account(api, 'trainee');
    const onConsole = await request(api, 'POST', '/api/auth/login', {
      headers: { host: CONSOLE_HOST },
      json: { email: trainee.email, password: PASSWORD },
    });
    expect(onConsole).toMatchObject({ status: 403, body: { code: 'session.consoleAdminsOnly' } });
    expect(onConsole.body.token).toBeUndefined();
    // A trainee's session taken to the console does nothing there.
    const carried = await request(api, 'GET', '/api/users/me/preferences', {
      token: trainee.token,
      headers: { host: CONSOLE_HOST },
    });
    expect(carried.status).toBe(401);
  });
});

describe('sudo mode: the dangerous actions ask again', () => {
  let now = Date.now();
  let sudoApi: TestApi;
  let boss: Account;
  let trainee: Account;
  const later = () => (now += SUDO_WINDOW_MS + 60_000);

  beforeAll(async () => {
    sudoApi = await startApi({ clock: () => now, limits: { loginFailuresPerEmail: 4 } });
    boss = await account(sudoApi, 'admin');
    trainee = await account(sudoApi, 'trainee');
  });
  afterAll(() => sudoApi.close());

  /** Each dangerous action, with input that gets past the proof's check. */
  const dangerous = (token: string) => ({
    'a release token': () => request(sudoApi, 'POST', '/api/release-tokens', { token, json: { area: 'public' } }),
    'a role': () =>
      request(sudoApi, 'PUT', `/api/users/${trainee.id}`, {
        token,
        json: { firstName: trainee.firstName, lastName: trainee.lastName, role: 'trainer' },
      }),
    "a trainer's account": () =>
      request(sudoApi, 'POST', '/api/auth/register', {
        token,
        json: {
          firstName: 'New',
          lastName: 'Trainer',
          email: `trainer-${randomBytes(3).toString('hex')}@example.rw`,
          password: 'secret-pass-2',
          role: 'trainer',
        },
      }),
    'an activation': () =>
      request(sudoApi, 'POST', '/api/releases/public/activate', { token, json: { version: '9.9.9+none' } }),
    'a rollout': () =>
      request(sudoApi, 'POST', '/api/releases/public/rollout', { token, json: { version: '9.9.9+none', percent: 10 } }),
    'a promotion': () => request(sudoApi, 'POST', '/api/releases/public/promote', { token, json: {} }),
    'a rollback to a named version': () =>
      request(sudoApi, 'POST', '/api/releases/public/rollback', { token, json: { version: '9.9.9+none' } }),
    'a revocation': () =>
      request(sudoApi, 'POST', '/api/certificates/BTLS-NOPE/revoke', { token, json: { reason: 'Issued in error' } }),
    'a new passkey': () => request(sudoApi, 'POST', '/api/auth/passkeys/options', { token }),
    "a passkey's removal": () => request(sudoApi, 'DELETE', '/api/auth/passkeys/999999', { token }),
    // Its reset links would give a session past its window a password of its choosing, and a fresh proof.
    'the outbox': () => request(sudoApi, 'GET', '/api/admin/outbox', { token }),
  });

  it('refuses each of them to a session whose proof is older than its window, and opens them after the password', async () => {
    later();
    for (const [what, action] of Object.entries(dangerous(boss.token)))
      expect(await action(), what).toMatchObject({ status: 403, body: { code: 'session.sudoRequired' } });
    // What is not dangerous goes on without asking: a name changed, the lists.
    const renamed = await request(sudoApi, 'PUT', `/api/users/${trainee.id}`, {
      token: boss.token,
      json: { firstName: 'Renamed', lastName: trainee.lastName, role: 'trainee' },
    });
    expect(renamed.status).toBe(200);
    expect((await request(sudoApi, 'GET', '/api/release-tokens', { token: boss.token })).status).toBe(200);

    const wrong = await request(sudoApi, 'POST', '/api/auth/sudo', { token: boss.token, json: { password: 'nope' } });
    expect(wrong).toMatchObject({ status: 403, body: { code: 'session.sudoPasswordWrong' } });
    expect(wrong.body.token).toBeUndefined();
    const empty = await request(sudoApi, 'POST', '/api/auth/sudo', { token: boss.token, json: {} });
    expect(empty).toMatchObject({ status: 400, body: { code: 'session.proofRequired' } });

    const proved = await request(sudoApi, 'POST', '/api/auth/sudo', {
      token: boss.token,
      json: { password: PASSWORD },
    });
    expect(proved).toMatchObject({ status: 200, body: { code: 'notice.identityConfirmed', user: { id: boss.id } } });
    const fresh = proved.body.token as string;
    for (const [what, action] of Object.entries(dangerous(fresh))) {
      const answer = await action();
      expect(answer.body?.code, what).not.toBe('session.sudoRequired');
      expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).not.toBe(401);
    }
    expect((await dangerous(fresh)['a release token']()).status).toBe(201);
    // The old token still signs in, but its proof is still old.
    expect(await dangerous(boss.token)['a release token']()).toMatchObject({ status: 403 });
    // …and the new one's proof ages too.
    later();
    expect(await dangerous(fresh)['a release token']()).toMatchObject({
      status: 403,
      body: { code: 'session.sudoRequired' },
    });
  });

  it("does not ask a team's release token, which is no session", async () => {
    const proved = await request(sudoApi, 'POST', '/api/auth/sudo', {
      token: boss.token,
      json: { password: PASSWORD },
    });
    const made = await request(sudoApi, 'POST', '/api/release-tokens', {
      token: proved.body.token,
      json: { area: 'public' },
    });
    later();
    const team = made.body.token as string;
    const activated = await request(sudoApi, 'POST', '/api/releases/public/activate', {
      token: team,
      json: { version: '9.9.9+none' },
    });
    expect(activated.body.code).not.toBe('session.sudoRequired');
    expect([404, 409]).toContain(activated.status);
  });

  it("counts a wrong password on the sign-in's limit of the account", async () => {
    const other = await account(sudoApi, 'admin');
    const answers: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1)
      answers.push(
        (await request(sudoApi, 'POST', '/api/auth/sudo', { token: other.token, json: { password: 'guess' } })).status,
      );
    expect(answers).toEqual([403, 403, 403, 403, 429]);
    const login = await request(sudoApi, 'POST', '/api/auth/login', {
      headers: { host: CONSOLE_HOST },
      json: { email: other.email, password: PASSWORD },
    });
    expect(login.status).toBe(429);
  });

  it("is the console's: an admin's token elsewhere, or anyone else's, proves nothing", async () => {
    const onSite = await request(sudoApi, 'POST', '/api/auth/sudo', {
      token: boss.token,
      headers: { host: 'localhost' },
      json: { password: PASSWORD },
    });
    expect(onSite.status).toBe(401);
    const byTrainee = await request(sudoApi, 'POST', '/api/auth/sudo', {
      token: trainee.token,
      json: { password: PASSWORD },
    });
    expect(byTrainee.status).toBe(403);
    expect(byTrainee.body.token).toBeUndefined();
  });
});

describe("sudo mode with a passkey: the console's own (RP ID its host name, its origin)", () => {
  let now = Date.now();
  let keyApi: TestApi;
  let boss: Account;

  beforeAll(async () => {
    keyApi = await startApi({ clock: () => now });
    boss = await account(keyApi, 'admin');
  });
  afterAll(() => keyApi.close());

  it('is added behind a recent proof, then proves it is the admin, once per challenge', async () => {
    const none = await request(keyApi, 'POST', '/api/auth/sudo/passkey-options', { token: boss.token });
    expect(none).toMatchObject({ status: 404, body: { code: 'session.noPasskey' } });

    const options = await request(keyApi, 'POST', '/api/auth/passkeys/options', { token: boss.token });
    expect(options).toMatchObject({ status: 200, body: { rp: { id: CONSOLE_HOST }, user: { name: boss.email } } });
    const authenticator = new SoftwareAuthenticator(CONSOLE);
    // Made for the site's origin: not the console's passkey.
    const foreign = new SoftwareAuthenticator('http://localhost').create(options.body);
    const refusedKey = await request(keyApi, 'POST', '/api/auth/passkeys', {
      token: boss.token,
      json: { name: 'Elsewhere', response: foreign },
    });
    expect(refusedKey).toMatchObject({ status: 403, body: { code: 'session.passkeyNotRegistered' } });
    // (That challenge is spent: a new one for the real passkey.)
    const again = await request(keyApi, 'POST', '/api/auth/passkeys/options', { token: boss.token });
    const added = await request(keyApi, 'POST', '/api/auth/passkeys', {
      token: boss.token,
      json: { name: 'Laptop', response: authenticator.create(again.body) },
    });
    expect(added).toMatchObject({ status: 201, body: { code: 'notice.passkeyAdded', passkey: { name: 'Laptop' } } });
    const listed = await request(keyApi, 'GET', '/api/auth/passkeys', { token: boss.token });
    expect(listed.body.passkeys).toEqual([
      { id: added.body.passkey.id, name: 'Laptop', createdAt: expect.any(String), lastUsedAt: null },
    ]);

    now += SUDO_WINDOW_MS + 60_000;
    expect(
      await request(keyApi, 'POST', '/api/release-tokens', { token: boss.token, json: { area: 'public' } }),
    ).toMatchObject({ status: 403, body: { code: 'session.sudoRequired' } });

    const challenge = await request(keyApi, 'POST', '/api/auth/sudo/passkey-options', { token: boss.token });
    expect(challenge).toMatchObject({
      status: 200,
      body: { rpId: CONSOLE_HOST, allowCredentials: [{ id: authenticator.credentialId.toString('base64url') }] },
    });
    const assertion = authenticator.get(challenge.body);
    const proved = await request(keyApi, 'POST', '/api/auth/sudo', { token: boss.token, json: { passkey: assertion } });
    expect(proved).toMatchObject({ status: 200, body: { code: 'notice.identityConfirmed' } });
    expect(
      (await request(keyApi, 'POST', '/api/release-tokens', { token: proved.body.token, json: { area: 'public' } }))
        .status,
    ).toBe(201);
    // The same answer again: its challenge is spent.
    const replayed = await request(keyApi, 'POST', '/api/auth/sudo', {
      token: boss.token,
      json: { passkey: assertion },
    });
    expect(replayed).toMatchObject({ status: 403, body: { code: 'session.passkeyNotAccepted' } });
    expect(replayed.body.token).toBeUndefined();

    // Forged: signed by another key, or by the passkey for the site's page.
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    for (const change of [{ key: other }, { origin: 'http://localhost' }]) {
      const fresh = await request(keyApi, 'POST', '/api/auth/sudo/passkey-options', { token: boss.token });
      const forged = await request(keyApi, 'POST', '/api/auth/sudo', {
        token: boss.token,
        json: { passkey: authenticator.get(fresh.body, change) },
      });
      expect(forged, JSON.stringify(Object.keys(change))).toMatchObject({
        status: 403,
        body: { code: 'session.passkeyNotAccepted' },
      });
    }
    // A challenge made for someone else is not this admin's.
    const colleague = await account(keyApi, 'admin');
    const theirs = await request(keyApi, 'POST', '/api/auth/passkeys/options', { token: colleague.token });
    const mixed = await request(keyApi, 'POST', '/api/auth/sudo', {
      token: boss.token,
      json: { passkey: authenticator.get({ challenge: theirs.body.challenge, rpId: CONSOLE_HOST }) },
    });
    expect(mixed).toMatchObject({ status: 403, body: { code: 'session.passkeyNotAccepted' } });

    const used = await request(keyApi, 'GET', '/api/auth/passkeys', { token: boss.token });
    expect(used.body.passkeys[0].lastUsedAt).toEqual(expect.any(String));
    // Removing one is itself behind the proof.
    const id = added.body.passkey.id as number;
    expect(await request(keyApi, 'DELETE', `/api/auth/passkeys/${id}`, { token: boss.token })).toMatchObject({
      status: 403,
      body: { code: 'session.sudoRequired' },
    });
    expect(await request(keyApi, 'DELETE', `/api/auth/passkeys/${id}`, { token: proved.body.token })).toMatchObject({
      status: 200,
      body: { code: 'notice.passkeyRemoved' },
    });
    expect((await request(keyApi, 'GET', '/api/auth/passkeys', { token: boss.token })).body.passkeys).toEqual([]);
  });
});
