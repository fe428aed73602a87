/** "Skip to content", first on every page (public and panel layouts): jumps past the header and menu. */
import { useI18n } from '@btls/shared-auth';

export const CONTENT_ID = 'content';

export function SkipLink() {
  const i18n = useI18n();
  return (
    <a className="skip-link" href={`#${CONTENT_ID}`}>
      {i18n._({ id: 'common.skipToContent', message: 'Skip to content' })}
    </a>
  );
}
