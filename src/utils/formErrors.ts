import type { ErrorBody } from '@contract/shared/common';
import type { FormInstance } from 'antd';

/** `prices.0.amount` of a 422 → the form's name path ['prices', 0, 'amount']. */
export const namePath = (field: string) => field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * The form's field a server field message belongs under: the field itself, or the nearest field that holds it
 * (`sizeBreakdown.S` under the size breakdown editor); undefined when the form has none.
 */
export function placedPath(form: FormInstance, field: string): (string | number)[] | undefined {
  const path = namePath(field);
  const registered = new Set(form.getFieldsError().map(({ name }) => JSON.stringify(name)));
  for (let length = path.length; length > 0; length -= 1) {
    if (registered.has(JSON.stringify(path.slice(0, length)))) return path.slice(0, length);
  }
  return undefined;
}

/**
 * A refused change in a dialog: a 422's field messages under the form's fields (request.ts has shown the
 * summary, and the notification of anything else, such as a 409 naming a state or a stale version).
 */
export function showRefusal(form: FormInstance, error: ErrorBody | undefined) {
  const fields = Object.entries(error?.fields ?? {});
  form.setFields(fields.map(([name, text]) => ({ name: (placedPath(form, name) ?? namePath(name)) as never, errors: [text] })));
}
