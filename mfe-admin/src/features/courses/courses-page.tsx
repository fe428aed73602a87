import { useState } from 'react';
import { COURSE_CATEGORIES, COURSE_LEVELS, DEFAULT_TRAINING_CENTER, errorMessage, pagedLists, useDeleteCourse } from '@btls/shared-api';
import type { Course } from '@btls/shared-api/schemas';
import { Link, paths, useLocation, useSearchParams } from '@btls/shared-auth';
import { buttonClass, ErrorBanner, SelectField, SuccessBanner, Table, TextField } from '@btls/shared-ui/components';
import { useDialog } from '@btls/shared-ui/dialog';
import { formatPrice } from '@btls/shared-ui/format';
import { Pager, usePagedList } from '@btls/shared-ui/paging';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import { ListStates } from '@btls/shared-ui/panel-states';
import own from '../admin.module.css';

const styles = withPanelPage(own);

const FILTERS = ['q', 'category', 'level', 'status'] as const;

export function CoursesPage() {
  const remove = useDeleteCourse();
  const list = usePagedList(useSearchParams(), pagedLists.courses, FILTERS);
  const courses = list.items;
  const error = list.error;
  const { confirm, dialog } = useDialog();
  const [notice, setNotice] = useState((useLocation().state as { notice?: string } | null)?.notice ?? '');
  const [failure, setFailure] = useState('');

  async function onDelete(course: Course) {
    if (!(await confirm(`Are you sure you want to delete the course "${course.title}"?`))) return;
    setNotice('');
    setFailure('');
    try {
      await remove.mutateAsync(course.id);
      list.setItems((rows) => rows.filter((c) => c.id !== course.id));
      setNotice('Course deleted successfully.');
    } catch (e) {
      setFailure(errorMessage(e));
    }
  }

  const select = (name: (typeof FILTERS)[number], label: string, all: string, options: readonly (readonly [string, string])[]) => (
    <SelectField label={label} value={list.filters[name]} onChange={(e) => list.setFilter(name, e.target.value)}>
      <option value="">{all}</option>
      {options.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </SelectField>
  );

  return (
    <section className={styles.page}>
      <div className={styles.toolbar}>
        <h1>Manage Courses</h1>
        <Link className={buttonClass()} to={paths.admin.newCourse}>
          Add Course
        </Link>
      </div>
      <SuccessBanner>{notice}</SuccessBanner>
      <ErrorBanner>{failure || error}</ErrorBanner>
      <div className={styles.filters}>
        <TextField
          label="Search courses"
          type="search"
          placeholder="Title, description or tag"
          value={list.filters.q}
          onChange={(e) => list.setFilter('q', e.target.value)}
        />
        {select('category', 'Category', 'All categories', COURSE_CATEGORIES.map((c) => [c, c] as const))}
        {select('level', 'Level', 'All levels', COURSE_LEVELS.map((l) => [l, l] as const))}
        {select('status', 'Status', 'Active and inactive', [['active', 'Active'], ['inactive', 'Inactive']])}
      </div>
      <ListStates
        items={courses}
        error={error}
        loading="Loading courses..."
        empty={Object.values(list.filters).some(Boolean) ? 'No courses match.' : 'No courses found. Add some!'}
      >
        {(rows) => (
        <Table
          caption="Courses"
          rows={rows}
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
                  <a href={paths.course(c.id)} target="_blank" rel="noopener noreferrer" aria-label={`View ${c.title} (opens in a new tab)`}>
                    View
                  </a>
                  <Link to={paths.admin.editCourse(c.id)} aria-label={`Edit ${c.title}`}>
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
      </ListStates>
      <Pager list={list} label="Courses" />
      {dialog}
    </section>
  );
}
