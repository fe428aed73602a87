/** A server-rendered page's data, taken over as fresh as the page: no second ask of the API for what it came with. */
import { describe, expect, it } from 'vitest';
import { createQueryClient, dehydrate, hydrate, queryOptions, type QueryKey } from '@btls/kernel';
import { asArrived } from '../src/server-data';

const job = (key: QueryKey, fetched: () => void) =>
  queryOptions({ queryKey: key, queryFn: async () => (fetched(), { id: 4, title: 'Barista' }) });

describe("a server-rendered page's data", () => {
  it('counts from when the page arrived, not when it was rendered, so a kept page is not asked for again', async () => {
    // Rendered 90 s before the page arrives (kept by the page cache), more than the data's 60 s of freshness.
    const server = createQueryClient();
    const renderedAt = Date.now() - 90_000;
    await server.prefetchQuery(job(['jobs', '4'], () => undefined));
    const data = dehydrate(server);
    data.queries[0]!.state.dataUpdatedAt = renderedAt;

    // Taken over as rendered, the data is stale at once: the page would ask the API for it again.
    const asRendered = createQueryClient();
    hydrate(asRendered, data);
    let askedAgain = 0;
    await asRendered.fetchQuery({ ...job(['jobs', '4'], () => (askedAgain += 1)), staleTime: 60_000 });
    expect(askedAgain).toBe(1);

    // Taken over as it arrived (2 s ago): fresh, nothing asked.
    const browser = createQueryClient();
    const arrivedAt = Date.now() - 2_000;
    hydrate(browser, asArrived(data, arrivedAt));
    expect(browser.getQueryState(['jobs', '4'])?.dataUpdatedAt).toBe(arrivedAt);
    let asked = 0;
    await browser.fetchQuery({ ...job(['jobs', '4'], () => (asked += 1)), staleTime: 60_000 });
    expect(asked).toBe(0);
    expect(browser.getQueryData(['jobs', '4'])).toEqual({ id: 4, title: 'Barista' });
  });

  it('leaves a query without data as it is', () => {
    const data = { mutations: [], queries: [{ queryKey: ['x'], queryHash: '["x"]', state: { dataUpdatedAt: 0 } }] };
    expect(asArrived(data as never, 123)).toEqual(data);
  });
});
