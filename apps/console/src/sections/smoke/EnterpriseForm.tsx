import { OPERATE_STATUSES, siteListResponse, TRADE_TYPES } from '@lantian/contracts';
import { RESTAURANT_SCALES, scaleOfRanges } from '@lantian/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber, Select, Typography } from 'antd';
import { useState } from 'react';
import { apiGet, errorText } from '../../shared/api';
import { FormDrawer } from '../../shared/form/FormDrawer';
import { parseForm, setFieldErrors, showServerErrors, zodRule } from '../../shared/form/zod-form';
import { AreaCascader } from '../../shared/lookups/AreaCascader';
import { useCan } from '../../shared/session/session-context';
import {
  createEnterprise,
  type Enterprise,
  enterpriseSaveBody,
  enterpriseUpdateBody,
  updateEnterprise,
} from './smoke.api';

interface Fields {
  name?: string;
  creditCode?: string;
  tradeType?: string;
  cuisine?: string;
  ranges?: number | null;
  purifierEfficiency?: number | null;
  areaCode?: string;
  lon?: number | null;
  lat?: number | null;
  address?: string;
  contact?: string;
  phone?: string;
  operateStatus?: string;
  siteId?: string | null;
}

interface Props {
  editing?: Enterprise;
  onClose(): void;
  onSaved(row: Enterprise): void;
}

const options = (names: Record<string, string>) => Object.entries(names).map(([value, label]) => ({ value, label }));

