/** The charts' colours: antd's primary blue first, then its preset palette, so charts match the rest of the app. */
export const chartColours = ['#1890ff', '#fa8c16', '#52c41a', '#eb2f96', '#722ed1', '#13c2c2', '#faad14', '#8c8c8c'];
