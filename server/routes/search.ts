/** 搜索 routes, registered from the endpoint table: a number by its start, among what the caller may see. */
import { searchAccess } from '../../contract/search/codes';
import { searchEndpoints } from '../../contract/search/schema';
import { search } from '../domain/search';
import { endpointPlugin } from '../http/endpoints';

export const searchRoutes = endpointPlugin(
  searchEndpoints,
  { policy: searchAccess, notFoundMessage: '没有找到' },
  { search: ({ db, caller, query }) => search(db, caller, query.q) },
);
