/**
 * The Releases page's state and writes: the areas, the audit log (a page at a time, of one area or all, as the
 * address says) and the tokens (read through the same API the release tool uses), each action confirmed first,
 * its answer or its failure in one banner, and a new token shown once.
 */
import { useState } from 'react';
import {
  errorMessage,
  noticeText,
  releaseAuditPages,
  releasesQuery,
  releaseTokensQuery,
  useCreateReleaseToken,
  usePromoteRollout,
  useQuery,
  useRevokeReleaseToken,
  useRollBackRelease,
  useStopRollout,
} from '@btls/shared-api';
import type { AreaReleases, NewReleaseToken, ReleaseToken } from '@btls/shared-api/schemas';
import { useSearchParams } from '@btls/shared-auth';
import { usePagedList } from '@btls/shared-ui/paging';

export type AreaAction = 'promote' | 'stop' | 'rollback';

/** Audit entries on a page: a phone's screen or two. */
const AUDIT_PAGE = 10;

export function useReleasesPage(confirm: (question: string) => Promise<boolean>) {
  const areas = useQuery(releasesQuery());
  const audit = usePagedList(useSearchParams(), releaseAuditPages, ['area'], AUDIT_PAGE);
  const tokens = useQuery(releaseTokensQuery());
  const promote = usePromoteRollout();
  const stop = useStopRollout();
  const rollBack = useRollBackRelease();
  const createToken = useCreateReleaseToken();
  const revokeToken = useRevokeReleaseToken();
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  /** The token just made: shown once, until the page is left. */
  const [madeToken, setMadeToken] = useState<NewReleaseToken | null>(null);

  async function run<R>(question: string | null, write: () => Promise<R>, done: (answer: R) => string) {
    if (question !== null && !(await confirm(question))) return false;
    setNotice('');
    setError('');
    setBusy(true);
    try {
      setNotice(done(await write()));
      return true;
    } catch (failure) {
      setError(errorMessage(failure));
      return false;
    } finally {
      setBusy(false);
    }
  }

  const failedLoad = areas.error ?? tokens.error;
  return {
    areas,
    audit,
    tokens,
    notice,
    error,
    /** Why a list did not load (the lists themselves then show nothing). */
    loadError: failedLoad ? errorMessage(failedLoad) : audit.error,
    busy,
    madeToken,
    /** Promote, stop or roll back `area`, once `question` is confirmed. */
    act(area: AreaReleases, action: AreaAction, question: string) {
      const write = { promote: promote.mutateAsync, stop: stop.mutateAsync, rollback: rollBack.mutateAsync }[action];
      return run(question, () => write(area.area), noticeText);
    },
    async makeToken(area: string, label: string) {
      setMadeToken(null);
      return run(
        null,
        () => createToken.mutateAsync({ area, ...(label.trim() ? { label: label.trim() } : {}) }),
        (made) => {
          setMadeToken(made);
          return noticeText(made);
        },
      );
    },
    revoke(token: ReleaseToken, question: string) {
      return run(question, () => revokeToken.mutateAsync(token.id), noticeText);
    },
  };
}
