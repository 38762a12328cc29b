import { Alert, Button, Descriptions, Form, Input, Steps, Tag } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../shared/api/client';
import { complaintStatus, type Progress } from './complaint.api';
import { checkProgressQuery, normalizeNo } from './complaint-form';

const STATUS_COLORS: Record<Progress['status'], string> = {
  received: 'orange',
  accepted: 'blue',
  converted: 'purple',
  closed: 'green',
  rejected: 'default',
};

/** The step a complaint waits at on the way 提交 → 受理 → 处理 → 办结 (submitting is always done). */
function stepOf(status: Progress['status']): number {
  if (status === 'received') return 1;
  if (status === 'accepted' || status === 'converted') return 2;
  return 3;
}

/** 查询进度: the tracking number and the last four digits of the phone given → the state and the answer. */
export function ProgressForm({ initialNo }: { initialNo: string }) {
  const [no, setNo] = useState(initialNo);
  const [phoneTail, setPhoneTail] = useState('');
  const [errors, setErrors] = useState<{ no?: string; phoneTail?: string }>({});
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [found, setFound] = useState<Progress | undefined>(undefined);

  const submit = async () => {
    if (busy) return;
    const bad = checkProgressQuery(no, phoneTail);
    setErrors(bad);
    if (Object.keys(bad).length > 0) return;
    setBusy(true);
    setProblem(undefined);
    setFound(undefined);
    try {
      setFound(await complaintStatus(normalizeNo(no), phoneTail.trim()));
    } catch (err) {
      setProblem(err instanceof ApiError && err.code !== 0 ? err.message : '查询失败，请检查网络后重试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Form component="form" layout="vertical" onFinish={submit} className="lt-cp-form" aria-label="查询投诉进度">
        <Form.Item
          label="投诉编号"
          required
          validateStatus={errors.no === undefined ? undefined : 'error'}
          help={errors.no}
        >
          <Input
            placeholder="TS 开头的投诉编号"
            value={no}
            onChange={(e) => {
              setNo(e.target.value);
              setErrors((x) => ({ ...x, no: undefined }));
            }}
            autoComplete="off"
            maxLength={30}
            aria-label="投诉编号"
          />
        </Form.Item>
        <Form.Item
          label="手机号后 4 位"
          extra="提交时留了手机号的，须填写"
          validateStatus={errors.phoneTail === undefined ? undefined : 'error'}
          help={errors.phoneTail}
        >
          <Input
            placeholder="如 1234"
            inputMode="numeric"
            maxLength={4}
            value={phoneTail}
            onChange={(e) => {
              setPhoneTail(e.target.value);
              setErrors((x) => ({ ...x, phoneTail: undefined }));
            }}
            aria-label="手机号后 4 位"
          />
        </Form.Item>
        {problem !== undefined && <Alert type="error" showIcon title={problem} className="lt-cp-alert" />}
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          查询
        </Button>
      </Form>
      {found !== undefined && (
        <section className="lt-cp-result" aria-label="投诉进度">
          <h2 className="lt-cp-result-title">
            {found.title} <Tag color={STATUS_COLORS[found.status]}>{found.statusName}</Tag>
          </h2>
          <Steps
            size="small"
            direction="vertical"
            current={stepOf(found.status)}
            status={found.status === 'rejected' ? 'error' : found.status === 'closed' ? 'finish' : 'process'}
            items={[
              { title: '提交', description: found.createdAt },
              { title: '受理' },
              { title: '处理', description: found.status === 'converted' ? '已交网格处置' : undefined },
              {
                title: found.status === 'rejected' ? '不予受理' : '办结',
                description: found.handledAt ?? undefined,
              },
            ]}
          />
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label="投诉编号">{found.no}</Descriptions.Item>
            <Descriptions.Item label="类型">{found.typeName}</Descriptions.Item>
            <Descriptions.Item label="答复">{found.reply ?? '暂无答复'}</Descriptions.Item>
          </Descriptions>
        </section>
      )}
    </>
  );
}
