import type { LookupsModelState } from '@/models/lookups';
import { putSetting, querySettings } from '@/services/setting';
import { formatDateTime } from '@/utils/date';
import { useFormSave } from '@/utils/useFormSave';
import type { Setting, SettingKey } from '@contract/setting/schema';
import { PageContainer } from '@ant-design/pro-components';
import SectionTabs from '@/components/SectionTabs';
import { Button, Card, Form, Spin } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'umi';
import { settingEditors } from './editors';

/** The order of the tabs: the booking rules, then the dictionaries. */
const tabOrder: SettingKey[] = [
  'containerCapacity',
  'consolidation',
  'surcharges',
  'exchangeRates',
  'looseRates',
  'bookingCutoff',
  'defaultPorts',
  'ports',
  'carriers',
  'osbFactories',
  'gs1',
];

const hintStyle = {
  marginBlockEnd: 16,
  padding: '8px 12px',
  background: '#e6f4ff',
  border: '1px solid #91caff',
  borderRadius: 8,
} as const;

function SettingForm({ setting, onSaved }: { setting: Setting; onSaved: (after: Setting) => void }) {
  const [form] = Form.useForm<{ value: unknown }>();
  const dict = useSelector((state: { lookups: LookupsModelState }) => state.lookups.osbDict);
  const reread = async () => (await querySettings())?.data.find((stored) => stored.key === setting.key);
  const { saving, save, notice, version } = useFormSave(form, reread, setting.version);
  const editor = settingEditors[setting.key];
  const submit = async ({ value }: { value: unknown }) => {
    await save(
      putSetting(setting.key, { value, version: version ?? setting.version }),
      () => `已保存「${setting.label}」`,
      (data) => {
        onSaved(data as Setting);
      },
    );
  };
  return (
    <Form form={form} layout="vertical" initialValues={{ value: setting.value }} onFinish={submit} style={{ maxWidth: 760 }}>
      {/* A note in the info colours, not antd's Alert: the page budget (500 KB) has no room for its 1.4 KB. */}
      <div role="note" style={hintStyle}>
        <div>{editor.hint}</div>
        <div
          style={{ color: 'rgba(0, 0, 0, 0.45)' }}
        >{`版本 ${setting.version} · ${formatDateTime(setting.updatedAt)} 更新`}</div>
      </div>
      {notice}
      {editor.body(dict)}
      <Button type="primary" htmlType="submit" loading={saving} style={{ marginBlockStart: 16 }}>
        保存
      </Button>
    </Form>
  );
}

/** 订舱设置: container capacities, cut-off rules, default lane and the dictionaries, each saved with its version. */
export default function SettingsPage() {
  const dispatch = useDispatch();
  const [settings, setSettings] = useState<Setting[]>();
  const load = useCallback(async () => {
    const answer = await querySettings();
    if (answer) setSettings(answer.data as Setting[]);
  }, []);
  useEffect(() => {
    load();
    dispatch({ type: 'lookups/fetchOsbDict' });
  }, [load, dispatch]);

  return (
    <PageContainer header={{ title: '订舱设置' }}>
      <Card>
        {settings ? (
          <SectionTabs
            items={tabOrder.flatMap((key) => {
              const setting = settings.find((s) => s.key === key);
              return setting
                ? [
                    {
                      key,
                      label: setting.label,
                      // A saved setting's form starts again from the stored value and its new version.
                      children: (
                        <SettingForm
                          key={setting.version}
                          setting={setting}
                          onSaved={(after) => {
                            setSettings(settings.map((s) => (s.key === key ? after : s)));
                            dispatch({ type: 'lookups/fetchOsbDict', payload: { force: true } });
                          }}
                        />
                      ),
                    },
                  ]
                : [];
            })}
          />
        ) : (
          <Spin style={{ display: 'block', marginBlock: 48 }} />
        )}
      </Card>
    </PageContainer>
  );
}
