/** The public layout: top bar (sign-in state, dashboard link by role), the page, and the footer. */
import type { ReactNode } from 'react';
import { Link, NavLink, panelFor, paths, useAuth, useNavigate } from '@btls/shared-auth';
import { CONTENT_ID, SkipLink } from '@btls/shared-ui/skip-link';
import { Banner } from './banner';
import styles from './shell.module.css';

const NAV = [
  { to: paths.courses, label: 'Courses' },
  { to: paths.jobs, label: 'Jobs' },
  { to: paths.experience, label: 'The Experience' },
  { to: paths.about, label: 'About' },
  { to: paths.contact, label: 'Contact' },
];

function TopBar() {
  const { user, isAuthenticated, logout } = useAuth();
  const navigate = useNavigate();
  const panel = panelFor(user?.role);
  return (
    <header className={styles.topBar}>
      <Banner />
      <div className={styles.topBarInner}>
        <Link to="/" className={styles.brand}>
          BTLS Coffee
        </Link>
        <nav aria-label="Main" className={styles.mainNav}>
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className={styles.account}>
          {isAuthenticated && user ? (
            <>
              <Link to={panel.path}>{panel.label}</Link>
              <span className={styles.greeting}>Hello, {user.firstName}</span>
              <button
                type="button"
                className={styles.linkButton}
                onClick={() => {
                  logout();
                  navigate(paths.login);
                }}
              >
                Logout
              </button>
            </>
          ) : (
            <>
              <Link to={paths.login}>Login</Link>
              <Link to={paths.employerRegister} className={styles.collaborate}>
                Collaborate
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.footerGrid}>
        <nav aria-label="Quick links">
          <h2>Quick links</h2>
          <ul>
            <li><Link to={paths.courses}>Courses</Link></li>
            <li><Link to={paths.jobs}>Jobs</Link></li>
            <li><Link to={paths.about}>About us</Link></li>
            <li><Link to={paths.contact}>Contact</Link></li>
            <li><Link to={paths.privacyPolicy}>Privacy policy</Link></li>
            <li><Link to={paths.termsOfService}>Terms of service</Link></li>
          </ul>
        </nav>
        <nav aria-label="Partners">
          <h2>Partners</h2>
          <ul>
            <li><a href="https://www.naeb.gov.rw/" rel="noopener noreferrer">NAEB Rwanda</a></li>
            <li><a href="https://sca.coffee/" rel="noopener noreferrer">Specialty Coffee Association</a></li>
          </ul>
        </nav>
        <nav aria-label="Social">
          <h2>Follow us</h2>
          <ul>
            <li><a href="https://www.instagram.com/" rel="noopener noreferrer">Instagram</a></li>
            <li><a href="https://www.facebook.com/" rel="noopener noreferrer">Facebook</a></li>
            <li><a href="https://www.linkedin.com/" rel="noopener noreferrer">LinkedIn</a></li>
          </ul>
        </nav>
        <div>
          <h2>Visit us</h2>
          <p>Kigali, Rwanda</p>
          <p><a href="mailto:info@btls-coffee.rw">info@btls-coffee.rw</a></p>
        </div>
      </div>
      <p className={styles.copyright}>© {new Date().getFullYear()} BTLS Coffee Training Centre. All rights reserved.</p>
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
      <Footer />
    </div>
  );
}
