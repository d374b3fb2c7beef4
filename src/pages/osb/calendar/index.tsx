import LazyDialog from '@/components/LazyDialog';
import type { LookupsModelState } from '@/models/lookups';
import { useRoles } from '@/models/user';
import { queryPriceMonth } from '@/services/price';
import type { Price, PriceMonth } from '@contract/price/schema';
import { chinaToday } from '@contract/plan/codes';
import { priceText } from '@contract/price/codes';
import { carrierText, containerTypes, portText, type ContainerType } from '@contract/setting/codes';
import { LeftOutlined, RightOutlined, UploadOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { Alert, Button, Card, Select, Space, Spin, Typography } from 'antd';
import { lazy, useCallback, useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'umi';
import MonthGrid from './components/MonthGrid';

const load = {
  book: () => import('./components/BookDialog'),
  price: () => import('./components/PriceDialog'),
  import: () => import('./components/PriceImportDialog'),
};
const BookDialog = lazy(load.book);
const PriceDialog = lazy(load.price);
const PriceImportDialog = lazy(load.import);

/** The month after (or before) `month`, YYYY-MM. */
const shiftMonth = (month: string, by: number) => {
  const day = new Date(`${month}-15T00:00:00Z`);
  day.setUTCMonth(day.getUTCMonth() + by);
  return day.toISOString().slice(0, 7);
};

interface Lane {
  pol: string;
  pod: string;
  containerType: ContainerType;
  month: string;
}

/** 运价日历: a lane's sailings by day; the customer books from a day, the clerk keeps the prices. */
export default function CalendarPage() {
  const dispatch = useDispatch();
  const dict = useSelector((state: { lookups: LookupsModelState }) => state.lookups.osbDict);
  const roles = useRoles();
  const isClerk = roles.includes('documentClerk');
  const [lane, setLane] = useState<Lane>();
  const [answer, setAnswer] = useState<PriceMonth>();
  const [loading, setLoading] = useState(false);
  const [booking, setBooking] = useState<Price>();
  const [editing, setEditing] = useState<{ price?: Price; day?: string }>();
  const [importing, setImporting] = useState(false);

  useEffect(() => {
    dispatch({ type: 'lookups/fetchOsbDict' });
  }, [dispatch]);
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (dict && !lane) {
      setLane({
        pol: params.get('pol') ?? dict.defaultPorts.pol,
        pod: params.get('pod') ?? dict.defaultPorts.pod,
        containerType: (params.get('containerType') as ContainerType | null) ?? '40HQ',
        month: params.get('month') ?? chinaToday().slice(0, 7),
      });
    }
  }, [dict, lane]);

  const fetchMonth = useCallback(async () => {
    if (!lane) return;
    setLoading(true);
    const month = await queryPriceMonth(lane);
    setLoading(false);
    if (month) setAnswer(month);
  }, [lane]);
  useEffect(() => {
    fetchMonth();
  }, [fetchMonth]);

  if (!dict || !lane) return <Spin style={{ display: 'block', marginBlock: 80 }} />;
  const portOptions = dict.ports.map((port) => ({ value: port.code, label: portText(dict.ports, port.code) }));
  const cheapest = answer?.data.find((price) => price.key === answer.cheapestKey);
  const change = (values: Partial<Lane>) => setLane({ ...lane, ...values });

  return (
    <PageContainer header={{ title: '运价日历' }}>
      <Card>
        <Space wrap size={16} style={{ marginBlockEnd: 16 }}>
          <Space>
            起运港
            <Select
              aria-label="起运港"
              showSearch
              optionFilterProp="label"
              style={{ width: 160 }}
              value={lane.pol}
              options={portOptions}
              onChange={(pol) => change({ pol })}
            />
          </Space>
          <Space>
            目的港
            <Select
              aria-label="目的港"
              showSearch
              optionFilterProp="label"
              style={{ width: 160 }}
              value={lane.pod}
              options={portOptions}
              onChange={(pod) => change({ pod })}
            />
          </Space>
          <Space>
            箱型
            <Select
              aria-label="箱型"
              style={{ width: 100 }}
              value={lane.containerType}
              options={containerTypes.map((value) => ({ value, label: value }))}
              onChange={(containerType) => change({ containerType })}
            />
          </Space>
          <Space>
            <Button aria-label="上个月" icon={<LeftOutlined />} onClick={() => change({ month: shiftMonth(lane.month, -1) })} />
            <Typography.Text strong style={{ minWidth: 88, display: 'inline-block', textAlign: 'center' }}>
              {lane.month.slice(0, 4)} 年 {Number(lane.month.slice(5))} 月
            </Typography.Text>
            <Button aria-label="下个月" icon={<RightOutlined />} onClick={() => change({ month: shiftMonth(lane.month, 1) })} />
          </Space>
          {isClerk ? (
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} onMouseEnter={load.import}>
              导入运价
            </Button>
          ) : null}
        </Space>
        <Alert
          style={{ marginBlockEnd: 16 }}
          type={cheapest ? 'success' : 'info'}
          showIcon
          message={
            cheapest
              ? `本月最低价：${cheapest.sailingDate} ${carrierText(dict.carriers, cheapest.carrier)} ${priceText(cheapest.amount, cheapest.currency)}（${lane.containerType}，航程 ${cheapest.transitDays} 天）`
              : '本月该航线暂无可订舱的船期'
          }
          description={
            isClerk
              ? '点击运价可修改，点击日期旁的 + 新增运价。'
              : '点击一个船期即可按当时运价订舱；已过的、已截单的和满舱的船期不能订舱（灰色，指向可看原因）。'
          }
        />
        <Spin spinning={loading}>
          <MonthGrid
            month={lane.month}
            prices={answer?.data ?? []}
            cheapestKey={answer?.cheapestKey ?? null}
            today={answer?.today ?? chinaToday()}
            carriers={dict.carriers}
            siCutoffHours={dict.siCutoffHours}
            onPick={(price) => (isClerk ? setEditing({ price }) : setBooking(price))}
            onAdd={isClerk ? (day) => setEditing({ day }) : undefined}
          />
        </Spin>
      </Card>
      <LazyDialog open={booking !== undefined}>
        <BookDialog price={booking} dict={dict} onClose={() => setBooking(undefined)} />
      </LazyDialog>
      <LazyDialog open={editing !== undefined}>
        <PriceDialog
          editing={editing}
          lane={lane}
          dict={dict}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            fetchMonth();
          }}
        />
      </LazyDialog>
      <LazyDialog open={importing}>
        <PriceImportDialog
          open={importing}
          onClose={() => setImporting(false)}
          onImported={() => {
            setImporting(false);
            fetchMonth();
          }}
        />
      </LazyDialog>
    </PageContainer>
  );
}
