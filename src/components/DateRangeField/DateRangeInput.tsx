import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';

export type DateRange = [Dayjs, Dayjs] | null;

interface DateRangeInputProps {
  id?: string;
  value?: DateRange;
  onChange?: (value: DateRange) => void;
}

/** The ex-factory date range of the filter form (its own module: the date picker loads when the filters expand). */
export default function DateRangeInput({ id, value, onChange }: DateRangeInputProps) {
  return (
    <DatePicker.RangePicker
      id={id}
      style={{ width: '100%' }}
      value={value}
      onChange={(range) => onChange?.(range as DateRange)}
    />
  );
}
