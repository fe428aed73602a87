/**
 * Asking again, on the console: a dangerous action (a release token, a role, an activation, a revocation) past
 * the window of the admin's last proof is refused with 403 `session.sudoRequired`. The page's one connection to
 * the API (the kernel's, which every area's calls go through) then asks the admin to confirm it is them, keeps
 * the session's new token, and sends the refused request once more, handing its answer to the caller as if it
 * were the first; a Cancel hands the caller the refusal itself. The caller's code knows nothing of it.
 *
 * Only on the console: a document no other team's code enters is where asking for the password means something.
 */
import { externalStore } from '@btls/shared-api';
import { useSessionStore } from '@btls/shared-auth';

/** The code of the API's refusal that asks for a recent proof (shared-api's `session.sudoRequired`). */
export const SUDO_REQUIRED = 'session.sudoRequired';

/** The open question, while the dialog is up: answered true once the admin has confirmed, false on Cancel. */
export interface SudoQuestion {
  answer(confirmed: boolean): void;
}

export const sudoQuestion = externalStore<SudoQuestion | null>(null);

/** How long one trip to the API may take (the kernel's deadline for the calls it times). */
const CALL_DEADLINE_MS = 30_000;

let asking: Promise<boolean> | null = null;

/** Asks the admin (once for every request refused while the dialog is up). */
export function askAgain(): Promise<boolean> {
  asking ??= new Promise<boolean>((resolve) => {
    sudoQuestion.set({
      answer(confirmed) {
        asking = null;
        sudoQuestion.set(null);
        resolve(confirmed);
      },
    });
  });
  return asking;
}

async function asksForProof(response: Response): Promise<boolean> {
  if (response.status !== 403) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  return body?.code === SUDO_REQUIRED;
}

/**
 * A fetch that, refused for want of a recent proof, asks and sends the request again with the session's new
 * token. The request is copied before it is sent: its body can be read only once.
 */
export function askingFetch(send: typeof fetch = (...args) => fetch(...args)): typeof fetch {
  // Each trip on the network has the deadline the kernel gives calls it times itself; the time the admin takes to
  // answer the dialog is not counted (the kernel leaves the timing of a page's own fetch to it).
  const timed = (request: Request) => send(request, { signal: AbortSignal.timeout(CALL_DEADLINE_MS) });
  return async (input, init) => {
    const request = new Request(input, init);
    const again = request.clone();
    const response = await timed(request);
    if (!(await asksForProof(response))) return response;
    if (!(await askAgain())) return response;
    const token = useSessionStore.getState().token;
    if (token) again.headers.set('Authorization', `Bearer ${token}`);
    return timed(again);
  };
}
