import { cancelDebounce, debounce } from '@/utils/utils';
import { Select } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';

const PAGE_SIZE = 20;

export interface RemotePage<T> {
  data: T[];
  total: number;
}

interface RemoteSelectProps<T> {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
  /** One page of the server's matches for the typed text ('' for all), from `current` 1. */
  fetchPage: (q: string, current: number, pageSize: number) => Promise<RemotePage<T> | undefined>;
  toOption: (item: T) => { value: string; label: string };
  /** A filter's choice may be cleared (to every item); a form's required one may not. */
  allowClear?: boolean;
  width?: number;
}

/**
 * A choice among everything the server offers, however many: typing asks the server (debounced), and scrolling
 * to the end of the list fetches the next page, so that no item is out of reach behind a page size.
 */
export default function RemoteSelect<T>({
  id,
  value,
  onChange,
  placeholder,
  fetchPage,
  toOption,
  allowClear,
  width,
}: RemoteSelectProps<T>) {
  const debounceKey = useId();
  const [q, setQ] = useState('');
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  // The newest request wins: an answer to an older text or page is dropped.
  const latest = useRef(0);

  const load = async (text: string, current: number) => {
    const request = ++latest.current;
    setLoading(true);
    const page = await fetchPage(text, current, PAGE_SIZE);
    if (request !== latest.current) return;
    setLoading(false);
    if (!page) return;
    const next = page.data.map(toOption);
    setOptions((shown) => (current === 1 ? next : [...shown, ...next]));
    setTotal(page.total);
  };

  useEffect(() => {
    load('', 1);
    return () => cancelDebounce(debounceKey);
    // Loaded once on open; later loads follow the typed text and the scroll.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      placeholder={placeholder}
      allowClear={allowClear}
      style={width ? { width } : undefined}
      showSearch
      filterOption={false}
      loading={loading}
      options={options}
      notFoundContent={loading ? '加载中…' : '没有符合条件的项'}
      onSearch={(text) => {
        setQ(text);
        debounce(debounceKey, () => load(text.trim(), 1));
      }}
      onPopupScroll={(event) => {
        const list = event.currentTarget;
        const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
        if (atEnd && !loading && options.length < total) load(q.trim(), Math.floor(options.length / PAGE_SIZE) + 1);
      }}
    />
  );
}
