import { courseQuery, isNotFound, useCreateCourse, useSuspenseQuery, useUpdateCourse } from '@btls/shared-api';
import type { Course } from '@btls/shared-api/schemas';
import { Link, paths, useNavigate, useParams } from '@btls/shared-auth';
import { ErrorBanner, Spinner } from '@btls/shared-ui/components';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import { QueryBoundary } from '@btls/shared-ui/query-boundary';
import own from '../admin.module.css';
import { CourseForm, NEW_COURSE, valuesOf } from './course-form';

const styles = withPanelPage(own);

export function NewCoursePage() {
  const create = useCreateCourse();
  const navigate = useNavigate();
  return (
    <section className={styles.page}>
      <h1>Add Course</h1>
      <CourseForm
        mode="add"
        initial={NEW_COURSE}
        onSubmit={async (payload, image) => {
          const { course } = await create.mutateAsync({ payload, image });
          navigate(paths.admin.courses, { state: { notice: `Course "${course.title}" added successfully.` } });
        }}
      />
    </section>
  );
}

export function EditCoursePage() {
  const { courseId = '' } = useParams();
  if (!/^\d+$/.test(courseId)) {
    return (
      <section className={styles.page}>
        <h1>Edit Course</h1>
        <p>Invalid course ID specified.</p>
        <Link to={paths.admin.courses}>Back to courses</Link>
      </section>
    );
  }
  return (
    <QueryBoundary loading={<Spinner label="Loading course details..." />} error={(message) => <CourseNotFound id={courseId} message={message} />}>
      <EditCourse id={courseId} />
    </QueryBoundary>
  );
}

function CourseNotFound({ id, message }: { id: string; message?: string }) {
  return (
    <section className={styles.page}>
      <h1>Course Not Found</h1>
      <p>Course with ID {id} not found.</p>
      <ErrorBanner>{message}</ErrorBanner>
      <Link to={paths.admin.courses}>Back to courses</Link>
    </section>
  );
}

function EditCourse({ id }: { id: string }) {
  const { data: course } = useSuspenseQuery(courseQuery(id));
  if (isNotFound(course)) return <CourseNotFound id={id} />;
  return <EditCourseForm course={course} />;
}

function EditCourseForm({ course }: { course: Course }) {
  const update = useUpdateCourse();
  const navigate = useNavigate();
  return (
    <section className={styles.page}>
      <h1>Edit Course</h1>
      <CourseForm
        mode="edit"
        initial={valuesOf(course)}
        onSubmit={async (payload, image) => {
          const answer = await update.mutateAsync({ id: course.id, payload, image });
          navigate(paths.admin.courses, { state: { notice: `Course "${answer.course.title}" updated successfully.` } });
        }}
      />
    </section>
  );
}
