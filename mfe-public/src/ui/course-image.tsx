import type { Course } from '@btls/shared-api/schemas';
import styles from './course-image.module.css';

/** The course's image, or a placeholder whose text is the course title (spec §9). */
export function CourseImage({ course, width = 400, height = 225 }: { course: Pick<Course, 'title' | 'imageUrl'>; width?: number; height?: number }) {
  if (course.imageUrl) {
    return <img className={styles.image} src={course.imageUrl} alt={course.title} width={width} height={height} loading="lazy" />;
  }
  return (
    <div className={styles.placeholder} role="img" aria-label={course.title} style={{ aspectRatio: `${width} / ${height}` }}>
      <span>{course.title}</span>
    </div>
  );
}
