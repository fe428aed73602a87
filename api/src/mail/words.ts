/**
 * The words of every e-mail (and of the applicants' CSV export), one catalogue per language: a
 * user's e-mails and exports are written in their language. English is the original. French and Kinyarwanda were machine-drafted: every text of a
 * catalogue marked `REVIEW` waits for a native speaker's review (grep for it); take it out of
 * `awaitingReview` once checked.
 */
import type { Language } from '@btls/shared-api/constants';
import { LOCALE_DATA } from '@btls/shared-api/locale-data';

export interface MailWords {
  hello: (name: string | null) => string;
  signature: string;
  dashboard: string;
  optOut: string;
  profile: string;
  /** A status of a course application or of a job application, as the e-mail names it. */
  status: (status: string) => string;
  /** A calendar date in Kigali, e.g. 26 November 2026. */
  date: (date: Date) => string;
  applicationReceived: {
    subject: (course: string) => string;
    received: (course: string, id: number) => string;
    next: string;
  };
  applicationStatus: {
    subject: (course: string, status: string) => string;
    now: (course: string, id: number, status: string) => string;
    notes: (notes: string) => string;
    noNotes: string;
  };
  trainerToTrainee: {
    subject: (course: string) => string;
    body: (trainer: string, course: string, email: string) => string;
  };
  trainerToTrainer: {
    subject: (trainee: string, course: string) => string;
    body: (trainee: string, email: string, course: string) => string;
    record: string;
  };
  trainingCompleted: {
    subject: (trainee: string, course: string) => string;
    body: (trainer: string, trainee: string, course: string) => string;
    review: string;
    reviewLabel: string;
  };
  certificateIssued: {
    subject: (course: string) => string;
    body: (course: string, code: string) => string;
    yours: string;
    check: string;
    verify: string;
  };
  contactMessage: {
    subject: (subject: string) => string;
    wrote: (name: string, email: string) => string;
    subjectLine: (subject: string) => string;
    all: string;
  };
  jobApplicationReceived: {
    subject: (job: string, applicant: string) => string;
    body: (applicant: string, job: string, certificates: number) => string;
    review: string;
  };
  jobApplicationStatus: {
    subject: (job: string, status: string) => string;
    body: (company: string, job: string, status: string) => string;
    note: (note: string) => string;
  };
  employerWelcome: { subject: (name: string) => string; body: (company: string | null) => string; portal: string };
  passwordReset: { subject: string; asked: string; link: string; validity: (minutes: number) => string };
  /** The applicants' CSV: its column headers and the CV column's values. */
  applicantsCsv: { header: readonly string[]; yes: string; no: string };
}

const KIGALI = 'Africa/Kigali';

