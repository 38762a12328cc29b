import type { DeviceRow } from '@lantian/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, DatePicker, Form, type FormInstance, Input, InputNumber, Radio, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../shared/api';
import { FormDrawer } from '../../shared/form/FormDrawer';
import { setFieldErrors, zodRule } from '../../shared/form/zod-form';
import { dictLabel, dictOptions, useDict } from '../../shared/lookups/dict';
import { formatSeconds } from '../../shared/time';
import {
  type DeviceFormFields,
  deviceFieldErrors,
  isNoiseType,
  NOISE_ZONES,
  saveBody,
  serverIssues,
  updateBody,
} from './device-form';
import { createDevice, deviceSaveBody, deviceUpdateBody, updateDevice } from './devices.api';
import { useSiteOptions } from './lookups';

/** The form's own values: the date picker holds a Dayjs. */
type Fields = Omit<DeviceFormFields, 'installDate'> & { installDate?: Dayjs | null };

interface Props {
  /** The device to edit; undefined to add one. */
  editing?: DeviceRow;
  /** 收编: a new device pre-filled from what the gateway heard. */
  initial?: DeviceFormFields;
  /** Factor codes the gateway heard that the dictionary does not know (收编). */
  unknownFactors?: readonly string[];
  onClose(): void;
  onSaved(row: DeviceRow): void;
}

/** The site picker: searched on the server by name or code. */
function SiteSelect({ value, onChange }: { value?: string; onChange?: (v: string | undefined) => void }) {
  const [keyword, setKeyword] = useState('');
  const sites = useSiteOptions(useDeferredValue(keyword));
  const options = [...sites.options];
  if (value !== undefined && !options.some((o) => o.value === value))
    options.unshift({ value, label: `站点 #${value}` });
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={value}
      onChange={onChange}
      options={options}
      loading={sites.loading}
      placeholder="选择站点（可输入名称或编码搜索）"
      notFoundContent={sites.error ? errorText(sites.error) : '没有匹配的站点'}
      aria-label="站点"
    />
  );
}

/** Upper and lower limits of each chosen factor. */
function FactorLimits({ form, codes }: { form: FormInstance<Fields>; codes: readonly string[] }) {
  const factors = useDict('factor');
  if (codes.length === 0) return null;
  return (
    <fieldset className="lt-device-limits" aria-label="因子上下限">
      <div className="lt-device-limits-head">
        <span>因子</span>
        <span>下限</span>
        <span>上限（超限告警的默认阈值）</span>
      </div>
      {codes.map((code) => {
        const item = factors.data?.items.find((f) => f.value === code);
        const unit = item?.extra.unit;
        const name = dictLabel(factors.data?.items, code);
        return (
          <div className="lt-device-limits-row" key={code}>
            <span className="lt-device-limits-name">
              {name}
              <Typography.Text type="secondary" className="lt-mono">
                {' '}
                {code}
              </Typography.Text>
            </span>
            <Form.Item name={['limits', code, 'lower']} className="lt-device-limit">
              <InputNumber placeholder="可空" suffix={unit} aria-label={`${name} 下限`} />
            </Form.Item>
            <Form.Item
              name={['limits', code, 'upper']}
              className="lt-device-limit"
              dependencies={[['limits', code, 'lower']]}
              rules={[
                {
                  validator: async (_rule, upper: number | null | undefined) => {
                    const lower = form.getFieldValue(['limits', code, 'lower']) as number | null | undefined;
                    if (typeof upper === 'number' && typeof lower === 'number' && upper <= lower) {
                      throw new Error('上限应大于下限');
                    }
                  },
                },
              ]}
            >
              <InputNumber placeholder="可空" suffix={unit} aria-label={`${name} 上限`} />
            </Form.Item>
          </div>
        );
      })}
    </fieldset>
  );
}

/**
 * 新增设备 / 编辑设备 (and 收编): MN, name, type, site, access password, install date, factors with
 * their limits, report interval and, for noise devices, the acoustic zone. Checked with the call's
 * own schema; the server's field errors go back on their fields.
 */
