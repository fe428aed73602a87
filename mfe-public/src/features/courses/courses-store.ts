/** The course list of the public area (spec §4 "Course list"): loaded once, shared by its pages. */
import { create } from 'zustand';
import { listCourses } from '@btls/shared-api';
import type { Course } from '@btls/shared-api/schemas';

interface CoursesState {
  courses: Course[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string;
  load(): Promise<void>;
}

export const useCoursesStore = create<CoursesState>((set, get) => ({
  courses: [],
  status: 'idle',
  error: '',
  async load() {
    if (get().status === 'loading' || get().status === 'ready') return;
    set({ status: 'loading', error: '' });
    try {
      set({ courses: await listCourses(), status: 'ready' });
    } catch (error) {
      // A failed fetch empties the list and shows the error (spec §4).
      set({ courses: [], status: 'error', error: (error as Error).message });
    }
  },
}));
