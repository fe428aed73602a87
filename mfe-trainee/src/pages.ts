/**
 * The pages this area serves (on the public layout, behind sign-in): its route table (expose.tsx) lists exactly
 * these, and its release records them, so the shell routes them here without a release of the shell.
 */
import type { AreaPages } from '@btls/build-config/remotes';
import { paths, patternOf } from '@btls/shared-auth/paths';

export const PAGES: AreaPages = {
  layout: 'public',
  signedIn: true,
  patterns: [paths.dashboard, paths.applyForCourse, paths.applyForJob, paths.certificate, paths.profile].map(patternOf),
};
