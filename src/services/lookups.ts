/** Read-only lookups: factories, size groups and GBS orders. */
import request from '@/utils/request';
import type { Factory, GbsOrder, SizeGroup } from '@contract/lookup';

/** GET /v1/factories */
export async function queryFactories() {
  return request<Factory[] | undefined>('/v1/factories');
}

/** GET /v1/sizeGroup */
export async function querySizeGroups() {
  return request<SizeGroup[] | undefined>('/v1/sizeGroup');
}

/** GET /v1/gbs/getOrderList/{odg_item_no}: orders whose odg item number starts with the text. */
export async function queryGbsOrders(odgItemNo: string) {
  return request<GbsOrder[] | undefined>(`/v1/gbs/getOrderList/${encodeURIComponent(odgItemNo)}`);
}

/** GET /v1/gbs/getOrderInfo/{id} */
export async function queryGbsOrder(id: string) {
  return request<GbsOrder | undefined>(`/v1/gbs/getOrderInfo/${encodeURIComponent(id)}`);
}
