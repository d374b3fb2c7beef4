import { message } from 'antd';
import { outcomeOf, type Outcome } from './request';

/** What a finished action says: a text, or one made from the server's answer. */
export type SuccessText<T> = string | ((data: T) => string);

/** The success message (3 s) of a call that went through. */
export const sayDone = <T>(success: SuccessText<T>, data: T) =>
  message.success(typeof success === 'function' ? success(data) : success);

/**
 * A one-click action (cancel, confirm, delete): the call, then the success message (3 s) when it went through;
 * request.ts has shown the error of one that did not. Every action says whether it worked. Apart from the form's
 * save (useFormSave.ts), so that a page without a form carries no form code.
 */
export async function performAction<T>(call: Promise<T | undefined>, success: SuccessText<T>): Promise<Outcome<T>> {
  const done = await outcomeOf(call);
  if (done.ok) sayDone(success, done.data);
  return done;
}
