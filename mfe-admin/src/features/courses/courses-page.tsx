import { useEffect, useState } from 'react';
import { DEFAULT_TRAINING_CENTER } from '@btls/shared-api/constants';
import type { Course } from '@btls/shared-api/schemas';
import { Link, useLocation } from '@btls/shared-auth/router';
import { buttonClass, ErrorBanner, Spinner, SuccessBanner, tableClass } from '@btls/shared-ui/components';
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
        <table className={tableClass}>
          <caption className="visually-hidden">Courses</caption>
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Category</th>
              <th scope="col">Level</th>
              <th scope="col">Price</th>
              <th scope="col">Center</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {courses.map((c) => (
              <tr key={c.id}>
                <td data-label="Title">
                  {c.title}
                  {!c.isActive && ' (inactive)'}
                </td>
                <td data-label="Category">{c.category}</td>
                <td data-label="Level">{c.level}</td>
                <td data-label="Price">{formatPrice(c.price)}</td>
                <td data-label="Center">{c.trainingCenter || DEFAULT_TRAINING_CENTER}</td>
                <td data-label="Actions">
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
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {dialog}
    </section>
  );
}
