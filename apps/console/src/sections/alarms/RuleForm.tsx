import type { AlarmKindCode } from '@lantian/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber, Radio, Select, Switch, Typography } from 'antd';
import { useDeferredValue, useState } from 'react';
import { ALARM_LEVEL_OPTIONS } from '../../shared/alarm/levels';
import { errorText } from '../../shared/api';
import { FormDrawer } from '../../shared/form/FormDrawer';
import { parseForm, setFieldErrors, showServerErrors, zodRule } from '../../shared/form/zod-form';
import { dictOptions, factorUnit, useDict } from '../../shared/lookups/dict';
import { useCan } from '../../shared/session/session-context';
import { formatSeconds } from '../../shared/time';
import {
  type AlarmRuleRow,
  alarmKeys,
  alarmRuleSaveBody,
  alarmRuleUpdateBody,
  createRule,
  searchDevices,
  updateRule,
} from './alarms.api';
import { KIND_FIELDS, KIND_HELP, KIND_OPTIONS, needsFactor, type RuleFormFields, ruleBody } from './rules';

interface Props {
  /** The rule to edit; undefined to add one. */
  editing?: AlarmRuleRow;
  onClose(): void;
  onSaved(row: AlarmRuleRow): void;
}

const seconds = (value: number | null | undefined) =>
  typeof value === 'number' && value > 0 ? `即 ${formatSeconds(value)}` : undefined;

/** The one device a rule may be tied to: searched by MN or name among the chosen type's devices. */
function DeviceSelect({
  value,
  onChange,
  deviceType,
}: {
  value?: string | null;
  onChange?: (value: string | null) => void;
  deviceType: string | null | undefined;
}) {
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword);
  const type = deviceType ?? undefined;
  const devices = useQuery({
    queryKey: [...alarmKeys.devices(deferred), type],
    queryFn: ({ signal }) => searchDevices(deferred, type, signal),
    placeholderData: keepPreviousData,
  });
  const options = (devices.data?.list ?? []).map((d) => ({ value: d.deviceId, label: `${d.name}（${d.mn}）` }));
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: `设备 #${value}` });
  return (
    <Select
      allowClear
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={value ?? undefined}
      onChange={(v?: string) => onChange?.(v ?? null)}
      options={options}
      loading={devices.isFetching}
      placeholder="不选则适用于该类型的全部设备"
      notFoundContent={devices.isError ? errorText(devices.error) : '没有匹配的设备'}
      aria-label="设备"
    />
  );
}

