import { Card, Col, Row, Skeleton, Typography, theme } from 'antd';
import type { ChartConfiguration } from 'chart.js';
import { Suspense, lazy, type ReactNode } from 'react';
import { Link } from 'umi';

const ChartCanvas = lazy(() => import('./ChartCanvas'));

export interface FigureProps {
  label: string;
  value: number | string;
  /** The list behind the figure, filtered as the figure counts. */
  to?: string;
  /** Red when the figure waits on someone and is not zero. */
  alert?: boolean;
}

/** A figure with its label; it links to the list it counts. */
export function Figure({ label, value, to, alert }: FigureProps) {
  const { token } = theme.useToken();
  const number = (
    <span style={{ fontSize: 28, fontWeight: 500, color: alert && value ? token.colorError : token.colorText }}>{value}</span>
  );
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <div>
        {to ? (
          <Link to={to} aria-label={`${label} ${value}`}>
            {number}
          </Link>
        ) : (
          number
        )}
      </div>
    </Card>
  );
}

/** A row of figures, as many as fit. */
export function FigureRow({ figures }: { figures: FigureProps[] }) {
  return (
    <Row gutter={[16, 16]} style={{ marginBlockEnd: 16 }}>
      {figures.map((figure) => (
        <Col key={figure.label} xs={12} md={8} xl={4}>
          <Figure {...figure} />
        </Col>
      ))}
    </Row>
  );
}

/** A titled card holding a chart (loaded lazily) or what is given instead of one when there is nothing to draw. */
export function ChartCard({
  title,
  config,
  empty,
  children,
}: {
  title: string;
  config?: ChartConfiguration;
  empty?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card title={title} size="small" style={{ height: '100%' }}>
      {config ? (
        <Suspense fallback={<Skeleton active />}>
          <ChartCanvas config={config} label={title} />
        </Suspense>
      ) : (
        empty
      )}
      {children}
    </Card>
  );
}
