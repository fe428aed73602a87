import { useEffect, useState, type FormEvent } from 'react';
import {
  COURSE_CATEGORIES,
  COURSE_LEVELS,
  DEFAULT_TRAINING_CENTER,
  IMAGE_MIME_TYPES,
  MAX_IMAGE_BYTES,
  translateMessage,
  validation,
  valueText,
} from '@btls/shared-api';
import type { Course, CourseCreatePayload } from '@btls/shared-api/schemas';
import { Link, paths, useI18n } from '@btls/shared-auth';
import { Button, buttonClass, CheckboxField, SelectField, TextAreaField, TextField } from '@btls/shared-ui/components';
import { FormProblem, useFormProblem } from '@btls/shared-ui/form-problem';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import own from '../admin.module.css';

const styles = withPanelPage(own);

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
};

export function valuesOf(course: Course): CourseFormValues {
  return {
    title: course.title,
    description: course.description,
    category: course.category,
    level: course.level,
    trainingCenter: course.trainingCenter ?? DEFAULT_TRAINING_CENTER,
    instructor: course.instructor ?? '',
    duration: course.duration ?? '',
    price: course.price ?? '',
    tags: course.tags.join(', '),
    imageUrl: course.imageUrl ?? '',
    isActive: course.isActive,
  };
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
  onSubmit,
}: {
  initial: CourseFormValues;
  mode: 'add' | 'edit';
  onSubmit: (payload: CourseCreatePayload, image: File | null) => Promise<void>;
}) {
  const i18n = useI18n();
  const [values, setValues] = useState(initial);
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
    const checked = rules.checkForm(
      mode === 'add' ? rules.courseCreatePayloadSchema : rules.courseUpdatePayloadSchema,
      values,
    );
    if ('problem' in checked) return problem.refuse(translateMessage(checked.problem), checked.field);
    problem.clear();
    setBusy(true);
    try {
      await onSubmit(
        {
          ...values,
          category: checked.payload.category,
          level: checked.payload.level,
          imageUrl: checked.payload.imageUrl,
        },
        image,
      );
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
      <TextField label={i18n._({ id: 'admin.courses.courseTitle', message: 'Title' })} required {...text('title')} />
      <TextAreaField
        label={i18n._({ id: 'admin.courseForm.description', message: 'Description' })}
        required
        rows={5}
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
          {...text('tags')}
        />
      </div>
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
