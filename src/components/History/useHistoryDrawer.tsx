/**
 * 变更历史 for a list page's rows: `open(key)` shows the row's history in a drawer whose code loads on first use,
 * so a list page carries only this hook. `drawer` goes anywhere in the page.
 */
import LazyDialog from '@/components/LazyDialog';
import type { HistoryEntity } from '@contract/history/codes';
import { lazy, useState } from 'react';

const HistoryDrawer = lazy(() => import('./HistoryDrawer'));

export default function useHistoryDrawer(entity: HistoryEntity) {
  const [entityKey, setEntityKey] = useState<string>();
  const drawer = (
    <LazyDialog open={entityKey !== undefined}>
      <HistoryDrawer entity={entity} entityKey={entityKey} onClose={() => setEntityKey(undefined)} />
    </LazyDialog>
  );
  return { open: setEntityKey, drawer };
}
