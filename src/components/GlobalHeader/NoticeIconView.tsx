import NoticeIcon, { type NoticeIconTab } from '@/components/NoticeIcon';
import type { GlobalModelState } from '@/models/global';
import type { UserModelState } from '@/models/user';
import type { Notice } from '@contract/notice/schema';
import { noticeTypeLabels as labels, noticeTypes as types, type NoticeType } from '@contract/notice/codes';
import { NOTICE_POLL_MS } from '@/utils/constants';
import { message } from 'antd';
import React, { useEffect, useMemo } from 'react';
import { history, useDispatch, useSelector } from 'umi';

const emptyTexts: Record<NoticeType, string> = {
  notification: '你已查看所有通知',
  message: '您已读完所有消息',
  event: '你已完成所有待办',
};

type State = { global: GlobalModelState; user: UserModelState; loading: { effects: Record<string, boolean> } };

/** The bell wired to the `global` model: notices are loaded on mount and refreshed when opened. */
const NoticeIconView: React.FC = () => {
  const dispatch = useDispatch();
  const notices = useSelector((state: State) => state.global.notices);
  const unreadCount = useSelector((state: State) => state.user.currentUser?.unreadCount);
  const loading = useSelector((state: State) => state.loading?.effects['global/fetchNotices']);

  useEffect(() => {
    dispatch({ type: 'global/fetchNotices' });
    // New to-dos reach an open page without a reload; a hidden tab asks again as soon as it is shown.
    const poll = () => {
      if (document.visibilityState === 'visible') dispatch({ type: 'global/fetchNotices' });
    };
    const timer = window.setInterval(poll, NOTICE_POLL_MS);
    document.addEventListener('visibilitychange', poll);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', poll);
    };
  }, [dispatch]);

  const tabs = useMemo(
    (): NoticeIconTab[] =>
      types.map((type) => {
        const list = notices.filter((notice) => notice.type === type);
        return {
          key: type,
          title: labels[type],
          list,
          count: list.filter((notice) => !notice.read).length,
          emptyText: emptyTexts[type],
        };
      }),
    [notices],
  );

  const onItemClick = (item: Notice) => {
    if (!item.read) dispatch({ type: 'global/markRead', payload: { ids: [item.id] } });
    if (item.link) history.push(item.link);
  };

  const onClear = (tab: NoticeIconTab) => {
    (dispatch({ type: 'global/clearNotices', payload: tab.key }) as unknown as Promise<boolean>).then((cleared) => {
      if (cleared) message.success(`已清空${tab.title}`);
    });
  };

  return (
    <NoticeIcon
      count={unreadCount}
      tabs={tabs}
      loading={Boolean(loading)}
      onItemClick={onItemClick}
      onClear={onClear}
      onOpen={() => dispatch({ type: 'global/fetchNotices' })}
    />
  );
};

export default NoticeIconView;
