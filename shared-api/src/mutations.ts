/**
 * The writes' common part: each resource's writes (`jobs/writes.ts`, …) say what they change, and when one
 * succeeds every query under those keys is refreshed (lists, pages, counts, details), so no screen keeps a copy
 * of its own to patch by hand.
 */
import { useQueryClient, type QueryKey } from '@btls/kernel';

/**
 * A write that refreshes `changes` once it has succeeded. The answer comes when the screens' data has been
 * asked again, so a notice ("Progress record deleted.") never shows beside the row it speaks of (a failed
 * refresh does not fail the write). Screens await `mutateAsync` and show its answer or its error; TanStack's
 * useMutation would add its observer to the first load of every page (this package is loaded with `/`) for
 * state no screen reads.
 */
export function useApiMutation<V, R>(write: (variables: V) => Promise<R>, changes: readonly QueryKey[]) {
  const client = useQueryClient();
  return {
    async mutateAsync(variables: V): Promise<R> {
      const answer = await write(variables);
      await Promise.all(changes.map((queryKey) => client.invalidateQueries({ queryKey })));
      return answer;
    },
  };
}