/** 登记企业 / 编辑企业: identity (GB 32100 credit code), kitchen scale (GB 18483), place, contact, monitor site. */
export function EnterpriseForm({ editing, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Fields>();
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const schema = editing === undefined ? enterpriseSaveBody : enterpriseUpdateBody;
  const canSeeSites = useCan('device:view');
  const sites = useQuery({
    queryKey: ['smoke', 'sites'],
    queryFn: ({ signal }) => apiGet('/device/site/list', { pageSize: '100' }, siteListResponse, { signal }),
    enabled: canSeeSites,
  });
  const ranges = Form.useWatch('ranges', form);
  const scale = typeof ranges === 'number' ? scaleOfRanges(ranges) : null;

  const save = useMutation({
    mutationFn: (call: () => Promise<Enterprise>) => call(),
    onSuccess: onSaved,
    onError: (error) => {
      if (!showServerErrors(form, error)) setProblem(errorText(error));
    },
  });

  const finish = (fields: Fields) => {
    const body = {
      ...fields,
      cuisine: fields.cuisine ?? '',
      address: fields.address ?? '',
      contact: fields.contact ?? '',
      phone: fields.phone ?? '',
      purifierEfficiency: fields.purifierEfficiency ?? null,
      siteId: fields.siteId ?? null,
    };
    if (editing === undefined) {
      const parsed = parseForm(enterpriseSaveBody, body);
      if (!parsed.ok) return setFieldErrors(form, parsed.errors);
      save.mutate(() => createEnterprise(parsed.data));
    } else {
      const parsed = parseForm(enterpriseUpdateBody, { ...body, enterpriseId: editing.enterpriseId });
      if (!parsed.ok) return setFieldErrors(form, parsed.errors);
      save.mutate(() => updateEnterprise(parsed.data));
    }
  };

  const title = editing === undefined ? '登记企业' : `编辑企业：${editing.name}`;
  return (
    <FormDrawer
      title={title}
      size={600}
      onClose={onClose}
      onSave={() => form.submit()}
      saving={save.isPending}
      problem={problem}
    >
      <Form<Fields>
        form={form}
        layout="vertical"
        initialValues={
          editing === undefined
            ? { tradeType: 'restaurant', operateStatus: 'open' }
            : {
                name: editing.name,
                creditCode: editing.creditCode,
                tradeType: editing.tradeType,
                cuisine: editing.cuisine,
                ranges: editing.ranges,
                purifierEfficiency: editing.purifierEfficiency,
                areaCode: editing.areaCode,
                lon: editing.lon,
                lat: editing.lat,
                address: editing.address,
                contact: editing.contact,
                phone: editing.phone,
                operateStatus: editing.operateStatus,
                siteId: editing.siteId,
              }
        }
        onFinish={finish}
        onValuesChange={() => setProblem(undefined)}
        aria-label={title}
      >
        <Form.Item name="name" label="企业名称" required rules={[zodRule(schema, 'name')]}>
          <Input maxLength={60} showCount placeholder="如：三里屯川菜馆" />
        </Form.Item>
        <Form.Item
          name="creditCode"
          label="统一社会信用代码"
          required
          rules={[zodRule(schema, 'creditCode')]}
          extra="18 位，按 GB 32100-2015 校验（含校验位）"
        >
          <Input maxLength={18} className="lt-mono" autoComplete="off" placeholder="如：91350100M000100Y43" />
        </Form.Item>
        <div className="lt-smoke-row">
          <Form.Item name="tradeType" label="行业" rules={[zodRule(schema, 'tradeType')]}>
            <Select options={options(TRADE_TYPES)} aria-label="行业" />
          </Form.Item>
          <Form.Item name="cuisine" label="菜系" rules={[zodRule(schema, 'cuisine')]}>
            <Input maxLength={20} placeholder="如：川菜" />
          </Form.Item>
          <Form.Item name="operateStatus" label="经营状态" rules={[zodRule(schema, 'operateStatus')]}>
            <Select options={options(OPERATE_STATUSES)} aria-label="经营状态" />
          </Form.Item>
        </div>
        <div className="lt-smoke-row">
          <Form.Item
            name="ranges"
            label="基准灶头数"
            required
            rules={[zodRule(schema, 'ranges')]}
            extra={
              scale === null
                ? 'GB 18483-2001：1–2 个为小型，3–5 个中型，6 个及以上大型'
                : `${RESTAURANT_SCALES[scale].name}规模，净化设施去除效率应不低于 ${RESTAURANT_SCALES[scale].minEfficiency}%`
            }
          >
            <InputNumber min={0} max={200} precision={0} className="lt-smoke-number" />
          </Form.Item>
          <Form.Item name="purifierEfficiency" label="净化效率（%）" rules={[zodRule(schema, 'purifierEfficiency')]}>
            <InputNumber min={0} max={100} className="lt-smoke-number" />
          </Form.Item>
        </div>
        <Form.Item name="areaCode" label="所属区域" required rules={[zodRule(schema, 'areaCode')]}>
          <AreaCascader allowClear={false} placeholder="选择区县" aria-label="所属区域" />
        </Form.Item>
        <div className="lt-smoke-row">
          <Form.Item name="lon" label="经度" required rules={[zodRule(schema, 'lon')]}>
            <InputNumber min={73} max={136} step={0.000001} precision={6} className="lt-smoke-number" />
          </Form.Item>
          <Form.Item name="lat" label="纬度" required rules={[zodRule(schema, 'lat')]}>
            <InputNumber min={3} max={54} step={0.000001} precision={6} className="lt-smoke-number" />
          </Form.Item>
        </div>
        <Form.Item name="address" label="地址" rules={[zodRule(schema, 'address')]}>
          <Input maxLength={100} showCount />
        </Form.Item>
        <div className="lt-smoke-row">
          <Form.Item name="contact" label="联系人" rules={[zodRule(schema, 'contact')]}>
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item name="phone" label="联系电话" rules={[zodRule(schema, 'phone')]}>
            <Input maxLength={20} placeholder="手机号或 010-12345678" />
          </Form.Item>
        </div>
        <Form.Item
          name="siteId"
          label="监测站点"
          extra="设备运维中登记的站点；其 S01 油烟监测仪即为本企业的监测设备（油烟、风机与净化器电流）"
        >
          {canSeeSites ? (
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder="选择站点（可不选）"
              loading={sites.isPending}
              options={(sites.data?.list ?? []).map((s) => ({ value: s.siteId, label: `${s.name}（${s.siteCode}）` }))}
              aria-label="监测站点"
            />
          ) : (
            <Typography.Text type="secondary">需要设备运维权限才能选择站点</Typography.Text>
          )}
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
