import { DEFAULT_TRAINING_CENTER } from '@btls/shared-api';
import type { Course } from '@btls/shared-api/schemas';
import { Link } from '@btls/shared-auth';
import { formatPrice, orNA, truncateDescription } from '@btls/shared-ui/format';
import { CourseImage } from '../../ui/course-image';
import styles from './courses.module.css';

export function CourseCard({ course }: { course: Course }) {
  return (
    <article className={styles.card}>
      <CourseImage course={course} />
      <div className={styles.cardBody}>
        <h3>{course.title}</h3>
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
        <Link className={styles.details} to={`/courses/${course.id}`} aria-label={`View Details: ${course.title}`}>
          View Details
        </Link>
      </div>
    </article>
  );
}
