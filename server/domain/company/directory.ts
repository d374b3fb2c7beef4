/** GET /v1/companies — every 客户公司 by name, for the staff's 客户公司 filter (its options, searched by `q`). */
import { asc, count, ilike, or } from 'drizzle-orm';
import type { DirectoryQuery } from '../../../contract/company/schema';
import type { ListResult } from '../../../contract/shared/common';
import type { Company } from '../../../contract/user/schema';
import type { Db } from '../../db/open';
import { companies } from '../../db/schema';
import { likeContains } from '../sqlText';

export async function listCompanies(db: Db, { q, current, pageSize }: DirectoryQuery): Promise<ListResult<Company>> {
  const where = q ? or(ilike(companies.name, likeContains(q)), ilike(companies.shortCode, likeContains(q))) : undefined;
  const data = await db
    .select({ key: companies.key, name: companies.name, shortCode: companies.shortCode })
    .from(companies)
    .where(where)
    .orderBy(asc(companies.name), asc(companies.key))
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  const [{ total }] = await db.select({ total: count() }).from(companies).where(where);
  return { data, total, success: true, current, pageSize };
}
