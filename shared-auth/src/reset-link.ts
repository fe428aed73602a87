/**
 * The reset link's token, as every sign-in page that sets a new password reads it (the site's and the console's).
 */
import { useEffect, useState } from 'react';
import { account, checkResetLink, errorMessage, translateMessage } from '@btls/shared-api';
import { useLocation, useNavigate } from '@btls/kernel';

/** Where the reset page's link stands. */
export type ResetLink =
  /** The page's script has not read the address yet (and never on the server, which has no fragment). */
  | { state: 'reading' }
  | { state: 'checking'; token: string }
  | { state: 'good'; token: string }
  /** No token, or one that is not ours, spent or expired: nothing to do but ask for a new link. */
  | { state: 'bad' }
  /** The check itself failed (the network, a limit): the form still tries, and says what its answer says. */
  | { state: 'unchecked'; token: string; problem: string };

/** The token of a reset link's fragment (`#token=…`, as the API's e-mail writes it). */
export function tokenOfFragment(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') || null;
}

/**
 * The e-mail's link brings its token in the fragment, which no server, log or page render sees. It is read once
 * the page runs, taken out of the address at once (so no history entry, bookmark, copied address or report of the
 * page's address carries it), kept in this page's memory only, and checked with a request whose body carries it:
 * a link that no longer works is said before a password is typed.
 */
export function useResetLink(): ResetLink {
  const { hash, pathname, search } = useLocation();
  const navigate = useNavigate();
  const [link, setLink] = useState<ResetLink>({ state: 'reading' });

  useEffect(() => {
    const token = tokenOfFragment(hash);
    if (token === null) {
      // The address without a token: a link cut short, or the one just read and taken out of the address.
      setLink((current) => (current.state === 'reading' ? { state: 'bad' } : current));
      return;
    }
    navigate({ pathname, search }, { replace: true });
    setLink({ state: 'checking', token });
  }, [hash, pathname, search, navigate]);

  useEffect(() => {
    if (link.state !== 'checking') return;
    const { token } = link;
    let current = true;
    checkResetLink(token).then(
      ({ valid }) => current && setLink(valid ? { state: 'good', token } : { state: 'bad' }),
      (failure: unknown) => {
        if (!current) return;
        const problem = errorMessage(failure);
        // A token the API refuses as such (too long, empty) is a link that does not work either.
        setLink(
          problem === translateMessage(account.resetLinkInvalid)
            ? { state: 'bad' }
            : { state: 'unchecked', token, problem },
        );
      },
    );
    return () => {
      current = false;
    };
  }, [link]);

  return link;
}
