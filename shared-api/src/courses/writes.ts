import { createCourse, deleteCourse, updateCourse } from './calls';
import { courseKeys } from './keys';
import { useApiMutation } from '../mutations';
import type { CourseCreatePayload } from '../schemas';

export const useCreateCourse = () =>
  useApiMutation(
    ({ payload, image }: { payload: CourseCreatePayload; image?: Blob | null }) => createCourse(payload, image),
    [courseKeys.courses],
  );

export const useUpdateCourse = () =>
  useApiMutation(
    ({ id, payload, image }: { id: number; payload: CourseCreatePayload; image?: Blob | null }) =>
      updateCourse(id, payload, image),
    [courseKeys.courses],
  );

export const useDeleteCourse = () => useApiMutation(deleteCourse, [courseKeys.courses]);
