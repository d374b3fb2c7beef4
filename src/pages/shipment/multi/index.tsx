import ResourceTable, { type PageParams } from '@/components/ResourceTable';
import QueryForm from '@/components/ResourceTable/QueryForm';
import type { LookupsModelState } from '@/models/lookups';
import { queryContainer, queryOpenContainers } from '@/services/container';
import ScanField, { type ScanOutcome } from '@/components/ScanField';
import { cartonOfScan } from '@/components/ScanField/cartonOfScan';
import { loadBulkLines, queryBulkLine, queryBulkLines } from '@/services/packing';
import { outcomeOf } from '@/utils/request';
import type { BulkLine } from '@contract/packing/schema';
import { containerFill, dischargeOf, hallScanRefusal, lineLoadRefusal } from '@contract/shared/consolidation';
import type { ContainerDetail, OpenContainer } from '@contract/container/schema';
import { cartonsLeftOut } from '@contract/container/loadPlanView';
import ContainerCard from '@/components/ContainerCard';
import ExportButton from '@/components/ExportButton';
import { bulkRoutes } from '@contract/packing/codes';
import { containerRoutes } from '@contract/container/codes';
import { PageContainer } from '@ant-design/pro-components';
import { Button, Form, Input, Space, message, theme } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'umi';
import { formatCartonRange, formatCbm } from '../packing/format';
import BookedBoxes from './components/BookedBoxes';
import { lineColumns, type LineColumn } from '../packing/lineColumns';

const LoadRefusals = lazy(() => import('./components/LoadRefusals'));

type Filters = { poNo?: string; destination?: string };
/** The hall lists, and exports, the consolidated lines waiting for a box. */
const hallLines = { type: 'multi', status: 'pendingConsolidation' } as const;

const lineFields: LineColumn[] = [
  'key',
  'poNo',
  'styleNo',
  'destination',
  'exFactoryDate',
  'cartons',
  'totalQty',
  'cbm',
  'totalGw',
];

