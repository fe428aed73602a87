import { courseQuery, isNotFound, useCreateCourse, useSuspenseQuery, useUpdateCourse } from '@btls/shared-api';
import type { Course } from '@btls/shared-api/schemas';
import { Link, paths, useI18n, useNavigate, useParams } from '@btls/shared-auth';
import { ErrorBanner, Spinner } from '@btls/shared-ui/components';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import { QueryBoundary } from '@btls/shared-ui/query-boundary';
import own from '../admin.module.css';
import { CourseForm, NEW_COURSE, valuesOf } from './course-form';

const styles = withPanelPage(own);

export function NewCoursePage() {
  const i18n = useI18n();
  const create = useCreateCourse();
  const navigate = useNavigate();
  return (
    <section className={styles.page}>
      <h1>{i18n._({ id: 'admin.nav.addCourse', message: 'Add Course' })}</h1>
      <CourseForm
        mode="add"
        draftName="course-add"
        initial={NEW_COURSE}
        onSubmit={async (payload, image) => {
          const { course } = await create.mutateAsync({ payload, image });
          navigate(paths.admin.courses, {
            state: {
              notice: i18n._({
                id: 'admin.courseForm.added',
                message: 'Course "{title}" added successfully.',
                values: { title: course.title },
              }),
            },
          });
        }}
      />
    </section>
  );
}

export function EditCoursePage() {
  const i18n = useI18n();
  const { courseId = '' } = useParams();
  if (!/^\d+$/.test(courseId)) {
    return (
      <section className={styles.page}>
        <h1>{i18n._({ id: 'admin.courseForm.editTitle', message: 'Edit Course' })}</h1>
        <p>{i18n._({ id: 'admin.courseForm.invalidId', message: 'Invalid course ID specified.' })}</p>
        <Link to={paths.admin.courses}>{i18n._({ id: 'admin.courseForm.back', message: 'Back to courses' })}</Link>
      </section>
    );
  }
  return (
    <QueryBoundary
      loading={<Spinner label={i18n._({ id: 'admin.courseForm.loading', message: 'Loading course details...' })} />}
      error={(message) => <CourseNotFound id={courseId} message={message} />}
    >
      <EditCourse id={courseId} />
    </QueryBoundary>
  );
}

function CourseNotFound({ id, message }: { id: string; message?: string }) {
  const i18n = useI18n();
  return (
    <section className={styles.page}>
      <h1>{i18n._({ id: 'admin.courseForm.notFound', message: 'Course Not Found' })}</h1>
      <p>{i18n._({ id: 'admin.courseForm.notFoundId', message: 'Course with ID {id} not found.', values: { id } })}</p>
      <ErrorBanner>{message}</ErrorBanner>
      <Link to={paths.admin.courses}>{i18n._({ id: 'admin.courseForm.back', message: 'Back to courses' })}</Link>
    </section>
  );
}

function EditCourse({ id }: { id: string }) {
  const { data: course } = useSuspenseQuery(courseQuery(id));
  if (isNotFound(course)) return <CourseNotFound id={id} />;
  return <EditCourseForm course={course} />;
}

function EditCourseForm({ course }: { course: Course }) {
  const i18n = useI18n();
  const update = useUpdateCourse();
  const navigate = useNavigate();
  return (
    <section className={styles.page}>
      <h1>{i18n._({ id: 'admin.courseForm.editTitle', message: 'Edit Course' })}</h1>
      <CourseForm
        mode="edit"
        draftName={`course-edit:${course.id}`}
        initial={valuesOf(course)}
        onSubmit={async (payload, image) => {
          const answer = await update.mutateAsync({ id: course.id, payload, image });
          navigate(paths.admin.courses, {
            state: {
              notice: i18n._({
                id: 'admin.courseForm.updated',
                message: 'Course "{title}" updated successfully.',
                values: { title: answer.course.title },
              }),
            },
          });
        }}
      />
    </section>
  );
}
