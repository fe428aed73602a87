/**
 * The texts beside this file, as descriptors for the shared texts' catalogue: `errorMessage()` and
 * `noticeText()` show an answer's text in the page's language by its `code`. Written by scripts/server-texts.mjs
 * (do not edit: change the texts, then `npm run i18n`): the id of each is the code (`<group>.<key>`), its
 * message the English text in ICU form, with `{name}` for a parameter and a plural where the English has one.
 * The catalogue check (`npm run lint`) fails on a missing French or Kinyarwanda translation. Nothing imports
 * this file: it is read by the extractor.
 */
export const SERVER_TEXTS = [
  // release
  /*i18n*/ { id: 'release.tokenMissing', message: 'Send a release token (BTLS_RELEASE_TOKEN) or sign in as an admin.' },
  /*i18n*/ { id: 'release.tokenInvalid', message: 'This release token is not valid: it is unknown or was revoked.' },
  /*i18n*/ { id: 'release.wrongArea', message: 'This release token releases the {tokenArea} area, not {area}.' },
  /*i18n*/ { id: 'release.unknownArea', message: 'There is no area called {area}.' },
  /*i18n*/ {
    id: 'release.manifestMissing',
    message: 'The upload must start with the release manifest (a part named manifest).',
  },
  /*i18n*/ { id: 'release.manifestInvalid', message: 'The release manifest is not valid: {problem}' },
  /*i18n*/ { id: 'release.areaMismatch', message: 'The manifest is of the {manifestArea} area, not {area}.' },
  /*i18n*/ { id: 'release.fileNotInManifest', message: '{path} is not a file of the release manifest.' },
  /*i18n*/ { id: 'release.fileHashMismatch', message: '{path} does not match its hash in the release manifest.' },
  /*i18n*/ { id: 'release.filesMissing', message: 'Files of the release manifest are missing: {paths}.' },
  /*i18n*/ {
    id: 'release.versionTaken',
    message:
      'Version {version} of this area was released with other files, and a release never changes: build a new version.',
  },
  /*i18n*/ {
    id: 'release.hashedNameTaken',
    message:
      "An earlier release of this area has files of these names with other bytes, and a file named by its content's hash never changes: {paths}. Build the release again.",
  },
  /*i18n*/ { id: 'release.notFound', message: 'The {area} area has no release {version}.' },
  /*i18n*/ { id: 'release.incompatible', message: 'This release cannot be activated: {problems}.' },
  /*i18n*/ {
    id: 'release.changedMeanwhile',
    message: 'Another release of this area became active meanwhile ({active}); check it and try again.',
  },
  /*i18n*/ { id: 'release.nothingToRollBack', message: 'This area has no earlier release to go back to.' },
  /*i18n*/ { id: 'release.tokenNotFound', message: 'Release token not found.' },
  /*i18n*/ {
    id: 'release.trialNotNewer',
    message: 'Only a release uploaded after the active one can be tried; {version} is not newer.',
  },
  /*i18n*/ { id: 'release.fileSizeMismatch', message: '{path} is larger than its size in the release manifest.' },
  /*i18n*/ { id: 'release.fileSizeDiffers', message: '{path} is not the size the release manifest gives it.' },
  /*i18n*/ {
    id: 'release.rolloutNeedsActive',
    message: 'This area has no active release yet: release it to everyone first.',
  },
  /*i18n*/ { id: 'release.rolloutIsActive', message: '{version} is already the active release: every browser has it.' },
  /*i18n*/ {
    id: 'release.rolloutRunning',
    message: 'A rollout of {version} is running: promote it or stop it before starting another.',
  },
  /*i18n*/ { id: 'release.noRollout', message: 'No rollout of this area is running.' },
  /*i18n*/ { id: 'release.rolloutShareOrStages', message: 'Give either a share of browsers or stages, not both.' },
  /*i18n*/ {
    id: 'release.stagesRising',
    message: 'Stages are shares that rise, each above the one before, the first below 100 (e.g. 5, 25, 50, 100).',
  },
  /*i18n*/ {
    id: 'release.notInTrial',
    message:
      'Refused in a trial: a candidate release may be running on the trial site, so no admin, release or token operation is done there or with a session signed in there. Sign in on the site itself.',
  },
  /*i18n*/ {
    id: 'release.quotaPassed',
    message:
      'This area keeps {releases} releases ({megabytes} MB) that cannot go (the active one, one rolling out, the newest five), and this release ({size} MB) would pass its quota of {quotaReleases} releases and {quotaMegabytes} MB.',
  },
  /*i18n*/ {
    id: 'release.tooManyUploads',
    message: 'This area has uploaded as many releases as it may in an hour. Try again in {minutes} minutes.',
  },
  /*i18n*/ {
    id: 'release.uploadUnderway',
    message: 'Another upload of this area is under way: try again once it has ended.',
  },
  /*i18n*/ {
    id: 'release.trialsOff',
    message:
      'Trials need a site of their own: this server has no TRIAL_URL, so no trial link can be made (docs/releasing.md).',
  },
  // releases
  /*i18n*/ { id: 'releases.failedReleases', message: 'Could not load the releases. Please try again.' },
  /*i18n*/ { id: 'releases.failedReleaseChange', message: 'Could not change the release. Please try again.' },
  /*i18n*/ { id: 'releases.failedTokens', message: 'Could not load or change the release tokens. Please try again.' },
  // notice
  /*i18n*/ {
    id: 'notice.releaseTokenCreated',
    message: 'Release token for the {area} area created. Copy it now: it is not shown again.',
  },
  /*i18n*/ { id: 'notice.releaseTokenRevoked', message: 'Release token revoked.' },
  /*i18n*/ { id: 'notice.releaseUploaded', message: 'Release {area}@{version} uploaded.' },
  /*i18n*/ {
    id: 'notice.releaseTrialLink',
    message: 'Open this link within two hours to try {area}@{version} in that browser only.',
  },
  /*i18n*/ { id: 'notice.releaseActivated', message: 'Release {area}@{version} is active.' },
  /*i18n*/ { id: 'notice.releasesPruned', message: '{count, plural, one {# release} other {# releases}} pruned.' },
  /*i18n*/ {
    id: 'notice.releaseRolloutStarted',
    message: 'Release {area}@{version} now goes to {percent}% of browsers.',
  },
  /*i18n*/ {
    id: 'notice.releaseRolloutStopped',
    message: 'The rollout of {area}@{version} is stopped: every browser gets the active release again.',
  },
];
