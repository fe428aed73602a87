import {
  courseQuery,
  DEFAULT_TRAINING_CENTER,
  isNotFound,
  isOfflineMiss,
  translateMessage,
  useQueryClient,
  useSuspenseQuery,
  valueText,
} from '@btls/shared-api';
import type { Course } from '@btls/shared-api/schemas';
import { Link, paths, useAuth, useI18n, useParams } from '@btls/shared-auth';
import { buttonClass, Spinner } from '@btls/shared-ui/components';
import { parseDuration, parsePrice, truncateDescription, type DurationUnit } from '@btls/shared-ui/format';
import { QueryBoundary } from '@btls/shared-ui/query-boundary';
import { useTextLang, WrittenIn } from '@btls/shared-ui/written-in';
import { CourseImage } from '../../ui/course-image';
import { PageHead, type ShareImage } from '../../ui/page-head';
import { CourseFacts } from './course-facts';
import styles from './courses.module.css';

const NOT_FOUND = /*i18n*/ {
  id: 'public.course.notFound',
  message: 'The course you are looking for could not be found.',
};

function NotFoundOrError({ message, offline = false }: { message: string; offline?: boolean }) {
  const i18n = useI18n();
  return (
    <section className={styles.empty}>
      <h1>
        {offline
          ? i18n._({ id: 'public.course.notSavedTitle', message: 'Not saved on this phone' })
          : i18n._({ id: 'public.course.notFoundTitle', message: 'Course Not Found or Error' })}
      </h1>
      <p>{message}</p>
    </section>
  );
}

/**
 * A course's own share picture: the 1200×630 copy the API cuts from an upload large enough for it,
 * never the original (often megabytes). An external image, or an upload under 600×315, leaves the site's.
 */
export function shareImageOf(course: Course): ShareImage | null {
  if (!course.imageUrl || !course.imageWidths?.length) return null;
  if ((course.imageWidth ?? 0) < 600 || (course.imageHeight ?? 0) < 315) return null;
  return { url: `${course.imageUrl}/share.jpg`, width: 1200, height: 630, type: 'image/jpeg', alt: course.title };
}

/** ISO 8601 durations of schema.org, by the words a course's duration is written in. */
const DURATION_UNITS: Record<DurationUnit, string> = { hour: 'H', day: 'D', week: 'W', month: 'M' };

/**
 * The course's duration as an ISO 8601 duration ("2 weeks" → P2W, "3 days" → P3D, "6 hours" → PT6H), for
 * Google's course information; null when the text is not that plain.
 */
export function workloadOf(duration: string | null | undefined): string | null {
  const parsed = parseDuration(duration);
  if (!parsed) return null;
  const unit = DURATION_UNITS[parsed.unit];
  return unit === 'H' ? `PT${parsed.count}H` : `P${parsed.count}${unit}`;
}

/** schema.org Course: what a search engine shows for the page. */
export function courseStructuredData(course: Course) {
  const workload = workloadOf(course.duration);
  const price = parsePrice(course.price);
  const center = course.trainingCenter || DEFAULT_TRAINING_CENTER;
  return {
    '@type': 'Course',
    name: course.title,
    description: course.description || course.title,
    provider: { '@type': 'Organization', name: center },
    // The language the texts are shown in: the page's when the course is written in it, else the course's own.
    inLanguage: course.language ?? 'en',
    ...(course.tags.length ? { keywords: course.tags.join(', ') } : {}),
    ...(price !== null
      ? { offers: { '@type': 'Offer', category: price === 0 ? 'Free' : 'Paid', price, priceCurrency: 'RWF' } }
      : {}),
    hasCourseInstance: {
      '@type': 'CourseInstance',
      courseMode: 'Onsite',
      ...(workload ? { courseWorkload: workload } : {}),
      location: {
        '@type': 'Place',
        name: center,
        address: { '@type': 'PostalAddress', addressLocality: 'Kigali', addressCountry: 'RW' },
      },
      ...(course.instructor ? { instructor: { '@type': 'Person', name: course.instructor } } : {}),
    },
  };
}

function CourseDetail({ id }: { id: string }) {
  const i18n = useI18n();
  const { shown, role } = useAuth();
  // (A shell older than this remote has no `shown`: its role then, as before.)
  const shownRole = shown === undefined ? role : shown?.role;
  const { data } = useSuspenseQuery(courseQuery(id, useQueryClient()));
  if (isNotFound(data))
    return <NotFoundOrError message={data.status === 404 ? i18n._(NOT_FOUND) : translateMessage(data.notFound)} />;
  const course = data;
  const path = paths.course(course.id);
  return <CourseDetailView course={course} path={path} shownRole={shownRole} />;
}

function CourseDetailView({ course, path, shownRole }: { course: Course; path: string; shownRole: unknown }) {
  const i18n = useI18n();
  const lang = useTextLang(course.language);
  return (
    <article className={styles.detailCard}>
      <PageHead
        title={course.title}
        description={truncateDescription(course.description, 100, i18n)}
        path={path}
        image={shareImageOf(course)}
        structuredData={courseStructuredData(course)}
      />
      <CourseImage course={course} width={900} height={400} priority />
      <div className={styles.detailBody}>
        <p className={styles.category}>{i18n._(valueText(course.category))}</p>
        <h1 {...lang}>{course.title}</h1>
        <WrittenIn language={course.language} />
        <p {...lang}>{course.description}</p>
        <CourseFacts
          course={course}
          facts={['level', 'duration', 'price', 'certification', 'instructor', 'trainingCentre']}
          className={styles.detailFacts}
        />
        {course.tags.length > 0 && (
          <>
            <h2>{i18n._({ id: 'public.course.topics', message: 'Topics' })}</h2>
            <ul className={styles.tags} {...lang}>
              {course.tags.map((tag) => (
                <li key={tag}>{tag}</li>
              ))}
            </ul>
          </>
        )}
        {/* The application form with this course chosen, for everyone: a visitor signs in on the way there and
            comes back to it (without a session hint the page is first rendered for a visitor, so the link must
            work for both). The button says the same to all; a visitor is told apart what comes first. */}
        <p className={styles.enrollRow}>
          <Link
            className={buttonClass()}
            to={`${paths.applyForCourse}?courseId=${course.id}`}
            aria-describedby={shownRole ? undefined : 'enroll-first'}
          >
            {i18n._({ id: 'public.course.enroll', message: 'Enroll Now' })}
          </Link>
          {!shownRole && (
            <span id="enroll-first" className={styles.enrollNote}>
              {i18n._({ id: 'public.course.enrollFirst', message: 'You will sign in or register first.' })}
            </span>
          )}
        </p>
      </div>
    </article>
  );
}

export function CourseDetailPage() {
  const i18n = useI18n();
  const { id = '' } = useParams();
  return (
    <main className={styles.detail}>
      <Link className={styles.back} to={paths.courses}>
        ← {i18n._({ id: 'public.course.back', message: 'Back to all courses' })}
      </Link>
      <QueryBoundary
        loading={<Spinner label={i18n._({ id: 'public.course.loading', message: 'Loading course details...' })} />}
        error={(message, _retry, error) => (
          <NotFoundOrError
            offline={isOfflineMiss(error)}
            message={message || i18n._({ id: 'public.course.failed', message: 'Failed to load course details.' })}
          />
        )}
      >
        <CourseDetail id={id} />
      </QueryBoundary>
    </main>
  );
}
