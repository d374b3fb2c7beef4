/** 工厂: searchable by code and name; the list's filter, the drawer and 批量修改 use it. */
import type { Factory } from '@contract/lookup/schema';
import { Select, type SelectProps } from 'antd';

export default function FactorySelect({ factories, ...props }: SelectProps & { factories: Factory[] }) {
  return (
    <Select
      placeholder="请选择"
      allowClear
      showSearch
      optionFilterProp="label"
      options={factories.map((factory) => ({ value: factory.code, label: `${factory.code} ${factory.name}` }))}
      {...props}
    />
  );
}
