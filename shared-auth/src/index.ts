/**
 * The page's one session and one router, as one shared module of the federation: the session store and
 * `useAuth`, the guards, the role → panel map, and the parts of react-router the areas use. Every area imports
 * from `@btls/shared-auth`, never from a file or from react-router itself.
 */
export * from './session';
export * from './guards';
export * from './roles';
export * from './router';
export * from './account';
export * from './paths';
