/**
 * 变更历史: a business row's audit trail, newest first, a page at a time — who, when, what (each changed field with
 * its label, from → to; a long value cut, whole on demand). The server reads it exactly as it reads the row.
 */
import { queryHistory } from '@/services/history';
import { formatDateTime } from '@/utils/date';
import { HISTORY_SHORT_TEXT, HISTORY_TIME, type HistoryEntity, type HistoryEntry } from '@contract/history/codes';
import Hint, { TextLink } from '@/components/Hint';
import { Button, Card, Empty, Spin, Timeline } from 'antd';
import { useCallback, useEffect, useState } from 'react';

const PAGE_SIZE = 20;

/** A value as it was: a time in the reader's zone; cut to HISTORY_SHORT_TEXT characters, 展开 / 收起 to read it whole. */
function Value({ text }: { text: string }) {
  const [whole, setWhole] = useState(false);
  if (HISTORY_TIME.test(text)) return <>{formatDateTime(text, 'YYYY-MM-DD HH:mm')}</>;
  // A value of several rows (a declaration's goods) keeps a row each.
  if (text.length <= HISTORY_SHORT_TEXT) return <span style={{ whiteSpace: 'pre-line' }}>{text}</span>;
  return (
    <span style={{ whiteSpace: 'pre-line' }}>
      {whole ? text : `${text.slice(0, HISTORY_SHORT_TEXT)}…`}{' '}
      <TextLink onClick={() => setWhole(!whole)}>{whole ? '收起' : '展开'}</TextLink>
    </span>
  );
}

function Entry({ entry }: { entry: HistoryEntry }) {
  return (
    <>
      <strong>{entry.actorName}</strong> {entry.action}
      {entry.relatedKeys.length ? `（关联 ${entry.relatedKeys.join('、')}）` : ''} <Hint>{formatDateTime(entry.at)}</Hint>
      {entry.changes.map((change) => (
        <div key={change.field}>
          {change.label}：<Value text={change.before} /> → <Value text={change.after} />
        </div>
      ))}
    </>
  );
}

/** The history of `entity` `entityKey`, read a page at a time (加载更多). */
export function HistoryTimeline({ entity, entityKey }: { entity: HistoryEntity; entityKey: string }) {
  const [entries, setEntries] = useState<HistoryEntry[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const load = useCallback(
    async (current: number) => {
      setLoading(true);
      const page = await queryHistory(entity, entityKey, { current, pageSize: PAGE_SIZE });
      setLoading(false);
      if (!page) return;
      setEntries((shown) => (current === 1 ? page.data : [...shown, ...page.data]));
      setTotal(page.total);
    },
    [entity, entityKey],
  );
  useEffect(() => {
    load(1);
  }, [load]);
  if (!entries.length) return loading ? <Spin /> : <Empty description="暂无变更记录" />;
  return (
    <>
      <Timeline items={entries.map((entry) => ({ key: entry.id, children: <Entry entry={entry} /> }))} />
      {entries.length < total ? (
        <Button loading={loading} onClick={() => load(entries.length / PAGE_SIZE + 1)}>
          加载更多（已显示 {entries.length} / {total} 条）
        </Button>
      ) : null}
    </>
  );
}

/**
 * 变更历史 as a card of a detail page, read when asked for (查看): the page itself loads without it, and most
 * visits do not need it.
 */
export default function HistoryCard(props: { entity: HistoryEntity; entityKey: string }) {
  const [shown, setShown] = useState(false);
  return (
    <Card
      title="变更历史"
      extra={
        <Button type="link" onClick={() => setShown(!shown)}>
          {shown ? '收起' : '查看'}
        </Button>
      }
    >
      {shown ? <HistoryTimeline {...props} /> : <Hint>谁在何时改了哪些字段，点「查看」</Hint>}
    </Card>
  );
}
