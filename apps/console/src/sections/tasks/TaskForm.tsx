import type { TaskRow } from '@lantian/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, DatePicker, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { errorText } from '../../shared/api';
import { parseForm, setFieldErrors, showServerErrors, zodRule } from '../../shared/form/zod-form';
import { SERVER_TIME_FORMAT } from '../../shared/time';
import { saveTask, searchOperators, taskKeys, taskSaveBody } from './tasks.api';

interface Values {
  title?: string;
  content?: string;
  assigneeId?: string;
  dueAt?: Dayjs | null;
}

/**
 * 下达任务: a title, what to do, whom (an operator of the area, found by name with the 运营人员 list's
 * call) and by when. Checked with the call's own schema; the server checks the assignee's area.
 */
export function TaskForm({ onClose, onDone }: { onClose(): void; onDone(task: TaskRow): void }) {
  const [form] = Form.useForm<Values>();
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [keyword, setKeyword] = useState('');
  const operators = useQuery({
    queryKey: taskKeys.operators(keyword),
    queryFn: ({ signal }) => searchOperators(keyword, signal),
    staleTime: 60_000,
    retry: false,
  });
  const save = useMutation({
    mutationFn: saveTask,
    onSuccess: onDone,
    onError: (error) => {
      if (!showServerErrors(form, error)) setProblem(errorText(error));
    },
  });

  const finish = (values: Values) => {
    const parsed = parseForm(taskSaveBody, {
      title: values.title,
      content: values.content ?? '',
      assigneeId: values.assigneeId,
      dueAt: values.dueAt?.format(SERVER_TIME_FORMAT),
    });
    if (!parsed.ok) return setFieldErrors(form, parsed.errors);
    save.mutate(parsed.data);
  };

  return (
    <Modal
      open
      title="下达任务"
      okText="下达"
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      {problem !== undefined && <Alert type="error" showIcon title={problem} className="lt-form-alert" />}
      {operators.isError && (
        <Alert
          type="warning"
          showIcon
          title={`无法列出运营人员：${errorText(operators.error)}`}
          className="lt-form-alert"
        />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={finish}
        onValuesChange={() => setProblem(undefined)}
        aria-label="下达任务"
      >
        <Form.Item name="title" label="任务标题" required rules={[zodRule(taskSaveBody, 'title')]}>
          <Input maxLength={80} showCount placeholder="如：核查北辰东路工地夜间施工" />
        </Form.Item>
        <Form.Item name="content" label="任务内容" rules={[zodRule(taskSaveBody, 'content')]}>
          <Input.TextArea rows={3} maxLength={1000} showCount />
        </Form.Item>
        <Form.Item name="assigneeId" label="执行人" required rules={[{ required: true, message: '请选择执行人' }]}>
          <Select
            showSearch={{ filterOption: false, onSearch: (text) => setKeyword(text.trim()) }}
            loading={operators.isFetching}
            placeholder="输入姓名或用户名查找本辖区人员"
            options={(operators.data?.list ?? []).map((o) => ({
              value: o.id,
              label: `${o.name}（${o.username}）· ${o.org.name}`,
            }))}
            notFoundContent={operators.isFetching ? '查找中…' : '没有找到'}
            aria-label="执行人"
          />
        </Form.Item>
        <Form.Item name="dueAt" label="截止时间">
          <DatePicker
            showTime
            format={SERVER_TIME_FORMAT}
            disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
            className="lt-task-due"
            aria-label="截止时间"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
