import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Radio, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ApiError, errorText } from '../../shared/api';
import { showServerErrors } from '../../shared/form/zod-form';
import type { ActionButton } from './event-view';
import { type EventDetailData, eventKeys, getAssignees, transitionEvent } from './events.api';

interface Props {
  event: Pick<EventDetailData, 'eventId' | 'title' | 'eventNo'>;
  button: ActionButton;
  onClose(): void;
  onDone(detail: EventDetailData): void;
}

interface Values {
  note?: string;
  targetKind?: 'member' | 'org';
  assigneeId?: string;
  orgCode?: string;
}

const NOTE_HINTS: Partial<Record<ActionButton['action'], string>> = {
  reject: '如：重复上报 / 不属于本辖区 / 核实不存在',
  return: '如：不属于本人职责，请重新派遣',
  finish: '如：已督促工地覆盖裸土并洒水降尘',
  redo: '如：现场复核仍有扬尘，请继续处置',
};

/**
 * One step of the flow: a note when the action needs one (or may carry one), and for 派遣 whom it
 * goes to — a grid member of the event's grid (or a grid above it) or an organisation of the area.
 * The server decides; its refusal (409 illegal now, 403 not yours, 400 missing note) is shown as it
 * words it.
 */
export function ActionDialog({ event, button, onClose, onDone }: Props) {
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const dispatching = button.dialog === 'dispatch';
  const targetKind = Form.useWatch('targetKind', form) ?? 'member';
  const assignees = useQuery({
    queryKey: eventKeys.assignees(event.eventId),
    queryFn: ({ signal }) => getAssignees(event.eventId, signal),
    enabled: dispatching,
  });

  const save = useMutation({
    mutationFn: transitionEvent,
    onSuccess: onDone,
    onError: (error) => {
      if (!showServerErrors(form, error)) setProblem(errorText(error));
      // 409: the event moved on meanwhile (someone else acted): show where it is now and its buttons.
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: eventKeys.all });
      }
    },
  });

  const finish = (values: Values) => {
    save.mutate({
      eventId: event.eventId,
      action: button.action,
      note: values.note?.trim() ?? '',
      ...(dispatching && values.targetKind !== 'org' ? { assigneeId: values.assigneeId } : {}),
      ...(dispatching && values.targetKind === 'org' ? { orgCode: values.orgCode } : {}),
    });
  };

  const members = assignees.data?.members ?? [];
  const orgs = assignees.data?.orgs ?? [];
  // With nobody in the event's grids, the choice is an organisation: show that one at once.
  const onlyOrgs = members.length === 0 && orgs.length > 0;
  useEffect(() => {
    if (onlyOrgs) form.setFieldValue('targetKind', 'org');
  }, [onlyOrgs, form]);

  return (
    <Modal
      open
      title={`${button.label}：${event.title}`}
      okText={button.label}
      okButtonProps={{ danger: button.danger }}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary" className="lt-mono">
        {event.eventNo}
      </Typography.Paragraph>
      {problem !== undefined && <Alert type="error" showIcon title={problem} className="lt-form-alert" />}
      {assignees.isError && (
        <Alert type="error" showIcon title={errorText(assignees.error)} className="lt-form-alert" />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={finish}
        onValuesChange={() => setProblem(undefined)}
        initialValues={{ targetKind: 'member' }}
        aria-label={button.label}
      >
        {dispatching && (
          <>
            <Form.Item name="targetKind" label="派遣给">
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'member', label: `网格员（${members.length}）` },
                  { value: 'org', label: `组织（${orgs.length}）` },
                ]}
              />
            </Form.Item>
            {targetKind === 'member' ? (
              <Form.Item name="assigneeId" label="网格员" rules={[{ required: true, message: '请选择网格员' }]}>
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={assignees.isPending}
                  placeholder="事件所在网格及上级网格的网格员"
                  options={members.map((m) => ({
                    value: m.operatorId,
                    label: `${m.name} · ${m.gridName}${m.role === 'manager' ? '（网格长）' : ''}`,
                  }))}
                  notFoundContent="该网格没有网格员，可派遣给组织"
                  aria-label="网格员"
                />
              </Form.Item>
            ) : (
              <Form.Item name="orgCode" label="组织" rules={[{ required: true, message: '请选择组织' }]}>
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={assignees.isPending}
                  placeholder="辖区内的组织"
                  options={orgs.map((o) => ({ value: o.orgCode, label: `${o.name} · ${o.areaName}` }))}
                  aria-label="组织"
                />
              </Form.Item>
            )}
          </>
        )}
        <Form.Item
          name="note"
          label={button.dialog === 'note' ? '说明' : '说明（可选）'}
          required={button.dialog === 'note'}
          rules={
            button.dialog === 'note'
              ? [{ required: true, whitespace: true, message: `${button.label}需要填写说明` }]
              : []
          }
        >
          <Input.TextArea rows={3} maxLength={500} showCount placeholder={NOTE_HINTS[button.action]} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
