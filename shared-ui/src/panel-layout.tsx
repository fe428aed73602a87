/**
 * The panel layout of the admin, trainer and employer areas: a fixed sidebar on wide screens, a slide-in
 * menu on phones, the user's name and e-mail, and Logout.
 */
import { consoleOfThePage, useI18n, usePanelSession } from '@btls/shared-auth';
import { Suspense, useEffect, useRef, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { Spinner } from './components';
import styles from './panel-layout.module.css';
import { keepTabInside } from './focus-trap';
import { LanguageSwitcher } from './language-switcher';
import { CONTENT_ID, SkipLink } from './skip-link';

/** Below this width the menu slides in over the page (panel-layout.module.css). */
const PHONE = '(max-width: 899px)';

/** Whether the menu is the phone's slide-in one (on a wide screen it is always there). */
function usePhoneMenu(): boolean {
  return useSyncExternalStore(
    (changed) => {
      if (typeof matchMedia !== 'function') return () => {};
      const query = matchMedia(PHONE);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => typeof matchMedia === 'function' && matchMedia(PHONE).matches,
    () => false,
  );
}

const PANEL_LABELS = {
  admin: /*i18n*/ { id: 'panel.admin', message: 'Admin Panel' },
  trainer: /*i18n*/ { id: 'panel.trainer', message: 'Trainer Panel' },
  employer: /*i18n*/ { id: 'panel.employer', message: 'Employer Panel' },
  trainee: /*i18n*/ { id: 'panel.trainee', message: 'My Dashboard' },
};

/** The name of a role's panel (the top bar's link to it), to translate with `i18n._`. */
export function panelLabel(role: keyof typeof PANEL_LABELS | string) {
  return PANEL_LABELS[role as keyof typeof PANEL_LABELS] ?? PANEL_LABELS.trainee;
}

/** A panel's title (its sidebar's name), to translate with `i18n._`. */
export const PANEL_TITLES = {
  admin: PANEL_LABELS.admin,
  trainer: PANEL_LABELS.trainer,
  employer: PANEL_LABELS.employer,
};

/** Nav labels and titles come translated: each area passes `i18n._(...)` of its own descriptors. */
export interface PanelNavItem {
  to: string;
  label: string;
}

export interface PanelLayoutProps {
  title: string;
  nav: PanelNavItem[];
  user: { firstName: string; lastName: string; email: string } | null;
  onLogout: () => void;
  /** The page title in the phone header; the admin dashboard shows none (docs/product.md §2). */
  mobileTitle?: string | null;
  /** The router's NavLink (shared-ui stays router-free, so the page's one router is the area's). */
  NavLink: ComponentType<{ to: string; end?: boolean; children: ReactNode }>;
  /** The current path: the phone menu closes when it changes. */
  pathname: string;
  /** The site's address, on the admin console: a plain link there, where the admin is a visitor. */
  publicSite?: string | null;
  children: ReactNode;
}

export function PanelLayout({
  title,
  nav,
  user,
  onLogout,
  mobileTitle = title,
  NavLink,
  pathname,
  publicSite,
  children,
}: PanelLayoutProps) {
  const i18n = useI18n();
  const [open, setOpen] = useState(false);
  const phone = usePhoneMenu();
  const menuButton = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLElement>(null);
  useEffect(() => {
    setOpen(false);
  }, [pathname]);
  // On a phone the open menu holds the focus (the page behind is inert) and Esc closes it, back on the button.
  const returnFocus = useRef(false);
  const close = () => {
    returnFocus.current = true;
    setOpen(false);
  };
  useEffect(() => {
    if (open) menu.current?.querySelector<HTMLElement>('a, button')?.focus();
    // Once the page is no longer inert behind the menu, the focus goes back to the Menu button.
    else if (returnFocus.current) menuButton.current?.focus();
    returnFocus.current = false;
  }, [open]);
  const menuHidden = phone && !open;
  const behindMenu = phone && open;
  return (
    <div
      className={styles.layout}
      onKeyDown={(e) => {
        if (!behindMenu) return;
        if (e.key === 'Escape') close();
        keepTabInside(e, menu.current);
      }}
    >
      {!behindMenu && <SkipLink />}
      <aside
        ref={menu}
        id="panel-menu"
        className={`${styles.sidebar} ${open ? styles.open : ''}`}
        aria-label={title}
        inert={menuHidden}
      >
        <p className={styles.panelTitle}>{title}</p>
        {user && (
          <p className={styles.who}>
            <strong>
              {user.firstName} {user.lastName}
            </strong>
            {user.email}
          </p>
        )}
        <nav className={styles.nav}>
          {nav.map((item) => (
            <NavLink key={item.to} to={item.to} end>
              {item.label}
            </NavLink>
          ))}
        </nav>
        {publicSite && (
          <a className={styles.publicSite} href={publicSite}>
            {i18n._({ id: 'panel.publicSite', message: 'Public site' })}
          </a>
        )}
        <button type="button" className={styles.logout} onClick={onLogout}>
          {i18n._({ id: 'common.logout', message: 'Logout' })}
        </button>
        <LanguageSwitcher className={styles.sidebarLanguage} />
      </aside>
      {open && (
        <button
          type="button"
          className={styles.backdrop}
          aria-label={i18n._({ id: 'panel.closeMenu', message: 'Close menu' })}
          onClick={close}
          tabIndex={-1}
        />
      )}
      <div inert={behindMenu}>
        {/* The menu button is always there on phones; the admin dashboard shows no title beside it (docs/product.md §2). */}
        <header className={styles.mobileHeader}>
          <button
            ref={menuButton}
            type="button"
            className={styles.menuButton}
            aria-expanded={open}
            aria-controls="panel-menu"
            onClick={() => setOpen((v) => !v)}
          >
            {i18n._({ id: 'panel.menu', message: 'Menu' })}
          </button>
          {/* Not a heading: the page's own <h1> comes first in the outline. */}
          {mobileTitle !== null && <p className={styles.mobileTitle}>{mobileTitle}</p>}
          <LanguageSwitcher className={styles.mobileLanguage} />
        </header>
        <main id={CONTENT_ID} tabIndex={-1} className={styles.main}>
          {children}
        </main>
      </div>
    </div>
  );
}

/**
 * A panel area's frame (admin, trainer, employer): the panel with the area's title and nav in the page's
 * language, the signed-in user and Logout, and a spinner while a page's chunk comes (the nav stays).
 */
export function AreaPanel({
  area,
  nav,
  noMobileTitleOn,
  children,
}: {
  area: keyof typeof PANEL_TITLES;
  /** The area's links, each label a descriptor translated here. */
  nav: readonly { to: string; label: { id: string; message: string } }[];
  /** The page whose phone header shows no title (the admin dashboard, docs/product.md §2). */
  noMobileTitleOn?: string;
  children: ReactNode;
}) {
  const i18n = useI18n();
  const panel = usePanelSession();
  const title = i18n._(PANEL_TITLES[area]);
  return (
    <PanelLayout
      title={title}
      nav={nav.map((item) => ({ ...item, label: i18n._(item.label) }))}
      {...panel}
      mobileTitle={panel.pathname === noMobileTitleOn ? null : title}
      publicSite={consoleOfThePage()?.site}
    >
      <Suspense fallback={<Spinner label={i18n._({ id: 'common.loading', message: 'Loading...' })} />}>
        {children}
      </Suspense>
    </PanelLayout>
  );
}
