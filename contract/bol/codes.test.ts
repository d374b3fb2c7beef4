import fc from 'fast-check';
import { assertBolAction, bolActions, bolActionsFor, bolActionWords, releaseTypeProblem } from './codes';
import { onBoardDateOf } from './codes';
import { cargoOf, defaultMarks, issueProblems, wrapLines, type IssueCheck } from './draft';
import { bolSheet, portPrinter } from './sheet';

describe('cargoOf', () => {
  it('sums each box from its own lines and the B/L from its boxes, to the gram and the litre', () => {
    const line = fc.record({
      containerKey: fc.constantFrom('CT1', 'CT2', 'CT3'),
      cartonCount: fc.integer({ min: 1, max: 500 }),
      totalQty: fc.integer({ min: 1, max: 20_000 }),
      totalGw: fc.integer({ min: 1, max: 2_000_000 }).map((grams) => grams / 1000),
      cbm: fc.integer({ min: 1, max: 80_000 }).map((litres) => litres / 1000),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 60 }), (lines) => {
        const boxes = ['CT1', 'CT2', 'CT3'].map((key) => ({
          containerKey: key,
          containerNo: null,
          sealNo: null,
          containerType: '40HQ',
        }));
        const cargo = cargoOf(boxes, lines);
        const grams = (values: number[]) => values.reduce((sum, value) => sum + Math.round(value * 1000), 0);
        expect(cargo.packages).toBe(lines.reduce((sum, l) => sum + l.cartonCount, 0));
        expect(cargo.pieces).toBe(lines.reduce((sum, l) => sum + l.totalQty, 0));
        expect(Math.round(cargo.grossWeight * 1000)).toBe(grams(lines.map((l) => l.totalGw)));
        expect(Math.round(cargo.cbm * 1000)).toBe(grams(lines.map((l) => l.cbm)));
        for (const box of cargo.containers) {
          const own = lines.filter((l) => l.containerKey === box.containerKey);
          expect(box.packages).toBe(own.reduce((sum, l) => sum + l.cartonCount, 0));
        }
      }),
    );
  });
});

describe('the lifecycle', () => {
  it('offers each role its own actions from each state', () => {
    expect(bolActionsFor('DRAFT', ['documentClerk'])).toEqual(['submit', 'void']);
    expect(bolActionsFor('DRAFT', ['user'])).toEqual([]);
    expect(bolActionsFor('PENDING_APPROVAL', ['user'])).toEqual(['approve', 'requestAmendment']);
    expect(bolActionsFor('APPROVED', ['documentClerk'])).toEqual(['issue', 'void']);
    expect(bolActionsFor('ISSUED', ['documentClerk'])).toEqual(['release']);
    expect(bolActionsFor('RELEASED', ['documentClerk', 'user'])).toEqual([]);
    expect(bolActionsFor('APPROVED', ['inspector'])).toEqual([]);
  });
  it('names the current state of an illegal move, and voids only before 已签发', () => {
    expect(assertBolAction('BL1', 'APPROVED', 'issue')).toBe('ISSUED');
    expect(() => assertBolAction('BL1', 'ISSUED', 'void')).toThrow('提单 BL1 当前为「已签发」，不能作废');
    expect(() => assertBolAction('BL1', 'DRAFT', 'approve')).toThrow('提单 BL1 当前为「草稿」，不能确认提单');
  });
  it('releases a sea waybill as 海运单 only, a bill of lading as 正本 or 电放', () => {
    expect(releaseTypeProblem('SWB', 'TELEX')).toBe('海运单只能以「海运单」方式放单');
    expect(releaseTypeProblem('BOL', 'SEAWAY')).toBe('提单应以「正本」或「电放」方式放单');
    expect(releaseTypeProblem('BOL', 'TELEX')).toBeUndefined();
    expect(releaseTypeProblem('SWB', 'SEAWAY')).toBeUndefined();
  });
});

describe('issueProblems', () => {
  const ready: IssueCheck = {
    shipper: { name: 'SHIPPER CO.', address: ['1 ROAD'] },
    consignee: { name: 'CONSIGNEE INC.', address: [] },
    notifyParty: { name: 'SAME AS CONSIGNEE', address: [] },
    vessel: 'MAERSK ESSEN',
    voyage: '612E',
    hsCode: '620342',
    containers: [{ containerKey: 'CT1', containerNo: 'CSQU3054383', sealNo: 'SL1' }],
  };
  it('is empty for a complete B/L and names every missing part otherwise', () => {
    expect(issueProblems(ready)).toEqual({});
    expect(
      issueProblems({
        ...ready,
        shipper: { name: '上海东方制衣厂', address: [] },
        consignee: { name: ' ', address: [] },
        hsCode: '',
        containers: [{ containerKey: 'CT2', containerNo: null, sealNo: null }],
      }),
    ).toEqual({
      shipper: '发货人：提单内容只能使用英文字母、数字和常用符号',
      consignee: '请填写收货人',
      hsCode: '请填写 HS 编码',
      containers: '柜 CT2 缺少箱号或封号',
    });
    expect(issueProblems({ ...ready, containers: [{ ...ready.containers[0], sealNo: 'S'.repeat(16) }] }).containers).toBe(
      '柜 CSQU3054383 的封号超过 15 个字符，提单无法载明',
    );
  });
});