const en: MailWords = {
  hello: (name) => (name ? `Hello ${name},` : 'Hello,'),
  signature: 'BTLS Coffee Training Centre, Kigali',
  dashboard: 'Your dashboard',
  optOut: 'You can turn these notifications off on your profile: ',
  profile: 'Profile',
  status: (status) => status,
  date: (date) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: KIGALI }).format(date),
  applicationReceived: {
    subject: (course) => `Application received: ${course}`,
    received: (course, id) => `We have received your application for "${course}" (application ID ${id}).`,
    next:
      'What happens next: our team reviews it and you will get an e-mail when its status changes. ' +
      'Once it is approved, a trainer is assigned to you and you can follow your progress on your dashboard.',
  },
  applicationStatus: {
    subject: (course, status) => `Your application for ${course} is now ${status}`,
    now: (course, id, status) =>
      `The status of your application for "${course}" (application ID ${id}) is now: ${status}.`,
    notes: (notes) => `Notes from the training centre:\n${notes}`,
    noNotes: 'There are no notes from the training centre.',
  },
  trainerToTrainee: {
    subject: (course) => `Your trainer for ${course}`,
    body: (trainer, course, email) => `${trainer} is your trainer for "${course}". You can reach them at ${email}.`,
  },
  trainerToTrainer: {
    subject: (trainee, course) => `New trainee: ${trainee} (${course})`,
    body: (trainee, email, course) => `You have been assigned ${trainee} (${email}) for "${course}".`,
    record: 'Record their progress',
  },
  trainingCompleted: {
    subject: (trainee, course) => `Training completed: ${trainee} (${course}): issue the certificate`,
    body: (trainer, trainee, course) => `${trainer} has marked the training of ${trainee} in "${course}" as completed.`,
    review: 'Review the progress and issue the certificate: ',
    reviewLabel: 'Progress review',
  },
  certificateIssued: {
    subject: (course) => `Your certificate for ${course}`,
    body: (course, code) => `Congratulations! Your certificate for "${course}" has been issued. Its code is ${code}.`,
    yours: 'Your certificate',
    check: 'Anyone can check that it is genuine here: ',
    verify: 'Verify',
  },
  contactMessage: {
    subject: (subject) => `Contact message: ${subject}`,
    wrote: (name, email) => `${name} (${email}) wrote through the contact form. Reply to this e-mail to answer them.`,
    subjectLine: (subject) => `Subject: ${subject}`,
    all: 'All messages',
  },
  jobApplicationReceived: {
    subject: (job, applicant) => `New applicant for ${job}: ${applicant}`,
    body: (applicant, job, n) =>
      `${applicant} has applied for "${job}"` +
      (n > 0 ? `, sharing ${n} verifiable certificate${n === 1 ? '' : 's'} from our training centre.` : '.'),
    review: 'Review the applicants',
  },
  jobApplicationStatus: {
    subject: (job, status) => `Your application for ${job}: ${status}`,
    body: (company, job, status) =>
      `${company} has updated your application for "${job}". Its status is now: ${status}.`,
    note: (note) => `Their note:\n${note}`,
  },
  employerWelcome: {
    subject: (name) => `Welcome to BTLS, ${name}`,
    body: (company) =>
      `Your employer account${company ? ` for ${company}` : ''} is ready. ` +
      'You can post job openings and browse trainees certified by our training centre.',
    portal: 'Employer portal',
  },
  passwordReset: {
    subject: 'Reset your BTLS password',
    asked: 'Someone (we hope you) asked to reset the password of your BTLS account. Choose a new one here:',
    link: 'Reset your password',
    validity: (minutes) =>
      `This link works once and for ${minutes} minutes. If you did not ask for it, ignore this e-mail: ` +
      'your password stays as it is.',
  },
  applicantsCsv: {
    header: ['Name', 'Email', 'Phone', 'Status', 'Applied', 'Certificates', 'Cover note', 'Has CV'],
    yes: 'yes',
    no: 'no',
  },
};