export function DeviceForm({ editing, initial, unknownFactors = [], onClose, onSaved }: Props) {
  const [form] = Form.useForm<Fields>();
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const types = useDict('deviceType');
  const factors = useDict('factor');
  const type: string | undefined = Form.useWatch('type', form);
  const codes: string[] = Form.useWatch('factorCodes', form) ?? [];
  const interval: number | null | undefined = Form.useWatch('intervalSeconds', form);
  const noise = isNoiseType(types.data?.items, type);
  const schema = editing === undefined ? deviceSaveBody : deviceUpdateBody;

  const showIssues = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) =>
    setFieldErrors(form, deviceFieldErrors(issues, form.getFieldValue('factorCodes') ?? []));

  const save = useMutation({
    mutationFn: (call: () => Promise<DeviceRow>) => call(),
    onSuccess: onSaved,
    onError: (error) => {
      const issues = serverIssues(error);
      if (issues === undefined) setProblem(errorText(error));
      else showIssues(issues);
    },
  });

  const finish = (fields: Fields) => {
    const values: DeviceFormFields = { ...fields, installDate: fields.installDate?.format('YYYY-MM-DD') ?? null };
    if (editing === undefined) {
      const parsed = deviceSaveBody.safeParse(saveBody(values, noise));
      if (!parsed.success) return showIssues(parsed.error.issues);
      save.mutate(() => createDevice(parsed.data));
    } else {
      const parsed = deviceUpdateBody.safeParse(updateBody(editing.deviceId, values, noise));
      if (!parsed.success) return showIssues(parsed.error.issues);
      save.mutate(() => updateDevice(parsed.data));
    }
  };

  const start: DeviceFormFields = initial ?? { status: 'active', factorCodes: [], limits: {} };
  const initialValues: Fields = {
    ...start,
    installDate: start.installDate ? dayjs(start.installDate) : null,
  };
  const title =
    editing !== undefined ? `编辑设备：${editing.name}` : initial?.mn ? `收编设备：${initial.mn}` : '新增设备';

  return (
    <FormDrawer
      title={title}
      size={640}
      onClose={onClose}
      onSave={() => form.submit()}
      saving={save.isPending}
      problem={problem}
      notices={
        unknownFactors.length > 0 ? (
          <Alert
            type="warning"
            showIcon
            className="lt-form-alert"
            title={`报文中还有数据字典里没有的因子：${unknownFactors.join('、')}。如需接收，请先在「数据字典 → 监测因子」中添加。`}
          />
        ) : undefined
      }
    >
      <Form<Fields>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={finish}
        onValuesChange={() => setProblem(undefined)}
        aria-label={title}
      >
        <Form.Item
          name="mn"
          label="MN（设备唯一标识）"
          required
          rules={editing === undefined ? [zodRule(deviceSaveBody, 'mn')] : []}
          extra={editing === undefined ? 'HJ 212-2017 报文中的 MN，1–24 位字母或数字；登记后不能修改' : undefined}
        >
          <Input
            disabled={editing !== undefined || initial?.mn !== undefined}
            maxLength={24}
            autoComplete="off"
            className="lt-mono"
          />
        </Form.Item>
        <Form.Item name="name" label="设备名称" required rules={[zodRule(schema, 'name')]}>
          <Input maxLength={40} showCount placeholder="如：朝阳公园微站 1 号" />
        </Form.Item>
        <div className="lt-device-form-row">
          <Form.Item name="type" label="设备类型" required rules={[zodRule(schema, 'type')]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={dictOptions(types.data?.items)}
              loading={types.isPending}
              placeholder="选择设备类型"
              aria-label="设备类型"
            />
          </Form.Item>
          <Form.Item name="status" label="状态" required>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'active', label: '运行' },
                { value: 'maintenance', label: '维护' },
              ]}
            />
          </Form.Item>
        </div>
        <Form.Item
          name="siteId"
          label="站点"
          required
          rules={[{ required: true, message: '请选择站点' }]}
          extra={
            <>
              设备的位置与所属区域取自站点。没有合适的站点？
              <Link to="/devices/sites?create=1">新建站点</Link>
            </>
          }
        >
          <SiteSelect />
        </Form.Item>
        <div className="lt-device-form-row">
          <Form.Item
            name="password"
            label="访问密码（PW）"
            required={editing === undefined}
            rules={[zodRule(editing === undefined ? deviceSaveBody : deviceUpdateBody, 'password')]}
            extra={editing === undefined ? '6–9 位字母或数字，设备每个报文都带此密码' : '不填则不修改'}
          >
            <Input.Password autoComplete="new-password" maxLength={9} />
          </Form.Item>
          <Form.Item name="installDate" label="安装日期">
            <DatePicker className="lt-device-date" placeholder="选择日期" />
          </Form.Item>
        </div>
        <Form.Item
          name="factorCodes"
          label="监测因子"
          required
          rules={[{ required: true, type: 'array', min: 1, message: '至少选择一个监测因子' }]}
        >
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            options={dictOptions(factors.data?.items, true)}
            loading={factors.isPending}
            placeholder="选择设备上报的因子"
            maxCount={32}
            aria-label="监测因子"
          />
        </Form.Item>
        <FactorLimits form={form} codes={codes} />
        <div className="lt-device-form-row">
          <Form.Item
            name="intervalSeconds"
            label="上报间隔（秒）"
            extra={
              typeof interval === 'number' && interval > 0 ? `即 ${formatSeconds(interval)}` : '不填为该类设备的默认值'
            }
          >
            <InputNumber
              min={10}
              max={86_400}
              precision={0}
              suffix="秒"
              placeholder="默认"
              className="lt-device-number"
            />
          </Form.Item>
          {noise && (
            <Form.Item name="noiseZone" label="声环境功能区" extra="GB 3096-2008，决定噪声限值">
              <Select allowClear options={[...NOISE_ZONES]} placeholder="选择功能区" aria-label="声环境功能区" />
            </Form.Item>
          )}
        </div>
      </Form>
    </FormDrawer>
  );
}
