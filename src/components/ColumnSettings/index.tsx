/**
 * 列设置, as on Ant Design Pro's tables: a popover of checkboxes that shows or hides a list's columns, remembered
 * in this browser. Locked columns (a row's key, its actions) always show.
 */
import { SettingOutlined } from '@ant-design/icons';
import { Checkbox, Popover, Tooltip } from 'antd';
import { useState, type ReactNode } from 'react';

export interface ColumnOption {
  key: string;
  title: ReactNode;
  locked?: boolean;
}

const storageKey = (listType: string) => `shipdesk.hiddenColumns.${listType}`;

function readHidden(listType: string): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(listType)) ?? '[]');
    return Array.isArray(stored) ? stored.filter((key): key is string => typeof key === 'string') : [];
  } catch {
    return [];
  }
}

/** The hidden columns of a list, and a setter that remembers them. */
export function useHiddenColumns(listType: string): [string[], (hidden: string[]) => void] {
  const [hidden, setHidden] = useState(() => readHidden(listType));
  const save = (next: string[]) => {
    setHidden(next);
    if (next.length) localStorage.setItem(storageKey(listType), JSON.stringify(next));
    else localStorage.removeItem(storageKey(listType));
  };
  return [hidden, save];
}

export default function ColumnSettings({
  options,
  hidden,
  onChange,
}: {
  options: ColumnOption[];
  hidden: string[];
  onChange(hidden: string[]): void;
}) {
  const optional = options.filter((option) => !option.locked);
  const shown = optional.filter((option) => !hidden.includes(option.key)).length;
  const content = (
    <div
      role="group"
      aria-label="列设置"
      style={{ display: 'flex', flexDirection: 'column', gap: 8, maxHeight: 360, overflowY: 'auto' }}
    >
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 24 }}>
        <Checkbox
          checked={shown === optional.length}
          indeterminate={shown > 0 && shown < optional.length}
          onChange={(event) => onChange(event.target.checked ? [] : optional.map((option) => option.key))}
        >
          列展示
        </Checkbox>
        <a onClick={() => onChange([])}>重置</a>
      </div>
      {options.map((option) => (
        <Checkbox
          key={option.key}
          disabled={option.locked}
          checked={option.locked || !hidden.includes(option.key)}
          onChange={(event) =>
            onChange(event.target.checked ? hidden.filter((key) => key !== option.key) : [...hidden, option.key])
          }
        >
          {option.title}
        </Checkbox>
      ))}
    </div>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight" arrow={false}>
      <Tooltip title="列设置">
        <SettingOutlined aria-label="列设置" style={{ fontSize: 16 }} />
      </Tooltip>
    </Popover>
  );
}
