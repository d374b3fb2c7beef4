/**
 * 扫描收货: the clerk scans the handover's cartons in, with a wedge scanner (no click first) or by typing the code.
 * The scan field and the running count stay at the top (on a tablet too); below, received / expected per line with
 * the carton numbers still missing, and the last scans, each green, or red with the reason. The server counts each
 * carton once, so two clerks may scan the same handover.
 */
import { chinaDateTime } from '@contract/shared/chinaTime';
import ScanField, { type ScanOutcome } from '@/components/ScanField';
import { scanInto, withScannedLine } from '@/components/ScanField/scanInto';
import { MissingCartons, ScannedCount } from '@/components/ScanField/scannedCells';
import { queryHandover, scanIntoHandover } from '@/services/loose';
import type { LooseDetail } from '@contract/loose/schema';
import { Button, Drawer, Progress, Space, Table, Typography, theme } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { formatCartonRange } from '../../packing/format';

type Line = LooseDetail['lines'][number];
interface Scan extends ScanOutcome {
  at: string;
}

const RECENT_SCANS = 8;

const columns: TableColumnsType<Line> = [
  { title: 'PO号', dataIndex: 'poNo', width: 130 },
  { title: '款号 / 颜色', key: 'style', width: 150, render: (_, line) => `${line.styleNo} / ${line.colour}` },
  { title: '箱号', key: 'range', width: 90, render: (_, line) => formatCartonRange(line.cartonFrom, line.cartonTo) },
  {
    title: '已收 / 应收',
    key: 'count',
    width: 110,
    render: (_, line) => <ScannedCount line={line} />,
  },
  {
    title: '缺箱号',
    dataIndex: 'missingCartons',
    render: (missing: string) => <MissingCartons missing={missing} />,
  },
];

export default function ScanDrawer({
  bookingKey,
  onClose,
}: {
  bookingKey?: string;
  /** `record` when the clerk goes on to record the handover. */
  onClose: (record?: boolean) => void;
}) {
  const { token } = theme.useToken();
  const [detail, setDetail] = useState<LooseDetail>();
  const [recent, setRecent] = useState<Scan[]>([]);

  useEffect(() => {
    setDetail(undefined);
    setRecent([]);
    if (bookingKey) queryHandover(bookingKey).then(setDetail);
  }, [bookingKey]);

  const note = (outcome: ScanOutcome): ScanOutcome => {
    setRecent((scans) =>
      [{ ...outcome, at: chinaDateTime(new Date(), { seconds: true }).slice(11) }, ...scans].slice(0, RECENT_SCANS),
    );
    return outcome;
  };

  const receive = async (code: string) =>
    note(
      bookingKey
        ? await scanInto(
            code,
            '已收',
            (sscc) => scanIntoHandover(bookingKey, sscc),
            (answer) => setDetail((shown) => shown && withScannedLine(shown, answer)),
          )
        : { ok: false, text: '' },
    );

  const scanned = detail?.cartonsScanned ?? 0;
  const expected = detail?.cartonCount ?? 0;
  return (
    <Drawer
      open={!!bookingKey}
      title={`扫描收货 ${bookingKey ?? ''}`}
      width={960}
      // The whole screen on a tablet, in either orientation.
      styles={{ wrapper: { maxWidth: '100%' } }}
      onClose={() => onClose()}
      destroyOnHidden
      extra={
        <Button size="large" type="primary" disabled={!detail} onClick={() => onClose(true)}>
          登记交接
        </Button>
      }
    >
      <div
        style={{
          position: 'sticky',
          top: -24,
          zIndex: 3,
          background: token.colorBgElevated,
          paddingBlock: 8,
          marginBlockStart: -8,
        }}
      >
        <ScanField label="扫描箱码收货" onScan={receive} />
        <Space size="large" align="center" style={{ width: '100%' }} wrap>
          <Typography.Text style={{ fontSize: 20 }} aria-label="已收箱数">
            已收 <strong>{scanned}</strong> / {expected} 箱
          </Typography.Text>
          {detail && scanned < expected && <Typography.Text type="danger">缺 {expected - scanned} 箱</Typography.Text>}
          <Progress percent={expected ? Math.round((scanned / expected) * 100) : 0} style={{ width: 240, margin: 0 }} />
        </Space>
      </div>
      <Table<Line>
        rowKey="key"
        size="middle"
        loading={!detail}
        columns={columns}
        dataSource={detail?.lines}
        pagination={false}
        style={{ marginBlockStart: 16 }}
      />
      <Typography.Title level={5} style={{ marginBlockStart: 24 }}>
        最近扫描
      </Typography.Title>
      <ol aria-label="最近扫描" style={{ paddingInlineStart: 20 }}>
        {recent.map((scan, index) => (
          <li key={recent.length - index} style={{ color: scan.ok ? token.colorSuccessText : token.colorErrorText }}>
            {scan.at} {scan.text}
          </li>
        ))}
      </ol>
    </Drawer>
  );
}
