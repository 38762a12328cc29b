import { useMutation } from '@tanstack/react-query';
import { Form, Input, InputNumber } from 'antd';
import { useState } from 'react';
import { errorText } from '../../shared/api';
import { FormDrawer } from '../../shared/form/FormDrawer';
import { parseForm, setFieldErrors, showServerErrors, zodRule } from '../../shared/form/zod-form';
import { AreaCascader } from '../../shared/lookups/AreaCascader';
import { createSite, type SiteRow, siteSaveBody, siteUpdateBody, updateSite } from './devices.api';

interface Fields {
  siteCode?: string;
  name?: string;
  areaCode?: string;
  lon?: number | null;
  lat?: number | null;
  address?: string;
}

interface Props {
  editing?: SiteRow;
  onClose(): void;
  onSaved(row: SiteRow): void;
}

/** 新增站点 / 编辑站点: code, name, area (within the operator's), position and address. */
export function SiteForm({ editing, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Fields>();
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const schema = editing === undefined ? siteSaveBody : siteUpdateBody;

  const save = useMutation({
    mutationFn: (call: () => Promise<SiteRow>) => call(),
    onSuccess: onSaved,
    onError: (error) => {
      if (!showServerErrors(form, error)) setProblem(errorText(error));
    },
  });

  const finish = (fields: Fields) => {
    const body = { ...fields, address: fields.address ?? '' };
    if (editing === undefined) {
      const parsed = parseForm(siteSaveBody, body);
      if (!parsed.ok) return setFieldErrors(form, parsed.errors);
      save.mutate(() => createSite(parsed.data));
    } else {
      const parsed = parseForm(siteUpdateBody, { ...body, siteId: editing.siteId });
      if (!parsed.ok) return setFieldErrors(form, parsed.errors);
      save.mutate(() => updateSite(parsed.data));
    }
  };

  const title = editing === undefined ? '新增站点' : `编辑站点：${editing.name}`;
  return (
    <FormDrawer title={title} onClose={onClose} onSave={() => form.submit()} saving={save.isPending} problem={problem}>
      <Form<Fields>
        form={form}
        layout="vertical"
        initialValues={
          editing === undefined
            ? { address: '' }
            : {
                siteCode: editing.siteCode,
                name: editing.name,
                areaCode: editing.areaCode,
                lon: editing.lon,
                lat: editing.lat,
                address: editing.address,
              }
        }
        onFinish={finish}
        onValuesChange={() => setProblem(undefined)}
        aria-label={title}
      >
        <Form.Item
          name="siteCode"
          label="站点编码"
          required
          rules={[zodRule(schema, 'siteCode')]}
          extra="2–32 位字母、数字、下划线或短横线，全平台唯一"
        >
          <Input maxLength={32} autoComplete="off" className="lt-mono" placeholder="如：CY-GY-01" />
        </Form.Item>
        <Form.Item name="name" label="站点名称" required rules={[zodRule(schema, 'name')]}>
          <Input maxLength={40} showCount placeholder="如：朝阳公园" />
        </Form.Item>
        <Form.Item
          name="areaCode"
          label="所属区域"
          required
          rules={[zodRule(schema, 'areaCode')]}
          extra="站点上设备的数据归属此区域（须在您的管辖范围内）"
        >
          <AreaCascader allowClear={false} placeholder="选择区县（可输入名称或区划代码搜索）" aria-label="所属区域" />
        </Form.Item>
        <div className="lt-device-form-row">
          <Form.Item name="lon" label="经度" required rules={[zodRule(schema, 'lon')]}>
            <InputNumber
              min={73}
              max={136}
              step={0.000001}
              precision={6}
              placeholder="如：116.473168"
              className="lt-device-number"
            />
          </Form.Item>
          <Form.Item name="lat" label="纬度" required rules={[zodRule(schema, 'lat')]}>
            <InputNumber
              min={3}
              max={54}
              step={0.000001}
              precision={6}
              placeholder="如：39.946323"
              className="lt-device-number"
            />
          </Form.Item>
        </div>
        <Form.Item name="address" label="地址" rules={[zodRule(schema, 'address')]}>
          <Input maxLength={100} showCount placeholder="如：朝阳公园南路 1 号" />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
