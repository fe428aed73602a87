/**
 * Whether this trainee may have job applications kept on this phone: a mark in localStorage set when one is
 * kept and taken off when none is left. The dashboard loads the list of kept applications (and the queue's
 * IndexedDB code) only then, so entering the area costs nothing more when nothing waits.
 */
// Read by its name in dashboard/dashboard-page.tsx too.
const mark = (userId: number) => `btls-kept-applications:${userId}`;

export function markKeptApplications(userId: number, kept: boolean): void {
  try {
    if (kept) localStorage.setItem(mark(userId), '1');
    else localStorage.removeItem(mark(userId));
  } catch {
    // No storage: the dashboard does not list them; each job's page still shows its own.
  }
}
