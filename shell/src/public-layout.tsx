/** The public layout: top bar (sign-in state, dashboard link by role), the page, and the footer. */
import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Link, NavLink, panelFor, paths, useAuth, useI18n, useLocation, useNavigate } from '@btls/shared-auth';
import { LanguageSwitcher } from '@btls/shared-ui/language-switcher';
import { panelLabel } from '@btls/shared-ui/panel-layout';
import { CONTENT_ID, SkipLink } from '@btls/shared-ui/skip-link';
import { Banner } from './banner';
import styles from './shell.module.css';

const NAV = [
  { to: paths.courses, label: /*i18n*/ { id: 'shell.nav.courses', message: 'Courses' } },
  { to: paths.jobs, label: /*i18n*/ { id: 'shell.nav.jobs', message: 'Jobs' } },
  { to: paths.experience, label: /*i18n*/ { id: 'shell.nav.experience', message: 'The Experience' } },
  { to: paths.about, label: /*i18n*/ { id: 'shell.nav.about', message: 'About' } },
  { to: paths.contact, label: /*i18n*/ { id: 'shell.nav.contact', message: 'Contact' } },
];

/** Names, the same in every language (not for a catalogue). */
const BRAND = 'BTLS Coffee';
const EMAIL = 'info@btls-coffee.rw';
const PARTNERS = [
  { href: 'https://www.naeb.gov.rw/', name: 'NAEB Rwanda' },
  { href: 'https://sca.coffee/', name: 'Specialty Coffee Association' },
];
const SOCIAL = [
  { href: 'https://www.instagram.com/', name: 'Instagram' },
  { href: 'https://www.facebook.com/', name: 'Facebook' },
  { href: 'https://www.linkedin.com/', name: 'LinkedIn' },
];

/** The phone menu's id: the Menu button opens it as a popover, which needs no script (pages work with JS off). */
const MENU_ID = 'site-menu';

/**
 * On a phone the header is one line (brand, sign-in or dashboard, Menu) and the rest opens from the Menu button as
 * a popover: the browser gives it Esc, a tap outside and the focus back on the button, with or without scripts.
 * On a wide screen the same links stand in the bar. A browser without popovers shows them in the bar too.
 */
function TopBar() {
  const i18n = useI18n();
  // As the session shows: a signed-in user's page comes from the server with their name already in it.
  const { shown, logout } = useAuth();
  const navigate = useNavigate();
  const menu = usePhoneMenu();
  const brand = useRef<HTMLAnchorElement>(null);
  const mainLink = shown ? (
    <Link to={panelFor(shown.role).path}>{i18n._(panelLabel(shown.role))}</Link>
  ) : (
    <Link to={paths.login}>{i18n._({ id: 'shell.login', message: 'Login' })}</Link>
  );
  return (
    <header className={styles.topBar}>
      <Banner onClosed={() => brand.current?.focus()} />
      <div className={styles.topBarInner}>
        <Link to="/" className={styles.brand} ref={brand}>
          {BRAND}
        </Link>
        <div id={MENU_ID} popover="auto" ref={menu} className={styles.menu}>
          <button
            type="button"
            popoverTarget={MENU_ID}
            popoverTargetAction="hide"
            className={styles.closeMenu}
            aria-label={i18n._({ id: 'shell.closeMenu', message: 'Close menu' })}
          >
            <span aria-hidden="true">×</span>
          </button>
          <nav aria-label={i18n._({ id: 'shell.nav.main', message: 'Main' })} className={styles.mainNav}>
            {NAV.map((item) => (
              <NavLink key={item.to} to={item.to}>
                {i18n._(item.label)}
              </NavLink>
            ))}
          </nav>
          <div className={styles.account}>
            {/* On a phone this link stands in the bar itself (below), not in the menu. */}
            <span className={styles.wideOnly}>{mainLink}</span>
            {shown ? (
              <>
                <span className={styles.greeting}>
                  {i18n._({ id: 'shell.greeting', message: 'Hello, {name}', values: { name: shown.firstName } })}
                </span>
                <button
                  type="button"
                  className={styles.linkButton}
                  onClick={() => {
                    logout();
                    navigate(paths.login);
                  }}
                >
                  {i18n._({ id: 'common.logout', message: 'Logout' })}
                </button>
              </>
            ) : (
              <Link to={paths.employerRegister} className={styles.collaborate}>
                {i18n._({ id: 'shell.collaborate', message: 'Collaborate' })}
              </Link>
            )}
            <LanguageSwitcher />
          </div>
        </div>
        <div className={styles.phoneBar}>
          {mainLink}
          <button type="button" popoverTarget={MENU_ID} className={styles.menuButton}>
            <span aria-hidden="true" className={styles.menuGlyph}>
              ☰{' '}
            </span>
            {i18n._({ id: 'shell.menu', message: 'Menu' })}
          </button>
        </div>
      </div>
    </header>
  );
}

