import { getCarton } from '@/services/carton';
import { getErrorBody } from '@/utils/request';
import type { Carton } from '@contract/carton/schema';

/**
 * The carton of a scanned code, or why there is none. The server reads the code (a wrong check digit is its 422
 * with the field's message), so a page that only looks a carton up carries no reading of its own.
 */
export async function cartonOfScan(code: string): Promise<{ carton: Carton } | { refusal: string }> {
  try {
    const carton = await getCarton(code);
    return carton ? { carton } : { refusal: '查询未完成，请重扫' };
  } catch (error) {
    return { refusal: refusalOf(error, '查询失败，请重扫') };
  }
}

/** What a refused scan says: the code's field message (a wrong check digit), the server's reason, or `fallback`. */
export function refusalOf(error: unknown, fallback: string): string {
  const body = getErrorBody(error);
  return body?.fields?.sscc ?? body?.errorMessage ?? fallback;
}
