/**
 * 客户公司 on the staff's lists: the business unit's staff see every company's rows, so a list whose rows name
 * their owner (客户, `ownerName`) shows the owner's company beside it and its query form a company filter
 * (`ownerCompany`, a key from GET /v1/companies; CompanyFilter.tsx). A customer sees only their own company's rows,
 * and neither.
 */
import type { UserModelState } from '@/models/user';
import { ownerCompanyLabel } from '@contract/shared/owners';
import type { TableColumnsType } from 'antd';
import { useSelector } from 'umi';
import { columnKey } from './columns';

/** Whether the signed-in person is of the business unit's staff, who belong to no company and see every one. */
export function useSeesEveryCompany() {
  const user = useSelector((state: { user: UserModelState }) => state.user.currentUser);
  return !!user && !user.company && !user.authority.includes('user');
}

/**
 * The columns with 客户公司 after 客户, for staff; as they are otherwise. ListPage adds it to its lists; a table of
 * rows without `ownerCompanyName` (the inspector's queue of lots) is left as it is.
 */
export function withOwnerCompany<T>(columns: TableColumnsType<T>, seesEveryCompany: boolean): TableColumnsType<T> {
  const at = columns.findIndex((column) => columnKey(column as never) === 'ownerName');
  if (!seesEveryCompany || at < 0) return columns;
  const company = { title: ownerCompanyLabel, dataIndex: 'ownerCompanyName', width: 160, ellipsis: true };
  return [...columns.slice(0, at + 1), company, ...columns.slice(at + 1)];
}
