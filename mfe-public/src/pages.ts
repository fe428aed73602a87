/**
 * The pages this area serves: its route table (expose.tsx) lists exactly these, and its release records them,
 * so the shell routes them here and the server renders them without a release of the shell. A new page is
 * added here and in the route table.
 */
import type { AreaPages } from '@btls/build-config/remotes';
import { paths, patternOf } from '@btls/shared-auth/paths';

export const PAGES: AreaPages = {
  layout: 'public',
  signedIn: false,
  patterns: [
    paths.home,
    paths.courses,
    paths.course,
    paths.experience,
    paths.jobs,
    paths.job,
    paths.about,
    paths.contact,
    paths.privacyPolicy,
    paths.termsOfService,
    paths.login,
    paths.register,
    paths.employerRegister,
    paths.forgotPassword,
    paths.resetPassword,
    paths.certificateCheck,
    paths.verify,
    paths.enroll,
  ].map(patternOf),
  // What a search engine should find; the forms and a code's check are reached from these.
  indexed: [
    paths.home,
    paths.courses,
    paths.jobs,
    paths.experience,
    paths.about,
    paths.contact,
    paths.privacyPolicy,
    paths.termsOfService,
    // The box a printed certificate names; a code's own check is reached from it, not listed.
    paths.certificateCheck,
  ],
};
