import { useEffect, useState } from 'react';
import { DEFAULT_TRAINING_CENTER, getCourse } from '@btls/shared-api';
import type { Course } from '@btls/shared-api/schemas';
import { Link, useAuth, useParams } from '@btls/shared-auth';
import { buttonClass, Spinner } from '@btls/shared-ui/components';
import { formatPrice, orNA } from '@btls/shared-ui/format';
import { CourseImage } from '../../ui/course-image';
import styles from './courses.module.css';
import { useCoursesStore } from './courses-store';

const NOT_FOUND = 'The course you are looking for could not be found.';

export function CourseDetailPage() {
  const { id = '' } = useParams();
  const { role } = useAuth();
  // A course already in memory from the list shows at once (spec §7: the list is checked first).
  const known = useCoursesStore((s) => s.courses.find((c) => String(c.id) === id));
  const [course, setCourse] = useState<Course | undefined>(known);
  const [error, setError] = useState('');

  useEffect(() => {
    if (known) return setCourse(known);
    let current = true;
    setError('');
    getCourse(id)
      .then((found) => current && setCourse(found))
      .catch((failure: { status?: number; message: string }) => {
        if (current) setError(failure.status === 404 ? NOT_FOUND : failure.message || 'Failed to load course details.');
      });
    return () => {
      current = false;
    };
  }, [id, known]);

  return (
    <main className={styles.detail}>
      <Link className={styles.back} to="/courses">
        ← Back to all courses
      </Link>
      {error ? (
        <section className={styles.empty}>
          <h1>Course Not Found or Error</h1>
          <p>{error}</p>
        </section>
      ) : !course ? (
        <Spinner label="Loading course details..." />
      ) : (
        <article className={styles.detailCard}>
          <CourseImage course={course} width={900} height={400} priority />
          <div className={styles.detailBody}>
            <p className={styles.category}>{course.category}</p>
            <h1>{course.title}</h1>
            <p>{course.description}</p>
            <dl className={styles.detailFacts}>
              <div><dt>Level</dt><dd>{course.level}</dd></div>
              <div><dt>Duration</dt><dd>{orNA(course.duration)}</dd></div>
              <div><dt>Price</dt><dd>{formatPrice(course.price)}</dd></div>
              <div><dt>Certification</dt><dd>Provided upon completion</dd></div>
              <div><dt>Instructor</dt><dd>{course.instructor || 'Experienced Professionals'}</dd></div>
              <div><dt>Training centre</dt><dd>{course.trainingCenter || DEFAULT_TRAINING_CENTER}</dd></div>
            </dl>
            {course.tags.length > 0 && (
              <>
                <h2>Topics</h2>
                <ul className={styles.tags}>
                  {course.tags.map((tag) => <li key={tag}>{tag}</li>)}
                </ul>
              </>
            )}
            {/* Signed-in trainees go straight to the application form with this course chosen. */}
            {role === 'trainee' ? (
              <Link className={buttonClass()} to={`/apply-for-course?courseId=${course.id}`}>
                Enroll Now
              </Link>
            ) : (
              <Link className={buttonClass()} to="/login">
                Enroll Now (Login or register is Required)
              </Link>
            )}
          </div>
        </article>
      )}
    </main>
  );
}
