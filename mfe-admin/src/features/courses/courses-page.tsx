import { useEffect, useState } from 'react';
import { DEFAULT_TRAINING_CENTER } from '@btls/shared-api';
import type { Course } from '@btls/shared-api/schemas';
import { Link, useLocation } from '@btls/shared-auth';
import { buttonClass, ErrorBanner, Spinner, SuccessBanner, Table } from '@btls/shared-ui/components';
import { useDialog } from '@btls/shared-ui/dialog';
import { formatPrice } from '@btls/shared-ui/format';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import own from '../admin.module.css';
import { useAdminCourses } from './courses-store';

const styles = withPanelPage(own);

export function CoursesPage() {
  const { courses, status, error, load, remove } = useAdminCourses();
  const { confirm, dialog } = useDialog();
  const [notice, setNotice] = useState((useLocation().state as { notice?: string } | null)?.notice ?? '');
  const [failure, setFailure] = useState('');
  useEffect(() => {
    void load();
  }, [load]);

  async function onDelete(course: Course) {
    if (!(await confirm(`Are you sure you want to delete the course "${course.title}"?`))) return;
    setNotice('');
    setFailure('');
    try {
      await remove(course.id);
      setNotice('Course deleted successfully.');
    } catch (e) {
      setFailure((e as Error).message);
    }
  }

  return (
    <section className={styles.page}>
      <div className={styles.toolbar}>
        <h1>Manage Courses</h1>
        <Link className={buttonClass()} to="/admin/courses/new">
          Add Course
        </Link>
      </div>
      <SuccessBanner>{notice}</SuccessBanner>
      <ErrorBanner>{failure || error}</ErrorBanner>
      {status === 'idle' || status === 'loading' ? (
        <Spinner label="Loading courses..." />
      ) : courses.length === 0 ? (
        !error && <p>No courses found. Add some!</p>
      ) : (
        <Table
          caption="Courses"
          rows={courses}
          rowKey={(c) => c.id}
          columns={[
            { header: 'Title', cell: (c) => <>{c.title}{!c.isActive && ' (inactive)'}</> },
            { header: 'Category', cell: (c) => c.category },
            { header: 'Level', cell: (c) => c.level },
            { header: 'Price', cell: (c) => formatPrice(c.price) },
            { header: 'Center', cell: (c) => c.trainingCenter || DEFAULT_TRAINING_CENTER },
            {
              header: 'Actions',
              cell: (c) => (
                <span className={styles.actions}>
                  <a href={`/courses/${c.id}`} target="_blank" rel="noopener noreferrer" aria-label={`View ${c.title} (opens in a new tab)`}>
                    View
                  </a>
                  <Link to={`/admin/courses/edit/${c.id}`} aria-label={`Edit ${c.title}`}>
                    Edit
                  </Link>
                  <button type="button" className={`${styles.linkButton} ${styles.danger}`} aria-label={`Delete ${c.title}`} onClick={() => void onDelete(c)}>
                    Delete
                  </button>
                </span>
              ),
            },
          ]}
        />
      )}
      {dialog}
    </section>
  );
}
