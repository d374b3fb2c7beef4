import type { LookupsModelState } from '@/models/lookups';
import { createBulkLine, queryBulkLine, updateBulkLine } from '@/services/packing';
import { useFormSave } from '@/utils/useFormSave';
import { cancelDebounce, debounce } from '@/utils/utils';
import type { BulkCreate, BulkLine } from '@contract/packing/schema';
import {
  bulkFieldLabels as labels,
  bulkLimits,
  bulkTypeLabels,
  bulkTypes,
  packTypeLabels,
  packTypes,
  type BulkType,
  type PackType,
} from '@contract/packing/codes';
import { cartonFigureProblems, isMixedColour, packTypeOf, type SizeBreakdown } from '@contract/packing/rules';
import type { GbsOrder } from '@contract/lookup/schema';
import { Button, Col, Drawer, Form, Input, Radio, Row, Select, Space } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'umi';
import DateInput from '@/components/DateField/DateInput';
import FactorySelect from './FactorySelect';
import { CartonNoInput, CartonSideInput, WeightInput } from './lineInputs';
import LiveTotals from './LiveTotals';
import SizeBreakdownEditor from './SizeBreakdownEditor';

/** What the drawer's form holds: the create body plus the type (a path segment) and the picked GBS order. */
export interface LineFormValues extends Omit<BulkCreate, 'exFactoryDate'> {
  type: BulkType;
  gbsOrderId?: string;
  exFactoryDate: string;
}

interface LineDrawerProps {
  open: boolean;
  /** The line to edit; a new line when absent. */
  line?: BulkLine;
  onOpenChange: (open: boolean) => void;
  onSaved: (line: BulkLine) => void;
}

const GBS_DEBOUNCE_KEY = 'packing/gbs-lookup';

const orderLabel = (order: GbsOrder) => `${order.poNo} · ${order.styleNo} · ${order.colour} · ${order.buyer}`;

/** The body the contract accepts: exactly its fields, sizes without zero entries. */
function bodyOf(values: LineFormValues): BulkCreate {
  const sizeBreakdown: SizeBreakdown = {};
  for (const [size, qty] of Object.entries(values.sizeBreakdown ?? {})) if (qty > 0) sizeBreakdown[size] = qty;
  return {
    odgItemNo: values.odgItemNo.trim(),
    poNo: values.poNo.trim(),
    styleNo: values.styleNo.trim(),
    colour: values.colour.trim(),
    factoryCode: values.factoryCode,
    sizeGroup: values.sizeGroup,
    sizeBreakdown,
    packType: values.packType,
    cartonFrom: values.cartonFrom,
    cartonTo: values.cartonTo,
    nwPerCtn: values.nwPerCtn,
    gwPerCtn: values.gwPerCtn,
    ctnL: values.ctnL,
    ctnW: values.ctnW,
    ctnH: values.ctnH,
    destination: values.destination.trim(),
    exFactoryDate: values.exFactoryDate,
  };
}

/**
 * 新建 / 编辑装箱明细: typing an odg item number looks up GBS orders (debounced) and fills PO, style, colour,
 * size group, destination and ex-factory date; the size breakdown follows the size group; totals are live.
 */
