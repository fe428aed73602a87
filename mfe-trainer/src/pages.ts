/** The pages this area serves: all of its prefix (its own <Routes> says which exist); its release records it. */
import type { AreaPages } from '@btls/build-config/remotes';

export const PAGES: AreaPages = { layout: 'panel', signedIn: true, patterns: ['/trainer/*'] };
