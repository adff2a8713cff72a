import { ApiError } from '../../api/api-error';

/** `body.eventMatcher.filters[0].jsonPath` and `/eventMatcher/filters/0/jsonPath` -> `eventMatcher.filters.0.jsonPath`. */
const fieldKey = (field: string) =>
  field
    .replace(/^body[./]?/, '')
    .replace(/^\//, '')
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/\//g, '.');

/**
 * The messages of a 400 by the field they name. The API names the field in `details[].specific.field`, in
 * `specific.fields` (schema checks, messages joined by `; `), or only at the start of its message
 * (`body.url must be …`): all three land on the field.
 */
export function fieldMessages(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const out: Record<string, string> = {};
  const parts = error.message.split('; ');
  for (const detail of error.details) {
    const specific = detail.specific ?? {};
    if (typeof specific.field === 'string') out[fieldKey(specific.field)] = error.message;
    if (Array.isArray(specific.fields)) {
      for (const field of specific.fields) if (typeof field === 'string') out[fieldKey(field)] = parts.find((part) => part.includes(field)) ?? error.message;
    }
  }
  const named = /^body\.([\w.[\]]+)[: ]/.exec(error.message);
  if (!Object.keys(out).length && named?.[1]) out[fieldKey(named[1])] = error.message;
  return out;
}

/** Whether the error said anything that no field of the form shows: then it is shown above the buttons. */
export function unplaced(error: unknown, messages: Record<string, string>, shownFields: (field: string) => boolean): boolean {
  if (!error) return false;
  const fields = Object.keys(messages);
  return fields.length === 0 || fields.some((field) => !shownFields(field));
}
