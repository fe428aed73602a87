import { useEffect, useState, type FormEvent } from 'react';
import {
  COURSE_CATEGORIES,
  COURSE_LEVELS,
  DEFAULT_TRAINING_CENTER,
  IMAGE_MIME_TYPES,
  isLanguage,
  MAX_IMAGE_BYTES,
  translateMessage,
  validation,
  valueText,
  type Language,
} from '@btls/shared-api';
import type { Course, CourseCreatePayload } from '@btls/shared-api/schemas';
import { Link, paths, useAuth, useI18n } from '@btls/shared-auth';
import { Button, buttonClass, CheckboxField, SelectField, TextAreaField, TextField } from '@btls/shared-ui/components';
import {
  OtherLanguages,
  translationsOf,
  translationValues,
  WrittenInField,
} from '@btls/shared-ui/content-language-fields';
import { useDraft, type DraftFields } from '@btls/shared-ui/draft';
import { FormProblem, useFormProblem } from '@btls/shared-ui/form-problem';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import own from '../admin.module.css';

const styles = withPanelPage(own);

/** The texts a course has in each language (docs/product.md §3, content languages). */
const TRANSLATED = ['title', 'description', 'tags'] as const;

export interface CourseFormValues {
  title: string;
  description: string;
  category: string;
  level: string;
  trainingCenter: string;
  instructor: string;
  duration: string;
  price: string;
  tags: string;
  imageUrl: string;
  isActive: boolean;
  /** The language of title, description and tags: '' for a new course until the form takes the interface's. */
  language: Language | '';
  /** The texts in the other languages, by `translations.<language>.<field>`. */
  [translation: `translations.${string}`]: string;
}

/** New course defaults of docs/product.md §9: active, Brewing Techniques, Beginner, our own training centre. */
export const NEW_COURSE: CourseFormValues = {
  title: '',
  description: '',
  category: 'Brewing Techniques',
  level: 'Beginner',
  trainingCenter: DEFAULT_TRAINING_CENTER,
  instructor: '',
  duration: '',
  price: '',
  tags: '',
  imageUrl: '',
  isActive: true,
  language: '',
};

/** A course's values to edit: its own language's texts in the main fields, the others in theirs. */
export function valuesOf(course: Course): CourseFormValues {
  const language = course.languages?.[0] ?? course.language ?? 'en';
  // An admin's answer has every version; the course's own is in the main fields.
  const ownTexts = course.texts?.[language] ?? course;
  return {
    title: ownTexts.title,
    description: ownTexts.description,
    category: course.category,
    level: course.level,
    trainingCenter: course.trainingCenter ?? DEFAULT_TRAINING_CENTER,
    instructor: course.instructor ?? '',
    duration: course.duration ?? '',
    price: course.price ?? '',
    tags: ownTexts.tags.join(', '),
    imageUrl: course.imageUrl ?? '',
    isActive: course.isActive,
    language,
    ...translationValues(language, TRANSLATED, course.texts),
  };
}

/**
 * The form's own fields as a payload, without the translations (an edit that leaves them out keeps them): a quick
 * change of a course from the list sends its own language's texts as they are.
 */
export function ownFieldsOf(values: CourseFormValues) {
  const fields = Object.fromEntries(Object.entries(values).filter(([name]) => !name.startsWith('translations.')));
  return { ...(fields as Omit<CourseFormValues, 'language'>), language: values.language || undefined };
}

/** Each field's first problem, by its whole path (`translations.rw.title`), as the server names them. */
function problemsOf(issues: readonly { message: string; path: readonly PropertyKey[] }[]) {
  const problems: { message: string; field?: string }[] = [];
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (problems.some((problem) => problem.field === field)) continue;
    problems.push({ message: translateMessage(issue.message), ...(field ? { field } : {}) });
  }
  return problems;
}

/** The client checks of docs/product.md §5 for an image: a JPG, PNG, GIF or WEBP of at most 5 MB. */
export function imageProblem(file: File): string | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return validation.imageInvalidType;
  if (file.size > MAX_IMAGE_BYTES) return validation.imageTooLarge;
  return null;
}

