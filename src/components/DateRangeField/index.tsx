import { Input } from 'antd';
import { lazy, Suspense, useState } from 'react';
import type { DateRange } from './DateRangeInput';

export type { DateRange };

// antd's date picker is ~30 KB gzip: a page whose only date field is this one loads it when the pointer or the
// focus comes to the field, not with the page.
const DateRangeInput = lazy(() => import('./DateRangeInput'));

interface DateRangeFieldProps {
  id?: string;
  value?: DateRange;
  onChange?: (value: DateRange) => void;
}

/** A date range form field whose picker loads on first use; until then an input that looks the same. */
export default function DateRangeField(props: DateRangeFieldProps) {
  const [wanted, setWanted] = useState(!!props.value);
  const placeholder = <Input id={props.id} readOnly placeholder="开始日期 → 结束日期" onFocus={() => setWanted(true)} />;
  if (!wanted) return <div onMouseEnter={() => setWanted(true)}>{placeholder}</div>;
  return (
    <Suspense fallback={placeholder}>
      <DateRangeInput {...props} />
    </Suspense>
  );
}