export default function LineDrawer({ open, line, onOpenChange, onSaved }: LineDrawerProps) {
  const [form] = Form.useForm<LineFormValues>();
  const dispatch = useDispatch();
  const { factories, sizeGroups } = useSelector((state: { lookups: LookupsModelState }) => state.lookups);
  const [orders, setOrders] = useState<GbsOrder[]>([]);
  const [searching, setSearching] = useState(false);
  const reread = line && (() => queryBulkLine(line.key));
  const { saving, save, notice, version } = useFormSave(form, reread, line?.version, () => line && onSaved(line));

  const sizeGroupCode = Form.useWatch('sizeGroup', form);
  const figures = {
    cartonFrom: Form.useWatch('cartonFrom', form),
    cartonTo: Form.useWatch('cartonTo', form),
    sizeBreakdown: Form.useWatch('sizeBreakdown', form),
    nwPerCtn: Form.useWatch('nwPerCtn', form),
    gwPerCtn: Form.useWatch('gwPerCtn', form),
    ctnL: Form.useWatch('ctnL', form),
    ctnW: Form.useWatch('ctnW', form),
    ctnH: Form.useWatch('ctnH', form),
  };
  const sizes = useMemo(() => sizeGroups.find((group) => group.code === sizeGroupCode)?.sizes ?? [], [sizeGroups, sizeGroupCode]);

  useEffect(() => {
    if (!open) return undefined;
    dispatch({ type: 'lookups/fetch' });
    setOrders([]);
    return () => cancelDebounce(GBS_DEBOUNCE_KEY);
  }, [open, dispatch]);

  const fillFromOrder = (order: GbsOrder) => {
    form.setFieldsValue({
      gbsOrderId: order.id,
      poNo: order.poNo,
      styleNo: order.styleNo,
      colour: order.colour,
      sizeGroup: order.sizeGroup,
      destination: order.destination,
      exFactoryDate: order.exFactoryDate,
    });
  };

  const lookUpOrders = (text: string) => {
    const odgItemNo = text.trim();
    if (odgItemNo.length < bulkLimits.gbsMinQueryLength) {
      cancelDebounce(GBS_DEBOUNCE_KEY);
      setOrders([]);
      return;
    }
    debounce(GBS_DEBOUNCE_KEY, async () => {
      setSearching(true);
      const found = ((await dispatch({ type: 'lookups/searchGbsOrders', payload: odgItemNo })) as unknown as GbsOrder[]) ?? [];
      setSearching(false);
      // An answer for text the user has since changed is of no use.
      if ((form.getFieldValue('odgItemNo') ?? '').trim() !== odgItemNo) return;
      setOrders(found);
      if (found.length === 1) fillFromOrder(found[0]);
    });
  };

  const onValuesChange = (changed: Partial<LineFormValues>) => {
    if (changed.sizeGroup !== undefined) {
      // Sizes of another group mean nothing in this one.
      const groupSizes = sizeGroups.find((group) => group.code === changed.sizeGroup)?.sizes ?? [];
      const kept: SizeBreakdown = {};
      for (const [size, qty] of Object.entries(form.getFieldValue('sizeBreakdown') ?? {})) {
        if (groupSizes.includes(size)) kept[size] = qty as number;
      }
      form.setFieldsValue({ sizeBreakdown: kept });
    }
    const breakdown: SizeBreakdown = form.getFieldValue('sizeBreakdown') ?? {};
    const current: PackType | undefined = form.getFieldValue('packType');
    if (Object.keys(breakdown).length > 0) {
      const suggested = packTypeOf(breakdown, current ? isMixedColour(current) : false);
      if (suggested !== current) form.setFieldsValue({ packType: suggested });
    }
  };

  const onFinish = async (values: LineFormValues) => {
    const body = bodyOf(values);
    const problems = cartonFigureProblems(body);
    if (Object.keys(body.sizeBreakdown).length === 0)
      problems.push({ field: 'sizeBreakdown', message: '请至少填写一个尺码的件数' });
    if (problems.length) {
      form.setFields(problems.map((problem) => ({ name: problem.field as keyof LineFormValues, errors: [problem.message] })));
      return;
    }
    const call = line
      ? updateBulkLine(line.type, line.key, { ...body, version: version ?? line.version })
      : createBulkLine(values.type, body);
    await save(call, line ? '装箱明细已保存' : '装箱明细已新建', onSaved);
  };

  const initialValues: Partial<LineFormValues> = line ? { ...line } : { type: 'multi', sizeBreakdown: {}, packType: 'SCAS' };

  const close = () => onOpenChange(false);
  const required = (text: string) => [{ required: true, message: text }];
  const requiredText = (text: string) => [{ required: true, whitespace: true, message: text }];
  /** A field in the drawer's three-column grid. */
  const cell = (item: ReactNode, span = 8) => <Col span={span}>{item}</Col>;

  return (
    <Drawer
      title={line ? `编辑装箱明细 ${line.key}` : '新建装箱明细'}
      open={open}
      width={760}
      destroyOnHidden
      maskClosable={false}
      onClose={close}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={close}>取消</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            保存
          </Button>
        </Space>
      }
    >
      {notice}
      <Form<LineFormValues>
        form={form}
        // Prefixes the field ids: the list's filter form has fields of the same names.
        name="bulkLine"
        layout="vertical"
        initialValues={initialValues}
        // A new opening starts from the line's values, not from what was typed last time.
        clearOnDestroy
        onValuesChange={onValuesChange}
        onFinish={onFinish}
      >
        <Row gutter={16}>
          {cell(
            <Form.Item name="type" label={labels.type} rules={required('请选择出运方式')}>
              <Radio.Group
                disabled={Boolean(line)}
                options={bulkTypes.map((type) => ({ value: type, label: bulkTypeLabels[type] }))}
              />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="odgItemNo" label={labels.odgItemNo} rules={requiredText('请输入ODG货号')}>
              <Input placeholder="输入 ODG 货号查找订单" maxLength={32} onChange={(event) => lookUpOrders(event.target.value)} />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="gbsOrderId" label="GBS 订单">
              <Select
                placeholder={searching ? '查找中…' : orders.length ? '选择订单' : '输入货号后自动查找'}
                allowClear
                loading={searching}
                options={orders.map((order) => ({ value: order.id, label: orderLabel(order) }))}
                onChange={(id: string) => {
                  const order = orders.find((candidate) => candidate.id === id);
                  if (order) fillFromOrder(order);
                }}
              />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="poNo" label={labels.poNo} rules={requiredText('请输入PO号')}>
              <Input placeholder="请输入" maxLength={32} />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="styleNo" label={labels.styleNo} rules={requiredText('请输入款号')}>
              <Input placeholder="请输入" maxLength={32} />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="colour" label={labels.colour} rules={requiredText('请输入颜色')}>
              <Input placeholder="请输入" maxLength={64} />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="factoryCode" label={labels.factoryCode} rules={required('请选择工厂')}>
              <FactorySelect factories={factories} />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="sizeGroup" label={labels.sizeGroup} rules={required('请选择尺码组')}>
              <Select
                placeholder="请选择"
                allowClear
                options={sizeGroups.map((group) => ({ value: group.code, label: group.name }))}
              />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="packType" label={labels.packType} rules={required('请选择装箱方式')}>
              <Select
                placeholder="请选择"
                allowClear
                options={packTypes.map((code) => ({ value: code, label: packTypeLabels[code] }))}
              />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="sizeBreakdown" label={`${labels.sizeBreakdown}（每箱件数）`}>
              <SizeBreakdownEditor sizes={sizes} />
            </Form.Item>,
            24,
          )}
          {cell(
            <Form.Item name="cartonFrom" label={labels.cartonFrom} rules={required('请输入起始箱号')}>
              <CartonNoInput />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="cartonTo" label={labels.cartonTo} rules={required('请输入结束箱号')}>
              <CartonNoInput />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="exFactoryDate" label={labels.exFactoryDate} rules={required('请选择出厂日')}>
              <DateInput />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="nwPerCtn" label={labels.nwPerCtn} rules={required('请输入每箱净重')}>
              <WeightInput />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="gwPerCtn" label={labels.gwPerCtn} rules={required('请输入每箱毛重')}>
              <WeightInput />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="destination" label={labels.destination} rules={requiredText('请输入目的地')}>
              <Input placeholder="请输入" maxLength={64} />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="ctnL" label={labels.ctnL} rules={required('请输入外箱长')}>
              <CartonSideInput />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="ctnW" label={labels.ctnW} rules={required('请输入外箱宽')}>
              <CartonSideInput />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="ctnH" label={labels.ctnH} rules={required('请输入外箱高')}>
              <CartonSideInput />
            </Form.Item>,
          )}
          {cell(<LiveTotals figures={figures} />, 24)}
        </Row>
      </Form>
    </Drawer>
  );
}
