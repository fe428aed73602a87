import { Suspense } from 'react';
import { coursesPageQuery, FEATURED_COURSES_COUNT, useSuspenseQuery } from '@btls/shared-api';
import type { Course } from '@btls/shared-api/schemas';
import { Link, paths, useI18n } from '@btls/shared-auth';
import { buttonClass, Spinner } from '@btls/shared-ui/components';
import { QueryBoundary } from '@btls/shared-ui/query-boundary';
import { lazyPart } from '@btls/shared-ui/lazy-page';
import { PageHead } from '../../ui/page-head';
import { CourseCard } from '../courses/course-card';
import hero from '../../assets/hero.svg';
import styles from './home.module.css';
import { useInView } from './use-in-view';

// The carousel (and swiper with it) loads when its section nears the screen: phones on a mobile network
// do not pay for it before they scroll. Until then (and without JavaScript) the same cards sit in a row.
// Without a network to fetch it, the row of cards stays (tried again when the network is back).
const FeaturedCarousel = lazyPart(async () => (await import('./featured-courses')).default, {
  instead: ({ courses }: { courses: Course[] }) => <FeaturedRow courses={courses} />,
});

const ICON_PATHS = {
  cup: 'M4 8h12v5a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5V8Zm12 1h2a2.5 2.5 0 0 1 0 5h-2M7 2c-1 1.5 1 2.5 0 4m4-4c-1 1.5 1 2.5 0 4',
  certificate: 'M4 3h16v12H4zM8 7h8M8 10h5M10 15l-2 6 4-2 4 2-2-6',
  link: 'M9 15 15 9M10.5 6.5l1.8-1.8a4 4 0 0 1 5.7 5.7l-1.8 1.8M13.5 17.5l-1.8 1.8a4 4 0 0 1-5.7-5.7l1.8-1.8',
};

