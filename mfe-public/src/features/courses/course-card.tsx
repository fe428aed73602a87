import { DEFAULT_TRAINING_CENTER } from '@btls/shared-api';
import type { Course } from '@btls/shared-api/schemas';
import { Link, paths, useI18n } from '@btls/shared-auth';
import { formatPrice, orNA, truncateDescription } from '@btls/shared-ui/format';
import { CourseImage } from '../../ui/course-image';
import styles from './courses.module.css';

/** A course in a list; its title is a heading one level below the list's (h2 on /courses, h3 under a section). */
export function CourseCard({ course, headingLevel = 3 }: { course: Course; headingLevel?: 2 | 3 }) {
  const i18n = useI18n();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={styles.card}>
      <CourseImage course={course} />
      <div className={styles.cardBody}>
        <Heading>{course.title}</Heading>
        <p>{truncateDescription(course.description, 100, i18n)}</p>
        <dl className={styles.facts}>
          <div>
            <dt>{i18n._({ id: 'public.course.trainingCentre', message: 'Training centre' })}</dt>
            <dd>{course.trainingCenter || DEFAULT_TRAINING_CENTER}</dd>
          </div>
          <div>
            <dt>{i18n._({ id: 'public.course.duration', message: 'Duration' })}</dt>
            <dd>{orNA(course.duration, i18n)}</dd>
          </div>
          <div>
            <dt>{i18n._({ id: 'public.course.price', message: 'Price' })}</dt>
            <dd>{formatPrice(course.price, i18n)}</dd>
          </div>
        </dl>
        <Link
          className={styles.details}
          to={paths.course(course.id)}
          aria-label={i18n._({
            id: 'public.course.viewDetailsOf',
            message: 'View Details: {title}',
            values: { title: course.title },
          })}
        >
          {i18n._({ id: 'public.course.viewDetails', message: 'View Details' })}
        </Link>
      </div>
    </article>
  );
}
