import { DatePicker } from 'antd';
import dayjs from 'dayjs';

/** The date format of bulk lines (the contract's ISO date). */
const DATE_FORMAT = 'YYYY-MM-DD';

interface DateInputProps {
  id?: string;
  value?: string | null;
  onChange?: (value: string | undefined) => void;
}

/** A date picker whose form value is the contract's 'YYYY-MM-DD' text, as the GBS order and the line hold it. */
export default function DateInput({ id, value, onChange }: DateInputProps) {
  return (
    <DatePicker
      id={id}
      format={DATE_FORMAT}
      placeholder="请选择"
      style={{ width: '100%' }}
      value={value ? dayjs(value) : null}
      onChange={(date) => onChange?.(date ? date.format(DATE_FORMAT) : undefined)}
    />
  );
}
