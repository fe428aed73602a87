/**
 * The screens' session and routing: `useAuth`, the guards, the role → panel map, every area's paths, and the
 * parts of react-router the areas use. Bundled into each area; the state behind it (the session store, the
 * router) is the kernel's, one per page. Every area imports from `@btls/shared-auth`, never from a file or
 * from react-router itself.
 */
export * from './session';
export * from './guards';
export * from './roles';
// The kernel's router and i18n hook, which the areas reach from here with the session.
export {
  BrowserRouter,
  I18nContext,
  Link,
  matchRoutes,
  Navigate,
  NavLink,
  Route,
  Routes,
  useI18n,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
  type Location,
  type NavigateFunction,
} from '@btls/kernel';
export * from './account';
export * from './paths';
export * from './console';
export * from './reset-link';
