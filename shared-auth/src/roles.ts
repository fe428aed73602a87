/** Roles and where each one's dashboard is (docs/product.md §2 "Dashboard link by role"). */
import type { Role } from '@btls/shared-api';
import { paths } from './paths';

export interface Panel {
  path: string;
  /** The top bar's link text. */
  label: string;
  /** The text of the trainee dashboard's 'Dashboard Access' link. */
  accessLabel: string;
}

const PANELS: Record<Role, Panel> = {
  admin: { path: paths.admin.dashboard, label: 'Admin Panel', accessLabel: 'Admin Panel' },
  trainer: { path: paths.trainer.dashboard, label: 'Trainer Panel', accessLabel: 'Trainer Panel' },
  employer: { path: paths.employer.dashboard, label: 'Employer Panel', accessLabel: 'Employer Portal' },
  trainee: { path: paths.dashboard, label: 'My Dashboard', accessLabel: 'My Dashboard' },
};

/** Whether `path` is one of the roles' panels (their landing pages). */
export function isPanelPath(path: string): boolean {
  return Object.values(PANELS).some((panel) => panel.path === path);
}

/** Any role other than the four is a learner (docs/product.md §3). */
export function panelFor(role: string | null | undefined): Panel {
  return PANELS[(role ?? 'trainee') as Role] ?? PANELS.trainee;
}
