import type { SizeBreakdown } from '@contract/packing/rules';
import { InputNumber, Space, Typography } from 'antd';
import { bulkLimits } from '@contract/packing/codes';

interface SizeBreakdownEditorProps {
  /** The sizes of the line's size group, in display order. */
  sizes: readonly string[];
  value?: SizeBreakdown;
  onChange?: (value: SizeBreakdown) => void;
}

/** 尺码配比: pieces per carton for each size of the size group; sizes left empty or 0 are not packed. */
export default function SizeBreakdownEditor({ sizes, value = {}, onChange }: SizeBreakdownEditorProps) {
  if (sizes.length === 0) return <Typography.Text type="secondary">请先选择尺码组</Typography.Text>;
  const change = (size: string, qty: number | null) => {
    const next: SizeBreakdown = {};
    for (const name of sizes) {
      const pieces = name === size ? qty : value[name];
      if (pieces) next[name] = pieces;
    }
    onChange?.(next);
  };
  return (
    <Space wrap size={[12, 8]}>
      {sizes.map((size) => (
        <Space.Compact key={size} style={{ width: 132 }}>
          <Typography.Text style={{ width: 56, lineHeight: '32px', textAlign: 'right', paddingRight: 8 }}>{size}</Typography.Text>
          <InputNumber
            aria-label={`尺码 ${size} 每箱件数`}
            min={0}
            max={bulkLimits.maxQtyPerCarton}
            precision={0}
            style={{ width: 76 }}
            value={value[size] ?? null}
            onChange={(qty) => change(size, qty)}
          />
        </Space.Compact>
      ))}
    </Space>
  );
}
