import { Checkbox, Space } from 'antd';

/** A document checklist as a form value `{ [document]: received }`: one box per document, in the given order. */
export default function DocumentChecks<D extends string>({
  documents,
  labels,
  value,
  onChange,
}: {
  documents: readonly D[];
  labels: Record<D, string>;
  value?: Record<D, boolean>;
  onChange?: (value: Record<D, boolean>) => void;
}) {
  return (
    <Space wrap size="large">
      {documents.map((document) => (
        <Checkbox
          key={document}
          checked={value?.[document]}
          onChange={(event) => onChange?.({ ...(value as Record<D, boolean>), [document]: event.target.checked })}
        >
          {labels[document]}
        </Checkbox>
      ))}
    </Space>
  );
}
