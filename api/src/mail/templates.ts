/**
 * Every e-mail the platform sends, as plain text plus simple HTML built from the same paragraphs, so the two
 * never say different things. Links are absolute, built from the site's public address. Each e-mail is written
 * in its recipient's language, with the words of mail/words.ts.
 */
import { wordsFor, type MailWords } from './words';

export interface Mail {
  subject: string;
  text: string;
  html: string;
}

type Part = string | { label: string; url: string };
type Paragraph = Part | Part[];

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function compose(
  words: MailWords,
  subject: string,
  greetingName: string | null,
  paragraphs: Paragraph[],
  footer?: Paragraph,
): Mail {
  const all: Paragraph[] = [words.hello(greetingName), ...paragraphs, words.signature];
  if (footer) all.push(footer);
  const parts = (p: Paragraph) => (Array.isArray(p) ? p : [p]);
  const text = all
    .map((p) =>
      parts(p)
        .map((part) => (typeof part === 'string' ? part : `${part.label}: ${part.url}`))
        .join(''),
    )
    .join('\n\n');
  const body = all
    .map(
      (p) =>
        `<p>${parts(p)
          .map((part) =>
            typeof part === 'string'
              ? escapeHtml(part).replace(/\n/g, '<br>')
              : `<a href="${escapeHtml(part.url)}">${escapeHtml(part.label)}</a>`,
          )
          .join('')}</p>`,
    )
    .join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#222">\n${body}\n</body></html>`;
  return { subject, text: `${text}\n`, html };
}

/**
 * The site's pages an e-mail links to, and the admin console's (`adminUrl`): an admin's pages and sign-in are
 * the console's alone, so what is sent to admins links there.
 */
export function sitePaths(publicUrl: string, adminUrl: string = publicUrl) {
  const base = publicUrl.replace(/\/+$/, '');
  const consoleBase = adminUrl.replace(/\/+$/, '');
  return {
    dashboard: `${base}/dashboard`,
    login: `${base}/login`,
    forgotPassword: `${base}/forgot-password`,
    /** The page a reset link opens. */
    resetPasswordPage: `${base}/reset-password`,
    /**
     * The token in the fragment: a browser never sends it, so no server, proxy, log, page render or Referer
     * sees it; the page reads it and sends it in a request's body.
     */
    resetPassword: (token: string) => `${base}/reset-password#token=${encodeURIComponent(token)}`,
    /** An admin's reset link: on the console, where an admin signs in afterwards. */
    adminResetPassword: (token: string) => `${consoleBase}/reset-password#token=${encodeURIComponent(token)}`,
    progressReview: (enrollmentId: number) => `${consoleBase}/admin/enrollments/${enrollmentId}/progress`,
    studentProgress: (enrollmentId: number) => `${base}/trainer/student-progress/${enrollmentId}`,
    certificate: (code: string) => `${base}/certificate/${encodeURIComponent(code)}`,
    verify: (code: string) => `${base}/verify/${encodeURIComponent(code)}`,
    adminMessages: `${consoleBase}/admin/messages`,
    employerDashboard: `${base}/employer/dashboard`,
    jobApplicants: (jobId: number) => `${base}/employer/jobs/${jobId}/applicants`,
    /** Where a user of this role turns non-essential e-mails off; admins have no such page. */
    profile: (role: string) =>
      ({ trainee: `${base}/profile`, trainer: `${base}/trainer/profile`, employer: `${base}/employer/profile` })[role],
  };
}
export type SitePaths = ReturnType<typeof sitePaths>;

interface Person {
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  /** The recipient's language: 'en', 'fr' or 'rw' (English when missing). */
  language?: string | null;
}
const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

