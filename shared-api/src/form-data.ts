/** A multipart form as the browser sends it: text fields as they are, each file under its own name. */
export function formDataOf(fields: Record<string, string | Blob>, fileNames?: Record<string, string>): FormData {
  const form = new FormData();
  for (const [field, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(field, value);
    else form.append(field, value, fileNames?.[field] ?? field);
  }
  return form;
}
