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
  /** The page's own share picture; the site's (/share.jpg) when it has none. */
  image?: ShareImage | null;
  /** schema.org data (JobPosting, Course, …), written as JSON-LD. */
  structuredData?: object;
}

/** A picture for a shared link: its address, its size in pixels and what it shows. */
export interface ShareImage {
  url: string;
  width: number;
  height: number;
  type: 'image/jpeg' | 'image/png';
  alt: string;
}

/** The site's picture for pages without their own: 1200×630, made by shell/scripts/share-image.mjs. */
export const SITE_SHARE_IMAGE: ShareImage = {
  url: '/share.jpg',
  width: 1200,
  height: 630,
  type: 'image/jpeg',
  alt: 'BTLS Coffee Training Centre, Kigali: barista courses, verifiable certificates and coffee jobs',
};

/** Large enough for the large card (summary_large_image): what Facebook and X ask for at the least. */
const isLarge = (image: ShareImage) => image.width >= 600 && image.height >= 315;

export function PageHead({ title, description, path, type = 'website', image, structuredData }: Props) {
  const origin = useQuery(siteQuery()).data?.origin ?? '';
  const url = `${origin}${path}`;
  const fullTitle = `${title} · ${SITE_NAME}`;
  const picture = image ?? SITE_SHARE_IMAGE;
  // Absolute, as link previews need it.
  const imageUrl = new URL(picture.url, origin || 'http://localhost').href;
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
      <meta property="og:image" content={imageUrl} />
      <meta property="og:image:type" content={picture.type} />
      <meta property="og:image:width" content={String(picture.width)} />
      <meta property="og:image:height" content={String(picture.height)} />
      <meta property="og:image:alt" content={picture.alt} />
      <meta name="twitter:card" content={isLarge(picture) ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
      <meta name="twitter:image:alt" content={picture.alt} />
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
