import type { TooltipProps } from 'antd';
import React, { Suspense, lazy } from 'react';

// antd's Form labels draw a Tooltip only for a field given one, yet bring Tooltip with its trigger and resize
// observer (~10 KB gzip) to every form: on the login page, the first load, none is shown (.umirc.ts points here).
const Tooltip = lazy(() => import('antd/es/tooltip'));

/** antd's Tooltip, loaded when first drawn; until then its target shows alone. */
const LazyTooltip: React.FC<TooltipProps> = (props) => (
  <Suspense fallback={props.children}>
    <Tooltip {...props} />
  </Suspense>
);

export default LazyTooltip;
