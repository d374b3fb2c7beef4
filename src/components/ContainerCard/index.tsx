import type { BulkLine } from '@contract/packing/schema';
import { containerFill, fillPercent } from '@contract/shared/consolidation';
import type { OpenContainer } from '@contract/container/schema';
import Hint from '@/components/Hint';
import FillBar from '@/components/FillBar';
import { Card } from 'antd';
import { Link } from 'umi';

/** A box of a plan: its volume and weight bars (red when over), with lines about to be loaded on top when chosen. */
export default function ContainerCard(props: {
  box: OpenContainer;
  adding?: readonly BulkLine[];
  chosen: boolean;
  onChoose: () => void;
}) {
  const { box, adding = [], chosen, onChoose } = props;
  const held = { cbm: box.cbmUsed, totalGw: box.weightUsed };
  const fill = containerFill([held, ...(chosen ? adding : [])], { cbm: box.cbmLimit, payloadKg: box.payloadKg });
  const bar = (label: string, used: number, limit: number, unit: string, over: boolean) => (
    <div>
      <Hint tone={over ? 'danger' : 'secondary'}>
        {label} {used} / {limit} {unit}
      </Hint>
      <FillBar percent={fillPercent(used, limit)} over={over} label={label} />
    </div>
  );
  return (
    <Card
      size="small"
      hoverable
      onClick={onChoose}
      aria-label={`柜 ${box.containerNo ?? box.key}`}
      style={{ marginBlockEnd: 12, borderColor: chosen ? '#1890ff' : undefined, borderWidth: chosen ? 2 : 1 }}
      title={`${box.containerNo ?? box.key} · ${box.containerType}`}
      extra={<Link to={`/osb/plan/${box.planKey}`}>{box.planKey}</Link>}
    >
      <Hint paragraph style={{ marginBlockEnd: 8 }}>
        目的港 {box.pod} · 开船 {box.etd} · 已装 {box.lineCount} 条
      </Hint>
      {bar('体积', fill.cbmUsed, fill.cbmLimit, 'm³', fill.overCbm)}
      {bar('载重', fill.weightUsed, fill.payloadKg, 'kg', fill.overWeight)}
    </Card>
  );
}
