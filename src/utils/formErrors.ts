import type { ErrorBody } from '@contract/common';
import { message, type FormInstance } from 'antd';

/** `prices.0.amount` of a 422 → the form's name path ['prices', 0, 'amount']. */
export const namePath = (field: string) => field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * A refused change in a dialog: a 422's field messages under the form's fields, anything else (a 409 naming a
 * state or a stale version) as a message. Nothing when request.ts has already told the user.
 */
export function showRefusal(form: FormInstance, error: ErrorBody | undefined) {
  if (!error) return;
  const fields = Object.entries(error.fields ?? {});
  const known = fields.filter(([name]) => form.getFieldInstance(namePath(name) as never) !== undefined);
  if (known.length) form.setFields(known.map(([name, text]) => ({ name: namePath(name) as never, errors: [text] })));
  else message.error(error.errorMessage);
}
