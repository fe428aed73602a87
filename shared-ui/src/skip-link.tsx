/** "Skip to content", first on every page (public and panel layouts): jumps past the header and menu. */
export const CONTENT_ID = 'content';

export function SkipLink() {
  return (
    <a className="skip-link" href={`#${CONTENT_ID}`}>
      Skip to content
    </a>
  );
}
