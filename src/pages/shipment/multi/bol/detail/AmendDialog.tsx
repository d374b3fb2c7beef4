import { queryBol, updateBol } from '@/services/bol';
import { useFormSave } from '@/utils/useFormSave';
import type { Bol, BolUpdate } from '@contract/bol/schema';
import {
  bolFieldLabels as labels,
  bolLimits,
  bolTypeLabels,
  bolTypes,
  freightTermLabels,
  freightTerms,
  type BolParty,
} from '@contract/bol/codes';
import { Col, Form, Input, Modal, Row, Select } from 'antd';

const parties = ['shipper', 'consignee', 'notifyParty'] as const;
type Party = (typeof parties)[number];

/** The form's values: lines are edited as text, one line per row. */
type Values = Omit<BolUpdate, 'version' | Party | 'marks' | 'description'> & {
  marks: string;
  description: string;
} & Record<Party, { name: string; address: string }>;

const toText = (lines: readonly string[]) => lines.join('\n');
const toLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
const partyText = (party: BolParty) => ({ name: party.name, address: toText(party.address) });
const upper = (value: string) => value?.toUpperCase();

/** The B/L as the form edits it. */
const formValuesOf = (bol: Bol): Values => ({
  bolNo: bol.bolNo,
  type: bol.type,
  freightTerm: bol.freightTerm,
  hsCode: bol.hsCode,
  placeOfReceipt: bol.placeOfReceipt,
  placeOfDelivery: bol.placeOfDelivery,
  vessel: bol.vessel,
  voyage: bol.voyage,
  shipper: partyText(bol.shipper),
  consignee: partyText(bol.consignee),
  notifyParty: partyText(bol.notifyParty),
  marks: toText(bol.marks),
  description: toText(bol.description),
});

/** 修改提单 (clerk): parties, places, vessel, marks, description, HS code and terms; the cargo is never typed. */
export default function AmendDialog({
  open,
  bol,
  onClose,
  onSaved,
}: {
  open: boolean;
  bol: Bol;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  // Read again after a conflict, as the form edits it: the fields not touched take the B/L's new values.
  const reread = async () => {
    const fresh = await queryBol(bol.key);
    return fresh && { ...formValuesOf(fresh), version: fresh.version };
  };
  const { saving, save, notice, version } = useFormSave(form, reread, bol.version, () => {
    onClose();
    onSaved();
  });
  const submit = (values: Values) => {
    const { shipper, consignee, notifyParty, marks, description, ...fields } = values;
    const asParty = (party: { name: string; address: string }) => ({ name: party.name.trim(), address: toLines(party.address) });
    return save(
      updateBol(bol.key, {
        ...fields,
        shipper: asParty(shipper),
        consignee: asParty(consignee),
        notifyParty: asParty(notifyParty),
        marks: toLines(marks),
        description: toLines(description),
        version: version ?? bol.version,
      }),
      `提单 ${bol.bolNo} 已修改`,
      () => {
        onClose();
        onSaved();
      },
    );
  };
  const lineRule = (max: number) => ({
    validator: (_: unknown, text: string) =>
      toLines(text ?? '').length > max ? Promise.reject(new Error(`最多 ${max} 行`)) : Promise.resolve(),
  });
  return (
    <Modal
      open={open}
      title={`修改提单 ${bol.bolNo}`}
      okText="保存"
      cancelText="返回"
      width={920}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {notice}
      <Form form={form} layout="vertical" initialValues={formValuesOf(bol)} onFinish={submit} size="small">
        <Row gutter={12}>
          <Col span={6}>
            <Form.Item name="bolNo" label={labels.bolNo} normalize={upper}>
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="type" label={labels.type}>
              <Select options={bolTypes.map((value) => ({ value, label: bolTypeLabels[value] }))} />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="freightTerm" label={labels.freightTerm}>
              <Select options={freightTerms.map((value) => ({ value, label: freightTermLabels[value] }))} />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item
              name="hsCode"
              label={labels.hsCode}
              rules={[{ pattern: /^(\d{6,10})?$/, message: 'HS 编码为 6–10 位数字' }]}
            >
              <Input maxLength={10} />
            </Form.Item>
          </Col>
          <Col span={3}>
            <Form.Item name="vessel" label={labels.vessel} normalize={upper}>
              <Input maxLength={bolLimits.vesselMax} />
            </Form.Item>
          </Col>
          <Col span={3}>
            <Form.Item name="voyage" label={labels.voyage} normalize={upper}>
              <Input maxLength={bolLimits.voyageMax} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          {parties.map((party) => (
            <Col span={8} key={party}>
              <Form.Item name={[party, 'name']} label={`${labels[party]}（英文名称）`} normalize={upper}>
                <Input maxLength={bolLimits.partyNameMax} />
              </Form.Item>
              <Form.Item
                name={[party, 'address']}
                label="地址（每行最多 35 个字符）"
                rules={[lineRule(bolLimits.addressLines)]}
                normalize={upper}
              >
                <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Row gutter={12}>
          <Col span={6}>
            <Form.Item name="placeOfReceipt" label={labels.placeOfReceipt} normalize={upper}>
              <Input maxLength={bolLimits.placeMax} />
            </Form.Item>
            <Form.Item name="placeOfDelivery" label={labels.placeOfDelivery} normalize={upper}>
              <Input maxLength={bolLimits.placeMax} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="marks" label={labels.marks} rules={[lineRule(bolLimits.marksLines)]} normalize={upper}>
              <Input.TextArea autoSize={{ minRows: 4, maxRows: 8 }} />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item
              name="description"
              label={labels.description}
              rules={[lineRule(bolLimits.descriptionLines)]}
              normalize={upper}
            >
              <Input.TextArea autoSize={{ minRows: 4, maxRows: 8 }} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
