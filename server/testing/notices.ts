import type { Notice } from '../../contract/notice/schema';
import type { TestApp } from './harness';

/** The caller's to-dos (the notice icon's 待办 tab) whose title names `key`. */
export const todosOf = async (t: TestApp, token: string, key: string): Promise<Notice[]> =>
  (await t.call('GET', '/v1/notices?type=event&pageSize=100', { token }))
    .json()
    .data.filter((n: Notice) => n.title.includes(key));