describe('printed text', () => {
  it('wraps between words within 35 characters, cutting only a longer word', () => {
    expect(wrapLines('1288 CAOBAO ROAD, XUHUI DISTRICT, SHANGHAI 200233, CHINA')).toEqual([
      '1288 CAOBAO ROAD, XUHUI DISTRICT,',
      'SHANGHAI 200233, CHINA',
    ]);
    expect(wrapLines('A'.repeat(40))).toEqual(['A'.repeat(35), 'A'.repeat(5)]);
    expect(wrapLines('   ')).toEqual([]);
  });
  it('marks the POs in lines of 35, then the cartons and the origin', () => {
    expect(defaultMarks(['PO-2', 'PO-1', 'PO-2'], 40)).toEqual(['PO NO. PO-1, PO-2', 'C/NO. 1-40', 'MADE IN CHINA']);
    const many = defaultMarks(
      Array.from({ length: 12 }, (_, i) => `PO-10000${i}`),
      5,
    );
    expect(many.every((line) => line.length <= 35)).toBe(true);
  });
  it('prints DRAFT across the sheet until the B/L is issued, and the ports by their English names', () => {
    const source = {
      bolNo: 'MAEU00000001',
      type: 'BOL' as const,
      status: 'APPROVED' as const,
      carrier: 'MAEU',
      carrierBookingNo: 'BK1',
      shipper: { name: 'S', address: [] },
      consignee: { name: 'C', address: [] },
      notifyParty: { name: 'N', address: [] },
      placeOfReceipt: 'SHANGHAI',
      pol: 'CNSHA',
      pod: 'USLAX',
      placeOfDelivery: 'LOS ANGELES',
      vessel: 'MAERSK ESSEN',
      voyage: '612E',
      etd: '2026-12-01',
      containers: [],
      marks: ['N/M'],
      description: ['GARMENTS'],
      hsCode: '620342',
      packages: 10,
      grossWeight: 1234.5,
      cbm: 2.4,
      freightTerm: 'PREPAID' as const,
      releaseType: null,
      issueDate: null,
      onBoardDate: null,
    };
    const ports = portPrinter([{ code: 'CNSHA', name: '上海', enName: 'Shanghai' }]);
    const draft = bolSheet(source, ports);
    expect(draft.watermark).toBe('DRAFT');
    expect(draft.route.find((box) => box.label === 'Port of Loading')?.lines).toEqual(['SHANGHAI (CNSHA)']);
    expect(draft.route.find((box) => box.label === 'Port of Discharge')?.lines).toEqual(['USLAX']);
    expect([draft.grossWeight, draft.measurement, draft.description.at(-1)]).toEqual([
      '1,234.50 KGS',
      '2.400 CBM',
      'HS CODE 620342',
    ]);
    const onBoard = (sheet: ReturnType<typeof bolSheet>) => sheet.footer.find((box) => box.label === 'Shipped on Board')?.lines;
    expect(onBoard(draft)).toEqual(['']);
    const issued = bolSheet({ ...source, status: 'ISSUED', issueDate: '2026-11-30', onBoardDate: '2026-11-29' }, ports);
    expect(issued.watermark).toBeNull();
    expect(onBoard(issued)).toEqual(['2026-11-29']);
  });
});

describe('onBoardDateOf: a Shipped on Board B/L is issued once the goods are on board', () => {
  it('takes the ETD once it has come, or the loading day the clerk gives, never a day after today', () => {
    expect(onBoardDateOf('2026-11-20', undefined, '2026-11-25')).toEqual({ onBoardDate: '2026-11-20' });
    expect(onBoardDateOf('2026-11-25', undefined, '2026-11-25')).toEqual({ onBoardDate: '2026-11-25' });
    expect(onBoardDateOf('2026-12-03', '2026-11-24', '2026-11-25').onBoardDate).toBe('2026-11-24');
    expect(onBoardDateOf('2026-12-03', undefined, '2026-11-25').problem).toBe(
      '开船日期 2026-12-03 尚未到：货物装船后才能签发已装船提单；已提前装船请填写装船日期',
    );
    expect(onBoardDateOf('2026-12-03', '2026-11-26', '2026-11-25').problem).toBe(
      '装船日期 2026-11-26 在今天之后：货物装船后才能签发已装船提单',
    );
  });

  it('takes the containers’ actual load from the milestones, and asks a reason where the facts do not bear the day out', () => {
    const loaded = { loadedOn: '2026-11-23', departed: false };
    expect(onBoardDateOf('2026-12-03', undefined, '2026-11-25', loaded)).toEqual({ onBoardDate: '2026-11-23' });
    expect(onBoardDateOf('2026-12-03', '2026-11-24', '2026-11-25', loaded).reasonNeeded).toBe(
      '货物跟踪记录的实际装船日期为 2026-11-23，签发日期与之不同，请说明原因',
    );
    expect(onBoardDateOf('2026-12-03', '2026-11-24', '2026-11-25', { departed: false }).reasonNeeded).toBe(
      '尚无实际装船记录，开船日期 2026-12-03 也未到：请说明依据（如船公司装船确认）',
    );
    // The sailing left (or its ETD has come): the day stands without a reason.
    expect(onBoardDateOf('2026-12-03', '2026-11-24', '2026-11-25', { departed: true }).reasonNeeded).toBeUndefined();
    expect(onBoardDateOf('2026-11-20', undefined, '2026-11-25', { departed: false }).reasonNeeded).toBeUndefined();
  });
});

describe('bolActionWords: 提单 said once', () => {
  it.each(bolActions)('%s asks and tells without repeating a word', (action) => {
    const { ask, done } = bolActionWords[action];
    expect(ask('BL00000001')).toContain('BL00000001');
    expect(ask('BL00000001')).not.toMatch(/提单提单|确定确认提单提单/);
    expect(`提单 BL00000001 ${done}`).not.toMatch(/提单 BL00000001 已\S*提单/);
  });
  it('the customer’s confirmation reads as a person would say it', () => {
    expect(bolActionWords.approve.ask('BL00000001')).toBe('确定确认提单 BL00000001？');
    expect(`提单 BL00000001 ${bolActionWords.approve.done}`).toBe('提单 BL00000001 已确认');
  });
});
