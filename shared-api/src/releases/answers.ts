/**
 * The texts of the releases resource that only the server sends: they reach the browser as `{ message, code, params }` and
 * are shown by code, so no page carries their English. A text with parameters takes one object.
 */
import { releases } from './texts';

export const releaseNotices = {
  releaseTokenCreated: ({ area }: { area: string }) =>
    `Release token for the ${area} area created. Copy it now: it is not shown again.`,
  releaseTokenRevoked: 'Release token revoked.',
  releaseUploaded: ({ area, version }: { area: string; version: string }) => `Release ${area}@${version} uploaded.`,
  releaseTrialLink: ({ area, version }: { area: string; version: string }) =>
    `Open this link within two hours to try ${area}@${version} in that browser only.`,
  releaseActivated: ({ area, version }: { area: string; version: string }) => `Release ${area}@${version} is active.`,
  releasesPruned: ({ count }: { count: number }) => `${count} release${count === 1 ? '' : 's'} pruned.`,
  releaseRolloutStarted: ({ area, version, percent }: { area: string; version: string; percent: number }) =>
    `Release ${area}@${version} now goes to ${percent}% of browsers.`,
  releaseRolloutStopped: ({ area, version }: { area: string; version: string }) =>
    `The rollout of ${area}@${version} is stopped: every browser gets the active release again.`,
} as const;

/** The release API's answers (what a team's `npm run release` prints). */
export const release = {
  tokenMissing: 'Send a release token (BTLS_RELEASE_TOKEN) or sign in as an admin.',
  tokenInvalid: 'This release token is not valid: it is unknown or was revoked.',
  wrongArea: ({ tokenArea, area }: { tokenArea: string; area: string }) =>
    `This release token releases the ${tokenArea} area, not ${area}.`,
  unknownArea: ({ area }: { area: string }) => `There is no area called ${area}.`,
  manifestMissing: 'The upload must start with the release manifest (a part named manifest).',
  manifestInvalid: ({ problem }: { problem: string }) => `The release manifest is not valid: ${problem}`,
  areaMismatch: ({ manifestArea, area }: { manifestArea: string; area: string }) =>
    `The manifest is of the ${manifestArea} area, not ${area}.`,
  fileNotInManifest: ({ path }: { path: string }) => `${path} is not a file of the release manifest.`,
  fileHashMismatch: ({ path }: { path: string }) => `${path} does not match its hash in the release manifest.`,
  filesMissing: ({ paths }: { paths: string }) => `Files of the release manifest are missing: ${paths}.`,
  versionTaken: ({ version }: { version: string }) =>
    `Version ${version} of this area was released with other files, and a release never changes: build a new version.`,
  hashedNameTaken: ({ paths }: { paths: string }) =>
    `An earlier release of this area has files of these names with other bytes, and a file named by its content's hash never changes: ${paths}. Build the release again.`,
  notFound: ({ area, version }: { area: string; version: string }) => `The ${area} area has no release ${version}.`,
  incompatible: ({ problems }: { problems: string }) => `This release cannot be activated: ${problems}.`,
  changedMeanwhile: ({ active }: { active: string }) =>
    `Another release of this area became active meanwhile (${active}); check it and try again.`,
  nothingToRollBack: 'This area has no earlier release to go back to.',
  tokenNotFound: 'Release token not found.',
  trialNotNewer: ({ version }: { version: string }) =>
    `Only a release uploaded after the active one can be tried; ${version} is not newer.`,
  fileSizeMismatch: ({ path }: { path: string }) => `${path} is larger than its size in the release manifest.`,
  fileSizeDiffers: ({ path }: { path: string }) => `${path} is not the size the release manifest gives it.`,
  rolloutNeedsActive: 'This area has no active release yet: release it to everyone first.',
  rolloutIsActive: ({ version }: { version: string }) =>
    `${version} is already the active release: every browser has it.`,
  rolloutRunning: ({ version }: { version: string }) =>
    `A rollout of ${version} is running: promote it or stop it before starting another.`,
  noRollout: 'No rollout of this area is running.',
  rolloutShareOrStages: 'Give either a share of browsers or stages, not both.',
  stagesRising: 'Stages are shares that rise, each above the one before, the first below 100 (e.g. 5, 25, 50, 100).',
  notInTrial:
    'Refused in a trial: a candidate release may be running on the trial site, so no admin, release or token operation is done there or with a session signed in there. Sign in on the site itself.',
  quotaPassed: ({
    releases,
    megabytes,
    size,
    quotaReleases,
    quotaMegabytes,
  }: {
    releases: number;
    megabytes: number;
    size: number;
    quotaReleases: number;
    quotaMegabytes: number;
  }) =>
    `This area keeps ${releases} releases (${megabytes} MB) that cannot go (the active one, one rolling out, the newest five), and this release (${size} MB) would pass its quota of ${quotaReleases} releases and ${quotaMegabytes} MB.`,
  tooManyUploads: ({ minutes }: { minutes: number }) =>
    `This area has uploaded as many releases as it may in an hour. Try again in ${minutes} minutes.`,
  uploadUnderway: 'Another upload of this area is under way: try again once it has ended.',
  trialsOff:
    'Trials need a site of their own: this server has no TRIAL_URL, so no trial link can be made (docs/releasing.md).',
} as const;

/** This part of the catalogue of codes, by group (messages.ts puts the parts together). */
export const catalogue = { release, releases, notice: releaseNotices } as const;
