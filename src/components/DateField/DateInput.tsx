import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import type { FocusEvent, KeyboardEvent } from 'react';

/** The contract's date format (ISO), as the API takes and answers a date. */
const DATE_FORMAT = 'YYYY-MM-DD';

export interface DateInputProps {
  id?: string;
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  /**
   * The latest day offered ('YYYY-MM-DD'); later days are greyed out in the calendar. One typed after it is not
   * dropped: it becomes the value, so that the form's rule says why it is refused.
   */
  max?: string;
  width?: number | string;
  /** Focused and open as it is drawn (a click on DateField's stand-in while the picker loaded). */
  autoFocus?: boolean;
}

/**
 * A date picker whose form value is the contract's 'YYYY-MM-DD' text. antd's picker, not the browser's own date
 * input: that one follows the operating system's locale and shows mm/dd/yyyy on an English system.
 */
export default function DateInput({ id, value, onChange, max, width = '100%', autoFocus }: DateInputProps) {
  // antd's picker throws away a typed day that its calendar greys out, without a word.
  const keepTypedLater = (event: FocusEvent<HTMLElement> | KeyboardEvent<HTMLElement>) => {
    const typed = (event.target as HTMLInputElement).value?.trim() ?? '';
    const whole = /^\d{4}-\d{2}-\d{2}$/.test(typed) && dayjs(typed).format(DATE_FORMAT) === typed;
    if (max && whole && typed > max && typed !== value) onChange?.(typed);
  };
  return (
    <DatePicker
      id={id}
      autoFocus={autoFocus}
      defaultOpen={autoFocus}
      format={DATE_FORMAT}
      placeholder="请选择日期"
      style={{ width }}
      value={value ? dayjs(value) : null}
      disabledDate={max ? (day) => day.format(DATE_FORMAT) > max : undefined}
      onChange={(date) => onChange?.(date ? date.format(DATE_FORMAT) : undefined)}
      onBlur={keepTypedLater}
      onKeyDown={(event) => event.key === 'Enter' && keepTypedLater(event)}
    />
  );
}
