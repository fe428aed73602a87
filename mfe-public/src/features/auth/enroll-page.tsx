/**
 * /courses/:id/enroll: where a visitor who chose Enroll Now lands (the application's guard sends them here). It
 * names the course, leads with creating an account (most such visitors have none), with signing in beside it;
 * either brings them back to the application with the course chosen. Rendered on the server like the course
 * page: its links carry the way back in the address (`?next=`), so they work from the first HTML.
 */
import type { ReactNode } from 'react';
import { courseQuery, isNotFound, translateMessage, useQueryClient, useSuspenseQuery } from '@btls/shared-api';
import type { Course } from '@btls/shared-api/schemas';
import { Link, Navigate, nextSearch, paths, useAuth, useI18n, useParams } from '@btls/shared-auth';
import { buttonClass, Spinner } from '@btls/shared-ui/components';
import { QueryBoundary } from '@btls/shared-ui/query-boundary';
import { useTextLang } from '@btls/shared-ui/written-in';
import styles from './auth-form.module.css';
import { PageHead } from '../../ui/page-head';

/** A sentence of the page's language with the course's title in it, the title marked with its own language. */
function withTitle(sentence: string, title: ReactNode): ReactNode {
  const [before, after = ''] = sentence.split(TITLE_MARK);
  return (
    <>
      {before}
      {title}
      {after}
    </>
  );
}
/** Stands for the title in a translated sentence, where the title itself (in its own language) goes. */
const TITLE_MARK = '\u2063';

function EnrollFor({ id }: { id: string }) {
  const i18n = useI18n();
  const { data } = useSuspenseQuery(courseQuery(id, useQueryClient()));
  if (isNotFound(data))
    return (
      <div className={styles.card}>
        <h1>{i18n._({ id: 'public.course.notFoundTitle', message: 'Course Not Found or Error' })}</h1>
        <p>{translateMessage(data.notFound)}</p>
        <p className={styles.alt}>
          <Link to={paths.courses}>{i18n._({ id: 'public.course.back', message: 'Back to all courses' })}</Link>
        </p>
      </div>
    );
  return <EnrollCard course={data} />;
}

function EnrollCard({ course }: { course: Course }) {
  const i18n = useI18n();
  const { isAuthenticated } = useAuth();
  const lang = useTextLang(course.language);
  const application = `${paths.applyForCourse}?courseId=${course.id}`;
  // A signed-in user goes straight on to the application (the link may have been kept from before).
  if (isAuthenticated) return <Navigate to={application} replace />;
  const onTheWay = { from: { pathname: paths.applyForCourse, search: `?courseId=${course.id}` } };
  const back = nextSearch(application);
  const title = <span {...lang}>{course.title}</span>;
  const heading = i18n._({
    id: 'public.enroll.title',
    message: 'Apply for {course}',
    values: { course: TITLE_MARK },
  });
  return (
    <div className={styles.card}>
      <PageHead
        // A function: a title's own '$&' or "$'" are its words, not a replacement's patterns.
        title={heading.replace(TITLE_MARK, () => course.title)}
        description={i18n._({
          id: 'public.enroll.description',
          message: 'Create a free account or sign in to apply for this barista course.',
        })}
        path={paths.enroll(course.id)}
      />
      <h1>{withTitle(heading, title)}</h1>
      <p className={styles.lead}>
        {withTitle(
          i18n._({
            id: 'public.enroll.lead',
            message: 'To apply for {course}, create an account or sign in.',
            values: { course: TITLE_MARK },
          }),
          title,
        )}
      </p>
      <Link
        className={`${buttonClass()} ${styles.submit}`}
        to={{ pathname: paths.register, search: back }}
        state={onTheWay}
      >
        {i18n._({ id: 'public.enroll.createAccount', message: 'Create an account' })}
      </Link>
      <p className={styles.enrollHint}>
        {i18n._({
          id: 'public.enroll.afterwards',
          message: 'It is free. Afterwards you come straight back to your application for this course.',
        })}
      </p>
      {/* Beside the account, as a button of its own: a thumb finds it without reading a sentence for it. */}
      <p className={styles.alt}>{i18n._({ id: 'public.register.haveAccount', message: 'Already have an account?' })}</p>
      <Link
        className={`${buttonClass('secondary')} ${styles.submit}`}
        to={{ pathname: paths.login, search: back }}
        state={onTheWay}
      >
        {i18n._({ id: 'public.login.title', message: 'Sign in' })}
      </Link>
      <p className={styles.alt}>
        <Link to={paths.course(course.id)}>
          ← {i18n._({ id: 'public.enroll.backToCourse', message: 'Back to the course' })}
        </Link>
      </p>
    </div>
  );
}

export function EnrollPage() {
  const i18n = useI18n();
  const { id = '' } = useParams();
  return (
    <main className={styles.wrap}>
      <QueryBoundary
        loading={<Spinner label={i18n._({ id: 'public.course.loading', message: 'Loading course details...' })} />}
        error={(message) => (
          <div className={styles.card}>
            <h1>{i18n._({ id: 'public.course.notFoundTitle', message: 'Course Not Found or Error' })}</h1>
            <p>{message || i18n._({ id: 'public.course.failed', message: 'Failed to load course details.' })}</p>
          </div>
        )}
      >
        <EnrollFor id={id} />
      </QueryBoundary>
    </main>
  );
}