/** Add or edit an alarm rule: the fields shown are those its kind uses, checked with the call's schema. */
export function RuleForm({ editing, onClose, onSaved }: Props) {
  const [form] = Form.useForm<RuleFormFields>();
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const canSeeDevices = useCan('device:view');
  const deviceTypes = useDict('deviceType');
  const factors = useDict('factor');
  const kind: AlarmKindCode | undefined = Form.useWatch('kind', form);
  const deviceType: string | null | undefined = Form.useWatch('deviceType', form);
  const factor: string | null | undefined = Form.useWatch('factor', form);
  const duration: number | null | undefined = Form.useWatch('durationSeconds', form);
  const windowSeconds: number | null | undefined = Form.useWatch('windowSeconds', form);
  const used = kind === undefined ? [] : KIND_FIELDS[kind];
  const unit = factorUnit(factors.data?.items, factor);
  const schema = editing === undefined ? alarmRuleSaveBody : alarmRuleUpdateBody;

  const save = useMutation({
    mutationFn: (call: () => Promise<AlarmRuleRow>) => call(),
    onSuccess: onSaved,
    onError: (error) => {
      if (!showServerErrors(form, error)) setProblem(errorText(error));
    },
  });

  const finish = (fields: RuleFormFields) => {
    const body = ruleBody(fields);
    if (editing === undefined) {
      const parsed = parseForm(alarmRuleSaveBody, body);
      if (!parsed.ok) return setFieldErrors(form, parsed.errors);
      save.mutate(() => createRule(parsed.data));
    } else {
      const parsed = parseForm(alarmRuleUpdateBody, { ...body, ruleId: editing.ruleId });
      if (!parsed.ok) return setFieldErrors(form, parsed.errors);
      save.mutate(() => updateRule(parsed.data));
    }
  };

  const initial: RuleFormFields =
    editing === undefined
      ? { kind: 'over_limit', level: 2, enabled: true }
      : {
          name: editing.name,
          kind: editing.kind,
          deviceType: editing.deviceType,
          deviceId: editing.deviceId,
          factor: editing.factor,
          level: editing.level,
          threshold: editing.threshold,
          low: editing.low,
          high: editing.high,
          durationSeconds: editing.durationSeconds,
          windowSeconds: editing.windowSeconds,
          count: editing.count,
          enabled: editing.enabled,
        };

  const numberField = (name: 'threshold' | 'low' | 'high', label: string, required: boolean, extra?: string) => (
    <Form.Item
      name={name}
      label={label}
      required={required}
      rules={[...(required ? [{ required: true, message: `请填写${label}` }] : []), zodRule(schema, name)]}
      extra={extra}
    >
      <InputNumber className="lt-alarm-number" suffix={unit || undefined} />
    </Form.Item>
  );

  return (
    <FormDrawer
      title={editing === undefined ? '新增告警规则' : `编辑告警规则：${editing.name}`}
      size={560}
      onClose={onClose}
      onSave={() => form.submit()}
      saving={save.isPending}
      problem={problem}
    >
      <Form<RuleFormFields>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={finish}
        onValuesChange={() => setProblem(undefined)}
        aria-label={editing === undefined ? '新增告警规则' : '编辑告警规则'}
      >
        <Form.Item name="name" label="规则名称" required rules={[zodRule(schema, 'name')]}>
          <Input maxLength={40} showCount placeholder="如：PM2.5 小时超限" />
        </Form.Item>
        <Form.Item
          name="kind"
          label="规则类型"
          required
          rules={[zodRule(schema, 'kind')]}
          extra={kind === undefined ? undefined : KIND_HELP[kind]}
        >
          <Select options={KIND_OPTIONS} aria-label="规则类型" />
        </Form.Item>
        <Form.Item name="deviceType" label="设备类型" extra="不选则适用于全部类型的设备">
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={dictOptions(deviceTypes.data?.items)}
            loading={deviceTypes.isPending}
            placeholder="全部类型"
            aria-label="设备类型"
            onChange={() => form.setFieldValue('deviceId', null)}
          />
        </Form.Item>
        <Form.Item
          name="deviceId"
          label="指定设备（可选）"
          rules={[zodRule(schema, 'deviceId')]}
          extra={canSeeDevices ? '只对这一台设备生效' : '输入设备编号（deviceId）；不填则适用于该类型的全部设备'}
        >
          {canSeeDevices ? (
            <DeviceSelect deviceType={deviceType} />
          ) : (
            <Input inputMode="numeric" maxLength={10} placeholder="不填则适用于全部设备" />
          )}
        </Form.Item>
        {kind !== undefined && needsFactor(kind) && (
          <Form.Item
            name="factor"
            label="监测因子"
            required
            rules={[{ required: true, message: '请选择监测因子' }, zodRule(schema, 'factor')]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={dictOptions(factors.data?.items, true)}
              loading={factors.isPending}
              placeholder="选择监测因子"
              aria-label="监测因子"
            />
          </Form.Item>
        )}
        {used.includes('threshold') &&
          numberField(
            'threshold',
            kind === 'rate_of_change' ? '变化幅度' : '限值',
            true,
            kind === 'over_limit' ? '数值大于此值即超限' : '时间窗内最大值与最小值之差超过此值即告警',
          )}
        {used.includes('durationSeconds') && (
          <Form.Item
            name="durationSeconds"
            label="持续时间（秒）"
            rules={[zodRule(schema, 'durationSeconds')]}
            extra={seconds(duration) ?? '超限持续这么久才告警；不填或 0 为立即告警'}
          >
            <InputNumber className="lt-alarm-number" min={0} max={86_400} precision={0} suffix="秒" />
          </Form.Item>
        )}
        {used.includes('windowSeconds') && (
          <Form.Item
            name="windowSeconds"
            label="时间窗（秒）"
            required
            rules={[{ required: true, message: '请填写时间窗' }, zodRule(schema, 'windowSeconds')]}
            extra={seconds(windowSeconds) ?? '在多长时间内比较变化'}
          >
            <InputNumber className="lt-alarm-number" min={1} max={86_400} precision={0} suffix="秒" />
          </Form.Item>
        )}
        {used.includes('count') && (
          <Form.Item
            name="count"
            label="连续个数"
            required
            rules={[{ required: true, message: '请填写连续个数' }, zodRule(schema, 'count')]}
            extra="连续这么多个数值完全相同即告警（2–1440）"
          >
            <InputNumber className="lt-alarm-number" min={2} max={1440} precision={0} suffix="个" />
          </Form.Item>
        )}
        {used.includes('low') && numberField('low', '下限', false, '低于此值即告警；与上限至少填一个')}
        {used.includes('high') && numberField('high', '上限', false, '高于此值即告警')}
        {kind === 'offline' && (
          <Typography.Paragraph type="secondary">
            设备超过其离线判定时间（见设备详情的「设备配置」）未上报即告警，无需另填条件。
          </Typography.Paragraph>
        )}
        <Form.Item name="level" label="告警级别" required rules={[zodRule(schema, 'level')]}>
          <Radio.Group options={ALARM_LEVEL_OPTIONS} optionType="button" aria-label="告警级别" />
        </Form.Item>
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
