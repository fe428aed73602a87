/**
 * The panel layout of the admin, trainer and employer areas: a fixed sidebar on wide screens, a slide-in
 * menu on phones, the user's name and e-mail, and Logout.
 */
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import styles from './panel-layout.module.css';

export interface PanelNavItem {
  to: string;
  label: string;
}

export interface PanelLayoutProps {
  title: string;
  nav: PanelNavItem[];
  user: { firstName: string; lastName: string; email: string } | null;
  onLogout: () => void;
  /** The page title in the phone header; the admin dashboard shows none (spec §2). */
  mobileTitle?: string | null;
  /** The router's NavLink (shared-ui stays router-free, so the page's one router is the area's). */
  NavLink: ComponentType<{ to: string; end?: boolean; children: ReactNode }>;
  /** The current path: the phone menu closes when it changes. */
  pathname: string;
  children: ReactNode;
}

export function PanelLayout({ title, nav, user, onLogout, mobileTitle = title, NavLink, pathname, children }: PanelLayoutProps) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    setOpen(false);
  }, [pathname]);
  return (
    <div className={styles.layout}>
      <aside id="panel-menu" className={`${styles.sidebar} ${open ? styles.open : ''}`} aria-label={title}>
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
        <button type="button" className={styles.logout} onClick={onLogout}>
          Logout
        </button>
      </aside>
      {open && <button type="button" className={styles.backdrop} aria-label="Close menu" onClick={() => setOpen(false)} />}
      <div>
        {/* The menu button is always there on phones; the admin dashboard shows no title beside it (spec §2). */}
        <header className={styles.mobileHeader}>
          <button
            type="button"
            className={styles.menuButton}
            aria-expanded={open}
            aria-controls="panel-menu"
            onClick={() => setOpen((v) => !v)}
          >
            Menu
          </button>
          {mobileTitle !== null && <h2>{mobileTitle}</h2>}
        </header>
        <main className={styles.main}>{children}</main>
      </div>
    </div>
  );
}
