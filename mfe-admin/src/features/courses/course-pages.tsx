import { useEffect, useState } from 'react';
import { getCourse } from '@btls/shared-api';
import type { Course } from '@btls/shared-api/schemas';
import { Link, useNavigate, useParams } from '@btls/shared-auth';
import { Spinner } from '@btls/shared-ui/components';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import own from '../admin.module.css';
import { CourseForm, NEW_COURSE, valuesOf } from './course-form';
import { useAdminCourses } from './courses-store';

const styles = withPanelPage(own);

export function NewCoursePage() {
  const add = useAdminCourses((s) => s.add);
  const navigate = useNavigate();
  return (
    <section className={styles.page}>
      <h1>Add Course</h1>
      <CourseForm
        mode="add"
        initial={NEW_COURSE}
        onSubmit={async (payload, image) => {
          const course = await add(payload, image);
          navigate('/admin/courses', { state: { notice: `Course "${course.title}" added successfully.` } });
        }}
      />
    </section>
  );
}

export function EditCoursePage() {
  const { courseId = '' } = useParams();
  const update = useAdminCourses((s) => s.update);
  const known = useAdminCourses((s) => s.courses.find((c) => String(c.id) === courseId));
  const navigate = useNavigate();
  const [course, setCourse] = useState<Course | null | undefined>(known);
  const valid = /^\d+$/.test(courseId);
  useEffect(() => {
    if (known || !valid) return;
    getCourse(courseId)
      .then(setCourse)
      .catch(() => setCourse(null));
  }, [courseId, known, valid]);

  if (!valid) {
    return (
      <section className={styles.page}>
        <h1>Edit Course</h1>
        <p>Invalid course ID specified.</p>
        <Link to="/admin/courses">Back to courses</Link>
      </section>
    );
  }
  if (course === null) {
    return (
      <section className={styles.page}>
        <h1>Course Not Found</h1>
        <p>Course with ID {courseId} not found.</p>
        <Link to="/admin/courses">Back to courses</Link>
      </section>
    );
  }
  if (!course) return <Spinner label="Loading course details..." />;
  return (
    <section className={styles.page}>
      <h1>Edit Course</h1>
      <CourseForm
        mode="edit"
        initial={valuesOf(course)}
        onSubmit={async (payload, image) => {
          const updated = await update(course.id, payload, image);
          navigate('/admin/courses', { state: { notice: `Course "${updated.title}" updated successfully.` } });
        }}
      />
    </section>
  );
}
