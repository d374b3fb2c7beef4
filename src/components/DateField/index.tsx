import { Input } from 'antd';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import type { DateInputProps } from './DateInput';
import type { DateRange, DateRangeInputProps } from './DateRangeInput';

export type { DateRange };

type PickerProps = { id?: string; value?: unknown; width?: number | string; autoFocus?: boolean };

/**
 * A form field whose picker loads on first use: antd's date picker is ~30 KB gzip, so a page whose date fields are
 * filters loads it when the pointer or the focus comes to one, not with the page. Until then an input that looks
 * the same stands in; a click on it while the picker loads hands the picker the focus, and its calendar opens.
 */
function lazyPicker<P extends PickerProps>(load: () => Promise<{ default: ComponentType<P> }>, placeholder: string) {
  // React.lazy types its component for props it knows, not for a generic P.
  const Picker = lazy(load) as unknown as ComponentType<P>;
  return function LazyPicker(props: P) {
    // The picker once wanted, or whenever there is a value to show (a form may set one after the field is drawn).
    const [wanted, setWanted] = useState(false);
    const [focused, setFocused] = useState(false);
    const focus = () => {
      setWanted(true);
      setFocused(true);
    };
    const standIn = <Input id={props.id} readOnly placeholder={placeholder} style={{ width: props.width }} onFocus={focus} />;
    if (!wanted && !props.value) return <div onMouseEnter={() => setWanted(true)}>{standIn}</div>;
    return (
      <Suspense fallback={standIn}>
        <Picker {...props} autoFocus={focused} />
      </Suspense>
    );
  };
}

/** A date ('YYYY-MM-DD') form field. */
const DateField = lazyPicker<DateInputProps>(() => import('./DateInput'), '请选择日期');
export default DateField;

/** A date range form field (two dayjs days). */
export const DateRangeField = lazyPicker<DateRangeInputProps>(() => import('./DateRangeInput'), '开始日期 → 结束日期');
