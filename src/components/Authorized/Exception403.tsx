import { Result } from 'antd';
import React from 'react';

/** The specification quotes this text verbatim in English; it is the one English text of the UI. */
export const NOT_AUTHORIZED_TEXT = 'Sorry, you are not authorized to access this page.';

/** What a guard shows by default when the user lacks the required authority. */
const Exception403: React.FC<{ extra?: React.ReactNode }> = ({ extra }) => (
  <Result status="403" title="403" subTitle={NOT_AUTHORIZED_TEXT} extra={extra} />
);

export default Exception403;
