import { DEFAULT_TRAINING_CENTER, valueText, type I18n } from '@btls/shared-api';
import type { Course } from '@btls/shared-api/schemas';
import { useI18n } from '@btls/shared-auth';
import { formatDuration, formatPrice } from '@btls/shared-ui/format';

/** Each fact a course page or card can show: its term and its value, in the page's language. */
const FACTS = {
  level: (c: Course, i18n: I18n) => [
    i18n._({ id: 'public.course.level', message: 'Level' }),
    i18n._(valueText(c.level)),
  ],
  duration: (c: Course, i18n: I18n) => [
    i18n._({ id: 'public.course.duration', message: 'Duration' }),
    formatDuration(c.duration, i18n),
  ],
  price: (c: Course, i18n: I18n) => [
    i18n._({ id: 'public.course.price', message: 'Price' }),
    formatPrice(c.price, i18n),
  ],
  certification: (_c: Course, i18n: I18n) => [
    i18n._({ id: 'public.course.certification', message: 'Certification' }),
    i18n._({ id: 'public.course.certificationValue', message: 'Provided upon completion' }),
  ],
  instructor: (c: Course, i18n: I18n) => [
    i18n._({ id: 'public.course.instructor', message: 'Instructor' }),
    c.instructor || i18n._({ id: 'public.course.instructorDefault', message: 'Experienced Professionals' }),
  ],
  trainingCentre: (c: Course, i18n: I18n) => [
    i18n._({ id: 'public.course.trainingCentre', message: 'Training Centre' }),
    c.trainingCenter || DEFAULT_TRAINING_CENTER,
  ],
} satisfies Record<string, (course: Course, i18n: I18n) => [string, string]>;

/** A course's facts as a description list, in the order asked (a card shows three, the course page six). */
export function CourseFacts({
  course,
  facts,
  className,
}: {
  course: Course;
  facts: readonly (keyof typeof FACTS)[];
  className?: string;
}) {
  const i18n = useI18n();
  return (
    <dl className={className}>
      {facts.map((fact) => {
        const [term, value] = FACTS[fact](course, i18n);
        return (
          <div key={fact}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        );
      })}
    </dl>
  );
}
