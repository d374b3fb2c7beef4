import type { BulkLine } from '@contract/packing/schema';
import { containerFill, fillPercent } from '@contract/shared/consolidation';
import type { OpenContainer } from '@contract/container/schema';
import { Card, Progress, Typography } from 'antd';
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
      <Typography.Text type={over ? 'danger' : 'secondary'}>
        {label} {used} / {limit} {unit}
      </Typography.Text>
      <Progress percent={fillPercent(used, limit)} status={over ? 'exception' : 'normal'} size="small" aria-label={label} />
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
      <Typography.Paragraph type="secondary" style={{ marginBlockEnd: 8 }}>
        目的港 {box.pod} · 开船 {box.etd} · 已装 {box.lineCount} 条
      </Typography.Paragraph>
      {bar('体积', fill.cbmUsed, fill.cbmLimit, 'm³', fill.overCbm)}
      {bar('载重', fill.weightUsed, fill.payloadKg, 'kg', fill.overWeight)}
    </Card>
  );
}
