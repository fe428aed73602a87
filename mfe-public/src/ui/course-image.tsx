import { siteQuery, useQuery } from '@btls/shared-api';
import type { Course } from '@btls/shared-api/schemas';
import { useTextLang } from '@btls/shared-ui/written-in';
import styles from './course-image.module.css';

type ShownCourse = Pick<Course, 'title' | 'imageUrl' | 'imageWidths'> & Partial<Pick<Course, 'language'>>;

interface CourseImageProps {
  course: ShownCourse;
  /** The box in CSS pixels: it reserves the space before the image arrives, and is the widest it is shown. */
  width?: number;
  height?: number;
  /** How wide the image is shown, for the browser's pick from `srcset`; by default full width up to `width`. */
  sizes?: string;
  /** The largest image above the fold (the page's LCP): fetched first, not lazily. One per page. */
  priority?: boolean;
  /** Beside its course's title (a card): no name of its own, so the title is not said twice. */
  decorative?: boolean;
}

/** An uploaded image's WebP copies, by the API's rule: `<imageUrl>/<width>.webp`. */
const copyUrl = (imageUrl: string, width: number) => `${imageUrl}/${width}.webp`;

/**
 * The course's image, or a placeholder whose text is the course title (docs/product.md §9). An upload with WebP copies
 * is offered through `srcset`, so a phone downloads a copy about its own width and never the original.
 */
export function CourseImage({
  course,
  width = 400,
  height = 225,
  sizes,
  priority = false,
  decorative = false,
}: CourseImageProps) {
  // A data saver gets the smallest copy whatever the screen (as the server rendered the page).
  const dataSaver = useQuery(siteQuery()).data?.dataSaver === true;
  // The title's language, when it is not the page's (its name is said in it).
  const lang = useTextLang(course.language);
  if (!course.imageUrl) {
    return (
      <div
        className={styles.placeholder}
        {...lang}
        {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': course.title })}
        style={{ aspectRatio: `${width} / ${height}` }}
      >
        <span>{course.title}</span>
      </div>
    );
  }
  const widths = course.imageWidths ?? [];
  const copies = dataSaver && widths.length > 0 ? [Math.min(...widths)] : widths;
  const srcSet = copies.length > 0 ? copies.map((w) => `${copyUrl(course.imageUrl!, w)} ${w}w`).join(', ') : undefined;
  // For whatever ignores srcset: the smallest copy that fills the box, else the largest there is.
  const fallback = copies.find((w) => w >= width) ?? copies[copies.length - 1];
  return (
    <img
      className={styles.image}
      {...lang}
      alt={decorative ? '' : course.title}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      sizes={srcSet ? (sizes ?? `(max-width: ${width}px) 100vw, ${width}px`) : undefined}
      srcSet={srcSet}
      src={fallback ? copyUrl(course.imageUrl, fallback) : course.imageUrl}
    />
  );
}
