/** Demo data: a few real-looking courses, jobs, and one account per role (passwords in the README). */
import { eq } from 'drizzle-orm';
import { DEFAULT_TRAINING_CENTER, type Language } from '@btls/shared-api/constants';
import { todayInKigali } from '@btls/shared-api/dates';
import { hashPassword } from '../auth';
import type { Db } from '../db/client';
import {
  appMeta,
  certificates,
  courses,
  enrollments,
  jobs,
  progressRecords,
  users,
  type CourseTranslations,
  type JobTranslations,
} from '../db/schema';
import { newCertificateCode } from '../certificate-code';
import { sanitizeEmployerHtml, snippetOf } from '../sanitize';
import { salaryColumnsOf } from '../serialize';

export const DEMO_ACCOUNTS = [
  { role: 'admin', email: 'admin@btls-demo.rw', password: 'admin-demo-2026', firstName: 'Grace', lastName: 'Mukamana' },
  {
    role: 'trainer',
    email: 'trainer@btls-demo.rw',
    password: 'trainer-demo-2026',
    firstName: 'Jean-Paul',
    lastName: 'Habimana',
  },
  {
    role: 'trainee',
    email: 'trainee@btls-demo.rw',
    password: 'trainee-demo-2026',
    firstName: 'Aline',
    lastName: 'Uwase',
  },
  {
    role: 'employer',
    email: 'employer@btls-demo.rw',
    password: 'employer-demo-2026',
    firstName: 'Patrick',
    lastName: 'Niyonzima',
  },
] as const;

const SEEDED_KEY = 'demo_seeded';

const COURSES = [
  {
    title: 'Espresso Fundamentals',
    description:
      'Dial in a grinder, pull balanced shots and steam silky milk on a commercial machine. You practise every day on Rwandan single-origin beans roasted at our centre.',
    category: 'Brewing Techniques',
    level: 'Beginner',
    duration: '2 weeks',
    price: '150000',
    instructor: 'Jean-Paul Habimana',
    tags: ['espresso', 'milk steaming', 'grinder calibration'],
  },
  {
    title: 'Latte Art Masterclass',
    description:
      'Hearts, tulips and rosettas: pour with control and consistency, and learn to present drinks that guests photograph.',
    category: 'Latte Art',
    level: 'Intermediate',
    duration: '1 week',
    price: '120000',
    instructor: 'Jean-Paul Habimana',
    tags: ['latte art', 'milk texture'],
    // In English and Kinyarwanda only: a French reader sees the English with its note. Machine-drafted, needing
    // review by a native speaker.
    translations: {
      rw: {
        title: 'Gushushanya ku ikawa (latte art)',
        description:
          'Imitima, tulipe na rosetta: suka amata ufite ubugenzuzi kandi bihoraho, kandi wige gutanga ibinyobwa abakiriya bifuza gufotora.',
        tags: ['latte art', "imiterere y'amata"],
      },
    },
  },
  {
    title: 'From Bean to Cup: Rwandan Coffee Origins',
    description:
      'Visit washing stations, follow the cherry from the hills of Huye and Nyamasheke to the cup, and learn why altitude and processing shape flavour.',
    category: 'Coffee Knowledge',
    level: 'All Levels',
    duration: '3 days',
    price: '0',
    instructor: null,
    tags: ['origins', 'processing', 'Rwanda'],
  },
  {
    title: 'Manual Brewing: Pour-Over, Chemex and AeroPress',
    description:
      'Recipes, ratios and water: brew clean, sweet filter coffee by hand and explain each method to guests.',
    category: 'Brewing Techniques',
    level: 'Intermediate',
    duration: '10 days',
    price: '95000',
    instructor: 'Diane Ingabire',
    tags: ['pour-over', 'filter', 'recipes'],
  },
  {
    title: 'Café Service Excellence',
    description:
      'Greeting, order taking, upselling with care and handling busy hours: the service skills employers ask us for most.',
    category: 'Service Skills',
    level: 'Beginner',
    duration: '1 week',
    price: '60000',
    instructor: null,
    tags: ['customer service', 'hospitality'],
    // Machine-drafted translations, needing review by native speakers before they are shown as the business's.
    translations: {
      fr: {
        title: 'Excellence du service en café',
        description:
          "Accueil, prise de commande, vente additionnelle avec tact et gestion des heures d'affluence : les compétences de service que les employeurs nous demandent le plus.",
        tags: ['service client', 'hôtellerie'],
      },
      rw: {
        title: 'Serivisi nziza muri kafe',
        description:
          "Kwakira abakiriya, kwakira komande, kubagira inama ku bindi bicuruzwa mu kinyabupfura no guhangana n'amasaha y'akazi kenshi: ubumenyi bwa serivisi abakoresha badusaba kurusha ibindi.",
        tags: ['serivisi ku bakiriya', 'kwakira abashyitsi'],
      },
    },
  },
  {
    title: 'Coffee Shop Management',
    description:
      'Costing a menu, scheduling a team, stock control and hygiene standards: run a profitable café. For head baristas and owners.',
    category: 'Management',
    level: 'Advanced',
    duration: '4 weeks',
    price: '250000',
    instructor: 'Diane Ingabire',
    tags: ['management', 'costing', 'team leadership'],
  },
  {
    title: 'Cupping and Sensory Skills',
    description:
      'Taste like a Q grader: cupping protocol, defects, and describing acidity, body and sweetness with confidence.',
    category: 'Coffee Knowledge',
    level: 'Advanced',
    duration: '2 weeks',
    price: 'Contact us',
    instructor: null,
    tags: ['cupping', 'sensory'],
  },
] as const;

