import DateField from '@/components/DateField';
import { PageContainer } from '@ant-design/pro-components';
import { Form, Input, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useCallback, useRef, type ReactNode } from 'react';
import ResourceTable, { type PageParams, type ResourcePage, type ResourceTableProps } from '.';
import { columnKey } from './columns';
import QueryForm from './QueryForm';
import { useLinkedFilters } from './linkedFilters';
import { CompanyFilterField } from './CompanyFilter';
import { useSeesEveryCompany, withOwnerCompany } from './ownerCompany';

/** One field of a list's query form, as data: its filter's name, label and width, and how it is typed in. */
export type QueryField<F> = { name: keyof F & string; label: ReactNode; width: number; rules?: Rule[] } & (
  | { kind?: 'text'; placeholder?: string; /** Codes (UN/LOCODE) as capitals. */ upperCase?: boolean }
  | { kind: 'choice'; options: { value: string; label: string }[]; /** Typed to narrow a long list. */ search?: boolean }
  | { kind: 'date' }
);

/** A choice's options from a code list and its Chinese labels. */
export const choicesOf = <C extends string>(codes: readonly C[], labels: Readonly<Record<C, string>>) =>
  codes.map((value) => ({ value, label: labels[value] }));

const upperCase = (value: string) => value?.toUpperCase() || undefined;

function queryInput<F>(field: QueryField<F>) {
  if (field.kind === 'choice') {
    const search = field.search ? { showSearch: true, optionFilterProp: 'label' } : {};
    return <Select allowClear style={{ width: field.width }} options={field.options} {...search} />;
  }
  if (field.kind === 'date') return <DateField width={field.width} />;
  return <Input allowClear placeholder={field.placeholder} style={{ width: field.width }} />;
}

export interface ListPageProps<T, F> extends Omit<ResourceTableProps<T, F>, 'filters' | 'request'> {
  /** The page header's title. */
  heading: string;
  query: QueryField<F>[];
  /** Filters a link may open the list with (`?status=…`, useLinkedFilters); the form shows them. */
  linked?: readonly (keyof F & string)[];
  /** The list service: the filters, the page and the order (`undefined` when request.ts reported a failure). */
  list: (params: PageParams & F) => Promise<ResourcePage<T> | undefined>;
  /** What the page shows below the table (its dialogs). */
  children?: ReactNode;
}

/**
 * A list page from one description: the page header, the query form's fields as data, and the list's
 * ResourceTable (paging, sorting, export, toolbar, column settings). A list page is its columns, fields and actions.
 */
export default function ListPage<T extends object, F extends object>({
  heading,
  query,
  linked = [],
  list,
  children,
  ...table
}: ListPageProps<T, F>) {
  const [filters, setFilters] = useLinkedFilters<F>(linked);
  // A list whose rows name their owner takes `ownerCompany` too, and shows the company (ownerCompany.tsx).
  const seesEveryCompany = useSeesEveryCompany();
  const byCompany = seesEveryCompany && table.columns.some((column) => columnKey(column as never) === 'ownerName');
  const columns = withOwnerCompany(table.columns, seesEveryCompany);
  // ResourceTable reads again when its `request` changes: one call for the page's life, to the latest service.
  const latest = useRef(list);
  latest.current = list;
  const request = useCallback((params: PageParams & F) => latest.current(params), []);
  return (
    <PageContainer header={{ title: heading }}>
      <QueryForm<F> onSearch={setFilters} initialValues={filters}>
        {query.map((field) => (
          <Form.Item
            key={field.name}
            name={field.name as string}
            label={field.label}
            rules={field.rules}
            normalize={field.kind !== 'choice' && field.kind !== 'date' && field.upperCase ? upperCase : undefined}
          >
            {queryInput(field)}
          </Form.Item>
        ))}
        {byCompany && <CompanyFilterField />}
      </QueryForm>
      <ResourceTable<T, F> {...table} columns={columns} filters={filters} request={request} />
      {children}
    </PageContainer>
  );
}
