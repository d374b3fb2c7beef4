import { Button } from 'antd';
import React from 'react';
import { history } from 'umi';

/** The exception pages' way out. */
const BackHome: React.FC = () => (
  <Button type="primary" onClick={() => history.push('/')}>
    返回首页
  </Button>
);

export default BackHome;
