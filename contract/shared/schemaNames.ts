/**
 * The names of the resources' records in the API document (`components.schemas`), with their Chinese labels: a
 * generator makes a type of each (`PackingLine`, `BookingPlan`), and every answer or request holding one refers to
 * it. Registered in zod's global registry, where the fields' descriptions already are; openapi.ts imports this.
 */
import { z } from 'zod';
import { deleteResultSchema } from './common';
import { bolDetailSchema, bolListItemSchema, bolSchema } from '../bol/schema';
import { dcsaTransportDocumentSchema } from '../bol/dcsaEbl';
import { cartonSchema } from '../carton/schema';
import { compareSummarySchema } from '../compare/schema';
import { containerDetailSchema, containerSchema, loadPlanSchema, openContainerSchema } from '../container/schema';
import { declarationDetailSchema, declarationSchema } from '../declaration/schema';
import { freightSchema } from '../freight/schema';
import { goodsGroupSchema } from '../goods/schema';
import { historyEntrySchema } from '../history/schema';
import { shipmentStatisticsSchema } from '../home/schema';
import { calibrationSchema, inspectionSchema, queueGroupSchema } from '../inspection/schema';
import { factorySchema, gbsOrderSchema, sizeGroupSchema } from '../lookup/schema';
import { looseBookingSchema, looseDetailSchema } from '../loose/schema';
import { noticeSchema } from '../notice/schema';
import { orderDetailSchema, orderSchema } from '../order/schema';
import { bulkLineSchema } from '../packing/endpoints';
import { changeSchema, planDetailSchema, planSchema } from '../plan/schema';
import { priceMonthSchema, priceSchema } from '../price/schema';
import { searchResultSchema } from '../search/schema';
import { settingSchema } from '../setting/schema';
import { stickerSheetSchema } from '../sticker/schema';
import { equipmentEventSchema, milestoneSchema, shipmentEventSchema, timelineSchema, transportEventSchema } from '../tnt/schema';
import { tokenSchema } from '../token/schema';
import { userSchema } from '../user/schema';

const names: [z.ZodType, string, string][] = [
  [deleteResultSchema, 'DeleteResult', '删除的结果'],
  [bulkLineSchema, 'PackingLine', '装箱明细'],
  [inspectionSchema, 'NeedleInspection', '验针记录'],
  [calibrationSchema, 'DetectorCalibration', '验针机校验'],
  [queueGroupSchema, 'InspectionQueueGroup', '待验针的 PO'],
  [priceSchema, 'Price', '运价'],
  [priceMonthSchema, 'PriceMonth', '运价日历的一个月'],
  [planSchema, 'BookingPlan', '订舱计划'],
  [planDetailSchema, 'BookingPlanDetail', '订舱计划详情'],
  [changeSchema, 'BookingPlanChange', '订舱计划变更'],
  [orderSchema, 'BookingOrder', '订舱单'],
  [orderDetailSchema, 'BookingOrderDetail', '订舱单详情'],
  [containerSchema, 'Container', '柜'],
  [openContainerSchema, 'OpenContainer', '可装柜的柜'],
  [containerDetailSchema, 'ContainerDetail', '柜详情'],
  [loadPlanSchema, 'LoadPlan', '装柜图'],
  [freightSchema, 'Freight', '运费'],
  [goodsGroupSchema, 'GoodsGroup', '待拼柜货物'],
  [cartonSchema, 'Carton', '箱码'],
  [bolSchema, 'BillOfLading', '提单'],
  [bolListItemSchema, 'BillOfLadingListItem', '提单列表的一行'],
  [bolDetailSchema, 'BillOfLadingDetail', '提单详情'],
  [dcsaTransportDocumentSchema, 'DcsaTransportDocument', 'DCSA 运输单据'],
  [equipmentEventSchema, 'EquipmentEvent', 'DCSA 集装箱事件'],
  [transportEventSchema, 'TransportEvent', 'DCSA 船舶事件'],
  [shipmentEventSchema, 'ShipmentEvent', 'DCSA 单证事件'],
  [milestoneSchema, 'Milestone', '货物跟踪节点'],
  [timelineSchema, 'Timeline', '货物跟踪时间线'],
  [declarationSchema, 'CustomsDeclaration', '报关交接'],
  [declarationDetailSchema, 'CustomsDeclarationDetail', '报关交接详情'],
  [looseBookingSchema, 'LooseBooking', '散货订舱'],
  [looseDetailSchema, 'LooseBookingDetail', '散货订舱详情'],
  [compareSummarySchema, 'CompareSummary', '出运对比表汇总'],
  [shipmentStatisticsSchema, 'ShipmentStatistics', '出运首页数据'],
  [stickerSheetSchema, 'StickerSheet', '彩贴'],
  [noticeSchema, 'Notice', '通知、消息或待办'],
  [historyEntrySchema, 'HistoryEntry', '变更历史的一条'],
  [searchResultSchema, 'SearchResult', '搜索结果'],
  [settingSchema, 'Setting', '订舱设置'],
  [userSchema, 'User', '用户'],
  [tokenSchema, 'ApiToken', 'API 令牌'],
  [factorySchema, 'Factory', '工厂'],
  [sizeGroupSchema, 'SizeGroup', '尺码组'],
  [gbsOrderSchema, 'GbsOrder', 'GBS 订单'],
];

for (const [schema, id, label] of names) {
  const known = z.globalRegistry.get(schema);
  z.globalRegistry.add(schema, { ...known, id, description: known?.description ?? label });
}