export function templates(paths: SitePaths) {
  /** The footer of every non-essential e-mail: how to stop them. */
  const optOut = (w: MailWords, to: Person): Paragraph | undefined => {
    const profile = paths.profile(to.role);
    return profile ? [w.optOut, { label: w.profile, url: profile }] : undefined;
  };

  return {
    applicationReceived(to: Person, course: string, applicationId: number): Mail {
      const w = wordsFor(to.language);
      return compose(
        w,
        w.applicationReceived.subject(course),
        to.firstName,
        [
          w.applicationReceived.received(course, applicationId),
          w.applicationReceived.next,
          { label: w.dashboard, url: paths.dashboard },
        ],
        optOut(w, to),
      );
    },

    applicationStatusChanged(
      to: Person,
      course: string,
      applicationId: number,
      status: string,
      adminNotes: string | null,
    ): Mail {
      const w = wordsFor(to.language);
      const said = w.status(status);
      return compose(
        w,
        w.applicationStatus.subject(course, said),
        to.firstName,
        [
          w.applicationStatus.now(course, applicationId, said),
          adminNotes ? w.applicationStatus.notes(adminNotes) : w.applicationStatus.noNotes,
          { label: w.dashboard, url: paths.dashboard },
        ],
        optOut(w, to),
      );
    },

    trainerAssignedToTrainee(to: Person, course: string, trainer: Person): Mail {
      const w = wordsFor(to.language);
      return compose(
        w,
        w.trainerToTrainee.subject(course),
        to.firstName,
        [
          w.trainerToTrainee.body(fullName(trainer), course, trainer.email),
          { label: w.dashboard, url: paths.dashboard },
        ],
        optOut(w, to),
      );
    },

    trainerAssignedToTrainer(to: Person, course: string, trainee: Person, applicationId: number): Mail {
      const w = wordsFor(to.language);
      return compose(
        w,
        w.trainerToTrainer.subject(fullName(trainee), course),
        to.firstName,
        [
          w.trainerToTrainer.body(fullName(trainee), trainee.email, course),
          { label: w.trainerToTrainer.record, url: paths.studentProgress(applicationId) },
        ],
        optOut(w, to),
      );
    },

    trainingCompleted(to: Person, course: string, trainee: Person, trainer: Person, applicationId: number): Mail {
      const w = wordsFor(to.language);
      return compose(
        w,
        w.trainingCompleted.subject(fullName(trainee), course),
        to.firstName,
        [
          w.trainingCompleted.body(fullName(trainer), fullName(trainee), course),
          [
            w.trainingCompleted.review,
            { label: w.trainingCompleted.reviewLabel, url: paths.progressReview(applicationId) },
          ],
        ],
        optOut(w, to),
      );
    },

    certificateIssued(to: Person, course: string, code: string): Mail {
      const w = wordsFor(to.language);
      return compose(
        w,
        w.certificateIssued.subject(course),
        to.firstName,
        [
          w.certificateIssued.body(course, code),
          { label: w.certificateIssued.yours, url: paths.certificate(code) },
          [w.certificateIssued.check, { label: w.certificateIssued.verify, url: paths.verify(code) }],
        ],
        optOut(w, to),
      );
    },

    contactMessage(to: Person, message: { name: string; email: string; subject: string; message: string }): Mail {
      const w = wordsFor(to.language);
      return compose(
        w,
        w.contactMessage.subject(message.subject),
        to.firstName,
        [
          w.contactMessage.wrote(message.name, message.email),
          w.contactMessage.subjectLine(message.subject),
          message.message,
          { label: w.contactMessage.all, url: paths.adminMessages },
        ],
        optOut(w, to),
      );
    },

    jobApplicationReceived(
      to: Person,
      job: { id: number; title: string },
      applicant: Person,
      certificates: number,
    ): Mail {
      const w = wordsFor(to.language);
      return compose(
        w,
        w.jobApplicationReceived.subject(job.title, fullName(applicant)),
        to.firstName,
        [
          w.jobApplicationReceived.body(fullName(applicant), job.title, certificates),
          { label: w.jobApplicationReceived.review, url: paths.jobApplicants(job.id) },
        ],
        optOut(w, to),
      );
    },

    jobApplicationStatusChanged(
      to: Person,
      job: { title: string; companyName: string },
      status: string,
      note: string | null,
    ): Mail {
      const w = wordsFor(to.language);
      const said = w.status(status);
      return compose(
        w,
        w.jobApplicationStatus.subject(job.title, said),
        to.firstName,
        [
          w.jobApplicationStatus.body(job.companyName, job.title, said),
          note ? w.jobApplicationStatus.note(note) : '',
          { label: w.dashboard, url: paths.dashboard },
        ].filter((p) => p !== ''),
        optOut(w, to),
      );
    },

    employerWelcome(to: Person & { companyName: string | null }): Mail {
      const w = wordsFor(to.language);
      return compose(w, w.employerWelcome.subject(to.companyName ?? fullName(to)), to.firstName, [
        w.employerWelcome.body(to.companyName),
        { label: w.employerWelcome.portal, url: paths.employerDashboard },
      ]);
    },

    passwordReset(to: Person, token: string, validMinutes: number): Mail {
      const w = wordsFor(to.language);
      return compose(w, w.passwordReset.subject, to.firstName, [
        w.passwordReset.asked,
        {
          label: w.passwordReset.link,
          url: to.role === 'admin' ? paths.adminResetPassword(token) : paths.resetPassword(token),
        },
        w.passwordReset.validity(validMinutes),
      ]);
    },
  };
}
export type Templates = ReturnType<typeof templates>;
