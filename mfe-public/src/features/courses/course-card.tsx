import type { Course } from '@btls/shared-api/schemas';
import { Link, paths, useI18n } from '@btls/shared-auth';
import { truncateDescription } from '@btls/shared-ui/format';
import { CourseImage } from '../../ui/course-image';
import { CourseFacts } from './course-facts';
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
        <CourseFacts course={course} facts={['trainingCentre', 'duration', 'price']} className={styles.facts} />
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
