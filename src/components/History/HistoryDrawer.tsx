/** 变更历史 of a row of a list page, in a drawer: loaded with its code on first opening (LazyDialog). */
import { historyEntityLabels, type HistoryEntity } from '@contract/history/codes';
import { Drawer } from 'antd';
import { HistoryTimeline } from '.';

export default function HistoryDrawer({
  entity,
  entityKey,
  onClose,
}: {
  entity: HistoryEntity;
  entityKey?: string;
  onClose: () => void;
}) {
  return (
    <Drawer
      open={entityKey !== undefined}
      width={560}
      title={`变更历史 · ${historyEntityLabels[entity]} ${entityKey ?? ''}`}
      onClose={onClose}
      destroyOnClose
    >
      {entityKey ? <HistoryTimeline entity={entity} entityKey={entityKey} /> : null}
    </Drawer>
  );
}
