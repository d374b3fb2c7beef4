/** 搜索 calls, built from the endpoint table's route and typed with its schemas. */
import { requestRoute } from '@/utils/requestRoute';
import { searchRoutes, type SearchResult } from '@contract/search/codes';

/** GET /v1/search?q= — what the caller may see whose number starts with q, by kind. */
export const searchNumbers = (q: string) => requestRoute<SearchResult | undefined>(searchRoutes.search, { params: { q } });
