import { patchUser } from '@/services/user';
import type { User } from '@contract/user/schema';
import { message } from 'antd';
import { useState } from 'react';
import { useDispatch } from 'umi';

type Preferences = 'notifyPreferences' | 'mailPreferences';

/**
 * A preference saved as soon as it is changed: `shown` is the new value while the save is under way (`pending`),
 * the stored one otherwise; a failed save (told by request.ts) puts it back.
 */
export function usePreferenceSave<K extends Preferences>(user: User, key: K) {
  const dispatch = useDispatch();
  const [pending, setPending] = useState<User[K]>();
  const save = async (next: User[K], done: string) => {
    setPending(next);
    try {
      const answer = await patchUser(user.id, { [key]: next });
      // undefined: request.ts has told the user what went wrong.
      if (!answer) return;
      dispatch({ type: 'user/saveCurrentUser', payload: answer });
      message.success(done);
    } catch {
      // A 409/422 was notified by request.ts.
    } finally {
      setPending(undefined);
    }
  };
  return { shown: pending ?? user[key], pending, save };
}
