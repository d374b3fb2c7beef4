import { downloadLoadPlanPdf } from '@/services/container';
import { saveFile } from '@/utils/saveFile';
import Hint from '@/components/Hint';
import type { LoadPlanAnswer } from '@contract/container/schema';
import { signedPercent } from '@contract/container/loadPlanView';
import { FilePdfOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Empty, Space, Tag } from 'antd';
import LoadPlanDrawing from './LoadPlanDrawing';

interface Props {
  containerKey: string;
  /** The box's plan, asked for by the page beside the box itself; undefined while it comes. */
  plan: LoadPlanAnswer | undefined;
}

/** 装柜图: the figures, what does not fit and why, the legend and the drawing to scale. */
export default function LoadPlanCard({ containerKey, plan }: Props) {
  const empty = plan && plan.cartonsPlaced + plan.cartonsLeft === 0;
  const download = async () => {
    const file = await downloadLoadPlanPdf(containerKey);
    if (file) saveFile(file.blob, file.fileName);
  };
  return (
    <Card
      title="装柜图"
      size="small"
      style={{ marginBlockStart: 16 }}
      loading={!plan}
      extra={
        <Button size="small" icon={<FilePdfOutlined />} disabled={!plan || empty} onClick={download}>
          下载装柜图
        </Button>
      }
    >
      {plan && empty ? <Empty description="柜内还没有明细" /> : null}
      {plan && !empty ? (
        <Space direction="vertical" style={{ inlineSize: '100%' }}>
          {plan.warnings.map((warning) => (
            <Alert key={warning} type="warning" showIcon message={warning} />
          ))}
          <Descriptions size="small" column={3}>
            <Descriptions.Item label="装入">
              {plan.cartonsPlaced} / {plan.cartonsPlaced + plan.cartonsLeft} 箱
            </Descriptions.Item>
            <Descriptions.Item label="按纸箱尺寸占柜内">{plan.volumeUsedPercent}%</Descriptions.Item>
            <Descriptions.Item label="体积合计 / 容量">
              {plan.cbmSum} / {plan.cbmCapacity} m³
            </Descriptions.Item>
            <Descriptions.Item label="重量">
              {plan.placedKg} / {plan.payloadKg} kg
            </Descriptions.Item>
            <Descriptions.Item label="重心偏离（纵 / 横）">
              {signedPercent(plan.balanceAlongPercent)} / {signedPercent(plan.balanceAcrossPercent)}
            </Descriptions.Item>
            <Descriptions.Item label="柜内尺寸">
              {plan.inside.lengthMm} × {plan.inside.widthMm} × {plan.inside.heightMm} mm
            </Descriptions.Item>
          </Descriptions>
          {plan.unplaced.map((part) => (
            <Hint key={`${part.lineKey}-${part.cartonFrom}`} tone="danger">
              装不下：PO {part.poNo} 明细 {part.lineKey} 第 {part.cartonFrom}–{part.cartonTo} 箱（{part.cartons} 箱），
              {part.reasonText}
            </Hint>
          ))}
          <Space wrap size={4}>
            {plan.legend.map(({ poNo, colour }) => (
              <Tag key={poNo} color={colour} style={{ color: '#000' }}>
                PO {poNo}
              </Tag>
            ))}
          </Space>
          <LoadPlanDrawing plan={plan} />
        </Space>
      ) : null}
    </Card>
  );
}
