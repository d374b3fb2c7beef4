import SheetImportDialog from '@/components/SheetImportDialog';
import { importPrices } from '@/services/price';
import type { PriceImportResult } from '@contract/price/schema';
import { priceFieldLabels, priceLimits, priceRoutes, priceSheetColumns } from '@contract/price/codes';

const headers = priceSheetColumns.map((field) => priceFieldLabels[field]).join('、');

/** 导入运价: the clerk's price workbook, all or nothing; a sailing already priced takes the file's price. */
export default function PriceImportDialog(props: { open: boolean; onClose: () => void; onImported: () => void }) {
  return (
    <SheetImportDialog
      title="导入运价"
      open={props.open}
      maxBytes={priceLimits.importMaxBytes}
      templateUrl={priceRoutes.template.path}
      hint={`第 1 行为表头：${headers}。港口写 UN/LOCODE，船公司写 SCAC 代码，舱位写 充足 / 紧张 / 满舱；有效期可空。最多 ${priceLimits.maxImportRows} 行，任一行有误则整个文件不导入。`}
      fieldLabel={(field) => priceFieldLabels[field as keyof typeof priceFieldLabels] ?? field}
      send={importPrices}
      successText={(answer) => {
        const { imported, updated } = answer as PriceImportResult;
        return `已导入 ${imported} 条运价（其中更新 ${updated} 条）`;
      }}
      onClose={props.onClose}
      onImported={props.onImported}
    />
  );
}
