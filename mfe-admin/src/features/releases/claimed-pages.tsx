import type { AreaReleases } from '@btls/shared-api/schemas';
import { useI18n } from '@btls/shared-auth';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import own from '../admin.module.css';

const styles = withPanelPage(own);

/** Up to this many patterns are shown as they are; more (the public site's sixteen) behind their count. */
const SHOWN_PATTERNS = 4;

/** A release's route patterns, side by side; many of them folded behind their count (a phone's screen is short). */
function Patterns({ patterns }: { patterns: string[] }) {
  const i18n = useI18n();
  const list = (
    <ul className={styles.pagePatterns}>
      {patterns.map((pattern) => (
        <li key={pattern}>
          <code>{pattern}</code>
        </li>
      ))}
    </ul>
  );
  if (patterns.length <= SHOWN_PATTERNS) return list;
  return (
    <details className={styles.pageCount}>
      <summary>
        {i18n._({
          id: 'admin.releases.pageCount',
          message: '{count, plural, one {# page} other {# pages}}',
          values: { count: patterns.length },
        })}
      </summary>
      {list}
    </details>
  );
}

const samePages = (a: string[], b: string[] = []) => a.length === b.length && a.every((page) => b.includes(page));

/**
 * The pages an area's releases claim: the active version's, and the rollout's when they differ. The server keeps
 * two areas' pages from matching one address; this shows an admin which area serves what.
 */
export function ClaimedPages({ area }: { area: AreaReleases }) {
  const i18n = useI18n();
  const rolledOut = area.rollout?.pages;
  return (
    <>
      {area.pages && (
        <div className={styles.pagesFact}>
          <dt>{i18n._({ id: 'admin.releases.pages', message: 'Pages it serves' })}</dt>
          <dd>
            <Patterns patterns={area.pages} />
          </dd>
        </div>
      )}
      {rolledOut && !samePages(rolledOut, area.pages) && (
        <div className={styles.pagesFact}>
          <dt>
            {i18n._({
              id: 'admin.releases.rolloutPages',
              message: 'Pages {version} serves (rolling out)',
              values: { version: area.rollout!.version },
            })}
          </dt>
          <dd>
            <Patterns patterns={rolledOut} />
          </dd>
        </div>
      )}
    </>
  );
}
