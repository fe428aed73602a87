/**
 * Whether this trainee may have job applications kept on this phone: a mark in localStorage set when one is
 * kept and taken off when none is left. The dashboard loads the list of kept applications (and the queue's
 * IndexedDB code) only then, so entering the area costs nothing more when nothing waits.
 */
const mark = (userId: number) => `btls-kept-applications:${userId}`;

export function hasKeptApplications(userId: number): boolean {
  try {
    return localStorage.getItem(mark(userId)) === '1';
  } catch {
    return false;
  }
}

export function markKeptApplications(userId: number, kept: boolean): void {
  try {
    if (kept) localStorage.setItem(mark(userId), '1');
    else localStorage.removeItem(mark(userId));
  } catch {
    // No storage: the dashboard does not list them; each job's page still shows its own.
  }
}
