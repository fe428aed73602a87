import { EMPLOYER_COURSES_PER_TRAINEE, EMPLOYER_RECENT_TRAINEES } from '@btls/shared-api';
import type { CertifiedTrainee } from '@btls/shared-api/schemas';

/**
 * The dashboard's talent summary (docs/product.md §9): at most 3 trainees, 2 courses each and '+N more'. `total` is how
 * many there are in all (the list is paged, so `trainees` may hold only the first few).
 */
export function talentSummary(trainees: CertifiedTrainee[], total = trainees.length) {
  return {
    total,
    showViewAll: total > EMPLOYER_RECENT_TRAINEES,
    recent: trainees.slice(0, EMPLOYER_RECENT_TRAINEES).map((t) => ({
      trainee: t,
      courses: t.certifiedCourses.slice(0, EMPLOYER_COURSES_PER_TRAINEE),
      more: Math.max(0, t.certifiedCourses.length - EMPLOYER_COURSES_PER_TRAINEE),
    })),
  };
}

/** Case-insensitive search over first name, last name, e-mail or a certified course. */
export function matchesTalent(t: CertifiedTrainee, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [t.firstName, t.lastName, t.email, ...t.certifiedCourses].some((v) => v.toLowerCase().includes(q));
}
