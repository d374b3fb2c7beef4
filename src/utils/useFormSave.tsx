import type { ErrorBody } from '@contract/shared/common';
import { Button, notification, type FormInstance } from 'antd';
import Notice from '@/components/Notice';
import { useState, type ReactNode } from 'react';
import { placedPath, showRefusal } from './formErrors';
import { sayDone, type SuccessText } from './performAction';
import { CONFLICT_NOTICE_KEY, outcomeOf } from './request';

/** The value at a field's path in a record, when the record has it. */
function valueAt(record: unknown, path: readonly (string | number)[]): { value: unknown } | undefined {
  let value = record;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !(key in value)) return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return { value };
}

/** What the dialog says of its last refused save, above its fields. */
type Refusal =
  { kind: 'conflict'; error?: ErrorBody } | { kind: 'reloaded'; version?: number } | { kind: 'unplaced'; messages: string[] };

/**
 * A dialog's save: `saving` while the call runs, a refused change's field messages under the form's fields
 * (request.ts has told the rest), and for one that went through the success message, then `done` with the answer.
 *
 * No refusal stays hidden in the dialog: `notice` (shown above the fields) says a 409, in place of request.ts's
 * notification of it, with a button that reads the record again (`reread`): the form keeps what the user typed and takes the record's new values for the rest (a form
 * whose field names are the record's), and the next save sends the new version. It also lists the field
 * messages of a 422 that name no field of this form. `reread` reads the record (or the records) again; `version` is
 * the version to send: the record's as the dialog got it (`shown`), or the newer one read after a conflict.
 *
 * A 409 other than a stale version (the record moved on: rejected, issued, cancelled meanwhile) cannot be saved by
 * reading again: the notice says so and offers `showLatest`, which closes the dialog and shows the page's record as
 * it now is, so that the page behind does not keep the old state.
 */
export function useFormSave(
  form: FormInstance,
  reread?: () => Promise<{ version?: number } | undefined>,
  shown?: number,
  showLatest?: () => void,
) {
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<Refusal>();
  const [readVersion, setReadVersion] = useState<number>();
  const [reading, setReading] = useState(false);
  const version = shown === undefined ? readVersion : Math.max(shown, readVersion ?? shown);

  async function save<T>(call: Promise<T | undefined>, success: SuccessText<T>, done: (data: T) => void) {
    setSaving(true);
    const saved = await outcomeOf(call);
    setSaving(false);
    if (saved.ok) {
      setRefusal(undefined);
      sayDone(success, saved.data);
      done(saved.data);
      return;
    }
    // A 409 that names fields (a number another record already has) is the user's to change, like a 422's.
    if (saved.status === 409 && !saved.error?.fields) {
      // Said once, here in the dialog with its way out, not also in request.ts's notification.
      notification.destroy(CONFLICT_NOTICE_KEY);
      setRefusal({ kind: 'conflict', error: saved.error });
      return;
    }
    showRefusal(form, saved.error);
    const unplaced = Object.entries(saved.error?.fields ?? {})
      .filter(([name]) => placedPath(form, name) === undefined)
      .map(([, text]) => text);
    setRefusal(unplaced.length ? { kind: 'unplaced', messages: unplaced } : undefined);
  }

  const readAgain = async () => {
    if (!reread) return;
    setReading(true);
    const fresh = await reread();
    setReading(false);
    if (fresh === undefined) return;
    // Each field the user did not touch takes the record's new value, so that the save does not undo the other
    // change: field by field, nested ones too (a setting's `value.vgmCutoffHours`), as the form registered them.
    const refreshed = form
      .getFieldsError()
      .filter(({ name }) => !form.isFieldTouched(name))
      .flatMap(({ name }) => {
        const found = valueAt(fresh, name);
        return found ? [{ name, value: found.value }] : [];
      });
    form.setFields(refreshed);
    setReadVersion(fresh.version);
    setRefusal({ kind: 'reloaded', version: fresh.version });
  };

  let notice: ReactNode = null;
  if (refusal?.kind === 'conflict') {
    const stale = refusal.error?.errorCode === 'VERSION_CONFLICT';
    let wayOut: ReactNode = '请关闭后刷新页面再试。';
    if (stale && reread) {
      wayOut = (
        <>
          您填写的内容已保留：载入最新数据后请核对，再保存一次。
          <Button size="small" loading={reading} onClick={readAgain} style={{ marginInlineStart: 8 }}>
            载入最新数据
          </Button>
        </>
      );
    } else if (!stale && showLatest) {
      wayOut = (
        <>
          该记录已有新的进展，本次填写的内容不能再保存。
          <Button size="small" onClick={showLatest} style={{ marginInlineStart: 8 }}>
            关闭并查看最新状态
          </Button>
        </>
      );
    }
    notice = (
      <Notice tone="error" message={refusal.error?.errorMessage ?? '记录已被修改，或当前状态不允许此操作'}>
        {wayOut}
      </Notice>
    );
  } else if (refusal?.kind === 'reloaded') {
    const version = refusal.version === undefined ? '' : `（版本 ${refusal.version}）`;
    notice = <Notice tone="info" message={`已载入最新数据${version}，您填写的内容已保留，请核对后再保存。`} />;
  } else if (refusal?.kind === 'unplaced') {
    notice = (
      <Notice tone="error" message="提交未成功">
        {refusal.messages.join('；')}
      </Notice>
    );
  }
  return { saving, save, notice, version };
}