/** French as written in Rwanda: formal "vous". REVIEW: the whole catalogue is machine-drafted. */
const fr: MailWords = {
  hello: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
  signature: 'BTLS Coffee Training Centre, Kigali',
  dashboard: 'Votre tableau de bord',
  optOut: 'Vous pouvez désactiver ces notifications sur votre profil : ',
  profile: 'Profil',
  status: (status) =>
    ({
      Pending: 'En attente',
      Approved: 'Approuvée',
      Rejected: 'Refusée',
      Waitlisted: "Sur liste d'attente",
      Completed: 'Terminée',
      New: 'Nouvelle',
      Shortlisted: 'Présélectionnée',
      Interview: 'Entretien',
      Offered: 'Offre faite',
      Hired: 'Embauché(e)',
      'Not selected': 'Non retenue',
      Withdrawn: 'Retirée',
    })[status] ?? status,
  date: (date) => new Intl.DateTimeFormat('fr-RW', { dateStyle: 'long', timeZone: KIGALI }).format(date),
  applicationReceived: {
    subject: (course) => `Candidature reçue : ${course}`,
    received: (course, id) => `Nous avons bien reçu votre candidature pour « ${course} » (candidature n° ${id}).`,
    next:
      'La suite : notre équipe l’examine et vous recevrez un e-mail dès que son statut change. ' +
      'Une fois qu’elle est approuvée, un formateur vous est attribué et vous pouvez suivre votre progression sur votre tableau de bord.',
  },
  applicationStatus: {
    subject: (course, status) => `Votre candidature pour ${course} : ${status}`,
    now: (course, id, status) =>
      `Le statut de votre candidature pour « ${course} » (candidature n° ${id}) est désormais : ${status}.`,
    notes: (notes) => `Remarques du centre de formation :\n${notes}`,
    noNotes: 'Le centre de formation n’a pas laissé de remarque.',
  },
  trainerToTrainee: {
    subject: (course) => `Votre formateur pour ${course}`,
    body: (trainer, course, email) =>
      `${trainer} est votre formateur pour « ${course} ». Vous pouvez le joindre à l’adresse ${email}.`,
  },
  trainerToTrainer: {
    subject: (trainee, course) => `Nouvel apprenant : ${trainee} (${course})`,
    body: (trainee, email, course) => `${trainee} (${email}) vous a été attribué(e) pour « ${course} ».`,
    record: 'Enregistrer sa progression',
  },
  trainingCompleted: {
    subject: (trainee, course) => `Formation terminée : ${trainee} (${course}) : délivrez le certificat`,
    body: (trainer, trainee, course) => `${trainer} a indiqué que ${trainee} a terminé la formation « ${course} ».`,
    review: 'Vérifiez la progression et délivrez le certificat : ',
    reviewLabel: 'Suivi de la progression',
  },
  certificateIssued: {
    subject: (course) => `Votre certificat pour ${course}`,
    body: (course, code) => `Félicitations ! Votre certificat pour « ${course} » a été délivré. Son code est ${code}.`,
    yours: 'Votre certificat',
    check: 'Tout le monde peut vérifier son authenticité ici : ',
    verify: 'Vérifier',
  },
  contactMessage: {
    subject: (subject) => `Message de contact : ${subject}`,
    wrote: (name, email) =>
      `${name} (${email}) a écrit via le formulaire de contact. Répondez à cet e-mail pour lui répondre.`,
    subjectLine: (subject) => `Objet : ${subject}`,
    all: 'Tous les messages',
  },
  jobApplicationReceived: {
    subject: (job, applicant) => `Nouveau candidat pour ${job} : ${applicant}`,
    body: (applicant, job, n) =>
      `${applicant} a postulé pour « ${job} »` +
      (n > 0
        ? `, en partageant ${n} certificat${n === 1 ? '' : 's'} vérifiable${n === 1 ? '' : 's'} de notre centre de formation.`
        : '.'),
    review: 'Voir les candidats',
  },
  jobApplicationStatus: {
    subject: (job, status) => `Votre candidature pour ${job} : ${status}`,
    body: (company, job, status) =>
      `${company} a mis à jour votre candidature pour « ${job} ». Son statut est désormais : ${status}.`,
    note: (note) => `Leur remarque :\n${note}`,
  },
  employerWelcome: {
    subject: (name) => `Bienvenue sur BTLS, ${name}`,
    body: (company) =>
      `Votre compte employeur${company ? ` pour ${company}` : ''} est prêt. ` +
      'Vous pouvez publier des offres d’emploi et consulter les apprenants certifiés par notre centre de formation.',
    portal: 'Espace employeur',
  },
  passwordReset: {
    subject: 'Réinitialisez votre mot de passe BTLS',
    asked:
      'Quelqu’un (vous, nous l’espérons) a demandé à réinitialiser le mot de passe de votre compte BTLS. Choisissez-en un nouveau ici :',
    link: 'Réinitialiser votre mot de passe',
    validity: (minutes) =>
      `Ce lien ne fonctionne qu’une fois et pendant ${minutes} minutes. Si vous ne l’avez pas demandé, ignorez cet e-mail : ` +
      'votre mot de passe reste inchangé.',
  },
  applicantsCsv: {
    header: [
      'Nom',
      'E-mail',
      'Téléphone',
      'Statut',
      'Date de candidature',
      'Certificats',
      'Lettre de motivation',
      'CV joint',
    ],
    yes: 'oui',
    no: 'non',
  },
};

