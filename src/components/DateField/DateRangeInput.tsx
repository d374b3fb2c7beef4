import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';

export type DateRange = [Dayjs, Dayjs] | null;

export interface DateRangeInputProps {
  id?: string;
  value?: DateRange;
  onChange?: (value: DateRange) => void;
  width?: number | string;
  /** Focused and open as it is drawn (a click on DateRangeField's stand-in while the picker loaded). */
  autoFocus?: boolean;
}

/** A date range form field (its own module: antd's date picker loads with it, not with the page). */
export default function DateRangeInput({ id, value, onChange, width = '100%', autoFocus }: DateRangeInputProps) {
  return (
    <DatePicker.RangePicker
      id={id}
      autoFocus={autoFocus}
      defaultOpen={autoFocus}
      style={{ width }}
      value={value}
      onChange={(range) => onChange?.(range as DateRange)}
    />
  );
}
