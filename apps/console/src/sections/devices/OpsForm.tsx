import { OPERATION_STATUSES, VALID_STATUSES } from '@lantian/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Input, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { errorText } from '../../shared/api';
import { FormDrawer } from '../../shared/form/FormDrawer';
import { parseForm, setFieldErrors, showServerErrors } from '../../shared/form/zod-form';
import { dictOptions, useDict } from '../../shared/lookups/dict';
import { SERVER_TIME_FORMAT } from '../../shared/time';
import {
  deviceKeys,
  invalidateData,
  invalidDataBody,
  listOpsDevices,
  type OperationRow,
  operationSaveBody,
  saveOperation,
} from './devices.api';
import { invalidBody, type OpsFormFields, operationBody, opsFieldErrors, rangeProblem } from './ops';

export type OpsFormMode = 'operation' | 'invalid';

type Fields = Omit<OpsFormFields, 'range'> & { range?: [Dayjs | null, Dayjs | null] | null };

/** Kinds of work an operator records (数据无效标记 is written by 标记无效数据). */
const STATUS_OPTIONS = Object.entries(OPERATION_STATUSES)
  .filter(([value]) => value !== 'invalidated')
  .map(([value, label]) => ({ value, label }));
const VALID_OPTIONS = Object.entries(VALID_STATUSES).map(([value, label]) => ({ value, label }));

/** Every networked device of the operator's area, to pick from. */
export function useOpsDeviceOptions() {
  const devices = useQuery({
    queryKey: deviceKeys.opsDevices('net'),
    queryFn: ({ signal }) => listOpsDevices('net', signal),
    staleTime: 60_000,
  });
  const options = (devices.data ?? [])
    .filter((d) => d.status !== 'retired')
    .map((d) => ({ value: d.deviceId, label: `${d.name}（${d.mn}）` }));
  return { options, loading: devices.isPending, error: devices.error };
}

interface Props {
  mode: OpsFormMode;
  onClose(): void;
  onSaved(row: OperationRow & { invalidatedValues: number }): void;
}

/**
 * 新增运维记录 (inspection, maintenance, calibration, repair; its data valid or not) and 标记无效数据
 * (values in a period marked invalid, with the reason): devices, optional factor, period.
 */
export function OpsForm({ mode, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Fields>();
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const devices = useOpsDeviceOptions();
  const factors = useDict('factor');

  const save = useMutation({
    mutationFn: (call: () => Promise<OperationRow & { invalidatedValues: number }>) => call(),
    onSuccess: onSaved,
    onError: (error) => {
      if (!showServerErrors(form, error)) setProblem(errorText(error));
    },
  });

  const finish = (fields: Fields) => {
    const [start, end] = fields.range ?? [];
    const range: [string, string] | undefined =
      start && end ? [start.format(SERVER_TIME_FORMAT), end.format(SERVER_TIME_FORMAT)] : undefined;
    const wrong = rangeProblem(range);
    if (wrong !== undefined) return form.setFields([{ name: 'range', errors: [wrong] }]);
    const values: OpsFormFields = { ...fields, range };
    if (mode === 'operation') {
      const parsed = parseForm(operationSaveBody, operationBody(values));
      if (!parsed.ok) return setFieldErrors(form, opsFieldErrors(parsed.errors));
      save.mutate(() => saveOperation(parsed.data));
    } else {
      const parsed = parseForm(invalidDataBody, invalidBody(values));
      if (!parsed.ok) return setFieldErrors(form, opsFieldErrors(parsed.errors));
      save.mutate(() => invalidateData(parsed.data));
    }
  };

  const title = mode === 'operation' ? '新增运维记录' : '标记无效数据';
  return (
    <FormDrawer
      title={title}
      size={560}
      onClose={onClose}
      onSave={() => form.submit()}
      saving={save.isPending}
      saveText={mode === 'invalid' ? '标记' : '保存'}
      problem={problem}
    >
      <Form<Fields>
        form={form}
        layout="vertical"
        initialValues={{
          deviceIds: [],
          validStatus: 'valid',
          range: [dayjs().subtract(1, 'hour').startOf('minute'), dayjs().startOf('minute')],
        }}
        onFinish={finish}
        onValuesChange={() => setProblem(undefined)}
        aria-label={title}
      >
        <Form.Item
          name="deviceIds"
          label="设备"
          required
          rules={[{ required: true, type: 'array', min: 1, message: '请选择设备' }]}
          extra="可多选，最多 200 台"
        >
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            options={devices.options}
            loading={devices.loading}
            maxCount={200}
            placeholder="选择设备（可输入名称或 MN 搜索）"
            notFoundContent={devices.error ? errorText(devices.error) : '没有匹配的设备'}
            aria-label="设备"
          />
        </Form.Item>
        {mode === 'operation' && (
          <div className="lt-device-form-row">
            <Form.Item
              name="operationStatus"
              label="运维类型"
              required
              rules={[{ required: true, message: '请选择运维类型' }]}
            >
              <Select options={STATUS_OPTIONS} placeholder="选择运维类型" aria-label="运维类型" />
            </Form.Item>
            <Form.Item name="validStatus" label="期间数据" required>
              <Radio.Group optionType="button" options={VALID_OPTIONS} />
            </Form.Item>
          </div>
        )}
        <Form.Item name="factor" label="因子" extra="不选为设备的全部因子">
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={dictOptions(factors.data?.items, true)}
            loading={factors.isPending}
            placeholder="全部因子"
            aria-label="因子"
          />
        </Form.Item>
        <Form.Item name="range" label="时间段" required rules={[{ required: true, message: '请选择时间段' }]}>
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            placeholder={['开始时间', '结束时间']}
            className="lt-device-range"
            aria-label="时间段"
          />
        </Form.Item>
        {mode === 'operation' ? (
          <Form.Item name="note" label="说明">
            <Input.TextArea rows={3} maxLength={200} showCount placeholder="如：更换 PM2.5 切割头，零点校准" />
          </Form.Item>
        ) : (
          <Form.Item
            name="reason"
            label="无效原因"
            required
            rules={[{ required: true, whitespace: true, message: '请填写无效原因' }]}
            extra="此时间段内所选因子的数值将标记为无效，不参与统计；原始数据保留。"
          >
            <Input.TextArea rows={3} maxLength={200} showCount placeholder="如：设备校准期间数据" />
          </Form.Item>
        )}
      </Form>
    </FormDrawer>
  );
}
