/**
 * The shell's server build (dist/server/render.js, made by `vite build --ssr`): the API renders public pages with
 * it, in render processes of their own (api/src/workers/render-page.ts). It renders the same App as the browser
 * (layout, route table, the remote's routes given in `remotes`), waits for every page chunk and query, and
 * answers the HTML, the tags for the head and the data to embed. It also provides the shared modules a remote's server build asks for: one React and one kernel (router,
 * session store, query client, i18n) on the server as in the browser.
 */
import * as React from 'react';
import type { ComponentType } from 'react';
import * as ReactDom from 'react-dom';
import * as ReactDomServer from 'react-dom/server';
import * as ReactDomStatic from 'react-dom/static';
import { prerenderToNodeStream } from 'react-dom/static';
import * as jsxRuntime from 'react/jsx-runtime';
import { StaticRouter } from 'react-router';
import * as kernel from '@btls/kernel';
import { dehydrate } from '@btls/kernel';
import {
  configureApi,
  createQueryClient,
  isLanguage,
  isNotFound,
  QueryClientProvider,
  queryKeys,
  type CatalogueLoader,
} from '@btls/shared-api';
import { serverI18n } from '@btls/kernel/i18n-server';
import { AuthProvider, I18nContext, sessionHintOf, type SessionHint } from '@btls/shared-auth';
import { App } from './app';
import { loadShellMessages } from './language';
import { ProvidedRemotes } from './remote-area';
import { areaFor, AreasContext } from './route-table';
import type { RemotesJson } from '@btls/build-config/remotes';
import { SERVER_DATA_ID, SESSION_HINT_KEY } from './server-data';

export { SERVER_DATA_ID };

/** What a remote's server build may `require` (the same list as build-config/federation.ts's serverSharedModules). */
export const sharedModules: Record<string, unknown> = {
  react: React,
  'react/jsx-runtime': jsxRuntime,
  'react-dom': ReactDom,
  'react-dom/server': ReactDomServer,
  'react-dom/static': ReactDomStatic,
  '@btls/kernel': kernel,
};

/** The API client on the server: calls go to `fetch` (the API answering itself), never over the network. */
export function configureServerApi(fetch: typeof globalThis.fetch) {
  configureApi({ baseUrl: 'http://server-render.invalid/api/', fetch, report: () => undefined });
}

/**
 * Which remote renders `pathname` on the server, in the map of areas of the page's releases: 'not-found' for the
 * shell's own page, or null: the browser renders it.
 */
export function serverRenderedBy(pathname: string, areas: RemotesJson): string | 'not-found' | null {
  const area = areaFor(areas, pathname);
  if (!area) return 'not-found';
  return area.serverRendered ? area.remote : null;
}

/**
 * Who the request's page is shown as signed in to (the `btlsWho` cookie beside the browser's session: the render
 * process is given that cookie alone), or null: a visitor's page. A page rendered for one is personal. (The
 * page's language and data saver come read already: the API reads them, as it keys the pages it keeps.)
 */
export function sessionOf(headers: { cookie?: string }): SessionHint | null {
  return sessionHintOf(headers.cookie);
}

export interface RenderResult {
  status: number;
  /** title, meta and link tags the page asked for (React hoists them to the start of its output). */
  head: string;
  /** The content of #root. */
  body: string;
  /** The query cache as the browser's query client takes it over. */
  data: unknown;
}

const HOISTED = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)/;

/** Splits React's output into the hoisted head tags at its start and the rest. */
function splitHead(html: string): { head: string; body: string } {
  let rest = html;
  let head = '';
  for (let match = HOISTED.exec(rest); match; match = HOISTED.exec(rest)) {
    head += match[0];
    rest = rest.slice(match[0].length);
  }
  return { head, body: rest };
}

export async function render(options: {
  url: string;
  origin: string;
  remotes: Record<string, ComponentType>;
  /** The map of areas of the page's releases (the browser is given the same). */
  areas: RemotesJson;
  /** The page's language and the rendered remotes' catalogue loaders (the shell's own are added). */
  language?: string;
  catalogues?: CatalogueLoader[];
  /** The request's session hint (`sessionOf`): the top bar and labels as the signed-in user sees them. */
  session?: SessionHint | null;
  /** The request asked for less data. */
  dataSaver?: boolean;
  /** This device closed the top bar's rotating phrases. */
  bannerHidden?: boolean;
  timeoutMs?: number;
}): Promise<RenderResult> {
  // Its own i18n instance: renders in different languages run at the same time on the server.
  const i18n = await serverI18n(isLanguage(options.language) ? options.language : 'en', [
    loadShellMessages,
    ...(options.catalogues ?? []),
  ]);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 60_000 } });
  queryClient.setQueryData(queryKeys.site, {
    origin: options.origin,
    dataSaver: options.dataSaver === true,
    bannerHidden: options.bannerHidden === true,
  });
  queryClient.setQueryData(SESSION_HINT_KEY, options.session ?? null);
  const errors: unknown[] = [];
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new Error('The server render took too long.')),
    options.timeoutMs ?? 5000,
  );
  try {
    const { prelude } = await prerenderToNodeStream(
      <I18nContext.Provider value={i18n}>
        <QueryClientProvider client={queryClient}>
          <StaticRouter location={options.url}>
            <AuthProvider serverRendered hint={options.session ?? null}>
              <AreasContext.Provider value={options.areas}>
                <ProvidedRemotes.Provider value={options.remotes}>
                  <App />
                </ProvidedRemotes.Provider>
              </AreasContext.Provider>
            </AuthProvider>
          </StaticRouter>
        </QueryClientProvider>
      </I18nContext.Provider>,
      {
        signal: controller.signal,
        // Every boundary inline, in order: no script is needed to put the page together (readable without
        // JavaScript, and no inline script for the content security policy to allow).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onError(error) {
          errors.push(error);
        },
      },
    );
    let html = '';
    for await (const chunk of prelude) html += chunk;
    // Anything that failed would be left to the browser inside the page: render the whole page there instead.
    if (errors.length) throw errors[0];
    const pathname = new URL(options.url, 'http://x').pathname;
    const notFound =
      !areaFor(options.areas, pathname) ||
      queryClient
        .getQueryCache()
        .getAll()
        .some((query) => isNotFound(query.state.data));
    return { status: notFound ? 404 : 200, ...splitHead(html), data: dehydrate(queryClient) };
  } finally {
    clearTimeout(timer);
    queryClient.clear();
  }
}
