import { Button, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/**
 * A text in a softer or a warning colour, as antd's Typography.Text / Paragraph of type secondary or danger draws
 * it, without Typography's copy, edit and ellipsis machinery (~8 KB gzip) on the pages that only colour a text.
 */
export default function Hint({
  tone = 'secondary',
  paragraph,
  style,
  children,
}: {
  tone?: 'secondary' | 'danger' | 'default';
  /** A paragraph of its own (with Typography.Paragraph's space below) rather than a text in a line. */
  paragraph?: boolean;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  const color = { secondary: token.colorTextDescription, danger: token.colorError, default: token.colorText }[tone];
  if (paragraph) return <div style={{ color, marginBlockEnd: '1em', ...style }}>{children}</div>;
  return <span style={{ color, ...style }}>{children}</span>;
}

/** An action written as a link in running text (展开, 更正), as Typography.Link draws it, a button to assistive tools. */
export function TextLink({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button type="link" size="small" onClick={onClick} style={{ padding: 0, height: 'auto' }}>
      {children}
    </Button>
  );
}
