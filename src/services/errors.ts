import { getErrorBody } from '@/utils/request';

/**
 * The server's own words for a failed call (`errorMessage` of the error body, or `message` of an
 * `{ success, message }` answer), else `fallback`. Pages show it for calls made with `skipErrorHandler`.
 */
export function serverMessage(error: unknown, fallback: string): string {
  const body = getErrorBody(error);
  if (body?.errorMessage) return body.errorMessage;
  const data = (error as { data?: { message?: unknown } } | null)?.data;
  if (data && typeof data.message === 'string' && data.message) return data.message;
  return fallback;
}
