/**
 * The console's pages (the shell on the admin origin): its own sign-in pages, the admin area, and a not-found
 * page; `/` leads to the panel, or to the sign-in when signed out. No other area is ever routed here: the map of
 * areas the console's page carries holds the admin area alone, and only the admin area's pages are looked up in it.
 */
import { Suspense, useSyncExternalStore, type ReactNode } from 'react';
import type { RemotesJson } from '@btls/build-config/remotes';
import { Link, Navigate, paths, useAuth, useI18n } from '@btls/shared-auth';
import { lazyPage, lazyPart } from '@btls/shared-ui/lazy-page';
import { LanguageSwitcher } from '@btls/shared-ui/language-switcher';
import { CONTENT_ID, SkipLink } from '@btls/shared-ui/skip-link';
import { RemoteArea, Unavailable } from '../remote-area';
import { areaFor } from '../route-table';
import styles from './console.module.css';
import { sudoQuestion } from './sudo';

const SignInPage = lazyPage(() => import('./auth-pages'), 'ConsoleSignInPage');
const ForgotPasswordPage = lazyPage(() => import('./auth-pages'), 'ConsoleForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('./auth-pages'), 'ConsoleResetPasswordPage');
/** Asking again: its chunk (with the passkey's code) fetched the first time a request is refused for it. */
const SudoDialog = lazyPart(async () => (await import('./sudo-dialog')).default, { quiet: true });

export function SudoQuestionHost() {
  const question = useSyncExternalStore(sudoQuestion.subscribe, sudoQuestion.current, () => null);
  return question ? (
    <Suspense fallback={null}>
      <SudoDialog question={question} />
    </Suspense>
  ) : null;
}

/** The console's name, the same in every language. */
const BRAND = 'BTLS Admin';

/** The frame of the console's own pages (the admin area draws its panel itself). */
function ConsoleFrame({ children }: { children: ReactNode }) {
  return (
    <div className={styles.frame}>
      <SkipLink />
      <header className={styles.bar}>
        <span className={styles.brand}>{BRAND}</span>
        <LanguageSwitcher />
      </header>
      <main id={CONTENT_ID} tabIndex={-1} className={styles.main}>
        {children}
      </main>
    </div>
  );
}

function ConsoleNotFound() {
  const i18n = useI18n();
  const title = i18n._({ id: 'shell.notFound.title', message: 'Page not found' });
  return (
    <div className={styles.card}>
      <title>{`${title} · ${BRAND}`}</title>
      <h1>{title}</h1>
      <p>{i18n._({ id: 'shell.notFound.body', message: 'The page you asked for does not exist or has moved.' })}</p>
      <p>
        <Link to={paths.admin.dashboard}>
          {i18n._({ id: 'shell.console.toPanel', message: 'Go to the admin panel' })}
        </Link>
      </p>
    </div>
  );
}

/** `/`: the panel, or the sign-in first. */
function ConsoleHome() {
  const { isAuthenticated } = useAuth();
  return <Navigate to={isAuthenticated ? paths.admin.dashboard : paths.login} replace />;
}

const OWN_PAGES: Record<string, () => ReactNode> = {
  [paths.login]: () => <SignInPage />,
  [paths.forgotPassword]: () => <ForgotPasswordPage />,
  [paths.resetPassword]: () => <ResetPasswordPage />,
};

/** The console's page at `pathname`, and the question asked again when a request needs it. */
export function ConsoleApp({ pathname, areas }: { pathname: string; areas: RemotesJson | null }) {
  return (
    <>
      <ConsolePage pathname={pathname} areas={areas} />
      <SudoQuestionHost />
    </>
  );
}

function ConsolePage({ pathname, areas }: { pathname: string; areas: RemotesJson | null }) {
  if (pathname === '/') return <ConsoleHome />;
  const own = OWN_PAGES[pathname.replace(/(.)\/$/, '$1')];
  if (own) return <ConsoleFrame>{own()}</ConsoleFrame>;
  const area = /^\/admin(\/|$)/.test(pathname) && areas ? areaFor(areas, pathname) : undefined;
  if (area?.remote === 'mfe_admin') return <RemoteArea key={area.remote} area={area} />;
  if (!areas && /^\/admin(\/|$)/.test(pathname))
    return (
      <ConsoleFrame>
        <Unavailable onRetry={() => location.reload()} />
      </ConsoleFrame>
    );
  return (
    <ConsoleFrame>
      <ConsoleNotFound />
    </ConsoleFrame>
  );
}
