import type { FormInstance } from 'antd';
import { useState } from 'react';
import { showRefusal } from './formErrors';
import { sayDone, type SuccessText } from './performAction';
import { outcomeOf } from './request';

/**
 * A dialog's save: `saving` while the call runs, a refused change's field messages under the form's fields
 * (request.ts has told the rest), and for one that went through the success message, then `done` with the answer.
 */
export function useFormSave(form: FormInstance) {
  const [saving, setSaving] = useState(false);
  async function save<T>(call: Promise<T | undefined>, success: SuccessText<T>, done: (data: T) => void) {
    setSaving(true);
    const saved = await outcomeOf(call);
    setSaving(false);
    if (saved.ok) {
      sayDone(success, saved.data);
      done(saved.data);
    } else showRefusal(form, saved.error);
  }
  return { saving, save };
}