function Icon({ name }: { name: keyof typeof ICON_PATHS }) {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" width={40} height={40} aria-hidden="true" focusable="false">
      <path
        d={ICON_PATHS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const BENEFITS = [
  {
    icon: 'cup',
    title: /*i18n*/ { id: 'public.home.benefit.training.title', message: 'Expert Training' },
    text: /*i18n*/ {
      id: 'public.home.benefit.training.text',
      message: 'Learn from experienced baristas on professional machines, with Rwandan coffee roasted at our centre.',
    },
  },
  {
    icon: 'certificate',
    title: /*i18n*/ { id: 'public.home.benefit.certificate.title', message: 'Digital Certification' },
    text: /*i18n*/ {
      id: 'public.home.benefit.certificate.text',
      message: 'Finish a course and receive a digital certificate that employers can check online.',
    },
  },
  {
    icon: 'link',
    title: /*i18n*/ { id: 'public.home.benefit.jobs.title', message: 'Job Linkages' },
    text: /*i18n*/ {
      id: 'public.home.benefit.jobs.text',
      message: 'We connect certified trainees with cafés, hotels and restaurants that are hiring.',
    },
  },
];

const AUDIENCES = [
  {
    title: /*i18n*/ { id: 'public.home.audience.baristas.title', message: 'Aspiring baristas' },
    text: /*i18n*/ {
      id: 'public.home.audience.baristas.text',
      message: 'Start your journey: create an account, apply for a course and follow your progress.',
    },
    to: paths.register,
    action: /*i18n*/ { id: 'public.home.audience.baristas.action', message: 'Start your journey' },
  },
  {
    title: /*i18n*/ { id: 'public.home.audience.employers.title', message: 'Employers' },
    text: /*i18n*/ {
      id: 'public.home.audience.employers.text',
      message: 'Hire talent: register your company, post jobs and browse certified baristas.',
    },
    to: paths.employerRegister,
    action: /*i18n*/ { id: 'public.home.audience.employers.action', message: 'Hire our talent' },
  },
  {
    title: /*i18n*/ { id: 'public.home.audience.centres.title', message: 'Training centres' },
    text: /*i18n*/ {
      id: 'public.home.audience.centres.text',
      message: 'Partner with us on curricula, trainers and certification across Rwanda.',
    },
    to: paths.contact,
    action: /*i18n*/ { id: 'public.home.audience.centres.action', message: 'Become a partner' },
  },
];

function AudienceBlock({ title, text, to, action }: (typeof AUDIENCES)[number]) {
  const i18n = useI18n();
  const { ref, waiting } = useInView<HTMLElement>();
  return (
    <article ref={ref} className={`${styles.audience} ${waiting ? styles.waiting : ''}`}>
      <h3>{i18n._(title)}</h3>
      <p>{i18n._(text)}</p>
      <Link to={to}>{i18n._(action)}</Link>
    </article>
  );
}

function FeaturedRow({ courses }: { courses: Course[] }) {
  return (
    <div className={styles.row}>
      {courses.map((course) => (
        <CourseCard key={course.id} course={course} />
      ))}
    </div>
  );
}

function FeaturedCourses({ carousel }: { carousel: boolean }) {
  const i18n = useI18n();
  const featured = useSuspenseQuery(coursesPageQuery({}, 1)).data.items.slice(0, FEATURED_COURSES_COUNT);
  if (featured.length === 0) {
    return (
      <p className={styles.message}>
        {i18n._({ id: 'public.home.noFeatured', message: 'No featured courses available at the moment.' })}
      </p>
    );
  }
  if (!carousel) return <FeaturedRow courses={featured} />;
  return (
    <Suspense fallback={<FeaturedRow courses={featured} />}>
      <FeaturedCarousel courses={featured} />
    </Suspense>
  );
}

function FeaturedSection() {
  const i18n = useI18n();
  const { ref, inView } = useInView<HTMLElement>('300px 0px');
  return (
    <section ref={ref} className={styles.featured} aria-labelledby="featured-title">
      <div className={styles.section}>
        <h2 id="featured-title">
          {i18n._({ id: 'public.home.featured.title', message: 'Featured Training Programs' })}
        </h2>
        <QueryBoundary
          loading={
            <Spinner label={i18n._({ id: 'public.home.featured.loading', message: 'Loading featured courses...' })} />
          }
          error={() => (
            <p className={styles.message}>
              {i18n._({ id: 'public.home.featured.error', message: 'Could not load featured courses.' })}
            </p>
          )}
        >
          <FeaturedCourses carousel={inView} />
        </QueryBoundary>
        <p className={styles.viewAll}>
          <Link className={buttonClass('secondary')} to={paths.courses}>
            {i18n._({ id: 'public.home.featured.viewAll', message: 'View All Courses' })}
          </Link>
        </p>
      </div>
    </section>
  );
}

export function HomePage() {
  const i18n = useI18n();
  return (
    <main>
      <PageHead
        title={i18n._({ id: 'public.home.pageTitle', message: 'Barista training and coffee jobs in Kigali' })}
        description={i18n._({
          id: 'public.home.pageDescription',
          message: 'Barista training, digital certificates and coffee jobs in Kigali, Rwanda.',
        })}
        path="/"
      />
      <section className={styles.hero}>
        <div className={styles.heroInner}>
          <div>
            <h1>
              {i18n._({
                id: 'public.home.hero.title',
                message: 'Barista training, certificates and coffee jobs in Kigali',
              })}
            </h1>
            <p>
              {i18n._({
                id: 'public.home.hero.text',
                message:
                  "Expert training at our centre, digital certification when you finish, and links to employers across Rwanda's growing café scene.",
              })}
            </p>
            <div className={styles.actions}>
              <Link className={buttonClass()} to={paths.courses}>
                {i18n._({ id: 'public.home.hero.findTraining', message: 'Find Training' })}
              </Link>
              <Link className={buttonClass('secondary')} to={paths.jobs}>
                {i18n._({ id: 'public.home.hero.exploreJobs', message: 'Explore Jobs' })}
              </Link>
            </div>
          </div>
          <img
            className={styles.heroImage}
            src={hero}
            alt={i18n._({
              id: 'public.home.hero.imageAlt',
              message: 'A cup of coffee steaming above green Rwandan hills',
            })}
            width={480}
            height={360}
          />
        </div>
      </section>

      {/* Below the hero: taken over after it, in a commit of its own, so the first tap waits for less. */}
      <Suspense fallback={null}>
        <section className={styles.section} aria-labelledby="why-title">
          <h2 id="why-title">{i18n._({ id: 'public.home.why.title', message: 'Why train with us' })}</h2>
          <div className={styles.cards}>
            {BENEFITS.map((b) => (
              <article key={b.title.id} className={styles.benefit}>
                <Icon name={b.icon as keyof typeof ICON_PATHS} />
                <h3>{i18n._(b.title)}</h3>
                <p>{i18n._(b.text)}</p>
              </article>
            ))}
          </div>
        </section>

        <section className={styles.section} aria-labelledby="who-title">
          <h2 id="who-title">{i18n._({ id: 'public.home.who.title', message: 'Who we work with' })}</h2>
          <div className={styles.cards}>
            {AUDIENCES.map((a) => (
              <AudienceBlock key={a.title.id} {...a} />
            ))}
          </div>
        </section>

        <FeaturedSection />

        <section className={styles.cta} aria-labelledby="cta-title">
          <div className={styles.section}>
            <h2 id="cta-title">
              {i18n._({ id: 'public.home.cta.title', message: 'Ready to start your barista journey?' })}
            </h2>
            <Link className={`${buttonClass()} ${styles.ctaButton}`} to={paths.register}>
              {i18n._({ id: 'public.home.cta.action', message: 'Get Started Now' })}
            </Link>
          </div>
        </section>
      </Suspense>
    </main>
  );
}
