import type { Course } from '@btls/shared-api/schemas';
import { Link, paths, useI18n } from '@btls/shared-auth';
import { truncateDescription } from '@btls/shared-ui/format';
import { useTextLang, WrittenIn } from '@btls/shared-ui/written-in';
import { CourseImage } from '../../ui/course-image';
import { CourseFacts } from './course-facts';
import styles from './courses.module.css';

/**
 * A course in a list; its title is a heading one level below the list's (h2 on /courses, h3 under a section).
 * The title is said once: the image is decoration beside it, and the heading's link covers the whole
 * card, so "View Details" is what the card shows to tap, not a second link naming the course again.
 */
export function CourseCard({ course, headingLevel = 3 }: { course: Course; headingLevel?: 2 | 3 }) {
  const i18n = useI18n();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // The course's texts in the reader's language when it is written in it, else in its own, marked and noted.
  const lang = useTextLang(course.language);
  return (
    <article className={`${styles.card} ${styles.linkCard}`}>
      <CourseImage course={course} decorative />
      <div className={styles.cardBody}>
        <Heading {...lang}>
          <Link className={styles.cardLink} to={paths.course(course.id)}>
            {course.title}
          </Link>
        </Heading>
        <WrittenIn language={course.language} />
        <p {...lang}>{truncateDescription(course.description, 100, i18n)}</p>
        <CourseFacts course={course} facts={['trainingCentre', 'duration', 'price']} className={styles.facts} />
        <span className={`${styles.cue} ${styles.details}`} aria-hidden="true">
          {i18n._({ id: 'public.course.viewDetails', message: 'View Details' })}
        </span>
      </div>
    </article>
  );
}
