import { BolStatusTag } from '@/components/StatusTags/bol';
import { formatDateTime } from '@/utils/date';
import type { BolDetail } from '@contract/bol/schema';
import {
  bolFieldLabels as labels,
  bolStatusLabels,
  bolTypeLabels,
  freightTermLabels,
  releaseTypeLabels,
  type BolContainer,
  type BolParty,
} from '@contract/bol/codes';
import { Card, Descriptions, Table, Timeline, Typography } from 'antd';
import { formatCbm, formatKg, formatQty } from '../../../packing/format';

/** Lines as typed, one per row: the parties, marks and description are printed this way. */
const Lines = ({ lines }: { lines: readonly string[] }) =>
  lines.length ? (
    <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0, fontFamily: 'monospace' }}>
      {lines.join('\n')}
    </Typography.Paragraph>
  ) : (
    <Typography.Text type="secondary">未填写</Typography.Text>
  );
const PartyCard = ({ title, party }: { title: string; party: BolParty }) => (
  <Card size="small" title={title} style={{ height: '100%' }}>
    <Lines lines={party.name ? [party.name, ...party.address] : []} />
  </Card>
);

/** 提单信息: status, route, vessel, booking, terms. */
export function BolFacts({ bol }: { bol: BolDetail }) {
  return (
    <Card title="提单信息">
      <Descriptions column={3} size="small">
        <Descriptions.Item label={labels.bolNo}>{bol.bolNo}</Descriptions.Item>
        <Descriptions.Item label={labels.status}>
          <BolStatusTag status={bol.status} />
        </Descriptions.Item>
        <Descriptions.Item label={labels.type}>{bolTypeLabels[bol.type]}</Descriptions.Item>
        <Descriptions.Item label={labels.ownerName}>{bol.ownerName || '—'}</Descriptions.Item>
        <Descriptions.Item label={labels.planKey}>{bol.planKey}</Descriptions.Item>
        <Descriptions.Item label={labels.carrierBookingNo}>{bol.carrierBookingNo}</Descriptions.Item>
        <Descriptions.Item label="船名航次">{`${bol.vessel} ${bol.voyage}`.trim() || '—'}</Descriptions.Item>
        <Descriptions.Item label={labels.carrier}>{bol.carrier}</Descriptions.Item>
        <Descriptions.Item label="开船 / 到港">{`${bol.etd} / ${bol.eta}`}</Descriptions.Item>
        <Descriptions.Item label={labels.placeOfReceipt}>{bol.placeOfReceipt || '—'}</Descriptions.Item>
        <Descriptions.Item label="起运港 → 目的港">{`${bol.pol} → ${bol.pod}`}</Descriptions.Item>
        <Descriptions.Item label={labels.placeOfDelivery}>{bol.placeOfDelivery || '—'}</Descriptions.Item>
        <Descriptions.Item label={labels.freightTerm}>{freightTermLabels[bol.freightTerm]}</Descriptions.Item>
        <Descriptions.Item label={labels.releaseType}>
          {bol.releaseType ? releaseTypeLabels[bol.releaseType] : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={labels.issueDate}>{bol.issueDate ?? '—'}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

export function BolParties({ bol }: { bol: BolDetail }) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 16 }}>
      <PartyCard title={labels.shipper} party={bol.shipper} />
      <PartyCard title={labels.consignee} party={bol.consignee} />
      <PartyCard title={labels.notifyParty} party={bol.notifyParty} />
    </div>
  );
}

/** 柜与货物: each box with its cargo, the totals summed from the lines, the marks and the description. */
export function BolCargo({ bol }: { bol: BolDetail }) {
  return (
    <Card title="柜与货物（按装柜明细汇总）">
      <Table<BolContainer>
        rowKey="containerKey"
        size="small"
        pagination={false}
        dataSource={bol.containers}
        columns={[
          { title: '箱号', dataIndex: 'containerNo', render: (_, box) => box.containerNo ?? `${box.containerKey}（未填箱号）` },
          { title: '封号', dataIndex: 'sealNo', render: (_, box) => box.sealNo ?? '—' },
          { title: '箱型', dataIndex: 'containerType' },
          { title: '件数（箱）', dataIndex: 'packages', align: 'right', render: (_, box) => formatQty(box.packages) },
          { title: '件数（件）', dataIndex: 'pieces', align: 'right', render: (_, box) => formatQty(box.pieces) },
          { title: '毛重（kg）', dataIndex: 'grossWeight', align: 'right', render: (_, box) => formatKg(box.grossWeight) },
          { title: '体积（m³）', dataIndex: 'cbm', align: 'right', render: (_, box) => formatCbm(box.cbm) },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={3}>
              合计
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right">
              {formatQty(bol.packages)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4} align="right">
              {formatQty(bol.pieces)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={5} align="right">
              {formatKg(bol.grossWeight)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={6} align="right">
              {formatCbm(bol.cbm)}
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
      <Descriptions column={3} size="small" style={{ marginTop: 16 }}>
        <Descriptions.Item label={labels.marks}>
          <Lines lines={bol.marks} />
        </Descriptions.Item>
        <Descriptions.Item label={labels.description}>
          <Lines lines={bol.description} />
        </Descriptions.Item>
        <Descriptions.Item label={labels.hsCode}>{bol.hsCode || '未填写'}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** 状态记录: who moved the B/L, when, and the comment that came with it. */
export function BolHistory({ bol }: { bol: BolDetail }) {
  return (
    <Card title="状态记录">
      <Timeline
        items={bol.history.map((entry) => ({
          children: (
            <>
              {formatDateTime(entry.at)} {entry.actorName}：{entry.from ? `${bolStatusLabels[entry.from]} → ` : '生成'}
              {bolStatusLabels[entry.to]}
              {entry.comment ? <Typography.Text type="secondary">（{entry.comment}）</Typography.Text> : null}
            </>
          ),
        }))}
      />
    </Card>
  );
}
