/**
 * The candidate releases a tester tries in this browser only: a trial link the API signs for an admin or the
 * area's team (`?release=trainer@1.0.0+3f2a9c1d0b~<expiry>~<link id>~<signature>` on any page of the trial
 * origin) sets it, `?release=none` ends it; kept in the cookie `btlsReleases`. The server serves remotes.json and renders pages with them for
 * this browser; nobody else sees them. Not part of the shared entry (a tester's concern, not every visitor's):
 * the API and the shell's trial bar import this file.
 */
export const RELEASE_TRIAL_KEY = 'btlsReleases';

/**
 * The versions named in a trial's text (`trainer@1.0.0+3f2a…~…~…,public@…`), by area; anything else is left
 * out. Only what the tickets name: whether they are valid is the server's to say.
 */
export function parseReleaseTrial(text: string | null | undefined): Record<string, string> {
  const trial: Record<string, string> = {};
  let decoded: string;
  try {
    decoded = decodeURIComponent(text ?? '');
  } catch {
    return trial;
  }
  for (const item of decoded.split(',')) {
    const match = /^([a-z]{1,30})@([\w.+-]{1,100})(?:~\d{1,12}~[\w-]{12}~[\w-]{43})?$/.exec(item.trim());
    if (match) trial[match[1]!] = match[2]!;
  }
  return trial;
}
