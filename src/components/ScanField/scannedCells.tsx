import Hint from '@/components/Hint';
import { Tag } from 'antd';

/** A line's cartons scanned in of those it holds, green once all are in. */
export const ScannedCount = ({ line }: { line: { cartonsScanned: number; cartonCount: number } }) => (
  <Tag color={line.cartonsScanned === line.cartonCount ? 'success' : 'processing'}>
    {line.cartonsScanned} / {line.cartonCount}
  </Tag>
);

/** The carton numbers of a line not scanned yet (`3–5、9`), or a dash when none is missing. */
export const MissingCartons = ({ missing }: { missing: string }) => (missing ? <Hint tone="danger">{missing}</Hint> : '—');
