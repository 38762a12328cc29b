import { PlusOutlined } from '@ant-design/icons';
import { GRID_ROLES, type GridMemberRow } from '@lantian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Form,
  Input,
  Modal,
  Popconfirm,
  Radio,
  Select,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useDeferredValue, useState } from 'react';
import { errorText, useApiError } from '../../shared/api';
import { gridKeys, listGridMembers, type MemberSave, removeMember, saveMember, searchOperators } from './grids.api';

interface Props {
  gridCode: string;
  gridName: string;
  /** grid:manage: add and remove members. */
  canManage: boolean;
}

/** A grid's members (网格长 / 网格员); with grid:manage, add from the operators and remove. */
export function GridMembers({ gridCode, gridName, canManage }: Props) {
  const { message } = App.useApp();
  const showError = useApiError();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const members = useQuery({
    queryKey: gridKeys.members(gridCode),
    queryFn: ({ signal }) => listGridMembers(gridCode, signal),
  });
  const remove = useMutation({
    mutationFn: (row: GridMemberRow) => removeMember(row.operatorId),
    onSuccess: (_, row) => {
      void message.success(`已移除 ${row.name}`);
      void queryClient.invalidateQueries({ queryKey: gridKeys.all });
    },
    onError: (error) => showError(error, '移除网格员'),
  });

  const columns: TableColumnsType<GridMemberRow> = [
    { title: '姓名', dataIndex: 'name', key: 'name' },
    { title: '用户名', dataIndex: 'username', key: 'username' },
    { title: '所属组织', dataIndex: 'orgName', key: 'orgName' },
    {
      title: '角色',
      key: 'role',
      render: (_, r) => <Tag color={r.role === 'manager' ? 'blue' : 'default'}>{r.roleName}</Tag>,
    },
    {
      title: '职责',
      dataIndex: 'duty',
      key: 'duty',
      render: (d: string | null) => d ?? <span className="lt-muted">—</span>,
    },
    { title: '加入时间', dataIndex: 'createdAt', key: 'createdAt' },
    ...(canManage
      ? [
          {
            title: '操作',
            key: 'actions',
            render: (_: unknown, r: GridMemberRow) => (
              <Popconfirm title={`从「${gridName}」移除 ${r.name}？`} onConfirm={() => remove.mutateAsync(r)}>
                <Button type="link" danger size="small">
                  移除
                </Button>
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      {canManage && (
        <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} className="lt-grid-member-add">
          添加网格员
        </Button>
      )}
      {members.isError && <Alert type="error" showIcon title={errorText(members.error)} className="lt-form-alert" />}
      <Table<GridMemberRow>
        size="small"
        rowKey="operatorId"
        loading={members.isPending}
        columns={columns}
        dataSource={members.data ?? []}
        pagination={false}
        locale={{ emptyText: '该网格还没有网格员' }}
      />
      {adding && (
        <MemberDialog
          gridCode={gridCode}
          gridName={gridName}
          onClose={() => setAdding(false)}
          onSaved={(row) => {
            void message.success(`已将 ${row.name} 设为「${gridName}」的${row.roleName}`);
            setAdding(false);
            void queryClient.invalidateQueries({ queryKey: gridKeys.all });
          }}
        />
      )}
    </>
  );
}

interface FormValues {
  operatorId?: string;
  role: MemberSave['role'];
  duty?: string;
}

function MemberDialog({
  gridCode,
  gridName,
  onClose,
  onSaved,
}: {
  gridCode: string;
  gridName: string;
  onClose(): void;
  onSaved(row: GridMemberRow): void;
}) {
  const [form] = Form.useForm<FormValues>();
  const [keyword, setKeyword] = useState('');
  const word = useDeferredValue(keyword.trim());
  const operators = useQuery({
    queryKey: gridKeys.operators(word),
    queryFn: ({ signal }) => searchOperators(word, signal),
    retry: false,
  });
  const save = useMutation({ mutationFn: saveMember, onSuccess: onSaved });

  const submit = (values: FormValues) => {
    if (values.operatorId === undefined) return;
    const duty = values.duty?.trim() ?? '';
    save.mutate({ operatorId: values.operatorId, gridCode, role: values.role, duty: duty === '' ? null : duty });
  };

  return (
    <Modal
      open
      title={`添加网格员：${gridName}`}
      okText="保存"
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      {save.isError && <Alert type="error" showIcon title={errorText(save.error)} className="lt-form-alert" />}
      <Form<FormValues> form={form} layout="vertical" initialValues={{ role: 'member' }} onFinish={submit}>
        <Form.Item
          name="operatorId"
          label="运营人员"
          rules={[{ required: true, message: '请选择运营人员' }]}
          extra="每人只有一个网格角色：已在其他网格任职的人员会转到本网格。"
        >
          <Select
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            placeholder="输入姓名或用户名搜索"
            loading={operators.isFetching}
            notFoundContent={operators.isError ? errorText(operators.error) : '没有匹配的人员'}
            options={(operators.data?.list ?? []).map((o) => ({
              value: o.id,
              label: `${o.name}（${o.username}，${o.org.name}）`,
            }))}
          />
        </Form.Item>
        <Form.Item name="role" label="角色" rules={[{ required: true }]}>
          <Radio.Group
            options={(Object.keys(GRID_ROLES) as MemberSave['role'][]).map((role) => ({
              value: role,
              label: GRID_ROLES[role],
            }))}
          />
        </Form.Item>
        <Form.Item name="duty" label="职责" rules={[{ max: 200, message: '职责不能超过 200 个字符' }]}>
          <Input.TextArea rows={2} placeholder="选填" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
