import type { ErrorBody } from '@contract/common';
import type { FormInstance } from 'antd';

/** `prices.0.amount` of a 422 → the form's name path ['prices', 0, 'amount']. */
export const namePath = (field: string) => field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * A refused change in a dialog: a 422's field messages under the form's fields (request.ts has shown the
 * summary, and the notification of anything else, such as a 409 naming a state or a stale version).
 */
export function showRefusal(form: FormInstance, error: ErrorBody | undefined) {
  const fields = Object.entries(error?.fields ?? {});
  form.setFields(fields.map(([name, text]) => ({ name: namePath(name) as never, errors: [text] })));
}
