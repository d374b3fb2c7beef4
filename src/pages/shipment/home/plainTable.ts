/** The home page's tables are plain HTML (antd's Table would add some 70 KB to the first page): their cell styles. */
import type { CSSProperties } from 'react';

export const cell: CSSProperties = {
  padding: '8px 12px',
  borderBlockEnd: '1px solid #f0f0f0',
  textAlign: 'start',
  whiteSpace: 'nowrap',
};
export const head: CSSProperties = { ...cell, background: '#fafafa', fontWeight: 600 };
export const number: CSSProperties = { ...cell, textAlign: 'end' };
