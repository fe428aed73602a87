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
import { useCheckedPagedList } from '@btls/shared-ui/address-filters';
import { AREA_NAMES } from './area-names';

export type AreaAction = 'promote' | 'stop' | 'rollback';

/** Audit entries on a page: a phone's screen or two. */
const AUDIT_PAGE = 10;
/** The log's filter: the areas its choice offers (another name would show an empty log). */
const AUDIT_FILTERS = { area: Object.keys(AREA_NAMES) };

export function useReleasesPage(confirm: (question: string) => Promise<boolean>) {
  const areas = useQuery(releasesQuery());
  const audit = useCheckedPagedList(AUDIT_FILTERS, releaseAuditPages, AUDIT_PAGE);
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

  /**
   * A write, once `question` is confirmed: its answer in the notice; its failure in the page's banner, or given
   * to `refused` (a form shows it beside the field it is about). True when it was done.
   */
  async function run<R>(
    question: string | null,
    write: () => Promise<R>,
    done: (answer: R) => string,
    refused: (failure: unknown) => void = (failure) => setError(errorMessage(failure)),
  ) {
    if (question !== null && !(await confirm(question))) return false;
    setNotice('');
    setError('');
    setBusy(true);
    try {
      setNotice(done(await write()));
      return true;
    } catch (failure) {
      refused(failure);
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
    /** Makes a token of `area`; a refusal goes to `refused` (the form's), not to the page's banner. */
    async makeToken(area: string, label: string, refused: (failure: unknown) => void) {
      setMadeToken(null);
      return run(
        null,
        () => createToken.mutateAsync({ area, ...(label.trim() ? { label: label.trim() } : {}) }),
        (made) => {
          setMadeToken(made);
          return noticeText(made);
        },
        refused,
      );
    },
    revoke(token: ReleaseToken, question: string) {
      return run(question, () => revokeToken.mutateAsync(token.id), noticeText);
    },
  };
}

/** What the page and its parts are given of the hook. */
export type ReleasesPageState = ReturnType<typeof useReleasesPage>;
/** How the page names an area and who did something. */
export interface Naming {
  areaName: (area: string) => string;
  who: (actor: string | null) => string;
}
