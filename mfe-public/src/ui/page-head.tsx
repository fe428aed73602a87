/**
 * A public page's title, description, canonical address and share tags (Open Graph, Twitter), and its
 * structured data. React puts the tags in the document's head, in the browser and in the server render alike,
 * so a link shared on WhatsApp shows what the page is.
 */
import { siteQuery, useQuery } from '@btls/shared-api';

export const SITE_NAME = 'BTLS Coffee';

interface Props {
  title: string;
  description: string;
  /** The page's path, e.g. /jobs/3 (its canonical address is the site's origin plus this). */
  path: string;
  type?: 'website' | 'article';
  image?: string | null;
  /** schema.org data (JobPosting, Course, …), written as JSON-LD. */
  structuredData?: object;
}

export function PageHead({ title, description, path, type = 'website', image, structuredData }: Props) {
  const origin = useQuery(siteQuery()).data?.origin ?? '';
  const url = `${origin}${path}`;
  const fullTitle = `${title} · ${SITE_NAME}`;
  const imageUrl = image ? new URL(image, origin || 'http://localhost').href : null;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      {imageUrl && <meta property="og:image" content={imageUrl} />}
      <meta name="twitter:card" content={imageUrl ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      {structuredData && (
        <script
          type="application/ld+json"
          // JSON-LD is data, never run; '<' is escaped so no text in it can close the script element.
          dangerouslySetInnerHTML={{
            __html: JSON.stringify({ '@context': 'https://schema.org', url, ...structuredData }).replace(
              /</g,
              '\\u003c',
            ),
          }}
        />
      )}
    </>
  );
}