/** 拼柜大厅: the customer's waiting lines beside the boxes of their confirmed plans; choose lines and a box to load. */
export default function ConsolidationHall() {
  const dispatch = useDispatch();
  const { token } = theme.useToken();
  const dict = useSelector((state: { lookups: LookupsModelState }) => state.lookups.osbDict);
  const [filters, setFilters] = useState<Filters>({});
  const [shown, setShown] = useState<BulkLine[]>([]);
  // Lines chosen by scan that the page shown may not hold.
  const [scanned, setScanned] = useState<BulkLine[]>([]);
  const [keys, setKeys] = useState<string[]>([]);
  const [boxes, setBoxes] = useState<OpenContainer[]>();
  const [chosenKey, setChosenKey] = useState<string>();
  const [reloads, setReloads] = useState(0);
  const [refused, setRefused] = useState<string>();
  const [saving, setSaving] = useState(false);
  // What the chosen box holds, carton by carton: the load plan's check needs the cartons' shapes.
  const [held, setHeld] = useState<ContainerDetail>();

  useEffect(() => {
    dispatch({ type: 'lookups/fetchOsbDict' });
  }, [dispatch]);
  useEffect(() => {
    queryOpenContainers({ pageSize: 100 }).then((answer) => answer && setBoxes(answer.data));
  }, [reloads]);
  useEffect(() => {
    setHeld(undefined);
    if (chosenKey) queryContainer(chosenKey).then((answer) => answer?.key === chosenKey && setHeld(answer));
  }, [chosenKey, reloads]);
  const fetchLines = useCallback((params: PageParams & Filters) => queryBulkLines({ ...params, ...hallLines }), []);
  const onPage = useCallback((answer: { data: BulkLine[] }) => setShown(answer.data), []);

  const adding = [...new Map([...scanned, ...shown].map((line) => [line.key, line])).values()].filter((line) =>
    keys.includes(line.key),
  );

  const selectByScan = async (code: string): Promise<ScanOutcome> => {
    const found = await cartonOfScan(code);
    if ('refusal' in found) return { ok: false, text: found.refusal };
    const { carton } = found;
    const where = `PO ${carton.poNo} 第 ${carton.cartonNo} 箱（明细 ${carton.lineKey}）`;
    const refusal = hallScanRefusal(carton);
    if (refusal) return { ok: false, text: `${where}${refusal}` };
    if (keys.includes(carton.lineKey)) return { ok: true, text: `${where}：该明细已选` };
    const line = shown.find((one) => one.key === carton.lineKey) ?? (await queryBulkLine(carton.lineKey));
    if (!line) return { ok: false, text: `${where}：明细已不存在` };
    setScanned((lines) => [...lines, line]);
    setKeys((chosen) => [...chosen, line.key]);
    return { ok: true, text: `${where}：已选中该明细（${formatCartonRange(line.cartonFrom, line.cartonTo)} 箱）` };
  };
  const box = boxes?.find((candidate) => candidate.key === chosenKey);
  const refusals = box
    ? adding
        .map((line) => lineLoadRefusal(line, dischargeOf(dict?.ports ?? [], box.pod)))
        .filter((reason): reason is string => reason !== undefined)
    : [];
  const fill =
    box &&
    containerFill([{ cbm: box.cbmUsed, totalGw: box.weightUsed }, ...adding], { cbm: box.cbmLimit, payloadKg: box.payloadKg });
  const reasons = [
    ...refusals,
    ...(fill?.overCbm ? [`体积将达 ${fill.cbmUsed} m³，超过可装 ${fill.cbmLimit} m³`] : []),
    ...(fill?.overWeight ? [`毛重将达 ${fill.weightUsed} kg，超过载重 ${fill.payloadKg} kg`] : []),
    ...(refused ? [refused] : []),
  ];
  const blocked = !box || adding.length === 0 || refusals.length > 0 || fill?.overCbm || fill?.overWeight;
  const inside = dict?.containerTypes.find((type) => type.type === box?.containerType)?.innerMm;
  const leftOut =
    !blocked && fill && inside && held?.key === box?.key ? cartonsLeftOut(inside, fill.payloadKg, [...held.lines, ...adding]) : 0;
  const warnings =
    leftOut > 0
      ? [
          `按纸箱尺寸将有 ${leftOut} 箱放不下：体积合计 ${fill?.cbmUsed} m³ 未超可装 ${fill?.cbmLimit} m³，但纸箱的形状占不满这些体积`,
        ]
      : [];

  const load = async () => {
    if (!box) return;
    setSaving(true);
    const versions = Object.fromEntries(adding.map((line) => [line.key, line.version]));
    const outcome = await outcomeOf(loadBulkLines({ keys: adding.map((line) => line.key), versions, containerKey: box.key }));
    setSaving(false);
    if (!outcome.ok) {
      setRefused(outcome.error?.errorMessage);
      return;
    }
    message.success(`已装入 ${outcome.data.length} 条明细到柜 ${box.containerNo ?? box.key}`);
    setRefused(undefined);
    setKeys([]);
    setScanned([]);
    setReloads((n) => n + 1);
  };

  return (
    <PageContainer header={{ title: '拼柜大厅' }}>
      <div style={{ display: 'grid', gridTemplateColumns: '15fr 9fr', gap: 16 }}>
        <div style={{ minWidth: 0 }}>
          <ScanField label="扫描箱码选明细" onScan={selectByScan} />
          <QueryForm<Filters> onSearch={setFilters}>
            <Form.Item name="poNo" label="PO号">
              <Input allowClear placeholder="前缀" style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="destination" label="目的地">
              <Input allowClear placeholder="前缀" style={{ width: 140 }} />
            </Form.Item>
          </QueryForm>
          <ResourceTable<BulkLine, Filters>
            listType="consolidationHall"
            title="待拼柜明细（已验针）"
            rowKey="key"
            columns={lineColumns<BulkLine>(lineFields)}
            request={fetchLines}
            onPage={onPage}
            exportRoute={bulkRoutes.export}
            exportQuery={(shown) => ({ ...shown, ...hallLines })}
            filters={filters}
            reloads={reloads}
            lockedColumns={['key']}
            selection={{
              keys,
              onChange: setKeys,
              label: '所选明细',
              bar: (
                <Space>
                  <span>
                    已选 {adding.length} 条，{formatCbm(adding.reduce((sum, line) => sum + line.cbm, 0))} m³
                  </span>
                  <Button type="primary" disabled={blocked} loading={saving} onClick={load}>
                    {box ? `装入柜 ${box.containerNo ?? box.key}` : '请在右侧选择柜'}
                  </Button>
                </Space>
              ),
            }}
          />
          {reasons.length + warnings.length > 0 && (
            <Suspense fallback={null}>
              <LoadRefusals reasons={reasons} warnings={warnings} />
            </Suspense>
          )}
        </div>
        <div>
          <Space style={{ display: 'flex', justifyContent: 'space-between', marginBlockEnd: 8 }}>
            <h5
              style={{
                margin: 0,
                fontSize: token.fontSizeHeading5,
                fontWeight: token.fontWeightStrong,
                color: token.colorTextHeading,
              }}
            >
              可装货的柜
            </h5>
            <ExportButton type="link" route={containerRoutes.export} query={{}} />
          </Space>
          {boxes?.map((candidate) => (
            <ContainerCard
              key={candidate.key}
              box={candidate}
              adding={adding}
              chosen={candidate.key === chosenKey}
              onChoose={() => setChosenKey(candidate.key)}
            />
          ))}
          {boxes && (
            <BookedBoxes
              boxes={boxes}
              reloads={reloads}
              onAdded={(added) => {
                setChosenKey(added.key);
                setReloads((n) => n + 1);
              }}
            />
          )}
        </div>
      </div>
    </PageContainer>
  );
}
