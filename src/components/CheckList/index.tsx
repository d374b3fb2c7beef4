import { Checkbox, Space } from 'antd';
import type { ReactNode } from 'react';

/**
 * A list of boxes as a form value (the chosen values, in the options' order). antd's Checkbox.Group drops a
 * click that lands before its boxes have registered (an effect after paint), so a fast hand or a scanner on a
 * busy machine could tick a box that stays empty; each box here is controlled directly.
 */
export default function CheckList<V extends string>({
  options,
  value = [],
  onChange,
  vertical,
}: {
  options: { value: V; label: ReactNode }[];
  value?: V[];
  onChange?: (value: V[]) => void;
  vertical?: boolean;
}) {
  const toggle = (option: V, checked: boolean) =>
    onChange?.(options.map((o) => o.value).filter((v) => (v === option ? checked : value.includes(v))));
  return (
    <Space direction={vertical ? 'vertical' : 'horizontal'} wrap={!vertical}>
      {options.map((option) => (
        <Checkbox
          key={option.value}
          checked={value.includes(option.value)}
          onChange={(event) => toggle(option.value, event.target.checked)}
        >
          {option.label}
        </Checkbox>
      ))}
    </Space>
  );
}
