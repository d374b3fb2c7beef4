import { getErrorBody } from '@/utils/request';
import type { FormInstance } from 'antd';

/**
 * Shows a refused call's messages under the form's fields: each of a 422's `fields`, or — when the answer
 * names no field (a 409 such as 手机号已被其他账号绑定, a 400 wrong password) — its `errorMessage` under
 * `fallbackField`. Returns false when the error carried no server message at all.
 */
export function showServerFieldErrors(form: FormInstance, error: unknown, fallbackField?: string): boolean {
  const body = getErrorBody(error);
  if (!body) return false;
  const fields = body.fields && Object.keys(body.fields).length ? body.fields : undefined;
  if (fields) {
    form.setFields(Object.entries(fields).map(([name, text]) => ({ name, errors: [text] })));
    return true;
  }
  if (!fallbackField) return false;
  form.setFields([{ name: fallbackField, errors: [body.errorMessage] }]);
  return true;
}
