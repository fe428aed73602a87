/**
 * Lingui: one catalogue per area, each in the area's src/locales/ as PO files (what translators edit), which
 * the area imports lazily and the build compiles (build-config/catalogues.ts: no message parser in the
 * browser, nothing compiled in the repository). The texts of shared-ui, shared-api and shared-auth make the
 * shared catalogue, which every area (and the shell) bundles with the shared code (shared-ui/src/i18n.tsx); its
 * parts are shared-ui/src/locales/ and one per resource of the contract (`shared-api/src/jobs/locales/`), so
 * teams adding texts to different resources edit different files (build-config/shared-texts.ts). `npm run i18n` extracts; `scripts/i18n-check.mjs` (part of `npm run lint`)
 * fails when they are not up to date or a translation is missing.
 */
import type { LinguiConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { REMOTE_AREAS, remoteFolder } from './build-config/remotes';
import { contractResources } from './build-config/shared-texts';

/**
 * PO files with explicit ids show a translator only the id: each translation gets the English text as an
 * extracted comment (`#. en: …`), rewritten at every extraction so it follows the source.
 */
function poWithEnglish(options: Parameters<typeof formatter>[0]): ReturnType<typeof formatter> {
  const po = formatter(options);
  const EN = 'en: ';
  return {
    ...po,
    parse(content, ctx) {
      const catalog = po.parse(content, ctx) as Awaited<ReturnType<typeof po.parse>>;
      for (const entry of Object.values(catalog ?? {}))
        entry.comments = (entry.comments ?? []).filter((c) => !c.startsWith(EN));
      return catalog;
    },
    serialize(catalog, ctx) {
      if (ctx.locale === 'en' || ctx.locale === null) return po.serialize(catalog, ctx);
      const commented = Object.fromEntries(
        Object.entries(catalog).map(([id, entry]) => [
          id,
          {
            ...entry,
            comments: [
              ...(entry.comments ?? []).filter((c) => !c.startsWith(EN)),
              ...(entry.message ? [EN + entry.message] : []),
            ],
          },
        ]),
      );
      return po.serialize(commented, ctx);
    },
  };
}

const out = process.env.LINGUI_OUT_DIR; // the check extracts into a copy instead of the repository
const exclude = [
  '**/*.test.ts',
  '**/*.test.tsx',
  '**/locales/**',
  '**/test-setup.ts',
  '**/testing.tsx',
  '**/fixtures.ts',
];
const area = (name: string, folder: string, include = [`<rootDir>/${folder}/src`], also: string[] = []) => ({
  path: out ? `${out}/${name}/{locale}` : `<rootDir>/${folder}/src/locales/{locale}`,
  include,
  exclude: [...exclude, ...also],
});
const resource = (name: string) => ({
  path: out ? `${out}/contract-${name}/{locale}` : `<rootDir>/shared-api/src/${name}/locales/{locale}`,
  include: [`<rootDir>/shared-api/src/${name}`],
  exclude,
});

const config: LinguiConfig = {
  sourceLocale: 'en',
  locales: ['en', 'fr', 'rw'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    area('shell', 'shell'),
    // The shared catalogue's common part: the contract's resources have their own parts.
    area(
      'shared',
      'shared-ui',
      ['<rootDir>/shared-ui/src', '<rootDir>/shared-api/src', '<rootDir>/shared-auth/src'],
      ['<rootDir>/shared-api/src/*/*.ts'],
    ),
    ...contractResources().map(resource),
    // One catalogue per area, from the one list of areas (build-config/remotes.ts).
    ...REMOTE_AREAS.map((name) => area(name, remoteFolder(name))),
  ],
  orderBy: 'messageId',
  // Explicit ids (`public.home.title`) everywhere: no macros, so no compile step in the Vite builds (plugin-react
  // 6 has no Babel); the extractor still finds `i18n._({ id, message })`, `<Trans id message>` and `/*i18n*/`
  // descriptors. Origins without line numbers: the reviewer sees where a text is used, diffs stay small.
  format: poWithEnglish({ lineNumbers: false, explicitIdAsDefault: true }),
  // (`lingui compile` runs only in the check, into a temporary folder, to report a text that does not compile.)
  compileNamespace: 'ts',
};

export default config;
