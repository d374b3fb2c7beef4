import { useState } from 'react';

/**
 * A list's filters as a link may set them (`/osb/plan?status=SUBMITTED`, from the home page's figures): the named
 * query fields of the address the page opened with, then whatever the query form sets. Give the same object to
 * QueryForm's `initialValues`, so that the form shows what the list is filtered by.
 */
export function useLinkedFilters<F extends object>(fields: readonly (keyof F & string)[]) {
  return useState<F>(() => {
    const query = new URLSearchParams(window.location.search);
    return Object.fromEntries(fields.flatMap((field) => (query.get(field) ? [[field, query.get(field)]] : []))) as F;
  });
}
