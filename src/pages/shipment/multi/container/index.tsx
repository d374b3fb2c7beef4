import { saveFile } from '@/utils/saveFile';
import ContainerCard from '@/components/ContainerCard';
import FreightTable, { cnyText, freightColumns } from '@/components/FreightTable';
import Milestones from '@/components/Milestones';
import Hint from '@/components/Hint';
import useHistoryDrawer from '@/components/History/useHistoryDrawer';
import LazyDialog from '@/components/LazyDialog';
import ScanField from '@/components/ScanField';
import { scanInto, withScannedLine } from '@/components/ScanField/scanInto';
import { MissingCartons, ScannedCount } from '@/components/ScanField/scannedCells';
import { downloadLoadList, queryContainer, queryLoadPlan, queryOpenContainers, scanIntoContainer } from '@/services/container';
import { useAnswer } from '@/utils/useAnswer';
import { loadBulkLines } from '@/services/packing';
import { outcomeOf } from '@/utils/request';
import type { ContainerDetail, OpenContainer } from '@contract/container/schema';
import { containerFieldLabels as labels } from '@contract/container/codes';
import { DownloadOutlined, EditOutlined, HistoryOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { Button, Card, Col, Descriptions, Empty, Popconfirm, Row, Space, Table, message } from 'antd';
import type { TableColumnsType } from 'antd';
import { lazy, useCallback, useEffect, useState } from 'react';
import { Link } from 'umi';
import { formatCbm, formatKg, formatQty } from '../../packing/format';
import LoadPlanCard from './LoadPlanCard';
import { lineColumns } from '../../packing/lineColumns';

const loadDialog = () => import('@/pages/osb/plan/detail/ContainerDialog');
const ContainerDialog = lazy(loadDialog);

type Line = ContainerDetail['lines'][number];

const scanColumns: TableColumnsType<Line> = [
  {
    title: '已扫描',
    key: 'scanned',
    width: 80,
    render: (_, line) => <ScannedCount line={line} />,
  },
  {
    title: '未扫描箱号',
    dataIndex: 'missingCartons',
    width: 130,
    ellipsis: true,
    render: (missing: string) => <MissingCartons missing={missing} />,
  },
];

// What is scanned stands beside the carton numbers, in view while scanning.
const columns: TableColumnsType<Line> = [
  { title: '顺序', key: 'order', width: 60, render: (_, __, i) => i + 1 },
  ...lineColumns<Line>(['key', 'poNo', 'cartons']),
  ...scanColumns,
  ...lineColumns<Line>(['styleNo', 'colour', 'cartonCount', 'totalQty', 'totalNw', 'totalGw', 'cbm']),
];

/** The cartons loaded but not scanned, for the seal's warning: how many, and which, line by line. */
function unscannedOf(lines: readonly Line[]) {
  const short = lines.filter((line) => line.missingCartons);
  return {
    cartons: short.reduce((total, line) => total + line.cartonCount - line.cartonsScanned, 0),
    text: short.map((line) => `PO ${line.poNo} 箱号 ${line.missingCartons}`).join('；'),
  };
}

const sum = (lines: readonly Line[], field: 'cartonCount' | 'totalQty' | 'totalNw' | 'totalGw' | 'cbm') =>
  lines.reduce((total, line) => total + line[field], 0);

/**
 * 拼柜装柜: each box of the customer's plans with its lines, totals and bars; number and seal, 移出柜, the load list;
 * cartons scanned in as they are loaded, with what is not scanned yet per line (warned of before the seal); the
 * freight per PO and line; the load plan drawn to scale.
 */
export default function ContainerPage() {
  const [boxes, setBoxes] = useState<OpenContainer[]>();
  const [chosenKey, setChosenKey] = useState(() => new URLSearchParams(window.location.search).get('key') ?? undefined);
  const [detail, setDetail] = useState<ContainerDetail>();
  const [keys, setKeys] = useState<string[]>([]);
  const [editing, setEditing] = useState(false);
  const history = useHistoryDrawer('container');
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    queryOpenContainers({ pageSize: 100 }).then((answer) => {
      if (!answer) return;
      setBoxes(answer.data);
      setChosenKey((key) => key ?? answer.data[0]?.key);
    });
  }, [reloads]);
  const fetchDetail = useCallback(async () => {
    if (chosenKey) setDetail(await queryContainer(chosenKey));
  }, [chosenKey]);
  useEffect(() => {
    fetchDetail();
  }, [fetchDetail, reloads]);
  // Asked beside the box, not after it: the drawing comes with the page. A change made here (a move, the
  // dialog) asks again; a scan moves no carton's place.
  const plan = useAnswer(async () => (chosenKey ? queryLoadPlan(chosenKey) : undefined), [chosenKey, reloads]);
  const changed = () => {
    setKeys([]);
    setReloads((n) => n + 1);
  };

  const unload = async () => {
    if (!detail) return;
    const lines = detail.lines.filter((line) => keys.includes(line.key));
    const versions = Object.fromEntries(lines.map((line) => [line.key, line.version]));
    const outcome = await outcomeOf(loadBulkLines({ keys, versions, containerKey: null }));
    if (!outcome.ok) return;
    message.success(`已将 ${outcome.data.length} 条明细移出柜 ${detail.containerNo ?? detail.key}`);
    changed();
  };
  const download = async () => {
    const file = detail && (await downloadLoadList(detail.key));
    if (file) saveFile(file.blob, file.fileName);
  };

  const totals = detail && (
    <Table.Summary.Row>
      <Table.Summary.Cell index={0} colSpan={5}>
        合计 {detail.lines.length} 条
      </Table.Summary.Cell>
      <Table.Summary.Cell index={5} colSpan={2}>
        {formatQty(detail.cartonsScanned)} / {formatQty(sum(detail.lines, 'cartonCount'))}
      </Table.Summary.Cell>
      <Table.Summary.Cell index={7} colSpan={2} />
      <Table.Summary.Cell index={9}>{formatQty(sum(detail.lines, 'cartonCount'))}</Table.Summary.Cell>
      <Table.Summary.Cell index={10}>{formatQty(sum(detail.lines, 'totalQty'))}</Table.Summary.Cell>
      <Table.Summary.Cell index={11}>{formatKg(sum(detail.lines, 'totalNw'))}</Table.Summary.Cell>
      <Table.Summary.Cell index={12}>{formatKg(sum(detail.lines, 'totalGw'))}</Table.Summary.Cell>
      <Table.Summary.Cell index={13}>{formatCbm(sum(detail.lines, 'cbm'))}</Table.Summary.Cell>
      <Table.Summary.Cell index={14} align="right">
        {cnyText(detail.freight.cny)}
      </Table.Summary.Cell>
      <Table.Summary.Cell index={15} />
    </Table.Summary.Row>
  );

  return (
    <PageContainer header={{ title: '拼柜装柜' }}>
      {boxes?.length === 0 ? (
        <Empty description={<Link to="/osb/plan">没有已确认计划的柜：请先在订舱计划中添加柜</Link>} />
      ) : (
        <Row gutter={16}>
          <Col span={7}>
            {boxes?.map((box) => (
              <ContainerCard key={box.key} box={box} chosen={box.key === chosenKey} onChoose={() => setChosenKey(box.key)} />
            ))}
          </Col>
          <Col span={17}>
            {detail ? (
              <Card
                title={`柜 ${detail.containerNo ?? detail.key}`}
                extra={
                  <Space>
                    <Button icon={<EditOutlined />} onClick={() => setEditing(true)} onMouseEnter={loadDialog}>
                      箱号与封号
                    </Button>
                    <Button icon={<DownloadOutlined />} onClick={download}>
                      下载装柜清单
                    </Button>
                    <Button icon={<HistoryOutlined />} onClick={() => history.open(detail.key)}>
                      变更历史
                    </Button>
                  </Space>
                }
              >
                <Descriptions size="small" column={3} style={{ marginBlockEnd: 16 }}>
                  <Descriptions.Item label={labels.containerNo}>{detail.containerNo ?? '未填写'}</Descriptions.Item>
                  <Descriptions.Item label={labels.sealNo}>{detail.sealNo ?? '未填写'}</Descriptions.Item>
                  <Descriptions.Item label={labels.containerType}>{detail.containerType}</Descriptions.Item>
                  <Descriptions.Item label="订舱计划">
                    <Link to={`/osb/plan/${detail.planKey}`}>{detail.planKey}</Link>
                  </Descriptions.Item>
                  <Descriptions.Item label="目的港">{detail.pod}</Descriptions.Item>
                  <Descriptions.Item label="开船日期">{detail.etd}</Descriptions.Item>
                </Descriptions>
                <ScanField
                  label="扫描箱码装柜"
                  paused={editing}
                  onScan={(code) =>
                    scanInto(
                      code,
                      '已装柜',
                      (sscc) => scanIntoContainer(detail.key, sscc),
                      (answer) => setDetail((shown) => shown && withScannedLine(shown, answer)),
                    )
                  }
                />
                <Space style={{ marginBlockEnd: 8 }}>
                  <Hint>已选 {keys.length} 条</Hint>
                  <Popconfirm title="将所选明细移出此柜？它们回到待拼柜。" onConfirm={unload} okText="移出" cancelText="取消">
                    <Button danger disabled={keys.length === 0}>
                      移出柜
                    </Button>
                  </Popconfirm>
                </Space>
                <Table<Line>
                  size="small"
                  rowKey="key"
                  pagination={false}
                  columns={[...columns, ...freightColumns<Line>(detail.freight)]}
                  dataSource={detail.lines}
                  rowSelection={{ selectedRowKeys: keys, onChange: (selected) => setKeys(selected as string[]) }}
                  summary={() => totals}
                  scroll={{ x: 1440 }}
                />
              </Card>
            ) : null}
            {detail && detail.lines.length > 0 ? (
              <Card title="运费" size="small" style={{ marginBlockStart: 16 }}>
                <FreightTable freight={detail.freight} perLine={false} />
              </Card>
            ) : null}
            {detail ? <LoadPlanCard containerKey={detail.key} plan={plan?.key === detail.key ? plan : undefined} /> : null}
            {detail?.containerNo ? (
              <div style={{ marginBlockStart: 16 }}>
                <Milestones key={detail.key} planKey={detail.planKey} containers={[detail.containerNo]} />
              </div>
            ) : null}
          </Col>
        </Row>
      )}
      <LazyDialog open={editing}>
        {detail ? (
          <ContainerDialog
            open={editing}
            planKey={detail.planKey}
            container={detail}
            unscanned={unscannedOf(detail.lines)}
            onClose={() => setEditing(false)}
            onSaved={() => {
              setEditing(false);
              changed();
            }}
          />
        ) : null}
      </LazyDialog>
      {history.drawer}
    </PageContainer>
  );
}