/**
 * The phone menu closes when the page changes (a link inside it was followed), and on opening, the focus goes to
 * its first link: the keyboard user is in the menu, not left on the button behind it.
 */
function usePhoneMenu() {
  const menu = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  // Only a change of page closes it: a menu opened before the page's script took the page over (it opens
  // without one) stays open as the page is taken over.
  const shownFor = useRef(pathname);
  useEffect(() => {
    if (shownFor.current === pathname) return;
    shownFor.current = pathname;
    const element = menu.current;
    // A browser without popovers shows the menu in the bar: nothing to close.
    if (element && 'hidePopover' in element && element.matches(':popover-open')) element.hidePopover();
  }, [pathname]);
  useEffect(() => {
    const element = menu.current;
    if (!element) return;
    const opened = (event: Event) => {
      if ((event as ToggleEvent).newState === 'open') element.querySelector<HTMLElement>('nav a')?.focus();
    };
    element.addEventListener('toggle', opened);
    return () => element.removeEventListener('toggle', opened);
  }, []);
  return menu;
}

function Footer() {
  const i18n = useI18n();
  return (
    <footer className={styles.footer}>
      <div className={styles.footerGrid}>
        <nav aria-label={i18n._({ id: 'shell.footer.quickLinks', message: 'Quick links' })}>
          <h2>{i18n._({ id: 'shell.footer.quickLinks', message: 'Quick links' })}</h2>
          <ul>
            <li>
              <Link to={paths.courses}>{i18n._(NAV[0]!.label)}</Link>
            </li>
            <li>
              <Link to={paths.jobs}>{i18n._(NAV[1]!.label)}</Link>
            </li>
            <li>
              <Link to={paths.about}>{i18n._({ id: 'shell.footer.aboutUs', message: 'About us' })}</Link>
            </li>
            <li>
              <Link to={paths.contact}>{i18n._(NAV[4]!.label)}</Link>
            </li>
            <li>
              <Link to={paths.privacyPolicy}>{i18n._({ id: 'shell.footer.privacy', message: 'Privacy policy' })}</Link>
            </li>
            <li>
              <Link to={paths.termsOfService}>{i18n._({ id: 'shell.footer.terms', message: 'Terms of service' })}</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={i18n._({ id: 'shell.footer.partners', message: 'Partners' })}>
          <h2>{i18n._({ id: 'shell.footer.partners', message: 'Partners' })}</h2>
          <ul>
            {PARTNERS.map(({ href, name }) => (
              <li key={href}>
                <a href={href} rel="noopener noreferrer">
                  {name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={i18n._({ id: 'shell.footer.social', message: 'Social' })}>
          <h2>{i18n._({ id: 'shell.footer.followUs', message: 'Follow us' })}</h2>
          <ul>
            {SOCIAL.map(({ href, name }) => (
              <li key={href}>
                <a href={href} rel="noopener noreferrer">
                  {name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2>{i18n._({ id: 'shell.footer.visitUs', message: 'Visit us' })}</h2>
          <p>{i18n._({ id: 'shell.footer.city', message: 'Kigali, Rwanda' })}</p>
          <p>
            <a href={`mailto:${EMAIL}`}>{EMAIL}</a>
          </p>
        </div>
      </div>
      <p className={styles.copyright}>
        {i18n._({
          id: 'shell.footer.copyright',
          message: '© {year} BTLS Coffee Training Centre. All rights reserved.',
          values: { year: new Date().getFullYear() },
        })}
      </p>
    </footer>
  );
}

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className={styles.page}>
      <SkipLink />
      <TopBar />
      <div id={CONTENT_ID} tabIndex={-1} className={styles.content}>
        {children}
      </div>
      {/* Below the fold: taken over after the rest of the page, in a commit of its own. */}
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </div>
  );
}
