/** The inputs of a packing line's fields, with the contract's bounds, shared by the drawer and 批量修改. */
import type { Factory } from '@contract/lookup';
import { bulkLimits } from '@contract/bulkCodes';
import { InputNumber, Select, type InputNumberProps, type SelectProps } from 'antd';

type NumberInputProps = Omit<InputNumberProps<number>, 'min' | 'max' | 'precision'>;

const numberInput = (min: number, max: number, precision: number) => {
  const BoundedInput = (props: NumberInputProps) => (
    <InputNumber<number> placeholder="请输入" style={{ width: '100%' }} {...props} min={min} max={max} precision={precision} />
  );
  return BoundedInput;
};

/** 箱号 */
export const CartonNoInput = numberInput(1, bulkLimits.maxCartonNo, 0);
/** 每箱净重 / 毛重 (kg) */
export const WeightInput = numberInput(0.001, bulkLimits.maxWeightPerCartonKg, bulkLimits.weightDecimals);
/** 外箱长 / 宽 / 高 (cm) */
export const CartonSideInput = numberInput(0.1, bulkLimits.maxCartonSideCm, bulkLimits.sideDecimals);

/** 工厂: searchable by code and name. */
export const FactorySelect = ({ factories, ...props }: SelectProps & { factories: Factory[] }) => (
  <Select
    placeholder="请选择"
    allowClear
    showSearch
    optionFilterProp="label"
    options={factories.map((factory) => ({ value: factory.code, label: `${factory.code} ${factory.name}` }))}
    {...props}
  />
);
