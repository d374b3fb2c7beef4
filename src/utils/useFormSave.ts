import { message, type FormInstance } from 'antd';
import { useState } from 'react';
import { showRefusal } from './formErrors';
import { outcomeOf, type Outcome } from './request';

/** What a finished action says: a text, or one made from the server's answer. */
export type SuccessText<T> = string | ((data: T) => string);

/**
 * A one-click action (cancel, confirm, delete): the call, then the success message (3 s) when it went through;
 * request.ts has shown the error of one that did not. Every action says whether it worked.
 */
export async function performAction<T>(call: Promise<T | undefined>, success: SuccessText<T>): Promise<Outcome<T>> {
  const done = await outcomeOf(call);
  if (done.ok) sayDone(success, done.data);
  return done;
}

const sayDone = <T>(success: SuccessText<T>, data: T) => message.success(typeof success === 'function' ? success(data) : success);

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
