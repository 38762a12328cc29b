import { FIRE_OUTCOMES } from '@lantian/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Form,
  Input,
  Modal,
  Select,
  Skeleton,
  Space,
  Tag,
  Timeline,
} from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../shared/api';
import { EChart } from '../../shared/charts/EChart';
import { useCan } from '../../shared/session/session-context';

import { Cameras } from './Cameras';
import { fireApi, fireKeys } from './fire.api';
import { STATUS_COLORS, temperatureOption } from './fire-charts';

const HISTORY_COLORS: Record<string, string> = { raise: 'red', repeat: 'orange', acknowledge: 'blue', clear: 'green' };
const OUTCOME_OPTIONS = Object.entries(FIRE_OUTCOMES).map(([value, label]) => ({ value, label }));

type Action = 'acknowledge' | 'clear';

/**
 * One fire alarm: what, where, the detector's temperature around it with the fastest rise, the nearest
 * cameras (links to 视频监控), the history, and 确认 / 解除 with a 处理结论 (alarm:handle).
 */
export function AlarmDrawer({ alarmId, onClose }: { alarmId: string; onClose(): void }) {
  const canHandle = useCan('alarm:handle');
  const client = useQueryClient();
  const { message } = App.useApp();
  const [action, setAction] = useState<Action | undefined>(undefined);
  const [form] = Form.useForm<{ outcome?: string; note?: string }>();
  const detail = useQuery({
    queryKey: fireKeys.detail(alarmId),
    queryFn: ({ signal }) => fireApi.detail(alarmId, signal),
  });
  const alarm = detail.data;
  const chart = useMemo(
    () =>
      alarm === undefined || alarm.temperature.length === 0
        ? undefined
        : temperatureOption(alarm.temperature, alarm.firstAt),
    [alarm],
  );
  const handle = useMutation({
    mutationFn: fireApi.handle,
    onSuccess: (row) => {
      client.setQueryData(fireKeys.detail(alarmId), row);
      void client.invalidateQueries({ queryKey: fireKeys.all });
      void message.success(row.status === 'cleared' ? '告警已解除' : '告警已确认');
      setAction(undefined);
      form.resetFields();
    },
  });

  const actions =
    alarm !== undefined && canHandle && alarm.status !== 'cleared' ? (
      <Space>
        {alarm.status === 'active' && <Button onClick={() => setAction('acknowledge')}>确认</Button>}
        <Button type="primary" danger onClick={() => setAction('clear')}>
          处理完毕
        </Button>
      </Space>
    ) : undefined;

  return (
    <Drawer
      open
      size={760}
      title={alarm === undefined ? '消防告警详情' : `${alarm.fireTypeName}：${alarm.siteName}`}
      onClose={onClose}
      destroyOnHidden
      extra={actions}
    >
      {detail.isPending && <Skeleton active />}
      {detail.isError && <Alert type="error" showIcon title={errorText(detail.error)} />}
      {alarm !== undefined && (
        <>
          <Descriptions
            bordered
            size="small"
            column={2}
            items={[
              { key: 'type', label: '告警类型', children: <Tag color={alarm.fireTypeColor}>{alarm.fireTypeName}</Tag> },
              {
                key: 'status',
                label: '状态',
                children: <Tag color={STATUS_COLORS[alarm.status]}>{alarm.statusName}</Tag>,
              },
              { key: 'site', label: '站点', children: `${alarm.siteName}（${alarm.areaName}）` },
              {
                key: 'device',
                label: '设备',
                children: <Link to={`/devices/${alarm.deviceId}`}>{alarm.deviceName}</Link>,
              },
              { key: 'message', label: '说明', span: 2, children: alarm.message },
              { key: 'first', label: '首次告警', children: alarm.firstAt },
              { key: 'last', label: '最近触发', children: `${alarm.lastAt}（${alarm.count} 次）` },
              {
                key: 'rise',
                label: '最快温升',
                children: alarm.maxRiseRate === null ? '—' : `${alarm.maxRiseRate} °C/分钟`,
              },
              {
                key: 'outcome',
                label: '处理结论',
                children:
                  alarm.outcomeName === null
                    ? '—'
                    : `${alarm.outcomeName}${alarm.outcomeNote === null ? '' : `：${alarm.outcomeNote}`}`,
              },
              { key: 'cameras', label: '联动视频', span: 2, children: <Cameras cameras={alarm.cameras} /> },
            ]}
          />
          <h4 className="lt-section-title">告警前后 30 分钟探测温度</h4>
          {chart === undefined ? (
            <Alert type="info" showIcon title="该设备没有告警前后的温度数据" />
          ) : (
            <EChart
              option={chart}
              style={{ height: 220 }}
              ariaLabel={`探测温度，最快温升 ${alarm.maxRiseRate ?? '—'} °C/分钟`}
            />
          )}
          <h4 className="lt-section-title">处理记录</h4>
          <Timeline
            items={alarm.history.map((h) => ({
              color: HISTORY_COLORS[h.action] ?? 'gray',
              content: `${h.at} ${h.actionName}（${h.actor}）${h.note === null ? '' : `：${h.note}`}`,
            }))}
          />
        </>
      )}
      <Modal
        open={action !== undefined}
        title={action === 'clear' ? '处理完毕并解除告警' : '确认告警'}
        okText={action === 'clear' ? '解除' : '确认'}
        onCancel={() => setAction(undefined)}
        onOk={() => form.submit()}
        confirmLoading={handle.isPending}
        destroyOnHidden
      >
        {handle.isError && <Alert type="error" showIcon title={errorText(handle.error)} className="lt-form-alert" />}
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) =>
            handle.mutate({
              alarmId,
              action: action ?? 'acknowledge',
              ...(action === 'clear' && v.outcome !== undefined ? { outcome: v.outcome } : {}),
              note: v.note ?? '',
            })
          }
        >
          {action === 'clear' && (
            <Form.Item name="outcome" label="处理结论" rules={[{ required: true, message: '请选择处理结论' }]}>
              <Select options={OUTCOME_OPTIONS} placeholder="确认火警、误报、测试或设备故障" aria-label="处理结论" />
            </Form.Item>
          )}
          <Form.Item name="note" label="说明" rules={[{ max: 200, message: '说明不能超过 200 字' }]}>
            <Input.TextArea
              rows={3}
              placeholder={action === 'clear' ? '如：现场核查为厨房油烟，已通知整改' : '如：已通知物业到场核查'}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Drawer>
  );
}
