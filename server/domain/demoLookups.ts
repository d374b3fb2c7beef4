/**
 * The demo lookups: factories, size groups and GBS orders. Plain data, so that the server's demo seed and the
 * umi mock (`npm run dev`) show the same orders.
 */
import type { Factory, GbsOrder, SizeGroup } from '../../contract/lookup';

export const demoFactories: Factory[] = [
  { code: 'F01', name: '宁波申洲针织', country: '中国', city: '宁波' },
  { code: 'F02', name: '晋江鞋业一厂', country: '中国', city: '晋江' },
  { code: 'F03', name: '胡志明制衣', country: '越南', city: '胡志明市' },
  { code: 'F04', name: '金边成衣', country: '柬埔寨', city: '金边' },
];

export const demoSizeGroups: SizeGroup[] = [
  { code: 'APP-INT', name: '服装国际码', sizes: ['XS', 'S', 'M', 'L', 'XL', 'XXL'] },
  { code: 'APP-CN', name: '服装国标码', sizes: ['160/80A', '165/84A', '170/88A', '175/92A', '180/96A'] },
  { code: 'SHOE-EU', name: '鞋欧码', sizes: ['36', '37', '38', '39', '40', '41', '42', '43', '44', '45'] },
  { code: 'KIDS', name: '童装', sizes: ['100', '110', '120', '130', '140', '150'] },
];

export const demoGbsOrders: GbsOrder[] = [
  { id: 'G1001', odgItemNo: 'ODG240001', poNo: '4500123456', styleNo: 'TS-2025-01', colour: 'NAVY', buyer: 'Northwind Apparel', destination: 'Los Angeles', orderQty: 4800, sizeGroup: 'APP-INT', exFactoryDate: '2025-03-10' },
  { id: 'G1002', odgItemNo: 'ODG240001', poNo: '4500123456', styleNo: 'TS-2025-01', colour: 'WHITE', buyer: 'Northwind Apparel', destination: 'Los Angeles', orderQty: 3600, sizeGroup: 'APP-INT', exFactoryDate: '2025-03-10' },
  { id: 'G1003', odgItemNo: 'ODG240002', poNo: '4500123460', styleNo: 'RN-880', colour: 'BLACK/WHITE', buyer: 'Contoso Sports', destination: 'Hamburg', orderQty: 2400, sizeGroup: 'SHOE-EU', exFactoryDate: '2025-03-18' },
  { id: 'G1004', odgItemNo: 'ODG240003', poNo: '4500123461', styleNo: 'PK-300', colour: 'GREY MELANGE', buyer: 'Fabrikam Retail', destination: 'Rotterdam', orderQty: 6000, sizeGroup: 'APP-CN', exFactoryDate: '2025-04-02' },
  { id: 'G1005', odgItemNo: 'ODG240004', poNo: '4500123470', styleNo: 'KD-12', colour: 'RED/NAVY', buyer: 'Tailspin Kids', destination: 'Sydney', orderQty: 1800, sizeGroup: 'KIDS', exFactoryDate: '2025-04-15' },
  { id: 'G1006', odgItemNo: 'ODG240005', poNo: '4500123480', styleNo: 'JK-77', colour: 'OLIVE', buyer: 'Northwind Apparel', destination: 'New York', orderQty: 1200, sizeGroup: 'APP-INT', exFactoryDate: '2025-04-20' },
  { id: 'G1007', odgItemNo: 'ODG240006', poNo: '4500123490', styleNo: 'HD-510', colour: 'CHARCOAL', buyer: 'Contoso Sports', destination: 'Tokyo', orderQty: 3000, sizeGroup: 'APP-INT', exFactoryDate: '2025-05-06' },
  { id: 'G1008', odgItemNo: 'ODG240007', poNo: '4500123495', styleNo: 'SN-220', colour: 'WHITE/GUM', buyer: 'Fabrikam Retail', destination: 'Felixstowe', orderQty: 2000, sizeGroup: 'SHOE-EU', exFactoryDate: '2025-05-20' },
];
