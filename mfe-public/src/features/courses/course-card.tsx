import { DEFAULT_TRAINING_CENTER } from '@btls/shared-api';
import type { Course } from '@btls/shared-api/schemas';
import { Link, paths } from '@btls/shared-auth';
import { formatPrice, orNA, truncateDescription } from '@btls/shared-ui/format';
import { CourseImage } from '../../ui/course-image';
import styles from './courses.module.css';

/** A course in a list; its title is a heading one level below the list's (h2 on /courses, h3 under a section). */
export function CourseCard({ course, headingLevel = 3 }: { course: Course; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={styles.card}>
      <CourseImage course={course} />
      <div className={styles.cardBody}>
        <Heading>{course.title}</Heading>
        <p>{truncateDescription(course.description)}</p>
        <dl className={styles.facts}>
          <div>
            <dt>Training centre</dt>
            <dd>{course.trainingCenter || DEFAULT_TRAINING_CENTER}</dd>
          </div>
          <div>
            <dt>Duration</dt>
            <dd>{orNA(course.duration)}</dd>
          </div>
          <div>
            <dt>Price</dt>
            <dd>{formatPrice(course.price)}</dd>
          </div>
        </dl>
        <Link className={styles.details} to={paths.course(course.id)} aria-label={`View Details: ${course.title}`}>
          View Details
        </Link>
      </div>
    </article>
  );
}
