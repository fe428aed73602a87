/**
 * The state and writes of the admin's courses list: its search, category, level, status and page (in the
 * address, checked against what the page offers), taking a course off the public site and back, and deleting
 * one after a confirmation, with the message each leaves. The page (courses-page.tsx) shows them.
 */
import { useState } from 'react';
import {
  COURSE_CATEGORIES,
  COURSE_LEVELS,
  errorMessage,
  pagedCourses,
  useDeleteCourse,
  useUpdateCourse,
} from '@btls/shared-api';
import type { Course, CourseCreatePayload } from '@btls/shared-api/schemas';
import { useI18n, useLocation } from '@btls/shared-auth';
import { useDialog } from '@btls/shared-ui/dialog';
import { SEARCH, useCheckedPagedList } from '@btls/shared-ui/address-filters';
import { useFocusAfterChange } from '../focus-after-change';
import { ownFieldsOf, valuesOf } from './course-form';

export const FILTERS = {
  q: SEARCH,
  category: COURSE_CATEGORIES,
  level: COURSE_LEVELS,
  status: ['active', 'inactive'],
} as const;

export function useCoursesPage() {
  const i18n = useI18n();
  const { confirm, dialog } = useDialog();
  const list = useCheckedPagedList(FILTERS, pagedCourses);
  const deletion = useDeleteCourse();
  const update = useUpdateCourse();
  const focus = useFocusAfterChange(list.items);
  const [notice, setNotice] = useState((useLocation().state as { notice?: string } | null)?.notice ?? '');
  const [failure, setFailure] = useState('');

  async function write(run: () => Promise<string>) {
    setNotice('');
    setFailure('');
    try {
      setNotice(await run());
    } catch (e) {
      setFailure(errorMessage(e));
    }
  }

  /**
   * The course as it is, with the other status: the server takes a whole course (its category and level are
   * ones it gave, so of its lists). A list of one status loses the row, and the focus goes to the message.
   */
  function toggle(course: Course) {
    focus.before(course.id);
    return write(async () => {
      const payload = {
        ...ownFieldsOf(valuesOf(course)),
        category: course.category as CourseCreatePayload['category'],
        level: course.level as CourseCreatePayload['level'],
        isActive: !course.isActive,
      };
      const { course: changed } = await update.mutateAsync({ id: course.id, payload });
      focus.after();
      return changed.isActive
        ? i18n._({
            id: 'admin.courses.nowActive',
            message: '"{title}" is active: it shows on the public site.',
            values: { title: changed.title },
          })
        : i18n._({
            id: 'admin.courses.nowInactive',
            message: '"{title}" is inactive: it no longer shows on the public site.',
            values: { title: changed.title },
          });
    });
  }

  async function remove(course: Course) {
    const question = i18n._({
      id: 'admin.courses.confirmDelete',
      message: 'Are you sure you want to delete the course "{title}"?',
      values: { title: course.title },
    });
    if (!(await confirm(question))) return;
    focus.before(course.id);
    await write(async () => {
      await deletion.mutateAsync(course.id);
      list.setItems((rows) => rows.filter((c) => c.id !== course.id));
      focus.after();
      return i18n._({ id: 'admin.courses.deleted', message: 'Course deleted successfully.' });
    });
  }

  return {
    list,
    notice,
    noticeTakesFocus: focus.noticeTakesFocus,
    error: failure || list.error,
    toggle,
    remove,
    dialog,
  };
}
