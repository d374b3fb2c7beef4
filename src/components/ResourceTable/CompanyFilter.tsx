/** The 客户公司 filter of the staff's lists: every company, searched by name or short code as typed. */
import RemoteSelect from '@/components/RemoteSelect';
import { queryCompanies } from '@/services/company';
import { ownerCompanyLabel } from '@contract/shared/owners';
import type { Company } from '@contract/user/schema';
import { Form } from 'antd';

const companyPage = (q: string, current: number, pageSize: number) => queryCompanies({ q, current, pageSize });
// The name alone fits the query form's line; the short code finds it as well.
const companyOption = ({ key, name }: Company) => ({ value: key, label: name });

export default function CompanyFilter(props: { id?: string; value?: string; onChange?: (value: string) => void }) {
  return (
    <RemoteSelect<Company>
      {...props}
      allowClear
      width={200}
      placeholder="全部公司"
      fetchPage={companyPage}
      toOption={companyOption}
    />
  );
}

/** The filter as a query form's field, `ownerCompany`: one spelling for every form that has it. */
export const CompanyFilterField = () => (
  <Form.Item name="ownerCompany" label={ownerCompanyLabel}>
    <CompanyFilter />
  </Form.Item>
);
