#!/usr/bin/env node
// @ts-check
/**
 * An area team's release, run in the area's folder (`mfe-trainer/`):
 *
 *   npm run release                   build, upload, activate
 *   npm run release -- --percent 10   build, upload, and serve it to 10 % of browsers first (each browser keeps
 *                                     its version); again with another percent changes the share. It stops on
 *                                     its own if the rule finds it worse than the active version (docs/releasing.md)
 *   npm run release -- --stages 5,25,50,100 --every 15m [--stage-browsers 50]
 *                                     the same in stages that come on their own: each next share once the
 *                                     stage has had its time and browsers and no regression is found; 100 promotes
 *   npm run release -- --promote      the running rollout's version to every browser
 *   npm run release -- --candidate    build and upload only: prints a link (two hours) that tries it in one browser
 *   npm run release -- --no-build     release dist/ as it was built
 *   npm run rollback                  stop the running rollout; without one, the previous active version again
 *   npm run rollback -- <version>     that version again
 *
 * It reads BTLS_URL (the site, e.g. https://btls.example.rw) and BTLS_RELEASE_TOKEN (a token of this area, from
 * an admin: POST /api/release-tokens). Any refusal prints the server's words and exits with 1.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';

const [command = 'release', ...args] = process.argv.slice(2);
const flag = (name) => args.includes(name);
const folder = resolve(process.cwd());
const dist = join(folder, 'dist');

function fail(message) {
  console.error(`${command}: ${message}`);
  process.exit(1);
}

const site = process.env.BTLS_URL?.replace(/\/+$/, '');
const token = process.env.BTLS_RELEASE_TOKEN;
if (!site) fail('set BTLS_URL to the site, e.g. BTLS_URL=https://btls.example.rw');
if (!token) fail('set BTLS_RELEASE_TOKEN to a release token of this area (an admin creates one)');

/** One call of the release API: its JSON answer, or the process ends with the server's words. */
async function api(path, init = {}) {
  let response;
  try {
    response = await fetch(`${site}/api${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
    });
  } catch (error) {
    fail(`cannot reach ${site}: ${error.cause?.message ?? error.message}`);
  }
  const text = await response.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = { message: text.slice(0, 300) };
  }
  if (!response.ok) fail(`${response.status} ${body?.message ?? response.statusText}`);
  return body;
}

const area =
  /^mfe-([a-z]+)$/.exec(basename(folder))?.[1] ?? fail(`run it in an area's folder (mfe-<area>), not ${folder}`);

async function activeVersion() {
  const releases = await api('/releases');
  return releases.find((item) => item.area === area)?.active ?? null;
}

if (command === 'rollback') {
  const version = args.find((arg) => !arg.startsWith('--'));
  const done = await api(`/releases/${area}/rollback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(version ? { version } : {}),
  });
  console.log(`${done.message} (was ${done.previous ?? 'none'})`);
  process.exit(0);
}
if (command !== 'release') fail(`unknown command ${command} (release or rollback)`);

if (flag('--promote')) {
  const done = await api(`/releases/${area}/promote`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  console.log(`${done.message} (was ${done.previous ?? 'none'}); every browser gets it at its next page load.`);
  process.exit(0);
}
const percentAt = args.indexOf('--percent');
const percent = percentAt >= 0 ? Number(args[percentAt + 1]) : undefined;
if (percent !== undefined && !(Number.isInteger(percent) && percent >= 1 && percent <= 100))
  fail('--percent takes a whole number from 1 to 100 (100: everyone, as without it)');

const stagesAt = args.indexOf('--stages');
const stages =
  stagesAt >= 0
    ? String(args[stagesAt + 1] ?? '')
        .split(',')
        .map(Number)
    : undefined;
if (stages && !(stages.length && stages.every((at) => Number.isInteger(at) && at >= 1 && at <= 100)))
  fail('--stages takes rising shares separated by commas, e.g. 5,25,50,100');
if (stages && percent !== undefined) fail('give --percent or --stages, not both');
/** `15m`, `2h`, `30s`, `1d` (or seconds) in seconds. */
const everyAt = args.indexOf('--every');
const everyText = everyAt >= 0 ? String(args[everyAt + 1] ?? '') : undefined;
const unit = { s: 1, m: 60, h: 3600, d: 86400 };
const everyMatch = everyText === undefined ? undefined : /^(\d+)([smhd]?)$/.exec(everyText);
if (everyText !== undefined && !everyMatch) fail('--every takes a time such as 30s, 15m, 2h or 1d');
const every = everyMatch ? Number(everyMatch[1]) * unit[everyMatch[2] || 's'] : undefined;
const stageBrowsersAt = args.indexOf('--stage-browsers');
const stageBrowsers = stageBrowsersAt >= 0 ? Number(args[stageBrowsersAt + 1]) : undefined;
if (stageBrowsers !== undefined && !(Number.isInteger(stageBrowsers) && stageBrowsers >= 0))
  fail('--stage-browsers takes a whole number');
if ((every !== undefined || stageBrowsers !== undefined) && !stages)
  fail('--every and --stage-browsers go with --stages');

if (!flag('--no-build')) {
  // A production build, whatever the shell it runs in says (a test runner sets NODE_ENV=test).
  const built = spawnSync('npm', ['run', 'build'], {
    cwd: folder,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (built.status !== 0) fail('the build failed');
}
const manifestFile = join(dist, 'release.json');
if (!existsSync(manifestFile)) fail(`${manifestFile} is missing: the build writes it`);
const manifestText = readFileSync(manifestFile, 'utf8');
const manifest = JSON.parse(manifestText);
if (manifest.area !== area) fail(`dist/release.json is of the ${manifest.area} area, not ${area}`);

const before = await activeVersion();
const form = new FormData();
form.append('manifest', manifestText);
// Files that live on a CDN (manifest.base) are not sent: the server fetches and checks them.
if (!manifest.base)
  for (const path of Object.keys(manifest.files)) form.append(path, new Blob([readFileSync(join(dist, path))]), path);
const uploaded = await api(`/releases/${area}`, { method: 'POST', body: form });
console.log(uploaded.created ? uploaded.message : `${area}@${manifest.version} was uploaded before; nothing changed.`);

if (flag('--candidate')) {
  // A link the server signs for this team: whoever opens it tries the candidate in that browser only.
  const trial = await api(`/releases/${area}/trial`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ version: manifest.version }),
  });
  console.log(`${trial.message}\n  ${trial.link}\n  (?release=none on any page of the trial site ends the trial)`);
  process.exit(0);
}
if (stages) {
  const started = await api(`/releases/${area}/rollout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ version: manifest.version, stages, every, stageBrowsers, expected: before }),
  });
  console.log(
    `${started.message} The others keep ${started.active}. Next: ${
      stages
        .slice(1)
        .map((at) => `${at}%`)
        .join(', ') || 'none'
    }, ` +
      'each when its stage has had its time and browsers and no regression is found (the Releases page shows it).\n' +
      '  npm run release -- --promote   to every browser now\n  npm run rollback               stop it',
  );
  process.exit(0);
}
if (percent !== undefined && percent < 100) {
  const started = await api(`/releases/${area}/rollout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ version: manifest.version, percent, expected: before }),
  });
  console.log(
    `${started.message} The others keep ${started.active}.\n` +
      '  npm run release -- --promote   to every browser\n  npm run rollback               stop it',
  );
  process.exit(0);
}
const done = await api(`/releases/${area}/activate`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ version: manifest.version, expected: before }),
});
console.log(`${done.message} (was ${done.previous ?? 'none'}); every browser gets it at its next page load.`);
