import type { FormInstance } from 'antd';
import { useState } from 'react';
import { showRefusal } from './formErrors';
import { outcomeOf } from './request';

/**
 * A dialog's save: `saving` while the call runs, a refused change's field messages under the form's fields
 * (request.ts has told the rest), and `done` with the answer of one that went through.
 */
export function useFormSave(form: FormInstance) {
  const [saving, setSaving] = useState(false);
  async function save<T>(call: Promise<T | undefined>, done: (data: T) => void) {
    setSaving(true);
    const saved = await outcomeOf(call);
    setSaving(false);
    if (saved.ok) done(saved.data);
    else showRefusal(form, saved.error);
  }
  return { saving, save };
}
