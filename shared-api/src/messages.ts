/**
 * Every text the platform's server says, the catalogue of codes, put together from the resources' parts: each
 * resource's folder holds the texts the browser shows from its own code (`texts.ts`: its forms' checks and its
 * calls' docs/product.md §8 fallbacks, which the server answers with the same words) and those only the server
 * sends (`answers.ts`), which reach the browser with their code; the common ones are in ./texts.ts and
 * ./answers.ts.
 *
 * Every text has a stable code, `<group>.<key>` (see codes.ts): the server answers an error with the English
 * `message` and its `code`, and the client translates by code. One text is defined once, under one code; a
 * group (`validation`, `fallback`, `notice`) may have its keys in several resources.
 * A text with parameters takes one object (`({ id }) => …`): the answer's `params` are that object.
 */
import { catalogue as common } from './answers';
import { catalogue as auth } from './auth/answers';
import { catalogue as certificates } from './certificates/answers';
import { catalogue as contact } from './contact/answers';
import { catalogue as courses } from './courses/answers';
import { catalogue as enrollments } from './enrollments/answers';
import { catalogue as jobApplications } from './job-applications/answers';
import { catalogue as jobs } from './jobs/answers';
import { catalogue as outboxPart } from './outbox/answers';
import { catalogue as progress } from './progress/answers';
import { catalogue as releasesPart } from './releases/answers';
import { catalogue as users } from './users/answers';

type Part = Record<string, Record<string, unknown>>;
type Together<T> = (T extends unknown ? (part: T) => void : never) extends (part: infer All) => void ? All : never;

/** The parts' groups put together: a group's keys from every part that has some. */
function together<T extends Part[]>(...parts: T): { [G in keyof Together<T[number]>]: Together<T[number]>[G] } {
  const groups: Part = {};
  for (const part of parts)
    for (const [group, texts] of Object.entries(part)) groups[group] = { ...groups[group], ...texts };
  return groups as never;
}

/** Every group by name: the codes are `<group>.<key>` of this object. */
export const messageCatalogue = together(
  common,
  auth,
  users,
  courses,
  enrollments,
  progress,
  certificates,
  jobs,
  jobApplications,
  contact,
  outboxPart,
  releasesPart,
);

// Each group whole, for the server's code (`notice.jobPosted`, `validation.requiredFields`).
export const {
  validation,
  credentialCheck,
  account,
  jobApplication,
  fallback,
  request,
  session,
  user,
  course,
  enrollment,
  certificate,
  job,
  image,
  outbox,
  limit,
  release,
  releases,
  notice,
} = messageCatalogue;
export { SITE_DATA_BLOCKED } from './auth/texts';
