import { COURSE_CATEGORIES, COURSE_LEVELS, DEFAULT_TRAINING_CENTER, valueText } from '@btls/shared-api';
import type { Course } from '@btls/shared-api/schemas';
import { Link, paths, siteHref, useI18n } from '@btls/shared-auth';
import { buttonClass, ErrorBanner, SelectField, SuccessBanner, Table, TextField } from '@btls/shared-ui/components';
import { formatPrice } from '@btls/shared-ui/format';
import { Pager } from '@btls/shared-ui/paging';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import { ListStates } from '@btls/shared-ui/panel-states';
import own from '../admin.module.css';
import { ROW_ITEM } from '@btls/shared-ui/focus-row';
import { FILTERS, useCoursesPage } from './use-courses-page';
import { TitleInLanguage } from '@btls/shared-ui/written-in';

const styles = withPanelPage(own);

export function CoursesPage() {
  const i18n = useI18n();
  const page = useCoursesPage();
  const { list, error } = page;
  const courses = list.items;

  const select = (
    name: keyof typeof FILTERS,
    label: string,
    all: string,
    options: readonly (readonly [string, string])[],
  ) => (
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
        <h1>{i18n._({ id: 'admin.courses.title', message: 'Manage Courses' })}</h1>
        <Link className={buttonClass()} to={paths.admin.newCourse}>
          {i18n._({ id: 'admin.nav.addCourse', message: 'Add Course' })}
        </Link>
      </div>
      <SuccessBanner takeFocus={page.noticeTakesFocus}>{page.notice}</SuccessBanner>
      <ErrorBanner>{error}</ErrorBanner>
      <div className={styles.filters}>
        <TextField
          label={i18n._({ id: 'admin.courses.search', message: 'Search courses' })}
          type="search"
          placeholder={i18n._({ id: 'admin.courses.searchHint', message: 'Title, description or tag' })}
          value={list.filters.q}
          onChange={(e) => list.setFilter('q', e.target.value)}
        />
        {select(
          'category',
          i18n._({ id: 'admin.courses.category', message: 'Category' }),
          i18n._({ id: 'admin.courses.allCategories', message: 'All categories' }),
          COURSE_CATEGORIES.map((c) => [c, i18n._(valueText(c))] as const),
        )}
        {select(
          'level',
          i18n._({ id: 'admin.courses.level', message: 'Level' }),
          i18n._({ id: 'admin.courses.allLevels', message: 'All levels' }),
          COURSE_LEVELS.map((l) => [l, i18n._(valueText(l))] as const),
        )}
        {select(
          'status',
          i18n._({ id: 'admin.courses.status', message: 'Status' }),
          i18n._({ id: 'admin.courses.activeAndInactive', message: 'Active and inactive' }),
          [
            ['active', i18n._({ id: 'admin.jobs.active', message: 'Active' })],
            ['inactive', i18n._({ id: 'admin.jobs.inactive', message: 'Inactive' })],
          ],
        )}
      </div>
      <ListStates
        items={courses}
        error={list.error}
        loading={i18n._({ id: 'admin.courses.loading', message: 'Loading courses...' })}
        empty={
          Object.values(list.filters).some(Boolean)
            ? i18n._({ id: 'admin.courses.noMatch', message: 'No courses match.' })
            : i18n._({ id: 'admin.courses.none', message: 'No courses found. Add some!' })
        }
      >
        {(rows) => (
          <Table
            caption={i18n._({ id: 'admin.nav.courses', message: 'Courses' })}
            rows={rows}
            rowKey={(c) => c.id}
            columns={[
              {
                header: i18n._({ id: 'admin.courses.courseTitle', message: 'Title' }),
                cell: (c) => <TitleInLanguage title={c.title} language={c.language} />,
                wholeWords: true,
              },
              {
                header: i18n._({ id: 'admin.courses.category', message: 'Category' }),
                cell: (c) => i18n._(valueText(c.category)),
              },
              {
                header: i18n._({ id: 'admin.courses.level', message: 'Level' }),
                cell: (c) => i18n._(valueText(c.level)),
              },
              {
                header: i18n._({ id: 'admin.courses.price', message: 'Price' }),
                cell: (c) => formatPrice(c.price, i18n),
              },
              {
                header: i18n._({ id: 'admin.courses.center', message: 'Center' }),
                cell: (c) => c.trainingCenter || DEFAULT_TRAINING_CENTER,
              },
              {
                header: i18n._({ id: 'admin.courses.status', message: 'Status' }),
                cell: (c) =>
                  c.isActive
                    ? i18n._({ id: 'admin.jobs.active', message: 'Active' })
                    : i18n._({ id: 'admin.jobs.inactive', message: 'Inactive' }),
              },
              {
                header: i18n._({ id: 'admin.jobs.actions', message: 'Actions' }),
                cell: (c) => <CourseActions course={c} onToggle={page.toggle} onDelete={page.remove} />,
              },
            ]}
          />
        )}
      </ListStates>
      <Pager list={list} label={i18n._({ id: 'admin.nav.courses', message: 'Courses' })} />
      {page.dialog}
    </section>
  );
}

/** See it as visitors do, change it, take it off the public site (or back), and apart from those, delete it. */
function CourseActions({
  course: c,
  onToggle,
  onDelete,
}: {
  course: Course;
  onToggle: (course: Course) => Promise<void>;
  onDelete: (course: Course) => Promise<void>;
}) {
  const i18n = useI18n();
  return (
    <span className={`${styles.actions} ${styles.rowEnd}`} {...{ [ROW_ITEM]: c.id }}>
      <a
        href={siteHref(paths.course(c.id))}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={i18n._({
          id: 'admin.courses.viewOf',
          message: 'View {title} (opens in a new tab)',
          values: { title: c.title },
        })}
      >
        {i18n._({ id: 'admin.courses.view', message: 'View' })}
      </a>
      <Link
        to={paths.admin.editCourse(c.id)}
        aria-label={i18n._({
          id: 'admin.users.editOf',
          message: 'Edit {name}',
          values: { name: c.title },
        })}
      >
        {i18n._({ id: 'admin.users.edit', message: 'Edit' })}
      </Link>
      <button
        type="button"
        className={styles.linkButton}
        aria-label={
          c.isActive
            ? i18n._({ id: 'admin.jobs.deactivateOf', message: 'Deactivate {title}', values: { title: c.title } })
            : i18n._({ id: 'admin.jobs.activateOf', message: 'Activate {title}', values: { title: c.title } })
        }
        onClick={() => void onToggle(c)}
      >
        {c.isActive
          ? i18n._({ id: 'admin.jobs.deactivate', message: 'Deactivate' })
          : i18n._({ id: 'admin.jobs.activate', message: 'Activate' })}
      </button>
      <button
        type="button"
        className={`${styles.linkButton} ${styles.danger}`}
        aria-label={i18n._({
          id: 'admin.users.deleteOf',
          message: 'Delete {name}',
          values: { name: c.title },
        })}
        onClick={() => void onDelete(c)}
      >
        {i18n._({ id: 'admin.users.delete', message: 'Delete' })}
      </button>
    </span>
  );
}
