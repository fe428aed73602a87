/** The admin's course list (spec §4): loaded once; add puts first, update replaces, delete removes. */
import { create } from 'zustand';
import { createCourse, deleteCourse, listCourses, updateCourse } from '@btls/shared-api';
import type { Course, CourseCreatePayload } from '@btls/shared-api/schemas';

interface AdminCoursesState {
  courses: Course[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string;
  load(force?: boolean): Promise<void>;
  add(payload: CourseCreatePayload, image?: Blob | null): Promise<Course>;
  update(id: number, payload: CourseCreatePayload, image?: Blob | null): Promise<Course>;
  remove(id: number): Promise<void>;
}

export const useAdminCourses = create<AdminCoursesState>((set, get) => ({
  courses: [],
  status: 'idle',
  error: '',
  async load(force = false) {
    if (!force && (get().status === 'loading' || get().status === 'ready')) return;
    set({ status: 'loading', error: '' });
    try {
      set({ courses: await listCourses(), status: 'ready' });
    } catch (error) {
      set({ courses: [], status: 'error', error: (error as Error).message });
    }
  },
  async add(payload, image) {
    const { course } = await createCourse(payload, image);
    set({ courses: [course, ...get().courses] });
    return course;
  },
  async update(id, payload, image) {
    const { course } = await updateCourse(id, payload, image);
    set({ courses: get().courses.map((c) => (c.id === id ? course : c)) });
    return course;
  },
  async remove(id) {
    await deleteCourse(id);
    set({ courses: get().courses.filter((c) => c.id !== id) });
  },
}));
