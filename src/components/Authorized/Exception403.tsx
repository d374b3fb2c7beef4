import PageResult from '@/components/PageResult';
import React from 'react';

/** The specification quotes the English meaning; the product's only locale is zh-CN, so it says it in Chinese. */
export const NOT_AUTHORIZED_TEXT = '抱歉，你无权访问此页面。';

/** What a guard shows by default when the user lacks the required authority. */
const Exception403: React.FC<{ extra?: React.ReactNode }> = ({ extra }) => (
  <PageResult status="403" title="403" subTitle={NOT_AUTHORIZED_TEXT} extra={extra} />
);

export default Exception403;
