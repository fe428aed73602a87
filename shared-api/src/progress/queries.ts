import { queryOptions } from '@btls/kernel';
import { listProgress } from './calls';
import { progressKeys } from './keys';

export const enrollmentProgressQuery = (enrollmentId: number) =>
  queryOptions({ queryKey: progressKeys.enrollmentProgress(enrollmentId), queryFn: () => listProgress(enrollmentId) });

/** The first `items` records of each enrollment; an enrollment whose records fail to load shows none. */
export const latestProgressQuery = (enrollmentIds: readonly number[], items: number) =>
  queryOptions({
    queryKey: [...progressKeys.latestProgress(enrollmentIds), items],
    queryFn: () =>
      Promise.all(
        enrollmentIds.map((id) =>
          listProgress(id).then(
            (records) => records.slice(0, items),
            () => [],
          ),
        ),
      ),
  });