/** The server's rules (zod and the schemas, about 30 KiB gzip): loaded when the form is first touched. */
export const loadFormRules = () => import('@btls/shared-api/schemas');

export function CourseForm({
  initial,
  mode,
  draftName,
  onSubmit,
}: {
  initial: CourseFormValues;
  mode: 'add' | 'edit';
  /** The draft kept on this device while the form is not sent (`course-add`, `course-edit:7`). */
  draftName?: string;
  onSubmit: (payload: CourseCreatePayload, image: File | null) => Promise<void>;
}) {
  const i18n = useI18n();
  const { user } = useAuth();
  // A new course is written in the interface's language unless the author chooses another.
  const interfaceLanguage: Language = isLanguage(i18n.locale) ? i18n.locale : 'en';
  const draft = useDraft(draftName ?? `course-${mode}`, user?.id ?? null, {
    ...initial,
    language: initial.language || interfaceLanguage,
  } as unknown as DraftFields);
  const values = draft.values as unknown as CourseFormValues;
  const setValues = (change: (values: CourseFormValues) => CourseFormValues) =>
    draft.update(change(values) as unknown as DraftFields);
  const language = (values.language || interfaceLanguage) as Language;
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState('');
  const problem = useFormProblem();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!image) return setPreview('');
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const text = (name: keyof CourseFormValues) => ({
    name,
    value: values[name] as string,
    error: problem.errorFor(name),
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The server's own rules (the add and edit texts differ, docs/product.md §5); the form sends what it typed.
    const rules = await loadFormRules();
    const payload = { ...ownFieldsOf(values), language, translations: translationsOf(language, TRANSLATED, values) };
    const checked = (mode === 'add' ? rules.courseCreatePayloadSchema : rules.courseUpdatePayloadSchema).safeParse(
      payload,
    );
    // Every problem at once, each beside its field (a translation's too).
    if (!checked.success) return problem.refuseAll(problemsOf(checked.error.issues));
    problem.clear();
    setBusy(true);
    try {
      await onSubmit(
        {
          ...(payload as CourseCreatePayload),
          category: checked.data.category,
          level: checked.data.level,
          imageUrl: checked.data.imageUrl,
        },
        image,
      );
      draft.clear();
    } catch (failure) {
      // What was typed stays; the server's words go beside the field they name (the image's, if it was that).
      problem.fail(failure);
      setBusy(false);
    }
  }

  return (
    <form
      ref={problem.formRef}
      className={styles.card}
      onSubmit={submit}
      onFocus={() => void loadFormRules()}
      noValidate
    >
      <FormProblem problem={problem.problem} />
      {draft.restored && (
        <p role="status">
          {i18n._({
            id: 'admin.courseForm.draftBack',
            message: 'Your changes as you left them: they are not saved yet.',
          })}{' '}
          <button type="button" className={styles.linkButton} onClick={draft.discard}>
            {i18n._({ id: 'admin.courseForm.discardDraft', message: 'Discard them' })}
          </button>
        </p>
      )}
      <WrittenInField
        value={language}
        error={problem.errorFor('language')}
        onChange={(chosen) => setValues((v) => ({ ...v, language: chosen }))}
      />
      <TextField
        label={i18n._({ id: 'admin.courses.courseTitle', message: 'Title' })}
        required
        lang={language}
        {...text('title')}
      />
      <TextAreaField
        label={i18n._({ id: 'admin.courseForm.description', message: 'Description' })}
        required
        rows={5}
        lang={language}
        {...text('description')}
      />
      <div className={styles.row}>
        <SelectField
          label={i18n._({ id: 'admin.courses.category', message: 'Category' })}
          required
          {...text('category')}
        >
          {COURSE_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {i18n._(valueText(c))}
            </option>
          ))}
        </SelectField>
        <SelectField label={i18n._({ id: 'admin.courses.level', message: 'Level' })} required {...text('level')}>
          {COURSE_LEVELS.map((l) => (
            <option key={l} value={l}>
              {i18n._(valueText(l))}
            </option>
          ))}
        </SelectField>
      </div>
      <SelectField
        label={i18n._({ id: 'admin.courseForm.trainingCenter', message: 'Training Center' })}
        {...text('trainingCenter')}
      >
        <option>{DEFAULT_TRAINING_CENTER}</option>
      </SelectField>
      <div className={styles.row}>
        <TextField
          label={i18n._({ id: 'admin.courseForm.instructor', message: 'Instructor' })}
          {...text('instructor')}
        />
        <TextField
          label={i18n._({ id: 'admin.courseForm.duration', message: 'Duration' })}
          placeholder={i18n._({ id: 'admin.courseForm.durationHint', message: 'e.g. 2 weeks' })}
          {...text('duration')}
        />
      </div>
      <div className={styles.row}>
        <TextField
          label={i18n._({ id: 'admin.courseForm.price', message: 'Price (Rwf)' })}
          inputMode="numeric"
          placeholder={i18n._({ id: 'admin.courseForm.priceHint', message: 'e.g. 150000, or 0 for free' })}
          {...text('price')}
        />
        <TextField
          label={i18n._({ id: 'admin.courseForm.tags', message: 'Tags' })}
          placeholder={i18n._({ id: 'admin.courseForm.tagsExample', message: 'espresso, milk, latte art' })}
          hint={i18n._({ id: 'admin.courseForm.tagsHint', message: 'Separate tags with commas.' })}
          lang={language}
          {...text('tags')}
        />
      </div>
      <OtherLanguages
        own={language}
        fields={[
          { name: 'title', label: i18n._({ id: 'admin.courses.courseTitle', message: 'Title' }) },
          {
            name: 'description',
            label: i18n._({ id: 'admin.courseForm.description', message: 'Description' }),
            rows: 4,
          },
          { name: 'tags', label: i18n._({ id: 'admin.courseForm.tags', message: 'Tags' }) },
        ]}
        values={values}
        errorFor={problem.errorFor}
        onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
      />
      {mode === 'edit' && (
        <TextField
          label={i18n._({ id: 'admin.courseForm.imageUrl', message: 'Image URL' })}
          type="url"
          {...text('imageUrl')}
        />
      )}
      <TextField
        label={
          mode === 'edit'
            ? i18n._({ id: 'admin.courseForm.replaceImage', message: 'Replace the image' })
            : i18n._({ id: 'admin.courseForm.image', message: 'Course image' })
        }
        type="file"
        name="image"
        accept={IMAGE_MIME_TYPES.join(',')}
        hint={i18n._({ id: 'admin.courseForm.imageHint', message: 'JPG, PNG, GIF or WEBP, at most 5 MB.' })}
        error={problem.errorFor('image')}
        onChange={(e) => {
          const file = e.target.files?.[0] ?? null;
          const refused = file ? imageProblem(file) : null;
          if (refused) problem.refuse(translateMessage(refused), 'image');
          else problem.clear();
          setImage(refused ? null : file);
          if (refused) e.target.value = '';
        }}
      />
      {preview && (
        <img
          className={styles.preview}
          src={preview}
          alt={i18n._({ id: 'admin.courseForm.preview', message: 'Preview of the chosen image' })}
          width={240}
          height={135}
        />
      )}
      <CheckboxField
        label={i18n._({ id: 'admin.courseForm.active', message: 'Active (shown on the public site)' })}
        name="isActive"
        checked={values.isActive}
        error={problem.errorFor('isActive')}
        onChange={(e) => setValues((v) => ({ ...v, isActive: e.target.checked }))}
      />
      <div className={styles.actions}>
        <Button type="submit" disabled={busy}>
          {busy
            ? i18n._({ id: 'admin.courseForm.saving', message: 'Saving...' })
            : mode === 'add'
              ? i18n._({ id: 'admin.nav.addCourse', message: 'Add Course' })
              : i18n._({ id: 'admin.courseForm.update', message: 'Update Course' })}
        </Button>
        <Link className={buttonClass('secondary')} to={paths.admin.courses}>
          {i18n._({ id: 'admin.cancel', message: 'Cancel' })}
        </Link>
      </div>
    </form>
  );
}