/** Kinyarwanda has no locale data in Node or the browsers: the months are ours, the same as the screens'. */
const RW_MONTHS = LOCALE_DATA.rw.months;

/** Kinyarwanda. REVIEW: the whole catalogue is machine-drafted. */
const rw: MailWords = {
  hello: (name) => (name ? `Muraho ${name},` : 'Muraho,'),
  signature: 'BTLS Coffee Training Centre, Kigali',
  dashboard: 'Urupapuro rwawe',
  optOut: 'Ushobora guhagarika ubu butumwa ku rupapuro rwa konti yawe: ',
  profile: 'Konti yawe',
  status: (status) =>
    ({
      Pending: 'Birategerejwe',
      Approved: 'Byemejwe',
      Rejected: 'Byanzwe',
      Waitlisted: "Ku rutonde rw'abategereje",
      Completed: 'Byarangiye',
      New: 'Bushya',
      Shortlisted: 'Watoranyijwe',
      Interview: 'Ikiganiro cy’akazi',
      Offered: 'Wahawe akazi (icyifuzo)',
      Hired: 'Wahawe akazi',
      'Not selected': 'Ntiwatoranyijwe',
      Withdrawn: 'Bwakuweho',
    })[status] ?? status,
  date: (date) => {
    const kigali = new Date(date.getTime() + 2 * 60 * 60 * 1000);
    return `${kigali.getUTCDate()} ${RW_MONTHS[kigali.getUTCMonth()]} ${kigali.getUTCFullYear()}`;
  },
  applicationReceived: {
    subject: (course) => `Twakiriye ubusabe bwawe: ${course}`,
    received: (course, id) => `Twakiriye ubusabe bwawe bwo kwiga "${course}" (nimero y'ubusabe: ${id}).`,
    next:
      'Ibikurikiraho: itsinda ryacu rirabusuzuma, kandi uzabona imeri igihe imiterere yabwo ihindutse. ' +
      'Nibumara kwemezwa, uzahabwa umwarimu kandi uzashobora gukurikirana aho ugeze ku rupapuro rwawe.',
  },
  applicationStatus: {
    subject: (course, status) => `Ubusabe bwawe bwo kwiga ${course}: ${status}`,
    now: (course, id, status) =>
      `Imiterere y'ubusabe bwawe bwo kwiga "${course}" (nimero y'ubusabe: ${id}) ubu ni: ${status}.`,
    notes: (notes) => `Icyo ikigo cy'amahugurwa cyavuze:\n${notes}`,
    noNotes: "Ikigo cy'amahugurwa nta cyo cyongeyeho.",
  },
  trainerToTrainee: {
    subject: (course) => `Umwarimu wawe wa ${course}`,
    body: (trainer, course, email) =>
      `${trainer} ni we mwarimu wawe wa "${course}". Ushobora kumwandikira kuri ${email}.`,
  },
  trainerToTrainer: {
    subject: (trainee, course) => `Umunyeshuri mushya: ${trainee} (${course})`,
    body: (trainee, email, course) => `Wahawe ${trainee} (${email}) ngo umwigishe "${course}".`,
    record: 'Andika aho ageze',
  },
  trainingCompleted: {
    subject: (trainee, course) => `Amahugurwa yarangiye: ${trainee} (${course}): tanga impamyabushobozi`,
    body: (trainer, trainee, course) => `${trainer} yemeje ko ${trainee} yarangije amahugurwa ya "${course}".`,
    review: 'Suzuma aho yageze maze utange impamyabushobozi: ',
    reviewLabel: "Isuzuma ry'aho yageze",
  },
  certificateIssued: {
    subject: (course) => `Impamyabushobozi yawe ya ${course}`,
    body: (course, code) => `Turakwishimiye! Impamyabushobozi yawe ya "${course}" yatanzwe. Nimero yayo ni ${code}.`,
    yours: 'Impamyabushobozi yawe',
    check: "Umuntu wese ashobora kugenzura hano ko ari iy'ukuri: ",
    verify: 'Genzura',
  },
  contactMessage: {
    subject: (subject) => `Ubutumwa bwo ku rupapuro rwo kutwandikira: ${subject}`,
    wrote: (name, email) =>
      `${name} (${email}) yanditse akoresheje urupapuro rwo kutwandikira. Subiza iyi imeri kugira ngo umusubize.`,
    subjectLine: (subject) => `Ingingo: ${subject}`,
    all: 'Ubutumwa bwose',
  },
  jobApplicationReceived: {
    subject: (job, applicant) => `Usaba akazi mushya kuri ${job}: ${applicant}`,
    body: (applicant, job, n) =>
      `${applicant} yasabye akazi ka "${job}"` +
      (n > 0
        ? n === 1
          ? ", asangiza impamyabushobozi 1 igenzurwa yatanzwe n'ikigo cyacu cy'amahugurwa."
          : `, asangiza impamyabushobozi ${n} zigenzurwa zatanzwe n'ikigo cyacu cy'amahugurwa.`
        : '.'),
    review: 'Suzuma abasabye akazi',
  },
  jobApplicationStatus: {
    subject: (job, status) => `Ubusabe bwawe bw'akazi ka ${job}: ${status}`,
    body: (company, job, status) =>
      `${company} yahinduye imiterere y'ubusabe bwawe bw'akazi ka "${job}". Ubu ni: ${status}.`,
    note: (note) => `Icyo bavuze:\n${note}`,
  },
  employerWelcome: {
    subject: (name) => `Murakaza neza kuri BTLS, ${name}`,
    body: (company) =>
      `Konti yanyu y'umukoresha${company ? ` ya ${company}` : ''} yiteguye. ` +
      "Mushobora gutangaza imyanya y'akazi no kureba abahuguwe bahawe impamyabushobozi n'ikigo cyacu cy'amahugurwa.",
    portal: "Urubuga rw'abakoresha",
  },
  passwordReset: {
    subject: "Hindura ijambo ry'ibanga rya BTLS",
    asked:
      "Hari umuntu (twizera ko ari wowe) wasabye guhindura ijambo ry'ibanga rya konti yawe ya BTLS. Hitamo irindi hano:",
    link: "Hindura ijambo ry'ibanga",
    validity: (minutes) =>
      `Iyi link ikora inshuro imwe gusa, mu minota ${minutes}. Niba atari wowe wayisabye, wirengagize iyi imeri: ` +
      "ijambo ry'ibanga ryawe ntirihinduka.",
  },
  applicantsCsv: {
    header: [
      'Amazina',
      'Imeri',
      'Telefoni',
      'Aho bigeze',
      'Itariki yasabiyeho',
      'Impamyabushobozi',
      'Ibaruwa isaba akazi',
      'Yometseho CV',
    ],
    yes: 'yego',
    no: 'oya',
  },
};

export const mailWords: Record<Language, MailWords> = { en, fr, rw };

/** REVIEW: the languages whose every text is machine-drafted and waits for a native speaker's review. */
export const awaitingReview: readonly Language[] = ['fr', 'rw'];

/** The catalogue of a stored language; English for anything else. */
export const wordsFor = (language: string | null | undefined): MailWords =>
  mailWords[language as Language] ?? mailWords.en;