function daysFromToday(days: number): string {
  const [y, m, d] = todayInKigali().split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

const JOBS = [
  {
    title: 'Barista',
    location: 'Kigali, Kimihurura',
    jobType: 'Full-time',
    salary: { min: 250_000, max: 320_000, currency: 'RWF', period: 'month' },
    description:
      '<p>Our Kimihurura café is looking for a <strong>certified barista</strong> to join a friendly team.</p><p>You will prepare espresso drinks and filter coffee and welcome our guests.</p>',
    requirements: 'Certificate in espresso preparation\nGood English or French\nAvailable for early shifts',
    closingInDays: 30,
    // Machine-drafted translations, needing review by native speakers.
    translations: {
      fr: {
        title: 'Barista',
        description:
          "<p>Notre café de Kimihurura recherche un <strong>barista certifié</strong> pour rejoindre une équipe sympathique.</p><p>Vous préparerez des boissons à base d'espresso et du café filtre, et accueillerez nos clients.</p>",
        requirements:
          "Certificat en préparation d'espresso\nBon anglais ou français\nDisponible pour les services du matin",
      },
      rw: {
        title: 'Umutegura-kawa (barista)',
        description:
          "<p>Kafe yacu y'i Kimihurura irashaka <strong>barista ufite icyemezo</strong> wo kwifatanya n'itsinda ryiza.</p><p>Uzategura ibinyobwa bya espresso n'ikawa iyunguruye, kandi wakire abakiriya bacu.</p>",
        requirements:
          'Icyemezo cyo gutegura espresso\nIcyongereza cyangwa Igifaransa cyiza\nKuba witeguye gukora mu gitondo kare',
      },
    },
  },
  {
    title: 'Head Barista',
    location: 'Kigali, Kiyovu',
    jobType: 'Full-time',
    salary: { min: 400_000, max: 500_000, currency: 'RWF', period: 'month' },
    description: '<p>Lead a team of four baristas, keep quality consistent and train new staff.</p>',
    requirements: 'Two years of barista experience\nLatte art\nTeam leadership',
    closingInDays: 45,
  },
  {
    title: 'Weekend Barista',
    location: 'Kigali, Nyarutarama',
    jobType: 'Part-time',
    // One shift a day, paid by the day.
    salary: { min: 8_000, max: null, currency: 'RWF', period: 'day' },
    description: '<p>Saturday and Sunday shifts at our brunch café.</p>',
    requirements: 'Espresso Fundamentals certificate or equivalent',
    closingInDays: null,
  },
  {
    title: 'Coffee Quality Intern',
    location: 'Huye',
    jobType: 'Internship',
    salary: null,
    description: '<p>Six months at our washing station: cupping, grading and lot tracking during the harvest.</p>',
    requirements: 'Interest in coffee quality\nWilling to live in Huye for the season',
    closingInDays: 60,
  },
] as const;

/** A demo course's translations as the courses table keeps them. */
function courseTranslations(
  given: Partial<Record<Language, { title: string; description: string; tags: readonly string[] }>>,
): CourseTranslations {
  return Object.fromEntries(
    Object.entries(given).map(([language, texts]) => [language, { ...texts, tags: [...texts!.tags] }]),
  );
}

/** A demo job's translations as the jobs table keeps them: sanitised, with their snippets. */
function jobTranslations(
  given: Partial<Record<Language, { title: string; description: string; requirements: string }>> | undefined,
): JobTranslations {
  return Object.fromEntries(
    Object.entries(given ?? {}).map(([language, texts]) => {
      const description = sanitizeEmployerHtml(texts!.description);
      return [
        language,
        { ...texts!, description, descriptionSnippet: snippetOf(description), requirements: texts!.requirements },
      ];
    }),
  );
}

/** Seeds once per database (a marker row remembers it), inside one transaction. */
export async function seedDemoData(db: Db): Promise<boolean> {
  const [seeded] = await db.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY)).limit(1);
  if (seeded) return false;

  const passwordHashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));
  const graduateHash = await hashPassword('graduate-demo-2026');

  await db.transaction(async (tx) => {
    const accounts = await tx
      .insert(users)
      .values(
        DEMO_ACCOUNTS.map((a, i) => ({
          firstName: a.firstName,
          lastName: a.lastName,
          email: a.email,
          role: a.role,
          passwordHash: passwordHashes[i]!,
          ...(a.role === 'employer'
            ? {
                companyName: 'Kigali Heights Coffee Co.',
                companyWebsite: 'https://example.com/kigali-heights-coffee',
                companyDescription: 'Three specialty cafés in Kigali serving Rwandan single-origin coffee.',
              }
            : {}),
        })),
      )
      .onConflictDoNothing()
      .returning();
    const byRole = Object.fromEntries(accounts.map((u) => [u.role, u]));
    const [graduate] = await tx
      .insert(users)
      .values({
        firstName: 'Eric',
        lastName: 'Mugisha',
        email: 'graduate@btls-demo.rw',
        role: 'trainee',
        passwordHash: graduateHash,
      })
      .onConflictDoNothing()
      .returning();

    const courseRows = await tx
      .insert(courses)
      .values(
        COURSES.map((c) => ({
          ...c,
          tags: [...c.tags],
          trainingCenter: DEFAULT_TRAINING_CENTER,
          translations: 'translations' in c ? courseTranslations(c.translations) : {},
        })),
      )
      .returning();
    await tx.insert(courses).values({
      title: 'Competition Latte Art (next intake to be announced)',
      description: 'Free-pour patterns for barista competitions. Not open for applications yet.',
      category: 'Latte Art',
      level: 'Advanced',
      duration: '2 weeks',
      price: '200000',
      trainingCenter: DEFAULT_TRAINING_CENTER,
      tags: ['competition'],
      isActive: false,
    });

    const employer = byRole.employer;
    if (employer) {
      await tx.insert(jobs).values(
        JOBS.map(({ closingInDays, salary, ...written }) => {
          const { translations, ...job } = { translations: undefined, ...written };
          const description = sanitizeEmployerHtml(job.description);
          return {
            ...job,
            translations: jobTranslations(translations),
            ...salaryColumnsOf(salary ?? null),
            description,
            descriptionSnippet: snippetOf(description),
            companyName: employer.companyName ?? 'Kigali Heights Coffee Co.',
            employerId: employer.id,
            closingDate: closingInDays === null ? null : daysFromToday(closingInDays),
          };
        }),
      );
    }

    const [espresso, latteArt, , , service] = courseRows;
    const { trainee, trainer, admin } = byRole;
    if (trainee && trainer && espresso && service) {
      const [running] = await tx
        .insert(enrollments)
        .values({
          courseId: espresso.id,
          traineeId: trainee.id,
          status: 'Approved',
          assignedTrainerId: trainer.id,
          applicantNotes: 'I work mornings at a hotel café and want to improve my espresso.',
          adminNotes: 'Welcome! Classes start Monday at 9:00.',
        })
        .returning();
      await tx.insert(progressRecords).values([
        {
          enrollmentId: running!.id,
          assessmentName: 'Grinder calibration',
          score: 8,
          maxScore: 10,
          feedbackNotes: 'Good consistency; watch the dose.',
          recordedById: trainer.id,
        },
        {
          enrollmentId: running!.id,
          assessmentName: 'Milk steaming',
          score: 7.5,
          maxScore: 10,
          feedbackNotes: 'Texture improving; aim for less foam.',
          recordedById: trainer.id,
        },
      ]);
      await tx.insert(enrollments).values({ courseId: service.id, traineeId: trainee.id, status: 'Pending' });
    }
    if (graduate && trainer && admin && latteArt) {
      const [done] = await tx
        .insert(enrollments)
        .values({ courseId: latteArt.id, traineeId: graduate.id, status: 'Completed', assignedTrainerId: trainer.id })
        .returning();
      await tx.insert(progressRecords).values({
        enrollmentId: done!.id,
        assessmentName: 'Final pour: rosetta',
        score: 18,
        maxScore: 20,
        feedbackNotes: 'Symmetrical and well contrasted.',
        recordedById: trainer.id,
      });
      await tx.insert(certificates).values({
        certificateCode: newCertificateCode(),
        enrollmentId: done!.id,
        userId: graduate.id,
        courseId: latteArt.id,
        traineeFirstName: graduate.firstName,
        traineeLastName: graduate.lastName,
        courseTitle: latteArt.title,
        courseDuration: latteArt.duration,
        courseTrainingCenter: latteArt.trainingCenter,
        issuedByAdminId: admin.id,
        issuedByAdminFirstName: admin.firstName,
        issuedByAdminLastName: admin.lastName,
      });
    }
    await tx.insert(appMeta).values({ key: SEEDED_KEY, value: new Date().toISOString() });
  });
  return true;
}
