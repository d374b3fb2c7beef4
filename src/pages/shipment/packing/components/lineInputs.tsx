/** The number inputs of a packing line's fields, with the contract's bounds, shared by the drawer and 批量修改. */
import { bulkLimits } from '@contract/packing/codes';
import { InputNumber, type InputNumberProps } from 'antd';

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
