/**
 * Every e-mail the platform sends, as plain text plus simple HTML built from the same paragraphs, so the two
 * never say different things. Links are absolute, built from the site's public address.
 */

export interface Mail {
  subject: string;
  text: string;
  html: string;
}

type Part = string | { label: string; url: string };
type Paragraph = Part | Part[];

const SIGNATURE = 'BTLS Coffee Training Centre, Kigali';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function compose(subject: string, greetingName: string | null, paragraphs: Paragraph[], footer?: Paragraph): Mail {
  const all: Paragraph[] = [greetingName ? `Hello ${greetingName},` : 'Hello,', ...paragraphs, SIGNATURE];
  if (footer) all.push(footer);
  const parts = (p: Paragraph) => (Array.isArray(p) ? p : [p]);
  const text = all
    .map((p) => parts(p).map((part) => (typeof part === 'string' ? part : `${part.label}: ${part.url}`)).join(''))
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

/** The site's pages an e-mail links to. */
export function sitePaths(publicUrl: string) {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    dashboard: `${base}/dashboard`,
    login: `${base}/login`,
    forgotPassword: `${base}/forgot-password`,
    resetPassword: (token: string) => `${base}/reset-password/${encodeURIComponent(token)}`,
    progressReview: (enrollmentId: number) => `${base}/admin/enrollments/${enrollmentId}/progress`,
    studentProgress: (enrollmentId: number) => `${base}/trainer/student-progress/${enrollmentId}`,
    certificate: (code: string) => `${base}/certificate/${encodeURIComponent(code)}`,
    verify: (code: string) => `${base}/verify/${encodeURIComponent(code)}`,
    adminMessages: `${base}/admin/messages`,
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
}
const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

/** The footer of every non-essential e-mail: how to stop them. */
function optOut(paths: SitePaths, to: Person): Paragraph | undefined {
  const profile = paths.profile(to.role);
  return profile
    ? ['You can turn these notifications off on your profile: ', { label: 'Profile', url: profile }]
    : undefined;
}

export function templates(paths: SitePaths) {
  return {
    applicationReceived(to: Person, course: string, applicationId: number): Mail {
      return compose(
        `Application received: ${course}`,
        to.firstName,
        [
          `We have received your application for "${course}" (application ID ${applicationId}).`,
          'What happens next: our team reviews it and you will get an e-mail when its status changes. ' +
            'Once it is approved, a trainer is assigned to you and you can follow your progress on your dashboard.',
          { label: 'Your dashboard', url: paths.dashboard },
        ],
        optOut(paths, to),
      );
    },

    applicationStatusChanged(
      to: Person,
      course: string,
      applicationId: number,
      status: string,
      adminNotes: string | null,
    ): Mail {
      return compose(
        `Your application for ${course} is now ${status}`,
        to.firstName,
        [
          `The status of your application for "${course}" (application ID ${applicationId}) is now: ${status}.`,
          adminNotes ? `Notes from the training centre:\n${adminNotes}` : 'There are no notes from the training centre.',
          { label: 'Your dashboard', url: paths.dashboard },
        ],
        optOut(paths, to),
      );
    },

    trainerAssignedToTrainee(to: Person, course: string, trainer: Person): Mail {
      return compose(
        `Your trainer for ${course}`,
        to.firstName,
        [
          `${fullName(trainer)} is your trainer for "${course}". You can reach them at ${trainer.email}.`,
          { label: 'Your dashboard', url: paths.dashboard },
        ],
        optOut(paths, to),
      );
    },

    trainerAssignedToTrainer(to: Person, course: string, trainee: Person, applicationId: number): Mail {
      return compose(
        `New trainee: ${fullName(trainee)} (${course})`,
        to.firstName,
        [
          `You have been assigned ${fullName(trainee)} (${trainee.email}) for "${course}".`,
          { label: 'Record their progress', url: paths.studentProgress(applicationId) },
        ],
        optOut(paths, to),
      );
    },

    trainingCompleted(to: Person, course: string, trainee: Person, trainer: Person, applicationId: number): Mail {
      return compose(
        `Training completed: ${fullName(trainee)} (${course}): issue the certificate`,
        to.firstName,
        [
          `${fullName(trainer)} has marked the training of ${fullName(trainee)} in "${course}" as completed.`,
          ['Review the progress and issue the certificate: ', { label: 'Progress review', url: paths.progressReview(applicationId) }],
        ],
        optOut(paths, to),
      );
    },

    certificateIssued(to: Person, course: string, code: string): Mail {
      return compose(
        `Your certificate for ${course}`,
        to.firstName,
        [
          `Congratulations! Your certificate for "${course}" has been issued. Its code is ${code}.`,
          { label: 'Your certificate', url: paths.certificate(code) },
          ['Anyone can check that it is genuine here: ', { label: 'Verify', url: paths.verify(code) }],
        ],
        optOut(paths, to),
      );
    },

    contactMessage(to: Person, message: { name: string; email: string; subject: string; message: string }): Mail {
      return compose(
        `Contact message: ${message.subject}`,
        to.firstName,
        [
          `${message.name} (${message.email}) wrote through the contact form. Reply to this e-mail to answer them.`,
          `Subject: ${message.subject}`,
          message.message,
          { label: 'All messages', url: paths.adminMessages },
        ],
        optOut(paths, to),
      );
    },

    jobApplicationReceived(to: Person, job: { id: number; title: string }, applicant: Person, certificates: number): Mail {
      return compose(
        `New applicant for ${job.title}: ${fullName(applicant)}`,
        to.firstName,
        [
          `${fullName(applicant)} has applied for "${job.title}"` +
            (certificates > 0
              ? `, sharing ${certificates} verifiable certificate${certificates === 1 ? '' : 's'} from our training centre.`
              : '.'),
          { label: 'Review the applicants', url: paths.jobApplicants(job.id) },
        ],
        optOut(paths, to),
      );
    },

    jobApplicationStatusChanged(to: Person, job: { title: string; companyName: string }, status: string, note: string | null): Mail {
      return compose(
        `Your application for ${job.title}: ${status}`,
        to.firstName,
        [
          `${job.companyName} has updated your application for "${job.title}". Its status is now: ${status}.`,
          note ? `Their note:\n${note}` : '',
          { label: 'Your dashboard', url: paths.dashboard },
        ].filter((p) => p !== ''),
        optOut(paths, to),
      );
    },

    employerWelcome(to: Person & { companyName: string | null }): Mail {
      return compose(`Welcome to BTLS, ${to.companyName ?? fullName(to)}`, to.firstName, [
        `Your employer account${to.companyName ? ` for ${to.companyName}` : ''} is ready. ` +
          'You can post job openings and browse trainees certified by our training centre.',
        { label: 'Employer portal', url: paths.employerDashboard },
      ]);
    },

    passwordReset(to: Person, token: string, validMinutes: number): Mail {
      return compose('Reset your BTLS password', to.firstName, [
        'Someone (we hope you) asked to reset the password of your BTLS account. Choose a new one here:',
        { label: 'Reset your password', url: paths.resetPassword(token) },
        `This link works once and for ${validMinutes} minutes. If you did not ask for it, ignore this e-mail: ` +
          'your password stays as it is.',
      ]);
    },
  };
}
export type Templates = ReturnType<typeof templates>;
