import 'umi/typings';

declare module '*.less';
declare module '*.css';
declare module '*.png';
declare module '*.svg';
